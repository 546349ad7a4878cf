"""Backends give identical results for the same seed: one process, local workers, and Ray.

The Ray test starts one local Ray instance (2 CPUs, no dashboard) for the session. Where Ray is not
installed it is skipped, except under CI (CI=true), where a missing Ray is a failure.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import astuple
from typing import Any

import pytest

from ionarena.core import IonError
from ionarena.sim.analyze import AnalysisBatch
from ionarena.sim.backends import LocalBackend, RayBackend, make_backend
from ionarena.sim.runner import SimConfig, iter_results
from ionarena.sim.tournament import make_tournament, run_tournament

SIM = SimConfig(game="dots", players=3, agents=("greedy", "random"), games=30, seed=11, keep_records=True)


def _outcomes(results: Any) -> list[tuple[Any, ...]]:
    return [astuple(r) for r in results]


def test_two_local_workers_match_one_for_simulate_and_tournament():
    assert _outcomes(iter_results(SIM, backend=LocalBackend(2, chunk=4))) == _outcomes(iter_results(SIM))
    event = make_tournament("dots", ["greedy", "random"], games=20, players=4, seed=3)
    one, two = run_tournament(event), run_tournament(event, LocalBackend(2, chunk=3))
    assert one.to_dict() | {"seconds": 0, "games_per_second": 0} == \
        two.to_dict() | {"seconds": 0, "games_per_second": 0}


def test_backend_choice_is_checked():
    with pytest.raises(IonError, match="backends: local, ray"):
        make_backend("spark")
    with pytest.raises(IonError, match="--address is for --backend ray"):
        make_backend("local", address="auto")


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("Ray is not installed, and CI must run the Ray test: pip install 'ionarena[ray]'")
        pytest.skip("Ray is not installed (pip install 'ionarena[ray]')")
    return ray


@pytest.fixture(scope="module")
def ray_instance() -> Iterator[Any]:
    """One local Ray instance for this module's tests (starting Ray takes seconds). Not for the
    session: stopping Ray takes seconds too, and at the session's end pytest-xdist interrupts a
    worker still busy after 5 s (a stray KeyboardInterrupt traceback in a green run)."""
    ray = _import_ray()
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    yield ray
    ray.shutdown()


def test_ray_results_equal_local_results_for_the_same_seed(ray_instance):
    ray_backend = RayBackend(chunk=7)  # chunks of 7 games: several tasks, finishing in any order
    assert _outcomes(iter_results(SIM, backend=ray_backend)) == _outcomes(iter_results(SIM))
    event = make_tournament("dots", ["greedy", "random"], games=24, players=3, seed=8)
    local, remote = run_tournament(event), run_tournament(event, RayBackend(chunk=5))
    assert remote.to_dict() | {"seconds": 0, "games_per_second": 0} == \
        local.to_dict() | {"seconds": 0, "games_per_second": 0}
    batch = AnalysisBatch(SimConfig(game="dots", players=4, agents=("greedy",), games=10, seed=1))
    assert _outcomes(ray_backend.results(batch)) == _outcomes(LocalBackend().results(batch))
