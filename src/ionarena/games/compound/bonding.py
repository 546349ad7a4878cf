"""The compounds a player may form now, from tables made once and answers kept by card content.

Legal move lists are the engine's hot path: after every declaration each player with revealed cards
is asked again whether a bond is possible, and RXN by hand lists what an area can form at every
step. Both answers depend only on the cards involved, so they are computed from per-card tables and
kept (bounded caches keyed by the cards).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import NamedTuple

from .actions import UNBONDED, Move
from .cards import CARDS, IONS, tokens_of
from .chemistry import Need, Recipe, recipe

CACHE_LIMIT = 1 << 14
"""Answers kept per cache; a full cache is emptied (the answers are cheap to find again)."""

DONE = Move("done")


class Options(NamedTuple):
    """What some cards can form: the compounds, their tokens and the moves they give."""

    recipes: tuple[Recipe, ...]
    """The compounds, in the order of their tokens."""
    tokens: frozenset[tuple[str, ...]]
    """Their tokens (to check a move without listing them)."""
    moves: tuple[Move, ...]
    """The legal moves: `unbonded` (or `done` for RXN by hand) first, then one per compound."""

_bonds: dict[tuple[str, ...], Options] = {}
_forms: dict[tuple[str, ...], Options] = {}


def _need(r: Recipe, besides: str | None = None) -> Need:
    """The cards `r` needs (one `besides` card not counted), sorted, each with how many."""
    need: dict[str, int] = {}
    for c in r.cards:
        need[c] = need.get(c, 0) + 1
    if besides is not None:
        need[besides] -= 1
    return tuple((c, k) for c, k in sorted(need.items()) if k > 0)


Table = dict[str, tuple[tuple[Recipe, Need], ...]]
"""By the other card of a compound: each compound and the cards it needs."""


@cache
def _bond_table(new: str) -> Table:
    """Every compound the card `new` can be in, by its other card, each with the cards it needs
    besides that one `new`."""
    found: dict[str, list[tuple[Recipe, Need]]] = {}
    for tok in tokens_of(new):
        positive = IONS[tok].charge > 0
        for other in CARDS:
            for otok in tokens_of(other):
                r = recipe(tok, otok) if positive else recipe(otok, tok)
                if r is not None:
                    found.setdefault(other, []).append((r, _need(r, new)))
    return {other: tuple(entries) for other, entries in found.items()}


@cache
def _form_table(cation: str) -> Table:
    """Every compound with the card `cation` as its positive ion, by its anion card, each with the
    cards it needs."""
    found: dict[str, list[tuple[Recipe, Need]]] = {}
    for ct in tokens_of(cation):
        if IONS[ct].charge <= 0:
            continue
        for anion in CARDS:
            for at in tokens_of(anion):
                r = recipe(ct, at)
                if r is not None:
                    found.setdefault(anion, []).append((r, _need(r)))
    return {anion: tuple(entries) for anion, entries in found.items()}


def _counts(cards: Iterable[str]) -> dict[str, int]:
    have: dict[str, int] = {}
    for c in cards:
        have[c] = have.get(c, 0) + 1
    return have


_MOVES: dict[tuple[str, tuple[str, ...]], Move] = {}
"""`bond ...` and `form ...` for every compound met so far (a small table: made once each)."""


def _move(kind: str, tokens: tuple[str, ...]) -> Move:
    move = _MOVES.get((kind, tokens))
    if move is None:
        move = _MOVES[kind, tokens] = Move(kind, tokens)
    return move


_NO_BOND = Options((), frozenset(), (UNBONDED,))
_NO_FORM = Options((), frozenset(), (DONE,))


def _options(found: dict[tuple[str, ...], Recipe], kind: str) -> Options:
    if not found:
        return _NO_BOND if kind == "bond" else _NO_FORM
    keys = sorted(found)
    first = UNBONDED if kind == "bond" else DONE
    return Options(tuple(found[k] for k in keys), frozenset(keys), (first, *(_move(kind, k) for k in keys)))


def _add_met(found: dict[tuple[str, ...], Recipe], recipes: Iterable[tuple[Recipe, Need]],
             have: dict[str, int]) -> None:
    """Add to `found` each of these compounds whose cards `have` holds enough of."""
    for r, need in recipes:
        for card, count in need:
            if have.get(card, 0) < count:
                break
        else:
            found[r.tokens] = r


def bond_options(new: str, unbonded: Sequence[str]) -> Options:
    """The compounds the revealed card `new` can form with some of these `unbonded` cards."""
    table = _bond_table(new)
    if table.keys().isdisjoint(unbonded):
        return _NO_BOND  # no card it could ever bond with (or none at all)
    key = (new, *unbonded)
    hit = _bonds.get(key)
    if hit is not None:
        return hit
    have = _counts(unbonded)
    found: dict[tuple[str, ...], Recipe] = {}
    for other in have:
        _add_met(found, table.get(other, ()), have)
    hit = _options(found, "bond")
    if len(_bonds) >= CACHE_LIMIT:
        _bonds.clear()
    _bonds[key] = hit
    return hit


def formable(pool: Sequence[str]) -> Options:
    """Every compound these cards can form (RXN by hand)."""
    key = tuple(sorted(pool))
    hit = _forms.get(key)
    if hit is not None:
        return hit
    have = _counts(key)
    found: dict[tuple[str, ...], Recipe] = {}
    for c in have:
        table = _form_table(c)
        if not table:
            continue
        for anion in have:
            _add_met(found, table.get(anion, ()), have)
    hit = _options(found, "form")
    if len(_forms) >= CACHE_LIMIT:
        _forms.clear()
    _forms[key] = hit
    return hit
