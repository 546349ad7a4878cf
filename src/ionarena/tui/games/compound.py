"""Ion: A Compound Building Game on the screen: ion cards by category with charge and points,
compounds with formula and name, goals, the center and the Action Tiles."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from ...core import Names, View
from ...core.present import plural
from ..faces import faces
from .base import CardSpec, GameUI, Row, Slot

TILES = {"two": "Play Two", "center": "Play From Center", "rxn": "RXN"}
SHORT_TILES = {"two": "Two", "center": "Ctr", "rxn": "RXN"}


def ion_spec(card: str) -> CardSpec:
    """An ion card: symbol, charge, points (a transition metal's two sides, a radioactive card's
    decay) in its category's colour."""
    face = faces("compound").get(card)
    if face is None:
        return CardSpec(card, (card,), classes="element cat-ion")
    points = f"{face.points} pts" if face.points else ""
    return CardSpec(card, (face.symbol, face.charge, points), classes=f"element cat-{face.category}",
                    tooltip=f"{face.name} ({face.symbol}) {face.charge}" + (f", {points}" if points else ""),
                    short=f"{face.symbol} {face.charge}")


def compound_text(c: dict[str, Any]) -> str:
    """`HNO3 — nitric acid (7 pts)`."""
    return f"{c['formula']} — {c['name']} ({c['points']} pts)"


