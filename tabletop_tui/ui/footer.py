"""The footer of the game screens, made to fit 80 columns.

Below :data:`NARROW` columns the keys sit closer together (Textual's compact
footer) and the command palette's key is left out (ctrl+p still opens it),
so that a game's own keys, ``? Rules`` and ``esc Menu`` show whole instead
of running under the palette's key. Wider, it is Textual's footer as is.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer

#: terminals narrower than this get the compact footer
NARROW = 100


class FittingFooter(Footer):
    """A footer that gives its room to the screen's keys on a small terminal."""

    # compact, a group's label ("123 How many") keeps a space before the next
    # key, and a group is one space from the key before it, as any key is
    DEFAULT_CSS = """
    FittingFooter.-compact FooterLabel { margin: 0 1 0 0; }
    FittingFooter.-compact KeyGroup.-compact { padding-left: 0; }
    """

    def compose(self) -> ComposeResult:
        narrow = self.app.size.width < NARROW
        self._narrow = narrow
        self.set_reactive(Footer.compact, narrow)
        self.set_class(narrow, "-compact")
        self.set_reactive(Footer.show_command_palette, not narrow)
        yield from super().compose()

    def on_resize(self) -> None:
        if getattr(self, "_narrow", None) is not None and self._narrow != (self.app.size.width < NARROW):
            self.refresh(recompose=True)
