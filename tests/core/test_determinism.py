"""Determinism across processes: `seed + config + action log` means the same game on any machine.

Python salts `hash()` of strings per process, so iterating a set or dict keyed by strings can differ
between two runs of the same code. Each game is played here by greedy and random bots in two fresh
interpreters with different hash seeds; the records and final views must be identical.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import ionarena

SCRIPT = """
import json, sys
import ionarena
from ionarena.agents import make_agent
from ionarena.record import from_state
from ionarena.sim.driver import play_out
out = []
for game, variant, n in json.loads(sys.argv[1]):
    state = ionarena.make(game, players=n, seed=1234, variant=variant)
    agents = [make_agent(("greedy", "random")[k % 2], game, k, 1234) for k in range(n)]
    play_out(state, agents)
    out.append([from_state(state).to_json(), json.dumps(state.view(None), sort_keys=True)])
print(json.dumps(out))
"""


def play_in_fresh_process(cases: list[tuple[str, str, int]], hash_seed: str) -> list:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(cases)], env=env,
                          capture_output=True, text=True, check=True, timeout=600)
    return json.loads(done.stdout)


CASES = [(spec.id, variant, min(max(3, spec.min_players), spec.max_players))
         for spec in ionarena.all_specs() for variant in spec.variants]


@pytest.mark.skipif(not CASES, reason="no games registered")
def test_games_replay_identically_under_different_hash_seeds():
    first = play_in_fresh_process(CASES, "1")
    second = play_in_fresh_process(CASES, "2")
    for case, a, b in zip(CASES, first, second, strict=True):
        assert a == b, f"{case} differs between processes"
