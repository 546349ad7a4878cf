"""Actions of the bank game and their text: exactly the rulebook's command language.

Every action is a small frozen value; `format_action` gives its canonical text and `parse_command`
reads any accepted spelling back. `check_value` refuses values no command could give (a card -1,
`mult=-1`, a team 5, a string instead of an action); whether a well-formed action is legal now is
checked by the state.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...core import IllegalAction, quote
from ...core.millis import EXACT_UP_TO, whole_ms
from .cards import (
    DEFAULT,
    FAMILIES,
    HELD_KINDS,
    NUM_CARDS,
    OBJECTS,
    WILD_POWER,
    card_family,
    card_id,
    card_power,
    card_text,
    kind_token,
    parse_card,
    parse_family,
    parse_kind,
)


@dataclass(frozen=True, slots=True)
class Team:
    """`team +` / `team -` in the lobby."""

    sign: int


@dataclass(frozen=True, slots=True)
class Card:
    """Play a card (`++`), possibly with [×2]/[×3] (`x2 ++`), or a wild object as a card (`?? -`)."""

    card: int
    mult: int = 1
    wild: bool = False


@dataclass(frozen=True, slots=True)
class Use:
    """Use an object on your turn: `s r : +: -: * X` or `T <object>` (then `target` is the kind)."""

    kind: str
    target: str = ""


@dataclass(frozen=True, slots=True)
class Combine:
    """`& <first move>`: make the first move and stay on turn for one more."""

    first: Card | Use


@dataclass(frozen=True, slots=True)
class Word:
    """A one-word command: `skip`, `quit`, `done` (leave the shop), and host `timeout` / `start`."""

    word: str


@dataclass(frozen=True, slots=True)
class At:
    """Host: the clock moves on to `time` game seconds."""

    time: float


@dataclass(frozen=True, slots=True)
class Buy:
    """`buy <object>` in the shop."""

    kind: str


@dataclass(frozen=True, slots=True)
class Deal:
    """`deal <object> <price> <units>`: offer one `kind` for `price` units of `units` (a kind or coins)."""

    kind: str
    price: int
    units: str


@dataclass(frozen=True, slots=True)
class Ok:
    """`ok <person>`: accept that person's latest open deal."""

    seller: int


BankAction = Team | Card | Use | Combine | Word | At | Buy | Deal | Ok

USE_TOKENS = {"s": "skip", "r": "reverse", ":": "movetime", "+:": "roundplus", "-:": "roundminus",
              "*": "invincible", "x": "swap", "t": "take"}
USE_TEXT = {"skip": "s", "reverse": "r", "movetime": ":", "roundplus": "+:", "roundminus": "-:",
            "invincible": "*", "swap": "X", "take": "T"}
USE_KINDS = ("skip", "reverse", "movetime", "roundplus", "roundminus", "invincible", "swap", "take")
"""Objects used on their own on your turn (`T` with a target)."""
PLAYER_WORDS = ("skip", "quit", "done")
HOST_WORDS = ("timeout", "start", "away")
QUESTIONS = ("inv", "inventory", "help")
MAX_DEAL_PRICE: int = DEFAULT.max_deal_price
"""The highest price a deal may ask (RULING: 1 to 999 units)."""
MAX_SEAT = 10**6
"""`ok <person>` with a bigger number names nobody (the state says so)."""
MAX_TIME = EXACT_UP_TO
"""No game clock goes beyond this many seconds (20 rounds of an hour, lobby and shops included)."""


def _bad(action: object) -> IllegalAction:
    try:
        shown = quote(action)
    except ValueError:  # an int too long to print
        shown = f"a {type(action).__name__} with a huge number"
    return IllegalAction(f"{shown} is not a bank action")


def check_value(action: object) -> None:
    """Raise `IllegalAction` unless `action` is a well-formed bank action: one of the action types,
    with fields of the right types and in range (what `parse_command` could give)."""
    well_formed = _WELL_FORMED.get(action.__class__)
    if well_formed is None or not well_formed(action):
        raise _bad(action)


def _card_ok(action: Card) -> bool:
    card, mult, wild = action.card, action.mult, action.wild
    return (card.__class__ is int and 0 <= card < NUM_CARDS and mult.__class__ is int and 1 <= mult <= 3
            and wild.__class__ is bool)


