"""ION: Card Game (`dots`) on the screen: cards with their two dot zones, moves by card."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rich.text import Text

from ...core import Event, Names, View
from ...core.present import plural
from ...games.dots.present import card_name, catalogue
from .base import CardSpec, GameUI, Row, Slot

PIP = "●"


def _zone(value: int | None) -> str:
    if value is None:
        return "★ any"
    return f"{value} {PIP * value}"


def card_spec(card: str) -> CardSpec:
    """A dots card (`3|6`, `block 3|6`, `joker 4`, `dj`) as a box, from its face in the game's card
    catalogue (`games.dots.present.catalogue`): kind on the border, its two dot zones inside, its
    points below."""
    face = catalogue().get(card)
    if face is None:  # not a card of the deck: its text alone
        return CardSpec(card, (card,), classes="dots dots-number", tooltip=card, short=card)
    dots: list[int | None] = [*face["dots"]]
    if face["kind"] == "joker":
        dots.insert(0, None)
    zones = [*dots, None, None][:2]
    points = f"{face['points']} pts"
    title = face["short"]
    faces = "|".join("★" if z is None else str(z) for z in zones)
    short = title if face["kind"] == "dj" else f"{title} {faces}".strip()
    return CardSpec(card, (_zone(zones[0]), "┄" * 7, _zone(zones[1])), classes=f"dots dots-{face['colour']}",
                    title=title, subtitle=points, tooltip=f"{card} — {face['help']}, {points}",
                    short=short)


class DotsUI(GameUI):
    """Dots: pick a card in the hand; a Gift then asks which card to give, a Double Joker which
    number to name."""

    board_class = "board-dots"

    def classify(self, move: str, view: View, names: Names) -> Slot:
        """`play <card>` belongs to the card; a Gift's `give` and a Double Joker's `name` are
        its options."""
        verb, _, rest = move.partition(" ")
        if verb == "play":
            card, _, give = rest.partition(" give ")
            if give:
                return Slot(f"card:{card}", f"play {card}: give a card", f"give {give}", card)
            if card.startswith("dj name "):
                return Slot("card:dj", "play Double Joker: name a number", card[3:], "dj")
            return Slot(f"card:{card}", f"play {card}", "play", card)
        if verb == "give":
            return Slot(f"card:{rest}", f"give {rest}", "give", rest)
        if verb == "name":
            return Slot("name", "name a number", move)
        if verb == "draw":
            view_t = view.get("table", {})
            pending = view_t.get("pending_draw", 0)
            label = f"take {plural(pending, 'card')}" if pending else "draw a card"
            return Slot("draw", label, "draw")
        return Slot(move, move, move)

    def confirm(self, move: str, view: View, legal: Sequence[str]) -> str | None:
        """Taking cards when a Block in hand could answer them."""
        t = view.get("table", {})
        if move == "draw" and t.get("pending_draw") and any(m.startswith("play block") for m in legal):
            return (f"Take {plural(t['pending_draw'], 'card')}? A Block in your hand could answer "
                    "the draw instead.")
        return None

    def event_notes(self, events: Sequence[Event], before: View, after: View) -> dict[int, str]:
        """Your draws say which cards came (the event says only how many; your hand tells)."""
        seat = after.get("seat")
        draws = [k for k, e in enumerate(events)
                 if e.kind in ("draw", "takes") and e.data.get("player") == seat]
        if not draws:
            return {}
        now, then = after.get("table", {}).get("hand", []), before.get("table", {}).get("hand", [])
        came = Counter(now) - Counter(then)
        if not came:
            return {}
        return {draws[-1]: "you got " + ", ".join(card_name(c) for c in sorted(came.elements()))}

    def hand(self, view: View) -> list[CardSpec]:
        """Your hand, as boxes."""
        return [card_spec(c) for c in view.get("table", {}).get("hand", [])]

    def status(self, view: View, names: Names) -> str:
        """Deal, dealer, direction and turn count."""
        t = view["table"]
        target = f" · first to {t['target']}" if t.get("target") else ""
        return (f"deal {t['deal']}{target} · dealer {names(t['dealer'])} · play goes {t['direction']} · "
                f"turn {t['turns']}")

    def player_line(self, view: View, seat: int, names: Names) -> Text:
        """Cards in hand and points."""
        t = view["table"]
        line = Text()
        line.append(plural(t["hand_sizes"][seat], "card"), style="bold" if t["hand_sizes"][seat] <= 2 else "")
        line.append(f"  {view['scores'][seat]:g} pts")
        if t["hand_sizes"][seat] == 1:
            line.append("  ION!", style="bold red")
        return line

    def board(self, view: View, names: Names) -> list[Any]:
        """The card on the table, what the next card must show, the piles."""
        t = view["table"]
        match = " or ".join(map(str, t["match"])) if t["match"] else "the number named"
        info = Text()
        info.append("Next card must show ", style="dim")
        info.append(match, style="bold")
        info.append(" (Jokers match anything)\n", style="dim")
        info.append(f"Draw pile {t['draw_pile']}  ·  played {t['played']}")
        if t["pending_draw"] and view["actors"]:
            info.append(f"\n{names(view['actors'][0])} must take {plural(t['pending_draw'], 'card')} "
                        "or answer with a matching Block.", style="bold yellow")
        if view["phase"] == "give":
            info.append("\nThe starting card is a Gift: the dealer gives the first player a card.",
                        style="yellow")
        if view["phase"] == "name":
            info.append("\nThe starting card is a Double Joker: the dealer names the number.", style="yellow")
        if "hand_points" in t:
            info.append(f"\nYour hand is worth {t['hand_points']} points.", style="dim")
        return [Row("On the table", [card_spec(t["top"])], info)]

    def moves_hint(self, view: View) -> str:
        """What to do now."""
        phase = view.get("phase")
        if phase == "respond":
            return "Take the cards, or answer with a Block"
        if phase == "give":
            return "Give the first player a card"
        if phase == "name":
            return "Name the number to match"
        return "Play a card that matches, or draw"


__all__ = ["DotsUI", "card_spec"]
