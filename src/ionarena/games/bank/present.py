"""Words for people: the bank table and its events as plain text (terminal, IRC, the web's log), and
the catalogue of the objects' printed faces that the pages draw.

Reads only a seat's view and events, so it can show nothing that seat may not see. Nothing is
markup: the rulebook's `[X]` symbols are shown as they are.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from ...core import Event, Names, View
from ...core.present import Describe, Fields, plural, result_line
from .cards import OBJECTS, parse_kind
from .commands import inventory_line
from .views import BankTable

BAR_CELLS = 10
"""Cells on each side of the charge bar (a bigger full charge is drawn to scale)."""
WHY = {"move": "for a paying move", "dump": "because your team received the dump",
       "useless": "for your useless objects (25 make 1¢)"}


def object_name(token: str | None) -> str:
    """`r` -> `[R] Reverse`: the rulebook's symbol and name of an object token (`¢` -> `coins`)."""
    if token is None:
        return "an object"
    kind = parse_kind(token)
    if kind is None:
        return token
    if kind == "coins":
        return "coins"
    obj = OBJECTS[kind]
    return f"{obj.symbol} {obj.name}"


def _object_with_token(token: str) -> str:
    """`x2` -> `[×2] Double (x2)`: with what to type, unless it is the symbol itself (`[R] Reverse`,
    `[200] 200 points`: commands ignore case and brackets)."""
    kind = parse_kind(token)
    if kind is not None and OBJECTS[kind].symbol.strip("[]").lower() == token.lower():
        return object_name(token)
    return f"{object_name(token)} ({token})"


def _price(token: str) -> int | None:
    kind = parse_kind(token)
    return OBJECTS[kind].price if kind is not None else None


def _units(price: int, units: str) -> str:
    return f"{price}¢" if units == "¢" else f"{price} × {object_name(units)}"


def charge_bar(charge: int, full: int) -> str:
    """`- ......|###....... +`: the charge between the poles (at most `BAR_CELLS` cells a side)."""
    cells = min(full, BAR_CELLS)
    filled = round(abs(charge) * cells / full) if full else 0
    left = "." * (cells - filled) + "#" * filled if charge < 0 else "." * cells
    right = "#" * filled + "." * (cells - filled) if charge > 0 else "." * cells
    return f"- {left}|{right} +"


# -- events, one sentence each ---------------------------------------------------------------------

def _join(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} joins team {d['team']}."


def _rebalance(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} moves to team {d['team']} to balance the teams."


def _hand(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} starts with {' '.join(d['cards'])} and {d['coins']}¢."


def _round_start(d: Fields, names: Names) -> str:
    return f"Round {d['round']} of {d['rounds']} starts; it ends at {d['ends']:.1f} s."


def _round_end(d: Fields, names: Names) -> str:
    dropped = f" ({d['dropped']} left over)" if d["dropped"] else ""
    return f"Round {d['round']} is over: the pot of {d['pot']} is split, {d['each']} each{dropped}."


def _game_over(d: Fields, names: Names) -> str:
    team = f"team {d['team']} wins as a team" if d["team"] else "the teams are tied"
    return f"The game is over: team + has {d['plus']} points in all, team - has {d['minus']}; {team}."


def _play(d: Fields, names: Names) -> str:
    card = f"a wild as {d['card']}" if d["wild"] else d["card"]
    times = f" ×{d['times']}" if d["times"] > 1 else ""
    gains = [f"+{d['pot']} to the pot"] if d["pot"] else []
    gains += [f"+{d['points']} to {names(d['player'])}"] if d["points"] else []
    gain = "; " + ", ".join(gains) if gains else ""
    return f"{names(d['player'])} plays {card}{times}: charge {d['before']:+d} → {d['charge']:+d}{gain}."


def _dump(d: Fields, names: Names) -> str:
    who = names(d["player"])
    if d["dumper"] is not None:
        mates = [p for p in d["receivers"] if p != d["dumper"]]
        shares = (f"{d['share']} to {names(d['dumper'])}, {d['each']} each to {names.list(mates)}"
                  if mates else "all of it: no teammates")
        return f"{who} dumps the bank: {d['pot']} points to team {d['team']} ({shares})."
    receivers = d["receivers"]
    each = f"{d['each']} each to" if len(receivers) > 1 else f"{d['each']} to"
    return (f"{who} moves the bank to full charge toward team {d['team']}: its {d['pot']} points "
            f"are dumped, {each} {names.list(receivers)}.")


def _timeout(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} ran out of time: {d['points']} points."


def _skip(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} skips: {d['points']} points."


def _lost_turn(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} loses this turn."


def _away(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} is away: the turn passes without penalty."


def _pass(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} uses [S] Skip and passes."


def _reverse(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} uses [R] Reverse: play reverses."


def _move_time(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} uses [:] Move Time: may move until {d['until']:.1f} s."


def _round_time(d: Fields, names: Names) -> str:
    sign = "+:" if d["seconds"] > 0 else "-:"
    return f"{names(d['player'])} uses [{sign}]: the round now ends at {d['ends']:.1f} s."


