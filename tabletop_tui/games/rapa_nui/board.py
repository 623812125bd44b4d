"""Rapa Nui's board: the choice line, the market, the viewer's hand, the
offerings table (stone, values, supply) and every player's display.

Keys (all in the footer when they apply; the rules page lists them):

- buy step: f g m p buy a fish / grain / mulberry / sweet-potato offering,
  s skips buying; or ←→ over the choices and Enter.
- play step: ←→ picks a card in hand, 1-3 how many (hunter-gatherers), Enter
  plays it.
- draw step: 1-4 takes the exposed card of that row; or ↑↓ and Enter.
- choices: w / f take wood / fame for Moais; f g m p name the kind of
  offering card (offer, face down, from the supply, instead of an empty
  kind); or ←→ and Enter.
- PgUp / PgDn scroll the board when it does not fit.

The board draws only the viewer's ``RapaNuiView`` and highlights from
``legal`` (the model's list); every key becomes an Action handed to the
model, which refuses with its own sentence ("A Moai costs 7 wood; you have
5.") shown by the game screen.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.events import Resize

from tabletop_tui.engine import Action, Seat
from tabletop_tui.ui.board_kit import KitBoard, TapPanel, cycle
from tabletop_tui.ui.summary import wrap_parts

from .actions import (BuyOffering, ChooseMoaiReward, Draw, Offer, OfferFaceDown, PlayCard, SkipBuy,
                      SubstituteKind, SupplyOffer)
from .data import CARDS, GATHERERS, MAX_GATHERERS_AT_ONCE, OFFERINGS, ROW_LENGTH
from .view import RapaNuiView
from .render import (KIND_KEY, chip, display_words, hand_boxes, hand_text, market_boxes, market_text, offering_label,
                     offerings_text, players_text, plural)
from .text import card_phrase

#: Which action answers each pending choice, by kind of offering card.
KIND_ACTION: dict[str, type[Action]] = {
    "offer": Offer, "offer_face_down": OfferFaceDown, "supply_offer": SupplyOffer, "gain": SubstituteKind,
}
#: The word for each step, for "Blue is buying…".
DOING = {"buy": "buying", "play": "playing a card", "draw": "taking cards"}

BUY = Binding.Group("Buy", compact=True)
KIND = Binding.Group("Kind", compact=True)
COUNT = Binding.Group("How many", compact=True)
ROW = Binding.Group("Take from row", compact=True)


class Panel(TapPanel):
    """A part of the board; clicks on its ``tap`` spans reach the board."""


class BoardScroll(VerticalScroll, can_focus=False):
    """Scrolls the board on small terminals; the keys stay with the board."""


class RapaNuiBoard(KitBoard, can_focus=True):
    """The Rapa Nui board, bound to one seat's view."""

    cursor_fields = ("hand_cursor", "count", "row_cursor", "option_cursor")

    SEAT_STYLES = ["#3c9c4a", "#2f8fd8", "#d6453d", "#9b59d0"]  # Green, Blue, Red, Violet

    SCOPED_CSS = False  # the narrow rules start at the screen's "-narrow" class
    DEFAULT_CSS = """
    RapaNuiBoard { height: 100%; }
    RapaNuiBoard BoardScroll { height: 100%; scrollbar-size-vertical: 1; }
    RapaNuiBoard .rn-panel {
        height: auto; padding: 0 1;
        border: round $panel-lighten-2; border-title-color: $text-muted;
    }
    RapaNuiBoard #rn-action {
        border: round $accent 50%; border-title-color: $text;
        min-height: 5;  /* three lines: the market does not jump between steps */
    }
    RapaNuiBoard:focus #rn-action { border: round $accent; }
    RapaNuiBoard #rn-action.-wait { border: round $panel-lighten-2; color: $text-muted; }
    /* Below 100 columns: no side borders, one title line per panel,
       and the choice line keeps a steady height of three lines. */
    .-narrow RapaNuiBoard .rn-panel {
        border: none;
        border-top: solid $panel-lighten-2;
        padding: 0 0 0 1;
    }
    .-narrow RapaNuiBoard #rn-action {
        border: none;
        border-top: solid $accent 50%;
        background: $boost;
        min-height: 4;
    }
    .-narrow RapaNuiBoard:focus #rn-action {
        border-top: solid $accent;
    }
    .-narrow RapaNuiBoard #rn-action.-wait {
        border-top: solid $panel-lighten-2;
    }
    """

    BINDINGS = [
        Binding("left", "move(-1)", "Pick", show=False),
        Binding("right", "move(1)", "Pick", show=False),
        Binding("up", "vertical(-1)", "Up", show=False),
        Binding("down", "vertical(1)", "Down", show=False),
        Binding("w", "reward('wood')", "Wood"),  # before f, so the footer reads "w Wood f Fame"
        # buy step
        Binding("f", "buy('fish')", "fish", group=BUY),
        Binding("g", "buy('grain')", "grain", group=BUY),
        Binding("m", "buy('mulberry')", "mulberry", group=BUY),
        Binding("p", "buy('sweet_potato')", "sweet potato", group=BUY),
        Binding("s", "skip", "Skip"),
        # play step
        Binding("1", "count(1)", "1", group=COUNT),
        Binding("2", "count(2)", "2", group=COUNT),
        Binding("3", "count(3)", "3", group=COUNT),
        # draw step
        Binding("1", "take(0)", "1", group=ROW),
        Binding("2", "take(1)", "2", group=ROW),
        Binding("3", "take(2)", "3", group=ROW),
        Binding("4", "take(3)", "4", group=ROW),
        # choices
        Binding("f", "reward('fame')", "Fame"),
        Binding("f", "kind('fish')", "fish", group=KIND),
        Binding("g", "kind('grain')", "grain", group=KIND),
        Binding("m", "kind('mulberry')", "mulberry", group=KIND),
        Binding("p", "kind('sweet_potato')", "sweet potato", group=KIND),
        # Enter does what the cursor shows
        Binding("enter,space", "play_selected", "Play"),
        Binding("enter,space", "take_selected", "Take"),
        Binding("enter,space", "choose_selected", "Choose"),
        Binding("enter,space", "waiting", "Wait", show=False),
        Binding("pageup", "scroll_board(-1)", "Scroll up", show=False),
        Binding("pagedown", "scroll_board(1)", "Scroll down", show=False),
    ]

    #: the modes (see ``mode``) in which each key action applies
    _ACTION_MODES: dict[str, set[str]] = {
        "move": {"buy", "play", "draw", "reward", "kind"},
        "vertical": {"buy", "play", "draw", "reward", "kind"},
        "buy": {"buy"}, "skip": {"buy"},
        "count": {"play"}, "play_selected": {"play"},
        "take": {"draw"}, "take_selected": {"draw"},
        "reward": {"reward"}, "kind": {"kind"},
        "choose_selected": {"buy", "reward", "kind"},
        "waiting": {"wait"},
    }

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: the card in hand under the cursor (play step) and how many to play
        self.hand_cursor: str | None = None
        self.count = 1
        #: the market row under the cursor (draw step)
        self.row_cursor = 0
        #: the option under the cursor (buy step and choices)
        self.option_cursor = 0
        self._cursor_key: tuple | None = None

    def compose(self) -> ComposeResult:
        with BoardScroll():
            yield Panel(id="rn-action", classes="rn-panel")
            yield Panel(id="rn-market", classes="rn-panel")
            yield Panel(id="rn-hand", classes="rn-panel")
            yield Panel(id="rn-offerings", classes="rn-panel")
            yield Panel(id="rn-players", classes="rn-panel")

    # -- what the view asks for -----------------------------------------------------
    @property
    def v(self) -> RapaNuiView | None:
        return self.view

    @property
    def mine(self) -> bool:
        """True when the seat at the keys is the one to act."""
        v = self.v
        return v is not None and self.seat is not None and self.seat in v.to_act

    @property
    def mode(self) -> str:
        """none, over, wait (someone else acts), buy, play, draw, reward
        (wood or fame), kind (an offering kind to name)."""
        v = self.v
        if v is None:
            return "none"
        if v.over:
            return "over"
        if not self.mine:
            return "wait"
        if v.pending is not None:
            return "reward" if v.pending.choice == "moai_reward" else "kind"
        return v.phase

    def options(self) -> list[tuple[str, str, Action]]:
        """(key, label, action) of each choice in the buy step or a pending choice."""
        v = self.v
        if v is None:
            return []
        mode = self.mode
        if mode == "buy" or (mode == "wait" and v.pending is None and v.phase == "buy"):
            me = v.players[v.active]
            out: list[tuple[str, str, Action]] = [("s", "skip", SkipBuy())]
            for k in OFFERINGS:
                out.append((KIND_KEY[k], f"{offering_label(k, self._narrow())} {me.offering_costs[k]}",
                            BuyOffering(offering=k)))  # type: ignore[arg-type]
            return out
        p = v.pending
        if p is None:
            return []
        if p.choice == "moai_reward":
            return [("w", "wood", ChooseMoaiReward(reward="wood")),
                    ("f", "fame", ChooseMoaiReward(reward="fame"))]
        cls = KIND_ACTION[p.choice]
        return [(KIND_KEY[k], offering_label(k, self._narrow()), cls(offering=k))  # type: ignore[call-arg]
                for k in (p.options or [])]

    def legal_rows(self) -> set[int]:
        return {a.row for a in self.legal if isinstance(a, Draw)}

    def playable(self) -> dict[str, int]:
        """card -> the most the model lets the viewer play of it now."""
        out: dict[str, int] = {}
        for a in self.legal:
            if isinstance(a, PlayCard):
                out[a.card] = max(out.get(a.card, 0), a.count)
        return out

    def hand_kinds(self) -> list[str]:
        hand = (self.v.hand if self.v is not None else None) or {}
        return [c for c in CARDS if hand.get(c)]

    # -- Board contract ----------------------------------------------------------------
    def seat_summary(self, seat: Seat) -> str:
        v = self.v
        if v is None or not (0 <= seat < len(v.players)):
            return ""
        p = v.players[seat]
        moai = p.display.get("moai", 0)
        if self._players_shown():
            return f"wood {p.wood} · fame {p.fame}" + (f" · {moai} Moai" if moai else "")
        # below 100 columns the players panel is not drawn: its facts go
        # beside the names, so nothing needs scrolling to (80x24), lines
        # broken between phrases; the Moai count is the display's
        facts = [f"wood {p.wood}", f"fame {p.fame}", f"hand {p.hand_size}",
                 plural(p.offering_count, "offering")]
        if p.face_down_offerings:
            facts.append(f"{p.face_down_offerings} face down")
        return (wrap_parts(facts, self.summary_width) + "\n  "
                + wrap_parts(display_words(p, v.leaders), self.summary_width, sep=" "))

    def _players_shown(self) -> bool:
        """The players panel has room (100 columns and more)."""
        return not self.is_mounted or not self.screen.has_class("-narrow")

    def show_hint(self, action: Action) -> str | None:
        """Put the cursors on the hinted move, so Enter plays it (and say so)."""
        self.hint = action
        if isinstance(action, PlayCard):
            self.hand_cursor, self.count = action.card, action.count
        elif isinstance(action, Draw):
            self.row_cursor = action.row
        else:
            for i, (_, _, a) in enumerate(self.options()):
                if a == action:
                    self.option_cursor = i
        self.update_board()
        return "the cursor is on it: Enter plays it"

    def update_board(self) -> None:
        self._sync_cursors()
        self._draw()
        self.refresh_footer()

    def on_resize(self, event: Resize) -> None:
        if self.v is not None:
            self._draw()
            shown = self._players_shown()
            if shown != getattr(self, "_was_shown", None):
                self._was_shown = shown
                # the side panel carries the players' facts when this panel is gone
                redraw = getattr(self.screen, "render_view", None)
                if redraw is not None:
                    redraw()

    # -- cursors --------------------------------------------------------------------------
    def _sync_cursors(self) -> None:
        """Keep the cursors on something that exists; reset them when the
        step or the choice changes."""
        v = self.v
        if v is None:
            self._cursor_key = None
            return
        p = v.pending
        context = (self.seat, v.turn, v.phase, p.choice if p else None, p.seat if p else None,
                   len(p.options or []) if p else 0)
        fresh = context != self._cursor_key
        self._cursor_key = context
        kinds = self.hand_kinds()
        if fresh or self.hand_cursor not in kinds:
            playable = self.playable()
            first = [c for c in kinds if c in playable] or kinds
            if self.hand_cursor not in kinds or (fresh and self.hand_cursor not in playable):
                self.hand_cursor = first[0] if first else None
            self.count = 1
        rows = self.legal_rows()
        if rows and self.row_cursor not in rows:
            self.row_cursor = min(rows)
        n = len(self.options())
        if fresh or not (0 <= self.option_cursor < max(n, 1)):
            self.option_cursor = 0
        if fresh and self.mine and self.is_mounted:
            # a new step of yours: show the choice line (a small screen may
            # have been scrolled down to the players)
            self.query_one(BoardScroll).scroll_home(animate=False)

    # -- drawing ---------------------------------------------------------------------------
    def _narrow(self) -> bool:
        """Short labels and the compact offering table: the wide table needs
        68 columns with the panel's border and padding."""
        return self.size.width < 68

    def _card_width(self) -> int | None:
        """Big boards draw the market and the hand as card boxes this wide:
        when the board has 100 columns and the height for the boxes' extra
        lines (8 in the market, 2 in the hand) with every player shown
        (at 120x40 it has not: the small board stays). None: text lines."""
        v = self.v
        width, height = self.size
        players = len(v.players) if v is not None else 4
        if width < 100 or height < 36 + 2 * players:
            return None
        inner = width - 4  # the panel's border and padding
        return max(14, min(24, (inner - 3) // ROW_LENGTH - 1))

    def _display_width(self) -> int | None:
        """On a board tall enough for two more lines a player (200x60), the
        players' displays are card boxes this wide too; else None."""
        boxes = self._card_width()
        v = self.v
        if boxes is None or v is None or self.size.height < 36 + 4 * len(v.players):
            return None
        kinds = len(CARDS)
        return max(14, min(boxes, (self.size.width - 8) // kinds - 1))

    def _draw(self) -> None:
        v = self.v
        action = self.query_one("#rn-action", Panel)
        market = self.query_one("#rn-market", Panel)
        hand = self.query_one("#rn-hand", Panel)
        offerings = self.query_one("#rn-offerings", Panel)
        players = self.query_one("#rn-players", Panel)
        if v is None:  # behind the hand-off screen: draw nothing of anyone's view
            for panel in (action, market, hand, offerings, players):
                panel.show("")
                panel.border_title = ""
                panel.border_subtitle = ""
            return
        short = self._narrow()
        mode = self.mode
        action.set_class(mode in ("wait", "over"), "-wait")
        action.border_title = self._action_title()
        action.show(self._action_text())
        market.border_title = f"Market · deck {v.deck_size}" + (" · last turn!" if v.end_triggered else "")
        hint_row = self.hint.row if isinstance(self.hint, Draw) else None
        last = self.last
        last_row = last.action.row if last is not None and isinstance(last.action, Draw) else None
        boxes = self._card_width()
        row_cursor = self.row_cursor if mode == "draw" else None
        if boxes:
            market.show(market_boxes(v, legal_rows=self.legal_rows(), cursor=row_cursor, hint=hint_row,
                                       width=boxes, last=last_row))
        else:
            market.show(market_text(v, legal_rows=self.legal_rows(), cursor=row_cursor, hint=hint_row,
                                      short=short, last=last_row))
        me = v.players[v.seat] if v.seat is not None else None
        hand.display = me is not None  # watching bots: no hand of one's own
        hand.border_title = f"Your hand · wood {me.wood} · fame {me.fame}" if me is not None else "Hand"
        if boxes:
            kinds = max(1, sum(1 for n in (v.hand or {}).values() if n))
            hand.show(hand_boxes(v, cursor=self.hand_cursor, playable=self.playable(), selecting=mode == "play",
                                   width=min(boxes, (self.size.width - 4) // kinds - 1)))
        else:
            hand.show(hand_text(v, cursor=self.hand_cursor, playable=self.playable(),
                                  selecting=mode == "play", short=short))
        changed = self._changed()
        offerings.border_title = "Offering cards"
        offerings.show(offerings_text(v, narrow=short, changed=changed.get(-1, frozenset())))
        players.border_title = "Players · * leads that kind (scoring bonus)"
        players.display = self._players_shown()
        n = len(v.players)
        names = [self.text(p.name) for p in v.players]
        players.show(players_text(v, names, self._colours(n), [self.seat_style(i) for i in range(n)], short,
                                    last_seat=last.seat if last is not None else None, changed=changed,
                                    box_width=self._display_width()))

    def _changed(self) -> dict[int, frozenset[str]]:
        """What the last move changed, to mark it: seat -> items of its
        player lines ("wood", "display:fish" ...), and -1 -> the stone's."""
        last = self.last
        if last is None:
            return {}
        a, seat = last.action, last.seat
        mine: set[str] = set()
        stone: set[str] = set()
        if isinstance(a, BuyOffering):
            mine |= {"offerings", "wood"}
        elif isinstance(a, PlayCard):
            mine.add(f"display:{a.card}")
        elif isinstance(a, Draw):
            mine.add("hand")
        elif isinstance(a, ChooseMoaiReward):
            mine.add(a.reward)
        elif isinstance(a, SubstituteKind):
            mine.add("offerings")
        elif isinstance(a, (Offer, SupplyOffer)):
            stone.add(f"stone:{a.offering}")
            if isinstance(a, Offer):
                mine.add("offerings")
        elif isinstance(a, OfferFaceDown):
            stone.add("stone:down")
            mine.add("offerings")
        return {seat: frozenset(mine), -1: frozenset(stone)}

    def _colours(self, n: int) -> list[str]:
        return self.colours[:n]

    def _who(self, seat: int) -> str:
        """"Ana (Green)": the player's name and colour."""
        v = self.v
        n = len(v.players) if v is not None else len(self.names)
        colour = self._colours(n)[seat]
        name = self.names[seat]
        return name if name == colour else f"{name} ({colour})"

    def _text(self, text: str) -> str:
        """A model text with the seat placeholders filled with names."""
        return self.text(text)

    def _prompt(self, prompt: str, seat: int) -> str:
        """The model's question, without "Ana: " when Ana is the one asked."""
        mine = f"{{s{seat}}}: "
        if seat == self.seat and prompt.startswith(mine):
            prompt = prompt[len(mine)].upper() + prompt[len(mine) + 1:]
        return self._text(prompt)

    def _action_title(self) -> str:
        v = self.v
        assert v is not None
        mode = self.mode
        if mode == "over":
            return "Game over"
        if mode == "wait":
            who = v.pending.seat if v.pending is not None else v.active
            return f"Waiting for {self._who(who)}"
        me = v.players[v.seat] if v.seat is not None else None
        if mode == "buy":
            return "Your turn · 1 buy" + (f" · you have {me.wood} wood" if me else "")
        if mode == "play":
            return "Your turn · 2 play"
        if mode == "draw":
            return f"Your turn · 3 draw ({plural(v.cards_to_draw, 'card')} to take)"
        return "Your choice"

    def _action_text(self) -> Text:
        v = self.v
        assert v is not None
        mode = self.mode
        t = Text()
        if mode == "over":
            t.append(self._text(v.status))
            return t
        if mode == "wait":
            if v.pending is not None:
                t.append(self._text(v.pending.prompt))
                if v.pending.options is None:
                    t.append(" (what they hold is secret)", style="dim")
                else:
                    t.append("\nOptions: " + ", ".join(label for _, label, _ in self.options()), style="dim")
            else:
                if v.active in self.away:
                    t.append(f"{self._who(v.active)} has dropped out; the table waits for them to join again.")
                else:
                    t.append(f"{self._who(v.active)} is {DOING.get(v.phase, 'thinking')}…")
            return t
        if mode == "play":
            t.append("←→ pick a card" + (" · 1-3 how many" if self.hand_cursor in GATHERERS else "")
                     + " · Enter plays it")
            if self.hand_cursor is not None:
                t.append("\n▶ " + self._play_phrase(self.hand_cursor, self.count), style="bold")
            return t
        if mode == "draw":
            t.append("1-4 (or ↑↓ Enter) takes a row's exposed card")
            t.append("\n▶ " + self._draw_phrase(self.row_cursor), style="bold")
            return t
        # buy and choices: a line of clickable options
        if mode == "buy":
            t.append("Buy one offering card (prices in wood), or skip:\n")
        else:
            assert v.pending is not None
            t.append(self._prompt(v.pending.prompt, v.pending.seat) + "\n")
        legal = self.legal
        for i, (key, label, act) in enumerate(self.options()):
            if i:
                t.append(" ")
            chip(t, key, label, selected=i == self.option_cursor, enabled=act in legal, what=f"opt:{i}")
        return t

    def _play_phrase(self, card: str, count: int) -> str:
        """What Enter plays, in the model's words ("Enter: play 2 Fishers (1 wood)")."""
        label = self.label(PlayCard(card=card, count=count))  # type: ignore[arg-type]
        if label:
            me = self.v.players[self.v.seat] if self.v is not None and self.v.seat is not None else None
            return f"Enter: {label}" + (f" · you have {me.wood} wood" if me is not None and "wood)" in label else "")
        return f"You cannot play {card_phrase(card, count)} now (Enter says why)"

    def _draw_phrase(self, row: int) -> str:
        """What Enter takes and what that does, in the model's words (the
        card under it scores, or the row is refilled, or the game ends)."""
        v = self.v
        assert v is not None
        r = v.market[row]
        if not r.cards or r.exposed is None:
            return f"Row {row + 1} is empty"
        label = self.label(Draw(row=row))
        if not label:
            return f"Row {row + 1} cannot be taken now"
        return label[0].upper() + label[1:]

    # -- keys ------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        modes = self._ACTION_MODES.get(action)
        if modes is None:
            return True
        return self.mode in modes

    def _refresh(self) -> None:
        self._draw()

    def action_move(self, delta: int) -> None:
        mode = self.mode
        if mode == "play":
            kinds = self.hand_kinds()
            if not kinds:
                return
            self.hand_cursor = cycle(kinds, self.hand_cursor, delta, missing=0)
            self.count = 1
        elif mode == "draw":
            self.row_cursor = (self.row_cursor + delta) % len(self.v.market) if self.v is not None else 0
        elif mode in ("buy", "reward", "kind"):
            n = len(self.options())
            if n:
                self.option_cursor = (self.option_cursor + delta) % n
        self._refresh()

    def action_vertical(self, delta: int) -> None:
        if self.mode == "play":  # up/down: how many of a hunter-gatherer
            self.count = max(1, min(MAX_GATHERERS_AT_ONCE, self.count - delta))
            self._refresh()
            return
        self.action_move(delta)

    def action_buy(self, kind: str) -> None:
        self.choose(BuyOffering(offering=kind))  # type: ignore[arg-type]

    def action_skip(self) -> None:
        self.choose(SkipBuy())

    def action_count(self, n: int) -> None:
        self.count = n
        self._refresh()

    def action_play_selected(self) -> None:
        if self.hand_cursor is None:
            self.post_message(self.Said("Your hand is empty."))
            return
        self.choose(PlayCard(card=self.hand_cursor, count=self.count))  # type: ignore[arg-type]

    def action_take(self, row: int) -> None:
        self.row_cursor = row
        self.choose(Draw(row=row))

    def action_take_selected(self) -> None:
        self.choose(Draw(row=self.row_cursor))

    def action_reward(self, reward: str) -> None:
        self.choose(ChooseMoaiReward(reward=reward))  # type: ignore[arg-type]

    def action_kind(self, kind: str) -> None:
        v = self.v
        if v is None or v.pending is None or v.pending.choice not in KIND_ACTION:
            return
        self.choose(KIND_ACTION[v.pending.choice](offering=kind))  # type: ignore[call-arg]

    def action_choose_selected(self) -> None:
        opts = self.options()
        if 0 <= self.option_cursor < len(opts):
            self.choose(opts[self.option_cursor][2])

    def action_waiting(self) -> None:
        v = self.v
        if v is not None and not v.over:
            who = v.pending.seat if v.pending is not None else v.active
            self.post_message(self.Said(f"It is {self._who(who)}'s turn; please wait."))

    def action_scroll_board(self, pages: int) -> None:
        scroll = self.query_one(BoardScroll)
        if pages < 0:
            scroll.scroll_page_up()
        else:
            scroll.scroll_page_down()

    # -- mouse -----------------------------------------------------------------------------
    def tap(self, what: str) -> None:
        """A market row takes it, a card in hand picks (then plays) it, an
        option chooses it."""
        self.give_focus(self)
        what, _, arg = what.partition(":")
        if what == "row":
            self.action_take(int(arg))
        elif what == "hand":
            if self.mode == "play" and self.hand_cursor != arg:
                self.hand_cursor, self.count = arg, 1
                self._refresh()
            elif self.mode == "play":
                self.action_play_selected()
            else:
                self.choose(PlayCard(card=arg, count=1))  # type: ignore[arg-type]
        elif what == "opt":
            opts = self.options()
            i = int(arg)
            if 0 <= i < len(opts):
                self.option_cursor = i
                self.choose(opts[i][2])


BOARD = RapaNuiBoard
