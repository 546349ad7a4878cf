"""A tiny game with hidden hands, used to test the kernel without any real game.

Cards 1..9 are shuffled; each player holds two; on a turn a player plays one card onto the total
and draws; whoever brings the total to 15 or more wins. Actions: `play <n>`.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ionarena.core import GameSpec, IllegalAction, Names, State


class ToyState(State):
    game_id = "toy"
    EVENT_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {"play": ("player", "card"),
                                                          "draw": ("player", "card")}
    __slots__ = ("deck", "hands", "rng", "total", "turn", "winner")

    def __init__(self, n: int, variant: str, seed: int, options: dict[str, Any]):
        super().__init__(n, variant, seed, options)
        self.rng = random.Random(seed)
        self.deck = list(range(1, 10))
        self.rng.shuffle(self.deck)
        self.hands = [[self.deck.pop(), self.deck.pop()] for _ in range(n)]
        self.total = 0
        self.turn = 0
        self.winner: int | None = None

    def actors(self) -> list[int]:
        return [] if self.is_over() else [self.turn]

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(set(self.hands[player])) if player in self.actors() else []

    def _apply(self, player: int | None, action: Any) -> None:
        p = self.require_actor(player)
        if action not in self.hands[p]:
            raise IllegalAction(f"you do not hold a {action}")
        self.hands[p].remove(action)
        self.total += action
        self._emit("play", (p, action))
        if self.deck:
            self.hands[p].append(self.deck.pop())
            self._emit("draw", (p, self.hands[p][-1]), seen_by=(p,), public=(p, None))
        if self.total >= 15:
            self.winner = p
        else:
            self.turn = (self.turn + 1) % self.num_players

    def _view(self, player: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {"total": self.total, "turn": self.turn, "deck": len(self.deck),
                                "hand_sizes": [len(h) for h in self.hands]}
        if player is not None:
            view["hand"] = sorted(self.hands[player])
        return view

    def is_over(self) -> bool:
        return self.winner is not None or not any(self.hands)

    def scores(self) -> list[float]:
        return [1.0 if p == self.winner else 0.0 for p in range(self.num_players)]

    def winners(self) -> list[int]:
        return [] if self.winner is None else [self.winner]

    def clone(self) -> ToyState:
        new = type(self).__new__(type(self))
        self._copy_base_into(new)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.deck = list(self.deck)
        new.hands = [list(h) for h in self.hands]
        new.total, new.turn, new.winner = self.total, self.turn, self.winner
        return new

    def _determinize(self, player: int | None, rng: random.Random) -> ToyState:
        new = self.clone()
        hidden = list(new.deck)
        for p in range(self.num_players):
            if p != player:
                hidden += new.hands[p]
        rng.shuffle(hidden)
        for p in range(self.num_players):
            if p != player:
                new.hands[p] = [hidden.pop() for _ in new.hands[p]]
        new.deck = hidden
        return new

    def format_action(self, action: Any) -> str:
        return f"play {action}"

    def _parse_action(self, player: Any, text: str) -> int:
        words = text.split()
        if len(words) != 2 or words[0] != "play" or not words[1].isdigit():
            raise IllegalAction(f"{text!r} is not a move; type `play <card>`")
        return int(words[1])


class ToyPresenter:
    def describe(self, event: Any, names: Names) -> str:
        return f"{names(event.data['player'])} {event.kind}s {event.data.get('card') or 'a card'}."

    def render(self, view: dict[str, Any], names: Names) -> str:
        return str(view["table"])

    def explain(self, event: Any) -> str:
        return ""


SPEC = GameSpec(id="toy", title="Toy", summary="kernel test game", min_players=2, max_players=4,
                variants=("standard",), default_variant="standard",
                factory=lambda n, v, seed, options: ToyState(n, v, seed, options),
                presenter=ToyPresenter(), default_players=3)
