"""What a game's screen needs beyond the kernel's envelope: its cards as boxes, its moves grouped.

Each game has a `GameUI` (`games/<id>.py`): how a card of a view is drawn (`CardSpec`), how a
legal move text falls into a group (`Slot`: pick a card, then its option), which moves throw away
points and must be confirmed, the lines under each player, and the board widget. Everything is
read from the seat's view and the legal move texts, never from a game's state.

`GenericUI` serves a game without its own: each move verb is a group, the board is the
presenter's text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text

from ...core import Event, Names, View, get_spec

MANY = 8
"""A verb with more moves than this is offered as a group (pick it, then the option)."""
KEYS = 9
"""Entries the number keys reach: a longer first list folds its cards into one entry."""


@dataclass(frozen=True, slots=True)
class CardSpec:
    """One card drawn as a box: its key (the card's text in the view, which moves name), the lines
    inside, its colour class, a title and subtitle on the border, a tooltip (its full name), and
    `short`: the one line shown when the box is too low for `lines` (a small terminal)."""

    key: str
    lines: tuple[str, ...]
    classes: str = ""
    title: str = ""
    subtitle: str = ""
    tooltip: str = ""
    short: str = ""


@dataclass(slots=True)
class Row:
    """A row of the board: a caption, some cards as boxes, and words beside them."""

    caption: str
    cards: list[CardSpec]
    info: Text | None = None


@dataclass(frozen=True, slots=True)
class Slot:
    """Where one legal move goes: its group (key and label), its own label in that group, and the
    hand card the group belongs to (clicking that card opens the group)."""

    group: str
    label: str
    option: str
    card: str | None = None


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal move as offered: the text sent to the table, the words shown, and the hand card
    it plays (when it is that card's one move)."""

    move: str
    label: str
    card: str | None = None


@dataclass(slots=True)
class Group:
    """Moves offered together: one entry at the first level, its choices at the second."""

    key: str
    label: str
    card: str | None = None
    choices: list[Choice] = field(default_factory=list)

    @property
    def direct(self) -> bool:
        """A group of one move is made at once."""
        return len(self.choices) == 1


def fold_cards(groups: list[Group]) -> list[Group]:
    """More entries than the number keys reach: the cards that have one move each become one
    entry (`pick a card …`), in the place of the first of them."""
    single = [g for g in groups if g.card is not None and g.direct]
    if len(groups) <= KEYS or len(single) < 2:
        return groups
    verb = single[0].label.split(" ", 1)[0]
    folded = Group("cards", f"{verb} a card …", None,
                   [Choice(g.choices[0].move, g.label, g.card) for g in single])
    first = groups.index(single[0])
    rest = [g for g in groups if g not in single]
    return [*rest[:first], folded, *rest[first:]]


class GameUI:
    """A game's screen parts (see the module docstring); the defaults suit any game."""

    game = ""
    board_class = "board-generic"

    def __init__(self, game: str):
        self.game = game
        self.spec = get_spec(game)

    # -- moves --------------------------------------------------------------------------------------

    def classify(self, move: str, view: View, names: Names) -> Slot:
        """The group of a legal move text (default: the move itself)."""
        return Slot(move, move, move)

    def confirm(self, move: str, view: View, legal: Sequence[str]) -> str | None:
        """A question to confirm before `move` is sent (it throws away points), or None."""
        return None

    def group(self, legal: Sequence[str], view: View, names: Names) -> list[Group]:
        """The legal moves in groups, in the order the game lists them; a verb with many moves
        that the game does not group itself becomes one group."""
        slots = [(move, self.classify(move, view, names)) for move in legal]
        verbs: dict[str, int] = {}
        for move, slot in slots:
            if slot.group == move:
                verbs[move.split(" ", 1)[0]] = verbs.get(move.split(" ", 1)[0], 0) + 1
        groups: dict[str, Group] = {}
        for move, slot in slots:
            verb = move.split(" ", 1)[0]
            if slot.group == move and verbs.get(verb, 0) > MANY:
                slot = Slot(f"verb:{verb}", f"{verb} …", move.split(" ", 1)[1] if " " in move else move)
            group = groups.get(slot.group)
            if group is None:
                group = groups[slot.group] = Group(slot.group, slot.label, slot.card)
            group.choices.append(Choice(move, slot.option))
        return fold_cards(list(groups.values()))

    def group_heading(self, group: Group) -> str:
        """The heading over a group's choices while it is open (what it asks)."""
        return group.label.removesuffix(" …").removesuffix("…").rstrip() + ":"

    def can_start(self, view: View) -> bool:
        """True where the person may start a game waiting in its lobby (`start`)."""
        return False

    # -- drawing ------------------------------------------------------------------------------------

    def hand(self, view: View) -> list[CardSpec]:
        """The seat's own cards, as boxes (default: none)."""
        return []

    def status(self, view: View, names: Names) -> str:
        """One line under the title: the round, deal or phase."""
        return f"phase: {view.get('phase')}"

    def player_line(self, view: View, seat: int, names: Names) -> Text:
        """What the players pane says of `seat` after its name (cards, points)."""
        t = view.get("table", {})
        sizes = t.get("hand_sizes")
        parts = []
        if isinstance(sizes, list) and seat < len(sizes):
            parts.append(f"{sizes[seat]} cards")
        scores = view.get("scores") or []
        if seat < len(scores):
            parts.append(f"{scores[seat]:g} pts")
        return Text("  ".join(parts))

    def player_notes(self, view: View, seat: int, names: Names) -> list[Text]:
        """Lines under a player (their compounds, stash, objects ...)."""
        return []

    def went_on(self, before: View, after: View) -> str | None:
        """What the game did by itself after the seat's move, when that leaves a new list of moves
        under a finger that meant to press again (e.g. the last card placed by itself); None when
        it did nothing of the kind. The screen then ignores the number keys for a moment."""
        return None

    def event_notes(self, events: Sequence[Event], before: View, after: View) -> dict[int, str]:
        """Words to add to some of `events` (by index) that only the change from the seat's view
        `before` to `after` tells, e.g. which cards a draw brought (default: none)."""
        return {}

    def player_summary(self, view: View, seat: int, names: Names) -> Text | None:
        """The notes of another player in a few words, for a small terminal (None: the notes
        themselves)."""
        return None

    def board(self, view: View, names: Names) -> list[Any]:
        """The middle of the table: `Row`s of card boxes and words, or renderables (`Text`)."""
        return [Text(self.spec.presenter.render(view, names))]

    def moves_hint(self, view: View) -> str:
        """What the seat is asked to do now, in a few words."""
        return "Your move"


class GenericUI(GameUI):
    """Any game: the presenter's text and each verb a group."""


__all__ = ["KEYS", "MANY", "CardSpec", "Choice", "GameUI", "GenericUI", "Group", "Row", "Slot", "fold_cards"]
