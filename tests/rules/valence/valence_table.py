"""Set up a Valence table exactly as a rulebook test needs it (through the game's `position`), and
read it back the way a seat does: its view's table, its events, the presenter's sentences."""

from __future__ import annotations

from typing import Any

import ionarena
from ionarena.core import Event, Names
from ionarena.games.valence.rules import ValenceState

SPEC = ionarena.get_spec("valence")
PRESENTER = SPEC.presenter


def table(players: int = 3, variant: str = "standard", *, hands: dict[int, list[str]] | None = None,
          discard: list[str] | None = None, stashes: dict[int, list[str]] | None = None,
          current: int = 0, phase: str = "build", deck: list[str] | None = None,
          first_turn: bool = False, seed: int = 1, **extra: Any) -> ValenceState:
    """A game in which the given hands, stashes and discard pile are on the table.

    Every other element card is in the deck (shuffled by `seed` unless `deck` is given, in drawing
    order; then the rest lie under the discard pile). `extra`: further `position` keys (`turn`,
    `built_types`, `helium_under`, `skip_draw`, `options`, ...).
    """
    hands = hands or {}
    stashes = stashes or {}
    data: dict[str, Any] = {
        "hands": [hands.get(p, []) for p in range(players)],
        "stashes": [stashes.get(p, []) for p in range(players)],
        "discard": list(discard or []),
        "to_move": current, "phase": phase, "variant": variant, "first_turn": first_turn, "seed": seed,
        **extra,
    }
    if deck is not None:
        data["deck"] = deck
    state = SPEC.position(data)
    assert isinstance(state, ValenceState)
    return state


def seen(state: ValenceState, seat: int | None = 0) -> dict[str, Any]:
    """The game's own part of `seat`'s view (`view["table"]`)."""
    return state.view(seat)["table"]


def hand_of(state: ValenceState, player: int) -> list[str]:
    """A player's hand as they see it (symbols in atomic-number order)."""
    return list(seen(state, player)["hand"])


def stashes(state: ValenceState) -> list[list[str]]:
    """Every stash, as the table sees them."""
    return seen(state, None)["stashes"]


def events(state: ValenceState, seat: int | None, since: int | None = None) -> list[Event]:
    """The events `seat` received for the last action (or after version `since`)."""
    return state.events(seat, state.version - 1 if since is None else since)


def kinds(state: ValenceState, seat: int | None, since: int | None = None) -> list[str]:
    """The kinds of those events."""
    return [e.kind for e in events(state, seat, since)]


def told(state: ValenceState, seat: int | None, since: int | None = None) -> list[str]:
    """What `seat` reads about the last action (or since version `since`), sentence by sentence."""
    names = Names(seat)
    return [PRESENTER.describe(e, names) for e in events(state, seat, since)]


def shown(state: ValenceState, seat: int | None) -> str:
    """The table as `seat` reads it on screen."""
    return PRESENTER.render(state.view(seat), Names(seat))
