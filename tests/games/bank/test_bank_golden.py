"""Golden game of bank with short rounds, from the lobby to the end: moves, timeouts, dumps, shops,
deals, step by step, with the events as data (the spectator's, and seat 0's private ones).

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
    """Every step of a 4-player game (rounds of 15 s, shops of 6 s) with greedy, random and a slow bot."""
    state = ionarena.make("bank", players=4, seed=seed, round_time=15.0, shop_time=6.0)
    agents = [make_agent("greedy", "bank", 0, seed, reaction_time=0.7),
              make_agent("random", "bank", 1, seed, reaction_time=1.1),
              make_agent("greedy", "bank", 2, seed, reaction_time=3.5),  # too slow: always times out
              make_agent("random", "bank", 3, seed, reaction_time=0.4)]
    lines = [f"seed: {seed}"]
    version = -1
    while True:
        for seat, label in ((None, "  "), (0, "  seat 0:")):
            public = [e.to_json() for e in state.events(None, version)]
            for event in state.events(seat, version):
                data = event.to_json()
                if seat is None or data not in public:
                    del data["version"]
                    lines.append(f"{label} {json.dumps(data, ensure_ascii=False)}")
        version = state.version
        if state.is_over():
            break
        clock = f"{state.now():.3f}/{state.deadline():.3f}"
        moved = bot_step(state, agents)
        assert moved is not None
        who = moved[0] if isinstance(moved[0], int) else None  # the host, as records write it
        view = state.view(None)
        bank = view["table"]["bank"]
        points = [int(s) for s in view["scores"]]
        lines.append(f"{clock} {json.dumps([who, moved[1]], ensure_ascii=False)} | {view['phase']} "
                     f"charge {bank['charge']:+d} pot {bank['pot']} scores {points}")
    lines.append(f"final: {state.scores()} winners {state.winners()} stats {state.stats()}")
    return "\n".join(lines) + "\n"


def test_golden_short_rounds_game():
    text = transcript()
    if os.environ.get("ION_UPDATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert GOLDEN.exists(), "run with ION_UPDATE_GOLDEN=1 to write the golden file"
    assert text == GOLDEN.read_text(encoding="utf-8"), "the bank golden game differs: review and regenerate"
