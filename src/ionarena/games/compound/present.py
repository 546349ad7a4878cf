"""Words for people: the compound table and its events as plain text (terminal, IRC, the web's log),
the chemistry of every compound formed, for classrooms, and the catalogue of the element cards'
printed faces that the pages draw.

Reads only a seat's view and events, so it can show nothing that seat may not see. Nothing here is
markup: names and cards are shown as the characters they are.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from typing import Any

from ionarena.core import Event, Names, View
from ionarena.core.present import Describe, Fields, and_list, plural, result_line

from .actions import TILE_NAMES
from .cards import CARDS, GOALS, display
from .chemistry import explain
from .scoring import RoundParts
from .views import CompoundTable, GoalView, PickView

REVEAL_FACE = {4: "stays face up, +4", 2: "is rotated, +2", 0: "is turned face down, +0"}
SOURCE = {"center": "center", "discard": "discard pile"}
"""Where RXN's extra card comes from, in words."""


def card_text(card: str) -> str:
    """Unbonded cards by id; transition metals and radioactive cards with what they are."""
    kind = CARDS[card].kind if card in CARDS else ""
    return display(card) if kind in ("transition", "radioactive") else card


def _compound(d: Mapping[str, Any]) -> str:
    return f"{d['formula']} — {d['name']}"


def _tiles_used(tiles: list[str], center: str | None) -> str:
    words = [TILE_NAMES[t] + (f" ({center})" if t == "center" and center else "") for t in tiles]
    return and_list(words)


# -- events, one sentence each ---------------------------------------------------------------------

def _round(d: Fields, names: Names) -> str:
    center = f"; center: {', '.join(d['center'])}" if d["center"] else ""
    goals = ", ".join(GOALS[g].name for g in d["goals"])
    return f"Round {d['round']} is dealt; {names(d['first'])} is first. Goals: {goals}{center}."


def _tile(d: Fields, names: Names) -> str:
    card = f" ({d['card']})" if d.get("card") else ""
    return (f"{names(d['player'])} chooses {TILE_NAMES[d['tile']]}{card} for this turn "
            "(hidden until the reveal).")


def _pick(d: Fields, names: Names) -> str:
    who = names(d["player"])
    if "card" not in d:
        return f"{who} has picked."
    if not d["done"]:
        return f"{who} picks {d['card']} (face down); one more card to pick (Play Two)."
    return f"{who} picks {d['card']} (face down, hidden until the reveal)."


def _reveal(d: Fields, names: Names) -> str:
    used = f", using {_tiles_used(d['tiles'], d['center'])}" if d["tiles"] else ""
    return f"Turn {d['turn']}: {names(d['player'])} reveals {and_list(d['cards'])}{used}."


def _center(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} takes {d['card']} from the center."


def _center_lost(d: Fields, names: Names) -> str:
    who = names(d["player"])
    if d["to"] is None:
        return f"{who} wanted {d['card']} from the center, but it is gone."
    return f"{who} wanted {d['card']} from the center, but {names(d['to'])} came first in seat order."


def _center_empty(d: Fields, names: Names) -> str:
    tile = f"{names.possessive(d['player'])} Play From Center tile"
    return f"The center is empty, so {tile} stays face up."


def _radioactive(d: Fields, names: Names) -> str:
    return (f"{names(d['player'])} places {card_text(d['card'])}: "
            f"{plural(d['revealed'], 'radioactive card')} "
            f"revealed this turn, so it {REVEAL_FACE.get(d['points'], str(d['points']))}.")


def _unbonded(d: Fields, names: Names) -> str:
    who = names(d["player"])
    if not d["auto"]:
        return f"{who} plays {card_text(d['card'])} unbonded."
    if CARDS.get(d["card"]) is not None and CARDS[d["card"]].kind == "noble":
        return f"{who} places {d['card']} (a noble gas, never bonds) among their unbonded cards."
    return f"{who} places {card_text(d['card'])} unbonded (no bond possible)."


def _bond(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} bonds {d['card']} into {_compound(d)} ({d['points']} points)."


def _refill(d: Fields, names: Names) -> str:
    return (f"{names(d['player'])} used Play Two: a card from the deck goes into the hand passed to "
            f"{names(d['to'])}.")


