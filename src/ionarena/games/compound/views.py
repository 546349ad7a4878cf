"""What each seat sees of a compound game: the game's part of the view (`view["table"]`), as data.

The envelope (version, actors, phase, scores, winners, ...) is the kernel's; nothing here is prose.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ionarena.core import View

from .cards import CARDS, GOALS
from .chemistry import match
from .moves import TILES

if TYPE_CHECKING:
    from .rules import CompoundState


def table_view(state: CompoundState, player: int | None) -> View:
    """What `player` sees: their own hand and pick in progress; every player's area, tiles and round
    scores (one list per field, by seat); the goals, centre, discard pile and deck size. Never others'
    hands or picks."""
    n = state.num_players
    picking = state.phase == "pick"
    v: dict[str, Any] = {
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
        "round_scores": [[dict(rs[q]) for rs in state.round_scores] for q in range(n)],
    }
    if state.variant == "advanced":
        v["radioactive"] = [[{"card": c, "points": pts} for c, pts in placed] for placed in state.radio]
        v["radioactive_kept"] = [sorted(k) for k in state.kept]
        v["decay"] = [sum(map(_DECAY_OF, kept)) + sum(_DECAY_OF(c) for c, _ in placed)
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
        v["end_bonus"] = [dict(b) for b in state.end_bonus]
    return v


_DECAY_OF = {card_id: card.decay for card_id, card in CARDS.items()}.__getitem__
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


def compound_data(tokens: Sequence[str]) -> dict[str, Any]:
    """A compound as data: its cards (ion tokens), formula, name, points and whether it refreshes a tile."""
    r = match(tuple(tokens))
    assert r is not None, f"not a compound: {tokens}"
    return {"cards": list(r.tokens), "formula": r.formula, "name": r.name, "points": r.points,
            "refresh": r.icon}


def goal_view(goal_id: str) -> dict[str, Any]:
    """A goal card as data: what it wants (formulas, noble gas cards; nothing listed for
    Neutralization, which wants a compound with an H card and another with an OH card) and its pay."""
    g = GOALS[goal_id]
    wants = list(g.items) if g.kind == "noble_gas" else list(g.compounds)
    return {"id": g.id, "name": g.name, "kind": g.kind, "wants": wants, "one": g.top, "both": g.bottom}
