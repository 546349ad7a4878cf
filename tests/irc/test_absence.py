"""Players who are away, with a real `host.Table`, a clock that moves only when told and a
stand-in for the IRC side: a seat waits `grace` seconds for its person; bank passes their turns
without penalty (the host's `away`, docs/rules/bank.md) or the game waits (`hold`); coming back
gives the seat back; only when the grace ends is it a quit. Also: the bot's own connection, a
move that comes too late, a round that ends before a move could be made, and the takeover bot's
whole move told to the person."""

from __future__ import annotations

import asyncio
import re

import ionarena  # noqa: F401  (registers the games)
from ionarena.host import MemoryJournal, Table, TableSettings
from ionarena.irc.clock import TurnClock
from ionarena.irc.session import Session
from ionarena.irc.settings import ChannelSettings

from .test_session import Link, settle


class Fake:
    """A base clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def bank(link: Link, players: str = "+-+", grace: float = 0.3, away: str = "skip",
         **options: object) -> tuple[Session, Table, TurnClock, Fake]:
    base = Fake()
    clock = TurnClock(base)
    nicks = ["ada", "bob", "cy", "dee"][: len(players)]
    table = Table("bank", players=len(players), seed=3, clock=clock, journal=MemoryJournal(),
                  options={"teams": players, "round_time": 60.0, **options})
    for seat, nick in enumerate(nicks):
        table.sit(seat, nick)
    session = Session(link, "#ion", table, nicks, "ada", clock,
                      settings=ChannelSettings(grace=grace, away=away))
    session.attach(-1)
    table.start()
    return session, table, clock, base


def log(table: Table) -> list[tuple[int | None, str]]:
    return list(table.record().actions)


def written(link: Link) -> None:
    """Every turn line so far is on the socket."""
    for _nick, _text, turn, told in link.notices:
        if turn and told is not None:
            told(True)


def card(table: Table, seat: int) -> str:
    return table.update(seat).view["table"]["hand"][0]


def said(link: Link, nick: str) -> list[str]:
    return [text for who, text, _, _ in link.notices if who == nick]


def test_an_away_players_bank_turns_pass_without_penalty_until_they_come_back():
    async def go() -> None:
        link = Link()
        session, table, clock, _ = bank(link)
        await settle()
        written(link)
        await session.absence.left("bob", on_network=False)
        assert "bob is away: their seat waits 0.3 s (their turns pass without penalty)." in link.channel
        assert link.forgotten == ["bob"]
        await session.private("ada", card(table, 0))  # bob's turn begins: the host passes it
        for _ in range(5):
            await settle()
        assert (None, "away") in log(table) and (None, "timeout") not in log(table)
        assert table.update(None).actors == (2,) and table.record().actions[-1] == (None, "away")
        assert not clock.held or table.update(None).actors == (2,)
        await session.absence.back(1, "bob")
        assert "bob is back." in link.channel
        assert any(text == "Welcome back: you play on in #ion. 1 turn passed without penalty meanwhile."
                   for text in said(link, "bob"))
        assert table.record().scores is None and table.update(None).view["scores"][1] == 0
        session.end()
    asyncio.run(go())


def test_the_grace_ends_and_it_is_a_quit():
    async def go() -> None:
        link = Link()
        session, table, _, _ = bank(link, grace=0.2)
        await settle()
        await session.absence.left("cy", on_network=True)
        assert said(link, "cy")[-1].startswith("You left #ion: your seat waits 0.2 s. Rejoin #ion")
        await asyncio.sleep(0.4)
        await settle()
        assert (2, "quit") in log(table)
        gone = "cy did not come back within 0.2 s: their points are shared out as the rules say."
        assert gone in link.channel
        assert said(link, "cy")[-1] == "You were away from #ion for 0.2 s: you have left that game."
        assert session.seat_of("cy") is None
        session.end()
    asyncio.run(go())


def test_hold_makes_the_game_wait_on_the_away_players_turn():
    async def go() -> None:
        link = Link()
        session, table, clock, base = bank(link, away="hold", grace=30)
        await settle()
        written(link)
        await session.absence.left("bob", on_network=False)
        await session.private("ada", card(table, 0))
        for _ in range(5):
            await settle()
        assert table.update(None).actors == (1,) and clock.held
        assert "The game waits for bob (away) for up to 30 s." in link.channel
        before = clock()
        base.now += 100  # nothing times out: the game's clock stands still
        assert clock() == before and table.pump() is not None and (None, "timeout") not in log(table)
        await session.absence.back(1, "bob")
        await settle()
        turn = [text for who, text, is_turn, _ in link.notices if who == "bob" and is_turn]
        assert turn and turn[-1].startswith("bob: your turn, 3 s")  # told again, the full 3 s
        written(link)
        assert not clock.held
        session.end()
    asyncio.run(go())


def test_with_nobody_here_the_game_waits_instead_of_passing_turns_round_and_round():
    async def go() -> None:
        link = Link()
        session, table, clock, _ = bank(link, players="+-", grace=30)
        await settle()
        written(link)
        await session.absence.left("bob", on_network=False)
        await session.absence.left("ada", on_network=False)  # on turn, and nobody else is here
        for _ in range(5):
            await settle()
        assert clock.held and len(log(table)) <= 1
        await session.absence.back(1, "bob")  # bob is back: ada's turn passes, bob plays
        for _ in range(5):
            await settle()
        assert (None, "away") in log(table) and table.update(None).actors == (1,)
        session.end()
    asyncio.run(go())


def test_a_table_game_seat_is_played_by_the_takeover_bot_and_given_back():
    async def go() -> None:
        link = Link()
        clock = TurnClock()
        table = Table("dots", players=2, seed=11, clock=clock, journal=MemoryJournal(),
                      settings=TableSettings(move_limit=60))
        table.sit(0, "ada")
        table.sit(1, "bob")
        session = Session(link, "#ion", table, ["ada", "bob"], "ada", clock,
                          settings=ChannelSettings(grace=30))
        session.attach(-1)
        table.start()
        await settle()
        await session.absence.left("bob", on_network=True)
        assert table.seats[1].kind == "bot" and table.seats[1].takeover
        assert "bob is away: their seat waits 30 s (a bot moves for them)." in link.channel
        await session.absence.back(1, "bob")
        assert table.seats[1].kind == "person" and table.seats[1].name == "bob"
        session.end()
    asyncio.run(go())


def test_the_bots_own_connection_holds_every_clock_and_who_is_missing_after_it_is_away():
    async def go() -> None:
        link = Link()
        session, _, clock, _ = bank(link, grace=30)
        await settle()
        written(link)
        session.absence.offline()
        assert clock.held
        await session.absence.online(lambda nick: nick != "cy")
        await settle()
        assert session.absence.is_away(2) and "cy is away" in " ".join(link.channel)
        turn = [text for who, text, is_turn, _ in link.notices if who == "ada" and is_turn]
        assert len(turn) == 2  # ada, on turn, is told her turn again
        written(link)
        assert not clock.held
        session.end()
    asyncio.run(go())


def test_a_move_after_the_turn_ended_is_too_late_and_says_why():
    async def go() -> None:
        link = Link()
        session, table, _, base = bank(link, players="+-")
        await settle()
        written(link)
        base.now += 3.5  # ada's 3 s ran out
        table.pump()
        await settle()
        await session.private("ada", card(table, 0))
        assert said(link, "ada")[-1] == "Not accepted: too late, your time ran out."
        await session.private("bob", "x3 +")  # a refusal names people, never seats
        assert re.match(r"Not accepted: ", said(link, "bob")[-1]) and "Player" not in said(link, "bob")[-1]
        session.end()
    asyncio.run(go())


def test_no_turn_line_when_the_round_ends_before_a_move_could_be_made():
    async def go() -> None:
        link = Link()
        session, table, _, base = bank(link, players="+-", round_time=10.0, move_time=15.0)
        await settle()
        written(link)
        base.now += 9.5  # ada moves at 9.5 s: bob's turn would last 0.5 s
        await session.private("ada", card(table, 0))
        await settle()
        bob = said(link, "bob")
        assert not any(text.startswith("bob: your turn") for text in bob[1:])
        assert "The round ends in 0.5 s: no time for a move this turn." in bob
        session.end()
    asyncio.run(go())


def test_the_person_is_told_once_when_the_takeover_bot_made_their_whole_move():
    async def go() -> None:
        link = Link()
        base = Fake()
        clock = TurnClock(base)
        table = Table("valence", players=2, bots={1: "greedy"}, seed=0, clock=clock, journal=MemoryJournal(),
                      settings=TableSettings(move_limit=20.0, bot_delay=5.0))
        table.sit(0, "ada")
        session = Session(link, "#ion", table, ["ada", ""], "ada", clock)
        session.attach(-1)
        table.start()
        for _ in range(40):
            await settle()
            written(link)
            update = table.update(0)
            if 0 in update.actors and update.deadline is not None:
                break
            wake = table.pump()
            assert wake is not None
            base.now += clock.real_delay(wake) or 0.0  # on to the bot's next move
        before = table.version
        base.now += 21.0
        table.pump(table.clock())
        await settle()
        assert len([e for e in table.record().actions[before:] if e[0] == 0]) >= 2
        told = [text for text in said(link, "ada") if text.startswith("You took more than 20 s")]
        assert told == ["You took more than 20 s: a bot made your move (the seat is still yours)."]
        assert 0 not in table.update(0).actors  # her move, typed just too late, says why
        await session.private("ada", "end")
        assert said(link, "ada")[-1] == "Not accepted: too late, a bot made your move (you were idle)."
        session.end()
    asyncio.run(go())


def test_a_move_is_judged_at_the_moment_it_arrived_however_long_the_worker_is_busy():
    """ada's move arrives with a second of her 3 s left; the bot's worker is busy for 4 s (other
    people's questions, a slow commit) before it judges it: it is in time."""
    async def go() -> None:
        link = Link()
        session, table, _, base = bank(link, players="+-")
        await settle()
        written(link)
        base.now += 2.0

        async def busy_worker(fn, *args):
            base.now += 4.0
            return fn(*args)

        link.work = busy_worker  # type: ignore[method-assign]
        move = card(table, 0)
        await session.private("ada", move)
        assert (0, move) in log(table) and not [e for e in log(table) if e[1] == "timeout"]
        session.end()
    asyncio.run(go())
