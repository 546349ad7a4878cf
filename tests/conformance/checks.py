"""The checks of the conformance suite as functions, so that a test can also run them on a game broken
on purpose and show that they notice (tests/conformance/test_checks_have_teeth.py).

Nothing here names a game.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from typing import Any

import ionarena
from ionarena.agents import make_agent
from ionarena.core import State
from ionarena.core.rng import SharedRng
from ionarena.sim.driver import bot_step

MAX_STEPS = 20_000


def _newest(node: Any, count: int) -> list[Any]:
    """The newest `count` entries of a cons list `(older, *fields)`, without their links."""
    out = []
    while node is not None and len(out) < count:
        out.append(node[1:])
        node = node[0]
    return out


def _plain(value: Any, seen: set[int]) -> Any:
    """Every field of `value`, hidden ones too, as JSON-ready data (for fingerprints)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if id(value) in seen:
        return "<cycle>"
    seen = seen | {id(value)}
    if isinstance(value, State):
        fields: dict[str, Any] = {}
        for cls in type(value).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if name in fields or not hasattr(value, name):
                    continue
                if name == "_history":  # immutable cons lists: their length and newest nodes say it all
                    fields[name] = [len(value.history()), _plain(_newest(value._history, 3), seen)]
                elif name == "_events":
                    fields[name] = _plain(_newest(value._events, 3), seen)
                else:
                    fields[name] = _plain(getattr(value, name), seen)
        return {"state": type(value).__name__, **fields}
    if isinstance(value, SharedRng):
        return {"rng": _plain(value.state(), seen)}
    if isinstance(value, random.Random):
        return {"rng": _plain(value.getstate(), seen)}
    if isinstance(value, dict):
        return {"dict": sorted(([_plain(k, seen), _plain(v, seen)] for k, v in value.items()), key=repr)}
    if isinstance(value, (set, frozenset)):
        return {"set": sorted((_plain(v, seen) for v in value), key=repr)}
    if isinstance(value, (list, tuple)):
        return [type(value).__name__, *(_plain(v, seen) for v in value)]
    slots = [n for cls in type(value).__mro__ for n in getattr(cls, "__slots__", ())]
    if slots:
        fields = {n: _plain(getattr(value, n), seen) for n in slots if hasattr(value, n)}
        return {type(value).__name__: fields}
    if hasattr(value, "__dict__"):
        return {type(value).__name__: _plain(vars(value), seen)}
    return repr(value)


def fingerprint(state: State) -> str:
    """A digest of every field of `state`, hidden ones included (the RNG's position too)."""
    text = json.dumps(_plain(state, set()), sort_keys=True, default=repr)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def seen_by(state: State, seat: int | None, since: int = -1) -> str:
    """Everything `seat` may observe: its view and its events (after version `since`)."""
    return json.dumps({"view": state.view(seat), "events": [e.to_json() for e in state.events(seat, since)]},
                      sort_keys=True)


def snapshot(state: State) -> str:
    """Everything observable about a state: what every seat and a spectator see, actors, scores."""
    seats: list[int | None] = [*range(state.num_players), None]
    return json.dumps({"seen": [seen_by(state, p) for p in seats], "actors": state.actors(),
                       "over": state.is_over(), "scores": state.scores(), "deadline": state.deadline(),
                       "version": state.version}, sort_keys=True)


def bots(game: str, n: int, seed: int) -> list:
    """Random bots with staggered reaction times (timed games need them to differ)."""
    return [make_agent("random", game, seat, seed, reaction_time=0.4 + 0.3 * seat) for seat in range(n)]


def play(state: State, seed: int, each_step: Callable[[State], None] | None = None, every: int = 1) -> State:
    """Play random bots on `state` to the end; `each_step(state)` runs on the first 40 steps, then on
    every `every`-th step, the stride growing by `every` each 200 steps (expensive checks sample
    long games rather than skip them)."""
    spec = ionarena.get_spec(state.game_id)
    agents = bots(state.game_id, state.num_players, seed)
    for step in range(MAX_STEPS):
        if state.is_over():
            return state
        if each_step is not None and (step < 40 or step % (every * (1 + step // 200)) == 0):
            each_step(state)
        bot_step(state, agents)
        if spec.check_invariants is not None:
            spec.check_invariants(state)
    raise AssertionError(f"{state.game_id}: not over after {MAX_STEPS} steps")


def check_leaks(state: State, seed: int, every: int = 3) -> dict[int | None, int]:
    """The hidden-information check, on a game played out from `state`.

    At sampled steps, for every seat and the spectator: a copy with everything hidden from that
    seat resampled (`determinize`) must look exactly the same to that seat (view and events), and
    must leave the original untouched. And the resampling must be real: over the game, for each
    seat, some copy must differ in what *another* seat sees (else `determinize` resampled nothing
    and the first comparison proved nothing). Returns, per seat, how many copies differed.
    """
    rng = random.Random(seed)
    n = state.num_players
    resampled: dict[int | None, int] = {p: 0 for p in [*range(n), None]}

    def check(current: State) -> None:
        before = fingerprint(current)
        for p in resampled:
            other = current.determinize(p, rng)
            recent = current.version - 3
            assert seen_by(other, p, recent) == seen_by(current, p, recent), \
                f"seat {p} can tell the resampled copy apart: its view or events show hidden information"
            known = current.events(p, recent)
            for q in [*range(n), None]:
                assert other.events(q, recent) == known, \
                    f"the copy resampled for seat {p} tells seat {q}'s private events of the real game"
            if any(other.view(q) != current.view(q) for q in range(n) if q != p):
                resampled[p] += 1
        assert fingerprint(current) == before, "determinize changed the original"

    play(state, seed, check, every)
    for p, count in resampled.items():
        assert count > 0, f"determinize({p}) never resampled anything another seat sees: the leak check " \
                          "could not have noticed a leak"
    return resampled


def check_clone_independence(state: State, seed: int, every: int = 3) -> None:
    """A clone acted on never changes the original, and older copies never change (whole states)."""
    rng = random.Random(seed)
    older: list[tuple[State, str]] = []

    def check(current: State) -> None:
        before = fingerprint(current)
        copy = current.clone()
        assert fingerprint(copy) == before, "a clone differs from its original"
        actors = copy.actors()
        if actors:
            p = actors[0]
            legal = copy.legal_actions(p)
            if legal:
                copy.apply(p, legal[rng.randrange(len(legal))])
        assert fingerprint(current) == before, "acting on a clone changed the original"
        older.append((current.clone(), before))
        for kept, seen in older[-5:]:
            assert fingerprint(kept) == seen, "an older clone changed"

    play(state, seed, check, every)
