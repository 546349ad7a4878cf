"""What each seat sees of a bank game: the game's part of the view (`view["table"]`), as data.

The envelope (version, actors, phase, scores, winners, deadline, now, ...) is the kernel's; nothing
here is prose.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict

from .base import OVER, PLAY, SHOP, SIGN_TEXT
from .cards import CARD_TEXTS, HELD_KINDS, NUM_CARDS, OBJECTS, kind_token

if TYPE_CHECKING:
    from .rules import BankState


class BankView(TypedDict):
    """The bank in the middle of the table."""

    charge: int
    pot: int
    full_charge: int
    invincible_moves: int
    """Moves left during which the bank cannot dump ([*] Invincible)."""


TeamScores = TypedDict("TeamScores", {"+": int, "-": int})
"""The sum of each team's scores (players who quit left out)."""


class OnSale(TypedDict):
    """An object on sale in the shop."""

    object: str
    name: str
    price: int | None


class Offer(TypedDict):
    """An open deal in the shop: `object` for `price` units of `units` (¢ or an object)."""

    seller: int
    object: str
    price: int
    units: str


class ShopView(TypedDict):
    """The shop between rounds."""

    on_sale: list[OnSale]
    offers: list[Offer]


class BankTable(TypedDict):
    """The bank part of a seat's view. Lists by seat hold one entry per seat."""

    round: int
    rounds: int
    round_ends_at: float | None
    """Game seconds at which the round ends (in play; else None)."""
    move_ends_at: float | None
    """Game seconds at which the move clock of the player on turn runs out (in play; else None)."""
    move_time: float
    second_move: bool
    """The player on turn is making the second move of [&] Combine."""
    bank: BankView
    order: list[int]
    """Seats in turn order."""
    direction: int
    teams: list[str]
    """By seat: `+`, `-` or `?` (no team yet)."""
    team_scores: TeamScores
    cards: list[int]
    objects: list[int]
    quit: list[bool]
    loses_turns: list[int]
    shop: NotRequired[ShopView]
    winning_team: NotRequired[str | None]
    """Once the game is over: `+`, `-`, or None for a tie."""
    hand: NotRequired[list[str]]
    """The seat's own cards (not in a spectator's view)."""
    coins: NotRequired[int]
    inventory: NotRequired[dict[str, int]]
    """The seat's own objects by token (not in a spectator's view)."""


def table_view(state: BankState, player: int | None) -> BankTable:
    """Public facts for everyone; the seat's own hand, coins and objects for `player`."""
    plus, minus = state.team_scores()
    playing = state.phase == PLAY
    view: BankTable = {
        "round": state.round,
        "rounds": state.cfg.rounds,
        "round_ends_at": state.round_end if playing else None,
        "move_ends_at": state.move_end if playing else None,
        "move_time": state.cfg.move_time,
        "second_move": state.combo,
        "bank": {"charge": state.charge, "pot": state.pot, "full_charge": state.cfg.full_charge,
                 "invincible_moves": state.shield},
        "order": list(state.order),
        "direction": state.direction,
        "teams": list(map(SIGN_TEXT.__getitem__, state.team)),
        "team_scores": {"+": plus, "-": minus},
        "cards": list(map(sum, state.hands)),
        "objects": [sum(i.values()) - i.get("coins", 0) for i in state.inv],
        "quit": [not a for a in state.active],
        "loses_turns": state.lose_turns[:],
    }
    if state.phase == SHOP:
        view["shop"] = {
            "on_sale": [{"object": kind_token(k), "name": OBJECTS[k].name, "price": OBJECTS[k].price}
                        for k in state.on_sale],
            "offers": [{"seller": s, "object": kind_token(o.kind), "price": o.price,
                        "units": kind_token(o.units)} for s, o in sorted(state.offers.items())],
        }
    if state.phase == OVER:
        view["winning_team"] = state.winning_team()
    if player is not None:
        inv = state.inv[player]
        view["hand"] = [CARD_TEXTS[c] for c in range(NUM_CARDS) for _ in range(state.hands[player][c])]
        view["coins"] = inv.get("coins", 0)
        view["inventory"] = {kind_token(k): inv[k] for k in HELD_KINDS if k != "coins" and inv.get(k)}
    return view
