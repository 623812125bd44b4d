"""The old name of Nayakas' designed components, now :mod:`.data` (the
template's name for it). Kept as the same module object for the board and
UI tests that still import ``components``, until they say ``data``."""

import sys

from . import data

sys.modules[__name__] = data
