"""Bank on IRC: the turn line, a player's `status`, and the channel's digest of public play.

The rulebook's bot tells each player privately what they hold; everything else a player needs
is public (docs/rules/bank.md, "What a player sees"), and with 3-second turns nobody has time
to ask. So:

- the **turn line** carries what a player decides by: seconds left, the bank (charge, pot, the
  Invincible count), the direction of play, the round's time left, their score and team and
  the team sums, then their cards and objects (`turn_line`); in the shop, what is on sale, the
  open deals (`ok <nick>` to take one) and their coins (`shop_line`);
- the **channel digest** tells everyone what the others did — plays, [R] [X] [*] [+:] [-:] and
  the other objects, timeouts, skips, offers — in one compact line every few seconds, ending
  with the bank's state (`Digest`). One line for the whole table, so it costs the same with 2
  players or 16; the big moments (a dump, a round's end, the shop, a quit) keep their own line;
- times are said in seconds left, never as the game clock ("ends at 210.0 s"): the game clock
  stands still while a turn line waits, so seconds left are real seconds.

Reads only views and events a seat (or a spectator) may see; words for one event come from the
game's presenter where it has them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..core import Event, Names, View
from ..core.present import plural
from ..games.bank.cards import OBJECTS, parse_kind
from ..games.bank.commands import inventory_line
from ..games.bank.present import object_name
from ..games.bank.views import BankTable, Offer

MIN_TURN = 1.0
"""A turn that would last less than this many seconds (the round ends first) is not offered:
nobody can read, decide and type in that time, and the move would be refused."""
DIGEST_ITEMS = 14
"""Moves named in one digest line at most (older ones are counted, not named)."""
BIG = frozenset({"rebalance", "round_start", "round_end", "shop", "dump", "quit", "quit_sale", "game_over"})
"""Public events with a channel line of their own."""


def seconds(value: float) -> str:
    """`3 s`, `2.5 s`, `95 s`: seconds left as people read them."""
    value = max(0.0, value)
    return f"{value:.0f} s" if value >= 10 else f"{round(value, 1):g} s"


def bank_state(table: BankTable, now: float, *, direction: bool = True) -> str:
    """`bank +5, pot 900, invincible for 2 moves, play goes backward, round 1/3 ends in 95 s`."""
    bank = table["bank"]
    parts = [f"bank {int(bank['charge']):+d}, pot {bank['pot']}"]
    if bank["invincible_moves"]:
        parts.append(f"invincible for {plural(bank['invincible_moves'], 'move')}")
    if direction:
        parts.append("play goes " + _direction(table["direction"]))
    ends = table.get("round_ends_at")
    if ends is not None:
        parts.append(f"round {table['round']}/{table['rounds']} ends in {seconds(ends - now)}")
    return ", ".join(parts)


def standing(view: View, seat: int) -> str:
    """`you 1200 on team + (+ 3400, - 2100)`."""
    table: BankTable = view["table"]
    teams = table["team_scores"]
    return (f"you {view['scores'][seat]:g} on team {table['teams'][seat]} "
            f"(+ {teams['+']}, - {teams['-']})")


def turn_line(view: View, names: Names) -> str | None:
    """What a player reads when it is their turn (play) or the shop is open; None when the
    round ends before a move could be made (`MIN_TURN`)."""
    seat = view["seat"]
    assert seat is not None, "a seat's turn"
    if view["phase"] == "shop":
        return shop_line(view, names)
    table: BankTable = view["table"]
    now = float(view["now"] or 0.0)
    left = float(view["deadline"] or 0.0) - now
    ends, move_ends = table["round_ends_at"], table["move_ends_at"]
    if ends is not None and move_ends is not None and ends <= move_ends and left < MIN_TURN:
        return None
    second = " (the second move of [&])" if table["second_move"] else ""
    return (f"{names.plain(seat)}: your turn, {seconds(left)}{second} · {bank_state(table, now)} · "
            f"{standing(view, seat)} · {inventory_line(table)}")


def price_text(price: int, units: str) -> str:
    """`5¢`, `1 × [*] Invincible`: a deal's price."""
    return f"{price}¢" if units == "¢" else f"{price} × {object_name(units)}"


