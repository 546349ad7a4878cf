"""Words for people: the Valence table, its events and their chemistry as plain text (terminal, IRC,
the web's log, a classroom), and the catalogue of the cards' printed faces that the pages draw.

Reads only a seat's view and events, so it can show nothing that seat may not see. Nothing here is
markup: names and said words are shown as the characters they are.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from ...core import Event, Names, View
from ...core.present import Describe, Fields, and_list, number_word, plural, result_line, signed
from .cards import ELEMENT_INFO, MOLECULE_TYPES, RECIPES, kind_of
from .chemistry import (
    atoms,
    bonds,
    buildable,
    ions,
    label,
    reacting_name,
    reaction_terms,
    short_label,
    side_text,
)
from .scoring import HELIUM_POINTS, card_points, points_text
from .views import ValenceTable

_HOW = {"highest": "", "next cards": " (a tie, settled by the next highest cards)",
        "identical hands": " (identical hands: the lowest-numbered player)"}


def card_text(symbol: str) -> str:
    """An element card with its valence: `Na(+1)`, `O(-2)`, `He(0)`."""
    value = ELEMENT_INFO[symbol].valence
    return f"{symbol}({value:+d})" if value else f"{symbol}(0)"


def _a(word: str) -> str:
    """`an Acid card`, `a Salt card`."""
    return f"an {word}" if word[:1] in "AEIOUaeiou" else f"a {word}"


def _kind(formula: str) -> str:
    return "Helium" if formula == "He" else MOLECULE_TYPES[RECIPES[formula].type].label


# -- chemistry for a classroom ------------------------------------------------------------------------

def explain_molecule(formula: str) -> str:
    """What a molecule card is made of, for a class: its element cards with their valences adding
    up to zero, its formula and name, its ions (ionic compounds) or its bonds (molecules)."""
    recipe = RECIPES[formula]
    cards = recipe.cards
    counts = {s: cards.count(s) for s in dict.fromkeys(cards)}
    parts = [f"{number_word(n)} {ELEMENT_INFO[s].name} ({s}, {signed(ELEMENT_INFO[s].valence)}"
             f"{' each' if n > 1 else ''})" for s, n in counts.items()]
    total = " + ".join(f"({signed(ELEMENT_INFO[s].valence)})" for s in cards)
    name = recipe.name[0].upper() + recipe.name[1:]
    text = [f"{name}, {formula}, is built from {plural(len(cards), 'element card')}: {and_list(parts)}.",
            f"Their valences add up to zero: {total} = 0."]
    found = ions(formula)
    if found:
        described = []
        for n, ion, ion_name, _ in found:
            what = f"{number_word(n)} {ion_name}{'s' if n > 1 else ''} {ion}"
            if ion == "OH⁻":
                what += " (an oxygen and a hydrogen: −2 + 1 = −1)"
            described.append(what)
        charges = " + ".join(f"({signed(charge)})" for n, _, _, charge in found for _ in range(n))
        text.append(f"It is an ionic compound of {and_list(described)}; the charges of the ions add up to "
                    f"zero too: {charges} = 0.")
    else:
        text.append("It is a molecule: its atoms share electrons, and each atom forms as many bonds as "
                    f"its valence without the sign (a double bond counts twice): {bonds(formula)}.")
    if recipe.shown and recipe.type == "acid":
        # Hydrochloric and hydrofluoric acid are the solutions, not other names of the gases.
        text.append(f"Dissolved in water it makes {recipe.shown}.")
    elif recipe.shown:
        text.append(f"Its common name is {recipe.shown}.")
    kind = MOLECULE_TYPES[recipe.type]
    text.append(f"In the game it is {_a(kind.label)} card worth {points_text(kind.points)}.")
    return " ".join(text)


def explain_reaction(reactor: str, target: str) -> str:
    """A reaction for a class: what kind of reaction, the balanced equation in symbols and words,
    the atoms on each side, and which cards the game exchanges."""
    found = reaction_terms(reactor, target)
    if found is None:
        return ""
    products, left, right = found
    kind = RECIPES[target].type
    if kind == "base":
        what = "Neutralisation: an acid and a base react to make a salt and water."
    elif kind == "metal_oxide":
        what = "An acid reacts with a metal oxide (a basic oxide) to make a salt and water."
    else:
        what = "Hydrolysis: water breaks the carbonyl halide down into carbon dioxide and an acid."

    def words(terms: tuple[tuple[int, str], ...], reacting: bool) -> str:
        # The acid card reacts as an acid, i.e. dissolved in water: "hydrochloric acid"; the HCl a
        # hydrolysis gives off is the gas, "hydrogen chloride".
        return " + ".join(reacting_name(f) if reacting else RECIPES[f].name for _, f in terms)

    counted = and_list([f"{n} {s}" for s, n in atoms(left).items()])
    text = [what,
            f"Balanced equation: {side_text(left)} → {side_text(right)} "
            f"({words(left, True)} → {words(right, False)}).",
            f"Both sides hold the same atoms: {counted}."]
    cards = " and ".join(f"{_a(_kind(p))} card ({p})" for p in products)
    note = ""
    if len(right) > len(products):  # COClF gives two acids; the game hands over one Acid card
        note = ": the game hands over one Acid card for the two acids"
    text.append(f"In the game the {target} card is exchanged for {cards}{note}.")
    return " ".join(text)


HELIUM_TEXT = ("Helium (He) is a noble gas: its only electron shell is full with two electrons, so its "
               "valence is 0 and it does not bond with other atoms. In the game it goes into the stash "
               f"on its own, worth {HELIUM_POINTS} points.")


# -- the presenter ------------------------------------------------------------------------------------

# -- events, one sentence each ---------------------------------------------------------------------

def _deal(d: Fields, names: Names) -> str:
    top = d["top"]
    return (f"Each player is dealt {d['hand_size']} element cards; {top} "
            f"({ELEMENT_INFO[top].name}) is turned face up to start the discard pile.")


def _helium_back(d: Fields, names: Names) -> str:
    if d["player"] is None:
        return "Helium was turned as the first discard: it goes to the bottom of the Element Deck."
    return (f"{names(d['player'])} was dealt Helium: it goes to the bottom of the Element Deck and is "
            "replaced.")


def _hand(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} is dealt {' '.join(d['cards'])}."


def _first_player(d: Fields, names: Names) -> str:
    info = ELEMENT_INFO[d["card"]]
    return (f"{names(d['player'])} goes first: {d['card']} ({info.name}, atomic number "
            f"{info.atomic_number}) is the highest atomic number{_HOW.get(d['how'], '')}.")


def _skip_draw(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} was reacted with and skips the draw."


def _draw(d: Fields, names: Names) -> str:
    who = names(d["player"])
    count = plural(d["count"], "card")
    cards = f": {' '.join(d['cards'])}" if d.get("cards") else ""
    short = f" ({d['short']} short: no cards left)" if d["short"] else ""
    reason = d["reason"]
    if reason == "redraw":
        return f"{who} draws {count} to replace the hand{cards}{short}."
    if reason == "trade":
        return f"{who} draws {count} for the Trade Up{cards}{short}."
    if reason == "steal":
        return (f"{who} takes {count} from the Element Deck instead, as the opponent had no cards"
                f"{cards}{short}.")
    return f"{who} draws {count}{cards}{short}."


def _take_discard(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} takes {d['card']} from the top of the discard pile."


def _redraw(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} discards the whole hand ({' '.join(d['cards'])}) to draw three new cards."


def _build(d: Fields, names: Names) -> str:
    return (f"{names(d['player'])} builds {label(d['molecule'])} from {' '.join(d['cards'])}: "
            f"{MOLECULE_TYPES[d['type']].label}, {points_text(d['points'])}.")


def _wrong_name(d: Fields, names: Names) -> str:
    return (f"{names(d['player'])} calls {' '.join(d['cards'])} \"{d['said']}\": wrong, it is "
            f"{label(d['molecule'])}. The cards stay in hand.")


def _place(d: Fields, names: Names) -> str:
    cards = d["cards"]
    top = f" ({cards[-1]} on top)" if len(cards) > 1 else ""
    return f"{names(d['player'])} puts {' '.join(cards)} on the discard pile{top}."


def _helium(d: Fields, names: Names) -> str:
    return (f"{names(d['player'])} adds Helium to the stash ({HELIUM_POINTS} points); every hand passes "
            "to the right.")


def _pass(d: Fields, names: Names) -> str:
    cards = f": {' '.join(d['cards'])}" if "cards" in d else ""
    return f"{names(d['player'])} passes {plural(d['count'], 'card')} to {names(d['to'])}{cards}."


def _react(d: Fields, names: Names) -> str:
    victim = names(d["victim"])
    first, second = d["products"]
    return (f"{names(d['player'])} reacts {short_label(d['reactor'])} with the "
            f"{short_label(d['target'])} of {victim}: "
            f"{d['equation']}. {victim} gets {short_label(first)} and {short_label(second)} "
            "and skips the next draw.")


def _steal(d: Fields, names: Names) -> str:
    if "card" not in d:
        return f"{names(d['player'])} takes a random card from {names(d['victim'])}."
    return f"{names(d['player'])} takes {d['card']} from {names(d['victim'])}."


def _trade(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} trades up {label(d['molecule'])}: the Salt goes back to the bank."


def _must_discard(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} holds too many cards and must discard {d['count']}."


def _discard(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} discards {d['card']}."


def _end_turn(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} ends the turn."


def _reshuffle(d: Fields, names: Names) -> str:
    return (f"The Element Deck is empty: the discard pile is shuffled into a new deck of "
            f"{plural(d['count'], 'card')}.")


def _win(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} has {d['points']} points and wins!"


def _team_win(d: Fields, names: Names) -> str:
    return f"All {d['types']} types of molecule have been built: everyone wins together!"


def _team_loss(d: Fields, names: Names) -> str:
    return "The Element Deck ran out before every type of molecule was built: everyone loses."


def _turn_cap(d: Fields, names: Names) -> str:
    return f"The turn cap ({d['turns']} turns) is reached: the game is a draw."


DESCRIBE: dict[str, Describe] = {
    "deal": _deal, "helium_back": _helium_back, "hand": _hand, "first_player": _first_player,
    "skip_draw": _skip_draw, "draw": _draw, "take_discard": _take_discard, "redraw": _redraw,
    "build": _build, "wrong_name": _wrong_name, "place": _place, "helium": _helium, "pass": _pass,
    "react": _react, "steal": _steal, "trade": _trade, "must_discard": _must_discard, "discard": _discard,
    "end_turn": _end_turn, "reshuffle": _reshuffle, "win": _win, "team_win": _team_win,
    "team_loss": _team_loss, "turn_cap": _turn_cap,
}
"""One sentence per event kind, keyed like `rules.EVENT_FIELDS`."""


# -- the card catalogue --------------------------------------------------------------------------------

_CATEGORY = {1: "hydrogen", 2: "noble_gas", 6: "nonmetal", 7: "nonmetal", 8: "chalcogen"}
"""Categories of the elements that are none of the families below, by atomic number."""


def _toml(name: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    data: dict[str, Any] = tomllib.loads(text)
    return data


def _category(symbol: str, number: int, valence: int) -> str:
    if symbol in ("F", "Cl", "Br", "I"):
        return "halogen"
    if symbol in ("Li", "Na", "K"):
        return "alkali_metal"
    if symbol in ("Be", "Mg", "Ca"):
        return "alkaline_earth_metal"
    if valence == 0:
        return "noble_gas"
    return _CATEGORY.get(number, "nonmetal")


@cache
def catalogue() -> dict[str, dict[str, Any]]:
    """What a page draws on each card: element cards by symbol (name, valence, atomic number,
    category), molecule cards as `molecule:<formula>` (name, type, points; the stash shows them)."""
    cards: dict[str, dict[str, Any]] = {}
    for e in _toml("elements.toml").get("element", []):
        number = e.get("atomic_number", 0)
        valence = e.get("valence", 0)
        cards[e["symbol"]] = {"symbol": e["symbol"], "name": e["name"], "valence": valence,
                              "number": number, "category": _category(e["symbol"], number, valence)}
    data = _toml("molecules.toml")
    types = data.get("types", {})
    cards["molecule:He"] = {"kind": "molecule", "symbol": "He", "name": "helium", "type": "Helium",
                            "points": HELIUM_POINTS}
    for r in data.get("recipe", []):
        kind = types[r["type"]]
        cards[f"molecule:{r['formula']}"] = {"kind": "molecule", "symbol": r["formula"], "name": r["name"],
                                             "shown": r.get("shown", ""), "type": kind["label"],
                                             "points": kind["points"]}
    return cards


# -- the presenter -------------------------------------------------------------------------------------

class ValencePresenter:
    """The Valence presenter (see `ionarena.core.present`)."""

    def describe(self, event: Event, names: Names) -> str:
        """One event as a sentence for `names.viewer`."""
        describe = DESCRIBE.get(event.kind)
        return describe(event.data, names) if describe is not None else f"({event.kind})"

    def render(self, view: View, names: Names) -> str:
        """The table as plain text for the seat of `view`."""
        t: ValenceTable = view["table"]
        seat = view["seat"]
        actors = view["actors"]
        lines = [f"Science Ninjas: Valence ({view['variant']}) — turn {t['turn']} of at most {t['turn_cap']}"]
        for p, stash in enumerate(t["stashes"]):
            marker = "->" if p in actors else "  "
            skip = ", skips the next draw" if t["skip_draw"][p] else ""
            lines.append(f"{marker} {names(p)}: {points_text(int(view['scores'][p]))}, "
                         f"{plural(t['hand_sizes'][p], 'card')} in hand{skip}")
            for formula in stash:
                lines.append(f"     {label(formula)}  ({_kind(formula)}, "
                             f"{points_text(card_points(formula))})")
        bank = ", ".join(f"{MOLECULE_TYPES[k].label} {n} ({MOLECULE_TYPES[k].points})"
                         for k, n in t["bank"].items())
        lines.append(f"Molecule Bank (cards left, points each): {bank}")
        top = t["discard_top"]
        pile = f"{plural(t['discard_size'], 'card')}, top {top}" if top is not None else "empty"
        lines.append(f"Element Deck: {plural(t['deck_size'], 'card')}.  Discard pile: {pile}")
        if t.get("built_types") is not None:
            built = ", ".join(MOLECULE_TYPES[k].label for k in t["built_types"]) or "none yet"
            lines.append(f"Built together so far: {built} ({len(t['built_types'])} of {len(MOLECULE_TYPES)})")
        if "hand" in t:
            lines.append("Your hand: " + (" ".join(card_text(s) for s in t["hand"]) or "empty"))
        if t["placing"]:
            lines.append("To place on the discard pile: " + " ".join(t["placing"]))
        if view["over"]:
            lines.append("Game over: " + result_line(view, names))
        elif seat is not None and seat in actors:
            lines.extend(_your_move(view, t, seat))
        return "\n".join(lines)

    def summary(self, view: View, names: Names) -> str:
        """One line for chat: the turn, the reader's hand, and the cards they are placing."""
        t: ValenceTable = view["table"]
        if view["over"]:
            return "Game over: " + result_line(view, names)
        parts = [f"turn {t['turn']} of at most {t['turn_cap']}"]
        if "hand" in t:
            parts.append("your hand: " + (" ".join(card_text(s) for s in t["hand"]) or "empty"))
        if t["placing"] and view["seat"] in view["actors"]:
            parts.append("to place on the discard pile: " + " ".join(t["placing"]))
        return " · ".join(parts)

    def explain(self, event: Event) -> str:
        """The chemistry behind a build (its atoms, their valences adding up to zero, formula, name,
        ions or bonds), a reaction (its balanced equation) or Helium; "" for other events."""
        d = event.data
        if event.kind in ("build", "wrong_name"):
            return explain_molecule(d["molecule"])
        if event.kind == "react":
            return explain_reaction(d["reactor"], d["target"])
        if event.kind == "helium":
            return HELIUM_TEXT
        return ""

    def catalogue(self) -> dict[str, dict[str, Any]]:
        """The printed faces of the element and molecule cards (see `catalogue`)."""
        return catalogue()


