"""The footers of the game screens: rebuilt only when their keys change,
and made to fit 80 columns.

Textual's footer rebuilds its keys (a widget each, then a layout pass of the
whole screen) whenever the screen's bindings may have changed: after every
move, every focus change and every return from another screen. A
:class:`SteadyFooter` first compares what it would show with what it shows,
and rebuilds only when they differ.

Below :data:`NARROW` columns a :class:`FittingFooter`'s keys sit closer
together (Textual's compact footer) and the command palette's key is left
out (ctrl+p still opens it), so that a game's own keys, ``? Rules`` and
``esc Menu`` show whole instead of running under the palette's key. Wider,
it is Textual's footer as is.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

#: terminals narrower than this get the compact footer
NARROW = 100


class SteadyFooter(Footer):
    """A footer that rebuilds its keys only when they change."""

    #: what the footer's keys were last built from (None: not built yet)
    _built_for: tuple | None = None

    def shown_keys(self) -> tuple:
        """Everything :meth:`compose` reads to build the keys: the screen's
        shown bindings (their key, label, action, whether they are enabled,
        their tooltip and group), the command palette's and the footer's own
        settings."""
        keys = tuple((b.key, b.key_display, b.description, b.action, enabled, tooltip, id(b.group))
                     for _node, b, enabled, tooltip in self.screen.active_bindings.values() if b.show)
        return keys, self.compact, self.show_command_palette, self.app.ENABLE_COMMAND_PALETTE

    def compose(self) -> ComposeResult:
        if self._bindings_ready:
            self._built_for = self.shown_keys()
        yield from super().compose()

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._rebuild_if_changed)

    async def _rebuild_if_changed(self) -> None:
        if self.is_attached and self._built_for != self.shown_keys():
            await self.recompose()


class FittingFooter(SteadyFooter):
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
