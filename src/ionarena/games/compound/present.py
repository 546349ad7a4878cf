"""Words for people: the compound table and its events as plain text (terminal, IRC, the web's log),
and the chemistry of every compound formed, for classrooms.

Reads only a seat's view and events, so it can show nothing that seat may not see. Nothing here is
markup: names and cards are shown as the characters they are.
"""

from __future__ import annotations

from typing import Any

from ionarena.core import Event, Names
from ionarena.core.present import and_list, plural, result_line

from .cards import CARDS, GOALS, display
from .chemistry import explain
from .moves import TILE_NAMES

REVEAL_FACE = {4: "stays face up, +4", 2: "is rotated, +2", 0: "is turned face down, +0"}
SOURCE = {"center": "center", "discard": "discard pile"}
"""Where RXN's extra card comes from, in words."""


def card_text(card: str) -> str:
    """Unbonded cards by id; transition metals and radioactive cards with what they are."""
    kind = CARDS[card].kind if card in CARDS else ""
    return display(card) if kind in ("transition", "radioactive") else card


def _compound(d: dict[str, Any]) -> str:
    return f"{d['formula']} — {d['name']}"


def _tiles_used(tiles: list[str], center: str | None) -> str:
    words = [TILE_NAMES[t] + (f" ({center})" if t == "center" and center else "") for t in tiles]
    return and_list(words)


