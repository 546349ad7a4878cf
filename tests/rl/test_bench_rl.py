"""`benchmarks/bench_rl.py` compares like with like: RLCard's UNO env is a 2-player game, so it is
measured and labelled at 2 players and compared with dots at 2; and it takes its turn in the same
round of slices as our envs (not in a block of its own), so the machine's load falls on both alike
and the ratios pair slices measured together. Figures are fakes here: no timing is asserted."""

from __future__ import annotations

from typing import Any

import pytest

from ..scripts import load_script
from .need import require_rl

require_rl()


def load_bench() -> Any:
    return load_script("benchmarks/bench_rl.py", "bench_rl_under_test")


def test_rlcard_uno_is_timed_in_the_same_slices_as_our_envs_and_at_two_players(monkeypatch) -> None:
    bench = load_bench()
    order: list[str] = []
    speeds = iter(float(x) for x in range(1, 10_000))

    def fake(label: str, unit: str = "steps/s") -> Any:
        def measure(seconds: float) -> dict[tuple[str, str], float]:
            order.append(label)
            return {(label, unit): next(speeds)}
        return measure

    monkeypatch.setattr(bench, "play_measure", lambda g, n: fake(f"{g} {n}p random play"))
    monkeypatch.setattr(bench, "aec_measure", lambda g, n: fake(f"{g} {n}p AEC env"))
    monkeypatch.setattr(bench, "parallel_measure", lambda g, n: fake(f"{g} {n}p Parallel env", "decisions/s"))
    monkeypatch.setattr(bench, "single_seat_measure",
                        lambda g, n: fake(f"{g} {n}p single-seat env vs random"))
    monkeypatch.setattr(bench, "view_play_measure", lambda g, n: fake(bench.view_label(g, n)))
    monkeypatch.setattr(bench, "floor_measure", lambda g, n: fake(f"{g} {n}p floor env"))
    monkeypatch.setattr(bench, "rlcard_available", lambda: True)
    monkeypatch.setattr(bench, "rlcard_uno_measure", lambda n: fake(f"rlcard uno {n}p engine"))
    monkeypatch.setattr(bench, "rlcard_uno_env_measure", lambda: fake("rlcard uno 2p env"))

    figures = bench.run(0.01, ["dots", "valence"], repeats=3)

    one_round = order[: len(order) // 3]
    assert order == one_round * 3  # every measurement, RLCard's too, once in each round
    assert "rlcard uno 2p env" in one_round and "rlcard uno 2p engine" in one_round
    # each compared pair side by side in the round, so a change of load between them is least
    assert one_round[one_round.index("dots 2p random play") + 1] == "rlcard uno 2p engine"
    assert one_round[one_round.index("dots 2p AEC env") + 1] == "rlcard uno 2p env"
    labels = {f.label for f in figures}
    assert not any("rlcard" in label and "4p" in label for label in labels)  # no 4-player UNO env exists
    by_label = {f.label: f for f in figures}
    ours, theirs = by_label["dots 2p AEC env"], by_label["rlcard uno 2p env"]
    compared = by_label["dots 2p AEC env / rlcard uno 2p env (steps/s)"]
    assert compared.samples == [a / b for a, b in zip(ours.samples, theirs.samples, strict=True)]
    assert "dots 2p kernel / rlcard uno 2p engine (steps/s)" in by_label
    assert not any(label.startswith("valence") and "rlcard" in label for label in labels)

    order.clear()
    without_dots = {f.label for f in bench.run(0.01, ["valence"], repeats=2)}
    assert order[: len(order) // 2] == order[len(order) // 2:]
    uno = {"rlcard uno 2p engine", "rlcard uno 2p env", "rlcard uno 2p engine / env (its wrapper cost)"}
    assert uno <= without_dots


def test_rlcards_uno_env_is_a_two_player_game_whatever_it_is_asked() -> None:
    rlcard = pytest.importorskip("rlcard", reason="the bench extra (RLCard) is not installed")
    assert rlcard.make("uno", config={"game_num_players": 4}).num_players == 2
    assert load_bench().UNO_PLAYERS == 2
