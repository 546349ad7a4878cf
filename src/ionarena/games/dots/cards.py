"""The ION: Card Game deck as data, and the lookup tables the rules run on.

Cards are ints: a *face* indexes tables (kind, dots, match mask, points, text). Identical copies
(the four 3|6 number cards, the six Double Jokers) share a face, so a hand is a sorted list of faces.
Dot values are bits: the card on the table leaves a `need` mask, and a face can be played when
`MATCH[face] & need` (Jokers match every mask). Actions are ints too, with their text
precomputed (`actions.py`), so the hot path never formats strings.
"""

from __future__ import annotations

import re
import tomllib
from importlib import resources
from typing import Any

from .scoring import card_points

# -- kinds -------------------------------------------------------------------------------------
NUMBER, PLUS1, PLUS3, BLOCK, GIFT, AGAIN, PREV1, PREV3, NOPLAY, SHIFT, PLUS5, JOKER, DJ = range(13)
KIND_BY_NAME = {"plus1": PLUS1, "plus3": PLUS3, "block": BLOCK, "gift": GIFT, "again": AGAIN,
                "prev1": PREV1, "prev3": PREV3, "noplay": NOPLAY, "shift": SHIFT, "plus5": PLUS5}
KIND_NAMES: dict[int, str] = {NUMBER: "number card", JOKER: "Joker", DJ: "Double Joker"}
"""Each kind's name on the card (filled in from the data file for action cards)."""
KIND_TOKENS: dict[int, str] = {NUMBER: "number"}
"""Each kind's word in a card's text (`block` in `block 3|6`; filled in from the data file)."""

ALL_DOTS = 0b1111110
"""The match mask of a Joker: bits 1..6."""


def dot_bit(value: int) -> int:
    """The mask bit of a dot value 1..6."""
    return 1 << value


def mask_values(mask: int) -> list[int]:
    """The dot values in a mask, ascending."""
    return [d for d in range(1, 7) if mask >> d & 1]


def _load() -> dict[str, Any]:
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
    KIND_TOKENS[_kind] = _entry["token"]
    _tokens = [_entry["token"], *_entry["aliases"]]
    for _a, _b in _entry["pairs"]:
        _add_face(_kind, (_a, _b), f"{_entry['token']} {_a}|{_b}", 1,
                  _pair_spellings([f"{t} " for t in _tokens], _a, _b))
_jokers = DATA["jokers"]
KIND_TOKENS[JOKER] = _jokers["token"]
for _v in _jokers["values"]:
    _add_face(JOKER, (_v,), f"{_jokers['token']} {_v}", 1,
              [f"{t} {_v}" for t in [_jokers["token"], *_jokers["aliases"]]])
_djs = DATA["double_jokers"]
KIND_TOKENS[DJ] = _djs["token"]
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

_SPACES = re.compile(r"\s+")
_BAR = re.compile(r"\s*\|\s*")


def normalise(text: str) -> str:
    """Lower case, single spaces, no spaces around `|`."""
    return _BAR.sub("|", _SPACES.sub(" ", text.strip().lower()))


def parse_face(text: str) -> int:
    """The face a card text names (`3|6`, `6|3`, `block 3|6`, `joker 4`, `dj`); ValueError if none."""
    face = FACE_BY_TEXT.get(normalise(text))
    if face is None:
        raise ValueError(f"{text!r} is not a card of this deck")
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
