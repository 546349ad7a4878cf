"""Build a Valence position from plain data, for rulebook tests and teaching: hands, stashes, the
discard pile, the deck, who is to move and in which phase.

    position({"hands": [["Na", "O", "H"], ["Cl"]], "stashes": [[], ["HCl"]], "discard": ["F"]})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core import IllegalAction, check_seed, quote
from .cards import ELEMENT_COUNTS, ELEMENTS, HELIUM, INDEX, MOLECULE_TYPES, RECIPES, TYPE_IDS
from .invariants import check_invariants
from .legality import BUILD_PHASE, DISCARD_PHASE, DRAW_PHASE, PLACE_PHASE
from .rules import ValenceState

KEYS = {"hands", "stashes", "discard", "deck", "to_move", "phase", "placing", "variant", "options", "seed",
        "first_turn", "turn", "skip_draw", "traded", "built_types", "helium_under"}
PHASES = (DRAW_PHASE, BUILD_PHASE, PLACE_PHASE, DISCARD_PHASE)


def _symbols(cards: Sequence[Any], where: str) -> list[str]:
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        raise IllegalAction(f"{where} is a list of element symbols, not {quote(cards)}")
    for card in cards:
        if card not in INDEX:
            raise IllegalAction(f"{quote(card)} in {where} is not an element card")
    return list(cards)


def _vector(cards: list[str]) -> list[int]:
    hand = [0] * len(ELEMENTS)
    for card in cards:
        hand[INDEX[card]] += 1
    return hand


def position(data: Mapping[str, Any]) -> ValenceState:
    """A state with these hands, stashes and discard pile on the table; `IllegalAction` if the data
    is not a position of this game.

    - `hands`: each seat's element cards (the number of hands is the number of players);
      `stashes`: each seat's molecules by formula ("NaOH", "Ca(OH)2") or "He" (default empty);
      molecule cards in stashes are taken out of the bank.
    - `discard`: the discard pile, bottom first (the last card is its top).
    - `deck`: the Element Deck in the order the cards will be drawn; the cards named nowhere go
      under the discard pile, so a draw beyond `deck` reshuffles them. Without `deck` they form the
      deck, shuffled by `seed` (default 1).
    - `to_move` (default 0), `phase` (`build` by default; `draw`, `place` with `placing`: the used
      cards still to go onto the discard pile, or `discard`), `first_turn` (every player is on their
      first turn: no Helium yet), `turn` (turns played, for the turn cap), `skip_draw` (seats that
      skip their next draw), `traded` (the player to move traded up this turn), `built_types`
      (cooperative: types built so far), `helium_under` (Helium, the deck's last card, was put back
      at setup in everyone's sight), `variant`, `options`.
    """
    unknown = set(data) - KEYS
    if unknown:
        raise IllegalAction(f"a valence position has no {quote(sorted(map(str, unknown))[0])}; "
                            f"keys: {', '.join(sorted(KEYS))}")
    hands = [_symbols(h, f"hand {p}") for p, h in enumerate(data.get("hands", [[], []]))]
    n = len(hands)
    from . import SPEC
    state = ValenceState(SPEC.check_players(n), SPEC.check_variant(data.get("variant", "standard")),
                         check_seed(data.get("seed", 1)), SPEC.resolve_options(data.get("options")),
                         deal=False)
    state.hands = [_vector(h) for h in hands]
    left = _place_stashes(state, data)
    discard = _symbols(data.get("discard", []), "the discard pile")
    placing = _symbols(data.get("placing", []), "the cards to place")
    for card in [*discard, *placing, *(c for h in hands for c in h)]:
        left[INDEX[card]] -= 1
    state.discard = _place_deck(state, data, left, discard)
    state.pending = _vector(placing)
    _set_turn(state, data, bool(placing))
    check_invariants(state)
    return state


def _place_stashes(state: ValenceState, data: Mapping[str, Any]) -> list[int]:
    """Each seat's stash, its molecule cards taken out of the bank; return the element cards left
    to place elsewhere (Helium in a stash is one of them)."""
    n = state.num_players
    stashes = [list(s) for s in data.get("stashes", [[] for _ in range(n)])]
    if len(stashes) != n:
        raise IllegalAction(f"give a stash for each of the {n} players")
    state.stashes = stashes
    state.bank = {t: m.copies for t, m in MOLECULE_TYPES.items()}
    left = list(ELEMENT_COUNTS)
    for stash in stashes:
        for card in stash:
            if card == HELIUM:
                left[INDEX[HELIUM]] -= 1
            elif card in RECIPES:
                state.bank[RECIPES[card].type] -= 1
            else:
                raise IllegalAction(f"{quote(card)} is not a molecule card")
    if min(state.bank.values()) < 0:
        raise IllegalAction("the stashes hold more molecule cards of a type than the bank has")
    return left


def _place_deck(state: ValenceState, data: Mapping[str, Any], left: list[int],
                discard: list[str]) -> list[str]:
    """The deck: as given (the cards named nowhere go under the discard pile), or the cards named
    nowhere shuffled by the seed; return the discard pile."""
    if "deck" in data:
        deck = _symbols(data["deck"], "the deck")
        for card in deck:
            left[INDEX[card]] -= 1
        rest = [s for s, k in zip(ELEMENTS, left, strict=True) for _ in range(max(k, 0))]
        state.deck = list(reversed(deck))
        discard = rest + discard
    else:
        state.deck = [s for s, k in zip(ELEMENTS, left, strict=True) for _ in range(max(k, 0))]
        state.rng.get().shuffle(state.deck)
    if min(left) < 0:
        raise IllegalAction("the position names more copies of a card than the game has")
    return discard


def _set_turn(state: ValenceState, data: Mapping[str, Any], placing: bool) -> None:
    """Who is to move, in which phase, and what the turn so far has done."""
    n = state.num_players
    to_move = data.get("to_move", 0)
    if to_move.__class__ is not int or not 0 <= to_move < n:
        raise IllegalAction(f"to_move is a seat from 0 to {n - 1}, not {quote(to_move)}")
    phase = data.get("phase", PLACE_PHASE if placing else BUILD_PHASE)
    if phase not in PHASES or (phase == PLACE_PHASE) != placing:
        raise IllegalAction(f"phase is one of {', '.join(PHASES)} ('place' exactly when cards are placing)")
    state.current = to_move
    state.first_player = to_move
    state.phase = phase
    first_turn = bool(data.get("first_turn", False))
    state.turns_taken = [1 if first_turn else 2] * n
    state.turn = int(data.get("turn", 1 if first_turn else n + 1))
    skip = data.get("skip_draw", [])
    state.skip_draw = [p in skip for p in range(n)]
    state.traded = bool(data.get("traded", False))
    built = frozenset(data.get("built_types", []))
    if built - set(TYPE_IDS):
        raise IllegalAction(f"built_types are molecule types: {', '.join(TYPE_IDS)}")
    state.built_types = built
    state.helium_under = bool(data.get("helium_under", False))
    if state.helium_under and state.deck[:1] != [HELIUM]:
        raise IllegalAction("helium_under needs Helium as the deck's last card")
