"""Golden game of bank with short rounds: lobby, moves, timeouts, shops, deals and the end, step by step.

Regenerate with `ION_UPDATE_GOLDEN=1 .venv/bin/pytest tests/games/bank/test_bank_golden.py` and review.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import ionarena
from ionarena.agents import make_agent
from ionarena.sim.driver import bot_step

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "bank-short-rounds.txt"


def transcript(seed: int = 20261129) -> str:
    """Every step of a 4-player game (rounds of 20 s, shops of 10 s) with greedy, random and a slow bot."""
    state = ionarena.make("bank", players=4, seed=seed, round_time=20.0, shop_time=10.0)
    agents = [make_agent("greedy", "bank", 0, seed, reaction_time=0.7),
              make_agent("random", "bank", 1, seed, reaction_time=1.1),
              make_agent("greedy", "bank", 2, seed, reaction_time=3.5),  # too slow: always times out
              make_agent("random", "bank", 3, seed, reaction_time=0.4)]
    lines = [f"seed: {seed}"]
    seen = 0
    while not state.is_over():
        clock = f"{state.now():.3f}/{state.deadline():.3f}"
        moved = bot_step(state, agents)
        view = state.view(None)
        new = view["events_total"] - seen
        fresh = view["events"][len(view["events"]) - new:] if new > 0 else []
        seen = view["events_total"]
        bank = view["bank"]
        lines.append(f"{clock} {json.dumps(moved)} | {view['phase']} r{view['round']} "
                     f"charge {bank['charge']:+d} pot {bank['pot']} scores {view['scores']}")
        lines.extend(f"    {event}" for event in fresh)
    lines.append(f"final: {state.scores()} winners {state.winners()} stats {state.stats()}")
    return "\n".join(lines) + "\n"


def test_golden_short_rounds_game():
    text = transcript()
    if os.environ.get("ION_UPDATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert GOLDEN.exists(), "run with ION_UPDATE_GOLDEN=1 to write the golden file"
    assert text == GOLDEN.read_text(encoding="utf-8"), "the bank golden game differs: review and regenerate"