def _pass(d: Fields, names: Names) -> str:
    return "Every hand passes left."


def _round_end(d: Fields, names: Names) -> str:
    last = ", ".join(d["discard"])
    return f"Round {d['round']} ends: the last cards ({last}) go to the discard pile."


def _rxn_best(d: Fields, names: Names) -> str:
    taken = f", taking {d['card']} from the {SOURCE[d['source']]}" if d["card"] else ""
    made = and_list([_compound(c) for c in d["compounds"]]) or "no compounds"
    return f"{names(d['player'])} resolves RXN{taken}: {made}."


def _rxn_take(d: Fields, names: Names) -> str:
    taken = f"takes {d['card']} from the {SOURCE[d['source']]}" if d["card"] else "takes no extra card"
    return f"{names(d['player'])} resolves RXN by hand and {taken}: every bond is broken, to be formed again."


def _form(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} re-forms {_compound(d)} ({d['points']} points)."


def _rxn_done(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} has finished RXN."


def _score(d: Fields, names: Names) -> str:
    parts = [f"compounds {d['compounds']}", f"noble gases {d['noble_gases']}", f"goals {d['goals']}"]
    if d["radioactive"]:
        parts.append(f"radioactive {d['radioactive']}")
    return f"{names(d['player'])} scores {d['total']} in round {d['round']} ({', '.join(parts)})."


def _refresh(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} flips {and_list([TILE_NAMES[t] for t in d['tiles']])} face up again."


def _end_bonus(d: Fields, names: Names) -> str:
    decay = f", {d['decay']:+d} for radioactive decay" if d["decay"] else ""
    return f"{names(d['player'])} gets +{d['tiles']} for face-up Action Tiles{decay}."


def _game_end(d: Fields, names: Names) -> str:
    winners = d["winners"]
    if not winners:
        return "The game is over."
    top = d["scores"][winners[0]]
    verb = "wins" if len(winners) == 1 else "share the victory"
    return f"The game is over: {names.list(winners)} {verb} with {top} points."


DESCRIBE: dict[str, Describe] = {
    "round": _round, "tile": _tile, "pick": _pick, "reveal": _reveal, "center": _center,
    "center_lost": _center_lost, "center_empty": _center_empty, "radioactive": _radioactive,
    "unbonded": _unbonded, "bond": _bond, "refill": _refill, "pass": _pass, "round_end": _round_end,
    "rxn_best": _rxn_best, "rxn_take": _rxn_take, "form": _form, "rxn_done": _rxn_done, "score": _score,
    "refresh": _refresh, "end_bonus": _end_bonus, "game_end": _game_end,
}
"""One sentence per event kind, keyed like `rules.EVENT_FIELDS`."""


# -- the card catalogue --------------------------------------------------------------------------------

