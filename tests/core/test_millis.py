"""`core.millis`: the fast millisecond helpers give exactly what `round(seconds, 3)` gives."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from ionarena.core.millis import EXACT_UP_TO, to_ms, whole_ms

TIMES = st.one_of(
    st.floats(min_value=0, max_value=EXACT_UP_TO, allow_nan=False),
    st.integers(min_value=0, max_value=EXACT_UP_TO * 1000).map(lambda k: k / 1000),  # whole ms
    st.integers(min_value=0, max_value=EXACT_UP_TO),
)


@given(TIMES)
def test_whole_ms_is_round_to_three_places_unchanged(seconds: float) -> None:
    assert whole_ms(seconds) == (round(seconds, 3) == seconds)


@given(TIMES)
def test_to_ms_is_round_to_three_places(seconds: float) -> None:
    assert to_ms(seconds) == round(seconds, 3)
    assert type(to_ms(seconds)) is type(round(seconds, 3))


@given(st.integers(min_value=0, max_value=EXACT_UP_TO * 1000 - 1))
def test_just_off_a_millisecond_is_not_whole(k: int) -> None:
    """The floats either side of k/1000 are not whole milliseconds, and round back onto it."""
    exact = k / 1000
    for near in (math.nextafter(exact, math.inf), math.nextafter(exact, -math.inf)):
        if near >= 0:
            assert whole_ms(near) == (round(near, 3) == near)
            assert to_ms(near) == round(near, 3)


def test_out_of_range_and_odd_values_still_round() -> None:
    """Beyond the exact range, negative, infinite: `to_ms` falls back to `round`."""
    for value in (EXACT_UP_TO * 10 + 0.0004, -1.0005, -0.0):
        assert to_ms(value) == round(value, 3)
    assert math.isinf(to_ms(math.inf))
