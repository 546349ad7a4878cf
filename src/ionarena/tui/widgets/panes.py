"""The panes around the cards: players, the log of events, the moves, the command line, the clock."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.console import Group as Stack
from rich.console import RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.suggester import SuggestFromList
from textual.widgets import Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from ...core import Event, GameSpec, Names, View
from ...host.seats import PublicSeat
from ..games.base import GameUI, Group
from .cards import set_text

BACK = "\x00back"
MINE, BOTS, OTHERS = "• ", "▸ ", "◦ "
"""How the log marks a move: yours, a bot's, another person's (hot-seat, an open seat)."""


def seat_label(seats: Sequence[PublicSeat], seat: int, names: Names) -> str:
    """`Player 1 (greedy)` (the table names bots so), `ada (you)`, `Player 3 (open seat)`."""
    label = names(seat)
    if seat < len(seats) and seats[seat]["kind"] == "open":
        label += " (open seat)"
    return label


class Players(Static):
    """Every player: who is to move (▶), name, bot or person, cards, points, and the game's notes.
    What follows a name wraps under itself, and notes under the name, so a narrow pane stays
    readable."""

    _shown_key: tuple[Any, ...] = ()
    plain = ""
    """What the pane says, as plain text (one line per player, then each note)."""
    drawn: tuple[GameUI, View, Sequence[PublicSeat], Names] | None = None
    """What was drawn last (to draw it again, e.g. on the players screen)."""

    def show(self, ui: GameUI, view: View, seats: Sequence[PublicSeat], names: Names, *,
             compact: bool = False) -> None:
        """Redraw from a view; `compact`: the others' notes as one summary each (a small terminal)."""
        self.drawn = (ui, view, seats, names)
        actors = set(view.get("actors") or [])
        winners = set(view.get("winners") or []) if view.get("over") else set()
        parts: list[RenderableType] = []
        plain: list[str] = []
        for seat in range(view["players"]):
            mark = "★ " if seat in winners else "▶ " if seat in actors else "  "
            style = "bold green" if seat == view.get("seat") else "bold" if seat in actors else ""
            who = Text()
            who.append(mark, style="bold yellow")
            who.append(seat_label(seats, seat, names), style=style)
            row = Table.grid(padding=(0, 1))
            row.add_column(no_wrap=True)
            row.add_column(ratio=1)
            line = ui.player_line(view, seat, names)
            summary = ui.player_summary(view, seat, names) if compact and seat != view.get("seat") else None
            if summary is not None:
                line = Text.assemble(line, "  ", summary) if summary.plain else line
            row.add_row(who, line)
            parts.append(row)
            plain.append(f"{who.plain} {line.plain}")
            notes = ui.player_notes(view, seat, names) if summary is None else []
            if notes:
                parts.append(Padding(Text("\n").join(notes), (0, 0, 0, 4)))
                plain += ["    " + note.plain for note in notes]
        self.plain = "\n".join(plain)
        key = tuple((type(p).__name__, _plain(p)) for p in parts)
        if key != self._shown_key:
            self._shown_key = key
            self.update(Stack(*parts))


def _plain(part: RenderableType) -> str:
    """Enough of a players-pane part to tell whether it changed."""
    if isinstance(part, Padding):
        renderable = part.renderable
        return renderable.plain + repr(renderable.spans) if isinstance(renderable, Text) else repr(renderable)
    if isinstance(part, Table):
        return "|".join(c.plain + repr(c.spans) for column in part.columns for c in column.cells
                        if isinstance(c, Text))
    return repr(part)