def _toml(name: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    data: dict[str, Any] = tomllib.loads(text)
    return data


@cache
def catalogue() -> dict[str, dict[str, Any]]:
    """What a page draws on each element card, by its id or ion token: symbol, name, charge (or a
    transition metal's charges by side), points, category (`ion`, `polyatomic`, `transition`,
    `noble_gas`, `radioactive`), the Action Tile icon; radioactive cards with their decay."""
    data = _toml("elements.toml")
    cards: dict[str, dict[str, Any]] = {}
    for e in data.get("elements", []):
        cards[e["id"]] = {"symbol": e["symbol"], "name": e["name"], "charge": e["charge"],
                          "points": e["points"], "category": e.get("category", "ion"),
                          "icon": bool(e.get("action_icon", False))}
    for e in data.get("polyatomic_ions", []):
        cards[e["id"]] = {"symbol": e["formula"], "name": e["name"], "charge": e["charge"],
                          "points": e["points"], "category": "polyatomic",
                          "icon": bool(e.get("action_icon", False))}
    for e in data.get("transition_metals", []):
        sides = e.get("sides", [])
        cards[e["id"]] = {"symbol": e["id"], "name": e["name"], "charges": [s["charge"] for s in sides],
                          "points": [s["points"] for s in sides], "category": "transition"}
        for side in sides:
            cards[f"{e['id']}{side['charge']}"] = {"symbol": e["id"], "name": e["name"],
                                                   "charge": side["charge"], "points": side["points"],
                                                   "category": "transition"}
    for e in data.get("noble_gases", []):
        cards[e["id"]] = {"symbol": e["id"], "name": e["name"], "charge": 0, "category": "noble_gas"}
    for e in _toml("radioactive.toml").get("radioactive", []):
        cards[e["id"]] = {"symbol": e["symbol"], "name": e["name"], "decay": e["decay"],
                          "category": "radioactive"}
    return cards


# -- the table -----------------------------------------------------------------------------------------

class CompoundPresenter:
    """The compound presenter (see `ionarena.core.present`)."""

    def describe(self, event: Event, names: Names) -> str:
        """One event as a sentence for `names.viewer`."""
        describe = DESCRIBE.get(event.kind)
        return describe(event.data, names) if describe is not None else f"({event.kind})"

    def explain(self, event: Event) -> str:
        """The chemistry of a compound formed (`bond`, `form`, RXN's `rxn_best`), for a class:
        its ions, their charges adding up to zero, its formula and name; "" for other events."""
        if event.kind in ("bond", "form"):
            return explain(event.data["cards"])
        if event.kind == "rxn_best":
            return " ".join(explain(c["cards"]) for c in event.data["compounds"])
        return ""

    def render(self, view: View, names: Names) -> str:
        """The table as plain text for the seat of `view`."""
        t: CompoundTable = view["table"]
        seat = view["seat"]
        lines = [f"Ion: A Compound Building Game ({view['variant']}) — round {t['round']} of {t['rounds']}, "
                 f"turn {t['turn']}, phase: {view['phase']}"]
        lines.append("Goals:")
        lines += [_goal_line(g) for g in t["goals"]]
        if view["variant"] != "beginner":
            lines.append("Center: " + (", ".join(display(c) for c in t["center"]) or "empty"))
        discard = ", ".join(t["discard"]) or "empty"
        lines.append(f"Deck: {plural(t['deck'], 'card')}; discard pile: {discard}")
        for q in range(view["players"]):
            lines += _seat_lines(view, t, q, names)
        if seat is not None:
            lines += _your_lines(view, t)
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

    def summary(self, view: View, names: Names) -> str:
        """One line for chat: the round and turn, the reader's hand, and what they may do now."""
        t: CompoundTable = view["table"]
        if view["over"]:
            return "Game over: " + result_line(view, names)
        parts = [f"round {t['round']} of {t['rounds']}, turn {t['turn']}"]
        seat = view["seat"]
        if seat is not None:
            parts.append("your hand: " + (", ".join(display(c) for c in t["hand"]) or "empty"))
            if seat in view["actors"] and (prompt := _prompt(view)):
                parts.append(prompt)
        return " · ".join(parts)

    def catalogue(self) -> dict[str, dict[str, Any]]:
        """The printed faces of the element cards (see `catalogue`)."""
        return catalogue()


def _seat_lines(view: View, t: CompoundTable, q: int, names: Names) -> list[str]:
    """Seat `q`'s line (points, hand size, tiles) and its area: round score, compounds, cards."""
    tiles = ", ".join(f"{TILE_NAMES[k]} {face}" for k, face in t["tiles"][q].items())
    picked = "; has picked" if t["committed"][q] else ""
    mark = ">" if q in view["actors"] else " "
    hand = plural(t["hand_sizes"][q], "card")
    lines = [f"{mark} {names(q)}: {view['scores'][q]:g} points; hand {hand}"
             + (f"; tiles: {tiles}" if tiles else "") + picked]
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
    return lines


def _your_lines(view: View, t: CompoundTable) -> list[str]:
    """The reader's hand, their pick so far and what they can bond."""
    lines = ["Your hand: " + (", ".join(display(c) for c in t["hand"]) or "empty")]
    pick = t["your_pick"]
    if view["phase"] == "pick" and (pick["picks"] or pick["two"] or pick["center"] or pick["rxn"]):
        lines.append("Your choice so far: " + _choice(pick))
    if t.get("bond_options"):
        lines.append("You can bond: " + "; ".join(f"{_compound(b)} ({b['points']})"
                                                  for b in t["bond_options"]))
    return lines


def _goal_line(g: GoalView) -> str:
    one = f"one {g['one']}, " if g.get("one") else ""
    wants = " / ".join(g["wants"]) if g["wants"] else \
        "a compound with an H card and another with an OH card (water, H2O, counts for neither)"
    return f"  {g['name']}: {wants} ({one}both {g['both']})"


def _choice(pick: PickView) -> str:
    """A pick in progress in words: "Play Two, Play From Center (Mg); picked Cl"."""
    tiles = [name for chosen, name in ((pick["two"], "Play Two"), (pick["rxn"], "RXN")) if chosen]
    if pick["center"]:
        tiles.insert(1 if pick["two"] else 0, f"Play From Center ({pick['center']})")
    picked = f"picked {', '.join(pick['picks'])}" if pick["picks"] else "no card picked yet"
    return "; ".join([", ".join(tiles), picked] if tiles else [picked])


def _round_line(number: int, parts: RoundParts) -> str:
    """A scored round: "round 1: 46 = compounds 30 + noble gases 9 + goals 7"."""
    labels = ((parts["compounds"], "compounds"), (parts["noble_gases"], "noble gases"),
              (parts["goals"], "goals"), (parts["radioactive"], "radioactive"))
    shown = [f"{label} {points}" for points, label in labels if points]
    return f"round {number}: {parts['total']}" + (" = " + " + ".join(shown) if shown else "")


def _prompt(view: View) -> str:
    """What the reader may type now, naming only what this game and this moment offer (the Beginner
    game has no Action Tiles and no center)."""
    seat = view["seat"]
    prompt = _PROMPT.get(view["phase"])
    if prompt is None or seat is None:
        return ""
    return prompt(view["table"], seat)


def _pick_prompt(t: CompoundTable, seat: int) -> str:
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
    offers = _tile_offers(t, t["tiles"][seat], pick)
    if offers:
        text += "; before it you may use an Action Tile: " + ", ".join(offers)
    return text


def _tile_offers(t: CompoundTable, tiles: dict[str, str], pick: PickView) -> list[str]:
    """The Action Tiles the reader may still use before this turn's pick, as they type them."""
    offers = []
    if tiles.get("two") == "up" and not pick["two"] and t["deck"]:
        offers.append("'two' (Play Two)")
    if tiles.get("center") == "up" and pick["center"] is None and t["center"]:
        offers.append(f"'center {t['center'][0]}' (Play From Center)")
    if tiles.get("rxn") == "up" and not pick["rxn"]:
        # RXN is flipped only with a pick: with 3 cards in hand this is the round's last one
        last = " — the round's last pick, your last chance" if len(t["hand"]) == 3 else ""
        offers.append(f"'rxn' (RXN{last})")
    return offers


def _center_prompt(t: CompoundTable, seat: int) -> str:
    return f"the center card you wanted was taken: choose another, e.g. 'center {t['center'][0]}'"


def _declare_prompt(t: CompoundTable, seat: int) -> str:
    revealed = t["revealed"][seat]
    card = revealed[0] if revealed else "your card"
    example = f" (e.g. 'bond {' '.join(t['bond_options'][0]['cards'])}')" if t.get("bond_options") else ""
    return f"place your revealed {card}: 'unbonded', or bond it into a compound{example}"


def _rxn_prompt(t: CompoundTable, seat: int) -> str:
    if t["rxn"]["stage"] == "start":
        return "RXN: 'best' (the engine's best arrangement), or 'take X' / 'take none' to re-form by hand"
    return "RXN: 'form ...' each compound (e.g. 'form Na Cl'), then 'done'"


def _refresh_prompt(t: CompoundTable, seat: int) -> str:
    down = [k for k, face in t["tiles"][seat].items() if face == "down"]
    return "choose a face-down tile to flip up: " + ", ".join(f"'refresh {k}'" for k in down)


_PROMPT: dict[str, Callable[[CompoundTable, int], str]] = {
    "pick": _pick_prompt, "center": _center_prompt, "declare": _declare_prompt, "rxn": _rxn_prompt,
    "refresh": _refresh_prompt,
}
"""What the reader may type, by phase."""


PRESENTER = CompoundPresenter()
