"""Why a dots move is refused: the check `apply` and `parse_action` make before anything changes,
one function per phase, each refusal a sentence that names the cards ("1|2 does not match the
table: play a card with 4 or 5 dots")."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ionarena.core import HOST, Actor, IllegalAction, quote

from .actions import (
    ACTION_TEXT,
    DJ_BASE,
    DRAW,
    GIFT_BASE,
    GIVE_BASE,
    NAME_BASE,
    NUM_ACTIONS,
    OVER,
    PASS,
)
from .cards import BLOCK, DJ_FACE, GIFT, GIFT_FACES, KIND, MATCH, NUM_FACES, TEXT, face_name, mask_values

if TYPE_CHECKING:
    from .rules import DotsState


def check(state: DotsState, player: Actor, action: object) -> int:
    """`player` as a seat if it may take `action` now; else `IllegalAction` saying why."""
    if player != state.cur or state.phase == OVER:
        if state.phase == OVER:
            raise IllegalAction("the game is over")
        if player is HOST:
            raise IllegalAction("the host has no move in this game")
        raise IllegalAction(f"it is not Player {player}'s turn; Player {state.cur} is to move")
    if type(action) is not int or not 0 <= action < NUM_ACTIONS or not ACTION_TEXT[action]:
        raise IllegalAction(f"{quote(action)} is not an action of this game")
    _BY_PHASE[state.phase](state, state.cur, action)
    return state.cur


def need_text(need: int) -> str:
    """The dot values a match mask asks for, in words: `4 or 5 dots`, `1 dot`."""
    values = mask_values(need)
    return " or ".join(map(str, values)) + (" dot" if values == [1] else " dots")


def has_play(state: DotsState, player: int) -> bool:
    """True if `player` holds a card that matches the table."""
    need = state.need
    return any(MATCH[f] & need for f in state.hands[player])


def _check_play(state: DotsState, player: int, action: int) -> None:
    """The play phase: a matching card of the hand, a draw, or a pass when nothing is left to draw."""
    hand = state.hands[player]
    if action < NUM_FACES:
        _check_card(state, hand, action)
    elif action == DRAW:
        if not state.can_draw():
            raise IllegalAction("there is nothing left to draw: play a matching card"
                                if has_play(state, player) else
                                "there is nothing left to draw: type 'pass'")
    elif action == PASS:
        if state.can_draw():
            raise IllegalAction("you cannot pass while there are cards to draw: type 'draw'")
        if has_play(state, player):
            raise IllegalAction("you hold a matching card and nothing is left to draw, so you must play")
    elif DJ_BASE < action <= DJ_BASE + 6:
        if DJ_FACE not in hand:
            raise IllegalAction("you do not hold a Double Joker")
    elif action >= GIFT_BASE:
        index, given = divmod(action - GIFT_BASE, NUM_FACES)
        _check_gift(state, hand, GIFT_FACES[index], given)
    else:
        raise IllegalAction("now play a matching card or draw")


def _check_card(state: DotsState, hand: list[int], face: int) -> None:
    if face not in hand:
        raise IllegalAction(f"you do not hold {face_name(face)}")
    if not MATCH[face] & state.need:
        raise IllegalAction(f"{face_name(face)} does not match the table: "
                            f"play a card with {need_text(state.need)}")
    if KIND[face] == GIFT and len(hand) > 1:
        raise IllegalAction(f"a Gift gives one of your cards to the next player: type "
                            f"'play {TEXT[face]} give <card>'")


def _check_gift(state: DotsState, hand: list[int], gift: int, given: int) -> None:
    if gift not in hand:
        raise IllegalAction(f"you do not hold {face_name(gift)}")
    if not MATCH[gift] & state.need:
        raise IllegalAction(f"{face_name(gift)} does not match the table: "
                            f"play a card with {need_text(state.need)}")
    if given == gift or given not in hand:
        raise IllegalAction(f"you have no {face_name(given)} to give")


def _check_pending(state: DotsState, player: int, action: int) -> None:
    """A +1/+3/+5 waits: take the cards, or answer with a matching Block."""
    if action == DRAW:
        return
    if action < NUM_FACES and KIND[action] == BLOCK:
        if action not in state.hands[player]:
            raise IllegalAction(f"you do not hold {face_name(action)}")
        if not MATCH[action] & state.need:
            raise IllegalAction(f"{face_name(action)} does not match the table: "
                                f"a Block needs {need_text(state.need)}")
        return
    raise IllegalAction(f"you must take {state.pending} card{'s' if state.pending > 1 else ''} "
                        "('draw') or answer with a matching Block")


def _check_give(state: DotsState, player: int, action: int) -> None:
    """A Gift turned up to start: the dealer gives the first player a card."""
    if not GIVE_BASE <= action < GIVE_BASE + NUM_FACES:
        raise IllegalAction("the starting card is a Gift: give the first player one of your "
                            "cards, e.g. 'give 2|5'")
    if action - GIVE_BASE not in state.hands[player]:
        raise IllegalAction(f"you do not hold {face_name(action - GIVE_BASE)}")


def _check_name(state: DotsState, player: int, action: int) -> None:
    """A Double Joker turned up to start: the dealer names the number to match."""
    if not NAME_BASE < action <= NAME_BASE + 6:
        raise IllegalAction("the starting card is a Double Joker: name the number to match, "
                            "e.g. 'name 2'")


_BY_PHASE: tuple[Callable[[DotsState, int, int], None], ...] = (
    _check_play, _check_pending, _check_give, _check_name)
"""The check of each phase but OVER, in phase order (`actions.PLAY` ...)."""