def offer_text(offer: Offer, names: Names) -> str:
    """`bob offers [R] Reverse for 5¢ (ok bob)`."""
    price = price_text(offer["price"], offer["units"])
    seller = names.plain(offer["seller"])
    return f"{seller} offers {object_name(offer['object'])} for {price} (ok {seller})"


def shop_line(view: View, names: Names) -> str:
    """The shop for a player: seconds left, what is on sale, the open deals, their coins."""
    seat = view["seat"]
    assert seat is not None, "a seat's shop"
    table: BankTable = view["table"]
    shop: Mapping[str, Any] = table.get("shop") or {}
    left = float(view["deadline"] or 0.0) - float(view["now"] or 0.0)
    sale = ", ".join(f"{object_name(item['object'])} {item['price']}¢ (buy {item['object']})"
                     for item in shop.get("on_sale", []))
    deals = [offer_text(offer, names) for offer in shop.get("offers", []) if offer["seller"] != seat]
    parts = [f"{names.plain(seat)}: the shop is open, {seconds(left)} left: {sale or 'nothing on sale'}"]
    if deals:
        parts.append("deals: " + "; ".join(deals))
    parts.append("deal <object> <price> <units>, ok <nick>, done")
    parts.append(inventory_line(table))
    return " · ".join(parts)


def status_lines(view: View, names: Names) -> list[str]:
    """A player's `status` in two lines: the bank, the round and who is on turn; every score
    (with teams) and the player's own cards and objects."""
    table: BankTable = view["table"]
    now = float(view["now"] or 0.0)
    phase = view["phase"]
    first = [f"Round {table['round']}/{table['rounds']}, {phase}"]
    if phase == "play":
        first.append(bank_state(table, now))
        if view["actors"]:
            left = seconds(float(view["deadline"] or 0.0) - now)
            on_turn = view["actors"][0]
            who = "you are" if on_turn == view.get("seat") else f"{names.plain(on_turn)} is"
            first.append(f"{who} on turn ({left} left)")
    elif phase == "shop" and view["deadline"] is not None:
        first.append(f"the shop closes in {seconds(view['deadline'] - now)}")
    teams = table["team_scores"]
    first.append(f"teams: + {teams['+']}, - {teams['-']}")
    scores = ", ".join(f"{names.plain(seat)} {view['scores'][seat]:g} ({table['teams'][seat]})"
                       + (" quit" if table["quit"][seat] else "")
                       for seat in table["order"])
    second = f"Scores: {scores}"
    if view.get("seat") is not None and "hand" in table:
        second += " · " + inventory_line(table)
    return [" · ".join(first), second]


def channel_words(event: Event, names: Names, now: float) -> str | None:
    """IRC's own words for the bank events whose presenter sentence names the game clock;
    None for the others (the presenter's sentence is used)."""
    d = event.data
    if event.kind == "round_start":
        return f"Round {d['round']} of {d['rounds']} starts: {seconds(d['ends'] - now)}."
    if event.kind == "shop":
        sale = ", ".join(object_name(token) for token in d["on_sale"])
        return (f"The shop is open for {seconds(d['closes'] - now)}: {sale}. "
                "Message me 'buy <object>', 'done'.")
    if event.kind == "move_time":
        return f"{names(d['player'])} uses [:] Move Time: may move for {seconds(d['until'] - now)} more."
    if event.kind == "round_time":
        sign = "+:" if d["seconds"] > 0 else "-:"
        return f"{names(d['player'])} uses [{sign}]: the round now ends in {seconds(d['ends'] - now)}."
    if event.kind == "offer":
        price = price_text(d["price"], d["units"])
        return (f"{names(d['player'])} offers {object_name(d['object'])} for {price}: "
                f"'ok {names.plain(d['player'])}' takes it.")
    return None