def _invincible(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} uses [*] Invincible: the bank cannot dump for {plural(d['moves'], 'move')}."


def _swap(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} uses [X] Swap: the charge is now {d['charge']:+d}."


def _combine(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} uses [&] Combine: two moves this turn."


def _take(d: Fields, names: Names) -> str:
    who = names(d["player"])
    if d["victim"] is None:
        what = f" on {object_name(d['object'])}" if d.get("object") else ""
        return f"{who} uses [T] Take{what}: nobody has one, the Take is forfeited."
    what = f"one {object_name(d['object'])}" if d.get("object") else "an object"
    return f"{who} uses [T] Take and takes {what} from {names(d['victim'])}."


def _receive(d: Fields, names: Names) -> str:
    who = names(d["player"])
    if d["card"] is not None:
        return f"{who} receives the card {d['card']}."
    if d["coins"] is not None:
        return f"{who} receives {d['coins']}¢."
    return f"{who} receives {object_name(d['object'])}."


def _earn(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} earns {d['coins']}¢ {WHY.get(d['why'], d['why'])}."


def _instant(d: Fields, names: Names) -> str:
    who = names(d["player"])
    if d["object"] == "bankrupt":
        return f"{who} is hit by [B] Bankrupt: {d['points']:+d} points."
    obj = parse_kind(d["object"])
    symbol = OBJECTS[obj].symbol if obj is not None else d["object"]
    if d["points"] < 0:
        return f"{who} is hit by the powerdown {symbol}: {d['points']:+d} points."
    return f"{who} gets the instant points {symbol}: {d['points']:+d} points."


def _lose_next(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} gets the powerdown [L]: loses their next turn."


def _shop(d: Fields, names: Names) -> str:
    sale = ", ".join(f"{object_name(t)} {_price(t)}¢" for t in d["on_sale"])
    return f"The shop is open until {d['closes']:.1f} s: {sale}."


def _buy(d: Fields, names: Names) -> str:
    if d.get("object") is None:
        return f"{names(d['player'])} buys something."
    return f"{names(d['player'])} buys {object_name(d['object'])} for {d['price']}¢."


def _offer(d: Fields, names: Names) -> str:
    return (f"{names(d['player'])} offers {object_name(d['object'])} for {_units(d['price'], d['units'])}: "
            f"`ok {d['player']}` to accept.")


def _accept(d: Fields, names: Names) -> str:
    return (f"{names(d['player'])} accepts {names.possessive(d['seller'])} deal: "
            f"{object_name(d['object'])} for {_units(d['price'], d['units'])}.")


def _done(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} leaves the shop."


def _quit(d: Fields, names: Names) -> str:
    if d["points"]:
        return (f"{names(d['player'])} quits the game: {d['points']} points shared, {d['each']:+d} to each "
                "player left.")
    return f"{names(d['player'])} quits the game."


def _quit_sale(d: Fields, names: Names) -> str:
    whose = f"The objects of {names(d['player'])}" if d["player"] is not None else \
        "The objects of players who quit"
    return f"{whose} are sold for {d['coins']}¢ (to no one)."


DESCRIBE: dict[str, Describe] = {
    "join": _join, "rebalance": _rebalance, "hand": _hand, "round_start": _round_start,
    "round_end": _round_end, "game_over": _game_over, "play": _play, "dump": _dump, "timeout": _timeout,
    "skip": _skip, "lost_turn": _lost_turn, "away": _away, "pass": _pass, "reverse": _reverse,
    "move_time": _move_time, "round_time": _round_time, "invincible": _invincible, "swap": _swap,
    "combine": _combine, "take": _take, "receive": _receive, "earn": _earn, "instant": _instant,
    "lose_next": _lose_next, "shop": _shop, "buy": _buy, "offer": _offer, "accept": _accept,
    "done": _done, "quit": _quit, "quit_sale": _quit_sale,
}
"""One sentence per event kind, keyed like `rules.EVENT_FIELDS`."""


# -- the object catalogue ------------------------------------------------------------------------------

