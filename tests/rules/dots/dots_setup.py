"""Arrange a dots table by hand for rulebook tests: hands, the card on the table, the draw pile."""

from __future__ import annotations

from ionarena.games.dots.cards import DECK, NEED, parse_face
from ionarena.games.dots.rules import PLAY, DotsState, check_invariants


def faces(texts: list[str]) -> list[int]:
    """Card texts (`3|6`, `block 3|6`, `joker 4`, `dj`) as faces."""
    return [parse_face(t) for t in texts]


def arrange(hands: list[list[str]], top: str, deck: list[str] | None = None, to_move: int = 0,
            variant: str = "quick", direction: int = -1, dealer: int | None = None,
            **options: object) -> DotsState:
    """A state with these hands and this card on the table, `to_move` to play.

    `deck` lists the draw pile in the order the cards will be drawn; the cards named nowhere go under
    the top card among the played cards (so a draw beyond `deck` reshuffles them). Without `deck`
    they form the draw pile, in deck order.
    """
    n = len(hands)
    state = DotsState(n, variant, seed=0, options=dict(options))
    pool = list(DECK)
    named_hands = [faces(h) for h in hands]
    top_face = parse_face(top)
    named_deck = faces(deck) if deck is not None else None
    for face in [f for h in named_hands for f in h] + [top_face] + (named_deck or []):
        pool.remove(face)
    state.hands = [sorted(h) for h in named_hands]
    if named_deck is not None:
        state.deck = list(reversed(named_deck))
        state.discard = [*pool, top_face]
    else:
        state.deck = list(reversed(pool))
        state.discard = [top_face]
    state.need = NEED[top_face]
    state.cur = to_move
    state.dir = direction
    state.dealer = (to_move - direction) % n if dealer is None else dealer
    state.phase = PLAY
    state.pending = 0
    state.gift_from = -1
    check_invariants(state)
    return state


def hand_texts(state: DotsState, player: int) -> list[str]:
    """`player`'s hand as card texts, alphabetically."""
    return sorted(state.view(player)["hand"])
