"""Build a compound position from plain data, for rulebook tests and teaching: the hands, every
player's area, the centre, the goals and the top of the deck, at the start of a turn's pick.

    position({"players": 4, "hands": [["H", "Cl"]], "unbonded": [["Mg"]], "center": ["Na", "He", "O", "K"],
              "goals": ["alkali_salts", "metal_oxides", "neutralization"]})

Every card is accounted for: the cards named nowhere are shuffled (with `seed`) and fill the hands up
to the hand size, then form the deck.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ionarena.core import IllegalAction, IonError, quote

from .actions import TILES
from .base import ROUNDS, hand_size
from .cards import CARDS, GOALS, card_of, deck_for
from .chemistry import match, why_not
from .invariants import check_invariants
from .rules import CompoundState
from .scoring import RoundParts

KEYS = {"players", "variant", "seed", "round", "turn", "hands", "hand_size", "unbonded", "compounds",
        "center", "goals", "deck_top", "deck", "tiles", "radioactive", "kept", "round_scores"}
PARTS = ("compounds", "noble_gases", "goals", "radioactive")


def _per_seat(data: Mapping[str, Any], key: str, n: int) -> list[Any]:
    value = list(data.get(key, []))
    if len(value) > n:
        raise IllegalAction(f"{key} names {len(value)} seats in a {n}-player game")
    return value + [[] for _ in range(n - len(value))]


def _cards(texts: Any, where: str) -> list[str]:
    cards = [str(t) for t in texts]
    for c in cards:
        if c not in CARDS:
            raise IllegalAction(f"{where}: {quote(c)} is not a card of this game")
    return cards


def position(data: Mapping[str, Any]) -> CompoundState:
    """A state built by `build`; data of the wrong shape is one `IllegalAction` too."""
    try:
        return build(data)
    except IonError:
        raise
    except (TypeError, ValueError, AttributeError, KeyError) as err:
        raise IllegalAction(f"a compound position with data of the wrong shape: "
                            f"{quote(str(err), 80)}") from None


def build(data: Mapping[str, Any]) -> CompoundState:
    """A state at the pick of a turn with these cards where the data puts them.

    - `players` (default: the number of `hands`, at least 2), `variant` (standard), `seed` (0: the
      order of the cards named nowhere, and every later shuffle), `round` (1) and `turn` (1).
    - `hands`: each seat's cards, filled up to `hand_size` (default: the deal, less one card a turn
      played) from the cards named nowhere; `deck_top`: the next cards drawn, first drawn first;
      `deck`: the whole deck instead (the cards named nowhere then lie in the discard pile).
    - `unbonded`, `compounds` (ion tokens, e.g. `["Fe3", "Cl", "Cl", "Cl"]`), `radioactive` (cards placed
      this round with their points, `[["rad-Fr", 4]]`) and `kept` (radioactive cards of earlier rounds),
      each a list per seat.
    - `center` (default: 4 different cards; none in Beginner), `goals` (3 goal ids; default: drawn),
      `tiles` (per seat, e.g. `{"two": "down"}`; the others face up), `round_scores` (per earlier round,
      each seat's total or its parts).
    """
    unknown = set(data) - KEYS
    if unknown:
        raise IllegalAction(f"a compound position has no {quote(sorted(unknown)[0])}; "
                            f"keys: {', '.join(sorted(KEYS))}")
    state = _new_state(data)
    size = _hand_size(data, state)
    pool = _Pool(state.variant, state.rng.get())
    n = state.num_players
    hands = [pool.take(_cards(h, f"hand {p}"), f"hand {p}")
             for p, h in enumerate(_per_seat(data, "hands", n))]
    _place_areas(state, data, pool)
    if "center" in data:
        state.center = pool.take(_cards(data["center"], "center"), "center")
        if state.variant == "beginner" and state.center:
            raise IllegalAction("the Beginner game has no center cards")
    top = pool.take(_cards(data.get("deck_top", []), "deck_top"), "deck_top")
    named_deck = pool.take(_cards(data["deck"], "deck"), "deck") if "deck" in data else None
    rest = pool.rest()
    if "center" not in data and state.variant != "beginner":
        _fill_center(state, rest)
    _fill_hands(hands, rest, size)
    state.hands = hands
    if named_deck is not None:
        state.deck = list(reversed(top + named_deck))
        state.discard = rest
    else:
        state.deck = rest + list(reversed(top))
    state.goals = _goals(data, state)
    _set_tiles(state, data)
    state.round_scores = _round_scores(data, state)
    state._emit("round", (state.round, state.first, tuple(state.goals), tuple(state.center)))
    check_invariants(state)
    return state


class _Pool:
    """The variant's cards that the position has not placed yet, in shuffled order (the shuffle
    the state's own generator makes first)."""

    def __init__(self, variant: str, rng: random.Random):
        self.variant = variant
        self.order = deck_for(variant)
        rng.shuffle(self.order)
        self.left = Counter(self.order)

    def take(self, cards: list[str], where: str) -> list[str]:
        """`cards`, taken out of the pool; `IllegalAction` if the deck has no more of one."""
        for c in cards:
            if self.left[c] <= 0:
                raise IllegalAction(f"{where}: the {self.variant} deck has no more {c} cards than the "
                                    "position already names")
            self.left[c] -= 1
        return cards

    def rest(self) -> list[str]:
        """The cards named nowhere, in shuffled order (taken out of the pool)."""
        rest = []
        for c in self.order:
            if self.left[c] > 0:
                self.left[c] -= 1
                rest.append(c)
        return rest


def _new_state(data: Mapping[str, Any]) -> CompoundState:
    """An undealt state of the players, variant, seed, round and turn the data gives."""
    hands_given = list(data.get("hands", []))
    n = int(data.get("players", max(2, len(hands_given))))
    variant = str(data.get("variant", "standard"))
    from . import SPEC
    SPEC.check_players(n)
    SPEC.check_variant(variant)
    state = CompoundState(n, variant, int(data.get("seed", 0)), SPEC.resolve_options({}), deal=False)
    state.round = int(data.get("round", 1))
    state.turn = int(data.get("turn", 1))
    if not 1 <= state.round <= ROUNDS:
        raise IllegalAction(f"round must be 1 to {ROUNDS}")
    state.first = (state.round - 1) % n
    return state


def _hand_size(data: Mapping[str, Any], state: CompoundState) -> int:
    """The size of the hands at this pick: given, or the deal less a card a turn played."""
    largest = hand_size(state.variant)
    size = int(data.get("hand_size", largest - (state.turn - 1)))
    if not 3 <= size <= largest + 1:
        raise IllegalAction(f"a hand at a pick holds 3 to {largest + 1} cards, not {size}")
    return size


def _place_areas(state: CompoundState, data: Mapping[str, Any], pool: _Pool) -> None:
    """Each seat's unbonded cards, compounds, radioactive cards placed this round and kept."""
    n = state.num_players
    state.unbonded = [pool.take(_cards(u, f"unbonded {p}"), f"unbonded {p}")
                      for p, u in enumerate(_per_seat(data, "unbonded", n))]
    for p, u in enumerate(state.unbonded):
        if any(CARDS[c].kind == "radioactive" for c in u):
            raise IllegalAction(f"unbonded {p}: radioactive cards are placed with `radioactive`")
    state.compounds = []
    for p, comps in enumerate(_per_seat(data, "compounds", n)):
        made = []
        for comp in comps:
            tokens = tuple(str(t) for t in comp)
            if match(tokens) is None:
                raise IllegalAction(f"compounds {p}: {' '.join(tokens)} is not a compound: {why_not(tokens)}")
            pool.take([card_of(t) for t in tokens], f"compounds {p}")
            made.append(tokens)
        state.compounds.append(made)
    state.radio = []
    for p, placed in enumerate(_per_seat(data, "radioactive", n)):
        cards = [(str(c), int(points)) for c, points in placed]
        for c, points in cards:
            if c not in CARDS or CARDS[c].kind != "radioactive" or points not in (0, 2, 4):
                raise IllegalAction(f"radioactive {p}: {quote(c)} with {points} points is not a placed "
                                    "radioactive card")
        pool.take([c for c, _ in cards], f"radioactive {p}")
        state.radio.append(cards)
    state.kept = [pool.take(_cards(k, f"kept {p}"), f"kept {p}")
                  for p, k in enumerate(_per_seat(data, "kept", n))]
    if any(CARDS[c].kind != "radioactive" for k in state.kept for c in k):
        raise IllegalAction("kept: only radioactive cards stay in a player's area from round to round")


def _fill_center(state: CompoundState, rest: list[str]) -> None:
    """Four different centre cards from the cards named nowhere (taken out of `rest`)."""
    for c in list(rest):
        if len(state.center) == 4:
            break
        if c not in state.center:
            state.center.append(c)
            rest.remove(c)


def _fill_hands(hands: list[list[str]], rest: list[str], size: int) -> None:
    """Every hand filled up to `size` from the end of `rest`."""
    for p, hand in enumerate(hands):
        if len(hand) > size:
            raise IllegalAction(f"hand {p} holds {len(hand)} cards, more than the hand size {size}")
        while len(hand) < size:
            if not rest:
                raise IllegalAction("not enough cards are left to fill the hands")
            hand.append(rest.pop())


def _goals(data: Mapping[str, Any], state: CompoundState) -> list[str]:
    """The round's 3 goal cards: given, or drawn with the state's generator."""
    goals = [str(g) for g in data.get("goals", [])]
    if "goals" not in data:
        return state.rng.get().sample(sorted(GOALS), 3)
    if len(goals) != 3 or len(set(goals)) != 3 or any(g not in GOALS for g in goals):
        raise IllegalAction(f"goals are 3 different goal cards of: {', '.join(GOALS)}")
    return goals


def _set_tiles(state: CompoundState, data: Mapping[str, Any]) -> None:
    """Each seat's Action Tiles, face up unless the data says `down`."""
    for p, faces in enumerate(_per_seat(data, "tiles", state.num_players)):
        if state.variant == "beginner":
            if faces:
                raise IllegalAction("the Beginner game has no Action Tiles")
            continue
        faces = dict(faces)
        if set(faces) - set(TILES) or set(faces.values()) - {"up", "down"}:
            raise IllegalAction(f"tiles {p}: name tiles {', '.join(TILES)} as \"up\" or \"down\"")
        state.tiles[p] = [faces.get(t, "up") == "up" for t in TILES]


def _round_scores(data: Mapping[str, Any], state: CompoundState) -> list[list[RoundParts]]:
    """The scores of the rounds before this one (0 for each seat when not given)."""
    n = state.num_players
    rounds = list(data.get("round_scores", []))
    if len(rounds) != state.round - 1:
        if rounds:
            raise IllegalAction(f"round {state.round} comes after {state.round - 1} scored rounds, "
                                f"not {len(rounds)}")
        rounds = [[0] * n for _ in range(state.round - 1)]
    scores = [[_round_parts(s) for s in seats] for seats in rounds]
    if any(len(seats) != n for seats in scores):
        raise IllegalAction("round_scores hold one score per seat")
    return scores


def _round_parts(score: Any) -> RoundParts:
    """A seat's score of an earlier round: its parts, or its total alone (the parts then read 0)."""
    if isinstance(score, Mapping):
        c, g, o, r = (int(score.get(k, 0)) for k in PARTS)
        return {"compounds": c, "noble_gases": g, "goals": o, "radioactive": r, "total": c + g + o + r}
    return {"compounds": 0, "noble_gases": 0, "goals": 0, "radioactive": 0, "total": int(score)}
