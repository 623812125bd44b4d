"""A tiny two-player hidden-information game, only for the engine tests.

Each player is dealt a secret number 1-6 (chance, at set-up). On a turn the
player either bumps a public counter by 1 or 2 (reveals nothing), draws a
card 1-6 into their hand (chance: reveals), or guesses the opponent's secret
(a right guess wins; a wrong one is public and so reveals something). When
the counter reaches :data:`LIMIT`, the higher secret + hand wins (ties share).

It is registered only inside the tests that need it (see
:func:`registered`), never in the real registry.
"""

from __future__ import annotations

import contextlib
import random
from typing import Annotated, Literal, Union

from pydantic import BaseModel, Field

from tabletop_tui.engine import Action, BaseState, Event, Game, Result, chance_rng, registry

LIMIT = 8
HAND = 3


class Bump(Action):
    kind: Literal["bump"] = "bump"
    by: int = Field(default=1, ge=1, le=2)


class Draw(Action):
    kind: Literal["draw"] = "draw"


class Guess(Action):
    kind: Literal["guess"] = "guess"
    number: int = Field(ge=1, le=6)


SecretAction = Annotated[Union[Bump, Draw, Guess], Field(discriminator="kind")]


class SecretState(BaseState):
    secrets: list[int]
    hands: list[list[int]]
    counter: int = 0
    active: int = 0
    wrong: list[list[int]]  # wrong guesses made by each seat: public
    winners: list[int] | None = None


class SecretView(BaseModel):
    seat: int | None
    counter: int
    active: int
    my_secret: int | None
    my_hand: list[int]
    hand_sizes: list[int]
    wrong: list[list[int]]
    winners: list[int] | None


class SecretGame(Game[SecretState]):
    id = "secret_number_test"
    title = "Secret number"
    min_players = 2
    max_players = 2
    state_model = SecretState
    action_type = SecretAction
    hidden_information = True

    def new_state(self, players, options, seed):
        state = SecretState(players=players, seed=seed, secrets=[], hands=[[] for _ in range(players)],
                            wrong=[[] for _ in range(players)])
        rng = chance_rng(state)
        state.secrets = [rng.randint(1, 6) for _ in range(players)]
        return state

    def to_act(self, state):
        return [] if self.is_over(state) else [state.active]

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        acts: list[Action] = [Bump(by=1), Bump(by=2)]
        if len(state.hands[seat]) < HAND:
            acts.append(Draw())
        acts += [Guess(number=n) for n in range(1, 7) if n not in state.wrong[seat]]
        return acts

    def _play(self, state, action, seat):
        name = f"{{s{seat}}}"
        other = 1 - seat
        events: list[Event] = []
        if isinstance(action, Bump):
            state.counter += action.by
            events.append(Event(seat=seat, text=f"{name} bumps the counter to {state.counter}."))
            if state.counter >= LIMIT:
                scores = [state.secrets[s] + sum(state.hands[s]) for s in range(state.players)]
                best = max(scores)
                state.winners = [s for s, v in enumerate(scores) if v == best]
                events.append(Event(text=f"Scores {scores}.", reveals=True))
        elif isinstance(action, Draw):
            card = chance_rng(state).randint(1, 6)
            state.hands[seat].append(card)
            events.append(Event(seat=seat, text=f"You drew a {card}.", reveals=True, private=True))
            events.append(Event(seat=seat, text=f"{name} drew a card.", reveals=True))
        elif isinstance(action, Guess):
            if state.secrets[other] == action.number:
                state.winners = [seat]
                events.append(Event(seat=seat, text=f"{name} guessed {action.number}: right!", reveals=True))
            else:
                state.wrong[seat].append(action.number)
                events.append(Event(seat=seat, text=f"{name} guessed {action.number}: wrong.", reveals=True))
        state.active = other
        return events

    def is_over(self, state):
        return state.winners is not None

    def result(self, state):
        return Result(winners=list(state.winners or []))

    def view(self, state, seat):
        return SecretView(
            seat=seat, counter=state.counter, active=state.active,
            my_secret=None if seat is None else state.secrets[seat],
            my_hand=[] if seat is None else list(state.hands[seat]),
            hand_sizes=[len(h) for h in state.hands], wrong=[list(w) for w in state.wrong],
            winners=state.winners)

    def determinize(self, state, seat, rng: random.Random):
        """Re-deal what ``seat`` cannot see, reading only its view."""
        view = self.view(state, seat)
        new = self.clone(state)
        for s in range(state.players):
            if s == seat:
                continue
            new.secrets[s] = rng.choice([n for n in range(1, 7) if n not in view.wrong[seat]])
            new.hands[s] = [rng.randint(1, 6) for _ in range(view.hand_sizes[s])]
        new.seed = rng.getrandbits(48)
        new.chance = 0
        return new


class PeekingSecretGame(SecretGame):
    """The same game with a determinize that (wrongly) keeps the real hidden
    parts: a bot planning on it cheats. Used to show the view test has teeth."""

    id = "secret_number_peeking_test"

    def determinize(self, state, seat, rng):
        return Game.determinize(self, state, seat, rng)


@contextlib.contextmanager
def registered(game: Game):
    """Register ``game`` for the duration of a test, then remove it."""
    registry.register(game)
    try:
        yield game
    finally:
        registry.unregister(game.id)
