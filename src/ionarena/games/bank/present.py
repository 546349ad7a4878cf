"""Words for people: the bank table and its events as plain text (terminal, IRC, the web's log).

Reads only a seat's view and events, so it can show nothing that seat may not see. Nothing is
markup: the rulebook's `[X]` symbols are shown as they are.
"""

from __future__ import annotations

from typing import Any

from ...core import Event, Names
from ...core.present import plural, result_line
from .cards import OBJECTS, parse_kind
from .commands import inventory_line

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


class BankPresenter:
    """The bank presenter (see `ionarena.core.present`)."""

    def describe(self, event: Event, names: Names) -> str:
        """One event as a sentence for `names.viewer`."""
        d: dict[str, Any] = event.data
        kind = event.kind
        who = names(d.get("player"))
        if kind == "join":
            return f"{who} joins team {d['team']}."
        if kind == "rebalance":
            return f"{who} moves to team {d['team']} to balance the teams."
        if kind == "hand":
            return f"{who} starts with {' '.join(d['cards'])} and {d['coins']}¢."
        if kind == "round_start":
            return f"Round {d['round']} of {d['rounds']} starts; it ends at {d['ends']:.1f} s."
        if kind == "round_end":
            dropped = f" ({d['dropped']} left over)" if d["dropped"] else ""
            return f"Round {d['round']} is over: the pot of {d['pot']} is split, {d['each']} each{dropped}."
        if kind == "game_over":
            team = f"team {d['team']} wins as a team" if d["team"] else "the teams are tied"
            return f"The game is over: team + has {d['plus']} points in all, team - has {d['minus']}; {team}."
        if kind == "play":
            card = f"a wild as {d['card']}" if d["wild"] else d["card"]
            times = f" ×{d['times']}" if d["times"] > 1 else ""
            gains = [f"+{d['pot']} to the pot"] if d["pot"] else []
            gains += [f"+{d['points']} to {names(d['player'])}"] if d["points"] else []
            gain = "; " + ", ".join(gains) if gains else ""
            return f"{who} plays {card}{times}: charge {d['before']:+d} → {d['charge']:+d}{gain}."
        if kind == "dump":
            if d["dumper"] is not None:
                mates = [p for p in d["receivers"] if p != d["dumper"]]
                shares = (f"{d['share']} to {names(d['dumper'])}, {d['each']} each to {names.list(mates)}"
                          if mates else "all of it: no teammates")
                return f"{who} dumps the bank: {d['pot']} points to team {d['team']} ({shares})."
            receivers = d["receivers"]
            each = f"{d['each']} each to" if len(receivers) > 1 else f"{d['each']} to"
            return (f"{who} moves the bank to full charge toward team {d['team']}: its {d['pot']} points "
                    f"are dumped, {each} {names.list(receivers)}.")
        if kind == "timeout":
            return f"{who} ran out of time: {d['points']} points."
        if kind == "skip":
            return f"{who} skips: {d['points']} points."
        if kind == "lost_turn":
            return f"{who} loses this turn."
        if kind == "away":
            return f"{who} is away: the turn passes without penalty."
        if kind == "pass":
            return f"{who} uses [S] Skip and passes."
        if kind == "reverse":
            return f"{who} uses [R] Reverse: play reverses."
        if kind == "move_time":
            return f"{who} uses [:] Move Time: may move until {d['until']:.1f} s."
        if kind == "round_time":
            sign = "+:" if d["seconds"] > 0 else "-:"
            return f"{who} uses [{sign}]: the round now ends at {d['ends']:.1f} s."
        if kind == "invincible":
            return f"{who} uses [*] Invincible: the bank cannot dump for {plural(d['moves'], 'move')}."
        if kind == "swap":
            return f"{who} uses [X] Swap: the charge is now {d['charge']:+d}."
        if kind == "combine":
            return f"{who} uses [&] Combine: two moves this turn."
        if kind == "take":
            if d["victim"] is None:
                what = f" on {object_name(d['object'])}" if d.get("object") else ""
                return f"{who} uses [T] Take{what}: nobody has one, the Take is forfeited."
            what = f"one {object_name(d['object'])}" if d.get("object") else "an object"
            return f"{who} uses [T] Take and takes {what} from {names(d['victim'])}."
        if kind == "receive":
            if d["card"] is not None:
                return f"{who} receives the card {d['card']}."
            if d["coins"] is not None:
                return f"{who} receives {d['coins']}¢."
            return f"{who} receives {object_name(d['object'])}."
        if kind == "earn":
            return f"{who} earns {d['coins']}¢ {WHY.get(d['why'], d['why'])}."
        if kind == "instant":
            if d["object"] == "bankrupt":
                return f"{who} is hit by [B] Bankrupt: {d['points']:+d} points."
            obj = parse_kind(d["object"])
            symbol = OBJECTS[obj].symbol if obj is not None else d["object"]
            if d["points"] < 0:
                return f"{who} is hit by the powerdown {symbol}: {d['points']:+d} points."
            return f"{who} gets the instant points {symbol}: {d['points']:+d} points."
        if kind == "lose_next":
            return f"{who} gets the powerdown [L]: loses their next turn."
        if kind == "shop":
            sale = ", ".join(f"{object_name(t)} {_price(t)}¢" for t in d["on_sale"])
            return f"The shop is open until {d['closes']:.1f} s: {sale}."
        if kind == "buy":
            if d.get("object") is None:
                return f"{who} buys something."
            return f"{who} buys {object_name(d['object'])} for {d['price']}¢."
        if kind == "offer":
            return (f"{who} offers {object_name(d['object'])} for {_units(d['price'], d['units'])}: "
                    f"`ok {d['player']}` to accept.")
        if kind == "accept":
            return (f"{who} accepts {names.possessive(d['seller'])} deal: {object_name(d['object'])} for "
                    f"{_units(d['price'], d['units'])}.")
        if kind == "done":
            return f"{who} leaves the shop."
        if kind == "quit":
            if d["points"]:
                return (f"{who} quits the game: {d['points']} points shared, {d['each']:+d} to each "
                        "player left.")
            return f"{who} quits the game."
        if kind == "quit_sale":
            whose = f"The objects of {names(d['player'])}" if d["player"] is not None else \
                "The objects of players who quit"
            return f"{whose} are sold for {d['coins']}¢ (to no one)."
        return f"({kind})"

    def render(self, view: dict[str, Any], names: Names) -> str:
        """The table as plain text for the seat of `view`."""
        t = view["table"]
        phase = view["phase"]
        now = view["now"] or 0.0
        if phase == "lobby":
            lines = [f"Ion bank — lobby: pick a team with `team +` or `team -`; the game starts by "
                     f"{view['deadline']:.1f} s (clock {now:.1f} s)."]
        else:
            lines = [f"Ion bank — round {t['round']} of {t['rounds']}, {phase}, clock {now:.1f} s"]
            if t["round_ends_at"] is not None:
                lines[0] += f", the round ends at {t['round_ends_at']:.1f} s"
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
            lines.append(f" {marker} {names(seat)} {team} {view['scores'][seat]:g} points, "
                         + ", ".join(notes))
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

    def summary(self, view: dict[str, Any], names: Names) -> str:
        """One line for chat: the bank's charge and pot (or the shop, or the lobby), then the
        reader's cards and objects as `inv` tells them."""
        t = view["table"]
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


PRESENTER = BankPresenter()
