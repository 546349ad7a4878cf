"""Set up a Valence table exactly as a rulebook test needs it."""

from __future__ import annotations

from ionarena.games.valence.cards import ELEMENT_COUNTS, ELEMENTS, INDEX, MOLECULE_TYPES, RECIPES
from ionarena.games.valence.rules import ValenceState


def vector(cards: list[str]) -> list[int]:
    """Element symbols as a hand count vector."""
    hand = [0] * len(ELEMENTS)
    for card in cards:
        hand[INDEX[card]] += 1
    return hand


def table(players: int = 3, variant: str = "standard", *, hands: dict[int, list[str]] | None = None,
          discard: list[str] | None = None, stashes: dict[int, list[str]] | None = None,
          current: int = 0, phase: str = "build", deck: list[str] | None = None,
          first_turn: bool = False, seed: int = 1, **options: object) -> ValenceState:
    """A game in which the given hands, stashes and discard pile are on the table.

    Every other element card is in the deck (shuffled by the game's seed unless `deck` is given,
    bottom first); molecule cards in stashes are taken out of the bank. Cards are conserved.
    """
    state = ValenceState(players, variant, seed, dict(options))
    hands = hands or {}
    stashes = stashes or {}
    state.hands = [vector(hands.get(p, [])) for p in range(players)]
    state.discard = list(discard or [])
    state.stashes = [list(stashes.get(p, [])) for p in range(players)]
    state.bank = {t: m.copies for t, m in MOLECULE_TYPES.items()}
    for stash in state.stashes:
        for card in stash:
            if card != "He":
                state.bank[RECIPES[card].type] -= 1
    left = list(ELEMENT_COUNTS)
    placed = [*state.discard, *(c for s in state.stashes for c in s if c == "He")]
    for card in placed:
        left[INDEX[card]] -= 1
    for hand in state.hands:
        for i, n in enumerate(hand):
            left[i] -= n
    assert min(left) >= 0, "more cards on the table than the game has"
    if deck is None:
        deck = [s for s, n in zip(ELEMENTS, left, strict=True) for _ in range(n)]
        state.rng.get().shuffle(deck)
    else:
        spare = list(left)
        for card in deck:
            spare[INDEX[card]] -= 1
        assert min(spare) >= 0, "the deck holds cards that are elsewhere"
        # The rest of the cards go to the discard pile's bottom so that nothing is lost.
        state.discard = [s for s, n in zip(ELEMENTS, spare, strict=True) for _ in range(n)] + state.discard
    state.deck = list(deck)
    state.current = current
    state.phase = phase
    state.turn = 5
    state.turns_taken = [1 if first_turn else 2] * players
    state.skip_draw = [False] * players
    state.traded = False
    state.failed = ()
    state.pending = [0] * len(ELEMENTS)
    return state


def hand_of(state: ValenceState, player: int) -> list[str]:
    """A player's hand as sorted symbols."""
    return [s for s, n in zip(ELEMENTS, state.hands[player], strict=True) for _ in range(n)]
