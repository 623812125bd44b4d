"""The old name of Nyakuza's teaching words, now :mod:`.text` (the template's name
for it). Kept as the same module object for the boards and UI tests that
still import ``teaching``, until they say ``text``."""

import sys

from . import text

sys.modules[__name__] = text
