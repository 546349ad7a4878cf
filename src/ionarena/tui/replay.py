"""`ion replay --watch`: step through a game record on the table screen of `ion play`.

The record is replayed once (and so verified) before the screen opens; each step keeps a copy of
the state, so stepping back is as quick as stepping on. The table is seen as a spectator sees it,
or — `v` — from any seat (a record holds the whole game: its seed deals every hand anyway).
Steps that only move a timed game's clock (`at <t>`) are passed over.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from ..core import HOST, State
from ..core.record import GameRecord, new_state, replay
from ..host import Update
from ..host.seats import PublicSeat
from .games import ui_for
from .screens import TableScreen


def frames(record: GameRecord) -> list[tuple[str, State]]:
    """The state before the first action and after each one, with what was done: `("player 2:
    play 3|6", state)`; clock-only steps of timed games are left out."""
    found: list[tuple[str, State]] = [("the deal", new_state(record).clone())]

    def keep(index: int, state: State) -> None:
        player, text = record.actions[index]
        if player is None and text.startswith("at ") and not state.events(None, since=state.version - 1):
            return
        who = "host" if player is None else f"player {player}"
        found.append((f"{who}: {text}", state.clone()))

    replay(record, on_step=keep)
    return found


def seats_of(record: GameRecord) -> tuple[PublicSeat, ...]:
    """Who played each seat, from the record's agent labels."""
    agents = record.agents or [""] * record.players
    seats: list[PublicSeat] = []
    for seat in range(record.players):
        label = agents[seat] if seat < len(agents) else ""
        bot = label not in ("", "person", "open")
        seats.append({"seat": seat, "kind": "bot" if bot else "person", "name": "",
                      "bot": label if bot else None})
    return tuple(seats)


class ReplayApp(App[None]):
    """A record, step by step (see the module docstring)."""

    CSS_PATH = "ion.tcss"
    TITLE = "Ion Arena replay"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,space,n", "step(1)", "Next"),
        Binding("left,p", "step(-1)", "Back"),
        Binding("pageup", "step(-10)", "−10", show=False),
        Binding("pagedown", "step(10)", "+10", show=False),
        Binding("home", "jump(0)", "Start"),
        Binding("end", "jump(-1)", "End"),
        Binding("a", "autoplay", "Play/pause"),
        Binding("v", "viewpoint", "Whose view"),
        Binding("ctrl+c", "quit", "Quit", show=False, priority=True),
    ]

    def __init__(self, record: GameRecord, *, title: str = "", delay: float = 0.8):
        super().__init__()
        self.record = record
        self.steps = frames(record)
        self.seat_info = seats_of(record)
        self.names = tuple(f"Player {s['seat']} ({s['bot']})" if s["bot"] else "" for s in self.seat_info)
        self.index = 0
        self.viewer: int | None = None
        self.delay = delay
        self.label = title
        self._auto: Any = None
        self._drawn: tuple[int | None, int] | None = None
        self.screen_table = TableScreen(ui_for(record.game), interactive=False)

    def on_mount(self) -> None:
        self.push_screen(self.screen_table)
        self.call_later(self.draw)

    def frame(self, index: int, viewer: int | None) -> Update:
        """The table at step `index` as `viewer` sees it (None: a spectator)."""
        _, state = self.steps[index]
        over = state.is_over()
        actors = tuple(a for a in state.actors() if a is not HOST)
        return Update(table="replay", seat=viewer, version=state.version, since=-1,
                      view=state.view(viewer), events=tuple(state.events(viewer, -1)), legal=(),
                      actors=actors, deadline=None, over=over, status="over" if over else "playing",
                      names=self.names, seats=self.seat_info)

    async def draw(self) -> None:
        """Show the current step (the log: every event so far, or those of one step on)."""
        update = self.frame(self.index, self.viewer)
        previous = self._drawn
        if previous is not None and previous[0] == self.viewer and self.index == previous[1] + 1:
            before = self.steps[previous[1]][1].version
            events = [e for e in update.events if e.version > before]
            reset = False
        else:
            events, reset = list(update.events), True
        self._drawn = (self.viewer, self.index)
        what = self.steps[self.index][0]
        who = "spectator" if self.viewer is None else f"seat {self.viewer}"
        title = f"replay {self.label}· step {self.index}/{len(self.steps) - 1} · {what} · view: {who}"
        await self.screen_table.show(update, events, reset_log=reset, title=title)
        self.screen_table.say("→ next  ← back  Home/End  a play/pause  v whose view  q quit")

    async def action_step(self, delta: int) -> None:
        """Step on (or back) `delta` steps."""
        index = max(0, min(len(self.steps) - 1, self.index + delta))
        if index != self.index:
            self.index = index
            await self.draw()
        elif self._auto is not None and delta > 0:
            self.action_autoplay()

    async def action_jump(self, index: int) -> None:
        """To the first (0) or last (-1) step."""
        self.index = len(self.steps) - 1 if index < 0 else index
        await self.draw()

    def action_autoplay(self) -> None:
        """Step on by itself every `delay` seconds, or stop."""
        if self._auto is None:
            self._auto = self.set_interval(self.delay, self._tick)
        else:
            self._auto.stop()
            self._auto = None

    async def _tick(self) -> None:
        await self.action_step(1)

    async def action_viewpoint(self) -> None:
        """The table as the spectator, then each seat in turn, sees it."""
        order: list[int | None] = [None, *range(self.record.players)]
        self.viewer = order[(order.index(self.viewer) + 1) % len(order)]
        await self.draw()


__all__ = ["ReplayApp", "frames", "seats_of"]
