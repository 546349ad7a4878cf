"""Actions (moves) of Ion: A Compound Building Game as values and as text: their canonical text,
the parser, and the sentence that says why a move is not allowed now.

A move is `Move(kind, args)`: `pick Cl` is Move("pick", ("Cl",)), `bond Mg Cl Cl` is
Move("bond", ("Mg", "Cl", "Cl")). Transition metals in a bond carry their side: `bond Fe3 Cl Cl Cl`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from ionarena.core import Actor, IllegalAction, quote

from .cards import CARDS, IONS, card_of, tokens_of
from .chemistry import Recipe, match, why_not
from .formulas import formula_recipes, why_not_formula, why_not_in_deck

if TYPE_CHECKING:
    from .rules import CompoundState

TILES = ("two", "center", "rxn")
"""The three Action Tiles, in the order a player's tile faces are stored."""
TILE_NAMES = {"two": "Play Two", "center": "Play From Center", "rxn": "RXN"}


class Move(NamedTuple):
    """An action: `kind` and its words, e.g. Move("bond", ("Mg", "Cl", "Cl")) is `bond Mg Cl Cl`."""

    kind: str
    args: tuple[str, ...] = ()


UNBONDED = Move("unbonded")
TWO = Move("two")
RXN = Move("rxn")
TAKE_NONE = Move("take", ("none",))
PICK = {c: Move("pick", (c,)) for c in CARDS}
"""`pick <card>` for every card (made once: legal move lists are the hot path)."""
CENTER = {c: Move("center", (c,)) for c in CARDS}
KINDS = ("pick", "two", "center", "rxn", "unbonded", "bond", "best", "take", "form", "done", "refresh")


def well_formed(move: object) -> bool:
    """True for a `Move` whose kind is a move kind and whose words are all text."""
    return (isinstance(move, Move) and move.__class__ is Move and move.kind in KINDS
            and move.args.__class__ is tuple and all(a.__class__ is str for a in move.args))


def format_move(move: object) -> str:
    """The canonical text of a move; bonds and RXN forms name their compound:
    `bond Mg OH OH = Mg(OH)2 — magnesium hydroxide`."""
    if not isinstance(move, Move) or move.__class__ is not Move or move.kind.__class__ is not str \
            or move.args.__class__ is not tuple or not all(a.__class__ is str for a in move.args):
        raise IllegalAction(f"{quote(move)} is not a move of this game")
    text = " ".join((move.kind, *move.args))
    if move.kind in ("bond", "form"):
        r = match(move.args)
        if r is not None:
            text += f" = {r.label()}"
    return text


def _plain(move: Move) -> str:
    return " ".join((move.kind, *move.args))


def _shown(words: tuple[str, ...]) -> str:
    """Words a person typed, repeated in a message: as typed when short and plain, else quoted and cut."""
    text = " ".join(words)
    return text if len(text) <= 30 and text.isprintable() else quote(text, 30)


def parse_move(state: CompoundState, player: Actor, text: str) -> Move:
    """The move `text` names for `player`. `bond`/`form` accept the full text, the cards alone in
    any order (`bond Mg Cl Cl`, `bond Cl Mg Cl`), a transition metal without its side when only one
    side fits (`bond Fe Cl Cl Cl`), or the formula however it is typed (`bond Mg(OH)2`, `bond MgOH2`,
    `bond Mg(OH)₂`, `bond Mg (OH)2`, `bond mgoh2`: see `formulas`) when only one option has it."""
    words = text.split()
    if words == ["rxn"] and state.phase != "pick" and isinstance(player, int) and not state.is_over():
        raise IllegalAction(rxn_too_late(state))
    if player not in state.actors():
        raise IllegalAction(_not_now(state, player))
    assert isinstance(player, int)
    if not words:
        raise IllegalAction(f"type a move; you may: {_hint(state, player)}")
    kind, args = words[0], tuple(words[1:])
    found = _legal_named(state.legal_actions(player), " ".join(words), kind, args)
    if found is None:
        raise IllegalAction(why_illegal(state, player, Move(kind, args)))
    return found