def _use_ok(action: Use) -> bool:
    kind, target = action.kind, action.target
    if kind.__class__ is not str or kind not in USE_KINDS or target.__class__ is not str:
        return False
    return target in HELD_KINDS if kind == "take" else target == ""


def _combine_ok(action: Combine) -> bool:
    first = action.first
    if first.__class__ is Card:
        return _card_ok(first)
    return first.__class__ is Use and _use_ok(first)


def _word_ok(action: Word) -> bool:
    word = action.word
    return word.__class__ is str and (word in PLAYER_WORDS or word in HOST_WORDS)


def _team_ok(action: Team) -> bool:
    return action.sign.__class__ is int and action.sign in (1, -1)


def _at_ok(action: At) -> bool:
    # whole milliseconds: the text `at 1.235` must give back the same time
    time = action.time
    return time.__class__ in (int, float) and 0 <= time <= MAX_TIME and whole_ms(time)


def _buy_ok(action: Buy) -> bool:
    return action.kind.__class__ is str and action.kind in OBJECTS


def _deal_ok(action: Deal) -> bool:
    kind, price, units = action.kind, action.price, action.units
    return (kind.__class__ is str and kind in OBJECTS and units.__class__ is str and units in OBJECTS
            and price.__class__ is int and 1 <= price <= MAX_DEAL_PRICE)


def _ok_ok(action: Ok) -> bool:
    return action.seller.__class__ is int and 0 <= action.seller <= MAX_SEAT


_WELL_FORMED: dict[type, Callable[[Any], bool]] = {
    Card: _card_ok, Use: _use_ok, Combine: _combine_ok, Word: _word_ok, Team: _team_ok, At: _at_ok,
    Buy: _buy_ok, Deal: _deal_ok, Ok: _ok_ok,
}
"""Whether a value of each action type has fields of the right types and in range."""


def command_word(action: object) -> str | None:
    """The word of a one-word command (`skip`, `quit`, `done`, `timeout`, `start`, `away`), None for any
    other action.

    The rules ask this of every action they apply; comparing with a `Word` constant instead
    (`action == Word("quit")`) calls the dataclass `__eq__` of both classes when it is a card.
    """
    return action.word if action.__class__ is Word else None


def format_action(action: object) -> str:
    """The canonical text of a bank action (`IllegalAction` for anything that is not one)."""
    check_value(action)
    match action:
        case Card(card, mult, wild):
            body = f"{'?' * card_power(card)} {FAMILIES[card_family(card)]}" if wild else card_text(card)
            return body if mult == 1 else f"x{mult} {body}"
        case Use(kind, target):
            return f"T {kind_token(target)}" if kind == "take" else USE_TEXT[kind]
        case Combine(first):
            return f"& {format_action(first)}"
        case Word(word):
            return word
        case Team(sign):
            return "team +" if sign > 0 else "team -"
        case At(time):
            return f"at {time:.3f}"
        case Buy(kind):
            return f"buy {kind_token(kind)}"
        case Deal(kind, price, units):
            return f"deal {kind_token(kind)} {price} {kind_token(units)}"
        case Ok(seller):
            return f"ok {seller}"
    raise _bad(action)  # pragma: no cover - check_value knows every action type


def _is_number(token: str) -> bool:
    """True for a whole number written in ASCII digits (`str.isdigit` also accepts `²` and `٣`)."""
    return token.isascii() and token.isdigit()


def _small_int(token: str) -> int:
    """An ASCII number as an int, any number of more than 6 digits as 10**6 (never a 5,000-digit int)."""
    digits = token.lstrip("0") or "0"
    return int(digits) if len(digits) <= 6 else MAX_SEAT


def _kind(token: str, what: str) -> str:
    kind = parse_kind(token)
    if kind is None:
        raise IllegalAction(f"{quote(token)} is not an object; {what}")
    return kind


