"""Fair seating for tournaments: every agent in every seat equally often.

Seats matter (the first player of dots moves first; bank's seat 0 picks its team first), so a
tournament rotates who sits where in **blocks** of games; over every whole block each agent sits in
each seat exactly as often as every other agent does, and plays the same number of seats.

- `m` agents, `n` seats, `m <= n` (everyone plays every game): game `g` puts
  `agents[(s + g) % m]` in seat `s`. The lineup is the agent list repeated to fill the table and
  rotated one seat a game; a block is `m` games. With 4 seats and 3 agents A, B, C the block is
  `A B C A`, `B C A B`, `C A B C`: each agent sits in each seat once, plays 4 seats, and holds two
  seats in one game of the three (so the extra seat rotates too).
- `m > n` (not everyone fits): every `n`-agent subset (in order of `itertools.combinations`) plays
  its `n` cyclic rotations; a block is `C(m, n) * n` games. Every agent sits in every seat equally
  often and every pair of agents meets equally often (so the pairwise matrix has no holes).

Why cyclic rotations rather than every permutation of the seats: rotations are the smallest block
that makes seats fair (`m` or `C(m, n) * n` games); all permutations would also balance who sits
after whom, but a block of `n!` games (720 at 6 players, 20 trillion at bank's 16) is too big to
finish. A tournament is played in whole blocks: `games_in_blocks` rounds a requested game count up.
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def block_size(agents: int, seats: int) -> int:
    """How many games one fair block has."""
    if agents <= seats:
        return agents
    return math.comb(agents, seats) * seats


def games_in_blocks(games: int, agents: int, seats: int) -> int:
    """`games` rounded up to whole blocks (at least one block)."""
    size = block_size(agents, seats)
    return max(1, -(-games // size)) * size


def seating(agents: Sequence[str], seats: int, game: int) -> tuple[str, ...]:
    """The agent of each seat in game number `game` of a tournament."""
    m = len(agents)
    if m == 0:
        raise ValueError("a tournament needs at least one agent")
    if m <= seats:
        return tuple(agents[(s + game) % m] for s in range(seats))
    block = game % block_size(m, seats)
    subset_index, rotation = divmod(block, seats)
    subset = _nth_combination(m, seats, subset_index)
    return tuple(agents[subset[(s + rotation) % seats]] for s in range(seats))


def _nth_combination(m: int, k: int, index: int) -> tuple[int, ...]:
    """The `index`-th `k`-subset of `range(m)` in `itertools.combinations` order (without listing them)."""
    chosen: list[int] = []
    start = 0
    for remaining in range(k, 0, -1):
        for candidate in range(start, m):
            count = math.comb(m - candidate - 1, remaining - 1)
            if index < count:
                chosen.append(candidate)
                start = candidate + 1
                break
            index -= count
    return tuple(chosen)


def seat_counts(agents: Sequence[str], seats: int, games: int) -> dict[str, list[int]]:
    """How often each agent sits in each seat over the first `games` games (for reports and tests)."""
    counts = {agent: [0] * seats for agent in agents}
    for game in range(games):
        for seat, agent in enumerate(seating(agents, seats, game)):
            counts[agent][seat] += 1
    return counts


def describe(agents: Sequence[str], seats: int) -> str:
    """One sentence saying how seats are filled (printed with a tournament's results)."""
    m = len(agents)
    size = block_size(m, seats)
    if m <= seats:
        extra = f"; {seats - m} agent(s) hold a second seat in turn" if seats > m and seats % m else ""
        return (f"{m} agents in {seats} seats: the lineup moves one seat a game; in every block of {size} "
                f"games each agent sits in each seat once{extra}")
    return (f"{m} agents for {seats} seats: every {seats}-agent subset plays its {seats} rotations; in every "
            f"block of {size} games each agent sits in each seat {math.comb(m - 1, seats - 1)} times")
