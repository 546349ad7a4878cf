"""The State protocol: the one contract every game implements and every surface uses.

A game is a state machine over players `0 .. num_players - 1`:

- `actors()` lists the players who may act now (several at once where the rules are
  simultaneous; empty when the game is over).
- `legal_actions(player)` lists every legal action for that player now (the hot path).
- `apply(player, action)` checks, then mutates. An illegal action raises `IllegalAction` with a
  sentence a person understands and leaves the state exactly as it was.
- `view(player)` is a JSON-serialisable observation holding nothing the rules hide from that
  player (other hands, deck order, face-down picks); `view(None)` is a spectator's.
- `is_over()`, `scores()`, `winners()` (empty when a game ends without a winner, e.g. a turn cap
  declared a draw; several players when they share the victory).
- `clone()` is an independent copy; `determinize(player, rng)` is a copy in which everything hidden
  from `player` is resampled consistently with what that player knows, using `rng` only.
- Actions are small immutable values. `format_action(action)` is their canonical text (what a
  person types); `parse_action(player, text)` reads it back and raises `IllegalAction` on text that
  is not a legal action. Records, logs, the CLI and IRC carry that text.

Time is an input. A timed game (bank) reports `deadline()` in game seconds and accepts host actions,
applied with `player=HOST`: `timeout` (the deadline passed) and `at <seconds>` (the clock moved on to
that time before the next move). Untimed games return `None` from `deadline()`.

Subclasses implement the `_apply` hook rather than `apply`: the base class records each applied
action in an immutable history, so `clone()` shares it in O(1) and a record can be made from any state.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable
from typing import Any, Self

from .errors import IllegalAction

Action = Hashable
"""An action: a small immutable value whose text form is given by `State.format_action`."""

HOST: int | None = None
"""The actor id of host events (timeouts, clock ticks) in timed games, and of spectators in `view`."""

History = tuple[Any, ...] | None
"""A cons list `(previous, player, action)`; `None` when empty."""

View = dict[str, Any]


class State(ABC):
    """Base class of every game state. See the module docstring for the contract."""

    game_id: str = ""
    __slots__ = ("_history", "num_players", "options", "seed", "variant")

    def __init__(self, num_players: int, variant: str, seed: int, options: dict[str, Any] | None = None):
        self.num_players = num_players
        self.variant = variant
        self.seed = seed
        self.options: dict[str, Any] = dict(options or {})
        self._history: History = None

    # -- the protocol -------------------------------------------------------------------------

    @abstractmethod
    def actors(self) -> list[int]:
        """Players who may act now; empty when the game is over."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]:
        """Every legal action of `player` now (empty if they may not act)."""

    def apply(self, player: int | None, action: Action) -> None:
        """Check and apply `action` for `player`; raise `IllegalAction` and change nothing if illegal."""
        self._apply(player, action)
        self._history = (self._history, player, action)

    @abstractmethod
    def _apply(self, player: int | None, action: Action) -> None:
        """The game's own check-then-mutate step."""

    @abstractmethod
    def view(self, player: int | None) -> View:
        """What `player` may see (None: a spectator), as JSON-serialisable data."""

    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def scores(self) -> list[float]:
        """Each player's score (final once `is_over()`)."""

    def winners(self) -> list[int]:
        """Players who won; by default every player tied at the top score once the game is over."""
        if not self.is_over():
            return []
        scores = self.scores()
        best = max(scores)
        return [p for p, s in enumerate(scores) if s == best]

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy (search agents call this thousands of times: keep it fast)."""

    @abstractmethod
    def determinize(self, player: int | None, rng: random.Random) -> Self:
        """A copy with everything hidden from `player` resampled with `rng` (never the state's own RNG)."""

    @abstractmethod
    def format_action(self, action: Action) -> str:
        """The canonical text of `action`."""

    @abstractmethod
    def parse_action(self, player: int | None, text: str) -> Action:
        """The action `text` means for `player` now; `IllegalAction` with a reason if none."""

    # -- optional parts -----------------------------------------------------------------------

    def deadline(self) -> float | None:
        """Game time (seconds) at which the host must apply `timeout`; None for untimed games."""
        return None

    def now(self) -> float:
        """Current game time in seconds (0 for untimed games)."""
        return 0.0

    def stats(self) -> dict[str, float]:
        """Per-game figures for statistics (e.g. turns played); summed and averaged by `ion simulate`."""
        return {}

    # -- helpers built on the protocol ----------------------------------------------------------

    def apply_text(self, player: int | None, text: str) -> Action:
        """Parse `text` for `player` and apply it; return the action applied."""
        action = self.parse_action(player, text)
        self.apply(player, action)
        return action

    def history(self) -> list[tuple[int | None, Action]]:
        """Every applied action, oldest first, as `(player, action)` pairs."""
        items: list[tuple[int | None, Action]] = []
        node = self._history
        while node is not None:
            node, player, action = node
            items.append((player, action))
        items.reverse()
        return items

    def require_actor(self, player: int | None) -> int:
        """Raise `IllegalAction` unless `player` may act now; return it as an int."""
        if player is None or player not in self.actors():
            if self.is_over():
                raise IllegalAction("the game is over")
            raise IllegalAction(f"it is not player {player}'s turn")
        return player

    def _copy_base_into(self, other: State) -> None:
        """Copy the base fields into a fresh instance (for `clone` implementations)."""
        other.num_players = self.num_players
        other.variant = self.variant
        other.seed = self.seed
        other.options = self.options  # never mutated after construction: shared
        other._history = self._history

