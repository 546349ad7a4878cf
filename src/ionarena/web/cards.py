"""What the pages draw on cards (`/api/games/<id>/cards`): each game's catalogue of printed card
faces, served by its presenter (`Presenter.catalogue`: dots' cards with their kind, dots, name,
points and colour; compound's and valence's element cards with symbol, name, charge or valence,
points, category; valence's molecule cards as `molecule:<formula>`), so a page can draw `Cl` as
"Chloride, 1−, 4 points, halogen" without knowing the rules. A game whose data file moves or
changes shape gives an empty catalogue here: the page then draws the card's text alone, and
nothing else breaks.

Bank's objects as `object:<token>` (symbol, name, what it does, price), so a page words `buy :` as
"buy [:] Move Time, 4¢".
"""

from __future__ import annotations

import logging
import tomllib
from functools import cache, partial
from importlib import resources
from typing import Any

from ..core import get_spec

log = logging.getLogger(__name__)

Catalogue = dict[str, dict[str, Any]]


def _toml(game: str, name: str) -> dict[str, Any]:
    text = resources.files(f"ionarena.games.{game}").joinpath("data", name).read_text(encoding="utf-8")
    return tomllib.loads(text)


def _bank() -> Catalogue:
    data = _toml("bank", "bank.toml")
    cards: Catalogue = {}
    for key, o in data.get("objects", {}).items():
        cards[f"object:{o['token']}"] = {
            "kind": "object", "key": key, "symbol": o["symbol"], "token": o["token"], "name": o["name"],
            "help": o["help"], "price": o.get("price"), "held": bool(o.get("held", False)),
            "instant": o.get("instant", 0), "powerdown": bool(o.get("powerdown", False))}
    return cards


@cache
def catalogue(game: str) -> Catalogue:
    """The card faces of `game` by the text a view shows them as (empty where there are none)."""
    maker = _bank if game == "bank" else partial(_served, game)
    try:
        return maker()
    except (OSError, KeyError, TypeError, tomllib.TOMLDecodeError):
        log.exception("%s: cannot read its card faces", game)
        return {}


def _served(game: str) -> Catalogue:
    """The catalogue the game's presenter serves (`Presenter.catalogue`)."""
    return {text: dict(face) for text, face in get_spec(game).presenter.catalogue().items()}


__all__ = ["catalogue"]
