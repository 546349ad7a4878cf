"""Words for people: the dots table and its events as plain text (terminal, IRC, the web's log), and
the catalogue of card faces every surface draws from (kind, dots, name, points, colour).

Reads only a seat's view and events, so it can show nothing that seat may not see.
"""

from __future__ import annotations

from functools import cache
from typing import TypedDict

from ionarena.core import Event, Names, View
from ionarena.core.present import Describe, Fields, plural, result_line

from .cards import DOTS, FACE_BY_TEXT, KIND, KIND_NAMES, KIND_TOKENS, NUM_FACES, POINTS, TEXT, face_name
from .views import DotsTable


def card_name(text: str | None) -> str:
    """A card's text (`block 3|6`) as a person reads it (`Block 3|6`)."""
    if text is None:
        return "a card"
    face = FACE_BY_TEXT.get(text)
    return face_name(face) if face is not None else text


def _match_text(values: list[int]) -> str:
    return " or ".join(map(str, values)) if values else "the number the dealer names"


# -- events, one sentence each ---------------------------------------------------------------------

def _deal(d: Fields, names: Names) -> str:
    return f"Deal {d['deal']}: {names(d['dealer'])} deals and turns up {card_name(d['card'])}."


def _play(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} plays {card_name(d['card'])}."


def _double_joker(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} plays a Double Joker and names {d['number']}."


def _gift(d: Fields, names: Names) -> str:
    if "card" in d:
        return f"{names(d['player'])} gives {names(d['to'])} {card_name(d['card'])}."
    return f"{names(d['player'])} gives {names(d['to'])} a card."


def _gift_back(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} blocks the Gift and gives the card back to {names(d['to'])}."


def _draw(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} draws {plural(d['count'], 'card')}."


def _pass(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} cannot play or draw and passes."


def _block_draw(d: Fields, names: Names) -> str:
    # the Block itself is told by the `play` event that follows
    return f"{names(d['player'])} blocks the draw and takes no cards."


def _must_draw(d: Fields, names: Names) -> str:
    return (f"{names(d['player'])} must take {plural(d['count'], 'card')} "
            "(or answer with a matching Block).")


def _takes(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} takes {plural(d['count'], 'card')}."


def _skip(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} loses the turn (No Play)."


def _name(d: Fields, names: Names) -> str:
    return f"{names(d['player'])} names {d['number']} for the starting Double Joker."


def _reshuffle(d: Fields, names: Names) -> str:
    return f"The played cards are shuffled into a new draw pile of {plural(d['count'], 'card')}."


def _turn_cap(d: Fields, names: Names) -> str:
    if d["player"] is None:
        return f"The turn cap is reached; the lowest hands are tied at {d['points']} points."
    return f"The turn cap is reached; {names(d['player'])} holds the lowest hand ({d['points']} points)."


def _deal_end(d: Fields, names: Names) -> str:
    if d["player"] is None:
        return "Nobody scores this deal."
    return f"{names(d['player'])} wins the deal and scores {d['points']} points."


def _game_end(d: Fields, names: Names) -> str:
    if d["player"] is None:
        return "The game ends in a draw."
    return f"{names(d['player'])} wins the game with {d['points']} points."


DESCRIBE: dict[str, Describe] = {
    "deal": _deal, "play": _play, "double_joker": _double_joker, "gift": _gift, "gift_back": _gift_back,
    "draw": _draw, "pass": _pass, "block_draw": _block_draw, "must_draw": _must_draw, "takes": _takes,
    "skip": _skip, "name": _name, "reshuffle": _reshuffle, "turn_cap": _turn_cap, "deal_end": _deal_end,
    "game_end": _game_end,
}
"""One sentence per event kind, keyed like `rules.EVENT_FIELDS`."""


# -- the card catalogue ------------------------------------------------------------------------------

class CardFace(TypedDict):
    """A card as every surface draws it (`catalogue`)."""

    kind: str
    """The kind's word in the card's text: `number`, `+1`, `block`, `joker`, `dj`, ..."""
    dots: list[int]
    """Its dot zones (one for a Joker, none for a Double Joker)."""
    name: str
    """What a person calls it: `3|6`, `Block 3|6`, `New Game +5 1|6`, `Double Joker`."""
    kind_name: str
    points: int
    colour: str
    """The kind's colour group: `number`, `plus` (+1, +3), `plus5`, `block`, `gift`, `again`,
    `prev`, `noplay`, `shift`, `joker`, `dj`."""
    label: str
    """The kind as printed across an action card (`Prev +1`); "" on number cards."""
    short: str
    """The kind in as few letters as fit a terminal card's border (`Prev+1`, `D.Joker`)."""
    help: str
    """What the card does, in one line."""


_KIND_WORDS: dict[str, tuple[str, str, str, str]] = {
    # kind word: (colour, label, short, help)
    "number": ("number", "", "", "number card"),
    "+1": ("plus", "+1", "+1", "+1: the next player takes 1"),
    "+3": ("plus", "+3", "+3", "+3: the next player takes 3"),
    "+5": ("plus5", "New +5", "+5", "New Game +5: the next player takes 5"),
    "block": ("block", "Block", "Block", "Block: answers a +1/+3/+5"),
    "gift": ("gift", "Gift", "Gift", "Gift: give a card to the next player (a last card only)"),
    "again": ("again", "Again", "Again", "Play Again: play another card"),
    "prev+1": ("prev", "Prev +1", "Prev+1", "Previous Player +1"),
    "prev+3": ("prev", "Prev +3", "Prev+3", "Previous Player +3"),
    "noplay": ("noplay", "No Play", "NoPlay", "No Play: the next player loses the turn"),
    "shift": ("shift", "Shift", "Shift", "Shift: play changes direction"),
    "joker": ("joker", "Joker", "Joker", "Joker: matches anything"),
    "dj": ("dj", "Double Joker", "D.Joker", "Double Joker: matches anything, names the number"),
}
"""How each kind is drawn and worded (its rules and names come from the deck's data file)."""


@cache
def catalogue() -> dict[str, CardFace]:
    """Every card face of the deck by its text (`block 3|6`), as the surfaces draw it."""
    faces: dict[str, CardFace] = {}
    for face in range(NUM_FACES):
        token = KIND_TOKENS[KIND[face]]
        colour, label, short, help_text = _KIND_WORDS[token]
        if token == "number":
            help_text = f"number card {TEXT[face]}"
        faces[TEXT[face]] = {"kind": token, "dots": list(DOTS[face]), "name": face_name(face),
                             "kind_name": KIND_NAMES[KIND[face]], "points": POINTS[face],
                             "colour": colour, "label": label, "short": short, "help": help_text}
    return faces


# -- the presenter -----------------------------------------------------------------------------------

class DotsPresenter:
    """The dots presenter (see `ionarena.core.present`)."""

    def describe(self, event: Event, names: Names) -> str:
        """One event as a sentence for `names.viewer`."""
        describe = DESCRIBE.get(event.kind)
        return describe(event.data, names) if describe is not None else f"({event.kind})"

    def render(self, view: View, names: Names) -> str:
        """The table as plain text for the seat of `view`."""
        t: DotsTable = view["table"]
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

    def summary(self, view: View, names: Names) -> str:
        """One line for chat: the card to match, what the reader must answer, their hand (as
        they type the cards)."""
        t: DotsTable = view["table"]
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

    def catalogue(self) -> dict[str, CardFace]:
        """Every card face by its text (see `catalogue`)."""
        return catalogue()


PRESENTER = DotsPresenter()
