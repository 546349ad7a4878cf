"""The bank game on the screen, in real time: the charge gauge, the pot, the move clock, cards by
family and the objects you hold."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from rich.text import Text

from ...core import Names, View
from ...core.present import plural
from .base import CardSpec, Choice, GameUI, Group, Slot

FAMILIES = {"+": ("plus", "toward +"), "-": ("minus", "toward −"), "=": ("neutral", "toward 0"),
            "±": ("both", "pot only")}
OBJECT_MOVES = {"s": "use [S] Skip: pass for free", "r": "use [R] Reverse", ":": "use [:] Move Time (15 s)",
                "*": "use [*] Invincible", "X": "use [X] Swap the charge", "+:": "use [+:] Round Time +60 s",
                "-:": "use [-:] Round Time −60 s"}
GAUGE = 10
"""Cells on each side of the charge gauge."""
OBJECT_WIDTH = 10
"""Columns inside an object's box."""


def object_name(token: str) -> str:
    """`r` -> `[R] Reverse` (the presenter's words for an object token)."""
    from ...games.bank.present import object_name as name
    try:
        return name(token)
    except (KeyError, ValueError):
        return token


def object_parts(token: str) -> tuple[str, str]:
    """`r` -> (`[R]`, `Reverse`): an object's printed symbol and its name."""
    from ...games.bank.cards import OBJECTS, parse_kind
    kind = parse_kind(token)
    if kind is None or kind not in OBJECTS:
        return token, ""
    return OBJECTS[kind].symbol, OBJECTS[kind].name


def bank_card_spec(card: str) -> CardSpec:
    """A card (`++`, `---`, `==`, `±`): its family's colour, its power as pips."""
    family = card[:1]
    css, effect = FAMILIES.get(family, ("neutral", ""))
    return CardSpec(card, (card, "●" * len(card)), classes=f"bank bank-{css}", title="",
                    tooltip=f"{card}: power {len(card)}, {effect}", short=card)


def object_spec(token: str, count: int) -> CardSpec:
    """An object you hold: its symbol and how many, its name over two lines."""
    symbol, name = object_parts(token)
    first, _, second = textwrap.fill(name, OBJECT_WIDTH, max_lines=2, placeholder="…").partition("\n")
    return CardSpec(f"object:{token}", (f"{symbol} ×{count}", first, second), classes="bank bank-object",
                    tooltip=f"{symbol} {name} ×{count}", short=f"{symbol}×{count}")


def gauge(charge: int, full: int) -> Text:
    """The charge between the poles: `− ░░░░░░░░░░│███░░░░░░░ +`, blue to the left, red to the right."""
    cells = min(full, GAUGE)
    filled = round(abs(charge) * cells / full) if full else 0
    text = Text()
    text.append("− ", style="bold #5fa8ff")
    left = filled if charge < 0 else 0
    right = filled if charge > 0 else 0
    text.append("░" * (cells - left), style="dim")
    text.append("█" * left, style="bold #5fa8ff")
    text.append("│", style="bold")
    text.append("█" * right, style="bold red")
    text.append("░" * (cells - right), style="dim")
    text.append(" +", style="bold red")
    return text


