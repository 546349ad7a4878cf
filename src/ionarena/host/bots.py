"""Bots at a table: what they are shown (their seat's window, nothing more) and how they are made.

A table's bot is made afresh for every move from `(table seed, seat, version)`, so its choice is
a function of the game alone: a table resumed after a crash plays on exactly as it would have.
It acts on a `SeatWindow`, which offers what an agent may use (`view`, `legal_actions` of its own
seat, `determinize` for its seat; `clone()` is a determinized copy) and none of the state's fields.
"""

from __future__ import annotations

import random
from typing import Any, Protocol, cast

from ..agents import Agent, make_agent
from ..agents.base import reaction_delay
from ..core import Action, NoSuchSeat, State, View, derive_seed
from ..core.errors import quote


class SeatWindow:
    """A state as seen from one seat (see the module docstring)."""

    __slots__ = ("_seat", "_state")

    def __init__(self, state: State[Any], seat: int):
        self._state = state
        self._seat = seat

    def _own(self, player: object) -> int:
        if player != self._seat or player.__class__ is not int:
            raise NoSuchSeat(f"a bot in seat {self._seat} may not look at seat {quote(player)}")
        return self._seat

    @property
    def game_id(self) -> str:
        """The game's id."""
        return self._state.game_id

    @property
    def num_players(self) -> int:
        """How many seats."""
        return self._state.num_players

    @property
    def variant(self) -> str:
        """The variant."""
        return self._state.variant

    @property
    def version(self) -> int:
        """The game version."""
        return self._state.version

    def actors(self) -> list[int]:
        """Who may act now (public)."""
        return self._state.actors()

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._state.is_over()

    def deadline(self) -> float | None:
        """The game's next deadline (timed games)."""
        return self._state.deadline()

    def now(self) -> float:
        """The game's clock."""
        return self._state.now()

    def view(self, player: int | None) -> View:
        """The bot's own view (or a spectator's)."""
        return self._state.view(None if player is None else self._own(player))

    def legal_actions(self, player: int) -> list[Action]:
        """The bot's own legal actions."""
        return self._state.legal_actions(self._own(player))

    def format_action(self, action: Action) -> str:
        """An action's text."""
        return self._state.format_action(action)

    def parse_action(self, player: int, text: str) -> Action:
        """A text as the bot's own action."""
        action: Action = self._state.parse_action(self._own(player), text)
        return action

    def determinize(self, player: int | None, rng: random.Random) -> State[Any]:
        """A copy with everything hidden from the bot's seat resampled."""
        return self._state.determinize(self._own(player), rng)

    def clone(self) -> State[Any]:
        """A copy the bot may search: everything hidden from its seat resampled."""
        seed = derive_seed(self._state.seed, "window", self._state.version, self._seat)
        return self._state.determinize(self._seat, random.Random(seed))


class Later:
    """The answer of a thinker that will not think this bot here: the bot's move stays due, for
    whoever pumps the table next (a surface that thinks expensive bots in a pool of their own)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "LATER"


LATER = Later()


class Thinker(Protocol):
    """What a table calls to have a bot's move thought out (outside its lock): `think` by default;
    a surface may set `Table.thinker` to think elsewhere (a fair pool, a worker process) or to
    answer `LATER`."""

    def __call__(self, bot: str, game: str, seat: int, state: State[Any],
                 reaction: float | None) -> Action | Later | None:
        ...


def think(bot: str, game: str, seat: int, state: State[Any], reaction: float | None) -> Action | None:
    """The move of bot `bot` (an agent spec) for `seat` in `state`, thought here: the agent made
    afresh from (the game's seed, the seat, the version), shown only the seat's window."""
    agent = bot_agent(bot, game, seat, state.seed, state.version, reaction)
    return bot_action(agent, state, seat)


def bot_agent(spec_name: str, game: str, seat: int, table_seed: int, version: int,
              reaction_time: float | None) -> Agent:
    """The agent that makes seat `seat`'s move at game version `version`."""
    kwargs: dict[str, float] = {} if reaction_time is None else {"reaction_time": reaction_time}
    agent = make_agent(spec_name, game, seat, derive_seed(table_seed, "table-bot", version), **kwargs)
    if hasattr(agent, "realtime"):
        agent.realtime = True  # a table's timed game runs on the wall clock
    return agent


def bot_delay(agent: Agent, state: State[Any], seat: int) -> float:
    """When `agent` moves for `seat` in a timed game (seconds after the game last changed), judged
    from the seat's window only."""
    return reaction_delay(agent, cast(State[Any], SeatWindow(state, seat)), seat)


def bot_action(agent: Agent, state: State[Any], seat: int) -> Action | None:
    """What `agent` does for `seat`, shown only the seat's window."""
    return agent.act(cast(State[Any], SeatWindow(state, seat)), seat)
