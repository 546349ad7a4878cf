"""What the screen draws on a card: symbol, charge or valence, points, category, name.

These are printed card faces — public facts of each game's deck — read from the games' own data
files (as the web pages do), so a box can show `Cl` as "Chloride, 1−, 4 points, halogen" without
knowing any rule. A game whose data file moves or changes shape gives an empty catalogue: the box
then shows the card's text alone, and nothing else breaks.
"""

from __future__ import annotations

import logging
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ..core.present import signed

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Face:
    """One printed card face."""

    symbol: str
    name: str
    category: str
    """A CSS class suffix: `halogen`, `alkali_metal`, `noble_gas`, `transition`, `radioactive` ..."""
    charge: str = ""
    """As printed: `+1`, `−2`, `+2/+3` (a transition metal's two sides), `0`."""
    points: str = ""
    """As printed: `4`, `5/7`; "" where a card has none."""


@dataclass(frozen=True, slots=True)
class Molecule:
    """A compound or molecule a player can make: formula, name and what it is worth."""

    formula: str
    name: str
    kind: str = ""
    points: int | None = None


def _toml(game: str, name: str) -> dict[str, Any]:
    text = resources.files(f"ionarena.games.{game}").joinpath("data", name).read_text(encoding="utf-8")
    return tomllib.loads(text)


def _compound_faces() -> dict[str, Face]:
    data = _toml("compound", "elements.toml")
    faces: dict[str, Face] = {}
    for e in data.get("elements", []):
        faces[e["id"]] = Face(e["symbol"], e["name"], e.get("category", "ion"), signed(e["charge"]),
                              str(e["points"]))
    for e in data.get("polyatomic_ions", []):
        faces[e["id"]] = Face(e["formula"], e["name"], "polyatomic", signed(e["charge"]), str(e["points"]))
    for e in data.get("transition_metals", []):
        sides = e.get("sides", [])
        faces[e["id"]] = Face(e["id"], e["name"], "transition", "/".join(signed(s["charge"]) for s in sides),
                              "/".join(str(s["points"]) for s in sides))
        for side in sides:  # a placed transition metal shows one side: `Fe3`
            faces[f"{e['id']}{side['charge']}"] = Face(e["id"], e["name"], "transition",
                                                       signed(side["charge"]), str(side["points"]))
    for e in data.get("noble_gases", []):
        faces[e["id"]] = Face(e["id"], e["name"], "noble_gas", "0", "")
    try:
        for e in _toml("compound", "radioactive.toml").get("radioactive", []):
            faces[e["id"]] = Face(e["symbol"], e["name"], "radioactive", f"☢{e['decay']}", "")
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        pass
    return faces


_HALOGENS = {"F", "Cl", "Br", "I"}
_ALKALI = {"Li", "Na", "K"}
_ALKALINE_EARTH = {"Be", "Mg", "Ca"}


def _valence_faces() -> dict[str, Face]:
    data = _toml("valence", "elements.toml")
    faces: dict[str, Face] = {}
    for e in data.get("element", []):
        symbol, valence = e["symbol"], e.get("valence", 0)
        if symbol == "H":
            category = "hydrogen"
        elif symbol in _HALOGENS:
            category = "halogen"
        elif symbol in _ALKALI:
            category = "alkali_metal"
        elif symbol in _ALKALINE_EARTH:
            category = "alkaline_earth_metal"
        elif valence == 0:
            category = "noble_gas"
        elif symbol == "O":
            category = "chalcogen"
        else:
            category = "nonmetal"
        faces[symbol] = Face(symbol, e["name"].capitalize(), category, signed(valence), "")
    return faces


def _valence_molecules() -> dict[str, Molecule]:
    data = _toml("valence", "molecules.toml")
    types = data.get("types", {})
    found: dict[str, Molecule] = {}
    for r in data.get("recipe", []):
        kind = types.get(r["type"], {})
        name = r["name"] + (f" ({r['shown']})" if r.get("shown") else "")
        found[r["formula"]] = Molecule(r["formula"], name, kind.get("label", r["type"]), kind.get("points"))
    found["He"] = Molecule("He", "helium", "Helium", None)
    return found


@cache
def faces(game: str) -> dict[str, Face]:
    """The card faces of `game` by the text a view shows them as (empty where there are none)."""
    makers = {"compound": _compound_faces, "valence": _valence_faces}
    maker = makers.get(game)
    if maker is None:
        return {}
    try:
        return maker()
    except (OSError, KeyError, TypeError, ValueError, tomllib.TOMLDecodeError):
        log.exception("%s: cannot read its card faces", game)
        return {}


@cache
def molecules(game: str) -> dict[str, Molecule]:
    """Valence's molecule cards by formula (name, type, points); empty for other games."""
    if game != "valence":
        return {}
    try:
        return _valence_molecules()
    except (OSError, KeyError, TypeError, ValueError, tomllib.TOMLDecodeError):
        log.exception("%s: cannot read its molecules", game)
        return {}


__all__ = ["Face", "Molecule", "faces", "molecules"]
