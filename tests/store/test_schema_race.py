"""Processes opening a new store at the same moment take turns with its schema.

Two terminals (or `ion serve` started twice over one PostgreSQL database) opening a store that has
no tables yet both found it empty and both created them; the second then failed with "table
ion_tables already exists" (`store.schemalock` makes them take turns).
"""

from __future__ import annotations

import multiprocessing
from typing import Any

from ionarena.store import Store

OPENERS = 6


def _open(url: str, start: Any, answers: Any) -> None:
    start.wait()
    try:
        with Store(url) as store:
            answers.put(("ok", len(store.tables())))
    except Exception as err:  # reported to the test, which shows it
        answers.put(("error", f"{type(err).__name__}: {err}"))


def open_at_once(url: str) -> list[tuple[str, Any]]:
    context = multiprocessing.get_context("fork")  # (the children only open a store)
    start, answers = context.Barrier(OPENERS), context.Queue()
    openers = [context.Process(target=_open, args=(url, start, answers)) for _ in range(OPENERS)]
    for opener in openers:
        opener.start()
    got = [answers.get(timeout=120) for _ in openers]
    for opener in openers:
        opener.join(timeout=60)
    return got


def test_six_processes_open_a_new_store_at_once(db_url: str) -> None:
    assert open_at_once(db_url) == [("ok", 0)] * OPENERS