def _your_move(view: View, t: ValenceTable, seat: int) -> list[str]:
    """What the player to move may do now, in the words they type (only what the rules allow)."""
    phase, hand = view["phase"], t["hand"]
    if phase == "draw":
        n = len(hand)
        options = [f"draw ({plural(1 if n >= 2 else 2 if n == 1 else 3, 'card')})"]
        if n >= 2 and t["discard_top"] is not None:
            options.append(f"draw discard (take the {t['discard_top']} on top of the discard pile)")
        if n:
            options.append("redraw (discard your whole hand, draw 3)")
        return ["Your move: " + " | ".join(options)]
    if phase == "place":
        return ["Your move: place X  (put your used cards on the discard pile one at a time, "
                "bottom first; the last one is the top card the next player may take)"]
    if phase == "discard":
        return ["Your move: discard X  (you hold more than 6 cards: discard down to 6)"]
    return _build_move(view["variant"], t, hand, seat)


def _build_move(variant: str, t: ValenceTable, hand: list[str], seat: int) -> list[str]:
    """The build phase's choices: the molecules the hand can build, and the moves there are."""
    lines = []
    ninja = variant == "ninja"
    # A molecule named wrongly this turn waits for the next turn (Science Ninja).
    can_build = [f for f in buildable(hand, t["bank"]) if f not in t["failed_builds"]]
    if can_build and ninja:
        # Science Ninja: the player must find the name, so only the cards are shown.
        lines.append("You can build from: " + "; ".join(" ".join(RECIPES[f].cards) for f in can_build))
    elif can_build:
        lines.append("You can build: " + "; ".join(label(f) for f in can_build))
    options = []
    if can_build:
        options.append("build <cards> as <its name>" if ninja else "build <formula>")
    if "He" in hand and not t["first_turn"]:
        options.append("helium")
    stash = t["stashes"][seat]
    if variant != "beginner":
        if any(kind_of(f) in ("acid", "water") for f in stash):
            options.append("react <your Acid or Water> <player> <their molecule>")
        if not t["traded_up"] and any(kind_of(f) == "salt" for f in stash):
            options.append("trade <your Salt>")
    options.append("end")
    first = " (first turn: no Helium yet)" if t["first_turn"] and "He" in hand else ""
    lines.append(f"Your move{first}: " + " | ".join(options))
    return lines


PRESENTER = ValencePresenter()
