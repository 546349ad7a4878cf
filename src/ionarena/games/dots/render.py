"""What a terminal player sees of a dots view: the table, the players, their hand, recent events."""

from __future__ import annotations

from typing import Any


def _match_text(values: list[int]) -> str:
    return " or ".join(map(str, values)) if values else "the number the dealer names"


def _cards(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"


def render(view: dict[str, Any], player: int | None) -> str:
    """Rich-markup text of `view` for `player` (None: a spectator)."""
    lines = []
    title = f"[bold]ION: Card Game[/bold] — {view['variant']}, deal {view['deal']}"
    if view.get("target"):
        title += f" (first to {view['target']} points)"
    lines.append(title)
    lines.append(f"Dealer: Player {view['dealer']}   play goes {view['direction']}   "
                 f"turn {view['turns']}/{view['turn_cap']}")
    lines.append(f"On the table: [bold yellow]{view['top_name']}[/bold yellow]   "
                 f"next card must show {_match_text(view['match'])} (Jokers match anything)")
    lines.append(f"Draw pile: {_cards(view['draw_pile'])}   played: {_cards(view['played'])}")
    for seat, size in enumerate(view["hand_sizes"]):
        marker = "▶" if seat == view["to_move"] else " "
        you = " (you)" if seat == player else ""
        lines.append(f" {marker} Player {seat}{you}: {_cards(size)}, "
                     f"{view['scores'][seat]} points")
    if view["pending_draw"]:
        lines.append(f"[red]Player {view['to_move']} must take {_cards(view['pending_draw'])} "
                     f"('draw') or answer with a matching Block.[/red]")
    if view["phase"] == "give":
        lines.append("The starting card is a Gift: the dealer gives the first player a card ('give 2|5').")
    if view["phase"] == "name":
        lines.append("The starting card is a Double Joker: the dealer names the number ('name 2').")
    if "hand" in view:
        lines.append(f"Your hand ({view['hand_points']} points): " + "  ".join(view["hand"]))
    if view["events"]:
        lines.append("Recent:")
        lines.extend(f"  {event}" for event in view["events"])
    if view["over"]:
        winners = view["winners"]
        lines.append("[bold]Game over:[/bold] " + (f"Player {winners[0]} wins." if winners else "a draw."))
    return "\n".join(lines)
