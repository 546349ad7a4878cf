"""The per-game tables of valence, bank and compound agree with hand counts and with counts made
from another source than the spectator's events (the action log, or a seat's own events)."""

from __future__ import annotations

import json
import math
from collections import Counter

import pytest

import ionarena
from ionarena.agents import make_agent
from ionarena.sim.analyze import AnalysisBatch, bank, compound, valence
from ionarena.sim.analyze.usage import usage_table
from ionarena.sim.backends import LocalBackend
from ionarena.sim.driver import play_out
from ionarena.sim.runner import GameResult, SimConfig


def _run(game: str, players: int, games: int, seed: int, agents: tuple[str, ...] = ("greedy",)
         ) -> list[GameResult]:
    config = SimConfig(game=game, players=players, agents=agents, games=games, seed=seed, keep_records=True)
    return list(LocalBackend().results(AnalysisBatch(config)))


def _actions(result: GameResult) -> list[tuple[int | None, str]]:
    return [(seat, text) for seat, text in json.loads(result.record or "")["actions"]]


def test_usage_table_matches_a_hand_count():
    units = [({"x": 2}, True), ({"x": 1, "y": 1}, False), ({}, False), ({"y": 3}, True)]
    table = usage_table("things", "thing", units, groups=2)
    x, y = table.row("x"), table.row("y")
    assert (x["uses a game"], x["n"], x["used in"]) == (1.5, 2, 0.5)
    assert (x["win rate if used"], x["win rate if not"]) == (0.5, 0.5)
    assert math.isnan(x["lift"])  # two units on each side are too few for a lift
    assert usage_table("things", "thing", units * 5, groups=10).row("x")["lift"] == 0.0
    assert (y["uses a game"], y["n"], y["win rate if used"], y["win rate if not"]) == (2.0, 2, 0.5, 0.5)
    assert (x["uses a winner"], x["uses a loser"]) == (1.0, 0.5)
    assert (y["uses a winner"], y["uses a loser"]) == (1.5, 0.5)


def test_valence_builds_and_reactions_agree_with_the_action_log():
    results = _run("valence", 3, 8, seed=4)
    builds: Counter[tuple[int, str]] = Counter()
    reacts: Counter[int] = Counter()
    for r in results:
        for seat, text in _actions(r):
            words = text.split()
            if words[0] == "build":
                builds[seat, words[1]] += 1
            elif words[0] == "react":
                reacts[seat] += 1
    counted: Counter[tuple[int, str]] = Counter()
    counted_reacts: Counter[int] = Counter()
    for r in results:
        for seat, player in enumerate(r.facts["players"]):
            for label, n in player["molecules"].items():
                counted[seat, label.split(" ")[0]] += n
            counted_reacts[seat] += sum(n for move, n in player["moves"].items() if move.startswith("react:"))
    assert counted == builds and sum(builds.values()) > 0
    assert counted_reacts == reacts
    section = valence.sections(results, 3)[0]
    molecules = section.tables[0]
    per_formula = Counter()
    for (_, formula), n in builds.items():
        per_formula[formula] += n
    for label in molecules.column("molecule (type)"):
        assert molecules.row(label)["uses a game"] == pytest.approx(per_formula[label.split(" ")[0]] / 8)


def test_bank_object_uses_and_teams_agree_with_the_action_log():
    results = _run("bank", 2, 4, seed=2)
    logged: Counter[tuple[int, str]] = Counter()
    for r in results:
        for seat, text in _actions(r):
            if seat is None:
                continue
            words = text.split()
            if words[0] == "&":
                logged[seat, "[&] Combine"] += 1
                words = words[1:]
            label = {"x2": "[×2] Double", "x3": "[×3] Triple", "s": "[S] Skip"}.get(words[0] if words else "")
            if label:
                logged[seat, label] += 1
                words = words[1:] if label != "[S] Skip" else words
            if words and words[0].startswith("?"):
                logged[seat, f"[{words[0]}] Wild"] += 1
    counted: Counter[tuple[int, str]] = Counter()
    for r in results:
        for seat, uses in enumerate(r.facts["uses"]):
            for label, n in uses.items():
                if label in ("[&] Combine", "[×2] Double", "[×3] Triple", "[S] Skip") or "Wild" in label:
                    counted[seat, label] += n
    assert counted == logged and sum(logged.values()) > 0
    sizes = bank.team_table(results)
    assert sizes.column("team size") == [1] and sizes.column("player-games") == [8]  # two teams of one
    wins = sum(len(r.winners) for r in results)
    assert sizes.row(1)["player wins"] == pytest.approx(wins / 8)
    by_team = bank.team_table(results, by="team")
    assert by_team.column("team") == ["+", "-"] and by_team.column("player-games") == [4, 4]


def test_compound_picks_agree_with_each_seats_own_pick_events():
    spec = ionarena.get_spec("compound")
    results = []
    for seed in range(3):
        state = spec.make(players=3, seed=seed)
        play_out(state, [make_agent("greedy", "compound", seat, seed) for seat in range(3)])
        facts = compound.collect(state)
        for seat in range(3):
            own = Counter(e.data["card"] for e in state.events(seat)
                          if e.kind == "pick" and e.data.get("card") is not None)
            own.update(e.data["card"] for e in state.events(seat)
                       if e.kind == "center" and e.data["player"] == seat)
            assert Counter(facts["cards"][seat]) == own and own
        assert len(facts["rounds"]) == 3
        results.append(GameResult(index=seed, seed=seed, scores=state.scores(), winners=state.winners(),
                                  steps=0, stats={}, facts=facts))
    goals = compound.goal_table(results)
    assert sum(goals.column("rounds")) == 3 * 3 * 3  # three goals a round, three rounds, three games
    cards = compound.sections(results, 3)[0].tables[0]
    assert sum(cards.column("n")) == sum(1 for r in results for c in r.facts["cards"] for _ in c)
