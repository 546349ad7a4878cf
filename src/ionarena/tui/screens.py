"""The screens: the table (one per game, from its `GameUI`), and the small ones on top of it —
pass the keyboard, confirm a move, the rules, the end of the game."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.markdown import Markdown as RichMarkdown
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Static

from ..core import Event, Names
from ..host import Update
from ..host.seats import PublicSeat
from .games.base import CardSpec, GameUI, Group
from .widgets.cards import Board, CardBox, Hand, set_text
from .widgets.panes import CommandLine, EventLog, MoveClock, MovePicker, Players

HOLD = 0.6
"""Seconds the moves list ignores a pick after the game went on by itself (`GameUI.went_on`)."""


class TableScreen(Screen[None]):
    """One seat's table: players, board, hand, moves, command line and the log of events."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "rules", "Rules"),
        Binding("e", "explain", "Chemistry", show=False),
        Binding("m", "go('moves')", "Moves"),
        Binding("h", "go('hand')", "Hand"),
        Binding("slash,colon", "go('command')", "Type"),
        Binding("l", "go('log')", "Log", show=False),
        Binding("p", "players", "Players"),
        Binding("q", "leave", "Quit"),
        *[Binding(str(n), f"number({n})", show=False) for n in range(1, 10)],
    ]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]  # noqa: RUF012 (Textual's own attribute)
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]  # noqa: RUF012
    """A terminal under 100 columns or 30 lines (80×24) gets the small layout (`ion.tcss`)."""

    class Move(Message):
        """The person chose a move (or typed a line) at this screen."""

        def __init__(self, text: str, typed: bool):
            super().__init__()
            self.text = text
            self.typed = typed

    def __init__(self, ui: GameUI, *, clock: Callable[[], float] | None = None, interactive: bool = True):
        super().__init__(classes=f"table game-{ui.game}")
        self.ui = ui
        self.clock = clock or (lambda: 0.0)
        self.interactive = interactive
        self.update_shown: Update | None = None
        self.groups: list[Group] = []
        self._hand_shown: tuple[list[CardSpec], set[str] | None] = ([], None)
        self.event_log = EventLog(id="log")
        self.hold = HOLD
        self.hold_until = 0.0
        """Until then (time.monotonic) a picked move is not sent: the game just went on by itself."""

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                with VerticalScroll(id="players-pane"):
                    yield Players(id="players")
                yield Board(id="board", classes=self.ui.board_class)
                yield Static(id="hand-caption")
                yield Hand(id="hand")
            with Vertical(id="right"):
                yield Static(id="moves-caption")
                yield MoveClock(self.clock, id="clock")
                yield MovePicker(id="moves")
                yield CommandLine(id="command")
                yield self.event_log
        yield Static(id="message")
        yield Footer()

    @property
    def logged(self) -> list[Event]:
        """Every event in the log."""
        return self.event_log.events

    # -- drawing ------------------------------------------------------------------------------------

    async def show(self, update: Update, events: Sequence[Event], *, reset_log: bool,
                   title: str = "") -> None:
        """Draw `update`; `events` are the log's new lines (all of them when `reset_log`)."""
        before = self.update_shown
        self.update_shown = update
        view = update.view
        names = Names(update.seat, update.names)
        ui = self.ui
        spec = ui.spec
        head = Text()
        head.append(spec.title, style="bold")
        head.append(f"  ·  {view['variant']} · {view['players']} players")
        if update.seat is not None:
            head.append(" · you are " if self.interactive else " · seen by ")
            head.append(names.plain(update.seat), style="bold green")
        if title:
            head.append(f"  {title}", style="dim")
        head.append("\n")
        head.append(ui.status(view, names), style="italic")
        set_text(self.query_one("#title", Static), head)
        self.query_one("#players", Players).show(ui, view, update.seats, names,
                                                 compact=self.has_class("-short"))
        await self.query_one("#board", Board).show(ui.board(view, names))
        picker = self.query_one("#moves", MovePicker)
        mine = bool(self.interactive and update.legal and not update.over)
        self.groups = ui.group(update.legal, view, names) if mine else []
        picker.show(self.groups)
        playable = {g.card for g in self.groups if g.card is not None} | \
            {c.card for g in self.groups for c in g.choices if c.card is not None}
        chosen = picker.open_group.card if picker.open_group is not None else None
        cards = ui.hand(view)
        set_text(self.query_one("#hand-caption", Static), self._hand_caption(update, bool(cards), mine))
        self._hand_shown = (cards, playable if mine else None)
        await self.query_one("#hand", Hand).show(cards, playable if mine else None, chosen)
        self._caption()
        self.query_one("#command", CommandLine).offer(update.legal)
        self._show_clock(update, names, mine)
        log = self.query_one("#log", EventLog)
        if reset_log:
            log.reset()
        same_seat = not reset_log and before is not None and before.seat == update.seat
        notes = ui.event_notes(events, before.view, view) if same_seat and before is not None else {}
        went_on = ui.went_on(before.view, view) if same_seat and before is not None and mine else None
        if went_on is not None:  # a key pressed again at once must not act on the new list
            self.hold_until = time.monotonic() + self.hold
            self.say(went_on)
        for index, event in enumerate(events):
            log.add(spec, event, names, update.seats, notes.get(index))

    def _caption(self) -> None:
        """The heading over the moves: what to do now, what the open group asks, or who moves."""
        update = self.update_shown
        if update is None:
            return
        names = Names(update.seat, update.names)
        mine = bool(self.interactive and update.legal and not update.over)
        group = self.query_one("#moves", MovePicker).open_group
        if mine and group is not None:
            text = Text(self.ui.group_heading(group), style="bold green")
            text.append("  Esc: back", style="dim")
        else:
            text = self._moves_caption(update, names, mine)
        set_text(self.query_one("#moves-caption", Static), text)

    async def on_move_picker_opened(self, message: MovePicker.Opened) -> None:
        """A group of moves was opened or closed: the heading says what it asks, and the hand
        marks its card."""
        self._caption()
        cards, playable = self._hand_shown
        group = message.group
        await self.query_one("#hand", Hand).show(cards, playable, group.card if group is not None else None)

    def _hand_caption(self, update: Update, any_cards: bool, mine: bool) -> Text:
        if update.seat is None:
            return Text("")
        text = Text()
        text.append("Your hand", style="bold")
        if mine and any_cards:
            text.append("  ← → choose · Enter plays", style="dim")
        return text

    def _moves_caption(self, update: Update, names: Names, mine: bool) -> Text:
        view = update.view
        if update.over:
            return Text("The game is over.", style="bold")
        if mine:
            return Text(self.ui.moves_hint(view), style="bold green")
        actors = [a for a in update.actors if a != update.seat]
        if update.status == "waiting":
            return Text("Waiting for the game to start…", style="dim")
        if not actors:
            return Text("")
        if not self.interactive:  # a replay: nobody is waiting, the step shows who moves
            return Text(f"{names.list(actors)} to move", style="dim")
        return Text(f"Waiting for {names.list(actors)}…", style="dim")

    def _show_clock(self, update: Update, names: Names, mine: bool) -> None:
        clock = self.query_one("#clock", MoveClock)
        view = update.view
        if update.deadline is None or update.over or view.get("now") is None:
            clock.set(None, 1.0, False, "")
            if clock.display:
                clock.display = False
            return
        if not clock.display:
            clock.display = True
        t = view.get("table", {})
        total = float(t.get("move_time") or 3.0) if view.get("phase") == "play" else \
            max(0.1, float(view["deadline"] or 0.0) - float(view["now"] or 0.0))
        if view.get("phase") == "play" and update.actors:
            what = "Your move" if mine else f"{names(update.actors[0])}"
        else:
            what = str(view.get("phase", "")).capitalize()
        clock.set(update.deadline, total, mine, what)

    # -- input --------------------------------------------------------------------------------------

    def on_mount(self) -> None:
        if not self.interactive:
            self.query_one("#command", CommandLine).display = False
            self.query_one("#moves", MovePicker).display = False

    def on_card_box_chosen(self, message: CardBox.Chosen) -> None:
        """A card in the hand opens its group of moves (or makes its one move)."""
        if message.box.parent is None or message.box.parent.id != "hand":
            return
        picker = self.query_one("#moves", MovePicker)
        if not picker.open(f"card:{message.key}"):
            self.say(f"{message.key} cannot be played now.", error=True)

    def on_move_picker_picked(self, message: MovePicker.Picked) -> None:
        """A move from the list (not in the moment after the game went on by itself)."""
        if time.monotonic() < self.hold_until:
            self.say("The moves changed: look, then choose again.", error=True)
            return
        self.post_message(self.Move(message.move, typed=False))

    def on_input_submitted(self, message: CommandLine.Submitted) -> None:
        """A typed line: a number picks from the list, anything else goes to the app."""
        text = message.value.strip()
        line = self.query_one("#command", CommandLine)
        line.value = ""
        if not text:
            return
        line.remember(text)
        if text.isdigit():
            if not self.query_one("#moves", MovePicker).choose_number(int(text)):
                self.say(f"There is no entry {text} in the list.", error=True)
            return
        self.post_message(self.Move(text, typed=True))

    def on_command_line_left(self, message: CommandLine.Left) -> None:
        """Escape on the command line: the moves list (or nothing) has the keyboard again."""
        picker = self.query_one("#moves", MovePicker)
        self.set_focus(picker if picker.display and picker.option_count else None)

    def action_number(self, number: int) -> None:
        """The `number`-th entry of the moves list."""
        if isinstance(self.app.focused, CommandLine):
            return
        self.query_one("#moves", MovePicker).choose_number(number)

    def say(self, text: str, *, error: bool = False) -> None:
        """One line at the bottom: what happened, or why a move was refused."""
        set_text(self.query_one("#message", Static), Text(text, style="bold red" if error else "yellow"))

    def action_go(self, target: str) -> None:
        """Focus the moves, the hand, the command line or the log."""
        widget = self.query_one(f"#{target}")
        if target == "hand":
            boxes = [b for b in widget.query(CardBox) if b.playable] or list(widget.query(CardBox))
            if boxes:
                boxes[0].focus()
            return
        widget.focus()

    def action_explain(self) -> None:
        """Chemistry explanations in the log on or off."""
        log = self.query_one("#log", EventLog)
        log.set_explain(not log.explain)
        self.say("Chemistry explanations " + ("on." if log.explain else "off."))

    def on_resize(self) -> None:
        """A terminal that grows or shrinks past a breakpoint: the players pane follows."""
        self.call_after_refresh(self._redraw_players)

    def _redraw_players(self) -> None:
        players = self.query_one("#players", Players)
        if players.drawn is not None:
            players.show(*players.drawn, compact=self.has_class("-short"))
        self.query_one("#hand", Hand).refit()

    def action_players(self) -> None:
        """Every player with all their notes, on a screen of its own."""
        players = self.query_one("#players", Players)
        if players.drawn is not None:
            self.app.push_screen(PlayersScreen(players.drawn))

    def action_rules(self) -> None:
        """The rules pane."""
        self.app.push_screen(RulesScreen(self.ui.game))

    def action_leave(self) -> None:
        """Leave (asks first while the game is on)."""
        update = self.update_shown
        if update is None or update.over or not self.interactive:
            self.app.exit()
            return
        if isinstance(self.app.screen, LeaveScreen):  # asked already: Ctrl-C twice leaves
            self.app.exit()
            return

        def done(yes: bool | None) -> None:
            if yes:
                self.app.exit()

        self.app.push_screen(LeaveScreen(), done)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question (y / n, Enter / Escape)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("y", "answer(True)", "Yes"),
                                             Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str):
        super().__init__(classes="dialog-screen")
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.question), classes="question")
            with Horizontal(classes="buttons"):
                yield Button("Yes (y)", id="yes", variant="warning")
                yield Button("No (n)", id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        """Answer."""
        self.dismiss(yes)


class LeaveScreen(ConfirmScreen):
    """Leave the game? (`q`, Ctrl-C; Ctrl-C again leaves.)"""

    def __init__(self) -> None:
        super().__init__("Leave the game? It is saved as abandoned; a bot does not play on for you. "
                         "(Ctrl-C again: leave.)")


class PassScreen(ModalScreen[None]):
    """Hot-seat: the table is hidden until the next person has the keyboard."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "ready", "Ready")]

    def __init__(self, name: str):
        super().__init__(classes="pass-screen")
        self.person = name

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog pass"):
            yield Static(Text.assemble(("Pass the keyboard to ", ""), (self.person, "bold green"), ".",
                                       justify="center"), classes="question")
            yield Static(Text("Everyone else, look away: their hand is shown next.", style="dim",
                              justify="center"))
            yield Button(f"I am {self.person} (Enter)", id="ready", variant="success")

    def on_mount(self) -> None:
        self.query_one("#ready", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_ready(self) -> None:
        """The next person has the keyboard."""
        self.dismiss(None)


class PlayersScreen(ModalScreen[None]):
    """Every player in full (`p`): what a small terminal's players pane sums up."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,p", "close", "Close")]

    def __init__(self, drawn: tuple[GameUI, Any, Sequence[PublicSeat], Names]):
        super().__init__(classes="rules-screen")
        self.drawn = drawn

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="rules"):
            yield Players(id="all-players")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#all-players", Players).show(*self.drawn)
        self.query_one(".rules", VerticalScroll).focus()

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


