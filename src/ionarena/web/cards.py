"""What the pages draw on cards (`/api/games/<id>/cards`): each game's catalogue of printed card
faces, served by its presenter (`Presenter.catalogue`): dots' cards with their kind, dots, name,
points and colour; compound's and valence's element cards with symbol, name, charge or valence,
points, category, and valence's molecule cards as `molecule:<formula>`; bank's objects as
`object:<token>` (symbol, name, what it does, price). So a page can draw `Cl` as "Chloride, 1−,
4 points, halogen", or word `buy :` as "buy [:] Move Time, 4¢", without knowing the rules. A game
whose data file moves or changes shape gives an empty catalogue here: the page then draws the
card's text alone, and nothing else breaks.
"""

from __future__ import annotations

import logging
import tomllib
from functools import cache
from typing import Any

from ..core import get_spec

log = logging.getLogger(__name__)

Catalogue = dict[str, dict[str, Any]]


@cache
def catalogue(game: str) -> Catalogue:
    """The card faces of `game` by the text a view shows them as (empty where there are none)."""
    try:
        return {text: dict(face) for text, face in get_spec(game).presenter.catalogue().items()}
    except (OSError, KeyError, TypeError, tomllib.TOMLDecodeError):
        log.exception("%s: cannot read its card faces", game)
        return {}


__all__ = ["catalogue"]
