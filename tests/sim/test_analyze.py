"""`ion analyze`'s report: its tables agree with counts made by hand and from the games' records."""

from __future__ import annotations

import json
import math
from collections import Counter

import pytest

import ionarena
from ionarena.sim.analyze import AnalysisBatch, build_report, dots
from ionarena.sim.analyze.balance import chi_square_sf
from ionarena.sim.analyze.report import markdown, page, write_report
from ionarena.sim.backends import LocalBackend
from ionarena.sim.runner import GameResult, SimConfig

from . import claim


def _result(index: int, deals: list[dict], winners: list[int], scores: list[float]) -> GameResult:
    return GameResult(index=index, seed=index, scores=scores, winners=winners, steps=10, stats={},
                      agents=("greedy",) * 3, facts={"deals": deals})


def test_dots_card_table_matches_a_hand_count():
    # deal 1: seat 0 played a gift and three number cards and won 30 points; seat 1 two number
    # cards; seat 2 a +3. Deal 2: seat 0 one number card, seat 1 two gifts; the turn cap, no winner.
    results = [
        _result(0, [{"played": [{"gift": 1, "number": 3}, {"number": 2}, {"+3": 1}], "winner": 0,
                     "points": 30}], [0], [30.0, 0.0, 0.0]),
        _result(1, [{"played": [{"number": 1}, {"gift": 2}, {}], "winner": None, "points": 0}], [],
                [0.0] * 3),
    ]
    table = dots.card_table(results)
    assert all(math.isnan(lift) for lift in table.column("lift"))  # too few player-deals for a lift
    gift = table.row("gift")
    assert gift["plays a deal"] == 1.5 and gift["n"] == 2 and gift["played in"] == 2 / 6
    assert gift["win rate if played"] == 0.5 and gift["win rate if not"] == 0.0
    assert gift["points when won"] == 30
    number = table.row("number")
    assert number["plays a deal"] == 3.0 and number["n"] == 3
    assert number["win rate if played"] == pytest.approx(1 / 3) and number["win rate if not"] == 0.0
    plus3 = table.row("+3")
    assert plus3["n"] == 1 and plus3["win rate if played"] == 0.0 and plus3["win rate if not"] == 0.2
    assert math.isnan(plus3["points when won"])
    low, high = gift["95% CI"]
    assert low < 0.5 < high
    tenfold = dots.card_table(results * 10)  # the same deals ten times: enough for every lift
    assert tenfold.column("card kind") == ["gift", "number", "+3"]  # by lift, highest first
    assert tenfold.column("lift") == pytest.approx([0.5, 1 / 3, -0.2])
    assert tenfold.row("gift")["win rate if played"] == 0.5 and tenfold.row("gift")["n"] == 20


def _kind_of_action(text: str) -> str | None:
    """The card kind a dots action text plays, from the action log (not from events)."""
    words = text.split()
    if words[0] != "play":
        return None
    return "number" if "|" in words[1] else words[1]


def test_report_tables_agree_with_counts_from_the_records():
    config = SimConfig(game="dots", players=3, agents=("greedy", "random", "greedy"), games=12, seed=9,
                       keep_records=True)
    results = list(LocalBackend().results(AnalysisBatch(config)))
    records = [json.loads(r.record or "") for r in results]
    # hand count from the action logs: which kinds each seat played, who won
    played: Counter[tuple[str, bool]] = Counter()
    plays: Counter[str] = Counter()
    for record in records:
        winners = record["winners"]
        kinds: dict[int, set[str]] = {seat: set() for seat in range(3)}
        for seat, text in record["actions"]:
            kind = _kind_of_action(text)
            if kind is not None:
                kinds[seat].add(kind)
                plays[kind] += 1
        for seat, seen in kinds.items():
            for kind in seen:
                played[kind, seat in winners] += 1
    table = dots.card_table(results)
    assert set(table.column("card kind")) == set(plays)
    for kind in plays:
        row = table.row(kind)
        assert row["n"] == played[kind, True] + played[kind, False]
        assert row["win rate if played"] == pytest.approx(played[kind, True] / row["n"])
        assert row["plays a deal"] == pytest.approx(plays[kind] / 12)
    report = build_report(config, results, 1.0, "ion analyze dots")
    seats = report.sections[0].tables[0]
    wins = Counter(seat for record in records for seat in record["winners"])
    assert seats.column("wins") == [wins[0], wins[1], wins[2]]
    assert seats.column("agent") == ["greedy", "random", "greedy"]
    lengths = report.sections[2].tables[0].row("steps")
    assert lengths["max"] == max(len(record["actions"]) for record in records)


