"""Bonds and molecules tried at a class's tables that the rules refused, kept for the teacher.

Only chemistry is kept: in compound a `bond …` (declaring a card) or `form …` (RXN by hand), in
valence a `build …`; a refused pick or draw says nothing a teacher needs and may name cards in a
hand. What is kept is what the student typed (or clicked), the game's own reason and the game
version it was refused at — the teacher's report tells whose it was from the seat owners. Each
seat keeps at most `MAX_PER_SEAT` (a student who floods the box with nonsense fills only their own
list), and nothing at a table that is not a class's.

`tried(text)` writes an attempt as the compound it would have made: `bond Na Na` and `bond Na2`
are both `Na2`, `bond H F F` is `HF2`, `bond Mg OH OH` is `Mg(OH)2`, `build Na O H as sodium
hydroxide` is `NaOH`, so the class's most common mistakes can be counted.
"""

from __future__ import annotations

import re

from sqlalchemy import func, insert, select
from sqlalchemy.engine import Connection

from . import schema
from .db import PeopleDB, now

VERBS: dict[str, tuple[str, ...]] = {"compound": ("bond", "form"), "valence": ("build",)}
"""The games whose refused moves are kept, and the verbs of the moves kept."""
MAX_PER_SEAT = 300
MAX_TEXT = 300
_POLYATOMIC = re.compile(r"[A-Z][a-z]?\d*[A-Z]")  # OH, NO3, SO4, NH4: more than one element
_SIDE = re.compile(r"^([A-Z][a-z]?)[1-7]$")        # Fe3, Cu2: a transition metal's side


def is_attempt(game: str, text: object) -> bool:
    """True if `text` is a chemistry move of `game` worth keeping when refused."""
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_TEXT:
        return False
    verb = text.split(None, 1)[0].lower()
    return verb in VERBS.get(game, ())


def tried(text: str) -> str:
    """The compound or molecule an attempt would have made, as a formula (see the module docstring)."""
    words = text.split()[1:]
    if " as " in f" {' '.join(words).lower()} ":  # Science Ninja: `build Na O H as sodium hydroxide`
        lowered = [w.lower() for w in words]
        words = words[:lowered.index("as")]
    for stop in ("=", "—"):  # the full text of a move: `bond Na Cl = NaCl — sodium chloride`
        if stop in words:
            words = words[:words.index(stop)]
    words = [w.strip(",;") for w in words if w.strip(",;")]
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    counts: dict[str, int] = {}
    for word in words:
        side = _SIDE.match(word)
        symbol = side.group(1) if side else word
        counts[symbol] = counts.get(symbol, 0) + 1
    parts = []
    for symbol, count in counts.items():
        if count == 1:
            parts.append(symbol)
        elif _POLYATOMIC.match(symbol):
            parts.append(f"({symbol}){count}")
        else:
            parts.append(f"{symbol}{count}")
    return "".join(parts)


class Attempts:
    """The refused attempts of every class table of a store."""

    def __init__(self, db: PeopleDB):
        self.db = db

    def note(self, table_id: str, seat: int, version: int, text: str, reason: str) -> bool:
        """Keep a refused attempt if the table is a class's and the seat has room; True if kept."""
        a, t = schema.attempts, schema.class_tables
        with self.db.write() as conn:
            if conn.execute(select(t.c.class_id).where(t.c.table_id == table_id)).first() is None:
                return False
            kept = conn.execute(select(func.count()).select_from(a)
                                .where(a.c.table_id == table_id, a.c.seat == seat)).scalar() or 0
            if kept >= MAX_PER_SEAT:
                return False
            conn.execute(insert(a).values(table_id=table_id, seat=seat, version=version, text=text[:MAX_TEXT],
                                          reason=reason[:1000], created_at=now()))
        return True


def of_tables(conn: Connection, table_ids: list[str]) -> list[tuple[str, int, int, str, str]]:
    """`(table, seat, version, text, reason)` of every attempt kept at these tables, oldest first."""
    if not table_ids:
        return []
    a = schema.attempts
    rows = conn.execute(select(a.c.table_id, a.c.seat, a.c.version, a.c.text, a.c.reason)
                        .where(a.c.table_id.in_(table_ids)).order_by(a.c.id)).all()
    return [(row.table_id, row.seat, row.version, row.text, row.reason) for row in rows]


__all__ = ["MAX_PER_SEAT", "VERBS", "Attempts", "is_attempt", "of_tables", "tried"]
