"""The commands the end of a game prints: how to deal it again, replay it, or take it up again.

They are built from what the store keeps of the table (`TableInfo`), so the game dealt again is
the same game: seed, players, variant, and every option that differs from the game's default
(`--move-time` for a timed game's move clock, `--option name=value` for the others).
"""

from __future__ import annotations

import shlex
from typing import Any

from ..core import GameSpec, IonError
from ..host import TableInfo


def option_text(value: Any) -> str:
    """An option's value as `--option` takes it: `true`, `5`, `2.5`, text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def deal_again_command(info: TableInfo, spec: GameSpec) -> str:
    """`ion play <game> --players N --seed S [--variant V] [--move-time T] [--option k=v ...]`."""
    words = ["ion", "play", info.game, "--players", str(info.players), "--seed", str(info.seed)]
    if info.variant != spec.default_variant:
        words += ["--variant", info.variant]
    defaults = spec.resolve_options({})
    for name, value in sorted(info.options.items()):
        if name in defaults and value == defaults[name]:
            continue
        if name == "move_time" and spec.timed:
            words += ["--move-time", option_text(value)]
        else:
            words += ["--option", f"{name}={option_text(value)}"]
    return shlex.join(words)


def db_words(store: Any) -> list[str]:
    """`--db <store>` where the store is not the default one (None: none)."""
    if store is None or store.url == default_url():
        return []
    return ["--db", store.where]


def replay_command(table_id: str, store: Any) -> str:
    """`ion replay --table <id> [--db ...]`."""
    return shlex.join(["ion", "replay", "--table", table_id, *db_words(store)])


def resume_command(table_id: str, store: Any) -> str:
    """`ion play --resume <id> [--db ...]`."""
    return shlex.join(["ion", "play", "--resume", table_id, *db_words(store)])


def default_url() -> str:
    """The default store's URL ("" where it cannot be made)."""
    from ..store import resolve_url
    try:
        return resolve_url(None)
    except (OSError, IonError):
        return ""


__all__ = ["db_words", "deal_again_command", "default_url", "option_text", "replay_command",
           "resume_command"]
