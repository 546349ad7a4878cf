"""Words for people: the dots table and its events as plain text (terminal, IRC, the web's log).

Reads only a seat's view and events, so it can show nothing that seat may not see.
"""

from __future__ import annotations

from typing import Any

from ionarena.core import Event, Names
from ionarena.core.present import plural, result_line

from .cards import FACE_BY_TEXT, face_name


def card_name(text: str | None) -> str:
    """A card's text (`block 3|6`) as a person reads it (`Block 3|6`)."""
    if text is None:
        return "a card"
    face = FACE_BY_TEXT.get(text)
    return face_name(face) if face is not None else text


def _match_text(values: list[int]) -> str:
    return " or ".join(map(str, values)) if values else "the number the dealer names"


class DotsPresenter:
    """The dots presenter (see `ionarena.core.present`)."""

    def describe(self, event: Event, names: Names) -> str:
        """One event as a sentence for `names.viewer`."""
        d: dict[str, Any] = event.data
        kind = event.kind
        who = names(d.get("player"))
        if kind == "deal":
            return f"Deal {d['deal']}: {names(d['dealer'])} deals and turns up {card_name(d['card'])}."
        if kind == "play":
            return f"{who} plays {card_name(d['card'])}."
        if kind == "double_joker":
            return f"{who} plays a Double Joker and names {d['number']}."
        if kind == "gift":
            if "card" in d:
                return f"{who} gives {names(d['to'])} {card_name(d['card'])}."
            return f"{who} gives {names(d['to'])} a card."
        if kind == "gift_back":
            return f"{who} blocks the Gift and gives the card back to {names(d['to'])}."
        if kind == "draw":
            return f"{who} draws {plural(d['count'], 'card')}."
        if kind == "pass":
            return f"{who} cannot play or draw and passes."
        if kind == "block_draw":  # the Block itself is told by the `play` event that follows
            return f"{who} blocks the draw and takes no cards."
        if kind == "must_draw":
            return f"{who} must take {plural(d['count'], 'card')} (or answer with a matching Block)."
        if kind == "takes":
            return f"{who} takes {plural(d['count'], 'card')}."
        if kind == "skip":
            return f"{who} loses the turn (No Play)."
        if kind == "name":
            return f"{who} names {d['number']} for the starting Double Joker."
        if kind == "reshuffle":
            return f"The played cards are shuffled into a new draw pile of {plural(d['count'], 'card')}."
        if kind == "turn_cap":
            if d["player"] is None:
                return f"The turn cap is reached; the lowest hands are tied at {d['points']} points."
            return f"The turn cap is reached; {who} holds the lowest hand ({d['points']} points)."
        if kind == "deal_end":
            if d["player"] is None:
                return "Nobody scores this deal."
            return f"{who} wins the deal and scores {d['points']} points."
        if kind == "game_end":
            if d["player"] is None:
                return "The game ends in a draw."
            return f"{who} wins the game with {d['points']} points."
        return f"({kind})"

    def render(self, view: dict[str, Any], names: Names) -> str:
        """The table as plain text for the seat of `view`."""
        t = view["table"]
        title = f"ION: Card Game — {view['variant']}, deal {t['deal']}"
        if t.get("target"):
            title += f" (first to {t['target']} points)"
        lines = [title,
                 f"Dealer: {names(t['dealer'])}   play goes {t['direction']}   "
                 f"turn {t['turns']}/{t['turn_cap']}",
                 f"On the table: {card_name(t['top'])}   next card must show {_match_text(t['match'])} "
                 f"(Jokers match anything)",
                 f"Draw pile: {plural(t['draw_pile'], 'card')}   played: {plural(t['played'], 'card')}"]
        for seat, size in enumerate(t["hand_sizes"]):
            marker = ">" if seat in view["actors"] else " "
            lines.append(f" {marker} {names(seat)}: {plural(size, 'card')}, {view['scores'][seat]:g} points")
        if t["pending_draw"] and view["actors"]:
            lines.append(f"{names(view['actors'][0])} must take {plural(t['pending_draw'], 'card')} "
                         f"('draw') or answer with a matching Block.")
        if view["phase"] == "give":
            lines.append("The starting card is a Gift: the dealer gives the first player a card "
                         "('give 2|5').")
        if view["phase"] == "name":
            lines.append("The starting card is a Double Joker: the dealer names the number ('name 2').")
        if "hand" in t:
            hand = "  ".join(card_name(c) for c in t["hand"])
            lines.append(f"Your hand ({t['hand_points']} points): {hand}" if hand else "Your hand: empty")
        if view["over"]:
            lines.append("Game over: " + result_line(view, names))
        return "\n".join(lines)

    def summary(self, view: dict[str, Any], names: Names) -> str:
        """One line for chat: the card to match, what the reader must answer, their hand (as
        they type the cards)."""
        t = view["table"]
        if view["over"]:
            return "Game over: " + result_line(view, names)
        parts = []
        if t["top"]:
            needs = f" (needs {' or '.join(map(str, t['match']))})" if t["match"] else ""
            parts.append(f"on the table {t['top']}{needs}")
        acting = view["seat"] is not None and view["seat"] in view["actors"]
        if acting and t["pending_draw"]:
            parts.append(f"take {plural(t['pending_draw'], 'card')} ('draw') or answer with a matching Block")
        elif acting and view["phase"] == "give":
            parts.append("the starting Gift: give the first player a card")
        elif acting and view["phase"] == "name":
            parts.append("the starting Double Joker: name the number")
        if "hand" in t:
            parts.append("your hand: " + (" ".join(t["hand"]) or "empty"))
        return " · ".join(parts)

    def explain(self, event: Event) -> str:
        """Dots has no chemistry to explain."""
        return ""


PRESENTER = DotsPresenter()