def _legal_named(legal: list[Move], canonical: str, kind: str, args: tuple[str, ...]) -> Move | None:
    """The one legal move these words name (see `parse_move`); None if none; `IllegalAction` when
    the words fit several bonds."""
    formula = formula_text(args) if kind in ("bond", "form") else None
    named = {r.formula for r in formula_recipes(formula)} if formula else set()
    by_cards: list[Move] = []
    by_formula: list[Move] = []
    for move in legal:
        if canonical == _plain(move) or canonical == format_move(move):
            return move
        if move.kind != kind or kind not in ("bond", "form"):
            continue
        if sorted(args) == sorted(move.args):
            return move  # the cards in any order: `bond Cl Mg Cl`
        if sorted(args) == sorted(card_of(t) for t in move.args):
            by_cards.append(move)  # `bond Fe Cl Cl Cl`: the side that fits
        if named:
            r = match(move.args)
            if r is not None and r.formula in named:
                by_formula.append(move)
    for found in (by_cards, by_formula):
        if len(found) == 1:
            return found[0]
        if found:
            choices = " or ".join(_plain(m) for m in found)
            raise IllegalAction(f"{_shown(args)} can be made more than one way here: say {choices}")
    return None


def formula_text(args: tuple[str, ...]) -> str | None:
    """The formula typed in a bond's words, if they are one (words that are not all cards, joined:
    `Mg (OH)2` -> `Mg(OH)2`); None for a list of cards (`Mg OH OH`)."""
    if args and any(a not in CARDS and a not in IONS for a in args):
        return "".join(args)
    return None


def _not_now(state: CompoundState, player: Actor) -> str:
    if state.is_over():
        return "the game is over"
    if not isinstance(player, int):
        return "the host has no move in this game"
    if state.phase == "pick":
        return "you have picked this turn: wait until everyone has picked and the cards are revealed"
    if state.phase == "declare":
        return "you have placed your revealed cards: wait for the others to place theirs"
    actors = state.actors()
    who = f"Player {actors[0]}" if actors else "nobody"
    return f"it is not your turn now: {who} is to decide"


def _hint(state: CompoundState, p: int, limit: int = 160) -> str:
    """Some legal moves as text, cut to a short line."""
    shown: list[str] = []
    length = 0
    legal = state.legal_actions(p)
    for move in legal:
        text = format_move(move)
        if shown and length + len(text) > limit:
            return ", ".join(shown) + f" … ({len(legal)} moves)"
        shown.append(text)
        length += len(text) + 2
    return ", ".join(shown)


def recipe_of(args: tuple[str, ...]) -> Recipe | None:
    """The compound these words name: a formula however typed (`MgCl2`, `MgOH2`, `Mg (OH)2`), or cards
    in any order, a transition metal with its side (`Fe3 Cl Cl Cl`) or without it when one side fits
    (`Fe Cl Cl Cl`); None if none (or if a formula could name several)."""
    formula = formula_text(args)
    if formula is not None:
        found = formula_recipes(formula)
        return found[0] if len(found) == 1 else None
    if len(args) > 12:
        return None
    sides = [tokens_of(a) if a in CARDS and CARDS[a].kind == "transition" else (a,) for a in args]
    for tokens in itertools.product(*sides):
        r = match(tokens)
        if r is not None:
            return r
    return None


def _chemistry(args: tuple[str, ...]) -> str:
    """Why these words are not one compound the deck can make ("" if they are one): cards, or a
    formula however typed."""
    formula = formula_text(args)
    if formula is not None and len(formula_recipes(formula)) > 1:
        return ""  # several compounds: the caller says which to choose
    r = recipe_of(args)
    if r is not None:
        short = why_not_in_deck(r)
        return f"{r.label()} cannot be built in this game: {short}" if short else ""
    reason = why_not_formula(formula) if formula is not None else why_not(args)
    return f"{_shown(args)} is not a compound: {reason}"


def why_illegal(state: CompoundState, p: int, move: object) -> str:
    """A sentence saying why `move` is not one of `p`'s legal moves now."""
    if not isinstance(move, Move) or not well_formed(move):
        if isinstance(move, Move) and isinstance(move.kind, str) and move.kind not in KINDS:
            return f"{quote(move.kind)} is not a move of this game; you may: {_hint(state, p)}"
        return f"that is not a move of this game; you may: {_hint(state, p)}"
    kind, args = move.kind, move.args
    phase = state.phase
    if kind in (*TILES, "refresh") and not state.tiles[p] and (kind != "center" or phase != "center"):
        return "the Beginner game has no Action Tiles" + (" and no center cards" if kind == "center" else "")
    if kind in ("bond", "form"):
        chemistry = _chemistry(args) if args else \
            f"name the cards of the compound or its formula, e.g. `{kind} Mg Cl Cl` or `{kind} MgCl2`"
        if chemistry:
            return chemistry
    if kind == "rxn" and phase != "pick":
        return rxn_too_late(state)
    why_not = _WHY_NOT.get(phase)
    reason = why_not(state, p, kind, args) if why_not is not None else ""
    return reason or f"{quote(_plain(move))} is not possible now; you may: {_hint(state, p)}"


