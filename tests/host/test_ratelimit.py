"""`host.ratelimit.RateLimit`: per-key limits that refuse without counting the refusal."""

from __future__ import annotations

import pytest

from ionarena.host.ratelimit import RateLimit


def test_a_key_is_refused_once_its_window_is_full_and_others_are_not_held_back():
    limit = RateLimit("3/minute")
    assert [limit.allow("ada") for _ in range(4)] == [True, True, True, False]
    assert limit.allow("bob")
    assert limit.remaining("bob") == 2


def test_every_limit_must_have_room_and_a_refusal_is_not_counted():
    limit = RateLimit("2/minute;3/hour")
    assert limit.allow("ada") and limit.allow("ada")
    assert not limit.allow("ada")          # the minute is full
    # the refused attempt did not use the hour's room: one is left there
    assert limit.remaining("ada") == 0
    hour = limit.items[1]
    assert limit._limiter.get_window_stats(hour, "ada").remaining == 1


def test_keys_of_several_parts_are_kept_apart():
    limit = RateLimit("1/minute")
    assert limit.allow("#ion", "ada")
    assert limit.allow("#chem", "ada")
    assert not limit.allow("#ion", "ada")


def test_reset_forgets_every_count():
    limit = RateLimit("1/minute")
    assert limit.allow("ada") and not limit.allow("ada")
    limit.reset()
    assert limit.allow("ada")


def test_a_spec_with_no_limit_is_refused():
    with pytest.raises(ValueError):
        RateLimit("")


def test_hits_start_no_thread_and_expired_hits_are_dropped_from_memory(monkeypatch):
    """`limits`' own memory storage started a timer thread on every hit once the last had run."""
    import threading

    from ionarena.host import ratelimit

    started: list[object] = []
    real = threading.Timer.start

    def start(timer: threading.Timer) -> None:
        started.append(timer)
        real(timer)

    clock = [1000.0]
    monkeypatch.setattr(ratelimit.time, "monotonic", lambda: clock[0])
    limit = RateLimit("50/second")
    monkeypatch.setattr(threading.Timer, "start", start)
    for index in range(20):
        assert limit.allow(f"address-{index}")
    assert started == []
    storage = limit._limiter.storage
    assert sum(len(hits) for hits in storage.events.values()) == 20
    monkeypatch.setattr("limits.storage.memory.time.time", lambda: 1e12)  # every hit has expired
    clock[0] += ratelimit.SWEEP_SECONDS
    assert limit.allow("one more")
    assert started == [] and sum(len(hits) for hits in storage.events.values()) == 1  # the new hit
