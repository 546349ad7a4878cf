"""The ION: Card Game deck as data, and the lookup tables the rules run on.

Cards are ints: a *face* indexes tables (kind, dots, match mask, points, text). Identical copies
(the four 3|6 number cards, the six Double Jokers) share a face, so a hand is a sorted list of faces.
Dot values are bits: the card on the table leaves a `need` mask, and a face can be played when
`MATCH[face] & need` (Jokers match every mask). Actions are ints too (see `Action codes` below) with
their text precomputed, so the hot path never formats strings.
"""

from __future__ import annotations

import re
import tomllib
from importlib import resources

from .scoring import card_points

# -- kinds -------------------------------------------------------------------------------------
NUMBER, PLUS1, PLUS3, BLOCK, GIFT, AGAIN, PREV1, PREV3, NOPLAY, SHIFT, PLUS5, JOKER, DJ = range(13)
KIND_BY_NAME = {"plus1": PLUS1, "plus3": PLUS3, "block": BLOCK, "gift": GIFT, "again": AGAIN,
                "prev1": PREV1, "prev3": PREV3, "noplay": NOPLAY, "shift": SHIFT, "plus5": PLUS5}
KIND_NAMES: dict[int, str] = {NUMBER: "number card", JOKER: "Joker", DJ: "Double Joker"}
"""Each kind's name on the card (filled in from the data file for action cards)."""

ALL_DOTS = 0b1111110
"""The match mask of a Joker: bits 1..6."""


def dot_bit(value: int) -> int:
    """The mask bit of a dot value 1..6."""
    return 1 << value


def mask_values(mask: int) -> list[int]:
    """The dot values in a mask, ascending."""
    return [d for d in range(1, 7) if mask >> d & 1]


def _load() -> dict:
    with resources.files(__package__).joinpath("data/deck.toml").open("rb") as handle:
        return tomllib.load(handle)


DATA = _load()

KIND: list[int] = []
DOTS: list[tuple[int, ...]] = []
TEXT: list[str] = []
COPIES: list[int] = []
FACE_BY_TEXT: dict[str, int] = {}


def _add_face(kind: int, dots: tuple[int, ...], text: str, copies: int, spellings: list[str]) -> int:
    face = len(KIND)
    KIND.append(kind)
    DOTS.append(dots)
    TEXT.append(text)
    COPIES.append(copies)
    for spelling in spellings:
        FACE_BY_TEXT[spelling] = face
    return face


def _pair_spellings(prefixes: list[str], a: int, b: int) -> list[str]:
    return [f"{p}{x}|{y}" for p in prefixes for x, y in ((a, b), (b, a))]


for _a, _b in DATA["numbers"]["pairs"]:
    _add_face(NUMBER, (_a, _b), f"{_a}|{_b}", DATA["numbers"]["copies"], _pair_spellings([""], _a, _b))
for _entry in DATA["actions"]:
    _kind = KIND_BY_NAME[_entry["kind"]]
    KIND_NAMES[_kind] = _entry["name"]
    _tokens = [_entry["token"], *_entry["aliases"]]
    for _a, _b in _entry["pairs"]:
        _add_face(_kind, (_a, _b), f"{_entry['token']} {_a}|{_b}", 1,
                  _pair_spellings([f"{t} " for t in _tokens], _a, _b))
_jokers = DATA["jokers"]
for _v in _jokers["values"]:
    _add_face(JOKER, (_v,), f"{_jokers['token']} {_v}", 1,
              [f"{t} {_v}" for t in [_jokers["token"], *_jokers["aliases"]]])
_djs = DATA["double_jokers"]
DJ_FACE = _add_face(DJ, (), _djs["token"], _djs["copies"], [_djs["token"], *_djs["aliases"]])

NUM_FACES = len(KIND)
DECK: tuple[int, ...] = tuple(f for f in range(NUM_FACES) for _ in range(COPIES[f]))
"""The 128 cards, as faces with repeats: the multiset every deal must account for."""
DECK_SIZE = len(DECK)

MATCH: tuple[int, ...] = tuple(ALL_DOTS if KIND[f] in (JOKER, DJ)
                               else sum(dot_bit(d) for d in DOTS[f]) for f in range(NUM_FACES))
"""Dot values a face can be matched on; Jokers match anything."""
NEED: tuple[int, ...] = tuple(0 if KIND[f] == DJ else sum(dot_bit(d) for d in DOTS[f])
                              for f in range(NUM_FACES))
"""The mask the next card must match once this face is on top (a Double Joker's is named)."""
POINTS: tuple[int, ...] = tuple(card_points(TEXT[f]) for f in range(NUM_FACES))
NEXT_DRAWS: tuple[int, ...] = tuple({PLUS1: 1, PLUS3: 3, PLUS5: 5}.get(KIND[f], 0) for f in range(NUM_FACES))
"""How many cards the next player must take after this face (+1, +3, New Game +5)."""
PREV_DRAWS: tuple[int, ...] = tuple({PREV1: 1, PREV3: 3}.get(KIND[f], 0) for f in range(NUM_FACES))
"""How many cards the previous player must take after this face (Previous Player +1 / +3)."""
GIFT_FACES: tuple[int, ...] = tuple(f for f in range(NUM_FACES) if KIND[f] == GIFT)

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

_SPACES = re.compile(r"\s+")
_BAR = re.compile(r"\s*\|\s*")
_NAME = re.compile(r"^(.*) name ([1-6])$")


def normalise(text: str) -> str:
    """Lower case, single spaces, no spaces around `|`."""
    return _BAR.sub("|", _SPACES.sub(" ", text.strip().lower()))


def parse_face(text: str) -> int:
    """The face a card text names (`3|6`, `6|3`, `block 3|6`, `joker 4`, `dj`); ValueError if none."""
    face = FACE_BY_TEXT.get(normalise(text))
    if face is None:
        raise ValueError(f"{text!r} is not a card of this deck")
    return face


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
    named = _NAME.match(rest)
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


def face_name(face: int) -> str:
    """A card as a person reads it: `3|6`, `Block 3|6`, `Joker 4`, `Double Joker`."""
    return FACE_NAMES[face]


def _face_name(face: int) -> str:
    kind = KIND[face]
    if kind == NUMBER:
        return TEXT[face]
    dots = "|".join(map(str, DOTS[face]))
    return f"{KIND_NAMES[kind]} {dots}".strip()


FACE_NAMES: tuple[str, ...] = tuple(_face_name(f) for f in range(NUM_FACES))
