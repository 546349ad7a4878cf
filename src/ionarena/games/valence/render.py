"""What a terminal player sees: their hand, every stash with formulas and names, the bank, events.

Plain text without square brackets, so it is also safe to print through Rich.
"""

from __future__ import annotations

from typing import Any

from .cards import ELEMENT_INFO, MOLECULE_TYPES, RECIPES, kind_of
from .chemistry import buildable, label
from .scoring import card_points, points_text


def _card(symbol: str) -> str:
    info = ELEMENT_INFO[symbol]
    sign = f"{info.valence:+d}" if info.valence else "0"
    return f"{symbol}({sign})"


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _your_move(view: dict[str, Any], player: int) -> list[str]:
    """What the player to move may do now, in the words they type (only what the rules allow)."""
    phase, hand = view["phase"], view["hand"]
    if phase == "draw":
        n = len(hand)
        options = [f"draw ({_cards(1 if n >= 2 else 2 if n == 1 else 3)})"]
        if n >= 2 and view["discard_top"] is not None:
            options.append(f"draw discard (take the {view['discard_top']} on top of the discard pile)")
        if n:
            options.append("redraw (discard your whole hand, draw 3)")
        return ["Your move: " + " | ".join(options)]
    if phase == "place":
        return ["Your move: place X  (put your used cards on the discard pile one at a time, "
                "bottom first; the last one is the top card the next player may take)"]
    if phase == "discard":
        return ["Your move: discard X  (you hold more than 6 cards: discard down to 6)"]
    lines = []
    ninja = view["variant"] == "ninja"
    # A molecule named wrongly this turn waits for the next turn (Science Ninja).
    can_build = [f for f in buildable(hand, view["bank"]) if f not in view["failed_builds"]]
    if can_build and ninja:
        # Science Ninja: the player must find the name, so only the cards are shown.
        lines.append("You can build from: " + "; ".join(" ".join(RECIPES[f].cards) for f in can_build))
    elif can_build:
        lines.append("You can build: " + "; ".join(label(f) for f in can_build))
    options = []
    if can_build:
        options.append("build <cards> as <its name>" if ninja else "build <formula>")
    if "He" in hand and not view["first_turn"]:
        options.append("helium")
    stash = view["stashes"][player]
    if view["variant"] != "beginner":
        if any(kind_of(f) in ("acid", "water") for f in stash):
            options.append("react <your Acid or Water> <player> <their molecule>")
        if not view["traded_up"] and any(kind_of(f) == "salt" for f in stash):
            options.append("trade <your Salt>")
    options.append("end")
    first = " (first turn: no Helium yet)" if view["first_turn"] and "He" in hand else ""
    lines.append(f"Your move{first}: " + " | ".join(options))
    return lines


def render(view: dict[str, Any], player: int | None) -> str:
    """The view as text for `player` (None: a spectator)."""
    lines = [f"Science Ninjas: Valence ({view['variant']}) — turn {view['turn']}"]
    for p, stash in enumerate(view["stashes"]):
        marker = "->" if p == view["current"] and not view["over"] else "  "
        you = " (you)" if p == player else ""
        skip = ", skips next draw" if view["skip_draw"][p] else ""
        lines.append(f"{marker} Player {p}{you}: {points_text(view['scores'][p])}, "
                     f"{_cards(view['hand_sizes'][p])}{skip}")
        for formula in stash:
            kind = "Helium" if formula == "He" else MOLECULE_TYPES[RECIPES[formula].type].label
            lines.append(f"     {label(formula)}  ({kind}, {points_text(card_points(formula))})")
    bank = ", ".join(f"{MOLECULE_TYPES[t].label} {n} ({MOLECULE_TYPES[t].points})"
                     for t, n in view["bank"].items())
    lines.append(f"Molecule Bank (cards left, points each): {bank}")
    top = view["discard_top"]
    pile = f"{_cards(view['discard_size'])}, top {top}" if top is not None else "empty"
    lines.append(f"Element Deck: {_cards(view['deck_size'])}.  Discard pile: {pile}")
    if view.get("built_types") is not None:
        built = ", ".join(MOLECULE_TYPES[t].label for t in view["built_types"]) or "none yet"
        lines.append(f"Built together so far: {built} ({len(view['built_types'])} of {len(MOLECULE_TYPES)})")
    if view["hand"] is not None:
        lines.append("Your hand: " + (" ".join(_card(s) for s in view["hand"]) or "empty"))
    if view["placing"]:
        lines.append("To place on the discard pile: " + " ".join(view["placing"]))
    if view["events"]:
        lines.append("Recent:")
        lines.extend(f"  {event}" for event in view["events"])
    if view["over"]:
        winners = view["winners"]
        if not winners:
            lines.append("Game over: nobody wins.")
        else:
            lines.append("Game over: winner " + ", ".join(f"player {w}" for w in winners))
    elif player is not None and player == view["current"]:
        lines.extend(_your_move(view, player))
    return "\n".join(lines)
