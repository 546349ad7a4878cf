"""Golden playthroughs: one seeded bot game written out with every view and legal-action list."""

from __future__ import annotations

import json
from pathlib import Path

import ionarena
from ionarena.agents import make_agent
from ionarena.sim.driver import bot_step

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "golden"
MAX_STEPS = 150
"""Long games (tournaments) are cut here so the files stay reviewable."""


def golden_path(game: str, variant: str) -> Path:
    """Where the golden file of `game`/`variant` lives."""
    return GOLDEN_DIR / f"{game}-{variant}.txt"


def playthrough(game: str, variant: str, seed: int = 20261129) -> str:
    """The text of one seeded random-bot game: per step the actors, their views and legal actions."""
    spec = ionarena.get_spec(game)
    players = min(max(3, spec.min_players), spec.max_players)
    state = ionarena.make(game, players=players, seed=seed, variant=variant)
    agents = [make_agent("random", game, seat, seed, reaction_time=0.8) for seat in range(players)]
    lines = [f"game: {game}", f"variant: {variant}", f"players: {players}", f"seed: {seed}"]
    for step in range(MAX_STEPS):
        if state.is_over():
            break
        lines.append(f"\n## step {step}")
        lines.append(f"spectator: {json.dumps(state.view(None), sort_keys=True)}")
        if state.deadline() is not None:
            lines.append(f"clock: {state.now():.3f} deadline: {state.deadline():.3f}")
        for p in state.actors():
            lines.append(f"view {p}: {json.dumps(state.view(p), sort_keys=True)}")
            legal = [state.format_action(a) for a in state.legal_actions(p)]
            lines.append(f"legal {p}: {json.dumps(legal)}")
        moved = bot_step(state, agents)
        lines.append(f"applied: {json.dumps(moved)}")
    lines.append(f"\nover: {state.is_over()}")
    lines.append(f"scores: {json.dumps(state.scores())}")
    lines.append(f"winners: {json.dumps(state.winners())}")
    return "\n".join(lines) + "\n"
