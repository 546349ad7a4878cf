"""Text for a terminal player: the bank, the clock, the scores, your hand and inventory, recent events."""

from __future__ import annotations

from typing import Any

from .cards import OBJECTS, parse_kind


def escape(text: str) -> str:
    """Text shown literally under Rich markup (the rulebook's `[X]` symbols are not tags)."""
    return text.replace("[", "\\[")


def _object_name(token: str) -> str:
    """`r` -> `[R] Reverse (r)`: the rulebook's symbol and name, and what to type."""
    kind = parse_kind(token)
    if kind is None:
        return token
    obj = OBJECTS[kind]
    return f"{obj.symbol} {obj.name} ({token})"


def _bar(charge: int, full: int) -> str:
    cells = []
    for step in range(-full, full + 1):
        cells.append("|" if step == 0 else ("#" if (0 < step <= charge or charge <= step < 0) else "."))
    return f"- {''.join(cells)} +"


def render(view: dict[str, Any], player: int | None) -> str:
    """The view as Rich-markup text for seat `player` (None: a spectator)."""
    bank = view["bank"]
    if view["phase"] == "lobby":
        lines = [f"[bold]Lobby[/]  pick a team: team + or team -  clock {view['now']:.1f}s  "
                 f"the game starts by {view['deadline']:.1f}s"]
    else:
        lines = [f"[bold]Round {view['round']}/{view['rounds']}[/]  phase: {view['phase']}  "
                 f"clock {view['now']:.1f}s"]
    if view.get("round_ends_at") is not None:
        lines[0] += f"  round ends at {view['round_ends_at']:.1f}s"
    moves = bank["invincible_moves"]
    shield = f"  [magenta]invincible for {moves} moves[/]" if moves else ""
    lines.append(f"[bold]Bank[/] charge {bank['charge']:+d}/{bank['full_charge']}  pot {bank['pot']}{shield}")
    lines.append("     " + _bar(bank["charge"], bank["full_charge"]))
    if view["turn"] is not None:
        who = "[bold green]your turn[/]" if view["turn"] == player else f"player {view['turn']}'s turn"
        extra = escape(" (second move of [&])") if view.get("second_move") else ""
        lines.append(f"{who}{extra}: move by {view['move_ends_at']:.1f}s")
    teams = view["team_scores"]
    lines.append(f"[bold]Scores[/] team + {teams['+']}  team - {teams['-']}")
    for seat, team in enumerate(view["teams"]):
        mark = " (you)" if seat == player else ""
        gone = " [dim]quit[/]" if view["quit"][seat] else ""
        lost = f" loses {view['loses_turns'][seat]} turn(s)" if view["loses_turns"][seat] else ""
        lines.append(f"  player {seat}{mark} \\[{team}] {view['scores'][seat]:>7}  "
                     f"cards {view['cards'][seat]} objects {view['objects'][seat]}{lost}{gone}")
    shop = view.get("shop")
    if shop:
        sale = ", ".join(f"{item['object']} ({item['name']}) {item['price']}¢" for item in shop["on_sale"])
        lines.append(f"[bold]Shop[/] on sale: {sale}")
        for offer in shop["offers"]:
            lines.append(f"  player {offer['seller']}: {escape(offer['text'])}")
    you = view.get("you")
    if you:
        items = [f"{escape(_object_name(k))} {v}" for k, v in you["inventory"].items()]
        inventory = ", ".join(items) or "nothing"
        lines.append(f"[bold]Your hand[/] {' '.join(you['hand']) or 'empty'}   team {you['team']}")
        lines.append(f"[bold]Inventory[/] {you['coins']}¢  {inventory}")
        for note in you["notes"][-3:]:
            lines.append(f"  [dim]{escape(note)}[/]")
    for event in view["events"][-5:]:
        lines.append(f"  [cyan]{escape(event)}[/]")
    if view["phase"] == "over":
        lines.append(f"[bold]Game over[/] winners: {view['winners']}  winning team: {view['winning_team']}")
    return "\n".join(lines)
