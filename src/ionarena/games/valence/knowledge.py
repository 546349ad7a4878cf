"""What each seat knows about the cards in other players' hands, for `determinize`.

Hands are hidden, but some of their cards become known: a card taken from the top of the discard
pile (everyone saw it), a card stolen from you (you know who holds it now), the hand you passed on
with Helium (your right-hand neighbour holds it), the cards of a Science Ninja build named wrongly
(shown, and kept in hand). Such knowledge is a lower bound: "player 2 holds at least one Na". It
shrinks when cards leave a hand: a build or a discard removes known cards; a card stolen at random
makes every card of that hand uncertain by one, for those who did not see it.

`Known` maps `(observer, holder)` to a count vector (indexed like `cards.ELEMENTS`); the observer
`players` (one past the last seat) is the spectator, who knows only what the whole table saw.
Keys with nothing known are left out. A `Known` is never changed in place (clones share it):
every function returns a new one.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import ELEMENTS

Counts = tuple[int, ...]
Known = dict[tuple[int, int], Counts]
_NOTHING: Counts = (0,) * len(ELEMENTS)


def removed(known: Known, holder: int, counts: Iterable[int]) -> Known:
    """Cards `counts` left `holder`'s hand in plain sight (a build, a discard, Helium)."""
    if not known:
        return known
    taken = tuple(counts)
    out: Known = {}
    for key, have in known.items():
        if key[1] == holder:
            have = tuple(h - t if h > t else 0 for h, t in zip(have, taken, strict=True))
            if not any(have):
                continue
        out[key] = have
    return out


def emptied(known: Known, holder: int) -> Known:
    """`holder`'s whole hand left it (a whole-hand redraw)."""
    if not known:
        return known
    return {key: have for key, have in known.items() if key[1] != holder}


def seen_joining(known: Known, holder: int, card: int, observers: Iterable[int]) -> Known:
    """`observers` saw `card` (an element index) join `holder`'s hand."""
    out = dict(known)
    for observer in observers:
        if observer == holder:
            continue
        have = list(out.get((observer, holder), _NOTHING))
        have[card] += 1
        out[observer, holder] = tuple(have)
    return out


def at_least(known: Known, holder: int, counts: Counts, observers: Iterable[int]) -> Known:
    """`observers` saw that `holder` holds at least `counts` (cards shown and kept)."""
    out = dict(known)
    for observer in observers:
        if observer == holder:
            continue
        have = out.get((observer, holder), (0,) * len(counts))
        out[observer, holder] = tuple(max(h, c) for h, c in zip(have, counts, strict=True))
    return out


def stolen(known: Known, thief: int, victim: int, card: int) -> Known:
    """`thief` took `card` at random from `victim`: the two of them know which card moved (the
    victim now knows the thief holds it); every other observer only that one card left."""
    out: Known = {}
    for key, have in known.items():
        observer, holder = key
        if holder == victim and observer != thief:
            have = tuple(h - 1 if h else 0 for h in have)
        elif holder == victim:  # the thief knows exactly which card left
            have = tuple(h - 1 if i == card and h else h for i, h in enumerate(have))
        if any(have):
            out[key] = have
    return seen_joining(out, thief, card, [victim])


def passed_right(known: Known, hands: list[list[int]], players: int) -> Known:
    """Helium: every hand passes to the player on the right (seat - 1). What an observer knew of a
    hand follows it; each player knows exactly the hand they passed on (`hands` before the pass)."""
    out: Known = {}
    for (observer, holder), have in known.items():
        receiver = (holder - 1) % players
        if receiver != observer:
            out[observer, receiver] = have
    for giver, hand in enumerate(hands):
        if any(hand):
            receiver = (giver - 1) % players
            if receiver != giver:
                out[giver, receiver] = tuple(hand)
    return out


def as_seen_by(known: Known, observer: int, player: int | None, hands: list[list[int]]) -> Known:
    """The knowledge of a copy resampled for `observer` (`player`, None for the spectator), whose
    hidden hands are now `hands`: the other seats' private knowledge is hidden from `observer` too,
    so it gives way to what the whole table saw (which `observer` knows); `observer`'s own knowledge
    and what the others know of `player`'s own hand (learnt from what `player` saw) stay."""
    public = len(hands)
    out: Known = {}
    for (seat, holder), have in known.items():
        if seat in (observer, public) or holder == player:
            out[seat, holder] = have
        else:
            table = known.get((public, holder))
            if table is not None:
                # A lower bound of the table's is one of every seat's, and the resampled hands
                # respect `observer`'s (which includes the table's): clamp anyway, to stay true.
                have = tuple(min(t, h) for t, h in zip(table, hands[holder], strict=True))
                if any(have):
                    out[seat, holder] = have
    return out
