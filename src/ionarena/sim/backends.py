"""Where a batch of games runs: this process, local worker processes, or a Ray cluster.

A batch is any picklable object with `games` (how many) and `play(index) -> result`. A backend cuts
`range(games)` into chunks, plays them where it runs, and yields every result **in game order**
whatever order the chunks finished in. Each game's result depends only on the batch and its index,
so the same batch gives identical results on every backend and for any number of workers.

Ray is optional (`pip install 'ionarena[ray]'`): `RayBackend` imports it only when it runs.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from typing import Any, Protocol

from ..core import IonError

BACKENDS = ("local", "ray")
RAY_MISSING = "the Ray backend needs Ray: pip install 'ionarena[ray]'"


class Batch(Protocol):
    """A numbered set of independent games."""

    @property
    def games(self) -> int:
        """How many games the batch has."""
        ...

    def play(self, index: int) -> Any:
        """Play game `index` and return its result (picklable)."""
        ...


class Backend(Protocol):
    """Runs a batch and yields its results in game order."""

    name: str

    def results(self, batch: Batch) -> Iterator[Any]:
        """Every game's result, game 0 first."""
        ...


def play_range(batch: Batch, start: int, stop: int) -> list[Any]:
    """Games `start .. stop - 1` of `batch`, in one worker."""
    from .. import games  # workers started with "spawn" (or by Ray) must register the games too
    games.load_all()
    return [batch.play(i) for i in range(start, stop)]


def _play_job(job: tuple[Batch, int, int]) -> list[Any]:
    return play_range(*job)


def chunk_size(games: int, workers: int) -> int:
    """Games per chunk: about eight chunks a worker (for a smooth progress bar), at most 50."""
    return max(1, min(50, games // (workers * 8) or 1))


def chunks(games: int, size: int) -> list[tuple[int, int]]:
    """`(start, stop)` of each chunk of `range(games)`."""
    return [(start, min(start + size, games)) for start in range(0, games, size)]


class LocalBackend:
    """This process (`workers=1`) or a pool of `workers` processes on this machine."""

    name = "local"

    def __init__(self, workers: int = 1, chunk: int = 0):
        self.workers = max(1, workers)
        self.chunk = chunk

    def results(self, batch: Batch) -> Iterator[Any]:
        """Every game's result in game order."""
        if self.workers == 1:
            for i in range(batch.games):
                yield batch.play(i)
            return
        size = self.chunk or chunk_size(batch.games, self.workers)
        jobs = [(batch, start, stop) for start, stop in chunks(batch.games, size)]
        context = multiprocessing.get_context("spawn")
        with context.Pool(self.workers) as pool:
            for part in pool.imap(_play_job, jobs):
                yield from part


class RayBackend:
    """A Ray cluster: a new local one (`address=None`) or the one at `address` (`auto`, `ray://…`).

    When it connects to an existing cluster it ships this `ionarena` package with the tasks
    (Ray's `runtime_env` `py_modules`), so every node plays exactly this code. If Ray is already
    initialised in this process (a notebook, a test), that instance is used as it is.
    """

    name = "ray"

    def __init__(self, address: str | None = None, chunk: int = 0):
        self.address = address
        self.chunk = chunk

    def _connect(self) -> Any:
        try:
            import ray
        except ImportError:
            raise IonError(RAY_MISSING) from None
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
            if self.address:
                import ionarena
                kwargs["runtime_env"] = {"py_modules": [ionarena]}
            try:
                # "local": always a new instance of our own, never a cluster Ray remembers
                # (a stale /tmp/ray/ray_current_cluster would make ray.init wait for a dead one)
                ray.init(address=self.address or "local", **kwargs)
            except (ConnectionError, RuntimeError, ValueError) as err:
                raise IonError(f"cannot start or reach Ray at {self.address or 'a new local instance'}: "
                               f"{str(err).splitlines()[0] if str(err) else type(err).__name__}") from None
        return ray

    def results(self, batch: Batch) -> Iterator[Any]:
        """Every game's result in game order; chunks run as Ray tasks, one CPU each."""
        ray = self._connect()
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = self.chunk or chunk_size(batch.games, cpus)
        task = ray.remote(num_cpus=1)(play_range)
        shared = ray.put(batch)
        refs = [task.remote(shared, start, stop) for start, stop in chunks(batch.games, size)]
        for ref in refs:
            yield from ray.get(ref)


def make_backend(name: str = "local", workers: int = 1, address: str | None = None) -> Backend:
    """The backend called `name` (`local` or `ray`); `IonError` for another name or a misplaced address."""
    if name == "local":
        if address:
            raise IonError("--address is for --backend ray")
        return LocalBackend(workers)
    if name == "ray":
        return RayBackend(address)
    raise IonError(f"no backend called {name!r}; backends: {', '.join(BACKENDS)}")
