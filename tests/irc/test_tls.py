"""TLS: the bot connects over TLS, and by default refuses a certificate it cannot verify."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

from .conftest import require_ngircd
from .ngircd import Ngircd
from .people import BOT, BotProcess, Person, bot_notice
from .play import CHANNEL


def test_the_bot_speaks_tls_and_verifies_certificates(tmp_path: Path):
    require_ngircd()
    if shutil.which("openssl") is None:
        pytest.skip("openssl is needed to make the test server's certificate")
    server = Ngircd(tmp_path / "ircd", tls=True).start()
    assert server.tls_port is not None

    async def go() -> None:
        watcher = await Person(server.port, "watcher").connect()  # plain text on the other port
        joining = asyncio.create_task(watcher.join(CHANNEL))  # the server holds it a second: meanwhile
        strict = BotProcess(server.tls_port, f"sqlite:///{tmp_path / 'a.db'}", tmp_path, CHANNEL, "--tls")
        strict.start()
        try:  # a self-signed certificate is refused: the bot never registers
            await joining
            for _ in range(400):  # (a busy machine's CI took over 10 s to start the bot's process)
                if "certificate verify failed" in strict.output():
                    break
                await asyncio.sleep(0.1)
        finally:
            strict.stop()
        assert "certificate verify failed" in strict.output()
        assert not any(ln.nick == BOT for ln in watcher.lines)

        (tmp_path / "bot.log").unlink()
        bot = BotProcess(server.tls_port, f"sqlite:///{tmp_path / 'b.db'}", tmp_path, CHANNEL, "--tls",
                         "--tls-insecure").start()
        try:
            await watcher.expect(lambda ln: ln.command == "JOIN" and ln.nick == BOT, 40)
            watcher.say(CHANNEL, "!ion help")  # help goes to the asker alone
            await watcher.expect(bot_notice(watcher, "^Ion Arena: !ion bank"), 15)
        finally:
            bot.stop()
            await watcher.close()

    try:
        asyncio.run(go())
    finally:
        server.stop()
