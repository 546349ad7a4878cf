"""Team against team in bank: does a team of AGENT seats beat a team of AGAINST seats?

The rulebook's winner is a team (the larger sum of its members' scores), so this is what the
strength bar for bank measures. Every deal (a game seed) is played twice with the teams swapped
(teams alternate by seat, `+-+-…`; AGENT sits on `+` in the first game, on `-` in the second), so
both sides meet the same cards and the same draws: the luck of a deal falls on both.

    .venv/bin/python benchmarks/bench_bank_teams.py [--agent ismcts] [--against greedy]
        [--players 4] [--deals 20] [--rounds 1] [--round-time 180] [--workers 2] [--seed 0]
        [--pace]

`--pace` gives AGENT's seats bank's pace rule (`agents/heuristics/bank.py`: most of the move clock
while their team leads) whatever AGENT is, to measure what the rule alone is worth (`ismcts`
has it already unless `ismcts:pace=off`).

Reports the share of games AGENT's team won (ties half) with its 95% Wilson interval, the mean
team margin (AGENT minus AGAINST) with its standard error, the deals both games of which AGENT's
team won or lost, and the wall time per game.
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass

from ionarena.agents import Agent, make_agent
from ionarena.agents.heuristics.bank import pace
from ionarena.core import Action, State, derive_seed, get_spec
from ionarena.sim.driver import play_out
from ionarena.sim.stats import wilson_interval


@dataclass(frozen=True)
class Game:
    """One game to play: the deal, who sits on `+`, the settings."""

    deal: int
    agent_plus: bool
    agent: str
    against: str
    players: int
    rounds: int
    round_time: float
    paced: bool = False


class Paced:
    """`inner`, moving when bank's pace rule says (read from its seat's view)."""

    def __init__(self, inner: Agent):
        self.inner = inner
        self.name = f"{inner.name}+pace"
        self.reaction_time = inner.reaction_time

    def act(self, state: State, player: int) -> Action | None:
        """`inner`'s move."""
        return self.inner.act(state, player)

    def delay(self, state: State, player: int) -> float:
        """When the pace rule moves this seat."""
        return pace(state.view(player), self.reaction_time)


def teams(players: int) -> str:
    """`+-+-…`: seats alternate between the teams."""
    return "".join("+-"[k % 2] for k in range(players))


def play(game: Game) -> tuple[Game, float, float]:
    """Play one game; (game, AGENT's team margin, wall seconds)."""
    began = time.perf_counter()
    state = get_spec("bank").make(players=game.players, seed=game.deal, teams=teams(game.players),
                                  rounds=game.rounds, round_time=game.round_time)
    agents = []
    for seat in range(game.players):
        on_plus = seat % 2 == 0
        ours = on_plus == game.agent_plus
        agent = make_agent(game.agent if ours else game.against, "bank", seat, derive_seed(game.deal, seat))
        agents.append(Paced(agent) if ours and game.paced else agent)
    play_out(state, agents)
    plus, minus = state.team_scores()
    margin = plus - minus if game.agent_plus else minus - plus
    return game, float(margin), time.perf_counter() - began


def main() -> None:
    """Play the deals and print the report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agent", default="ismcts")
    parser.add_argument("--against", default="greedy")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--round-time", type=float, default=180.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pace", action="store_true", help="give AGENT's seats bank's pace rule")
    args = parser.parse_args()
    games = [Game(args.seed + d, plus, args.agent, args.against, args.players, args.rounds, args.round_time,
                  args.pace)
             for d in range(args.deals) for plus in (True, False)]
    ours = args.agent + (" with the pace rule" if args.pace else "")
    print(f"bank, {args.players} players (teams {teams(args.players)}), {args.rounds} round(s) of "
          f"{args.round_time:g} s: {ours} team against {args.against} team, {args.deals} deals "
          f"x 2 (teams swapped), seeds {args.seed}..{args.seed + args.deals - 1}")
    margins: dict[tuple[int, bool], float] = {}
    seconds: list[float] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for done in as_completed([pool.submit(play, g) for g in games]):
            game, margin, wall = done.result()
            margins[(game.deal, game.agent_plus)] = margin
            seconds.append(wall)
            print(f"  deal {game.deal} {args.agent} on {'+' if game.agent_plus else '-'}: margin "
                  f"{margin:+,.0f} ({wall:.1f} s)  [{len(margins)}/{len(games)}]", flush=True)
    won = sum(1.0 if m > 0 else 0.5 if m == 0 else 0.0 for m in margins.values())
    low, high = wilson_interval(won, len(margins))
    values = list(margins.values())
    spread = statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    deals = range(args.seed, args.seed + args.deals)
    both_won = sum(1 for d in deals if margins[(d, True)] > 0 and margins[(d, False)] > 0)
    both_lost = sum(1 for d in deals if margins[(d, True)] < 0 and margins[(d, False)] < 0)
    print(f"{ours} team won {won / len(margins):.0%} of {len(margins)} games "
          f"(95% CI {low:.0%}–{high:.0%}); mean margin {statistics.mean(values):+,.0f} "
          f"(± {spread:,.0f}); deals won twice {both_won}, lost twice {both_lost}, split "
          f"{args.deals - both_won - both_lost}; {statistics.mean(seconds):.1f} s a game")


if __name__ == "__main__":
    main()
