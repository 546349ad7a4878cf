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
          ws_rate: float = 20.0, *, idle_minutes: float = 10.0, wait_minutes: float = 30.0,
          max_tables: int = 2000, table_rate: str = "20/minute;200/hour", waiting_per_maker: int = 20,
          bot_processes: int = -1, forwarded_allow_ips: str | None = None,
          class_retention_days: float = 30.0, bus: str | None = None) -> None:
    """Open the store, print where the server is, and serve until Ctrl+C.

    `forwarded_allow_ips`: the reverse proxies (addresses, comma-separated, or `*`) whose
    `X-Forwarded-For`/`X-Forwarded-Proto` are believed: the client's address for quotas, and
    https for the seat cookie's `Secure`. None: no proxy is believed. `class_retention_days`: how long
    a class's students and their games are kept. `bus`: this server is one of several over one
    PostgreSQL store, sharing this message bus (`ionarena.cluster`)."""
    import uvicorn

    from ..web import create_app
    from ..web.guard import server_settings
    from ..web.limits import Limits

    limits = Limits(idle_minutes=idle_minutes, wait_minutes=wait_minutes, max_tables=max_tables,
                    max_waiting=min(Limits().max_waiting, max_tables), tables_rate=table_rate,
                    waiting_per_maker=waiting_per_maker, bot_processes=bot_processes,
                    ws_rate=ws_rate, ws_burst=2 * ws_rate)
    if bus is not None:
        from ..cluster.bus import check_bus
        check_bus(bus)
    app = create_app(db, bot_delay=bot_delay, limits=limits, serving=True,
                     class_retention_days=class_retention_days, bus=bus)
    where = app.state.hub.store.where
    shown_host = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    url = f"http://{shown_host}:{port}/"
    shared = f", one of the servers on {bus}" if bus else ""
    console.print(f"Ion Arena is at [bold]{url}[/bold]  (games kept in {where}{shared}; Ctrl+C stops it)",
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
                ws_per_message_deflate=False, timeout_graceful_shutdown=3,
                proxy_headers=forwarded_allow_ips is not None, forwarded_allow_ips=forwarded_allow_ips or "",
                **server_settings(limits))
