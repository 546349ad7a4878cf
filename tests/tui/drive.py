"""Driving the app with Textual's Pilot: wait for the table, press keys as a person would."""

from __future__ import annotations

import time
from collections.abc import Callable

from ionarena.tui.app import PlayApp
from ionarena.tui.screens import ConfirmScreen, EndScreen, PassScreen

SIZE = (100, 32)


def screen_text(app) -> str:
    """The top screen as plain text, line by line (what a person reads)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def settle(pilot, app: PlayApp, seconds: float = 10.0) -> None:
    """Wait until the table has been drawn for the seat (no move on its way, nothing pending)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        await pilot.pause()
        if not app.sending and not app._flush_due and app.table_screen.update_shown is not None:
            return
        await pilot.pause(0.01)
    raise AssertionError("the table did not settle")


async def wait_for(pilot, condition: Callable[[], bool], seconds: float = 20.0, step: float = 0.01) -> None:
    """Wait (pausing the pilot) until `condition()` holds."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        await pilot.pause()
        if condition():
            return
        await pilot.pause(step)
    raise AssertionError("timed out waiting")


async def play_to_the_end(pilot, app: PlayApp, seconds: float = 60.0, key: str = "1") -> int:
    """Make the first offered move (first group, then its first option) with the keyboard until the
    game ends, confirming what asks; return how many keys were pressed for moves."""
    deadline = time.monotonic() + seconds
    pressed = 0
    while time.monotonic() < deadline:
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, EndScreen):
            return pressed
        if isinstance(screen, ConfirmScreen):
            await pilot.press("y")
            continue
        if isinstance(screen, PassScreen):
            await pilot.press("enter")
            continue
        update = app.table_screen.update_shown
        if update is not None and update.legal and not app.sending and not app._flush_due:
            await pilot.press(key)
            pressed += 1
        else:
            await pilot.pause(0.01)
    raise AssertionError(f"the game did not end in {seconds} s (version {app.session.table.version})")