class CompoundPresenter:
    """The compound presenter (see `ionarena.core.present`)."""

    def describe(self, event: Event, names: Names) -> str:
        """One event as a sentence for `names.viewer`."""
        d: dict[str, Any] = event.data
        kind = event.kind
        who = names(d.get("player"))
        if kind == "round":
            center = f"; center: {', '.join(d['center'])}" if d["center"] else ""
            goals = ", ".join(GOALS[g].name for g in d["goals"])
            return f"Round {d['round']} is dealt; {names(d['first'])} is first. Goals: {goals}{center}."
        if kind == "tile":
            card = f" ({d['card']})" if d.get("card") else ""
            return f"{who} chooses {TILE_NAMES[d['tile']]}{card} for this turn (hidden until the reveal)."
        if kind == "pick":
            if "card" not in d:
                return f"{who} has picked."
            if not d["done"]:
                return f"{who} picks {d['card']} (face down); one more card to pick (Play Two)."
            return f"{who} picks {d['card']} (face down, hidden until the reveal)."
        if kind == "reveal":
            used = f", using {_tiles_used(d['tiles'], d['center'])}" if d["tiles"] else ""
            return f"Turn {d['turn']}: {who} reveals {and_list(d['cards'])}{used}."
        if kind == "center":
            return f"{who} takes {d['card']} from the center."
        if kind == "center_lost":
            if d["to"] is None:
                return f"{who} wanted {d['card']} from the center, but it is gone."
            return f"{who} wanted {d['card']} from the center, but {names(d['to'])} came first in seat order."
        if kind == "center_empty":
            tile = f"{names.possessive(d['player'])} Play From Center tile"
            return f"The center is empty, so {tile} stays face up."
        if kind == "radioactive":
            return (f"{who} places {card_text(d['card'])}: {plural(d['revealed'], 'radioactive card')} "
                    f"revealed this turn, so it {REVEAL_FACE.get(d['points'], str(d['points']))}.")
        if kind == "unbonded":
            if not d["auto"]:
                return f"{who} plays {card_text(d['card'])} unbonded."
            if CARDS.get(d["card"]) is not None and CARDS[d["card"]].kind == "noble":
                return f"{who} places {d['card']} (a noble gas, never bonds) among their unbonded cards."
            return f"{who} places {card_text(d['card'])} unbonded (no bond possible)."
        if kind == "bond":
            return f"{who} bonds {d['card']} into {_compound(d)} ({d['points']} points)."
        if kind == "refill":
            return f"{who} used Play Two: a card from the deck goes into the hand passed to {names(d['to'])}."
        if kind == "pass":
            return "Every hand passes left."
        if kind == "round_end":
            last = ", ".join(d["discard"])
            return f"Round {d['round']} ends: the last cards ({last}) go to the discard pile."
        if kind == "rxn_best":
            taken = f", taking {d['card']} from the {SOURCE[d['source']]}" if d["card"] else ""
            made = and_list([_compound(c) for c in d["compounds"]]) or "no compounds"
            return f"{who} resolves RXN{taken}: {made}."
        if kind == "rxn_take":
            taken = f"takes {d['card']} from the {SOURCE[d['source']]}" if d["card"] else \
                "takes no extra card"
            return f"{who} resolves RXN by hand and {taken}: every bond is broken, to be formed again."
        if kind == "form":
            return f"{who} re-forms {_compound(d)} ({d['points']} points)."
        if kind == "rxn_done":
            return f"{who} has finished RXN."
        if kind == "score":
            parts = [f"compounds {d['compounds']}", f"noble gases {d['noble_gases']}", f"goals {d['goals']}"]
            if d["radioactive"]:
                parts.append(f"radioactive {d['radioactive']}")
            return f"{who} scores {d['total']} in round {d['round']} ({', '.join(parts)})."
        if kind == "refresh":
            return f"{who} flips {and_list([TILE_NAMES[t] for t in d['tiles']])} face up again."
        if kind == "end_bonus":
            decay = f", {d['decay']:+d} for radioactive decay" if d["decay"] else ""
            return f"{who} gets +{d['tiles']} for face-up Action Tiles{decay}."
        if kind == "game_end":
            winners = d["winners"]
            if not winners:
                return "The game is over."
            top = d["scores"][winners[0]]
            verb = "wins" if len(winners) == 1 else "share the victory"
            return f"The game is over: {names.list(winners)} {verb} with {top} points."
        return f"({kind})"

    def explain(self, event: Event) -> str:
        """The chemistry of a compound formed (`bond`, `form`, RXN's `rxn_best`), for a class:
        its ions, their charges adding up to zero, its formula and name; "" for other events."""
        if event.kind in ("bond", "form"):
            return explain(event.data["cards"])
        if event.kind == "rxn_best":
            return " ".join(explain(c["cards"]) for c in event.data["compounds"])
        return ""

    def render(self, view: dict[str, Any], names: Names) -> str:
        """The table as plain text for the seat of `view`."""
        t = view["table"]
        seat = view["seat"]
        beginner = view["variant"] == "beginner"
        lines = [f"Ion: A Compound Building Game ({view['variant']}) — round {t['round']} of {t['rounds']}, "
                 f"turn {t['turn']}, phase: {view['phase']}"]
        lines.append("Goals:")
        lines += [_goal_line(g) for g in t["goals"]]
        if not beginner:
            lines.append("Center: " + (", ".join(display(c) for c in t["center"]) or "empty"))
        discard = ", ".join(t["discard"]) or "empty"
        lines.append(f"Deck: {plural(t['deck'], 'card')}; discard pile: {discard}")
        for q in range(view["players"]):
            tiles = ", ".join(f"{TILE_NAMES[k]} {face}" for k, face in t["tiles"][q].items())
            picked = "; has picked" if t["committed"][q] else ""
            mark = ">" if q in view["actors"] else " "
            hand = plural(t["hand_sizes"][q], "card")
            lines.append(f"{mark} {names(q)}: {view['scores'][q]:g} points; hand {hand}"
                         + (f"; tiles: {tiles}" if tiles else "") + picked)
            if t["round_scores"][q]:
                lines.append("    " + _round_line(len(t["round_scores"][q]), t["round_scores"][q][-1]))
            for comp in t["compounds"][q]:
                lines.append(f"    {_compound(comp)} ({comp['points']})")
            if t["unbonded"][q]:
                lines.append("    unbonded: " + ", ".join(card_text(c) for c in t["unbonded"][q]))
            if t["revealed"][q]:
                lines.append("    revealed, to place: " + ", ".join(t["revealed"][q]))
            if "radioactive" in t and (t["radioactive"][q] or t["radioactive_kept"][q]):
                now = ", ".join(f"{card_text(r['card'])} +{r['points']}" for r in t["radioactive"][q])
                kept = ", ".join(t["radioactive_kept"][q])
                lines.append(f"    radioactive this round: {now or '-'}; kept: {kept or '-'}; "
                             f"decay {t['decay'][q]}")
        if seat is not None:
            lines.append("Your hand: " + (", ".join(display(c) for c in t["hand"]) or "empty"))
            pick = t["your_pick"]
            if view["phase"] == "pick" and (pick["picks"] or pick["two"] or pick["center"] or pick["rxn"]):
                lines.append("Your choice so far: " + _choice(pick))
            if t.get("bond_options"):
                lines.append("You can bond: " + "; ".join(f"{_compound(b)} ({b['points']})"
                                                          for b in t["bond_options"]))
        if seat is not None and seat in view["actors"]:
            lines.append("Your move: " + _prompt(view))
        if "rxn" in t:
            extras = ", ".join(t["rxn"]["extras"])
            lines.append(f"RXN: {names(t['rxn']['player'])} re-forms their area"
                         + (f" (may take one of: {extras})" if extras else ""))
        if view["over"]:
            for q, bonus in enumerate(t.get("end_bonus", [])):
                decay = f", radioactive decay {bonus['decay']:+d}" if view["variant"] == "advanced" else ""
                lines.append(f"{names(q)} end of game: face-up Action Tiles +{bonus['tiles']}{decay}")
            lines.append("Game over: " + result_line(view, names))
        return "\n".join(lines)

    def summary(self, view: dict[str, Any], names: Names) -> str:
        """One line for chat: the round and turn, the reader's hand, and what they may do now."""
        t = view["table"]
        if view["over"]:
            return "Game over: " + result_line(view, names)
        parts = [f"round {t['round']} of {t['rounds']}, turn {t['turn']}"]
        seat = view["seat"]
        if seat is not None:
            parts.append("your hand: " + (", ".join(display(c) for c in t["hand"]) or "empty"))
            if seat in view["actors"] and (prompt := _prompt(view)):
                parts.append(prompt)
        return " · ".join(parts)


