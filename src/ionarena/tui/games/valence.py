"""Science Ninjas: Valence on the screen: element cards by category, molecules with formula and name."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from ...core import Names, View
from ...core.present import plural
from ..faces import faces, molecules
from .base import CardSpec, GameUI, Row, Slot


def element_spec(symbol: str) -> CardSpec:
    """An element card: its symbol, valence and name in its category's colour."""
    face = faces("valence").get(symbol)
    if face is None:
        return CardSpec(symbol, (symbol,), classes="element cat-ion")
    return CardSpec(symbol, (face.symbol, face.charge, face.name), classes=f"element cat-{face.category}",
                    tooltip=f"{face.name} ({face.symbol}), valence {face.charge}",
                    short=f"{face.symbol} {face.charge}")


def molecule_text(formula: str) -> str:
    """`NaCl — sodium chloride (table salt) · Salt, 1 point`."""
    m = molecules("valence").get(formula)
    if m is None:
        return formula
    worth = f", {plural(m.points, 'point')}" if m.points is not None else ""
    return f"{m.formula} — {m.name} · {m.kind}{worth}"


class ValenceUI(GameUI):
    """Valence: cards to place or discard are picked in the hand; builds, reactions and trades are
    groups (a Science Ninja build: the cards, then the name)."""

    board_class = "board-valence"

    def classify(self, move: str, view: View, names: Names) -> Slot:
        """Each move's group (see the class docstring)."""
        verb, _, rest = move.partition(" ")
        t = view.get("table", {})
        if verb == "place":  # the used cards wait beside the hand, not in it
            left = list(t.get("placing", []))
            if rest in left:
                left.remove(rest)
            if left and len(set(left)) == 1:  # the rules put the last kind down by itself
                down = "goes down by itself" if len(left) == 1 else "go down by themselves"
                return Slot(move, f"place {rest}, then {' '.join(left)} {down}", move)
            return Slot(move, f"place {rest} on the discard pile", move)
        if verb == "discard":
            return Slot(f"card:{rest}", f"discard {rest} (down to 6 cards)", verb, rest)
        if verb == "build":
            cards, _, name = rest.partition(" as ")
            if name:  # Science Ninja: the cards, then the name said
                return Slot(f"build:{cards}", f"build from {cards} …", f"call it {name}")
            return Slot("build", "build a molecule …", molecule_text(rest))
        if verb == "react":
            reactor, victim, target = [*rest.split(" ", 2), "", ""][:3]
            seat = int(victim) if victim.isdigit() else None
            whose = names(seat) if seat is not None else victim
            return Slot("react", "react …", f"your {reactor} with {whose}'s {target}")
        if verb == "trade":
            return Slot("trade", "trade up a Salt …", molecule_text(rest))
        if move == "draw":
            n = len(t.get("hand", []))
            return Slot(move, f"draw {plural(1 if n >= 2 else 2 if n == 1 else 3, 'card')}", move)
        if move == "draw discard":
            return Slot(move, f"take the {t.get('discard_top')} on the discard pile", move)
        if move == "redraw":
            return Slot(move, "redraw: discard your hand, draw 3", move)
        if move == "helium":
            return Slot(move, "add Helium to your stash", move)
        if move == "end":
            return Slot(move, "end your turn", move)
        return Slot(move, move, move)

    def confirm(self, move: str, view: View, legal: Sequence[str]) -> str | None:
        """Ending the turn while a molecule could be built; throwing away the whole hand."""
        t = view.get("table", {})
        if move == "end":
            builds = [m for m in legal if m.startswith("build ")]
            if builds:
                return (f"End your turn without building? You could build {plural(len(builds), 'way')} "
                        "now; the cards stay in your hand.")
        if move == "redraw" and t.get("hand"):
            return f"Discard your whole hand ({' '.join(t['hand'])}) to draw three new cards?"
        return None

    def went_on(self, before: View, after: View) -> str | None:
        """The last kind of used card went down by itself after your `place`."""
        if before.get("phase") == "place" and after.get("phase") != "place" \
                and len(before.get("table", {}).get("placing", [])) > 1:
            return "The last card went down by itself: these are new moves."
        return None

    def hand(self, view: View) -> list[CardSpec]:
        """Your element cards."""
        return [element_spec(s) for s in view.get("table", {}).get("hand", [])]

    def status(self, view: View, names: Names) -> str:
        """Turn and phase."""
        t = view["table"]
        return f"turn {t['turn']} · phase: {view['phase']}"

    def player_line(self, view: View, seat: int, names: Names) -> Text:
        """Cards in hand, points, a skipped draw."""
        t = view["table"]
        line = Text(f"{plural(t['hand_sizes'][seat], 'card')}  {plural(int(view['scores'][seat]), 'point')}")
        if t["skip_draw"][seat]:
            line.append("  skips the next draw", style="yellow")
        return line

    def player_notes(self, view: View, seat: int, names: Names) -> list[Text]:
        """The molecules in the player's stash, with formula and name."""
        return [Text(molecule_text(f), style="cyan") for f in view["table"]["stashes"][seat]]

    def player_summary(self, view: View, seat: int, names: Names) -> Text | None:
        """The molecules in the stash, by formula."""
        stash = view["table"]["stashes"][seat]
        return Text(" ".join(stash), style="cyan")

    def board(self, view: View, names: Names) -> list[Any]:
        """The discard pile, the deck, the Molecule Bank."""
        t = view["table"]
        info = Text()
        info.append(f"Element Deck {plural(t['deck_size'], 'card')} · discard pile {t['discard_size']}\n")
        info.append("Molecule Bank ", style="bold")
        info.append("(left·points): ", style="dim")
        bank = []
        for kind, left in t["bank"].items():
            label = kind.replace("_", " ").title()
            bank.append(f"{label} {left}·{_points(kind)}")
        info.append(", ".join(bank))
        if t.get("built_types") is not None:
            built = ", ".join(k.replace("_", " ").title() for k in t["built_types"]) or "none yet"
            info.append(f"\nBuilt together so far: {built}", style="green")
        if t.get("first_turn") and view.get("seat") in view.get("actors", []):
            info.append("\nFirst turn: no Helium yet.", style="dim")
        top = t["discard_top"]
        cards = [element_spec(top)] if top is not None else []
        rows: list[Any] = [Row("Discard pile", cards, info)]
        if t["placing"]:
            rows.append(Row("To place, bottom first", [element_spec(c) for c in t["placing"]], None))
        return rows

    def moves_hint(self, view: View) -> str:
        """What to do now."""
        hints = {"draw": "Draw (or take the top discard)", "build": "Build, react, trade — or end your turn",
                 "place": "Place your used cards on the discard pile", "discard": "Discard down to 6 cards"}
        return hints.get(str(view.get("phase")), "Your move")


def _points(kind: str) -> str:
    for m in molecules("valence").values():
        if m.kind.lower().replace(" ", "_") == kind and m.points is not None:
            return str(m.points)
    return "?"


__all__ = ["ValenceUI", "element_spec", "molecule_text"]
