"""Who is where: the bookkeeping of JOIN, PART, QUIT, NICK and a channel's names, with services
accounts; and the client's reading of those lines (IRCv3 `extended-join`, `account-notify`,
RPL_NAMREPLY), fed raw lines as a server sends them."""

from __future__ import annotations

import asyncio
from typing import Any

from pydle.features.rfc1459.parsing import RFC1459Message

from ionarena.irc.client import IonClient
from ionarena.irc.presence import Presence


def test_presence_follows_joins_parts_quits_nick_changes_and_names():
    seen = Presence()
    seen.names("#ion", ["ada", "Bob"])
    assert seen.known("#ion") and seen.here("#ion", "bob") and not seen.known("#two")
    seen.joined("#two", "bob", account="bobacct")
    assert seen.account("BOB") == "bobacct" and sorted(seen.channels_of("bob")) == ["#ion", "#two"]
    seen.renamed("bob", "bobby")
    assert seen.here("#ion", "bobby") and not seen.here("#ion", "bob") and seen.account("bobby") == "bobacct"
    seen.parted("#ion", "bobby")
    assert seen.channels_of("bobby") == ["#two"] and seen.account("bobby") == "bobacct"
    assert seen.quit("bobby") == ["#two"] and seen.account("bobby") is None
    seen.lost()
    assert not seen.here("#ion", "ada") and not seen.known("#ion")


class Inbox:
    """Stands in for the bot: keeps what the client hands it."""

    def __init__(self) -> None:
        self.events: list[tuple[Any, ...]] = []

    def inbound(self, event: tuple[Any, ...]) -> None:
        self.events.append(event)


def feed(client: IonClient, *lines: str) -> None:
    async def go() -> None:
        for line in lines:
            message = RFC1459Message.parse(line.encode())
            await getattr(client, "on_raw_" + str(message.command).lower())(message)
    asyncio.run(go())


def test_the_client_reads_accounts_names_and_netsplits():
    inbox = Inbox()
    client = IonClient(inbox, "IonBot")  # type: ignore[arg-type]
    client.nickname = "IonBot"  # as registration leaves it
    client._capabilities["extended-join"] = True
    feed(client,
         ":irc.test 353 IonBot = #ion :@IonBot +ada bob",
         ":irc.test 353 IonBot = #ion :cy",
         ":irc.test 366 IonBot #ion :End of NAMES list",
         ":dee!d@h JOIN #ion deeacct :Dee",
         ":eve!e@h JOIN #ion * :Eve",
         ":dee!d@h ACCOUNT *",
         ":bob!b@h PART #ion :bye",
         ":cy!c@h QUIT :irc.a.net irc.b.net")
    assert inbox.events == [
        ("names", "#ion", ["ada", "bob", "cy"]),
        ("join", "#ion", "dee", "deeacct"),
        ("join", "#ion", "eve", None),
        ("account", "dee", None),
        ("part", "bob", "#ion"),
        ("quit", "cy", "irc.a.net irc.b.net"),
    ]
