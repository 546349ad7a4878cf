"""Fuzzing every game (Hypothesis): random and mutated action texts, mutated action values, bad
seats and tampered records. Never an exception other than the kernel's errors; never a changed
state after an error; an accepted action is one the game would list or print back the same way.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ionarena
from ionarena import record
from ionarena.core import HOST, IonError, State

from .cases import cases
from .checks import fingerprint, play

CASES = cases()
FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))


@functools.cache
def positions(game: str, variant: str, n: int) -> tuple[State, ...]:
    """Up to 12 positions of a seeded random game, spread over its length (never mutated: copied)."""
    seen: list[State] = []
    state = ionarena.make(game, players=n, seed=31, variant=variant)
    play(state, 31, lambda s: seen.append(s.clone()))
    step = max(1, len(seen) // 12)
    return tuple(seen[::step][:12])


def seats(n: int) -> st.SearchStrategy[Any]:
    return st.one_of(st.integers(-3, n + 3), st.booleans(), st.floats(allow_nan=True), st.none(),
                     st.just(HOST), st.text(max_size=3), st.integers(min_value=2**63, max_value=2**70))


def junk_values() -> st.SearchStrategy[Any]:
    scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.integers(min_value=10**30),
                        st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
                        st.binary(max_size=4))
    return st.recursive(scalars,
                        lambda inner: st.one_of(st.tuples(inner, inner), st.lists(inner, max_size=3)),
                        max_leaves=4)


def mutate_value(action: Any, data: st.DataObject) -> Any:
    """A legal action with one part changed to junk, or a nearby value of the same type."""
    if isinstance(action, tuple) and action:
        fields = list(action)
        i = data.draw(st.integers(0, len(fields) - 1))
        fields[i] = data.draw(st.one_of(junk_values(), st.integers(-5, 200)))
        try:
            return type(action)(*fields) if hasattr(action, "_fields") else tuple(fields)
        except TypeError:
            return tuple(fields)
    if isinstance(action, int) and not isinstance(action, bool):
        return data.draw(st.one_of(st.integers(-10, 100_000), st.just(action + 0.0), st.just(str(action))))
    return data.draw(junk_values())


def mutate_text(text: str, data: st.DataObject) -> str:
    """A legal action's text with a typo, an extra word, a huge or negative number, odd characters."""
    how = data.draw(st.sampled_from(["insert", "delete", "number", "word", "upper", "markup"]))
    if how == "insert":
        i = data.draw(st.integers(0, len(text)))
        return text[:i] + data.draw(st.text(min_size=1, max_size=3)) + text[i:]
    if how == "delete" and text:
        i = data.draw(st.integers(0, len(text) - 1))
        return text[:i] + text[i + 1:]
    if how == "number":
        number = data.draw(st.sampled_from(["-1", "0", "9" * 50, "9" * 5000, "1e400", "٣", "1.5"]))
        words = text.split() or [""]
        words[data.draw(st.integers(0, len(words) - 1))] = number
        return " ".join(words)
    if how == "word":
        return text + " " + data.draw(st.sampled_from(["x", "please", "[/]", "0", "¢", "&"]))
    if how == "upper":
        return text.upper()
    return f"[bold]{text}[/]"


def legal_of(state: State) -> list[tuple[int, Any]]:
    return [(p, a) for p in state.actors() for a in state.legal_actions(p)]


def attempt(state: State, call: Any) -> None:
    """Run `call`; it may succeed or raise a kernel error. If it raised, nothing changed."""
    before = fingerprint(state)
    try:
        call()
    except IonError as err:
        assert str(err) and len(str(err)) < 600, "errors are one short sentence"
        assert fingerprint(state) == before, f"an error ({err}) left the state changed"


def accepted_is_legal(state: State, seat: Any, action: Any) -> None:
    """An accepted action prints and parses back to itself (a move any surface can carry)."""
    text = state.format_action(action)
    assert isinstance(text, str) and text
    assert state.parse_action(seat, text) == action, f"{text!r} does not parse back to {action!r}"


@pytest.mark.parametrize(("game", "variant", "n"), CASES)
@FUZZ
@given(data=st.data())
def test_random_and_mutated_texts(game, variant, n, data):
    state = data.draw(st.sampled_from(positions(game, variant, n))).clone()
    legal = legal_of(state)
    movers = sorted({p for p, _ in legal}) or [0]
    seat = data.draw(st.one_of(st.sampled_from(movers), seats(n), st.just(HOST)))
    if legal and data.draw(st.booleans()):
        text = mutate_text(state.format_action(data.draw(st.sampled_from(legal))[1]), data)
    else:
        text = data.draw(st.text(max_size=30))

    def call() -> None:
        before = state.clone()
        action = state.apply_text(seat, text)
        accepted_is_legal(before, seat, action)
    attempt(state, call)


