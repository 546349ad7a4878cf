"""Build a bank position from plain data, for rulebook tests and teaching: teams, hands, objects,
the bank, the clock, whose turn it is, the shop.

    position({"teams": "+-+-", "charge": 9, "pot": 600, "hands": {0: ["+", "=="]},
              "objects": {1: {"x2": 1, "¢": 7}}, "turn": 0})
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core import IllegalAction, quote
from .base import PLAY, SHOP
from .cards import OBJECTS, parse_card, parse_kind
from .invariants import check_invariants
from .rules import BankState

KEYS = {"teams", "seed", "options", "hands", "objects", "charge", "pot", "scores", "turn", "clock",
        "round", "round_left", "invincible", "lose_turns", "direction", "phase", "on_sale", "received"}


def _per_seat(data: Mapping[str, Any], key: str, n: int) -> dict[int, Any]:
    """`{0: ..., "2": ...}` or a list with one entry per seat, as `{seat: value}`."""
    value = data.get(key) or {}
    items = enumerate(value) if isinstance(value, list) else value.items()
    out: dict[int, Any] = {}
    for seat, entry in items:
        number = isinstance(seat, int) or (isinstance(seat, str) and seat.isdecimal())
        if not number or not 0 <= int(seat) < n:
            raise IllegalAction(f"{key}: there is no seat {quote(seat)} in a {n}-player position")
        out[int(seat)] = entry
    return out


def _kind(token: str) -> str:
    kind = parse_kind(str(token))
    if kind is None:
        raise IllegalAction(f"{quote(token)} is not an object")
    return kind


def position(data: Mapping[str, Any]) -> BankState:
    """A started game (play phase unless `phase` is "shop") with this table.

    - `teams`: one sign per seat (`"+-+-"`); the seat order is the turn order. `seed` (0), `options`.
    - `hands`: cards per seat (`{0: ["+", "==="]}`); `objects`: objects and coins per seat
      (`{1: {"x2": 2, "¢": 7}}`). Seats not named keep what they were dealt (6 cards, 5 coins).
    - `charge`, `pot`, `invincible` (moves left), `scores`, `lose_turns` (per seat), `direction` (1/-1).
    - `turn`: the seat on turn (default the first); `clock`: the game time, when that turn starts
      (default 0); `round` (1) and `round_left`: seconds left in the round (default a whole round).
    - `phase`: "shop" opens the shop at `clock` (`on_sale`: object tokens; default 4 drawn).
    - `received`: `[[seat, object], ...]` objects received at this moment (powerdowns act at once).
    The event log starts empty.
    """
    unknown = set(data) - KEYS
    if unknown:
        raise IllegalAction(f"a bank position has no {sorted(unknown)[0]!r}; keys: {', '.join(sorted(KEYS))}")
    teams = data.get("teams")
    if not isinstance(teams, str):
        raise IllegalAction("a bank position needs `teams`: one sign per seat, e.g. '+-+-'")
    n = len(teams)
    from . import SPEC
    state = SPEC.make(players=n, seed=int(data.get("seed", 0)), teams=teams, **dict(data.get("options", {})))
    assert isinstance(state, BankState)
    for seat, cards in _per_seat(data, "hands", n).items():
        hand = [0] * 12
        for text in cards:
            card = parse_card(str(text))
            if card is None:
                raise IllegalAction(f"{quote(text)} is not a card")
            hand[card] += 1
        if sum(hand) > state.cfg.hand_size:
            raise IllegalAction(f"seat {seat} holds more than {state.cfg.hand_size} cards")
        state.hands[seat] = hand
    for seat, items in _per_seat(data, "objects", n).items():
        inv: dict[str, int] = {}
        for token, count in dict(items).items():
            kind = _kind(token)
            if not OBJECTS[kind].held:
                raise IllegalAction(f"{OBJECTS[kind].symbol} is never held; use `received`")
            if int(count) > 0:
                inv[kind] = int(count)
        state.inv[seat] = inv
    state.charge = int(data.get("charge", 0))
    if abs(state.charge) > state.cfg.full_charge:
        raise IllegalAction(f"the charge is at most ±{state.cfg.full_charge}")
    state.pot = int(data.get("pot", 0))
    state.shield = int(data.get("invincible", 0))
    state.direction = int(data.get("direction", 1))
    if "scores" in data:
        state.score = [int(s) for s in data["scores"]]
    for seat, lost in _per_seat(data, "lose_turns", n).items():
        state.lose_turns[seat] = int(lost)
    state.clock = round(float(data.get("clock", 0.0)), 3)
    state.round = int(data.get("round", 1))
    state.round_end = round(state.clock + float(data.get("round_left", state.cfg.round_time)), 3)
    turn = int(data.get("turn", state.order[0]))
    state.pos = state.order.index(turn)
    state._set_move_clock(state.clock, state.cfg.move_time)
    if data.get("phase", "play") == "shop":
        state.phase = SHOP
        state.shop_end = round(state.clock + state.cfg.shop_time, 3)
        on_sale = data.get("on_sale")
        state.on_sale = tuple(_kind(t) for t in on_sale) if on_sale is not None else state._pick_on_sale()
    elif data.get("phase", "play") != "play":
        raise IllegalAction("a bank position's phase is 'play' or 'shop'")
    assert state.phase in (PLAY, SHOP)
    state._events = None  # the deal that was replaced by this position is not told
    state.created = sum(state.score) + state.pot + state.dropped
    for seat, token in data.get("received", ()):
        state._gain_object(int(seat), _kind(token))
    check_invariants(state)
    return state
