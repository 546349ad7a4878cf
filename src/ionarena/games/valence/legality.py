"""Why a Valence move is illegal: the checks `apply` and `parse_action` run before anything changes,
each with a sentence a player understands, and the tables they share with `legal_actions`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core import HOST, Actor, IllegalAction, quote
from .actions import (
    ADD_HELIUM,
    BUILD,
    DISCARD,
    DRAW,
    DRAW_DECK,
    DRAW_DISCARD,
    END_TURN,
    HELIUM,
    PLACE,
    REACT,
    REDRAW,
    REDRAW_HAND,
    TRADE,
    Move,
    well_formed,
)
from .cards import HE, INDEX, MOLECULE_TYPES, RECIPES, elements_of, kind_of
from .cards import HELIUM as HE_SYMBOL
from .chemistry import is_a_name, normalise_name, reaction
from .refusals import formula_not_a_name, looks_like_formula

if TYPE_CHECKING:
    from .rules import ValenceState

DRAW_PHASE, BUILD_PHASE, PLACE_PHASE, DISCARD_PHASE = "draw", "build", "place", "discard"
HAND_LIMIT = 6
"""'If you have 7 or more Element cards in hand, discard until you only have 6 Element cards.'"""
REACTORS = ("acid", "water")
SALTS = frozenset(f for f, r in RECIPES.items() if r.type == "salt")
REACTOR_FORMULAS = frozenset(f for f, r in RECIPES.items() if r.type in REACTORS)
WANTS = {DRAW: DRAW_PHASE, REDRAW: DRAW_PHASE, PLACE: PLACE_PHASE, DISCARD: DISCARD_PHASE}
"""The phase each verb belongs to (every other verb: the build phase)."""


def _reaction_table() -> dict[tuple[str, str], tuple[tuple[str, str], str, tuple[tuple[str, int], ...]]]:
    """Every `(reactor, target)` that reacts: its product cards, equation, and the molecule cards it
    needs from the bank by type, net of the reactor that goes back (so `bank[type] >= n` is the check)."""
    table = {}
    for reactor in REACTOR_FORMULAS:
        for target in RECIPES:
            found = reaction(reactor, target)
            if found is None:
                continue
            products, equation = found
            need: dict[str, int] = {}
            for product in products:
                need[RECIPES[product].type] = need.get(RECIPES[product].type, 0) + 1
            returned = RECIPES[reactor].type
            table[reactor, target] = (products, equation,
                                      tuple((t, n - (t == returned)) for t, n in need.items()))
    return table


REACTIONS = _reaction_table()
TARGETS = {r: frozenset(t for (r2, t) in REACTIONS if r2 == r) for r in REACTOR_FORMULAS}


def products_available(bank: dict[str, int], reactor: str, target: str) -> bool:
    """RULING: a reaction is legal only while the bank holds every product (the reactor
    going back counts)."""
    found = REACTIONS.get((reactor, target))
    if found is None:
        return False
    return all(bank[t] >= n for t, n in found[2])


def check(state: ValenceState, player: Actor, move: Any) -> int:
    """Raise IllegalAction with a reason unless `move` is legal for `player` now; return the seat."""
    if state.over:
        raise IllegalAction("the game is over")
    if player is HOST:
        raise IllegalAction("the host has no move in this game")
    if player != state.current:
        raise IllegalAction(f"it is not Player {player}'s turn; Player {state.current} is to move")
    if not well_formed(move):
        raise IllegalAction(f"{quote(move)} is not a Valence move")
    p: int = player
    verb = move.verb
    if WANTS.get(verb, BUILD_PHASE) != state.phase:
        raise IllegalAction(phase_hint(state, verb))
    _CHECKS.get(verb, _check_end)(state, p, move)
    return p


def _check_draw(state: ValenceState, p: int, move: Move) -> None:
    if move == DRAW_DISCARD:
        if sum(state.hands[p]) < 2:
            raise IllegalAction("you may take the discard pile's top card only when you "
                                "would draw one card (two or more cards in hand)")
        if not state.discard:
            raise IllegalAction("the discard pile is empty")
    elif move != DRAW_DECK:
        raise IllegalAction("draw from the deck ('draw') or the discard pile ('draw discard')")


def _check_redraw(state: ValenceState, p: int, move: Move) -> None:
    if move != REDRAW_HAND:
        raise IllegalAction("'redraw' takes nothing after it")
    if not sum(state.hands[p]):
        raise IllegalAction("your hand is empty: just 'draw' three cards")


def _check_put_down(state: ValenceState, p: int, move: Move) -> None:
    """`place` (a used card onto the discard pile) and `discard` (a card of the hand)."""
    verb = move.verb
    where = state.pending if verb == PLACE else state.hands[p]
    if move.what not in INDEX or not where[INDEX[move.what]] or move[2:] != (-1, "", ""):
        have = ", ".join(elements_of(where))
        raise IllegalAction(f"you have no {quote(move.what) if move.what else 'card'} to {verb}; "
                            f"you have {have}")


def _check_helium(state: ValenceState, p: int, move: Move) -> None:
    if move != ADD_HELIUM:
        raise IllegalAction("'helium' takes nothing after it")
    if not state.hands[p][HE]:
        raise IllegalAction("you have no Helium in your hand")
    if state.turns_taken[p] <= 1:
        raise IllegalAction("you cannot add Helium on your first turn")


def _check_trade(state: ValenceState, p: int, move: Move) -> None:
    if state.variant == "beginner":
        raise IllegalAction("Beginner rules set trading up aside")
    if state.traded:
        raise IllegalAction("you can Trade Up only once per turn")
    if move.what not in state.stashes[p] or kind_of(move.what) != "salt" or move[2:] != (-1, "", ""):
        raise IllegalAction("Trade Up returns a Salt from your stash; you have none called "
                            f"{quote(move.what) if move.what else 'that'}")


def _check_end(state: ValenceState, p: int, move: Move) -> None:
    if move != END_TURN:
        raise IllegalAction("'end' takes nothing after it")


def phase_hint(state: ValenceState, verb: str) -> str:
    """Why `verb` does not fit the phase, and what the player may do instead."""
    if state.phase == DRAW_PHASE:
        return f"you cannot {verb} now: start your turn with 'draw', 'draw discard' or 'redraw'"
    if state.phase == PLACE_PHASE:
        left = ", ".join(elements_of(state.pending))
        return f"you cannot {verb} now: first put the used cards on the discard pile ('place X'): {left}"
    if state.phase == DISCARD_PHASE:
        return f"you cannot {verb} now: discard down to {HAND_LIMIT} cards ('discard X')"
    return f"you cannot {verb} now: build, react, trade, play Helium or 'end' your turn"


def check_build(state: ValenceState, p: int, move: Move) -> None:
    """Raise IllegalAction unless `p` may build `move.what` (named `move.said`) now."""
    recipe = RECIPES.get(move.what)
    if recipe is None or move.whom != -1 or move.target:
        raise IllegalAction(f"{quote(move.what) if move.what else 'that'} is not a molecule")
    if state.variant == "ninja":
        if not move.said:
            raise IllegalAction("Science Ninja rules: name your molecule, e.g. "
                                f"'build {' '.join(recipe.cards)} as <its name>'")
        if move.said != normalise_name(move.said):
            raise IllegalAction("write the name in lower case with single spaces")
        if looks_like_formula(move.said) and not is_a_name(move.said):
            raise IllegalAction(formula_not_a_name(move.said))
    elif move.said:
        raise IllegalAction("only Science Ninja rules name molecules: just 'build "
                            f"{recipe.formula}'")
    if recipe.formula in state.failed:
        raise IllegalAction(f"you named {' '.join(recipe.cards)} wrongly this turn: try again "
                            "next turn")
    if state.bank[recipe.type] <= 0:
        raise IllegalAction(f"the Molecule Bank is out of {MOLECULE_TYPES[recipe.type].label} "
                            "cards: you cannot build it")
    hand = state.hands[p]
    if any(h < n for h, n in zip(hand, recipe.counts, strict=True)):
        raise IllegalAction(f"{recipe.formula} needs {' '.join(recipe.cards)}; you have "
                            f"{' '.join(elements_of(hand)) or 'no cards'}")


def check_react(state: ValenceState, p: int, move: Move) -> None:
    """Raise IllegalAction unless `p`'s reactor may react with the target now."""
    if state.variant == "beginner":
        raise IllegalAction("Beginner rules set reactions aside")
    reactor, q, target = move.what, move.whom, move.target
    if kind_of(reactor) not in REACTORS:
        raise IllegalAction("only Acid and Water molecules are reactors")
    if reactor not in state.stashes[p]:
        raise IllegalAction(f"you have no {reactor} in your stash")
    if not 0 <= q < state.num_players or q == p:
        raise IllegalAction("react with an opponent's molecule: give their player number")
    if target not in state.stashes[q] or target == HE_SYMBOL:
        raise IllegalAction(f"Player {q} has no {quote(target) if target else 'such molecule'} "
                            "in their stash")
    if move.said or (reactor, target) not in REACTIONS:
        what = "Base and Metal Oxide" if RECIPES[reactor].type == "acid" else "Deadly Carbonyl"
        raise IllegalAction(f"{reactor} reacts only with {what}, not {target}")
    if not products_available(state.bank, reactor, target):
        raise IllegalAction("the Molecule Bank does not hold the products of that reaction")


_CHECKS: dict[str, Callable[[ValenceState, int, Move], None]] = {
    DRAW: _check_draw, REDRAW: _check_redraw, PLACE: _check_put_down, DISCARD: _check_put_down,
    BUILD: check_build, HELIUM: _check_helium, REACT: check_react, TRADE: _check_trade,
}
"""The check of each verb (`end`: `_check_end`), once the verb fits the phase."""
