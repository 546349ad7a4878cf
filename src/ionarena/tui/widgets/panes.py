"""The panes around the cards: players, the log of events, the moves, the command line, the clock."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.suggester import SuggestFromList
from textual.widgets import Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from ...core import Event, GameSpec, Names, View
from ..games.base import GameUI, Group
from .cards import set_text

BACK = "\x00back"


def seat_label(seats: Sequence[dict[str, Any]], seat: int, names: Names) -> str:
    """`Player 1 (greedy)` (the table names bots so), `ada (you)`, `Player 3 (open seat)`."""
    info = seats[seat] if seat < len(seats) else {}
    label = names(seat)
    if info.get("kind") == "open":
        label += " (open seat)"
    return label


class Players(Static):
    """Every player: who is to move (▶), name, bot or person, cards, points, and the game's notes."""

    def show(self, ui: GameUI, view: View, seats: Sequence[dict[str, Any]], names: Names) -> None:
        """Redraw from a view."""
        text = Text()
        actors = set(view.get("actors") or [])
        winners = set(view.get("winners") or []) if view.get("over") else set()
        for seat in range(view["players"]):
            if seat:
                text.append("\n")
            mark = "★ " if seat in winners else "▶ " if seat in actors else "  "
            style = "bold green" if seat == view.get("seat") else "bold" if seat in actors else ""
            text.append(mark, style="bold yellow")
            text.append(seat_label(seats, seat, names), style=style)
            text.append("  ")
            text.append_text(ui.player_line(view, seat, names))
            for note in ui.player_notes(view, seat, names):
                text.append("\n    ")
                text.append_text(note)
        set_text(self, text)


class EventLog(RichLog):
    """Every event the seat may see, in words; bots' moves highlighted, chemistry explained."""

    def __init__(self, **kwargs: Any):
        super().__init__(wrap=True, markup=False, highlight=False, min_width=20, **kwargs)
        self.explain = True

    def add(self, spec: GameSpec, event: Event, names: Names, seats: Sequence[dict[str, Any]]) -> None:
        """Write one event: `▸` and a colour for a bot's move, green for your own."""
        self.write(event_line(spec, event, names, seats))
        if self.explain:
            extra = spec.presenter.explain(event)
            if extra:
                self.write(Text("    " + extra, style="dim italic"))


def event_line(spec: GameSpec, event: Event, names: Names, seats: Sequence[dict[str, Any]]) -> Text:
    """An event as one styled line: whose move it was decides the colour."""
    words = spec.presenter.describe(event, names)
    player = event.data.get("player")
    if isinstance(player, int) and 0 <= player < len(seats):
        if player == names.viewer:
            return Text("• " + words, style="green")
        if seats[player].get("kind") == "bot":
            return Text("▸ " + words, style="cyan")
        return Text("• " + words, style="yellow")
    return Text("  " + words, style="dim" if event.kind not in ("game_end", "win", "game_over") else "bold")


class MovePicker(OptionList):
    """The legal moves in groups: choose a group (a card, a verb), then its option; Escape goes
    back. A group of one move is the move."""

    class Picked(Message):
        """A move was chosen."""

        def __init__(self, move: str):
            super().__init__()
            self.move = move

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,backspace", "back", "Back", show=False)]

    def __init__(self, **kwargs: Any):
        super().__init__(markup=False, **kwargs)
        self.groups: list[Group] = []
        self.open_group: Group | None = None
        self._shown: tuple[Any, ...] = ()

    def show(self, groups: list[Group], keep_open: bool = True) -> None:
        """Offer `groups` (the group that was open stays open if it is still there)."""
        key = self.open_group.key if self.open_group is not None and keep_open else None
        self.groups = groups
        self.open_group = next((g for g in groups if g.key == key), None)
        self._draw()

    def open(self, key: str) -> bool:
        """Open the group `key` (a card's group: `card:<card>`); False when there is none."""
        group = next((g for g in self.groups if g.key == key), None)
        if group is None:
            return False
        if group.direct:
            self.post_message(self.Picked(group.choices[0].move))
            return True
        self.open_group = group
        self._draw()
        self.focus()
        return True

    def action_back(self) -> None:
        """Back to the groups."""
        if self.open_group is not None:
            self.open_group = None
            self._draw()

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

    BINDINGS: ClassVar[list[BindingType]] = [Binding("up", "history(-1)", "Earlier", show=False),
                Binding("down", "history(1)", "Later", show=False)]

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
        cells = 20
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
