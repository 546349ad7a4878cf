"""`PlayApp`: the full-screen table of `ion play`, on a `PlaySession` (a host table and its driver).

Updates come from the table's subscriptions (any thread) as messages; moves go back through
`PlaySession.submit` in a worker thread, so a bot thinking under the table's lock never freezes
the screen. With several people at one keyboard (hot-seat), the screen shows one seat at a time
and hides it behind a "pass the keyboard" screen whenever another person is to move.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import App
from textual.binding import Binding, BindingType
from textual.message import Message

from ..core import Event, IllegalAction, Names
from ..core.present import result_line
from ..host import StaleSubmit, Update
from .games import ui_for
from .games.base import GameUI
from .screens import ConfirmScreen, EndScreen, PassScreen, RulesScreen, TableScreen
from .session import PlaySession

LEAVE = ("q", "exit")
RULES = ("?", "rules")


class TableChanged(Message):
    """A seat's update arrived from the table."""

    def __init__(self, update: Update):
        super().__init__()
        self.update = update


class Replied(Message):
    """What the table said to a move or a question (from the worker thread)."""

    def __init__(self, text: str, error: bool):
        super().__init__()
        self.text = text
        self.error = error


def normalise(text: str) -> str:
    """Lower case, single spaces: how typed moves are matched against the legal ones."""
    return " ".join(text.lower().split())


