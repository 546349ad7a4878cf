"""What the pages draw on element cards: symbol, name, charge or valence, points, category.

These are printed card faces (public facts of each game's deck), read from the games' own data
files, so a page can draw `Cl` as "Chloride, 1−, 4 points, halogen" without knowing the rules. A
game whose data file moves or changes shape gives an empty catalogue here: the page then draws
the card's text alone, and nothing else breaks.

Besides element cards: valence's molecule cards as `molecule:<formula>` (name, type, points; the
stash shows them), and bank's objects as `object:<token>` (symbol, name, what it does, price), so
a page words `buy :` as "buy [:] Move Time, 4¢".
"""

from __future__ import annotations

import logging
import tomllib
from functools import cache
from importlib import resources
from typing import Any

log = logging.getLogger(__name__)

Catalogue = dict[str, dict[str, Any]]


def _toml(game: str, name: str) -> dict[str, Any]:
    text = resources.files(f"ionarena.games.{game}").joinpath("data", name).read_text(encoding="utf-8")
    return tomllib.loads(text)


def _compound() -> Catalogue:
    data = _toml("compound", "elements.toml")
    cards: Catalogue = {}
    for e in data.get("elements", []):
        cards[e["id"]] = {"symbol": e["symbol"], "name": e["name"], "charge": e["charge"],
                          "points": e["points"], "category": e.get("category", "ion"),
                          "icon": bool(e.get("action_icon", False))}
    for e in data.get("polyatomic_ions", []):
        cards[e["id"]] = {"symbol": e["formula"], "name": e["name"], "charge": e["charge"],
                          "points": e["points"], "category": "polyatomic",
                          "icon": bool(e.get("action_icon", False))}
    for e in data.get("transition_metals", []):
        sides = e.get("sides", [])
        cards[e["id"]] = {"symbol": e["id"], "name": e["name"], "charges": [s["charge"] for s in sides],
                          "points": [s["points"] for s in sides], "category": "transition"}
        for side in sides:
            cards[f"{e['id']}{side['charge']}"] = {"symbol": e["id"], "name": e["name"],
                                                   "charge": side["charge"], "points": side["points"],
                                                   "category": "transition"}
    for e in data.get("noble_gases", []):
        cards[e["id"]] = {"symbol": e["id"], "name": e["name"], "charge": 0, "category": "noble_gas"}
    try:
        for e in _toml("compound", "radioactive.toml").get("radioactive", []):
            cards[e["id"]] = {"symbol": e["symbol"], "name": e["name"], "decay": e["decay"],
                              "category": "radioactive"}
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        pass
    return cards


def _molecules() -> Catalogue:
    from ..games.valence.scoring import HELIUM_POINTS

    data = _toml("valence", "molecules.toml")
    types = data.get("types", {})
    cards: Catalogue = {"molecule:He": {"kind": "molecule", "symbol": "He", "name": "helium",
                                        "type": "Helium", "points": HELIUM_POINTS}}
    for r in data.get("recipe", []):
        kind = types[r["type"]]
        cards[f"molecule:{r['formula']}"] = {"kind": "molecule", "symbol": r["formula"], "name": r["name"],
                                             "shown": r.get("shown", ""), "type": kind["label"],
                                             "points": kind["points"]}
    return cards


def _bank() -> Catalogue:
    data = _toml("bank", "bank.toml")
    cards: Catalogue = {}
    for key, o in data.get("objects", {}).items():
        cards[f"object:{o['token']}"] = {
            "kind": "object", "key": key, "symbol": o["symbol"], "token": o["token"], "name": o["name"],
            "help": o["help"], "price": o.get("price"), "held": bool(o.get("held", False)),
            "instant": o.get("instant", 0), "powerdown": bool(o.get("powerdown", False))}
    return cards


_VALENCE_CATEGORY = {1: "hydrogen", 2: "noble_gas", 6: "nonmetal", 7: "nonmetal", 8: "chalcogen"}


def _valence() -> Catalogue:
    data = _toml("valence", "elements.toml")
    cards: Catalogue = {}
    for e in data.get("element", []):
        number = e.get("atomic_number", 0)
        valence = e.get("valence", 0)
        if e["symbol"] in ("F", "Cl", "Br", "I"):
            category = "halogen"
        elif e["symbol"] in ("Li", "Na", "K"):
            category = "alkali_metal"
        elif e["symbol"] in ("Be", "Mg", "Ca"):
            category = "alkaline_earth_metal"
        elif valence == 0:
            category = "noble_gas"
        else:
            category = _VALENCE_CATEGORY.get(number, "nonmetal")
        cards[e["symbol"]] = {"symbol": e["symbol"], "name": e["name"], "valence": valence,
                              "number": number, "category": category}
    cards.update(_molecules())
    return cards


@cache
def catalogue(game: str) -> Catalogue:
    """The card faces of `game` by the text a view shows them as (empty where there are none)."""
    makers = {"compound": _compound, "valence": _valence, "bank": _bank}
    maker = makers.get(game)
    if maker is None:
        return {}
    try:
        return maker()
    except (OSError, KeyError, TypeError, tomllib.TOMLDecodeError):
        log.exception("%s: cannot read its card faces", game)
        return {}


__all__ = ["catalogue"]
