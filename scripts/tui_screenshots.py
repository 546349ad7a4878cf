"""Save the SVG screenshots of the full-screen table that the README shows (docs/screenshots/tui-*.svg):
each game at 110×34, and at 80×24 (`tui-<game>-80x24.svg`), the terminal most people have.

    .venv/bin/python scripts/tui_screenshots.py [folder]

Each game is played a few moves with the keyboard (Textual's Pilot, seeded, bots without delay),
then the screen is saved as Textual draws it.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from ionarena.tui.app import PlayApp
from ionarena.tui.screens import ConfirmScreen, TableScreen
from ionarena.tui.session import ManualClock, PlaySession

SIZE = (110, 34)


def ready(app: PlayApp) -> bool:
    update = app.latest.get(0)
    return (update is not None and bool(update.legal) and not app.sending and not app._flush_due
            and app.table_screen.update_shown is update and isinstance(app.screen, TableScreen))


async def moves(pilot, app: PlayApp, count: int, key: str = "1", clock: ManualClock | None = None) -> None:
    made = 0
    for _ in range(3000):
        await pilot.pause()
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")
            continue
        if ready(app):
            if made == count:
                return
            await pilot.press(key)
            made += 1
        elif clock is not None:
            clock.advance(0.1)
            await pilot.pause(0.01)
        else:
            await pilot.pause(0.01)


def shoot(game: str, folder: Path, *, players: int, seed: int, count: int, variant: str | None = None,
          then: tuple[str, ...] = (), options: dict | None = None, realtime: bool = False,
          size: tuple[int, int] = SIZE) -> Path:
    clock = ManualClock() if realtime else None
    session = PlaySession.open(game, players=players, seed=seed, variant=variant, bot_delay=0, names=["ada"],
                               options=options, clock=clock)
    app = PlayApp(session)
    name = f"tui-{game}.svg" if size == SIZE else f"tui-{game}-{size[0]}x{size[1]}.svg"

    async def run():
        async with app.run_test(size=size) as pilot:
            await moves(pilot, app, count, clock=clock)
            if clock is not None:
                clock.advance(1.2)
                await pilot.pause(0.05)
            for key in then:
                await pilot.press(key)
            await pilot.pause(0.05)
            app.save_screenshot(name, str(folder))

    try:
        asyncio.run(run())
    finally:
        session.close()
    return folder / name


def main() -> None:
    default = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    folder.mkdir(parents=True, exist_ok=True)
    shots = []
    for size in (SIZE, (80, 24)):
        shots += [
            shoot("dots", folder, players=4, seed=5, count=2, then=("h",), size=size),
            shoot("valence", folder, players=3, seed=4, count=9, size=size),
            shoot("compound", folder, players=3, seed=2, count=4, then=("m",), size=size),
            shoot("bank", folder, players=4, seed=11, count=3, realtime=True,
                  options={"lobby": False, "move_time": 3.0}, size=size),
        ]
    for path in shots:
        print(f"{path} ({path.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    main()