class BankUI(GameUI):
    """Bank: a card in the hand plays at once (×2/×3 are its options); objects, wilds, Take,
    Combine and the shop's buys and deals are groups. `skip` and `quit` ask first."""

    board_class = "board-bank"

    def classify(self, move: str, view: View, names: Names) -> Slot:
        """Each move's group (see the class docstring)."""
        words = move.split()
        head = words[0]
        if head == "team":
            return Slot(move, f"join team {words[1]}", move)
        if head in ("buy",):
            return Slot("buy", "buy …", f"{object_name(words[1])}")
        if head == "deal" and len(words) >= 4:
            return Slot(f"deal:{words[1]}", f"sell {object_name(words[1])} …",
                        f"for {words[2]} {'¢' if words[3] == '¢' else object_name(words[3])}")
        if head == "ok":
            seat = int(words[1]) if words[1].isdigit() else None
            whose = names.possessive(seat) if seat is not None else f"{words[1]}'s"
            return Slot(move, f"accept {whose} deal", move)
        if head == "done":
            return Slot(move, "leave the shop", move)
        if head == "skip":
            return Slot(move, "skip (−1000 points)", move)
        if head == "quit":
            return Slot(move, "quit the game", move)
        if head == "&":
            return Slot("&", "[&] Combine: two moves …", " ".join(words[1:]))
        if head in ("x2", "x3") and len(words) == 2 and words[1][:1] in FAMILIES:
            card = words[1]
            return Slot(f"card:{card}", f"play {card}", f"{head} {card} (power ×{head[1]})", card)
        if head in ("x2", "x3"):
            return Slot(f"wild:{head}", f"[{head}] with a wild …", move)
        if head == "T":
            return Slot("T", "[T] Take an object …", object_name(words[1]) if len(words) > 1 else move)
        if head.startswith("?"):
            option = f"as {words[1]}" if len(words) > 1 else move
            return Slot(f"wild:{head}", f"{object_name(head)} …", option)
        if len(words) == 1 and head[:1] in FAMILIES and set(head) == {head[0]}:
            return Slot(f"card:{head}", f"play {head}", "play", head)
        if head in OBJECT_MOVES:
            return Slot(move, OBJECT_MOVES[head], move)
        return Slot(move, move, move)

    def confirm(self, move: str, view: View, legal: Sequence[str]) -> str | None:
        """A skip costs 1000 points; quitting is for good."""
        if move == "skip":
            return "Skip costs 1000 points, the same as letting the clock run out. Skip anyway?"
        if move == "quit":
            return "Quit the game for good? Your points are shared among the others."
        return None

    def can_start(self, view: View) -> bool:
        """The lobby can be started by the person at their own terminal."""
        return view.get("phase") == "lobby"

    def group(self, legal: Sequence[str], view: View, names: Names) -> list[Group]:
        """The legal moves in groups, and `start` while the game waits in its lobby."""
        groups = super().group(legal, view, names)
        if self.can_start(view):
            groups.append(Group("start", "start the game now", None, [Choice("start", "start")]))
        return groups

    def hand(self, view: View) -> list[CardSpec]:
        """Your cards, then your objects."""
        t = view.get("table", {})
        cards = [bank_card_spec(c) for c in t.get("hand", [])]
        objects = [object_spec(k, v) for k, v in (t.get("inventory") or {}).items() if v]
        return cards + objects

    def status(self, view: View, names: Names) -> str:
        """Round, phase and the game clock."""
        t = view["table"]
        now = view.get("now") or 0.0
        if view["phase"] == "lobby":
            return f"lobby: pick a team (the game starts by {view['deadline']:.0f} s) · clock {now:.1f} s"
        ends = f" · round ends at {t['round_ends_at']:.0f} s" if t.get("round_ends_at") is not None else ""
        return f"round {t['round']} of {t['rounds']} · {view['phase']}{ends} · clock {now:.1f} s"

    def player_line(self, view: View, seat: int, names: Names) -> Text:
        """Team, points, cards and objects."""
        t = view["table"]
        team = t["teams"][seat]
        line = Text()
        colour = "bold red" if team == "+" else "bold #5fa8ff" if team == "-" else "dim"
        line.append(f"[{team}] ", style=colour)
        line.append(f"{view['scores'][seat]:g} pts  ")
        held = plural(t["cards"][seat], "card")
        if t["objects"][seat]:
            held += f", {plural(t['objects'][seat], 'object')}"
        line.append(held, style="dim")
        if t["loses_turns"][seat]:
            line.append(f"  loses {plural(t['loses_turns'][seat], 'turn')}", style="yellow")
        if t["quit"][seat]:
            line.append("  quit", style="red")
        return line

    def board(self, view: View, names: Names) -> list[Any]:
        """The charge gauge, the pot, the teams, the shop and your coins."""
        t = view["table"]
        bank = t["bank"]
        text = Text()
        text.append("Charge ", style="bold")
        text.append_text(gauge(bank["charge"], bank["full_charge"]))
        text.append(f"  {bank['charge']:+d} (dumps at ±{bank['full_charge']})\n")
        text.append("Pot ", style="bold")
        text.append(f"{bank['pot']}", style="bold yellow")
        if bank["invincible_moves"]:
            text.append(f"  ·  invincible for {plural(bank['invincible_moves'], 'move')}", style="magenta")
        teams = t["team_scores"]
        text.append("\nTeams ", style="bold")
        text.append(f"+ {teams['+']}", style="red")
        text.append("   ")
        text.append(f"− {teams['-']}", style="#5fa8ff")
        if view["phase"] == "play" and view["actors"]:
            second = " (second move of [&])" if t["second_move"] else ""
            text.append(f"\nOn turn: {names(view['actors'][0])}{second} · play goes "
                        f"{'forward' if t['direction'] > 0 else 'backward'}")
        if "coins" in t:
            text.append(f"\nYour coins: {t['coins']}¢", style="yellow")
        shop = t.get("shop")
        if shop:
            sale = ", ".join(f"{object_name(i['object'])} {i['price']}¢" for i in shop["on_sale"])
            text.append(f"\nShop: {sale}", style="green")
            for offer in shop["offers"]:
                units = "¢" if offer["units"] == "¢" else f" × {object_name(offer['units'])}"
                text.append(f"\n  {names(offer['seller'])} offers {object_name(offer['object'])} for "
                            f"{offer['price']}{units}")
        if view["over"]:
            team = f"team {t['winning_team']} wins" if t.get("winning_team") else "the teams are tied"
            text.append(f"\nGame over: {team}.", style="bold")
        return [text]

    def moves_hint(self, view: View) -> str:
        """What to do now."""
        hints = {"lobby": "Pick a team", "play": "Your move — quick!", "shop": "Shop: buy, sell, or leave"}
        return hints.get(str(view.get("phase")), "Your move")


__all__ = ["BankUI", "bank_card_spec", "gauge", "object_spec"]
