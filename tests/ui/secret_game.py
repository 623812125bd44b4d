"""A test-only game with hidden information and secret simultaneous bids.

Each seat is dealt a secret card (1-5). Each round every seat bids 0-3 in
secret; when all bids are in they are revealed together and the highest bid
plus card scores a point. Two rounds. Registered only inside tests.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, Field

from tabletop_tui.engine import Action, BaseState, Event, Game, IllegalAction, Result, chance_rng


class Bid(Action):
    kind: Literal["bid"] = "bid"
    amount: int = Field(ge=0, le=3)


SecretAction = Annotated[Union[Bid], Field(discriminator="kind")]


class SecretState(BaseState):
    cards: list[int] = []
    bids: list[int | None] = []
    points: list[int] = []
    round: int = 1


class SecretView(BaseModel):
    seat: int | None
    my_card: int | None
    my_bid: int | None
    has_bid: list[bool]
    points: list[int]
    round: int


class SecretGame(Game[SecretState]):
    id = "secrets"
    title = "Secrets"
    blurb = "Test-only: secret cards and bids."
    min_players = 2
    max_players = 3
    state_model = SecretState
    action_type = SecretAction
    hidden_information = True

    def new_state(self, players, options, seed):
        st = SecretState(players=players, seed=seed)
        rng = chance_rng(st)
        st.cards = [rng.randint(1, 5) for _ in range(players)]
        st.bids = [None] * players
        st.points = [0] * players
        return st

    def to_act(self, st):
        return [] if self.is_over(st) else [s for s in range(st.players) if st.bids[s] is None]

    def legal_actions(self, st, seat):
        if seat not in self.to_act(st):
            return []
        return [Bid(amount=a) for a in range(4)]

    def check(self, st, action, seat):
        if seat not in self.to_act(st):
            raise IllegalAction("You have already bid this round.")

    def _play(self, st, action, seat):
        st.bids[seat] = action.amount
        events = [Event(text=f"{{s{seat}}} placed a secret bid.", seat=seat),
                  Event(text=f"You bid {action.amount}.", seat=seat, private=True)]
        if all(b is not None for b in st.bids):
            totals = [b + c for b, c in zip(st.bids, st.cards)]
            best = max(totals)
            for s, t in enumerate(totals):
                if t == best:
                    st.points[s] += 1
            events.append(Event(text="Bids revealed: " + ", ".join(f"{{s{s}}} {b}" for s, b in enumerate(st.bids)),
                                reveals=True))
            st.bids = [None] * st.players
            st.round += 1
        return events

    def is_over(self, st):
        return st.round > 2

    def result(self, st):
        best = max(st.points)
        return Result(winners=[s for s, p in enumerate(st.points) if p == best],
                      scores={s: p for s, p in enumerate(st.points)})

    def view(self, st, seat):
        return SecretView(seat=seat, my_card=None if seat is None else st.cards[seat],
                          my_bid=None if seat is None else st.bids[seat],
                          has_bid=[b is not None for b in st.bids], points=list(st.points), round=st.round)

    def describe_action(self, st, action, seat):
        return f"bid {action.amount}"

    def status(self, st, seat):
        if seat is None:
            return "Waiting for bids."
        return f"{{s{seat}}}: your card is {st.cards[seat]}. Bid 0-3 in secret."