class RulesScreen(ModalScreen[None]):
    """The rules of the game as Ion Arena plays them (`ion rules`)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,question_mark", "close", "Close")]

    def __init__(self, game: str):
        super().__init__(classes="rules-screen")
        self.game = game

    def compose(self) -> ComposeResult:
        from ..cli.info import rules_text
        try:
            text = rules_text(self.game)
        except (OSError, KeyError) as err:
            text = f"The rules cannot be shown: {err}"
        with VerticalScroll(classes="rules"):
            yield Static(RichMarkdown(text))  # Rich's renderer: the rules open at once
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(".rules", VerticalScroll).focus()

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


class EndScreen(ModalScreen[None]):
    """The end: the result, the scores, the seed and where the game was saved."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Look at the table"),
                                             Binding("q", "quit", "Quit")]

    def __init__(self, lines: Sequence[Text | str]):
        super().__init__(classes="dialog-screen")
        self.lines = list(lines)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog end"):
            with VerticalScroll(classes="lines"):
                for line in self.lines:
                    yield Static(line if isinstance(line, Text) else Text(line))
            with Horizontal(classes="buttons"):
                yield Button("Look at the table (Esc)", id="close")
                yield Button("Quit (q)", id="quit", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#quit", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "quit":
            self.app.exit()
        else:
            self.dismiss(None)

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)

    def action_quit(self) -> None:
        """Leave."""
        self.app.exit()


__all__ = ["ConfirmScreen", "EndScreen", "LeaveScreen", "PassScreen", "PlayersScreen", "RulesScreen",
           "TableScreen"]
