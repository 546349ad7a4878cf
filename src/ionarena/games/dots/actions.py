"""Actions of ION: Card Game as values and as text.

An action is an int (the hot path of millions of simulated moves never builds an object): the codes
below, each with its canonical text precomputed (`ACTION_TEXT`), and `parse_action_text` reading
any accepted spelling back. Whether an action is legal now is the state's business (`legality.py`).
"""

from __future__ import annotations

import re

from .cards import DJ_FACE, GIFT, GIFT_FACES, KIND, NUM_FACES, TEXT, normalise, parse_face

# -- Phases: what the player to move chooses ---------------------------------------------------
# PLAY      play a matching card or draw (or pass when nothing can be drawn)
# PENDING   the target of a +1, +3, New Game +5 (with two players also a Previous Player +1/+3)
#           takes the cards (`draw`) or answers with a matching Block
# GIVE      the dealer gives the first player a card (a Gift turned up to start)
# NAME      the dealer names the number of a Double Joker turned up to start
PLAY, PENDING, GIVE, NAME, OVER = range(5)
PHASE_NAMES = ("play", "respond", "give", "name", "over")
"""The phases as the view's envelope names them, in phase order."""

# -- Action codes ----------------------------------------------------------------------------
# 0 .. NUM_FACES-1      play that face (any face but the Double Joker; a Gift only as a last card)
# DRAW, PASS            draw a card (or accept a pending +1/+3/+5); pass when nothing can be drawn
# NAME_BASE + n         name n for a Double Joker turned up as the starting card (the dealer)
# DJ_BASE + n           play a Double Joker naming n
# GIVE_BASE + g         give face g to the first player (the dealer, after a starting Gift)
# GIFT_BASE + i*F + g   play the i-th Gift face and give face g to the next player
DRAW = NUM_FACES
PASS = NUM_FACES + 1
NAME_BASE = 80
DJ_BASE = 90
GIVE_BASE = 100
GIFT_BASE = GIVE_BASE + NUM_FACES
NUM_ACTIONS = GIFT_BASE + len(GIFT_FACES) * NUM_FACES
assert PASS < NAME_BASE and DJ_BASE + 6 < GIVE_BASE

GIFT_ACTION_BASE: tuple[int, ...] = tuple(
    GIFT_BASE + GIFT_FACES.index(f) * NUM_FACES if KIND[f] == GIFT else -1 for f in range(NUM_FACES))
"""`GIFT_ACTION_BASE[gift_face] + given_face` is the action "play that gift, give that face"."""


def _action_text() -> list[str]:
    text = [""] * NUM_ACTIONS
    for f in range(NUM_FACES):
        if f != DJ_FACE:
            text[f] = f"play {TEXT[f]}"
        text[GIVE_BASE + f] = f"give {TEXT[f]}"
        for gift in GIFT_FACES:
            text[GIFT_ACTION_BASE[gift] + f] = f"play {TEXT[gift]} give {TEXT[f]}"
    text[DRAW] = "draw"
    text[PASS] = "pass"
    for n in range(1, 7):
        text[NAME_BASE + n] = f"name {n}"
        text[DJ_BASE + n] = f"play {TEXT[DJ_FACE]} name {n}"
    return text


ACTION_TEXT: tuple[str, ...] = tuple(_action_text())
"""The canonical text of every action code ("" for unused codes)."""


_DJ_NAME = re.compile(r"^(.*) name ([1-6])$")


def parse_action_text(text: str) -> int:
    """The action code a text means, regardless of legality; ValueError with a reason if none."""
    words = normalise(text)
    if words in ("draw", "pass"):
        return DRAW if words == "draw" else PASS
    verb, _, rest = words.partition(" ")
    if verb == "name" and rest in ("1", "2", "3", "4", "5", "6"):
        return NAME_BASE + int(rest)
    if verb == "give" and rest:
        return GIVE_BASE + parse_face(rest)
    if verb != "play" or not rest:
        raise ValueError(f"{text!r} is not an action: type e.g. 'play 6|3', 'play joker 4', "
                         "'play dj name 2', 'play gift 1|2 give 2|5' or 'draw'")
    named = _DJ_NAME.match(rest)
    if named:
        if parse_face(named.group(1)) != DJ_FACE:
            raise ValueError("only a Double Joker names a number")
        return DJ_BASE + int(named.group(2))
    card, _, given = rest.partition(" give ")
    face = parse_face(card)
    if given:
        if KIND[face] != GIFT:
            raise ValueError(f"only a Gift gives a card, not {TEXT[face]}")
        return GIFT_ACTION_BASE[face] + parse_face(given)
    if face == DJ_FACE:
        raise ValueError("a Double Joker must name a number: e.g. 'play dj name 2'")
    return face


