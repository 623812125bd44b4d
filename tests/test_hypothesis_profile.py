"""The suite is deterministic: hypothesis runs the fixed "ci" profile of
tests/conftest.py, also under a test's own ``@settings``."""

from hypothesis import given, settings
from hypothesis import strategies as st

DRAWN: list[int] = []


@settings(max_examples=5)
@given(st.integers())
def _draw(n: int) -> None:
    DRAWN.append(n)


def test_randomised_tests_draw_the_same_examples_every_run():
    assert settings.default.derandomize and settings.default.database is None
    assert _draw.hypothesis.inner_test  # a hypothesis test, with the test's own settings
    _draw()
    first = DRAWN[:]
    DRAWN.clear()
    _draw()
    assert DRAWN == first and len(first) == 5
