"""What a terminal player sees: their hand, every stash with formulas and names, the bank, events.

Plain text without square brackets, so it is also safe to print through Rich.
"""

from __future__ import annotations

from typing import Any

from .cards import ELEMENT_INFO, MOLECULE_TYPES, RECIPES
from .chemistry import label
from .scoring import card_points, points_text

PHASE_HELP = {
    "draw": "draw | draw discard | redraw",
    "place": "place X  (order the used cards onto the discard pile, bottom first)",
    "build": "build NaOH | helium | react HCl 1 NaOH | trade NaCl | end",
    "discard": "discard X  (down to 6 cards)",
}


def _card(symbol: str) -> str:
    info = ELEMENT_INFO[symbol]
    sign = f"{info.valence:+d}" if info.valence else "0"
    return f"{symbol}({sign})"


def render(view: dict[str, Any], player: int | None) -> str:
    """The view as text for `player` (None: a spectator)."""
    lines = [f"Science Ninjas: Valence ({view['variant']}) — turn {view['turn']}"]
    for p, stash in enumerate(view["stashes"]):
        marker = "->" if p == view["current"] and not view["over"] else "  "
        you = " (you)" if p == player else ""
        skip = ", skips next draw" if view["skip_draw"][p] else ""
        lines.append(f"{marker} Player {p}{you}: {points_text(view['scores'][p])}, "
                     f"{view['hand_sizes'][p]} {'card' if view['hand_sizes'][p] == 1 else 'cards'}"
                     f"{skip}")
        for formula in stash:
            kind = "Helium" if formula == "He" else MOLECULE_TYPES[RECIPES[formula].type].label
            lines.append(f"     {label(formula)}  ({kind}, {points_text(card_points(formula))})")
    bank = ", ".join(f"{MOLECULE_TYPES[t].label} {n}" for t, n in view["bank"].items())
    lines.append(f"Molecule Bank: {bank}")
    pile = view["discard_pile"]
    top = pile[-1] if pile else "empty"
    lines.append(f"Element Deck: {view['deck_size']} cards.  Discard pile: {len(pile)} cards, top {top}")
    if view.get("built_types") is not None:
        built = ", ".join(MOLECULE_TYPES[t].label for t in view["built_types"]) or "none yet"
        lines.append(f"Built together so far: {built} ({len(view['built_types'])} of {len(MOLECULE_TYPES)})")
    if view["hand"] is not None:
        lines.append("Your hand: " + (" ".join(_card(s) for s in view["hand"]) or "empty"))
    if view["placing"]:
        lines.append("To place on the discard pile: " + " ".join(view["placing"]))
    if view["events"]:
        lines.append("Recent:")
        lines.extend(f"  {event}" for event in view["events"][-6:])
    if view["over"]:
        winners = view["winners"]
        if not winners:
            lines.append("Game over: nobody wins.")
        else:
            lines.append("Game over: winner " + ", ".join(f"player {w}" for w in winners))
    elif player == view["current"]:
        first = " (first turn: no Helium yet)" if view["first_turn"] else ""
        lines.append(f"Your move{first}: {PHASE_HELP[view['phase']]}")
    return "\n".join(lines)
