"""The people at a table besides the game: their chat, their presence, their rematch.

`Social` sits beside the hub (one per server) and hears every WebSocket connection come and go
(`web.sockets` calls `joined`, `left` and `handle`). On arrival a connection is sent

- `{"type": "chat", "history": true, "lines": [...], "rooms": [...], "spectators": bool}` — the
  lines it may read (`web.chat.readable`), which rooms those are and whether spectators may chat;
- `{"type": "presence", ...}` — each person's seat connected, away or disconnected
  (`web.presence`), pushed again to everyone whenever it changes;
- `{"type": "rematch", ...}` — the table's rematch, if there is one (`web.rematch.facts`).

Later: `{"type": "chat", "lines": [line]}` for each line said in a room the connection may read
(after it is committed), the chat message with `history` again when the spectators' chat is
opened or closed (through whichever server of a site: a mirror hears it with the table's
labels), and `rematch` when a rematch is made or someone asks to play it. A page sends
`{"type": "presence", "away": true|false}` when its tab is hidden or shown.

Nothing here reads a seat's view: a chat line, a presence word and a rematch's table id are
all that travel, each only to the connections allowed to read it.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime
from typing import Any

from ..host import Table
from ..store import StoreError
from ..store.chat import ROOMS, ChatLine, ChatStore
from .chat import Chat, readable, spectators_open
from .hub import Hosted, Hub, NotFound
from .presence import Listener, Room
from .rematch import OF, Rematches, Seated, facts

log = logging.getLogger(__name__)

HISTORY = 200
"""Chat lines a page is sent when it connects (per room it reads)."""
PRESENCE_KEPT = 12.0
"""Seconds another server's word on who is at a table holds (each repeats it every few seconds:
one that has stopped saying it is gone)."""


class Social:
    """Chat, presence and rematches of one hub's tables (see the module docstring)."""

    def __init__(self, hub: Hub, chat: Chat | None = None):
        self.hub = hub
        self.chat = chat or Chat(ChatStore(hub.store))
        self.rematches = Rematches(hub)
        self.rooms: dict[str, Room] = {}
        self._said: dict[str, list[ChatLine]] = {}
        """The last lines of each table with a room (read from the store once, then kept)."""
        self._spoken = 0
        """Lines said so far by this server."""
        self._tasks: set[asyncio.Task[None]] = set()
        if hub.cluster is not None:
            hub.cluster.every_few_seconds.append(self.repeat_presence)
        hub.calls["chat_spectators"] = self._relayed_spectators
        hub.labels_followed.append(self._labels_followed)

    async def _relayed_spectators(self, hosted: Hosted, message: dict[str, Any]) -> dict[str, Any]:
        """`chat_spectators`, relayed from another server of the site: set here, where it is played;
        the labels answered (the asker's mirror has them before it answers its person)."""
        await self.set_spectators(hosted, bool(message["open"]))
        return {"labels": hosted.table.labels}

    def _labels_followed(self, hosted: Hosted, before: dict[str, str]) -> None:
        """Another server of the site changed the table's labels: if the spectators' chat was
        opened or closed, every page here is sent what it may read now."""
        if spectators_open(hosted.table) != spectators_open(hosted.table, before) and hosted.id in self.rooms:
            task = asyncio.get_running_loop().create_task(self._send_history(hosted))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    # -- the socket's hooks ---------------------------------------------------------------------------

    async def joined(self, hosted: Hosted, listener: Listener) -> None:
        """A connection arrived at `hosted` (after its first state was queued)."""
        room = self.rooms.get(hosted.id)
        if room is None:
            room = self.rooms[hosted.id] = Room(hosted.id)
            cluster = self.hub.cluster
            if cluster is not None:  # what is said and who is there through the other servers
                await cluster.listen_room(hosted.id, lambda message: self._heard(hosted, message))
                cluster.tell_room(hosted.id, {"ask": True})
        room.join(listener)
        self._tell_presence(hosted, room)
        try:
            said = await self._lines(hosted)
        except StoreError as err:  # the game goes on without its chat's past
            log.warning("table %s: the chat cannot be read: %s", hosted.id, err)
            said = []
        listener.send(self._history(hosted.table, listener.seat, said))
        room.push_presence(hosted.table, force=listener)
        rematch = await self._facts(hosted)
        if rematch["next"] or rematch["of"]:
            listener.send(rematch)

    def left(self, hosted: Hosted, listener: Listener) -> None:
        """A connection went."""
        room = self.rooms.get(hosted.id)
        if room is None:
            return
        room.leave(listener)
        self._tell_presence(hosted, room)
        if room.listeners:
            room.push_presence(hosted.table)
        else:
            del self.rooms[hosted.id]
            self._said.pop(hosted.id, None)
            if self.hub.cluster is not None:
                self.hub.cluster.leave_room(hosted.id)

    @staticmethod
    def handles(kind: object) -> bool:
        """Whether a client message of this type is ours."""
        return kind == "presence"

    def handle(self, hosted: Hosted, listener: Listener, message: dict[str, Any]) -> str | None:
        """A client's message of our type; returns an error sentence for that client, or None."""
        away = message.get("away")
        if not isinstance(away, bool):
            return "a presence message says 'away': true or false"
        room = self.rooms.get(hosted.id)
        if room is not None and room.set_away(listener, away):
            self._tell_presence(hosted, room)
            room.push_presence(hosted.table)
        return None

    # -- several servers: what the other servers' rooms of a table say --------------------------------

    def _tell_presence(self, hosted: Hosted, room: Room) -> None:
        """Tell the other servers who is at the table here (a site of several servers)."""
        cluster = self.hub.cluster
        if cluster is not None:
            seats, watching = room.summary()
            cluster.tell_room(hosted.id, {"presence": {str(s): away for s, away in seats.items()},
                                          "watching": watching})

    def repeat_presence(self) -> None:
        """Every few seconds: tell the other servers again, and forget those long silent (gone)."""
        for table_id, room in list(self.rooms.items()):
            hosted = self.hub.tables.get(table_id)
            if hosted is None:
                continue
            self._tell_presence(hosted, room)
            if room.forget_older(PRESENCE_KEPT):
                room.push_presence(hosted.table)

    def _heard(self, hosted: Hosted, message: dict[str, Any]) -> None:
        """What another server of the site said of the people at the table."""
        room = self.rooms.get(hosted.id)
        if "line" in message:
            self._heard_line(hosted, message["line"])
        elif "presence" in message and room is not None:
            seats = {int(seat): bool(away) for seat, away in dict(message["presence"]).items()}
            room.heard(str(message.get("from")), seats, int(message.get("watching") or 0))
            room.push_presence(hosted.table)
        elif message.get("ask") and room is not None:
            self._tell_presence(hosted, room)
        elif "rematch" in message and room is not None:
            task = asyncio.get_running_loop().create_task(self._heard_rematch(hosted))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    # -- chat -----------------------------------------------------------------------------------------

    async def _lines(self, hosted: Hosted) -> list[ChatLine]:
        said = self._said.get(hosted.id)
        if said is None and hosted.silent:  # nothing to read: a new table, nothing said yet
            said = self._said.setdefault(hosted.id, []) if hosted.id in self.rooms else []
        if said is None:
            before = self._spoken
            said = await self.hub.run(self.chat.store.lines, hosted.id, ROOMS, 2 * HISTORY)
            # kept only if no line was said while the store was read (it might be missing)
            if hosted.id in self.rooms and self._spoken == before:
                said = self._said.setdefault(hosted.id, said)
        return said

    def _history(self, table: Table, seat: int | None, said: list[ChatLine]) -> dict[str, Any]:
        rooms = readable(table, seat)
        lines = [line.to_json() for line in said if line.room in rooms][-HISTORY:]
        return {"type": "chat", "history": True, "lines": lines, "rooms": list(rooms),
                "spectators": spectators_open(table)}

    async def say(self, hosted: Hosted, seat: int | None, name: object, address: str,
                  text: object) -> ChatLine:
        """A line said at `hosted` by `seat` (None: a spectator under `name`, counted by
        `address`); committed, then pushed to every connection that may read its room."""
        table = hosted.table
        speaker = self.chat.speaker(table, seat, name, address)
        hosted.silent = False  # (before the line is written: a reader meanwhile reads the store)
        line = await self.hub.run(self.chat.say, table, speaker, text)
        self._spoken += 1
        said = self._said.get(hosted.id)
        if said is not None:
            said.append(line)
            del said[:-2 * HISTORY]
        self._tell(hosted, line)
        if self.hub.cluster is not None:
            self.hub.cluster.tell_room(hosted.id, {"line": line.to_json()})
        return line

    def _tell(self, hosted: Hosted, line: ChatLine) -> None:
        """Push a line to every connection here that may read its room."""
        room = self.rooms.get(hosted.id)
        if room is not None:
            table = hosted.table
            message = {"type": "chat", "lines": [line.to_json()]}
            room.broadcast(message, [li for li in room.listeners if line.room in readable(table, li.seat)])

    def _heard_line(self, hosted: Hosted, data: dict[str, Any]) -> None:
        """A line said at the table through another server of the site (already committed)."""
        at = data.get("at")
        line = ChatLine(table=hosted.id, room=str(data["room"]), seat=data.get("seat"),
                        name=str(data["name"]), text=str(data["text"]), version=int(data["version"]),
                        id=data.get("id"),
                        at=datetime.fromisoformat(at) if isinstance(at, str) else None)
        said = self._said.get(hosted.id)
        if said is not None:
            said.append(line)
            del said[:-2 * HISTORY]
        self._tell(hosted, line)

    async def history(self, hosted: Hosted, seat: int | None) -> dict[str, Any]:
        """What `GET /api/tables/{id}/chat` answers a reader at `seat`."""
        message = self._history(hosted.table, seat, await self._lines(hosted))
        del message["type"], message["history"]
        return message

    async def set_spectators(self, hosted: Hosted, open_: bool) -> bool:
        """Open or close the spectators' chat; every connection is sent what it may read now.
        (At a table another server of the site plays, it is set there; the pages here hear of it
        as every other server's do: `_labels_followed`, before this returns.)"""
        if hosted.remote is not None and self.hub.cluster is not None:
            await self.hub.cluster.relayed(hosted, "chat_spectators",
                                           lambda: self.set_spectators(hosted, open_), open=open_)
            return open_
        await self.hub.run(self.chat.set_spectators, hosted.table, open_)
        await self._send_history(hosted)
        return open_

    async def _send_history(self, hosted: Hosted) -> None:
        """Send every connection here at the table what it may read now."""
        room = self.rooms.get(hosted.id)
        if room is not None:
            said = await self._lines(hosted)
            for listener in list(room.listeners):
                listener.send(self._history(hosted.table, listener.seat, said))

    # -- rematch --------------------------------------------------------------------------------------

    async def _find(self, table_id: str | None) -> Hosted | None:
        if table_id is None:
            return None
        try:
            return await self.hub.find(table_id)
        except NotFound:
            return None

    async def rematch(self, old: Hosted, seat: int) -> Seated:
        """The person at `seat` asks for a rematch of `old` (see `web.rematch`); both tables'
        pages are told."""
        seated = await self.rematches.ask(old, seat)
        await self._tell_rematch(old, seated.hosted)
        return seated

    async def start_rematch(self, new: Hosted, seat: int) -> dict[str, Any]:
        """Start a waiting rematch without the people who have not asked (see `web.rematch`)."""
        await self.rematches.start(new, seat)
        await self._tell_rematch(await self._find(new.table.labels.get(OF)), new)
        return await self._facts(new)

    async def _tell_rematch(self, old: Hosted | None, new: Hosted) -> None:
        for hosted in (old, new):
            room = self.rooms.get(hosted.id) if hosted is not None else None
            if hosted is not None and room is not None:
                room.broadcast(await self._facts(hosted))
            if hosted is not None and self.hub.cluster is not None:  # the pages at the other servers
                self.hub.cluster.tell_room(hosted.id, {"rematch": new.id})

    async def _heard_rematch(self, hosted: Hosted) -> None:
        """Another server made or changed the table's rematch: tell the pages here."""
        room = self.rooms.get(hosted.id)
        if room is not None:
            room.broadcast(await self._facts(hosted))

    async def _facts(self, hosted: Hosted) -> dict[str, Any]:
        """`rematch.facts`, and at a finished table with a rematch, whose people have asked for
        it (`asked`: seats, the same at both tables)."""
        await self.rematches.known(hosted)  # (made through another server of a site: the store says)
        message = facts(hosted)
        message["asked"] = []
        rematch = await self._find(message["next"])
        if rematch is not None:
            message["asked"] = facts(rematch)["claimed"]
        return message

    async def rematch_facts(self, hosted: Hosted) -> dict[str, Any]:
        """What `GET /api/tables/{id}/rematch` answers."""
        message = await self._facts(hosted)
        del message["type"]
        return message


__all__ = ["HISTORY", "Social"]
