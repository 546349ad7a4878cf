"""The bank game's data: numbers, cards and objects, loaded once from `data/bank.toml`, the game's
options (with their bounds), and the draws (pure functions of a generator).

Cards are ints 0..11: `family_index * 3 + power - 1` with families `+ - = ±` (in that order).
Objects are kinds named by their data key (`x2`, `swap`, `points500`, `bankrupt`, ...); commands,
views and events name them by their token (`x2`, `x`, `500`, `bankrupt`).
"""

from __future__ import annotations

import random
import tomllib
from bisect import bisect
from dataclasses import dataclass, field, replace
from importlib import resources
from itertools import accumulate
from typing import Any

from ...core import Option

FAMILIES = ("+", "-", "=", "±")
PLUS, MINUS, NEUTRAL, BIPOLAR = range(4)
FAMILY_SIGN = (1, -1, 0, 0)
NUM_CARDS = 12


def card_id(family: int, power: int) -> int:
    """The card int of a family index and power 1..3."""
    return family * 3 + power - 1


def card_family(card: int) -> int:
    """The family index of a card int."""
    return card // 3


def card_power(card: int) -> int:
    """The power (1..3) of a card int."""
    return card % 3 + 1


def card_text(card: int) -> str:
    """`+++`, `==`, `±` ... the rulebook's card symbol."""
    return FAMILIES[card // 3] * (card % 3 + 1)


CARD_TEXTS = tuple(card_text(c) for c in range(NUM_CARDS))


def parse_family(token: str) -> int | None:
    """The family index of `+`, `-`, `=`, `±` or `B`/`b`; None otherwise."""
    if token in ("B", "b"):
        return BIPOLAR
    return FAMILIES.index(token) if token in FAMILIES else None


def parse_card(token: str) -> int | None:
    """The card int of a card token (`++`, `===`, `±±`, `BB`, `bbb`); None if it is not a card."""
    if not 1 <= len(token) <= 3 or len(set(token)) != 1:
        return None
    family = parse_family(token[0])
    return None if family is None else card_id(family, len(token))


@dataclass(frozen=True)
class ObjectKind:
    """One object of the rulebook's list."""

    key: str
    symbol: str
    token: str
    name: str
    help: str
    weight: float
    held: bool = False
    price: int | None = None
    instant: int = 0
    powerdown: bool = False


@dataclass(frozen=True)
class Config:
    """Every number of the game (defaults from the data file, some overridable by options)."""

    full_charge: int
    rounds: int
    round_time: float
    move_time: float
    extended_move_time: float
    shop_time: float
    lobby_time: float
    countdown: float
    timeout_penalty: int
    hand_size: int
    start_coins: int
    min_players: int
    max_players: int
    card_chance: float
    coins_per_paying_move: int
    coins_per_dump: int
    useless_per_coin: int
    quit_sale_price: int
    shop_kinds: int
    round_time_step: float
    invincible_moves: int
    coin_drop_min: int
    coin_drop_max: int
    neutral_bonus: int
    bipolar_points: int
    max_deal_price: int
    listed_deal_prices: int
    points: tuple[int, int, int]
    power_weights: tuple[int, int, int]
    objects: dict[str, ObjectKind] = field(default_factory=dict)
    card_help: dict[str, str] = field(default_factory=dict)


def _load() -> tuple[dict[str, Any], Config]:
    raw = tomllib.loads(resources.files(__package__).joinpath("data/bank.toml").read_text("utf-8"))
    objects = {key: ObjectKind(key=key, **{k: v for k, v in spec.items()})
               for key, spec in raw["objects"].items()}
    cards = raw["cards"]
    assert tuple(cards["families"]) == FAMILIES
    config = Config(**raw["game"], points=tuple(cards["points"]), power_weights=tuple(cards["power_weights"]),
                    objects=objects, card_help=dict(raw["help"]["cards"]))
    return raw, config


RAW, DEFAULT = _load()
OBJECTS: dict[str, ObjectKind] = DEFAULT.objects
HELD_KINDS: tuple[str, ...] = tuple(k for k, o in OBJECTS.items() if o.held)
"""Kinds kept in an inventory (coins included), in the rulebook's order."""
KIND_INDEX = {k: i for i, k in enumerate(HELD_KINDS)}
SHOP_CANDIDATES: tuple[str, ...] = tuple(k for k, o in OBJECTS.items() if o.price is not None)
DROP_KINDS: tuple[str, ...] = tuple(OBJECTS)
WILD_POWER = {"wild1": 1, "wild2": 2, "wild3": 3}
WILD_OF_POWER = {1: "wild1", 2: "wild2", 3: "wild3"}

_ALIASES: dict[str, str] = {}
for _key, _obj in OBJECTS.items():
    for _alias in (_key, _obj.token, _obj.symbol, _obj.symbol.strip("[]")):
        if _alias.strip():
            _ALIASES.setdefault(_alias.lower(), _key)
_ALIASES.update({
    "c": "coins", "coin": "coins", "[ ]": "useless", "_": "useless", "skip": "skip", "reverse": "reverse",
    "movetime": "movetime", "move-time": "movetime", "combine": "combine", "double": "x2", "×2": "x2",
    "triple": "x3", "×3": "x3", "roundplus": "roundplus", "roundminus": "roundminus", "wild": "wild1",
    "invincible": "invincible", "take": "take", "swap": "swap", "powerdown": "minus100",
    "lose": "losenext", "l": "losenext", "bankrupt": "bankrupt",
})


def parse_kind(token: str) -> str | None:
    """The object kind a command token names (`x`, `[X]`, `swap`, `¢`, `x2`, `??` ...); None if none."""
    return _ALIASES.get(token.strip().lower())


def kind_token(kind: str) -> str:
    """The canonical command token of an object kind (`x`, `¢`, `x2`, `+:`, `??` ...)."""
    return OBJECTS[kind].token


OPTIONS: tuple[Option, ...] = (
    Option("full_charge", int, DEFAULT.full_charge, "charge at which the bank dumps its pot",
           low=2, high=100),
    Option("rounds", int, DEFAULT.rounds, "rounds in a game", low=1, high=20),
    Option("round_time", float, DEFAULT.round_time, "seconds in a round", low=10, high=3600),
    Option("move_time", float, DEFAULT.move_time, "seconds to move before the 1000-point penalty "
           "(the rulebook's 3; more for beginners)", low=0.5, high=60),
    Option("shop_time", float, DEFAULT.shop_time, "seconds of shopping between rounds", low=1, high=600),
    Option("lobby_time", float, DEFAULT.lobby_time, "seconds to pick teams before the game starts by itself",
           low=1, high=600),
    Option("countdown", float, DEFAULT.countdown, "seconds of countdown before each round's first turn, "
           "no clock running (the rulebook has none; a web table's lobby offers 3)", low=0, high=30),
    Option("lobby", bool, True, "start in the lobby, where each seat picks `team +` or `team -` (false: "
           "teams alternate + - + - and the game starts at once)"),
    Option("teams", str, None, "one team sign per seat, e.g. '+-+-' (skips the lobby)",
           high=DEFAULT.max_players, pattern="+-"),
)
"""Every option of the bank game, with its bounds (checked by `GameSpec.make` before a game exists)."""
CONFIG_OPTIONS = ("full_charge", "rounds", "round_time", "move_time", "shop_time", "lobby_time", "countdown")
"""The options that change a number of `Config`."""


def config_for(options: dict[str, Any]) -> Config:
    """The default config with a game's (already checked) numeric options applied."""
    changes = {name: options[name] for name in CONFIG_OPTIONS
               if name in options and options[name] != getattr(DEFAULT, name)}
    return replace(DEFAULT, **changes) if changes else DEFAULT


# -- draws: pure functions of a generator ------------------------------------------------------

POWER_TABLE = tuple(float(w) for w in accumulate(DEFAULT.power_weights))
DROP_TABLE = tuple(accumulate(OBJECTS[k].weight for k in DROP_KINDS))


def draw_card(rng: random.Random) -> int:
    """A card from the endless deck: families equally likely, powers 1 : 2 : 3 drawn 3 : 2 : 1."""
    family = rng.randrange(4)
    return family * 3 + bisect(POWER_TABLE, rng.random() * POWER_TABLE[-1])


def draw_object(rng: random.Random) -> str:
    """An object kind from the drop table (weights in the data file, most common first)."""
    return DROP_KINDS[bisect(DROP_TABLE, rng.random() * DROP_TABLE[-1])]
