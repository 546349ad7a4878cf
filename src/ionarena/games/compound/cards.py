"""The cards of Ion: A Compound Building Game, loaded once from `data/*.toml`.

Two kinds of names are used:
- a *card id* names a physical card: "H", "Cl", "OH", "Fe", "NH4", "He", "rad-Fr";
- an *ion token* names a charged card as it sits in a compound: the card id, except that a
  transition metal carries its chosen side: "Fe2", "Fe3", "Cu1" (a token is what
  `scoring.compound_points` reads).
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any, NamedTuple

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII"}


class Card(NamedTuple):
    """One kind of card. `kind` is "ion", "transition", "noble" or "radioactive"."""

    id: str
    name: str
    kind: str
    copies: int
    polyatomic: bool = False
    """One of the six green Polyatomic Ion Cards (removed in the Beginner game)."""
    decay: int = 0


class Ion(NamedTuple):
    """A charged card as it is bonded: its token, the card it is, its charge and points."""

    token: str
    card: str
    symbol: str
    charge: int
    points: int
    name: str
    """How a compound name calls it: "hydrogen", "iron(III)", "chloride", "ammonium"."""
    icon: bool
    """Shows the Action Tile icon: a compound holding it refreshes a tile."""
    grouped: bool
    """A polyatomic formula (OH, NH4, SO4): written in parentheses when there are several."""
    acid_name: str = ""


class Goal(NamedTuple):
    """A Compound Goal Card: pays `top` for one listed compound, `bottom` for both."""

    id: str
    kind: str
    name: str
    compounds: tuple[str, ...]
    items: tuple[str, ...]
    top: int | None
    bottom: int


def _load(name: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data").joinpath(name).read_text(encoding="utf-8")
    return tomllib.loads(text)


def _grouped(symbol: str) -> bool:
    return sum(ch.isupper() for ch in symbol) > 1


@cache
def _tables() -> tuple[dict[str, Card], dict[str, Ion], dict[str, Goal], tuple[int, ...], tuple[int, ...]]:
    elements = _load("elements.toml")
    radio = _load("radioactive.toml")
    goals_data = _load("goals.toml")
    cards: dict[str, Card] = {}
    ions: dict[str, Ion] = {}
    for e in elements["elements"]:
        cards[e["id"]] = Card(e["id"], e["name"], "ion", e["copies"])
        ions[e["id"]] = Ion(e["id"], e["id"], e["symbol"], e["charge"], e["points"],
                            e["name"].lower(), bool(e.get("action_icon", False)), _grouped(e["symbol"]))
    for e in elements["polyatomic_ions"]:
        cards[e["id"]] = Card(e["id"], e["name"], "ion", e["copies"], polyatomic=True)
        ions[e["id"]] = Ion(e["id"], e["id"], e["formula"], e["charge"], e["points"], e["name"].lower(),
                            bool(e.get("action_icon", False)), _grouped(e["formula"]),
                            e.get("acid_name", ""))
    for e in elements["transition_metals"]:
        cards[e["id"]] = Card(e["id"], e["name"], "transition", int(e.get("copies", 1)))
        for side in e["sides"]:
            token = f"{e['id']}{side['charge']}"
            ions[token] = Ion(token, e["id"], e["id"], side["charge"], side["points"],
                              f"{e['name'].lower()}({ROMAN[side['charge']]})", False, False)
    for e in elements["noble_gases"]:
        cards[e["id"]] = Card(e["id"], e["name"], "noble", e["copies"])
    for e in radio["radioactive"]:
        cards[e["id"]] = Card(e["id"], e["name"], "radioactive", int(e.get("copies", 1)), decay=e["decay"])
    goals = {g["id"]: Goal(g["id"], g["kind"], g["name"], tuple(g.get("compounds", ())),
                           tuple(g.get("items", ())), g.get("top"), g["bottom"])
             for g in goals_data["goals"]}
    return (cards, ions, goals, tuple(elements["noble_gas_set_points"]), tuple(radio["reveal_points"]))


CARDS, IONS, GOALS, NOBLE_SET_POINTS, REVEAL_POINTS = _tables()
NOBLE_GASES: tuple[str, ...] = tuple(c.id for c in CARDS.values() if c.kind == "noble")
TRANSITION_METALS: tuple[str, ...] = tuple(c.id for c in CARDS.values() if c.kind == "transition")
RADIOACTIVE: tuple[str, ...] = tuple(c.id for c in CARDS.values() if c.kind == "radioactive")
GOAL_IDS: tuple[str, ...] = tuple(GOALS)


def card(card_id: str) -> Card:
    """The card called `card_id`; `KeyError` if there is none."""
    return CARDS[card_id]


def card_of(token: str) -> str:
    """The card id of an ion token ("Fe3" -> "Fe"; "Cl" -> "Cl")."""
    if token in IONS:
        return IONS[token].card
    return token


@cache
def tokens_of(card_id: str) -> tuple[str, ...]:
    """The ion tokens a card can bond as: one, or one per side of a transition metal."""
    c = CARDS[card_id]
    if c.kind == "transition":
        return tuple(t for t, ion in IONS.items() if ion.card == card_id)
    if c.kind == "ion":
        return (card_id,)
    return ()


def is_charged(card_id: str) -> bool:
    """True for cards that bond (ions and transition metals)."""
    return CARDS[card_id].kind in ("ion", "transition")


def deck_for(variant: str) -> list[str]:
    """Every card id of the element deck of `variant` (beginner, standard, advanced), one per copy."""
    deck: list[str] = []
    for c in CARDS.values():
        if variant == "beginner" and (c.polyatomic or c.kind == "transition"):
            continue
        if c.kind == "radioactive" and variant != "advanced":
            continue
        deck.extend([c.id] * c.copies)
    return deck


def display(card_id: str) -> str:
    """How a card is shown to people: "Cl (Chloride 1-)", "Mg (Magnesium 2+)", "Fe (Iron 2+/3+)",
    "He (Helium)", "rad-Fr (Francium, decay 5)"."""
    c = CARDS[card_id]
    if c.kind == "transition":
        charges = "/".join(f"{IONS[t].charge}+" for t in tokens_of(card_id))
        return f"{card_id} ({c.name} {charges})"
    if c.kind == "radioactive":
        return f"{card_id} ({c.name}, decay {c.decay})"
    if c.kind == "noble":
        return f"{card_id} ({c.name})"
    z = IONS[card_id].charge
    sign = "+" if z > 0 else "-"
    return f"{card_id} ({c.name} {abs(z)}{sign})"
