"""Finding text a screen shows cut: a line of words wrapped into more lines
than its widget has, or a footer key that runs under the palette key."""

from __future__ import annotations

from textual.geometry import Size
from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey

#: the Statics of the game screens whose words must all show
WORDS = ("#status", "#message", "#lesson", "#seats", "#ny-info", "#ny-bid")


def cut_statics(screen) -> list[str]:
    """Each shown Static of ``WORDS`` whose text needs more lines than it has:
    "#lesson needs 12 lines, shows 10: Step 7 of …"."""
    out = []
    for selector in WORDS:
        for widget in screen.query(selector):
            if not isinstance(widget, Static) or not widget.display or not widget.is_mounted:
                continue
            region = widget.content_region
            if region.width <= 0:
                continue
            text = str(widget.content)
            if not text.strip():
                continue
            need = widget.get_content_height(Size(region.width, 1000), widget.app.size, region.width)
            shown = region.height
            for parent in widget.ancestors:  # what its containers leave in sight
                if hasattr(parent, "content_region") and parent.content_region.height:
                    shown = min(shown, parent.content_region.bottom - region.y)
            if need > shown:
                out.append(f"{selector} needs {need} lines, shows {shown}: {text!r}")
    return out


def cut_footer(screen) -> list[str]:
    """The footer keys drawn cut or hidden: a key whose label runs past the
    footer's end or under the command palette's key."""
    out = []
    for footer in screen.query(Footer):
        if not footer.display:
            continue
        right = footer.region.right
        palette = [k for k in footer.query(FooterKey) if k.has_class("-command-palette")]
        if palette and palette[0].region.width:
            right = min(right, palette[0].region.x)
        for key in footer.query(FooterKey):
            if key.has_class("-command-palette") or not key.display:
                continue
            if key.region.right > right or not key.region.width:
                out.append(f"footer key {key.key_display or key.key} {key.description!r} is cut")
    return out


def cut_text(screen) -> list[str]:
    """Everything ``screen`` shows cut (empty: nothing)."""
    return cut_statics(screen) + cut_footer(screen)


async def settled_cuts(pilot, relayouts: int = 3) -> list[str]:
    """What the app's screen shows cut once its layout has caught up with its
    text: a Static given longer words is laid out again only after its
    messages are handled, so the layout is brought up to date (and its own
    messages handled) until no cut is left or ``relayouts`` rounds have
    found the same one: a real cut stays, a passing one goes. A condition,
    not a pause."""
    from .drive import calm

    found: list[str] = []
    for _ in range(relayouts):
        await calm(pilot, layout=True)
        found = cut_text(pilot.app.screen)
        if not found:
            break
    return found
