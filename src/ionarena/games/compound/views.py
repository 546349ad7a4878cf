"""What each seat sees of a compound game: the game's part of the view (`view["table"]`), as data.

The envelope (version, actors, phase, scores, winners, ...) is the kernel's; nothing here is prose.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NotRequired, TypedDict

from .actions import TILES
from .cards import CARDS, GOALS
from .chemistry import match
from .scoring import RoundParts

if TYPE_CHECKING:
    from .rules import CompoundState


class GoalView(TypedDict):
    """A goal card of the round (`goal_view`)."""

    id: str
    name: str
    kind: str
    wants: list[str]
    one: int | None
    """What one listed compound (or noble gas card) pays; None where only both pay."""
    both: int


class CompoundData(TypedDict):
    """A compound formed (`compound_data`)."""

    cards: list[str]
    """Its ion tokens (transition metals with their side: `Fe3`)."""
    formula: str
    name: str
    points: int
    refresh: bool
    """It holds an icon polyatomic ion: it refreshes an Action Tile."""


class PickView(TypedDict):
    """The seat's own pick in progress (hidden from the others until the reveal)."""

    picks: list[str]
    two: bool
    center: str | None
    rxn: bool


class RxnView(TypedDict):
    """RXN in progress: who re-forms their area, and what they may take."""

    player: int
    stage: str
    """`start` (choose `best`, `take` ...), then `form` (compounds one by one, then `done`)."""
    order: list[int]
    extras: list[str]


class Placed(TypedDict):
    """A radioactive card placed this round, with its points."""

    card: str
    points: int


class EndBonus(TypedDict):
    """The end of the game: 2 points per face-up Action Tile, and the decay ranking's award."""

    tiles: int
    decay: int


class CompoundTable(TypedDict):
    """The compound part of a seat's view. Lists by seat hold one entry per seat."""

    round: int
    rounds: int
    turn: int
    first_player: int
    goals: list[GoalView]
    center: list[str]
    discard: list[str]
    deck: int
    """Cards left in the deck."""
    hand_sizes: list[int]
    committed: list[bool]
    """By seat: has picked this turn (all False outside the pick)."""
    tiles: list[dict[str, str]]
    """By seat: each Action Tile `up` or `down` (`{}` in the Beginner game)."""
    compounds: list[list[CompoundData]]
    unbonded: list[list[str]]
    revealed: list[list[str]]
    """By seat: revealed cards still to place."""
    round_scores: list[list[RoundParts]]
    """By seat: each scored round."""
    radioactive: NotRequired[list[list[Placed]]]
    """Advanced game: by seat, radioactive cards placed this round."""
    radioactive_kept: NotRequired[list[list[str]]]
    decay: NotRequired[list[int]]
    hand: NotRequired[list[str]]
    """The seat's own cards (not in a spectator's view)."""
    your_pick: NotRequired[PickView]
    bond_options: NotRequired[list[CompoundData]]
    """In the declare phase: the compounds the seat's next revealed card may form."""
    rxn: NotRequired[RxnView]
    end_bonus: NotRequired[list[EndBonus]]


def table_view(state: CompoundState, player: int | None) -> CompoundTable:
    """What `player` sees: their own hand and pick in progress; every player's area, tiles and round
    scores (one list per field, by seat); the goals, centre, discard pile and deck size. Never others'
    hands or picks."""
    n = state.num_players
    picking = state.phase == "pick"
    v: CompoundTable = {
        "round": state.round,
        "rounds": 3,
        "turn": state.turn,
        "first_player": state.first,
        "goals": [goal_view(g) for g in state.goals],
        "center": sorted(state.center),
        "discard": sorted(state.discard),
        "deck": len(state.deck),
        "hand_sizes": [len(h) for h in state.hands],
        "committed": list(state.committed) if picking else [False] * n,
        "tiles": [tiles_data(faces) for faces in state.tiles],
        "compounds": [[compound_data(c) for c in comps] for comps in state.compounds],
        "unbonded": [sorted(u) for u in state.unbonded],
        "revealed": [list(p) for p in state.pending],
        "round_scores": [[rs[q].copy() for rs in state.round_scores] for q in range(n)],
    }
    if state.variant == "advanced":
        v["radioactive"] = [[{"card": c, "points": pts} for c, pts in placed] for placed in state.radio]
        v["radioactive_kept"] = [sorted(k) for k in state.kept]
        v["decay"] = [sum(map(DECAY_OF, kept)) + sum(DECAY_OF(c) for c, _ in placed)
                      for kept, placed in zip(state.kept, state.radio, strict=True)]
    if player is not None:
        v["hand"] = sorted(state.hands[player])
        # the pick in progress (empty outside the pick phase): only this seat knows it
        v["your_pick"] = {"picks": list(state.picks[player]), "two": state.want_two[player],
                          "center": state.want_center[player], "rxn": state.want_rxn[player]}
        if state.phase == "declare" and state.pending[player]:
            v["bond_options"] = [compound_data(r.tokens) for r in state.bond_options(player)]
    if state.phase == "rxn":
        v["rxn"] = {"player": state.rxn_order[state.rxn_index], "stage": state.rxn_stage,
                    "order": list(state.rxn_order), "extras": state.rxn_extras()}
    if state.end_bonus is not None:
        v["end_bonus"] = [b.copy() for b in state.end_bonus]
    return v


DECAY_OF = {card_id: card.decay for card_id, card in CARDS.items()}.__getitem__
"""A card's decay (whole numbers: the sum does not depend on the order)."""
_TILES_DATA: dict[tuple[bool, ...], dict[str, str]] = {}
"""Each seat's tile faces as data, by faces (a view copies one per seat at every observation)."""


def tiles_data(faces: Sequence[bool]) -> dict[str, str]:
    """A seat's tiles as data: `{"two": "up", "center": "down", "rxn": "up"}` ({} in the beginner game)."""
    key = tuple(faces)
    found = _TILES_DATA.get(key)
    if found is None:
        found = _TILES_DATA[key] = ({t: ("up" if up else "down") for t, up in zip(TILES, key, strict=True)}
                                    if key else {})
    return found.copy()


def compound_data(tokens: Sequence[str]) -> CompoundData:
    """A compound as data: its cards (ion tokens), formula, name, points and whether it refreshes a tile."""
    r = match(tuple(tokens))
    assert r is not None, f"not a compound: {tokens}"
    return {"cards": list(r.tokens), "formula": r.formula, "name": r.name, "points": r.points,
            "refresh": r.icon}


def goal_view(goal_id: str) -> GoalView:
    """A goal card as data: what it wants (formulas, noble gas cards; nothing listed for
    Neutralization, which wants a compound with an H card and another with an OH card) and its pay."""
    g = GOALS[goal_id]
    wants = list(g.items) if g.kind == "noble_gas" else list(g.compounds)
    return {"id": g.id, "name": g.name, "kind": g.kind, "wants": wants, "one": g.top, "both": g.bottom}
