"""A rigged little game for rating tests: each seat in turn says `claim` or `pass`; every seat that
claimed wins (a shared win when several did). With an agent that always claims, that agent wins
every game it plays, whatever the others do."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ionarena.core import GameSpec, IllegalAction, State
from ionarena.core.registry import register, unregister

GAME = "claim-test"


class ClaimState(State):
    game_id = GAME
    EVENT_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {"say": ("player", "word")}
    __slots__ = ("said",)

    def __init__(self, n: int, variant: str, seed: int, options: dict[str, Any]):
        super().__init__(n, variant, seed, options)
        self.said: list[str] = []

    def actors(self) -> list[int]:
        return [] if self.is_over() else [len(self.said)]

    def _legal_actions(self, player: int) -> list[Any]:
        return ["claim", "pass"] if player in self.actors() else []

    def _apply(self, player: Any, action: Any) -> None:
        p = self.require_actor(player)
        if action not in ("claim", "pass"):
            raise IllegalAction("say claim or pass")
        self.said.append(action)
        self._emit("say", (p, action))

    def _view(self, player: int | None) -> dict[str, Any]:
        return {"said": list(self.said)}

    def is_over(self) -> bool:
        return len(self.said) == self.num_players

    def scores(self) -> list[float]:
        claimed = set(self.winners())
        return [1.0 if p in claimed else 0.0 for p in range(self.num_players)]

    def winners(self) -> list[int]:
        return [p for p, word in enumerate(self.said) if word == "claim"] if self.is_over() else []

    def clone(self) -> ClaimState:
        new = type(self).__new__(type(self))
        self._copy_base_into(new)
        new.said = list(self.said)
        return new

    def _determinize(self, player: int | None, rng: random.Random) -> ClaimState:
        return self.clone()

    def format_action(self, action: Any) -> str:
        return str(action)

    def _parse_action(self, player: Any, text: str) -> Any:
        if text not in ("claim", "pass"):
            raise IllegalAction("say claim or pass")
        return text


class _Words:
    def describe(self, event: Any, names: Any) -> str:
        return f"{names(event.data['player'])} says {event.data['word']}."

    def render(self, view: dict[str, Any], names: Any) -> str:
        return str(view["table"])

    def explain(self, event: Any) -> str:
        return ""


class WordAgent:
    """`always` claims, `never` passes, `coin` claims half the time (its own seeded RNG)."""

    reaction_time = 0.5

    def __init__(self, name: str, seed: int):
        self.name = name
        self.rng = random.Random(seed)

    def act(self, state: State, player: int) -> Any:
        if self.name == "always":
            return "claim"
        if self.name == "never":
            return "pass"
        return "claim" if self.rng.random() < 0.5 else "pass"


def install() -> None:
    """Register the game."""
    register(GameSpec(id=GAME, title="Claim", summary="rigged rating test", min_players=2, max_players=6,
                      variants=("standard",), default_variant="standard",
                      factory=lambda n, v, seed, options: ClaimState(n, v, seed, options),
                      presenter=_Words(), default_players=3))


def uninstall() -> None:
    """Remove the game."""
    unregister(GAME)
