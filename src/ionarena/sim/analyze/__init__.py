"""`ion analyze`: many seeded games of one game, then a balance report (Markdown, HTML, PNG, JSON).

Every game's report has the generic sections of `balance` (seat advantage, score distributions,
game length). A game with a module here (`sim/analyze/<game>.py`) adds its own tables: the module's
`collect(state)` reads the finished game through the public API (its events, as data) in the worker
that played it, and `sections(results, players)` turns the collected facts into tables.

Game `i` is seeded exactly as in `ion simulate` with the same `--seed`, so both commands play the
same games.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from types import ModuleType

from ... import __version__
from ..backends import Backend, LocalBackend
from ..runner import GameResult, SimConfig, game_seed, play_game
from . import balance
from .tables import Section


def analyzer(game: str) -> ModuleType | None:
    """The module with `game`'s own tables, or None if it has none (yet)."""
    name = f"{__name__}.{game}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise
        return None


@dataclass(frozen=True)
class AnalysisBatch:
    """The games of an analysis: `ion simulate`'s games, each also read by the game's analyzer."""

    config: SimConfig

    @property
    def games(self) -> int:
        """How many games are played."""
        return self.config.games

    def play(self, index: int) -> GameResult:
        """Play game `index` and collect its facts (a batch for `sim.backends`)."""
        module = analyzer(self.config.game)
        return play_game(self.config, index, game_seed(self.config, index), self.config.seat_agents(),
                         observe=module.collect if module is not None else None)


@dataclass
class Report:
    """A finished analysis: what made it, and its sections."""

    title: str
    meta: dict[str, str]
    sections: list[Section] = field(default_factory=list)


def build_report(config: SimConfig, results: Sequence[GameResult], seconds: float, command: str) -> Report:
    """The report of `results` of `config`; `command` is the command line that reproduces it."""
    variant = f" ({config.variant})" if config.variant else ""
    meta = {
        "command": command,
        "seed": str(config.seed),
        "version": f"ionarena {__version__}",
        "game": f"{config.game}{variant}",
        "players": str(config.players),
        "agents by seat": ", ".join(config.seat_agents()),
        "games": f"{len(results):,}",
        "options": ", ".join(f"{k}={v}" for k, v in sorted(config.options.items())) or "defaults",
        "played in": f"{seconds:.1f} s ({len(results) / seconds if seconds > 0 else 0:.0f} games/s)",
    }
    sections = [balance.seat_section(results, config.players, config.seat_agents()),
                balance.score_section(results, config.players),
                balance.length_section(results)]
    module = analyzer(config.game)
    if module is not None:
        sections += module.sections(results, config.players)
    else:
        sections.append(Section(f"{config.game}'s own tables",
                                f"No per-game tables for {config.game} yet: its analyzer needs the game's "
                                "events as data."))
    return Report(f"Balance report: {config.game}{variant}, {config.players} players", meta, sections)


def run_analysis(config: SimConfig, backend: Backend | None = None,
                 on_result: Callable[[GameResult], None] | None = None) -> tuple[list[GameResult], float]:
    """Play every game of `config` with facts collected; results in game order and the seconds taken."""
    start = time.perf_counter()
    results = []
    for result in (backend or LocalBackend()).results(AnalysisBatch(config)):
        results.append(result)
        if on_result is not None:
            on_result(result)
    return results, time.perf_counter() - start


__all__ = ["AnalysisBatch", "Report", "analyzer", "build_report", "run_analysis"]