def _direction(direction: int) -> str:
    return "backward" if direction < 0 else "forward"


def _symbol(token: str) -> str:
    kind = parse_kind(token)
    return OBJECTS[kind].symbol if kind is not None else token


DIGEST_WORDS: dict[str, Callable[[dict[str, Any], Names], str]] = {
    "play": lambda d, n: (f"{n(d['player'])} {'x' + str(d['times']) + ' ' if d['times'] > 1 else ''}"
                          f"{'a wild as ' if d['wild'] else ''}{d['card']}"),
    "timeout": lambda d, n: f"{n(d['player'])} ran out of time ({d['points']:+d})",
    "skip": lambda d, n: f"{n(d['player'])} skipped ({d['points']:+d})",
    "lost_turn": lambda d, n: f"{n(d['player'])} lost a turn to [L]",
    "away": lambda d, n: f"{n(d['player'])} is away (turn passed)",
    "pass": lambda d, n: f"{n(d['player'])} [S]",
    "reverse": lambda d, n: f"{n(d['player'])} [R]: play goes {_direction(d['direction'])}",
    "move_time": lambda d, n: f"{n(d['player'])} [:]",
    "round_time": lambda d, n: f"{n(d['player'])} [{'+:' if d['seconds'] > 0 else '-:'}] {d['seconds']:+g} s",
    "invincible": lambda d, n: f"{n(d['player'])} [*]: no dump for {plural(d['moves'], 'move')}",
    "swap": lambda d, n: f"{n(d['player'])} [X]: charge {d['charge']:+d}",
    "combine": lambda d, n: f"{n(d['player'])} [&]",
    "take": lambda d, n: (f"{n(d['player'])} [T] from {n(d['victim'])}" if d["victim"] is not None
                          else f"{n(d['player'])} [T] forfeited"),
    "instant": lambda d, n: f"{n(d['player'])} {_symbol(d['object'])} {d['points']:+d}",
    "lose_next": lambda d, n: f"{n(d['player'])} got [L]",
    "offer": lambda d, n: f"{n(d['player'])} offers {_symbol(d['object'])} (ok {n.plain(d['player'])})",
    "accept": lambda d, n: f"{n(d['player'])} takes {n.possessive(d['seller'])} deal",
    "buy": lambda d, n: f"{n(d['player'])} buys something",
    "done": lambda d, n: f"{n(d['player'])} leaves the shop",
}
"""A few words for each public bank event of the digest."""


class Digest:
    """The public moves since the last digest line (see the module docstring)."""

    def __init__(self) -> None:
        self.items: list[str] = []
        self.earlier = 0

    def add(self, event: Event, names: Names) -> bool:
        """Note a public event; False if it is not a digest event (a big one, or a private one)."""
        words = DIGEST_WORDS.get(event.kind)
        if words is None:
            return False
        try:
            self.items.append(words(event.data, names))
        except (KeyError, TypeError, ValueError):  # a field hidden from spectators: say who, not what
            self.items.append(f"{names(event.data.get('player'))} {event.kind}")
        if len(self.items) > DIGEST_ITEMS:
            self.earlier += len(self.items) - DIGEST_ITEMS
            del self.items[:-DIGEST_ITEMS]
        return True

    def __bool__(self) -> bool:
        return bool(self.items)

    def line(self, view: View | None, now: float) -> str:
        """The digest line (and forget what it tells): the moves, then the bank's state."""
        moves = ", ".join(self.items)
        if self.earlier:
            moves = f"({plural(self.earlier, 'move')} before) {moves}"
        self.items, self.earlier = [], 0
        text = f"Play: {moves}"
        if view is not None and view.get("phase") == "play":
            text += " — " + bank_state(view["table"], now)
        return text


__all__ = ["BIG", "DIGEST_WORDS", "MIN_TURN", "Digest", "bank_state", "channel_words", "offer_text",
           "seconds", "shop_line", "status_lines", "turn_line"]
