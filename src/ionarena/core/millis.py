"""Game time in whole milliseconds: the precision of a timed game's `at <t>` and of its deadlines.

`round(seconds, 3)` is the reference everywhere. It goes through decimal digits, which makes it
the slowest step of a clock tick, while the times a clock meets (a deadline, `now` plus a reaction
time) are mostly whole milliseconds already; `to_ms` then returns them as they are.
"""

from __future__ import annotations

EXACT_UP_TO = 10**7
"""Up to this many seconds `whole_ms` is exact (see its docstring): 20 rounds of an hour and more."""


def whole_ms(seconds: float) -> bool:
    """`round(seconds, 3) == seconds`, for an int or float from 0 to `EXACT_UP_TO`, without the digits.

    Why it is the same: if `seconds` is the double nearest k/1000 (what `round(…, 3)` returns), then
    `seconds * 1000` is within a millionth of k in this range, so `round` gives k and k / 1000 gives
    `seconds` back. Conversely, if k / 1000 == `seconds`, it is the double nearest k/1000, within
    far less than half a millisecond of it, so `round(seconds, 3)` gives it back too.
    """
    return round(seconds * 1000) / 1000 == seconds


def to_ms(seconds: float) -> float:
    """`round(seconds, 3)`: the time to the millisecond, without rounding when it is whole already."""
    if seconds.__class__ is float and 0.0 <= seconds <= EXACT_UP_TO and whole_ms(seconds):
        return seconds
    return round(seconds, 3)
