"""The old name of Nyakuza's island data, now :mod:`.data` (the template's name
for it). Kept as the same module object for the boards and UI tests that
still import ``island``, until they say ``data``."""

import sys

from . import data

sys.modules[__name__] = data