def _goal_line(g: dict[str, Any]) -> str:
    one = f"one {g['one']}, " if g.get("one") else ""
    wants = " / ".join(g["wants"]) if g["wants"] else \
        "a compound with an H card and another with an OH card (water, H2O, counts for neither)"
    return f"  {g['name']}: {wants} ({one}both {g['both']})"


def _choice(pick: dict[str, Any]) -> str:
    """A pick in progress in words: "Play Two, Play From Center (Mg); picked Cl"."""
    tiles = [name for key, name in (("two", "Play Two"), ("rxn", "RXN")) if pick[key]]
    if pick["center"]:
        tiles.insert(1 if pick["two"] else 0, f"Play From Center ({pick['center']})")
    picked = f"picked {', '.join(pick['picks'])}" if pick["picks"] else "no card picked yet"
    return "; ".join([", ".join(tiles), picked] if tiles else [picked])


def _round_line(number: int, parts: dict[str, int]) -> str:
    """A scored round: "round 1: 46 = compounds 30 + noble gases 9 + goals 7"."""
    labels = (("compounds", "compounds"), ("noble_gases", "noble gases"), ("goals", "goals"),
              ("radioactive", "radioactive"))
    shown = [f"{label} {parts[key]}" for key, label in labels if parts.get(key)]
    return f"round {number}: {parts['total']}" + (" = " + " + ".join(shown) if shown else "")


def _prompt(view: dict[str, Any]) -> str:
    """What the reader may type now, naming only what this game and this moment offer (the Beginner
    game has no Action Tiles and no center)."""
    t = view["table"]
    phase = view["phase"]
    if phase == "pick":
        pick = t["your_pick"]
        hand = [c for c in t["hand"]]
        for c in pick["picks"]:
            hand.remove(c)
        example = hand[0] if hand else "Cl"
        if pick["two"] and len(pick["picks"]) == 1:
            return f"pick your second card (Play Two): 'pick {example}'"
        text = f"choose a card to keep: 'pick {example}'"
        if pick["picks"]:
            return text
        tiles = t["tiles"][view["seat"]]
        offers = []
        if tiles.get("two") == "up" and not pick["two"] and t["deck"]:
            offers.append("'two' (Play Two)")
        if tiles.get("center") == "up" and pick["center"] is None and t["center"]:
            offers.append(f"'center {t['center'][0]}' (Play From Center)")
        if tiles.get("rxn") == "up" and not pick["rxn"]:
            # RXN is flipped only with a pick: with 3 cards in hand this is the round's last one
            last = " — the round's last pick, your last chance" if len(t["hand"]) == 3 else ""
            offers.append(f"'rxn' (RXN{last})")
        if offers:
            text += "; before it you may use an Action Tile: " + ", ".join(offers)
        return text
    if phase == "center":
        return f"the center card you wanted was taken: choose another, e.g. 'center {t['center'][0]}'"
    if phase == "declare":
        revealed = t["revealed"][view["seat"]]
        card = revealed[0] if revealed else "your card"
        example = f" (e.g. 'bond {' '.join(t['bond_options'][0]['cards'])}')" if t.get("bond_options") else ""
        return f"place your revealed {card}: 'unbonded', or bond it into a compound{example}"
    if phase == "rxn":
        if t["rxn"]["stage"] == "start":
            return "RXN: 'best' (the engine's best arrangement), or 'take X' / 'take none' to re-form by hand"
        return "RXN: 'form ...' each compound (e.g. 'form Na Cl'), then 'done'"
    if phase == "refresh":
        down = [k for k, face in t["tiles"][view["seat"]].items() if face == "down"]
        return "choose a face-down tile to flip up: " + ", ".join(f"'refresh {k}'" for k in down)
    return ""


PRESENTER = CompoundPresenter()