class EventLog(RichLog):
    """Every event the seat may see, in words; bots' moves highlighted, chemistry explained. The
    lines are kept, so they wrap again to the pane's width when it changes (a resized terminal)."""

    def __init__(self, **kwargs: Any):
        super().__init__(wrap=True, markup=False, highlight=False, min_width=10, **kwargs)
        self.explain = True
        self.entries: list[tuple[Event, Text, Text | None]] = []
        """Each event with its line and its chemistry (None: none)."""
        self._width = 0

    def add(self, spec: GameSpec, event: Event, names: Names, seats: Sequence[PublicSeat],
            note: str | None = None) -> None:
        """Write one event: `▸` and a colour for a bot's move, `•` in green for your own; `note`
        (what the screen knows besides, e.g. the cards a draw brought) after it."""
        extra = spec.presenter.explain(event)
        line = event_line(spec, event, names, seats)
        if note:
            line.append(f" ({note})", style="bold")
        entry = (event, line,
                 Text("    " + extra, style="dim italic") if extra else None)
        self.entries.append(entry)
        self._write(entry)

    def reset(self) -> None:
        """Forget every line."""
        self.entries = []
        self.clear()

    def set_explain(self, on: bool) -> None:
        """Chemistry explanations on or off (the log is written again)."""
        self.explain = on
        self.rewrite()

    def rewrite(self) -> None:
        """Write every kept line again (at the pane's width now)."""
        self.clear()
        self._width = self.scrollable_content_region.width
        for entry in self.entries:
            self._write(entry)

    @property
    def events(self) -> list[Event]:
        """Every event in the log, oldest first."""
        return [entry[0] for entry in self.entries]

    def _write(self, entry: tuple[Event, Text, Text | None]) -> None:
        _, line, extra = entry
        self.write(line)
        if extra is not None and self.explain:
            self.write(extra)

    def on_resize(self, event: Any) -> None:
        """Wrap the lines again when the pane's width changed."""
        width = self.scrollable_content_region.width
        if self._size_known and width != self._width and self.entries:
            self.rewrite()
        self._width = width


def event_line(spec: GameSpec, event: Event, names: Names, seats: Sequence[PublicSeat]) -> Text:
    """An event as one styled line: whose move it was decides the colour."""
    words = spec.presenter.describe(event, names)
    player = event.data.get("player")
    if isinstance(player, int) and 0 <= player < len(seats):
        if player == names.viewer:
            return Text(MINE + words, style="green")
        if seats[player].get("kind") == "bot":
            return Text(BOTS + words, style="cyan")
        return Text(OTHERS + words, style="yellow")
    return Text("  " + words, style="dim" if event.kind not in ("game_end", "win", "game_over") else "bold")


