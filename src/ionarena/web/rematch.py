"""Rematch: "Play again" at a finished table — the same seats, a new deal, one table for everyone.

`POST /api/tables/{id}/rematch` (a seat token of the finished table) makes the rematch the first
time anyone asks and hands the asker their seat there; everyone who asks after gets the same
table. The rematch

- has the same game, variant, options, player count and table settings, and a new seed that
  nobody chose (`new_seed`);
- keeps every bot (the same bot in the same seat); a seat whose person left (a bot took it over,
  or it was opened) is played by the table's takeover bot;
- seats each person of the last game in their own seat under their own name at once, but hands
  nobody a token: a person gets theirs by asking with their token of the last game (so strangers
  holding the link cannot take a friend's seat, and asking again gives a fresh token, the one
  before stopping working);
- is never listed in the lobby (the people of the last game and its watchers find it through
  the old page, which links to it); its spectators' chat is as open as the last game's;
- starts once every person has asked, or when one who has asked starts it without the others
  (`POST /api/tables/{id}/rematch/start`): the takeover bot plays for those who did not come, and
  they may still take their seat back later by asking.

Both tables remember it in their labels (`rematch` on the old one, `rematch_of` and `claimed`
on the new one), so a restart changes nothing. Two people asking at the same moment get one table:
every change of one rematch runs under one lock (a server is one event loop).

In a site of several servers (`ionarena.cluster`) the two people may reach two processes. The
rematch's id is then derived from the old table's (`rematch_id`: every process derives the same),
and the process that takes that id's lease (one statement: of several, one) makes it; the others
wait until the store holds it and follow it as a mirror. Everything that changes the rematch (a
seat claimed, the claim noted, the start) runs at its owner, under the owner's lock, relayed there
like a move (`rematch_claim`, `rematch_start`: `Hub.calls`). The rematch is written whole, its
seats and labels with it, in one commit (`Hub.create`). A maker that dies before that commit
leaves only its lease, which runs out: a process waiting for the rematch then takes the lease and
makes it itself (the person whose request died with the maker asks again, and gets that table).
One that dies after the commit, before noting the rematch on the old table, leaves a whole table:
whoever asks next finds it in the store and notes it.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
from dataclasses import dataclass
from typing import Any

from ..core import IllegalAction
from ..host.seats import BOT, PERSON
from ..store import StoreError
from .chat import SPECTATOR_CHAT, spectators_open
from .hub import Hosted, Hub, SeatPlan

NEXT, OF, CLAIMED = "rematch", "rematch_of", "claimed"
"""The labels: the old table's rematch, the rematch's old table, the seats whose people asked."""
MADE_WITHIN = 20.0
"""Seconds a process waits for another to write the rematch it is making (a cluster)."""
WAIT_STEP = 0.1
"""Seconds between two looks at a rematch another process is making (is it written? did its
maker die, its lease run out?)."""


class NotOver(IllegalAction):
    """A rematch asked for before the game is over (409)."""


@dataclass(frozen=True, slots=True)
class Seated:
    """The rematch table and the asker's seat and token there."""

    hosted: Hosted
    seat: int
    token: str


def _seats(text: str | None) -> set[int]:
    return {int(part) for part in (text or "").split(",") if part.strip().isdigit()}


def _text(seats: set[int]) -> str:
    return ",".join(str(s) for s in sorted(seats))


def people(hosted: Hosted) -> list[int]:
    """The seats of a rematch that belong to people of the last game (persons, or the takeover
    bot playing for one who has not come)."""
    return [info.seat for info in hosted.table.seats
            if info.kind == PERSON or (info.kind == BOT and info.takeover)]


def facts(hosted: Hosted) -> dict[str, Any]:
    """What a page is told of a table's rematches (`{"type": "rematch", ...}`): `of`, the table
    this one is a rematch of; `next`, this table's rematch; and, at a rematch, the seats whose
    people have asked (`claimed`) and, while it waits, those it waits for (`waiting_for`)."""
    labels = hosted.table.labels
    message: dict[str, Any] = {"type": "rematch", "of": labels.get(OF), "next": labels.get(NEXT),
                               "claimed": [], "waiting_for": []}
    if message["of"] is not None:
        claimed = _seats(labels.get(CLAIMED))
        message["claimed"] = sorted(claimed)
        if hosted.table.status == "waiting":
            message["waiting_for"] = [s for s in people(hosted) if s not in claimed]
    return message


