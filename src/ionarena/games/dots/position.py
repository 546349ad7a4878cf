"""Build a dots position from plain data, for rulebook tests and teaching: hands, the card on the
table, the draw pile, who is to move.

    position({"hands": [["3|6", "joker 4"], ["2|5"]], "top": "6|1", "to_move": 0})
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ionarena.core import IllegalAction

from .actions import PENDING, PLAY
from .cards import DECK, NEED, parse_face
from .invariants import check_invariants
from .rules import DotsState

KEYS = {"hands", "top", "deck", "to_move", "variant", "direction", "dealer", "options", "points",
        "pending_draw"}


def faces(texts: list[str]) -> list[int]:
    """Card texts (`3|6`, `block 3|6`, `joker 4`, `dj`) as faces."""
    try:
        return [parse_face(t) for t in texts]
    except ValueError as err:
        raise IllegalAction(str(err)) from None


def position(data: Mapping[str, Any]) -> DotsState:
    """A state with these hands and this card on the table.

    - `hands`: each seat's cards; `top`: the card on the table; `to_move` (default 0).
    - `deck`: the draw pile in the order the cards will be drawn; the cards named nowhere go under
      the top card among the played cards (so a draw beyond `deck` reshuffles them). Without `deck`
      they form the draw pile, in deck order.
    - `variant` (quick), `direction` (-1: play goes right, the rulebook's start), `dealer` (the seat
      before `to_move`), `options`, `points` (tournament scores), `pending_draw` (the player to move
      must take that many cards or Block).
    """
    unknown = set(data) - KEYS
    if unknown:
        raise IllegalAction(f"a dots position has no {sorted(unknown)[0]!r}; keys: {', '.join(sorted(KEYS))}")
    hands = [faces(h) for h in data["hands"]]
    n = len(hands)
    from . import SPEC
    options = dict(data.get("options", {}))
    state = SPEC.make(players=n, seed=0, variant=data.get("variant", "quick"), **options)
    assert isinstance(state, DotsState)
    pool = list(DECK)
    top = faces([data["top"]])[0]
    named_deck = faces(data["deck"]) if "deck" in data else None
    for face in [f for h in hands for f in h] + [top] + (named_deck or []):
        if face not in pool:
            raise IllegalAction("the position names more copies of a card than the deck holds")
        pool.remove(face)
    state.hands = [sorted(h) for h in hands]
    if named_deck is not None:
        state.deck = list(reversed(named_deck))
        state.discard = [*pool, top]
    else:
        state.deck = list(reversed(pool))
        state.discard = [top]
    to_move = int(data.get("to_move", 0))
    direction = int(data.get("direction", -1))
    state.need = NEED[top]
    state.cur = to_move
    state.dir = direction
    state.dealer = (to_move - direction) % n if data.get("dealer") is None else int(data["dealer"])
    pending = int(data.get("pending_draw", 0))
    state.phase = PENDING if pending else PLAY
    state.pending = pending
    state.gift_from = -1
    if "points" in data:
        state.points = [int(p) for p in data["points"]]
    check_invariants(state)
    return state
