"""What each seat sees of a compound game: JSON-serialisable views, with every compound named."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ionarena.core import View

from .cards import CARDS, GOALS
from .chemistry import match

if TYPE_CHECKING:
    from .rules import CompoundState

TILES = ("two", "center", "rxn")
"""The three Action Tiles, in the order a player's tile faces are stored."""


def table_view(state: CompoundState, player: int | None) -> View:
    """What `player` sees: their own hand and commit; every player's area, tiles and scores; the
    goals, center, discard pile and deck size; recent events. Never others' hands or picks."""
    v: dict[str, Any] = {
        "game": state.game_id, "variant": state.variant, "round": state.round, "turn": state.turn,
        "phase": state.phase, "first_player": state.first, "actors": state.actors(),
        "you": player,
        "goals": [goal_view(g) for g in state.goals],
        "center": sorted(state.center), "discard": sorted(state.discard), "deck": len(state.deck),
        "players": [player_view(state, q) for q in range(state.num_players)],
        "scores": state.scores(),
        "events": list(state.events),
    }
    if player is not None:
        v["hand"] = sorted(state.hands[player])
        if state.phase == "pick":
            v["your_pick"] = {"picks": list(state.picks[player]), "two": state.want_two[player],
                              "center": state.want_center[player], "rxn": state.want_rxn[player],
                              "committed": state.committed[player]}
    if state.phase == "declare" and player is not None and state.pending[player]:
        v["bond_options"] = [r.label() for r in state.bond_options(player)]
    if state.phase == "rxn":
        v["rxn"] = {"player": state.rxn_order[state.rxn_index], "stage": state.rxn_stage,
                    "order": list(state.rxn_order)}
    if state.is_over() and state.end_bonus is not None:
        v["final"] = {"end_bonus": state.end_bonus, "winners": state.winners()}
    return v

def player_view(state: CompoundState, q: int) -> dict[str, Any]:
    comps = []
    for tokens in state.compounds[q]:
        r = match(list(tokens))
        assert r is not None
        comps.append({"cards": list(tokens), "formula": r.formula, "name": r.name, "points": r.points,
                      "refresh": r.icon})
    seen: dict[str, Any] = {
        "seat": q,
        "hand_size": len(state.hands[q]),
        "committed": state.committed[q] if state.phase == "pick" else None,
        "tiles": {t: ("up" if state.tiles[q][i] else "down") for i, t in enumerate(TILES)}
        if state.tiles[q] else {},
        "compounds": comps,
        "unbonded": sorted(state.unbonded[q]),
        "revealed": list(state.pending[q]),
        "round_scores": [rs[q] for rs in state.round_scores],
    }
    if state.variant == "advanced":
        seen["radioactive"] = [{"card": c, "points": pts} for c, pts in state.radio[q]]
        seen["radioactive_kept"] = sorted(state.kept[q])
        seen["decay"] = sum(CARDS[c].decay for c in [*state.kept[q], *(c for c, _ in state.radio[q])])
    return seen


def goal_view(goal_id: str) -> dict[str, Any]:
    g = GOALS[goal_id]
    if g.kind == "neutralization":
        wants = ["a compound with an H card (not H + OH water)",
                 "another with an OH card (not H + OH water)"]
    elif g.kind == "noble_gas":
        wants = list(g.items)
    else:
        wants = list(g.compounds)
    return {"id": g.id, "name": g.name, "kind": g.kind, "wants": wants, "one": g.top, "both": g.bottom}
