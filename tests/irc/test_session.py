"""A hosted game's lines, with a real `host.Table` and a stand-in for the IRC side: channel lines
come from the spectator's update alone, each person's private lines from their own, "Your turn"
goes to the seat that may act and holds the clock until it is written."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any

import pytest

import ionarena  # noqa: F401  (registers the games)
from ionarena.core import Names
from ionarena.host import MemoryJournal, Table, TableSettings
from ionarena.irc.clock import TurnClock
from ionarena.irc.outbox import Lane
from ionarena.irc.session import Session


class Link:
    """What the bot gives a session, recorded (`notices`: every private line, with whether it is
    a turn line)."""

    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.channel: list[str] = []
        self.notices: list[tuple[str, str, bool, Callable[[bool], None] | None]] = []
        self.over: list[Session] = []
        self.forgotten: list[str] = []
        self.elsewhere: set[str] = set()
        """Nicks not in the channel (`here` says False)."""

    def channel_say(self, channel: str, text: str, *, lane: Lane = Lane.GAME, head: bool = False,
                    key: str | None = None) -> None:
        self.channel.append(text)

    def channel_withdraw(self, channel: str, key: str) -> None:
        pass

    def tell(self, nick: str, text: str, *, lane: Lane = Lane.GAME, lazy: bool = False,
             written: Callable[[bool], None] | None = None, linger: float | None = None) -> None:
        self.notices.append((nick, text, lane == Lane.TURN, written))

    def answer(self, nick: str, text: str, *, key: str | None = None) -> None:
        self.notices.append((nick, text, False, None))

    def notice(self, nick: str, text: str) -> None:
        self.notices.append((nick, text, False, None))

    def may_answer(self, nick: str) -> bool:
        return True

    def here(self, channel: str, nick: str) -> bool:
        return nick not in self.elsewhere

    def forget(self, nick: str) -> None:
        self.forgotten.append(nick)

    async def work(self, fn: Callable[..., Any], *args: Any) -> Any:
        return fn(*args)

    async def think(self, fn: Callable[..., Any], *args: Any) -> Any:
        return fn(*args)

    def session_over(self, session: Session) -> None:
        self.over.append(session)

    def prompts(self, nick: str) -> list[tuple[str, Callable[[bool], None] | None]]:
        return [(text, written) for who, text, urgent, written in self.notices if who == nick and urgent]


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def dots_session(link: Link, seed: int = 11) -> tuple[Session, Table, TurnClock]:
    clock = TurnClock()
    table = Table("dots", players=2, seed=seed, clock=clock, journal=MemoryJournal(),
                  settings=TableSettings(move_limit=60))
    table.sit(0, "ada")
    table.sit(1, "bob")
    session = Session(link, "#ion", table, ["ada", "bob"], "ada", clock)
    session.attach(-1)
    table.start()
    return session, table, clock


def test_your_turn_goes_to_the_actor_and_holds_the_clock_until_written():
    async def go() -> None:
        link = Link()
        session, table, clock = dots_session(link)
        await settle()
        actor = table.update(None).actors[0]
        nick, other = ("ada", "bob") if actor == 0 else ("bob", "ada")
        prompts = link.prompts(nick)
        assert len(prompts) == 1 and prompts[0][0].startswith(f"{nick}: your turn (60 s)")
        assert link.prompts(other) == []
        assert clock.held
        _text, written = prompts[0]
        assert written is not None
        written(True)
        assert not clock.held
        session.end()
    asyncio.run(go())


def test_channel_lines_are_the_spectators_events_and_hands_stay_private():
    async def go() -> None:
        link = Link()
        session, table, _clock = dots_session(link, seed=5)
        await settle()
        for _ in range(12):  # both people play their first legal move, turn by turn
            update = table.update(None)
            if update.over:
                break
            seat = update.actors[0]
            nick = session.nicks[seat]
            for _text, written in link.prompts(nick):
                if written is not None:
                    written(True)
            move = table.update(seat).legal[0]
            await session.private(nick, move)
            await settle()
        spectator = table.update(None, since=-1)
        public = {table.spec.presenter.describe(e, Names(None, ["ada", "bob"])) for e in spectator.events}
        lines = [line for line in link.channel if not line.startswith("Final scores")
                 and not re.fullmatch(r"(ada|bob): your move\.", line)]
        assert lines and set(lines) <= public
        for seat, nick in enumerate(("ada", "bob")):
            hand = " ".join(str(c) for c in table.update(seat).view["table"]["hand"])
            assert not any(hand and hand in line for line in link.channel)
            own = [text for who, text, _, _ in link.notices if who == nick]
            assert any("your hand:" in text for text in own)
        session.end()
    asyncio.run(go())


def test_a_move_that_is_not_legal_is_refused_in_one_line_and_changes_nothing():
    async def go() -> None:
        link = Link()
        session, table, _ = dots_session(link)
        await settle()
        seat = table.update(None).actors[0]
        version = table.version
        await session.private(session.nicks[seat], "play 9|9")
        assert table.version == version
        said = [text for who, text, _, _ in link.notices if who == session.nicks[seat]]
        assert re.match(r"Not accepted: ", said[-1])
        session.end()
    asyncio.run(go())


def test_a_bank_player_who_leaves_quits_and_a_dots_player_gets_a_bot():
    async def go() -> None:
        link = Link()
        clock = TurnClock()
        table = Table("bank", players=3, seed=3, clock=clock, journal=MemoryJournal(),
                      options={"teams": "+-+", "round_time": 60.0})
        for seat, nick in enumerate(("ada", "bob", "cy")):
            table.sit(seat, nick)
        session = Session(link, "#ion", table, ["ada", "bob", "cy"], "ada", clock)
        session.attach(-1)
        table.start()
        await settle()
        await session.leave("bob")
        await settle()
        assert table.journal is not None
        log = table.journal.entries(table.id)  # type: ignore[attr-defined]
        assert (log[-1].player, log[-1].text) == (1, "quit")
        assert session.seat_of("bob") is None
        assert any(line.startswith("bob left: their points are shared out") for line in link.channel)
        session.end()

        link2 = Link()
        dots, dots_table, _ = dots_session(link2)
        await settle()
        await dots.leave("bob")
        assert dots_table.seats[1].kind == "bot" and dots_table.seats[1].takeover
        assert any(line.startswith("bob left: a bot plays on") for line in link2.channel)
        dots.end()
    asyncio.run(go())


def test_nick_changes_are_followed():
    async def go() -> None:
        link = Link()
        session, table, _ = dots_session(link)
        await settle()
        assert session.rename("BOB", "bobby")
        assert session.seat_of("bobby") == 1 and session.seat_of("bob") is None
        assert session.display()[1] == "bobby"
        await settle()
        # the table's seat follows (the store keeps it: a resumed game knows bob as bobby)
        assert table.seats[1].name == "bobby" and table.update(None).names[1] == "bobby"
        assert table.journal.tables[table.id].seats[1].name == "bobby"  # type: ignore[attr-defined]
        assert not session.rename("carol", "dave")
        session.end()
    asyncio.run(go())


@pytest.mark.parametrize("game", ["compound", "valence", "dots"])
def test_every_table_game_plays_through_a_session_and_the_channel_gets_only_public_words(game):
    # compound's picks are secret ("ada has picked."), valence's and dots' hands too
    async def go() -> None:
        link = Link()
        clock = TurnClock()
        table = Table(game, players=2, seed=4, clock=clock, journal=MemoryJournal(),
                      settings=TableSettings(move_limit=60))
        for seat, nick in enumerate(("ada", "bob")):
            table.sit(seat, nick)
        session = Session(link, "#ion", table, ["ada", "bob"], "ada", clock)
        session.attach(-1)
        table.start()
        await settle()
        for _ in range(30):
            update = table.update(None)
            if update.over:
                break
            for _nick, _text, _urgent, written in link.notices:
                if written is not None:
                    written(True)
            for seat in update.actors:
                assert any(who == session.nicks[seat] for who, _, urgent, _ in link.notices if urgent)
            seat = update.actors[0]
            await session.private(session.nicks[seat], table.update(seat).legal[0])
            await settle()
        assert table.version >= 10
        public = {table.spec.presenter.describe(e, Names(None, ["ada", "bob"]))
                  for e in table.update(None, since=-1).events}
        lines = [line for line in link.channel if not line.startswith("Final scores")
                 and not re.fullmatch(r"(ada|bob): your move\.", line)]
        assert lines and set(lines) <= public
        session.end()
    asyncio.run(go())
