"""`ion serve`: the browser lobby and tables, and the open API, on one address."""

from __future__ import annotations

import os
import shutil
import threading
import webbrowser

from .common import console


def has_browser() -> bool:
    """True where `--open` can show a page: a desktop session, or a browser webbrowser knows."""
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or os.name == "nt":
        return True
    try:
        webbrowser.get()
    except webbrowser.Error:
        return False
    return any(shutil.which(name) for name in ("xdg-open", "open", "sensible-browser"))


def serve(host: str, port: int, db: str | None, open_browser: bool, bot_delay: float,
          ws_rate: float = 20.0, class_retention_days: float = 30.0) -> None:
    """Open the store, print where the server is, and serve until Ctrl+C."""
    import uvicorn

    from ..web import create_app

    app = create_app(db, bot_delay=bot_delay, rate=ws_rate, burst=2 * ws_rate, serving=True,
                     class_retention_days=class_retention_days)
    where = app.state.hub.store.where
    shown_host = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    url = f"http://{shown_host}:{port}/"
    console.print(f"Ion Arena is at [bold]{url}[/bold]  (games kept in {where}; Ctrl+C stops it)",
                  highlight=False, soft_wrap=True)
    if open_browser:
        if has_browser():
            threading.Timer(1.0, webbrowser.open, [url]).start()
        else:
            console.print("No browser here: open the address above on a machine that has one.",
                          highlight=False)
    # no per-message deflate: states are a few KB, and compressing each one cost the server (and
    # each client) about a fifth of its time per move under load (docs/architecture.md)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=1 << 20, lifespan="on",
                ws_per_message_deflate=False, timeout_graceful_shutdown=3)
