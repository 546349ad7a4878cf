"""Text a terminal player sees: goals, center, every player's compounds (formula — name), their hand."""

from __future__ import annotations

from typing import Any

from .cards import CARDS, display

PHASE_HELP = {
    "pick": "choose a card: `pick Cl` (tiles first if you want: `two`, `center Mg`, `rxn`)",
    "center": "your center card was taken: choose another with `center X`",
    "declare": "place your revealed card: `unbonded` or `bond ...` (e.g. `bond Mg Cl Cl` or `bond MgCl2`)",
    "rxn": "RXN: `best`, or `take X` / `take none`, then `form ...` and `done`",
    "refresh": "choose a face-down tile to flip up: `refresh two|center|rxn`",
    "over": "the game is over",
}


def _card(c: str) -> str:
    """Unbonded cards by id; transition metals and radioactive cards with what they are."""
    kind = CARDS[c].kind if c in CARDS else ""
    return display(c) if kind in ("transition", "radioactive") else c


def _goal_line(g: dict[str, Any]) -> str:
    one = f"one {g['one']}, " if g.get("one") else ""
    return f"  {g['name']}: {' / '.join(g['wants'])} ({one}both {g['both']})"


def _choice(pick: dict[str, Any]) -> str:
    """A pick in progress in words: "Play Two, Play From Center (Mg); picked Cl"."""
    tiles = [name for key, name in (("two", "Play Two"), ("rxn", "RXN")) if pick[key]]
    if pick["center"]:
        tiles.insert(1 if pick["two"] else 0, f"Play From Center ({pick['center']})")
    picked = f"picked {', '.join(pick['picks'])}" if pick["picks"] else "no card picked yet"
    return "; ".join([", ".join(tiles), picked] if tiles else [picked])


def _round_line(number: int, parts: dict[str, int]) -> str:
    """A scored round: "round 1: 46 = compounds 30 + noble gases 9 + goals 7"."""
    names = (("compounds", "compounds"), ("noble_gases", "noble gases"), ("goals", "goals"),
             ("radioactive", "radioactive"))
    shown = [f"{label} {parts[key]}" for key, label in names if parts.get(key)]
    return f"round {number}: {parts['total']}" + (" = " + " + ".join(shown) if shown else "")


def render(view: dict[str, Any], player: int | None) -> str:
    """The table as plain text for `player` (None: a spectator)."""
    lines = [f"Ion: A Compound Building Game ({view['variant']}) - round {view['round']} of 3, "
             f"turn {view['turn']}, phase: {view['phase']}"]
    lines.append("Goals:")
    lines += [_goal_line(g) for g in view["goals"]]
    if view["variant"] != "beginner":
        lines.append("Center: " + (", ".join(display(c) for c in view["center"]) or "empty"))
    lines.append(f"Deck: {view['deck']} cards; discard pile: " + (", ".join(view["discard"]) or "empty"))
    for pv in view["players"]:
        me = " (you)" if pv["seat"] == player else ""
        score = view["scores"][pv["seat"]]
        tiles = ", ".join(f"{t} {face}" for t, face in pv["tiles"].items())
        lines.append(f"Player {pv['seat']}{me}: {int(score)} points; hand {pv['hand_size']} cards"
                     + (f"; tiles: {tiles}" if tiles else ""))
        if pv["round_scores"]:
            lines.append("    " + _round_line(len(pv["round_scores"]), pv["round_scores"][-1]))
        for comp in pv["compounds"]:
            lines.append(f"    {comp['formula']} — {comp['name']} ({comp['points']})")
        if pv["unbonded"]:
            lines.append("    unbonded: " + ", ".join(_card(c) for c in pv["unbonded"]))
        if pv["revealed"]:
            lines.append("    revealed, to place: " + ", ".join(pv["revealed"]))
        if pv.get("radioactive") or pv.get("radioactive_kept"):
            now = ", ".join(f"{_card(r['card'])} +{r['points']}" for r in pv["radioactive"])
            kept = ", ".join(pv["radioactive_kept"])
            lines.append(f"    radioactive this round: {now or '-'}; kept: {kept or '-'}; "
                         f"decay {pv['decay']}")
    if player is not None and "hand" in view:
        lines.append("Your hand: " + (", ".join(display(c) for c in view["hand"]) or "empty"))
        pick = view.get("your_pick")
        if pick and (pick["picks"] or pick["two"] or pick["center"] or pick["rxn"]):
            lines.append("Your choice so far: " + _choice(pick))
        if view.get("bond_options"):
            lines.append("You can bond: " + "; ".join(view["bond_options"]))
    if player is not None and player in view["actors"]:
        lines.append("Your move: " + PHASE_HELP.get(view["phase"], ""))
    if view["events"]:
        lines.append("Recent:")
        lines += [f"  {e}" for e in view["events"][-6:]]
    if "final" in view:
        for seat, bonus in enumerate(view["final"]["end_bonus"]):
            extra = f", radioactive decay {bonus['decay']:+d}" if view["variant"] == "advanced" else ""
            lines.append(f"Player {seat} end of game: face-up Action Tiles +{bonus['tiles']}{extra}")
        lines.append("Winners: " + ", ".join(f"player {w}" for w in view["final"]["winners"]))
    return "\n".join(lines)