def rematch_id(old_id: str) -> str:
    """The id of a table's rematch in a cluster, the same at every process (22 characters, as a
    new table's). Nothing secret is derived: the old table's facts name its rematch anyway."""
    digest = hashlib.sha256(f"rematch:{old_id}".encode()).digest()[:16]
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


class Rematches:
    """Rematches of one hub's tables (see the module docstring)."""

    def __init__(self, hub: Hub):
        self.hub = hub
        self._locks: dict[str, asyncio.Lock] = {}
        hub.calls["rematch_claim"] = self._relayed_claim
        hub.calls["rematch_start"] = self._relayed_start

    def _lock(self, old_id: str) -> asyncio.Lock:
        lock = self._locks.get(old_id)
        if lock is None:
            if len(self._locks) > 1000:  # forget idle locks (nobody holds or awaits them)
                for key in [k for k, v in self._locks.items() if not v.locked()]:
                    del self._locks[key]
            lock = self._locks[old_id] = asyncio.Lock()
        return lock

    async def ask(self, old: Hosted, seat: int) -> Seated:
        """The person at `seat` of the finished table `old` wants to play again: the rematch
        (made now if nobody asked before) and their seat and fresh token there."""
        if old.table.status != "over":
            raise NotOver("the game is not over yet: a rematch is asked for at its end")
        name = old.table.seats[seat].name or f"Player {seat}"
        async with self._lock(old.id):
            new, tokens = await self._rematch(old)
            if new.remote is None:
                try:
                    return Seated(new, seat, await self._claim_here(new, seat, name, tokens))
                except StoreError:
                    if new.remote is None:
                        raise
                    # another process took the rematch over meanwhile (its maker died and two
                    # survivors took it at once): the claim is that one's to make
            assert self.hub.cluster is not None  # another process plays the rematch: claimed there
            token = await self.hub.cluster.relayed(
                new, "rematch_claim", lambda: self._claim_here(new, seat, name, tokens), seat=seat,
                name=name)
            return Seated(new, seat, str(token))

    async def _rematch(self, old: Hosted) -> tuple[Hosted, dict[int, str]]:
        """The rematch of `old`, made now if nobody made it before, and the tokens of its people's
        seats if made now (else none)."""
        hub, cluster = self.hub, self.hub.cluster
        next_id = await self.known(old)
        if next_id is not None:
            return await hub.find(next_id), {}
        if cluster is None:
            return await self._make(old)
        table_id = rematch_id(old.id)
        waited = 0.0
        while True:  # the process that takes the id's lease makes it; the others wait for it
            if await cluster.claim(table_id):
                if not await cluster.stored(table_id):  # (its maker may have died before writing it)
                    return await self._make(old, table_id)
                break
            if await cluster.stored(table_id):
                break
            if waited > MADE_WITHIN:
                raise StoreError("the rematch is being made by another server; try again in a moment")
            await asyncio.sleep(WAIT_STEP)
            waited += WAIT_STEP
        new = await hub.find(table_id)
        await self._link(old, table_id)
        return new, {}

    async def known(self, old: Hosted) -> str | None:
        """The id of `old`'s rematch if one was made: as this process knows it, or (a cluster,
        where another process may have made it) as the store keeps it, learnt here."""
        next_id = old.table.labels.get(NEXT)
        if next_id is not None or self.hub.cluster is None or old.table.status != "over":
            return next_id
        try:
            info = await self.hub.run(self.hub.store.table_info, old.id)
        except StoreError:
            return None
        next_id = info.labels.get(NEXT)
        if next_id is not None:
            await self._link(old, next_id)
        return next_id

    async def _link(self, old: Hosted, next_id: str) -> None:
        """Note the rematch on the finished table (one followed from the process that played it is
        the store's to write now: nobody plays it any more)."""
        if old.remote is not None:
            old.table.journal = self.hub.store
        await self.hub.run(old.table.set_labels, {NEXT: next_id})

    async def _make(self, old: Hosted, table_id: str | None = None) -> tuple[Hosted, dict[int, str]]:
        table = old.table
        info = table.info()
        takeover = table.settings.takeover or "greedy"
        plans = []
        for seat in table.seats:
            if seat.kind == PERSON:
                plans.append(SeatPlan("human", name=seat.name or None))
            elif seat.kind == BOT and not seat.takeover:
                plans.append(SeatPlan("bot", bot=seat.bot or "greedy"))
            else:  # its person left: the takeover bot plays it
                plans.append(SeatPlan("bot", bot=takeover))
        settings = table.settings
        labels = {OF: old.id, CLAIMED: "", SPECTATOR_CHAT: "on" if spectators_open(table) else "off"}
        new, tokens = await self.hub.create(
            table.game, players=table.players, variant=info.variant, seats=plans, seed=None,
            options=info.options, listed=False, move_limit=settings.move_limit, bot_delay=settings.bot_delay,
            reaction_time=settings.reaction_time, start=False, table_id=table_id, labels=labels)
        await self._link(old, new.id)
        return new, tokens

    async def _claim_here(self, new: Hosted, seat: int, name: str, tokens: dict[int, str]) -> str:
        """At the rematch's owner (its lock held): `seat`'s person takes their seat (`tokens`: those
        handed out as it was made) and the claim is noted."""
        token = tokens.get(seat) or await self._claim(new, seat, name)
        await self._note_claim(new, seat)
        return token

    async def _relayed_claim(self, new: Hosted, message: dict[str, Any]) -> dict[str, Any]:
        """`rematch_claim`, relayed from another process: `_claim_here` under this owner's lock."""
        old_id = new.table.labels.get(OF)
        if old_id is None:
            raise IllegalAction("this table is not a rematch")
        async with self._lock(old_id):
            return {"token": await self._claim_here(new, int(message["seat"]), str(message["name"]), {})}

    async def _relayed_start(self, new: Hosted, message: dict[str, Any]) -> dict[str, Any]:
        """`rematch_start`, relayed from another process."""
        await self.start(new, int(message["seat"]))
        return {}

    async def _claim(self, new: Hosted, seat: int, name: str) -> str:
        """The person of `seat` takes their seat at the rematch: a fresh token for it, or the seat
        back from the takeover bot that played for them."""
        table = new.table
        held = table.seats[seat]
        if held.kind == PERSON:
            return await self.hub.run(table.retoken, seat)
        if held.kind == BOT and held.takeover:
            return await self.hub.sit(new, seat, name)
        raise IllegalAction("a bot plays that seat at the rematch")

    async def _note_claim(self, new: Hosted, seat: int) -> None:
        """Note that `seat`'s person asked; start the rematch once every person has."""
        table = new.table
        claimed = _seats(table.labels.get(CLAIMED)) | {seat}
        await self.hub.run(table.set_labels, {CLAIMED: _text(claimed)})
        if table.status == "waiting" and all(s in claimed for s in people(new)):
            await self._start(new)

    async def start(self, new: Hosted, seat: int) -> None:
        """A person seated at a rematch that waits starts it without the people who have not
        asked: the takeover bot plays their seats until they come."""
        old_id = new.table.labels.get(OF)
        if old_id is None:
            raise IllegalAction("this table is not a rematch: it starts when every seat is taken")
        if new.remote is not None:  # another process plays the rematch: it starts it
            assert self.hub.cluster is not None
            await self.hub.cluster.relayed(new, "rematch_start", lambda: self.start(new, seat), seat=seat)
            return
        async with self._lock(old_id):
            table = new.table
            if table.status != "waiting":
                raise IllegalAction("the rematch has started already")
            claimed = _seats(table.labels.get(CLAIMED))
            if seat not in claimed:
                raise IllegalAction("ask for the rematch first: then you may start it")
            for other in people(new):
                if other not in claimed and table.seats[other].kind == PERSON:
                    await self.hub.run(table.leave, other)
            await self._start(new)

    async def _start(self, new: Hosted) -> None:
        def start() -> None:
            if new.table.status == "waiting":
                new.table.start()
        await self.hub.run(start)
        self.hub.kick(new)


__all__ = ["CLAIMED", "NEXT", "OF", "NotOver", "Rematches", "Seated", "facts", "people", "rematch_id"]