@pytest.mark.parametrize(("game", "variant", "n"), CASES)
@FUZZ
@given(data=st.data())
def test_mutated_action_values(game, variant, n, data):
    state = data.draw(st.sampled_from(positions(game, variant, n))).clone()
    legal = legal_of(state)
    if legal:
        seat, action = data.draw(st.sampled_from(legal))
        value = mutate_value(action, data) if data.draw(st.booleans()) else data.draw(junk_values())
        seat = data.draw(st.one_of(st.just(seat), seats(n)))
    else:
        seat, value = data.draw(seats(n)), data.draw(junk_values())

    def call() -> None:
        before = state.clone()
        state.apply(seat, value)
        if seat is not HOST:
            assert before.parse_action(seat, before.format_action(value)) == value, \
                "an accepted action must be one the game parses back from its text"
    attempt(state, call)


@pytest.mark.parametrize(("game", "variant", "n"), CASES)
@FUZZ
@given(data=st.data())
def test_views_events_and_legal_lists_refuse_bad_seats(game, variant, n, data):
    state = data.draw(st.sampled_from(positions(game, variant, n)))
    seat = data.draw(seats(n))
    ok = seat.__class__ is int and 0 <= seat < n
    for name in ("view", "events", "legal_actions"):
        call = getattr(state, name)
        if ok or (name == "legal_actions" and seat is HOST) or (name != "legal_actions" and seat is None):
            call(seat)
        else:
            with pytest.raises(IonError):
                call(seat)
    since = data.draw(st.one_of(st.integers(-5, state.version + 5), junk_values()))
    if since.__class__ is int:
        assert all(e.version > since for e in state.events(None, since))
    else:
        with pytest.raises(IonError):
            state.events(None, since)


@functools.cache
def finished_record(game: str, variant: str, n: int) -> dict[str, Any]:
    state = ionarena.make(game, players=n, seed=8, variant=variant)
    rng = random.Random(8)
    for _ in range(300):  # a short prefix is enough to tamper with, and keeps replays quick
        if state.is_over():
            break
        from ionarena.agents import make_agent
        from ionarena.sim.driver import bot_step
        bot_step(state, [make_agent("random", game, s, rng.randrange(9)) for s in range(n)])
    data: dict[str, Any] = json.loads(record.from_state(state).to_json())
    return data


def tamper(data: dict[str, Any], draw: st.DataObject) -> Any:
    json_values = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
                                         st.text(max_size=8)),
                               lambda inner: st.one_of(
                                   st.lists(inner, max_size=3),
                                   st.dictionaries(st.text(max_size=5), inner, max_size=3)),
                               max_leaves=5)
    data = json.loads(json.dumps(data))
    key = draw.draw(st.sampled_from([*sorted(data), "extra"]))
    how = draw.draw(st.sampled_from(["replace", "action", "option", "delete"]))
    if how == "delete" and key in data:
        del data[key]
    elif how == "action" and data["actions"]:
        i = draw.draw(st.integers(0, len(data["actions"]) - 1))
        pairs = st.tuples(st.integers(-2, 9), st.text(max_size=9)).map(list)
        data["actions"][i] = draw.draw(st.one_of(json_values, pairs))
    elif how == "option":
        data["options"] = draw.draw(st.dictionaries(st.text(max_size=12), json_values, max_size=2))
    else:
        data[key] = draw.draw(json_values)
    return data


@pytest.mark.parametrize(("game", "variant", "n"), CASES)
@FUZZ
@given(data=st.data())
def test_tampered_records_are_one_clear_error(game, variant, n, data):
    original = finished_record(game, variant, n)
    line = json.dumps(tamper(original, data)) if data.draw(st.booleans()) else \
        json.dumps(original)[:data.draw(st.integers(0, 200))]
    try:
        record.replay(record.loads(line))
    except IonError as err:
        assert "\n" not in str(err) and len(str(err)) < 600


@pytest.mark.parametrize("line", [
    b"\xff\xfe not utf-8",
    b"[" * 100_000,
    b'{"game":"dots","players":3,"seed":1e400,"variant":"quick","actions":[]}',
    b'{"game":"dots","players":3,"seed":' + b"9" * 5000 + b',"variant":"quick","actions":[]}',
    b'{"game":"dots","players":3,"seed":1,"variant":"quick","actions":[],"scores":["x"]}',
    b'{"game":"dots","players":3,"seed":1,"variant":"quick","actions":[],"winners":7}',
    b'{"game":"bank","players":4,"seed":1,"variant":"standard","actions":[],"options":{"full_charge":1000000000}}',
    b'{"game":"dots","players":true,"seed":1,"variant":"quick","actions":[]}',
])
def test_hostile_records_are_refused_before_anything_runs(line):
    with pytest.raises(IonError) as caught:
        record.replay(record.loads(line))
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 300
