"""Set up compound games in a chosen position while keeping every card accounted for."""

from __future__ import annotations

from collections.abc import Sequence

import ionarena
from ionarena.games.compound.cards import card_of
from ionarena.games.compound.rules import CompoundState


def new_game(players: int = 4, variant: str = "standard", seed: int = 1) -> CompoundState:
    """A fresh game."""
    state = ionarena.make("compound", players=players, seed=seed, variant=variant)
    assert isinstance(state, CompoundState)
    return state


def rig(state: CompoundState, hands: dict[int, Sequence[str]] | None = None,
        unbonded: dict[int, Sequence[str]] | None = None, center: Sequence[str] | None = None,
        goals: Sequence[str] | None = None, deck_top: Sequence[str] = (),
        compounds: dict[int, list[tuple[str, ...]]] | None = None) -> CompoundState:
    """Give players these hand cards (the rest of each hand filled from the deck) and unbonded
    cards, set the center and the goals, and put `deck_top` on top of the deck (last drawn first)."""
    pool = list(state.deck) + list(state.center)
    for h in state.hands:
        pool += h
    for u in state.unbonded:
        pool += u

    def take(c: str) -> str:
        pool.remove(c)
        return c

    for p, comps in (compounds or {}).items():
        for comp in comps:
            for t in comp:
                take(card_of(t))
        state.compounds[p] = list(comps)
    wanted_unbonded = {p: [take(c) for c in cards] for p, cards in (unbonded or {}).items()}
    wanted_hands = {p: [take(c) for c in cards] for p, cards in (hands or {}).items()}
    new_center = [take(c) for c in center] if center is not None else None
    top = [take(c) for c in deck_top]
    size = len(state.hands[0])
    for p in range(state.num_players):
        state.unbonded[p] = wanted_unbonded.get(p, [])
        h = wanted_hands.get(p, [])
        state.hands[p] = h
    if new_center is not None:
        state.center = new_center
    else:
        state.center = [take(c) for c in list(state.center) if c in pool]
    # fill hands from what is left, avoiding the cards a test placed on purpose
    for p in range(state.num_players):
        while len(state.hands[p]) < size:
            state.hands[p].append(pool.pop())
    state.deck = pool + list(reversed(top))
    if goals is not None:
        state.goals = list(goals)
    return state


def play_turn(state: CompoundState, picks: dict[int, Sequence[str]]) -> None:
    """Every player applies the given moves (text) in order; unnamed players pick their first card."""
    for p in range(state.num_players):
        for text in picks.get(p, ()):
            state.apply_text(p, text)
        if state.phase == "pick" and not state.committed[p]:
            state.apply(p, next(m for m in state.legal_actions(p) if m.kind == "pick"))


def others_unbonded(state: CompoundState, keep: int) -> None:
    """Every player but `keep` plays their revealed cards unbonded."""
    while state.phase == "declare":
        others = [p for p in state.actors() if p != keep]
        if not others:
            return
        state.apply_text(others[0], "unbonded")


def plain_move(state: CompoundState, p: int):
    """A dull legal move: pick the first card, play unbonded, RXN best, first choice otherwise."""
    legal = state.legal_actions(p)
    for kind in ("pick", "unbonded", "best", "done"):
        for m in legal:
            if m.kind == kind:
                return m
    return legal[0]


def drive(state: CompoundState, until) -> None:
    """Apply dull moves until `until(state)` is true (or the game ends)."""
    while not until(state) and not state.is_over():
        p = state.actors()[0]
        state.apply(p, plain_move(state, p))


def last_turn(state: CompoundState) -> CompoundState:
    """Shorten every hand to 3 cards (the extras go back into the deck): the next turn ends the round."""
    for h in state.hands:
        while len(h) > 3:
            state.deck.insert(0, h.pop())
    return state
