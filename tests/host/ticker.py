"""A tiny timed game for host tests, independent of any real game.

Seats take turns; the seat on turn has `move_time` game seconds to `tap` (+1 point, and it draws a
secret number only it may see) or `pass`; when the clock runs out the host applies `timeout`
(-1 point, the turn passes). After `turns` turns the game is over. Host actions: `at <t>` (the
clock moves on to t, before the deadline) and `timeout`. Questions: `score` (answered from the
asker's view).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, ClassVar

from ionarena.core import HOST, GameSpec, IllegalAction, Names, Option, State, register
from ionarena.core.registry import get_spec, unregister

TAP, PASS, TIMEOUT = "tap", "pass", "timeout"


class TickerState(State):
    game_id = "ticker"
    timed = True
    EVENT_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {
        "tap": ("player",), "pass": ("player",), "timeout": ("player",), "secret": ("player", "number")}
    __slots__ = ("clock", "cur", "rng", "score", "secrets", "turn_start", "turns_left")

    def __init__(self, n: int, variant: str, seed: int, options: dict[str, Any]):
        super().__init__(n, variant, seed, options)
        self.rng = random.Random(seed)
        self.clock = 0.0
        self.turn_start = 0.0
        self.cur = 0
        self.turns_left = int(self.options["turns"])
        self.score = [0] * n
        self.secrets: list[list[int]] = [[] for _ in range(n)]

    def actors(self) -> list[int]:
        return [] if self.is_over() else [self.cur]

    def _legal_actions(self, player: int) -> list[Any]:
        return [TAP, PASS] if player in self.actors() else []

    def _next_turn(self) -> None:
        self.turns_left -= 1
        self.cur = (self.cur + 1) % self.num_players
        self.turn_start = self.clock

    def _apply(self, player: Any, action: Any) -> None:
        if player is HOST:
            if self.is_over():
                raise IllegalAction("the game is over")
            deadline = self.deadline()
            assert deadline is not None
            if isinstance(action, tuple):
                if not self.clock <= action[1] < deadline:
                    raise IllegalAction(f"the clock cannot move to {action[1]}")
                self.clock = action[1]
                return
            if action != TIMEOUT:
                raise IllegalAction("the host only moves the clock or applies timeout")
            self.clock = deadline
            self.score[self.cur] -= 1
            self._emit("timeout", (self.cur,))
            self._next_turn()
            return
        p = self.require_actor(player)
        if action == TAP:
            self.score[p] += 1
            self._emit("tap", (p,))
            number = self.rng.randrange(100)
            self.secrets[p].append(number)
            self._emit("secret", (p, number), seen_by=(p,))
        elif action == PASS:
            self._emit("pass", (p,))
        else:
            raise IllegalAction(f"{action!r} is not a move")
        self._next_turn()

    def _view(self, player: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {"turns_left": self.turns_left, "on_turn": self.cur}
        if player is not None:
            view["secrets"] = list(self.secrets[player])
        return view

    def is_over(self) -> bool:
        return self.turns_left <= 0

    def scores(self) -> list[float]:
        return [float(s) for s in self.score]

    def deadline(self) -> float | None:
        return None if self.is_over() else round(self.turn_start + float(self.options["move_time"]), 3)

    def now(self) -> float:
        return self.clock

    def clone(self) -> TickerState:
        new = TickerState.__new__(TickerState)
        self._copy_base_into(new)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.clock, new.turn_start = self.clock, self.turn_start
        new.cur, new.turns_left = self.cur, self.turns_left
        new.score = list(self.score)
        new.secrets = [list(s) for s in self.secrets]
        return new

    def _determinize(self, player: int | None, rng: random.Random) -> TickerState:
        new = self.clone()
        for p in range(self.num_players):
            if p != player:
                new.secrets[p] = [rng.randrange(100) for _ in new.secrets[p]]
        return new

    def format_action(self, action: Any) -> str:
        if isinstance(action, tuple):
            return f"at {action[1]:.3f}"
        return str(action)

    def _parse_action(self, player: Any, text: str) -> Any:
        words = text.split()
        if player is HOST:
            if words == [TIMEOUT]:
                return TIMEOUT
            if len(words) == 2 and words[0] == "at":
                try:
                    return ("at", round(float(words[1]), 3))
                except ValueError:
                    pass
            raise IllegalAction(f"{text!r} is not a host action")
        if words not in ([TAP], [PASS]):
            raise IllegalAction(f"{text!r} is not a move: type tap or pass")
        if player not in self.actors():
            raise IllegalAction("it is not your turn")
        return words[0]


class TickerPresenter:
    def describe(self, event: Any, names: Names) -> str:
        if event.kind == "secret":
            return f"{names(event.data['player'])} draws secret {event.data['number']}."
        return f"{names(event.data['player'])} {event.kind}s."

    def render(self, view: dict[str, Any], names: Names) -> str:
        return f"turns left {view['table']['turns_left']}, {names(view['table']['on_turn'])} on turn"

    def explain(self, event: Any) -> str:
        return ""


def answer(view: dict[str, Any], text: str) -> str | None:
    """`score`: the asker's score, from their view."""
    if text.strip() != "score":
        return None
    if view["seat"] is None:
        return "Spectators have no score."
    return f"You have {view['scores'][view['seat']]:g} points."


SPEC = GameSpec(id="ticker", title="Ticker", summary="host test game", min_players=2, max_players=6,
                variants=("standard",), default_variant="standard",
                factory=lambda n, v, seed, options: TickerState(n, v, seed, options),
                presenter=TickerPresenter(), timed=True, default_players=3, answer=answer,
                options=(Option("move_time", float, 3.0, "seconds to move", low=0.1, high=60.0),
                         Option("turns", int, 8, "turns in a game", low=1, high=10_000)))


def ensure_registered() -> None:
    """Register the ticker game (idempotent)."""
    try:
        get_spec("ticker")
    except KeyError:
        register(SPEC)


@contextmanager
def registered() -> Iterator[None]:
    """The ticker game registered for the duration (tests that iterate every registered game
    must never see it: it is registered per test, never at import)."""
    ensure_registered()
    try:
        yield
    finally:
        unregister("ticker")


__all__ = ["SPEC", "TickerState", "ensure_registered", "registered", "unregister"]
