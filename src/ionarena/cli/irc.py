"""`ion irc`: run the Ion Arena bot on an IRC network (see docs/irc.md)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from typing import Annotated

import typer

from ..core import IonError
from .common import fail

AUTH_MODES = ("auto", "sasl", "nickserv", "server", "none")


def irc(
    server: Annotated[str, typer.Option(help="IRC server host name, e.g. irc.libera.chat.")],
    channel: Annotated[list[str], typer.Option(help="Channel to join and host games in (repeatable).")],
    port: Annotated[int | None, typer.Option(help="Server port (default 6697 with --tls, "
                                                  "else 6667).")] = None,
    tls: Annotated[bool, typer.Option(help="Connect with TLS (certificates verified).")] = False,
    tls_insecure: Annotated[bool, typer.Option(help="With --tls: do not verify the server's "
                                                    "certificate (test servers only).")] = False,
    nick: Annotated[str, typer.Option(help="The bot's nick.")] = "IonBot",
    password_env: Annotated[str | None, typer.Option(help="Name of the environment variable holding the "
                                                          "password (never the password itself).")] = None,
    auth: Annotated[str, typer.Option(help="How to use the password: auto (SASL if offered, else "
                                           "NickServ), sasl, nickserv, server (PASS), none.")] = "auto",
    db: Annotated[str | None, typer.Option(help="The store: a SQLAlchemy URL or file (default: $ION_DB "
                                                "or the user's data folder).")] = None,
    move_time: Annotated[float | None, typer.Option(help="Bank's move clock in seconds (default: the "
                                                         "rulebook's 3).")] = None,
    grace: Annotated[float, typer.Option(help="Seconds a player who left the channel or the network "
                                              "keeps their seat.")] = 60.0,
    away: Annotated[str, typer.Option(help="While a player is away: skip (their bank turns pass "
                                           "without penalty; a bot moves in table games) or hold "
                                           "(the game waits on their turn).")] = "skip",
    channel_setting: Annotated[list[str] | None, typer.Option(
        help="A channel's own setting, #channel:name=value (repeatable): move_time, grace or away, "
             "e.g. '#beginners:move_time=6'.")] = None,
    idle_time: Annotated[float, typer.Option(help="Table games: seconds before a bot makes an idle "
                                                  "person's move.")] = 120.0,
    join_time: Annotated[float, typer.Option(help="Seconds a join window stays open.")] = 60.0,
    bot_delay: Annotated[float, typer.Option(help="Table games: seconds a bot waits before moving.")] = 1.0,
    colour: Annotated[bool, typer.Option("--colour", help="Use IRC colours and bold (off: "
                                                          "plain text).")] = False,
    flood_burst: Annotated[int, typer.Option(help="Lines the bot may send at once.")] = 1,
    flood_rate: Annotated[float, typer.Option(help="Lines per second after the burst (lower it on big "
                                                   "networks, e.g. 1).")] = 2.0,
    verbose: Annotated[bool, typer.Option("--verbose", help="Log every IRC line.")] = False,
) -> None:
    """Host Ion games on IRC: bank by private message, and dots, compound and valence in channels."""
    from ..irc.bot import BotConfig, IonBot
    from ..irc.settings import ChannelSettings, SettingError, parse_channel_settings

    if auth not in AUTH_MODES:
        raise fail(f"--auth must be one of {', '.join(AUTH_MODES)}, not {auth!r}")
    password = None
    if password_env is not None:
        password = os.environ.get(password_env)
        if not password:
            raise fail(f"--password-env: the environment variable {password_env} is not set")
    checks = [(move_time is None or 0.1 <= move_time <= 600, "--move-time must be 0.1 to 600 seconds"),
              (1 <= idle_time <= 86_400, "--idle-time must be 1 to 86400 seconds"),
              (1 <= join_time <= 3600, "--join-time must be 1 to 3600 seconds"),
              (0 <= bot_delay <= 60, "--bot-delay must be 0 to 60 seconds"),
              (1 <= flood_burst <= 50, "--flood-burst must be 1 to 50 lines"),
              (0.1 <= flood_rate <= 100, "--flood-rate must be 0.1 to 100 lines a second"),
              (0 <= grace <= 3600, "--grace must be 0 to 3600 seconds"),
              (away in ("skip", "hold"), "--away must be skip or hold"),
              (all(c[:1] in "#&+!" and len(c) > 1 for c in channel),
               "--channel names start with # (or & + !)")]
    for ok, message in checks:
        if not ok:
            raise fail(message)
    defaults = ChannelSettings(move_time=move_time, grace=grace, away=away)
    try:
        per_channel = parse_channel_settings(channel_setting or [], defaults)
    except SettingError as err:
        raise fail(f"--channel-setting: {err}") from None
    unknown = set(per_channel) - {c.casefold() for c in channel}
    if unknown:
        raise fail(f"--channel-setting names {', '.join(sorted(unknown))}, which is not a --channel")
    config = BotConfig(server=server, port=port or (6697 if tls else 6667), tls=tls,
                       tls_verify=not tls_insecure, nick=nick, channels=list(channel), password=password,
                       auth=auth, db=db,
                       move_time=move_time, idle_time=idle_time, join_time=join_time, bot_delay=bot_delay,
                       colour=colour, flood_burst=flood_burst, flood_rate=flood_rate,
                       defaults=defaults, channel_settings=per_channel)
    logging.basicConfig(level=logging.DEBUG if verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if not verbose:
        for noisy in ("pydle", "alembic"):
            logging.getLogger(noisy).setLevel(logging.WARNING)
    try:
        asyncio.run(_run(IonBot(config)))
    except IonError as err:
        raise fail(str(err)) from None
    except KeyboardInterrupt:
        raise typer.Exit(130) from None


async def _run(bot: object) -> None:
    """Run the bot until SIGTERM or SIGINT."""
    from ..irc.bot import IonBot
    assert isinstance(bot, IonBot)
    task = asyncio.current_task()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, lambda: task.cancel() if task is not None else None)
    with contextlib.suppress(asyncio.CancelledError):
        await bot.run()
