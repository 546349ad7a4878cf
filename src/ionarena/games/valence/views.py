"""What each seat sees of a Valence game: the game's part of the view (`view["table"]`), as data.

The envelope (version, actors, phase, scores, winners, ...) is the kernel's; nothing here is prose.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from .cards import elements_of

if TYPE_CHECKING:
    from .rules import ValenceState


class ValenceTable(TypedDict):
    """The Valence part of a seat's view. Lists by seat hold one entry per seat."""

    turn: int
    turn_cap: int
    hand_sizes: list[int]
    deck_size: int
    discard_top: str | None
    """The discard pile's top card (a face-up stack: its top and its size are seen, not spread)."""
    discard_size: int
    placing: list[str]
    """Used cards the player to move still puts onto the discard pile, one at a time."""
    bank: dict[str, int]
    """Molecule cards left in the Molecule Bank, by type."""
    stashes: list[list[str]]
    """By seat: molecules by formula, and `He`."""
    skip_draw: list[bool]
    first_turn: bool
    """The player to move is on their first turn (no Helium yet)."""
    traded_up: bool
    failed_builds: list[str]
    """Science Ninja: molecules named wrongly this turn (to try again next turn)."""
    hand: NotRequired[list[str]]
    """The seat's own cards (not in a spectator's view)."""
    built_types: NotRequired[list[str]]
    """Cooperative: the molecule types built so far."""


def table_view(state: ValenceState, player: int | None) -> ValenceTable:
    """The table as `player` sees it: their own hand, every stash, counts, the discard pile's top."""
    view: ValenceTable = {
        "turn": state.turn,
        "turn_cap": state.turn_cap,
        "hand_sizes": list(map(sum, state.hands)),
        "deck_size": len(state.deck),
        "discard_top": state.discard[-1] if state.discard else None,
        "discard_size": len(state.discard),
        "placing": elements_of(state.pending),
        "bank": dict(state.bank),
        "stashes": list(map(list, state.stashes)),
        "skip_draw": list(state.skip_draw),
        "first_turn": state.is_first_turn(state.current),
        "traded_up": state.traded,
        "failed_builds": list(state.failed),
    }
    if player is not None:
        view["hand"] = elements_of(state.hands[player])
    if state.variant == "cooperative":
        view["built_types"] = sorted(state.built_types)
    return view