class MovePicker(OptionList):
    """The legal moves in groups: choose a group (a card, a verb), then its option; Escape goes
    back. A group of one move is the move."""

    class Picked(Message):
        """A move was chosen."""

        def __init__(self, move: str):
            super().__init__()
            self.move = move

    class Opened(Message):
        """A group was opened (`group`) or closed (None)."""

        def __init__(self, group: Group | None):
            super().__init__()
            self.group = group

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,backspace", "back", "Back", show=False)]

    def __init__(self, **kwargs: Any):
        super().__init__(markup=False, **kwargs)
        self.groups: list[Group] = []
        self.open_group: Group | None = None
        self._shown: tuple[Any, ...] = ()

    def show(self, groups: list[Group], keep_open: bool = True) -> None:
        """Offer `groups` (the group that was open stays open if it is still there)."""
        key = self.open_group.key if self.open_group is not None and keep_open else None
        was = self.open_group
        self.groups = groups
        self.open_group = next((g for g in groups if g.key == key), None)
        self._draw()
        if (was is None) != (self.open_group is None):
            self.post_message(self.Opened(self.open_group))

    def open(self, key: str) -> bool:
        """Open the group `key` (a card's group: `card:<card>`); False when there is none."""
        group = next((g for g in self.groups if g.key == key), None)
        if group is None and key.startswith("card:"):  # a card folded into a longer list's entry
            card = key.removeprefix("card:")
            choice = next((c for g in self.groups for c in g.choices if c.card == card), None)
            if choice is not None:
                self.post_message(self.Picked(choice.move))
                return True
        if group is None:
            return False
        if group.direct:
            self.post_message(self.Picked(group.choices[0].move))
            return True
        self.open_group = group
        self._draw()
        self.focus()
        self.post_message(self.Opened(group))
        return True

    def action_back(self) -> None:
        """Back to the groups."""
        if self.open_group is not None:
            self.open_group = None
            self._draw()
            self.post_message(self.Opened(None))

    def _draw(self) -> None:
        if self.open_group is not None:
            group = self.open_group
            shown: tuple[Any, ...] = ("open", group.key, tuple(group.choices))
            options = [Option(Text("‹ back", style="dim"), id=BACK)]
            options += [Option(Text(f"{i}. {c.label}"), id=f"m{i}") for i, c in enumerate(group.choices, 1)]
        else:
            shown = ("groups", tuple((g.key, g.label, len(g.choices)) for g in self.groups))
            options = []
            for i, group in enumerate(self.groups, 1):
                label = Text(f"{i}. {group.label}")
                if not group.direct:
                    label.append(f"  ({len(group.choices)}) ›", style="dim")
                options.append(Option(label, id=f"g{i}"))
        if shown == self._shown:
            return
        self._shown = shown
        self.set_options(options)
        if options:
            self.highlighted = 1 if self.open_group is not None and len(options) > 1 else 0

    def choose_number(self, number: int) -> bool:
        """The `number`-th entry of the list as shown (1-based); False when there is none."""
        if self.open_group is not None:
            if 1 <= number <= len(self.open_group.choices):
                self.post_message(self.Picked(self.open_group.choices[number - 1].move))
                return True
            return False
        if 1 <= number <= len(self.groups):
            return self.open(self.groups[number - 1].key)
        return False

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter or a click on an entry."""
        event.stop()
        option_id = event.option.id or ""
        if option_id == BACK:
            self.action_back()
        elif option_id.startswith("m") and self.open_group is not None:
            self.post_message(self.Picked(self.open_group.choices[int(option_id[1:]) - 1].move))
        elif option_id.startswith("g"):
            self.open(self.groups[int(option_id[1:]) - 1].key)


class CommandLine(Input):
    """Type a move: completion from the legal moves (→ accepts it), ↑/↓ for the moves typed before."""

    class Left(Message):
        """Escape: the person leaves the command line (the one-key shortcuts work again)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("up", "history(-1)", "Earlier", show=False),
                Binding("down", "history(1)", "Later", show=False),
                Binding("escape", "leave_line", "Leave the line", show=False)]

    def __init__(self, **kwargs: Any):
        super().__init__(placeholder="type a move (→ completes)", **kwargs)
        self.history: list[str] = []
        self._at = 0

    def offer(self, moves: Sequence[str]) -> None:
        """Complete from these moves (and the words of the game's help)."""
        self.suggester = SuggestFromList(list(moves), case_sensitive=False)

    def remember(self, text: str) -> None:
        """Keep a typed line for ↑."""
        if text and (not self.history or self.history[-1] != text):
            self.history.append(text)
        self._at = len(self.history)

    def action_leave_line(self) -> None:
        """Give the keyboard back to the table (what was typed stays)."""
        self.post_message(self.Left())

    def action_history(self, delta: int) -> None:
        """Step through the lines typed before."""
        if not self.history:
            return
        self._at = max(0, min(len(self.history), self._at + delta))
        self.value = self.history[self._at] if self._at < len(self.history) else ""
        self.cursor_position = len(self.value)


class MoveClock(Static):
    """The time left to move (a timed game's clock), as seconds and a shrinking bar."""

    def __init__(self, clock: Callable[[], float], **kwargs: Any):
        super().__init__("", **kwargs)
        self.clock = clock
        self.deadline: float | None = None
        self.total: float = 3.0
        self.mine = False
        self.what = ""
        self._ticking: Any = None

    def set(self, deadline: float | None, total: float, mine: bool, what: str) -> None:
        """A new deadline (on the table's clock); `total` is the clock's full length. The clock
        ticks ten times a second while there is a deadline."""
        self.deadline, self.total, self.mine, self.what = deadline, max(0.1, total), mine, what
        if deadline is not None and self._ticking is None:
            self._ticking = self.set_interval(0.1, self.tick)
        self.tick()

    def tick(self) -> None:
        """Redraw the time left."""
        if self.deadline is None:
            set_text(self, "")
            self.set_class(False, "urgent")
            return
        left = max(0.0, self.deadline - self.clock())
        room = self.content_size.width or 40  # the seconds always fit: the bar takes what is left
        cells = max(4, min(20, room - len(self.what) - 8))
        filled = round(cells * min(1.0, left / self.total))
        style = "bold red" if self.mine and left < 1.0 else "bold yellow" if self.mine else "cyan"
        text = Text()
        text.append(f"{self.what} ", style="bold")
        text.append("█" * filled, style=style)
        text.append("░" * (cells - filled), style="dim")
        text.append(f" {left:4.1f} s", style=style)
        self.set_class(self.mine and left < 1.0, "urgent")
        set_text(self, text)


__all__ = ["CommandLine", "EventLog", "MoveClock", "MovePicker", "Players", "event_line", "seat_label"]
