"""What an ISMCTS move costs at each game's default budget, per game and player count.

    python benchmarks/bench_ismcts.py [positions] [spec]

For decisions sampled along greedy games: the CPU seconds a move takes (median and slowest; CPU
time, so other processes on a shared machine do not inflate it), iterations a second, moves played
inside the search a second, and the share of iterations whose rollout was cut off and judged by
the game's evaluation. The default budgets are chosen so that the slowest move stays under a
second of CPU on a 2-core machine. Strength is measured with `ion simulate` (docs/bots.md).
"""

from __future__ import annotations

import statistics
import sys
import time

from ionarena.agents import make_agent
from ionarena.agents.ismcts import ISMCTSAgent
from ionarena.sim.bench import decision_states

CASES = (("dots", 2), ("dots", 4), ("valence", 2), ("valence", 3), ("compound", 2), ("compound", 4),
         ("bank", 4), ("bank", 6))


def main(positions: int = 10, spec: str = "ismcts") -> None:
    """Print one line per game and player count."""
    print(f"{'game':10} {'n':>2} {'cpu s/move':>10} {'slowest':>8} {'iter/s':>8} {'steps/s':>9} "
          f"{'cut off':>8}")
    for game, players in CASES:
        cpu: list[float] = []
        iterations = steps = evaluations = 0
        for index, (state, seat) in enumerate(decision_states(game, players, positions, seed=1000)):
            agent = make_agent(spec, game, seat, seed=index)
            assert isinstance(agent, ISMCTSAgent)
            start = time.process_time()
            agent.act(state, seat)
            cpu.append(time.process_time() - start)
            if agent.last is not None:
                iterations += agent.last.iterations
                evaluations += agent.last.evaluations
                steps += agent.last.tree_steps + agent.last.rollout_steps + agent.last.host_steps
        total = sum(cpu)
        print(f"{game:10} {players:>2} {statistics.median(cpu):>10.3f} {max(cpu):>8.3f} "
              f"{iterations / total:>8.0f} {steps / total:>9.0f} {evaluations / max(1, iterations):>8.0%}",
              flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10, sys.argv[2] if len(sys.argv) > 2 else "ismcts")
