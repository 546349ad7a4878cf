"""Golden playthroughs: one seeded random-bot game, written so that a diff can be reviewed.

One field per line. At the deal every field of the spectator's view, and for each seat the fields
where its view differs from the spectator's (its hand and the like); after each step only the fields
that changed, then the events as data: the spectator's, and for each seat those it received that the
spectator did not (private events, or the private side of one). 40 steps per game and variant.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import ionarena
from ionarena.agents import make_agent
from ionarena.sim.driver import bot_step

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "golden"
STEPS = 40


def golden_path(game: str, variant: str) -> Path:
    """Where the golden file of `game`/`variant` lives."""
    return GOLDEN_DIR / f"{game}-{variant}.txt"


def flatten(value: Any, prefix: str = "") -> dict[str, str]:
    """`{"a": {"b": [1, 2]}}` -> `{"a.b": "[1, 2]"}`: dicts opened up, lists kept on one line."""
    if isinstance(value, dict) and value:
        out: dict[str, str] = {}
        for key in sorted(value):
            out.update(flatten(value[key], f"{prefix}.{key}" if prefix else str(key)))
        return out
    return {prefix: json.dumps(value, sort_keys=True, ensure_ascii=False)}


def playthrough(game: str, variant: str, seed: int = 20261129) -> str:
    """The text of one seeded random-bot game (see the module docstring)."""
    spec = ionarena.get_spec(game)
    players = min(max(3, spec.min_players), spec.max_players)
    state = ionarena.make(game, players=players, seed=seed, variant=variant)
    agents = [make_agent("random", game, seat, seed, reaction_time=0.8 + 0.1 * seat)
              for seat in range(players)]
    seats: list[int | None] = [None, *range(players)]
    label = {p: "spectator" if p is None else f"seat {p}" for p in seats}
    lines = [f"game: {game}", f"variant: {variant}", f"players: {players}", f"seed: {seed}"]
    shown: dict[int | None, dict[str, str]] = {p: {} for p in seats}
    version = -1
    for step in range(STEPS + 1):
        if step:
            if state.is_over():
                break
            lines.append(f"\n## step {step}: {json.dumps(bot_step(state, agents))}")
        else:
            lines.append("\n## the deal")
        public = flatten(state.view(None))
        public_events = [json.dumps(e.to_json(), sort_keys=True, ensure_ascii=False)
                         for e in state.events(None, since=version)]
        for p in seats:
            fields = public if p is None else {k: v for k, v in flatten(state.view(p)).items()
                                               if k != "seat" and public.get(k) != v}
            changed = [k for k, v in fields.items() if shown[p].get(k) != v]
            changed += [k for k in shown[p] if k not in fields]
            lines.extend(f"{label[p]}: {k} = {fields.get(k, '(as the spectator)')}" for k in changed)
            shown[p] = fields
            events = [json.dumps(e.to_json(), sort_keys=True, ensure_ascii=False)
                      for e in state.events(p, since=version)]
            lines.extend(f"{label[p]} event: {text}" for text in events
                         if p is None or text not in public_events)
        for p in state.actors():
            legal = [state.format_action(a) for a in state.legal_actions(p)]
            lines.append(f"legal {p}: {json.dumps(legal, ensure_ascii=False)}")
        version = state.version
    lines.append(f"\nover: {state.is_over()}")
    lines.append(f"scores: {json.dumps(state.scores())}")
    lines.append(f"winners: {json.dumps(state.winners())}")
    return "\n".join(lines) + "\n"