def _why_not_center(state: CompoundState, p: int, kind: str, args: tuple[str, ...]) -> str:
    """Why a move of the centre phase is refused ("" if no particular reason)."""
    if kind == "center" and len(args) == 1:
        left = ", ".join(sorted(set(state.center)))
        return f"there is no {_shown(args)} left in the center; choose one of: {left}"
    return ""


def _why_not_declare(state: CompoundState, p: int, kind: str, args: tuple[str, ...]) -> str:
    """Why a move of the declare phase is refused."""
    new = state.pending[p][0]
    if kind == "bond":
        r = recipe_of(args)
        name = r.label() if r is not None else _shown(args)
        loose = ", ".join(sorted(state.unbonded[p])) or "none"
        return (f"you cannot bond {name} now: a bond holds your revealed {new} and otherwise only your "
                f"unbonded cards (yours: {loose})")
    return f"place your revealed {new}: `unbonded` or a bond, e.g. {_hint(state, p)}"


def _why_not_rxn(state: CompoundState, p: int, kind: str, args: tuple[str, ...]) -> str:
    """Why a move of RXN is refused ("" if no particular reason)."""
    if kind == "form":
        return "those cards are not all among your unbonded cards"
    if kind == "take" and state.rxn_stage == "start" and len(args) == 1:
        card = CARDS.get(args[0])
        if card is not None and card.kind in ("noble", "radioactive"):
            what = "a noble gas" if card.kind == "noble" else "radioactive"
            return (f"RXN takes a card \"to use in forming your compounds\", and {args[0]} "
                    f"({card.name}) is {what}: it never bonds")
        return f"there is no {_shown(args)} to take in the center or the discard pile"
    if state.rxn_stage == "form":
        return f"form your compounds one by one (`form ...`), then `done`; you may: {_hint(state, p)}"
    return ""


def _why_not_refresh(state: CompoundState, p: int, kind: str, args: tuple[str, ...]) -> str:
    """Why a move of the refresh phase is refused ("" if no particular reason)."""
    if kind == "refresh" and len(args) == 1 and args[0] in TILES:
        return f"your {TILE_NAMES[args[0]]} tile is already face up"
    return ""


def rxn_too_late(state: CompoundState) -> str:
    """Why RXN cannot be flipped now, outside a pick (RULING (Ion Arena), docs/rules/compound.md)."""
    if state.phase in ("rxn", "refresh", "over") or not any(state.hands):
        return ("the round's last cards are discarded, so the round is over: RXN is flipped \"at any "
                "point during a round\", with a pick (`rxn` before your `pick`)")
    return ("RXN is flipped with a pick, before the picks are revealed (`rxn`, then `pick ...`): "
            "this turn's picks are revealed, so your next chance is the next turn's pick")


def _why_not_pick(state: CompoundState, p: int, kind: str, args: tuple[str, ...]) -> str:
    """Why a move of the pick phase is refused ("" if no particular reason)."""
    if kind == "pick":
        if len(args) != 1:
            return "pick one card of your hand, e.g. `pick Cl`"
        card = args[0]
        if card not in CARDS:
            return f"{quote(card)} is not a card of this game (card names are case-sensitive: Co is " \
                   "cobalt, CO3 carbonate)"
        if card in state.picks[p]:
            return f"you have already picked every {card} of your hand"
        return f"you have no {card} in your hand"
    if kind in TILES:
        name = TILE_NAMES[kind]
        if not state.tile_up(p, kind):
            return f"your {name} tile is face down (used); a compound with a polyatomic ion can refresh it"
        chosen = {"two": state.want_two[p], "center": state.want_center[p] is not None,
                  "rxn": state.want_rxn[p]}[kind]
        if chosen:
            return f"you have already chosen {name} this turn"
        if state.picks[p]:
            return "choose Action Tiles before your first pick of the turn"
        if kind == "two" and not state.deck:
            return "Play Two adds a card from the deck to the hand you pass, and the deck is empty"
        if kind == "center":
            if not state.center:
                return "the center is empty"
            if len(args) != 1:
                return f"name the center card you want, e.g. `center {sorted(state.center)[0]}`"
            held = ", ".join(sorted(set(state.center)))
            return f"there is no {_shown(args)} in the center; it holds {held}"
        if args:
            return f"`{kind}` takes no card"
        return ""
    if kind in ("bond", "unbonded", "form"):
        return "first pick a card; you place it once every pick is revealed"
    return ""


_WHY_NOT: dict[str, Callable[[CompoundState, int, str, tuple[str, ...]], str]] = {
    "pick": _why_not_pick, "center": _why_not_center, "declare": _why_not_declare, "rxn": _why_not_rxn,
    "refresh": _why_not_refresh,
}
"""Why a well-formed move is refused, by phase ("" when there is no more particular reason)."""
