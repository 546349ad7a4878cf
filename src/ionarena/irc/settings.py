"""Per-channel settings of `ion irc`: what a channel's games default to and how it treats absence.

`ion irc --channel '#ion' --channel '#beginners' --channel-setting '#beginners:move_time=6'` gives
one channel six-second bank moves; settings not given for a channel are the bot's defaults
(`--move-time`, `--grace`, `--away`).

- `move_time`: bank's move clock in seconds (0.5 to 60) for games opened here without `move_time=`;
- `grace`: seconds a player who left (quit, dropped, parted) keeps their seat (0 to 3600);
- `away`: while a player is away, `skip` passes their bank turns without penalty (a bot moves for
  them in the table games); `hold` stops the game's clock on their turn until they come back or
  their grace ends.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from ..core import IonError

AWAY_MODES = ("skip", "hold")
GRACE = 60.0


class SettingError(IonError):
    """A channel setting that cannot be taken; the sentence says why."""


@dataclass(frozen=True)
class ChannelSettings:
    """One channel's settings (see the module docstring)."""

    move_time: float | None = None
    grace: float = GRACE
    away: str = "skip"

    def with_text(self, name: str, value: str) -> ChannelSettings:
        """A copy with `name=value` set; `SettingError` if it is not a setting or not valid."""
        name = name.strip().lower()
        value = value.strip()
        if name == "away":
            if value.lower() not in AWAY_MODES:
                raise SettingError(f"away is skip or hold, not {value[:40]!r}")
            return replace(self, away=value.lower())
        if name in ("move_time", "grace"):
            try:
                number = float(value)
            except ValueError:
                raise SettingError(f"{name} is a number of seconds, not {value[:40]!r}") from None
            low, high = (0.5, 60.0) if name == "move_time" else (0.0, 3600.0)
            if not low <= number <= high:
                raise SettingError(f"{name} is {low:g} to {high:g} seconds, not {value[:40]}")
            return replace(self, move_time=number) if name == "move_time" else replace(self, grace=number)
        raise SettingError(f"there is no channel setting {name[:40]!r}: move_time, grace or away")


def parse_channel_settings(texts: Iterable[str], base: ChannelSettings,
                           normalize: Callable[[str], str] = str.casefold) -> dict[str, ChannelSettings]:
    """`#channel:name=value` texts as settings by folded channel (each starting from `base`)."""
    found: dict[str, ChannelSettings] = {}
    for text in texts:
        channel, sep, assignment = text.partition(":")
        name, eq, value = assignment.partition("=")
        if not sep or not eq or channel[:1] not in "#&+!" or len(channel) < 2:
            raise SettingError(f"a channel setting is #channel:name=value, not {text[:60]!r}")
        key = normalize(channel)
        found[key] = found.get(key, base).with_text(name, value)
    return found


__all__ = ["AWAY_MODES", "GRACE", "ChannelSettings", "SettingError", "parse_channel_settings"]