class PlayApp(App[None]):
    """Play one game at this terminal (see the module docstring)."""

    CSS_PATH = "ion.tcss"
    TITLE = "Ion Arena"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+c", "leave", "Leave", show=False, priority=True)]

    def __init__(self, session: PlaySession, ui: GameUI | None = None):
        super().__init__()
        self.session = session
        self.ui = ui or ui_for(session.spec.id)
        self.latest: dict[int, Update] = {}
        self.events: dict[int, list[Event]] = {seat: [] for seat in session.seats}
        self.shown: int | None = None
        self.passing = False
        self.sending = False
        self.ended = False
        self.fresh: dict[int, list[Event]] = {}
        """Events of each seat not drawn yet."""
        self._flush_due = False
        self.table_screen = TableScreen(self.ui, clock=session.clock)

    # -- the table's side -----------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.push_screen(self.table_screen)
        for seat in self.session.seats:
            self.session.subscribe(seat, self._receive)
        self.session.start()
        self.set_interval(1.0, self._check_driver)

    def _receive(self, update: Update) -> None:
        """From the table's thread: queue the update for the screen."""
        self.post_message(TableChanged(update))

    def _check_driver(self) -> None:
        if self.session.error is not None:
            self.table_screen.say(f"The table stopped: {self.session.error}", error=True)

    def on_table_changed(self, message: TableChanged) -> None:
        """Keep the seat's update and log; draw once the updates that came together are in."""
        update = message.update
        seat = update.seat
        assert seat is not None
        self.latest[seat] = update
        self.events[seat].extend(update.events)
        self.fresh.setdefault(seat, []).extend(update.events)
        if not self._flush_due:
            self._flush_due = True
            self.call_later(self._draw_fresh)

    async def _draw_fresh(self) -> None:
        """Redraw the shown seat with the events since the last drawing, or pass the keyboard."""
        self._flush_due = False
        if self.passing:
            return
        target = self._seat_to_show()
        if target != self.shown:
            if len(self.session.seats) == 1:
                self.shown = target
                self.fresh.clear()
                await self._draw(reset=True)
            else:
                self._pass_to(target)
            return
        if self.shown is not None and self.shown in self.fresh:
            events = self.fresh.pop(self.shown)
            update = self.latest[self.shown]
            await self.table_screen.show(update, events, reset_log=False, title=self._title())
            self._after_draw(update)

    def _seat_to_show(self) -> int:
        """The seat whose table is shown: the one shown while it may still move, else the next
        person (after it, in seat order) who may."""
        seats = self.session.seats
        current = self.shown
        if current is not None and self.latest.get(current) is not None and self.latest[current].legal:
            return current
        start = seats.index(current) + 1 if current in seats else 0
        for seat in seats[start:] + seats[:start]:
            update = self.latest.get(seat)
            if update is not None and update.legal:
                return seat
        return current if current is not None else seats[0]

    def _pass_to(self, seat: int) -> None:
        self.passing = True
        update = self.latest.get(seat)
        name = Names(None, update.names if update else ()).plain(seat)

        async def ready(_: None) -> None:
            self.passing = False
            self.shown = seat
            self.fresh.pop(seat, None)
            await self._draw(reset=True)
            target = self._seat_to_show()  # the game may have moved on behind the screen
            if target != self.shown:
                self._pass_to(target)

        self.push_screen(PassScreen(name), ready)

    async def _draw(self, *, reset: bool) -> None:
        if self.shown is None or self.shown not in self.latest:
            return
        update = self.latest[self.shown]
        events = self.events[self.shown] if reset else self.fresh.pop(self.shown, [])
        await self.table_screen.show(update, events, reset_log=reset, title=self._title())
        self._after_draw(update)

    def _title(self) -> str:
        return "hot-seat" if len(self.session.seats) > 1 else ""

    def _after_draw(self, update: Update) -> None:
        if update.over and not self.ended:
            self.ended = True
            self.push_screen(EndScreen(self.end_lines(update)))

    def end_lines(self, update: Update | None = None) -> list[Text]:
        """The end of the game in a few lines: result and scores, the seed, where it is saved."""
        table = self.session.table
        if update is None:
            update = self.latest.get(self.shown) if self.shown is not None else None
        lines: list[Text] = []
        if update is not None and update.over:
            names = Names(update.seat, update.names)
            lines.append(Text("Game over. " + result_line(update.view, names), style="bold"))
            for seat, score in enumerate(update.view["scores"]):
                lines.append(Text(f"  {names(seat)}: {score:g}"))
        else:
            lines.append(Text("You left the game; it is saved as abandoned.", style="bold"))
        lines.append(Text(f"Seed {table.seed}: deal this game again with"))
        lines.append(Text("  " + self.session.deal_again_command(), style="bold cyan"))
        if self.session.store is not None:
            lines.append(Text(f"Saved as game {table.id} in {self.session.store.where}; replay it with"))
            lines.append(Text("  " + self.session.replay_command(), style="bold cyan"))
        return lines

    # -- the person's side ------------------------------------------------------------------------------

    def action_leave(self) -> None:
        """Ctrl-C: the game's own leave dialog (a second Ctrl-C leaves); after the end, leave."""
        if isinstance(self.screen, EndScreen):
            self.exit()
            return
        self.table_screen.action_leave()

    def on_table_screen_move(self, message: TableScreen.Move) -> None:
        """A move picked or typed at the table screen."""
        if self.shown is None or self.shown not in self.latest:
            return
        text = message.text.strip()
        lowered = normalise(text)
        if lowered in RULES:
            self.push_screen(RulesScreen(self.ui.game))
            return
        if lowered in LEAVE:
            self.table_screen.action_leave()
            return
        if self.sending:
            self.table_screen.say("Wait: your last move is still on its way.", error=True)
            return
        update = self.latest[self.shown]
        legal = {normalise(m): m for m in update.legal}
        move = legal.get(lowered)
        if move is None and lowered == "start" and self.ui.can_start(update.view):
            self._send(self.shown, "start", None, host=True)
            return
        if move is None and not message.typed:
            self.table_screen.say(f"{text} is not a move now.", error=True)
            return
        question = self.ui.confirm(move, update.view, update.legal) if move is not None else None
        version = None if self.session.spec.timed else update.version
        seat = self.shown
        chosen = move or text
        if question is None:
            self._send(seat, chosen, version, typed=message.typed)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self._send(seat, chosen, version, typed=message.typed)
            else:
                self.table_screen.say("Not sent.")

        self.push_screen(ConfirmScreen(question), answered)

    def _send(self, seat: int, text: str, version: int | None, *, typed: bool = False,
              host: bool = False) -> None:
        self.sending = True
        session = self.session

        def work() -> None:
            try:
                if host:
                    session.start_game()
                    self.post_message(Replied("The game starts.", False))
                    return
                if typed:
                    answer = session.ask(seat, text)
                    if answer is not None:
                        self.post_message(Replied(answer, False))
                        return
                session.submit(seat, text, version)
                self.post_message(Replied("", False))
            except StaleSubmit:
                self.post_message(Replied("The game moved on meanwhile: look again.", True))
            except IllegalAction as err:
                self.post_message(Replied(f"! {err}", True))
            except Exception as err:  # the store failed: the move was not made; say so
                self.post_message(Replied(f"! the move could not be saved: {err}", True))

        self.run_worker(work, thread=True, exclusive=False, group="moves")

    def on_replied(self, message: Replied) -> None:
        """Show what the table said."""
        self.sending = False
        self.table_screen.say(message.text, error=message.error)


def run_play(session: PlaySession, *, ui: GameUI | None = None) -> list[Text]:
    """Run the app until the person leaves; return the end lines to print after it."""
    app = PlayApp(session, ui)
    try:
        app.run()
    finally:
        session.close()
    return app.end_lines()


__all__ = ["PlayApp", "Replied", "TableChanged", "normalise", "run_play"]
