"""Two channels with open bank windows, and a trade in the shop, on a real ngircd.

Private `team +` goes to the window of a channel the person is in, asks when there are two, and
every confirmation names the channel; someone in neither channel is told to join. A `deal` is
told to every other player in the shop by NOTICE ("one short line"), and `ok <nick>` accepts it
(the rulebook: "ok <person> Accepts someone's deal"). Nobody is ever shown a seat number.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from ionarena.store import Store

from .ngircd import Ngircd
from .people import BOT, Person, bot_notice, bot_says, channel_line
from .play import CARDS, CHANNEL, channel_lines, game_id, prompt_of, seat, start_bot

OTHER = "#ion2"
HELD = re.compile(r"(\[[^\]\d\s][^\]]*\]) x\d")
"""A held object in "Objects: 7¢, [R] x1." (not [ ] Useless: it cannot be dealt; instant points
such as [500] are never held)."""
SALE = re.compile(r"(\[[^\]]+\]) [^,·(]*?(\d+)¢ \(buy (\S+)\)")
THINK = 0.5
"""A player's think time: the game's clock runs while they think (it stands still while their turn
line waits), so players who think a little finish a round in fewer real seconds."""
SEAT_NUMBER = re.compile(r"\b(Player|seat) \d|\bok \d")


async def play_round_then_trade(seller: Person, buyer: Person, stop: asyncio.Event) -> str:
    """Both play their first card every turn; in the shop the seller offers an object for 1¢
    (buying one first if they hold none) and the buyer waits for the offer and says `ok <nick>`.
    Returns the offer the buyer was told."""

    async def play(person: Person) -> str:
        while not stop.is_set():
            line = await person.next(prompt_of(person), 30)
            if "the shop is open" in line.text:
                return line.text
            await asyncio.sleep(THINK)
            held = re.search(r"Cards: (.*?)\. Objects", line.text)
            cards = CARDS.findall(held.group(1)) if held else []
            person.tell(cards[0] if cards else "s")
        return ""

    shop, _ = await asyncio.gather(play(seller), play(buyer))
    held = HELD.findall(shop.split("Objects:")[-1])
    if held:
        offered = held[0]
    else:
        coins = int(re.search(r"Objects: (\d+)¢", shop).group(1))  # type: ignore[union-attr]
        sale = [(int(price), symbol, token) for symbol, price, token in SALE.findall(shop)
                if not symbol.strip("[]").isdigit() and int(price) <= coins]
        assert sale, shop
        _, offered, token = min(sale)
        seller.tell(f"buy {token}")
        await asyncio.sleep(1.0)
    seller.tell(f"deal {offered} 1 ¢")
    told = rf"^{seller.nick} offers .* for 1¢: 'ok {seller.nick}' takes it\.$"
    offer = await buyer.expect(bot_notice(buyer, told), 15)
    buyer.tell(f"ok {seller.nick}")
    return offer.text


def test_two_windows_and_a_trade_by_nick(ircd: Ngircd, tmp_path: Path):
    async def go() -> None:
        (bot, watcher, db), people = await asyncio.gather(
            start_bot(ircd, tmp_path, "--channel", OTHER, "--channel-setting", f"{OTHER}:move_time=6"),
            seat(ircd, "ada", "bob", "cy", "dee", "eve", channels=()))  # they join once the bot is in
        ada, bob, cy, dee, eve = people
        try:
            for person, channels in ((ada, [CHANNEL]), (bob, [CHANNEL]), (cy, [CHANNEL, OTHER]),
                                     (dee, [OTHER])):
                for channel in channels:
                    await person.join(channel)
            ada.say(CHANNEL, "!ion bank rounds=2 round_time=10 shop_time=30")
            await watcher.expect(channel_line(CHANNEL, "opens a bank game"), 15)
            dee.say(OTHER, "!ion bank rounds=1 round_time=60")
            await dee.expect(channel_line(OTHER, "opens a bank game"), 15)

            eve.tell("team +")  # in neither channel
            await eve.expect(bot_notice(eve, r"^Join #ion2? first \(/join #ion2?\)"), 10)
            eve.tell("help")  # help outside a game
            await eve.expect(bot_notice(eve, r"^In a game, message me your moves"), 10)
            cy.tell("team -")  # in both channels: which?
            which = r"^Games are open in #ion or #ion2: say which, e\.g\. 'team - #ion'"
            await cy.expect(bot_notice(cy, which), 10)
            cy.tell("team - #ion2")
            await cy.expect(bot_notice(cy, r"^You are on team - in #ion2 \(1 player so far\)"), 10)
            ada.tell("team +")
            await ada.expect(bot_notice(ada, r"^You are on team \+ in #ion "), 10)
            bob.tell("team -")
            await bob.expect(bot_notice(bob, r"^You are on team - in #ion "), 10)
            dee.tell("team +")
            await dee.expect(bot_notice(dee, r"^You are on team \+ in #ion2 \(2 players so far\)"), 10)

            dee.say(OTHER, "!ion options bank")  # the channel's own move time, to the asker
            options = await dee.expect(bot_notice(dee, r"^!ion bank bots=N"), 10)
            assert "move_time=6 (0.5-60)" in options.text and "rounds=3 (1-20)" in options.text
            dee.say(OTHER, "!ion rules bank")
            await dee.expect(bot_notice(dee, r"^Ion bank \(2-16 players"), 10)
            await dee.expect(bot_notice(dee, r"^You have 3 s a move"), 10)

            dee.say(OTHER, "!ion start")
            first = await cy.next(prompt_of(cy), 15)  # cy picked first: on turn first
            assert first.text.startswith("cy: your turn, 6 s · "), first.text
            dee.say(OTHER, "!ion stop")
            await dee.expect(channel_line(OTHER, "stops the game"), 15)

            ada.say(CHANNEL, "!ion start")
            await watcher.expect(channel_line(CHANNEL, r"starts: ada \(\+\), bob \(-\)"), 15)
            table_id = game_id(watcher)
            stop = asyncio.Event()
            offer = await asyncio.wait_for(play_round_then_trade(ada, bob, stop), 90)
            for _ in range(100):  # the accepted deal is in the store
                log = stored_log(db, table_id)
                if (1, "ok 0") in log:
                    break
                await asyncio.sleep(0.1)
            await ada.expect(bot_says(ada, r"(^|· )bob accepts your deal: "), 15)  # the seller is told
            stop.set()
            ada.say(CHANNEL, "!ion stop")
            await watcher.expect(channel_line(CHANNEL, "stops the game"), 15)
        finally:
            for person in people:
                await person.close()
            await watcher.close()
            bot.stop()
        assert (1, "ok 0") in log, log
        assert len(offer.encode()) < 200  # one short line
        assert any("bob takes ada's deal" in text for text in channel_lines(watcher))  # and the table
        # names, never seat numbers, in every line anyone was sent
        for person in (*people, watcher):
            for line in person.lines:
                if line.nick == BOT:
                    assert not SEAT_NUMBER.search(line.text), line.text
    asyncio.run(go())


def stored_log(db: str, table_id: str) -> list[tuple[int | None, str]]:
    """(seat, text) of every stored action of a table."""
    store = Store(db)
    try:
        return [(e.player, e.text) for e in store.log(table_id)]
    finally:
        store.close()
