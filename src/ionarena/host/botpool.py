"""Fair turns for the bots of many tables: what a server hosting hundreds of tables pumps them with.

A table's bots are thought out by whoever pumps it (`Table.pump`); a server pumps its tables in
this pool, in three lanes of threads, so that no table's bots hold up another's:

- `clock`: timed tables (bank): timeouts and quick bots. A searching bot is never thought here,
  so timeouts fire on time however long bots elsewhere think.
- `quick`: untimed tables: bots that decide in milliseconds (`random`, `greedy`, `easy`, `medium`).
- `search`: one decision of a searching bot (ISMCTS, `hard`) at a time, table after table. A table
  whose next bot searches goes to the back of this lane's queue for each decision, so with `n`
  tables searching each waits for at most `n - 1` decisions of the others; a quick bot never waits
  behind a search at all (it is in another lane).

The pool is the tables' thinker (`Table.thinker = pool.think`): in the clock and quick lanes (and
in any thread not of this pool, such as the one judging a person's move) it answers `LATER` for a
searching bot, which leaves the move due; the caller of `pump` sees that (`handed_on()`) and pumps
the table again in the search lane.

**The budget of search time.** At most `slots` decisions search at once: `slots` cores' worth of
search a second, whatever the tables ask for. When more tables want to search than there are slots,
each decision's budget (its `ms` and `iters`) is cut to the table's share, `slots / tables
searching` (at least `MIN_SHARE`): four tables of `ismcts:ms=3000` on one slot each think 750 ms a
move, and each still moves about every three seconds instead of every twelve. With `processes`,
searches run in worker processes (one per slot; the state is pickled there and the move comes
back), so they use the cores the interpreter lock would keep them from; threads otherwise.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from functools import lru_cache
from multiprocessing import get_context
from typing import Any, Literal, ParamSpec, Protocol, TypeVar, runtime_checkable

from ..agents import BadAgentSpec, check_spec
from ..core import Action, IllegalAction, State
from .bots import LATER, Later, bot_action, bot_agent, think
from .seats import Bot

T = TypeVar("T")
P = ParamSpec("P")
Lane = Literal["clock", "quick", "search"]
CLOCK: Lane = "clock"
QUICK: Lane = "quick"
SEARCH: Lane = "search"
MIN_SHARE = 0.125
"""The smallest share of its budget a searching bot is cut to however busy the server is."""


@runtime_checkable
class Searching(Protocol):
    """A bot with a search budget (ISMCTS): milliseconds and iterations a decision (None: no
    bound of that kind)."""

    ms: float | None
    iters: int | None


@lru_cache(maxsize=256)
def searches(bot: str, game: str) -> bool:
    """True if the bot spec `bot` (`hard`, `ismcts:ms=300`, `greedy@0.8`) searches in `game`."""
    try:
        return check_spec(Bot.parse(bot).name, game).name == "ismcts"
    except (BadAgentSpec, IllegalAction):
        return False


def think_share(bot: str, game: str, seat: int, state: State[Any], reaction: float | None,
                share: float = 1.0) -> Action | None:
    """`host.bots.think` with the bot's search budget (`ms`, `iters`) cut to `share` of it."""
    agent = bot_agent(bot, game, seat, state.seed, state.version, reaction)
    if share < 1.0 and isinstance(agent, Searching):
        if agent.ms:
            agent.ms = agent.ms * share
        if agent.iters:
            agent.iters = max(1, int(agent.iters * share))
    return bot_action(agent, state, seat)


def _load_games() -> None:
    from .. import games
    games.load_all()


class BotPool:
    """The lanes (see the module docstring)."""

    def __init__(self, *, quick: int = 2, clocks: int = 2, slots: int = 1, processes: int = 0):
        """`quick`/`clocks`: threads of those lanes; `slots`: decisions searching at once;
        `processes`: think searches in that many worker processes (0: in the search lane's threads)."""
        if min(quick, clocks, slots) < 1 or processes < 0:
            raise ValueError("a lane needs at least one thread, and processes cannot be negative")
        self.slots = processes or slots
        self._local = threading.local()
        self._lock = threading.Lock()
        self._searching = 0
        self.lanes: dict[Lane, ThreadPoolExecutor] = {
            lane: ThreadPoolExecutor(count, thread_name_prefix=f"ion-{lane}", initializer=self._enter,
                                     initargs=(lane,))
            for lane, count in ((CLOCK, clocks), (QUICK, quick), (SEARCH, self.slots))}
        self._processes = None if not processes else ProcessPoolExecutor(
            processes, mp_context=get_context("spawn"), initializer=_load_games)

    def _enter(self, lane: Lane) -> None:
        self._local.lane = lane

    # -- work ---------------------------------------------------------------------------------------

    def submit(self, lane: Lane, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        """Run `fn(*args)` in `lane` (behind what that lane already has to do)."""
        if lane != SEARCH:
            return self.lanes[lane].submit(fn, *args, **kwargs)
        with self._lock:
            self._searching += 1
        try:
            future = self.lanes[SEARCH].submit(fn, *args, **kwargs)
        except BaseException:
            self._done_searching(None)
            raise
        future.add_done_callback(self._done_searching)
        return future

    def _done_searching(self, _future: object) -> None:
        with self._lock:
            self._searching -= 1

    def share(self) -> float:
        """The share of its budget a searching bot gets now (see the module docstring)."""
        waiting = self._searching
        if waiting <= self.slots:
            return 1.0
        return max(MIN_SHARE, self.slots / waiting)

    def think(self, bot: str, game: str, seat: int, state: State[Any],
              reaction: float | None) -> Action | Later | None:
        """The tables' thinker (`Table.thinker`): a quick bot is thought here and now; a searching
        one only in the search lane (elsewhere: `LATER`, and `handed_on()` says so)."""
        if not searches(bot, game):
            return think(bot, game, seat, state, reaction)
        if getattr(self._local, "lane", None) != SEARCH:
            self._local.handed = True
            return LATER
        share = self.share()
        if self._processes is not None:
            return self._processes.submit(think_share, bot, game, seat, state, reaction, share).result()
        return think_share(bot, game, seat, state, reaction, share)

    def handed_on(self) -> bool:
        """True if, since the last call, this thread left a searching bot's move for the search
        lane (the caller pumps that table again there)."""
        handed = getattr(self._local, "handed", False)
        self._local.handed = False
        return bool(handed)

    def close(self, wait: bool = True) -> None:
        """Stop the lanes (and worker processes), dropping what has not started."""
        for executor in self.lanes.values():
            executor.shutdown(wait=wait, cancel_futures=True)
        if self._processes is not None:
            self._processes.shutdown(wait=wait, cancel_futures=True)


__all__ = ["CLOCK", "MIN_SHARE", "QUICK", "SEARCH", "BotPool", "Lane", "searches", "think_share"]
