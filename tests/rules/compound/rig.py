"""Set up compound positions from plain data (`GameSpec.position`) and read them back through the
seats' views and events, as a person or a surface would."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ionarena
from ionarena.core import Event, State
from ionarena.games.compound.actions import Move

SPEC = ionarena.get_spec("compound")


def new_game(players: int = 4, variant: str = "standard", seed: int = 1) -> State:
    """A fresh deal."""
    return ionarena.make("compound", players=players, seed=seed, variant=variant)


def rig(players: int = 4, variant: str = "standard", seed: int = 1, *,
        hands: dict[int, Sequence[str]] | None = None, unbonded: dict[int, Sequence[str]] | None = None,
        compounds: dict[int, list[Sequence[str]]] | None = None, **data: Any) -> State:
    """A position: these seats hold these cards (hands filled up from the cards named nowhere);
    other keys (`center`, `goals`, `deck_top`, `hand_size`, `tiles`, ...) go to `position` as they are."""
    def per_seat(given: dict[int, Any] | None) -> list[Any]:
        given = given or {}
        return [list(given.get(p, [])) for p in range(players)]

    assert SPEC.position is not None
    return SPEC.position({"players": players, "variant": variant, "seed": seed, "hands": per_seat(hands),
                          "unbonded": per_seat(unbonded),
                          "compounds": [[list(c) for c in cs] for cs in per_seat(compounds)], **data})


def table(state: State, seat: int | None = None) -> dict[str, Any]:
    """The game's part of `seat`'s view."""
    return state.view(seat)["table"]


def hand(state: State, seat: int) -> list[str]:
    """The cards `seat` holds, as its own view shows them."""
    return table(state, seat)["hand"]


def compounds(state: State, seat: int) -> list[list[str]]:
    """`seat`'s compounds as ion tokens (public)."""
    return [c["cards"] for c in table(state)["compounds"][seat]]


def unbonded(state: State, seat: int) -> list[str]:
    """`seat`'s unbonded cards (public, sorted)."""
    return table(state)["unbonded"][seat]


def tiles(state: State, seat: int) -> dict[str, str]:
    """`seat`'s Action Tile faces (public)."""
    return table(state)["tiles"][seat]


def kinds(events: list[Event]) -> list[str]:
    """The kinds of these events, in order."""
    return [e.kind for e in events]


def of_kind(state: State, kind: str, seat: int | None = None, since: int = -1) -> list[dict[str, Any]]:
    """The data of every event of `kind` that `seat` may see."""
    return [e.data for e in state.events(seat, since) if e.kind == kind]


def first_pick(state: State, p: int) -> Move:
    """`p`'s first legal `pick` move."""
    return next(m for m in state.legal_actions(p) if m.kind == "pick")


def play_turn(state: State, picks: dict[int, Sequence[str]]) -> None:
    """Every player types the given moves in order; unnamed players pick their first card."""
    for p in range(state.num_players):
        for text in picks.get(p, ()):
            state.apply_text(p, text)
        if state.phase_name() == "pick" and p in state.actors():
            state.apply(p, first_pick(state, p))


def others_unbonded(state: State, keep: int) -> None:
    """Every player but `keep` plays their revealed cards unbonded."""
    while state.phase_name() == "declare":
        others = [p for p in state.actors() if p != keep]
        if not others:
            return
        state.apply_text(others[0], "unbonded")


def plain_move(state: State, p: int) -> Move:
    """A dull legal move: pick the first card, play unbonded, RXN best, first choice otherwise."""
    legal = state.legal_actions(p)
    for kind in ("pick", "unbonded", "best", "done"):
        for m in legal:
            if m.kind == kind:
                return m
    return legal[0]


def drive(state: State, until: Callable[[State], bool]) -> None:
    """Apply dull moves until `until(state)` is true (or the game ends)."""
    while not until(state) and not state.is_over():
        p = state.actors()[0]
        state.apply(p, plain_move(state, p))


def at_phase(phase: str) -> Callable[[State], bool]:
    """`drive` until this phase."""
    return lambda s: s.phase_name() == phase


def at_round(number: int) -> Callable[[State], bool]:
    """`drive` until this round is dealt."""
    return lambda s: table(s)["round"] == number