def test_chi_square_tail_matches_known_values():
    assert chi_square_sf(3.841458820694124, 1) == pytest.approx(0.05, rel=1e-6)
    assert chi_square_sf(7.814727903251178, 3) == pytest.approx(0.05, rel=1e-6)
    assert chi_square_sf(2.0, 2) == pytest.approx(math.exp(-1.0), rel=1e-9)
    assert chi_square_sf(20.515006298, 5) == pytest.approx(0.001, rel=1e-5)
    assert chi_square_sf(0.0, 4) == 1.0


def test_a_biased_seat_is_flagged():
    # seat 0 wins 60 of 100 games, seats 1 and 2 twenty each
    results = [GameResult(index=i, seed=i, scores=[0.0] * 3, winners=[0 if i < 60 else 1 if i < 80 else 2],
                          steps=5, stats={}, agents=("greedy",) * 3) for i in range(100)]
    config = SimConfig(game="dots", players=3, agents=("greedy",), games=100)
    report = build_report(config, results, 1.0, "ion analyze dots")
    section = report.sections[0]
    assert section.tables[0].column("vs even share") == ["above", "below", "below"]
    assert "not balanced" in section.text and "seat 0 wins 60.0%" in section.text.lower()


def test_report_files_state_what_made_them_and_link_their_charts(tmp_path):
    config = SimConfig(game="dots", players=4, agents=("greedy",), games=20, seed=3)
    results = list(LocalBackend().results(AnalysisBatch(config)))
    command = "ion analyze dots --variant quick --players 4 --agents greedy --games 20 --seed 3"
    report = build_report(config, results, 0.5, command)
    written = write_report(report, tmp_path)
    names = {path.name for path in written}
    assert {"report.md", "report.html", "report.json", "seat_advantage.png", "score_distribution.png",
            "game_length.png", "dots_card_kinds.png"} <= names
    for path in written:
        if path.suffix == ".png":
            assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    text = markdown(report)
    html = page(report)
    for content in (text, html):
        assert command in content and f"ionarena {ionarena.__version__}" in content
        assert "seed" in content
    assert "http" not in html and "<script" not in html  # no CDN, nothing fetched
    for name in ("seat_advantage.png", "dots_card_kinds.png"):
        assert f'src="{name}"' in html and f"]({name})" in text
    data = json.loads((tmp_path / "report.json").read_text())
    assert data["meta"]["seed"] == "3"
    titles = [table["title"] for section in data["sections"] for table in section["tables"]]
    assert "Value of each card kind" in titles


@pytest.mark.usefixtures("rigged")
def test_a_game_without_its_own_tables_still_gets_a_report():
    config = SimConfig(game=claim.GAME, players=3, agents=("always", "coin", "never"), games=8)
    results = list(LocalBackend().results(AnalysisBatch(config)))
    assert all(r.facts is None for r in results)
    report = build_report(config, results, 1.0, "ion analyze claim-test")
    assert [s.title for s in report.sections] == ["Seat advantage", "Score distributions", "Game length",
                                                  "claim-test's own tables"]
    assert report.sections[0].tables[0].column("wins")[0] == 8  # `always` in seat 0 won every game
    assert "different agents" in report.sections[0].text
