"""The action index of a configuration: every action text the game can produce, with a fixed id.

Each game's RL module (`ionarena.rl.<game>`) lists, from its card data, every text that
`state.format_action` can give for legal actions of that configuration (players, variant,
options), in a fixed documented order; the id of an action is its position in that list. The
action space of every env is `Discrete(len(index))` (the Parallel env adds one `wait` id).

A legal action whose text is not in the index is a bug of the index (the game grew a move the RL
module does not know): `MissingAction` says which, instead of the action silently disappearing.

The envs take a seat's legal actions as `Moves` (`ActionIndex.moves`): the actions by id and the
action mask together. The same lists of legal actions come back again and again (a draw, a pass,
the same hand), so the index keeps the `Moves` of each list it met, by the list's contents (up to
`KEPT_MOVES` of them), and finds them again with one look-up: no id to look up, and from the
second time on no mask to build (a copy of the kept one).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from ..core import Action, IllegalAction, State
from .config import GameConfig
from .encoding import INT8
from .games import game_module

KEPT_MOVES = 20_000
"""How many lists of legal actions an index keeps the `Moves` of (each may hold a mask as long as the
index: 20,000 of dots' cost about 20 MB); past that it keeps no new ones."""


class IllegalActionId(IllegalAction):
    """An action id that is not legal for that agent now (or not an id at all); nothing changed."""


class MissingAction(RuntimeError):
    """A legal action of the game has no id in the action index (the index must learn it)."""


class Moves:
    """The legal actions of a seat at one moment, as the envs use them: `by_id` (id -> action, in the
    game's own order; shared by every moment with the same legal actions: read it, never change it)
    and `mask()`, a new action mask."""

    __slots__ = ("_asked", "_kept", "by_id", "size")

    def __init__(self, by_id: dict[int, Action], size: int):
        self.by_id = by_id
        self.size = size
        self._asked = False
        self._kept: np.ndarray | None = None
        """The mask, kept from the second time it is asked for (then each mask is a copy of it): a
        list of legal actions met only once costs no copy."""

    def mask(self, size: int | None = None) -> np.ndarray:
        """A new int8 array with 1 for each legal id, `size` ids long (default: the index's size)."""
        kept = self._kept
        own = size is None or size == self.size
        if kept is not None and own:
            return kept.copy()
        mask = bytearray(self.size if size is None else size)
        for action_id in self.by_id:
            mask[action_id] = 1
        array = np.frombuffer(mask, INT8)
        if own:
            if self._asked:
                self._kept = array
                return array.copy()
            self._asked = True
        return array


class ActionIndex:
    """Every action text of one configuration, with its id (its position)."""

    __slots__ = ("_by_action", "_ids", "_moves", "config", "none", "texts")

    def __init__(self, config: GameConfig, texts: Sequence[str]):
        self.config = config
        self.texts: tuple[str, ...] = tuple(texts)
        self._ids: dict[str, int] = {}
        for i, text in enumerate(self.texts):
            if text in self._ids:
                raise ValueError(f"{config.label()}: the action text {text!r} is listed twice")
            self._ids[text] = i
        self._by_action: dict[Any, int] = {}
        """Action value -> id, filled as actions are met (format_action runs once per value)."""
        self._moves: dict[tuple[Action, ...], Moves] = {}
        """The `Moves` of each list of legal actions met, by its contents (see the module docstring)."""
        self.none = Moves({}, len(self.texts))
        """The `Moves` of a seat that does not decide now."""

    def __len__(self) -> int:
        return len(self.texts)

    def text(self, action_id: int) -> str:
        """The text of an id; `IllegalActionId` for a number outside the index."""
        if not 0 <= action_id < len(self.texts):
            raise IllegalActionId(f"{action_id} is not an action id of {self.config.label()} "
                                  f"(ids 0 to {len(self.texts) - 1})")
        return self.texts[action_id]

    def id(self, text: str) -> int:
        """The id of an action text (its canonical form); `IllegalActionId` if the index has none."""
        found = self._ids.get(text)
        if found is None:
            raise IllegalActionId(f"{text!r} is not an action text of {self.config.label()}")
        return found

    def id_of(self, state: State, action: Action) -> int:
        """The id of a legal `action` of `state`."""
        found = self._by_action.get(action)
        if found is None:
            text = state.format_action(action)
            found = self._ids.get(text)
            if found is None:
                raise MissingAction(f"the action index of {self.config.label()} has no {text!r}: "
                                    "the game makes a move ionarena.rl does not know yet")
            if len(self._by_action) < 1_000_000:
                self._by_action[action] = found
        return found

    def legal(self, state: State, seat: int) -> dict[int, Action]:
        """The legal actions of `seat` now, by id (in the game's own order; a new dict)."""
        return dict(self.moves(state, seat).by_id)

    def moves(self, state: State, seat: int) -> Moves:
        """The legal actions of `seat` now as `Moves` (shared: see `Moves`)."""
        key = tuple(state.legal_actions(seat))
        found = self._moves.get(key)
        if found is None:
            found = Moves(self.by_id(state, key), len(self.texts))
            if len(self._moves) < KEPT_MOVES:
                self._moves[key] = found
        return found

    def by_id(self, state: State, actions: Sequence[Action]) -> dict[int, Action]:
        """Legal `actions` of `state` by their ids, in their order (a new dict; no `Moves` kept)."""
        by_action = self._by_action
        try:
            return {by_action[action]: action for action in actions}
        except KeyError:  # an action met for the first time: format it once
            return {self.id_of(state, action): action for action in actions}


@lru_cache(maxsize=64)
def _index(config: GameConfig) -> ActionIndex:
    return ActionIndex(config, game_module(config.game).action_texts(config))


def index_for(config: GameConfig) -> ActionIndex:
    """The (shared) action index of a configuration."""
    return _index(config)


def action_index(game: str, players: int | None = None, variant: str | None = None,
                 **options: Any) -> ActionIndex:
    """The action index of `game` at `players` seats, `variant` and `options` (defaults: the game's).

        >>> idx = action_index("dots", players=2)
        >>> idx.text(idx.id("draw"))
        'draw'
    """
    return index_for(GameConfig.of(game, players, variant, options))