@cache
def catalogue() -> dict[str, dict[str, Any]]:
    """What a page draws for each object, as `object:<token>`: its symbol, name, what it does and its
    price, so a page words `buy :` as "buy [:] Move Time, 4¢"."""
    text = resources.files(__package__).joinpath("data", "bank.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    cards: dict[str, dict[str, Any]] = {}
    for key, o in data.get("objects", {}).items():
        cards[f"object:{o['token']}"] = {
            "kind": "object", "key": key, "symbol": o["symbol"], "token": o["token"], "name": o["name"],
            "help": o["help"], "price": o.get("price"), "held": bool(o.get("held", False)),
            "instant": o.get("instant", 0), "powerdown": bool(o.get("powerdown", False))}
    return cards


# -- the presenter -------------------------------------------------------------------------------------

class BankPresenter:
    """The bank presenter (see `ionarena.core.present`)."""

    def describe(self, event: Event, names: Names) -> str:
        """One event as a sentence for `names.viewer`."""
        describe = DESCRIBE.get(event.kind)
        return describe(event.data, names) if describe is not None else f"({event.kind})"

    def render(self, view: View, names: Names) -> str:
        """The table as plain text for the seat of `view`."""
        t: BankTable = view["table"]
        phase = view["phase"]
        lines = [_title(view, t)]
        bank = t["bank"]
        moves = bank["invincible_moves"]
        shield = f", invincible for {plural(moves, 'move')}" if moves else ""
        lines.append(f"Bank: charge {bank['charge']:+d} (dumps at ±{bank['full_charge']}), "
                     f"pot {bank['pot']}{shield}")
        lines.append("  " + charge_bar(bank["charge"], bank["full_charge"]))
        if phase == "play" and view["actors"]:
            second = " (second move of [&])" if t["second_move"] else ""
            lines.append(f"{names(view['actors'][0])} on turn{second}: move by {t['move_ends_at']:.1f} s; "
                         f"play goes {'forward' if t['direction'] > 0 else 'backward'}")
        teams = t["team_scores"]
        lines.append(f"Teams: + {teams['+']}   - {teams['-']}")
        lines += _seat_lines(view, t, names)
        shop = t.get("shop")
        if shop:
            sale = ", ".join(f"{_object_with_token(item['object'])} {item['price']}¢"
                             for item in shop["on_sale"])
            lines.append(f"Shop (until {view['deadline']:.1f} s): {sale}")
            for offer in shop["offers"]:
                lines.append(f"  {names(offer['seller'])} offers {object_name(offer['object'])} for "
                             f"{_units(offer['price'], offer['units'])} (ok {offer['seller']})")
        if "hand" in t and phase != "lobby":  # hands and coins are dealt when the game starts
            lines.append(f"Your hand: {' '.join(t['hand']) or 'no cards'}")
            items = [f"{_object_with_token(k)} ×{v}" for k, v in t["inventory"].items()]
            lines.append(f"Your coins and objects: {t['coins']}¢" + "".join(", " + item for item in items))
        if view["over"]:
            team = f"team {t['winning_team']} wins" if t.get("winning_team") else "the teams are tied"
            lines.append(f"Game over: {result_line(view, names)} As teams, {team}.")
        return "\n".join(lines)

    def summary(self, view: View, names: Names) -> str:
        """One line for chat: the bank's charge and pot (or the shop, or the lobby), then the
        reader's cards and objects as `inv` tells them."""
        t: BankTable = view["table"]
        phase = view["phase"]
        if view["over"]:
            return "Game over: " + result_line(view, names)
        parts = []
        if phase == "lobby":
            parts.append("pick a team: 'team +' or 'team -'")
        elif phase == "shop":
            parts.append("the shop is open: buy <object>, deal <object> <price> <units>, ok <seat>, done")
        else:
            bank = t["bank"]
            parts.append(f"bank {int(bank['charge']):+d}, pot {bank['pot']}")
            if t.get("second_move"):
                parts.append("second move of [&]")
        if "hand" in t and phase != "lobby":
            parts.append(inventory_line(t))
        return " · ".join(parts)

    def explain(self, event: Event) -> str:
        """The bank game has no chemistry to explain."""
        return ""

    def catalogue(self) -> dict[str, dict[str, Any]]:
        """The printed faces of the objects (see `catalogue`)."""
        return catalogue()


def _title(view: View, t: BankTable) -> str:
    """The first line: the lobby's deadline, or the round, the phase and the clocks."""
    phase = view["phase"]
    now = view["now"] or 0.0
    if phase == "lobby":
        return (f"Ion bank — lobby: pick a team with `team +` or `team -`; the game starts by "
                f"{view['deadline']:.1f} s (clock {now:.1f} s).")
    title = f"Ion bank — round {t['round']} of {t['rounds']}, {phase}, clock {now:.1f} s"
    if t["round_ends_at"] is not None:
        title += f", the round ends at {t['round_ends_at']:.1f} s"
    return title


def _seat_lines(view: View, t: BankTable, names: Names) -> list[str]:
    """A line per seat, in turn order (seats without a team last): team, score, cards, objects."""
    lines = []
    seats = t["order"] + [p for p in range(len(t["teams"])) if p not in t["order"]]
    for seat in seats:
        marker = ">" if seat in view["actors"] else " "
        notes = [plural(t["cards"][seat], "card"), plural(t["objects"][seat], "object")]
        if t["loses_turns"][seat]:
            notes.append(f"loses {plural(t['loses_turns'][seat], 'turn')}")
        if t["quit"][seat]:
            notes.append("quit")
        team = t["teams"][seat]
        team = f"[{team}]" if team in ("+", "-") else "(no team yet)"
        lines.append(f" {marker} {names(seat)} {team} {view['scores'][seat]:g} points, " + ", ".join(notes))
    return lines


PRESENTER = BankPresenter()