class CompoundUI(GameUI):
    """Compound: pick a card in the hand to keep (`pick Cl`, the rules' word); Action Tiles,
    center cards, bonds and RXN's re-forming are groups; leaving a card unbonded asks first."""

    board_class = "board-compound"

    def classify(self, move: str, view: View, names: Names) -> Slot:
        """Each move's group (see the class docstring)."""
        verb, _, rest = move.partition(" ")
        t = view.get("table", {})
        if verb == "pick":
            return Slot(f"card:{rest}", f"pick {rest}", "pick", rest)
        if verb == "center":
            return Slot("center", "Play From Center: take a center card …", f"take {rest} from the center")
        if move == "two":
            return Slot(move, "Play Two: pick two cards this turn (tile)", move)
        if move == "rxn":
            return Slot(move, "RXN: re-form your compounds (tile)", move)
        if verb == "bond":
            cards, _, named = rest.partition(" = ")
            points = next((b["points"] for b in t.get("bond_options", [])
                           if " ".join(b["cards"]) == cards), None)
            worth = f" ({points} pts)" if points is not None else ""
            return Slot("bond", "bond your card into a compound …", f"{named or cards}{worth}")
        if move == "unbonded":
            seat = view["seat"]
            assert seat is not None, "a seat's move"
            revealed = (t.get("revealed") or [[]] * (seat + 1))[seat]
            card = revealed[0] if revealed else "it"
            return Slot(move, f"leave {card} unbonded", move)
        if verb == "form":
            cards, _, named = rest.partition(" = ")
            return Slot("form", "form a compound …", named or cards)
        if verb == "take":
            return Slot("take", "take a card from the other areas …", "take nothing" if rest == "none" else
                        f"take {rest}")
        if move == "best":
            return Slot(move, "best: the best arrangement of your area", move)
        if move == "done":
            return Slot(move, "done re-forming", move)
        if verb == "refresh":
            return Slot(move, f"flip {TILES.get(rest, rest)} face up", move)
        return Slot(move, move, move)

    def confirm(self, move: str, view: View, legal: Sequence[str]) -> str | None:
        """Leaving a card unbonded when it could bond: it scores nothing."""
        if move == "unbonded":
            bonds = [m.partition(" = ")[2] or m for m in legal if m.startswith("bond ")]
            if bonds:
                return (f"Leave your card unbonded? It scores nothing, and it could bond into "
                        f"{', '.join(bonds[:3])}{' …' if len(bonds) > 3 else ''}.")
        return None

    def hand(self, view: View) -> list[CardSpec]:
        """Your cards."""
        return [ion_spec(c) for c in view.get("table", {}).get("hand", [])]

    def status(self, view: View, names: Names) -> str:
        """Round, turn and phase."""
        t = view["table"]
        return f"round {t['round']} of {t['rounds']} · turn {t['turn']} · phase: {view['phase']}"

    def player_line(self, view: View, seat: int, names: Names) -> Text:
        """Cards in hand, points, tiles, whether they have picked."""
        t = view["table"]
        line = Text(f"{plural(t['hand_sizes'][seat], 'card')}  {view['scores'][seat]:g} pts")
        tiles = t["tiles"][seat]
        if tiles:
            line.append("  ")
            for key, face in tiles.items():  # face up: green; used (face down): struck through
                style = "bold black on green" if face == "up" else "dim strike"
                line.append(SHORT_TILES[key], style=style)
                line.append(" ")
        if t["committed"][seat]:
            line.append("picked", style="yellow")
        return line

    def player_notes(self, view: View, seat: int, names: Names) -> list[Text]:
        """The player's compounds (formula, name, points), unbonded and revealed cards."""
        t = view["table"]
        notes = [Text(compound_text(c), style="cyan") for c in t["compounds"][seat]]
        if t["unbonded"][seat]:
            notes.append(Text("unbonded: " + " ".join(t["unbonded"][seat]), style="dim"))
        if t["revealed"][seat]:
            notes.append(Text("revealed, to place: " + " ".join(t["revealed"][seat]), style="yellow"))
        if "radioactive" in t and (t["radioactive"][seat] or t["radioactive_kept"][seat]):
            now = " ".join(f"{r['card']}+{r['points']}" for r in t["radioactive"][seat])
            kept = " ".join(t["radioactive_kept"][seat]) or "-"
            decay = t["decay"][seat]
            notes.append(Text(f"radioactive: {now or '-'}; kept {kept}; decay {decay}", style="green"))
        if t["round_scores"][seat]:
            last = t["round_scores"][seat][-1]
            rounds = len(t["round_scores"][seat])
            notes.append(Text(f"round {rounds}: {last.get('total', 0)} pts", style="dim"))
        return notes

    def player_summary(self, view: View, seat: int, names: Names) -> Text | None:
        """The compounds by formula, and the cards revealed to place."""
        t = view["table"]
        text = Text(" ".join(c["formula"] for c in t["compounds"][seat]), style="cyan")
        if t["revealed"][seat]:
            text.append(("  " if text.plain else "") + "revealed " + " ".join(t["revealed"][seat]),
                        style="yellow")
        return text

    def board(self, view: View, names: Names) -> list[Any]:
        """Goals, the center, the deck and discard pile; RXN in progress."""
        t = view["table"]
        goals = Text()
        for g in t["goals"]:
            wants = " / ".join(g["wants"]) if g["wants"] else "an H compound and an OH compound"
            one = f"one {g['one']}, " if g.get("one") else ""
            goals.append(f"{g['name']}: ", style="bold")
            goals.append(f"{wants} ({one}both {g['both']})\n")
        goals.append(f"Deck {plural(t['deck'], 'card')} · discard {plural(len(t['discard']), 'card')}",
                     style="dim")
        if "rxn" in t:
            extras = ", ".join(t["rxn"]["extras"])
            goals.append(f"\nRXN: {names(t['rxn']['player'])} re-forms their area"
                         + (f" (may take one of: {extras})" if extras else ""), style="yellow")
        pick = t.get("your_pick") or {}
        if view["phase"] == "pick" and any(pick.get(k) for k in ("picks", "two", "center", "rxn")):
            chosen = [TILES[k] for k in ("two", "rxn") if pick.get(k)]
            if pick.get("center"):
                chosen.append(f"center {pick['center']}")
            kept = ", ".join(pick.get("picks") or []) or "no card yet"
            goals.append(f"\nYour choice so far: {'; '.join([*chosen, f'pick {kept}'])}", style="green")
        if view["variant"] == "beginner":
            return [goals]
        return [Row("Center", [ion_spec(c) for c in t["center"]], None), goals]

    def moves_hint(self, view: View) -> str:
        """What to do now."""
        hints = {"pick": "Pick a card to keep (and maybe use a tile)",
                 "declare": "Bond your revealed card — or leave it",
                 "rxn": "RXN: re-form your compounds", "refresh": "Flip a tile face up",
                 "center": "Choose another center card"}
        return hints.get(str(view.get("phase")), "Your move")


__all__ = ["CompoundUI", "compound_text", "ion_spec"]