def _card_move(words: list[str]) -> Card | None:
    """A card, wild or x2/x3 form, or None if `words` do not start like one."""
    mult = 1
    head = words[0].lower()
    if head in ("x2", "x3", "×2", "×3"):
        mult = int(head[1])
        words = words[1:]
        if not words:
            raise IllegalAction(f"{head} needs a card after it, e.g. `{head} ++` or `{head} ?? -`")
    token = words[0]
    if token in ("?", "??", "???"):
        if len(words) != 2:
            raise IllegalAction(f"say which family the wild plays as: `{token} +`, `{token} -`, "
                                f"`{token} =` or `{token} ±`")
        family = parse_family(words[1])
        if family is None:
            raise IllegalAction(f"{quote(words[1])} is not a card family; use + - = ± (or B)")
        return Card(card_id(family, len(token)), mult, True)
    card = parse_card(token)
    if card is None:
        if mult > 1:
            raise IllegalAction(f"{quote(token)} is not a card; x{mult} goes with a card like `++` or `?? -`")
        return None
    if len(words) > 1:
        raise IllegalAction(f"a card is played alone: `{card_text(card)}`, not {quote(' '.join(words))}")
    return Card(card, mult)


def _object_move(words: list[str]) -> Use | None:
    kind = USE_TOKENS.get(words[0].lower())
    if kind is None:
        return None
    if kind == "take":
        if len(words) != 2:
            raise IllegalAction("say which object to take: `T x3`, `T ¢`, `T swap` ...")
        return Use("take", _kind(words[1], "try `T x3` or `T ¢`"))
    if len(words) > 1:
        raise IllegalAction(f"`{words[0]}` takes no argument")
    return Use(kind)


def parse_move(words: list[str]) -> Card | Use | Combine | None:
    """A move command (card, wild, x2/x3, object use, `&`), or None if the words are not one."""
    if words[0] == "&":
        if len(words) == 1:
            raise IllegalAction("& needs a first move after it, e.g. `& +++`")
        first = parse_move(words[1:])
        if first is None:
            raise IllegalAction(f"{quote(' '.join(words[1:]))} is not a move to combine")
        if isinstance(first, Combine):
            raise IllegalAction("no & inside &")
        return Combine(first)
    card = _card_move(words)
    if card is not None:
        return card
    return _object_move(words)


def parse_command(text: str) -> BankAction:
    """The action a command means (any accepted spelling); `IllegalAction` says why text is not one."""
    words = text.split()
    if not words:
        raise IllegalAction("type a command, e.g. `+++`, `team +`, `skip` or `buy x2`")
    head = words[0].lower()
    if head in QUESTIONS:
        raise IllegalAction(f"{quote(text.strip())} is a question, not a move: it is answered without "
                            "using your turn")
    if head == "team":
        if len(words) != 2 or words[1] not in ("+", "-"):
            raise IllegalAction("pick a team with `team +` or `team -`")
        return Team(1 if words[1] == "+" else -1)
    if head in PLAYER_WORDS or head in HOST_WORDS:
        if len(words) > 1:
            raise IllegalAction(f"`{head}` takes no argument")
        return Word(head)
    if head == "at":
        try:
            time = float(words[1]) if len(words) == 2 and len(words[1]) <= 20 else math.nan
        except ValueError:
            time = math.nan
        if not 0 <= time <= MAX_TIME:
            raise IllegalAction("`at` needs a clock time in seconds, e.g. `at 12.500`")
        return At(round(time, 3))
    if head == "buy":
        if len(words) != 2:
            raise IllegalAction("buy one object at a time: `buy x2`")
        return Buy(_kind(words[1], "see the objects on sale"))
    if head == "deal":
        if len(words) != 4:
            raise IllegalAction("a deal is `deal <object> <price> <units>`, e.g. `deal r 50 ¢` or "
                                "`deal x 1 *`")
        if not _is_number(words[2]) or not 1 <= _small_int(words[2]) <= MAX_DEAL_PRICE:
            raise IllegalAction(f"the price is a whole number of units from 1 to {MAX_DEAL_PRICE}, "
                                f"not {quote(words[2])}")
        return Deal(_kind(words[1], "offer an object you hold"), int(words[2]),
                    _kind(words[3], "ask for ¢ or an object"))
    if head == "ok":
        if len(words) != 2 or not _is_number(words[1]):
            raise IllegalAction("accept a deal with `ok <person>`, e.g. `ok 3`")
        return Ok(_small_int(words[1]))
    move = parse_move(words)
    if move is None:
        raise IllegalAction(f"{quote(text.strip())} is not a command; try `help` (cards: + ++ +++ - = ± B, "
                            f"objects: s r : x2 x3 +: -: & * X T)")
    return move


def wild_kind(card: int) -> str:
    """The wild object kind ([?], [??], [???]) that plays as `card`."""
    power = card_power(card)
    return next(k for k, p in WILD_POWER.items() if p == power)
