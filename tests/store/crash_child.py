"""A process hosting tables of bots against a fake clock, until it is killed (see test_crash.py).

    python -m tests.store.crash_child <db url> <table id prefix>

After each accepted action it prints `<table id> <version>` (flushed): the parent kills it with
SIGKILL mid-game and checks that every version printed was kept.
"""

from __future__ import annotations

import sys
import time

from ionarena.host import Table
from ionarena.store import Store
from tests.host.ticker import ensure_registered

from .crash_games import GAMES, make_table


def main(url: str, prefix: str) -> None:
    ensure_registered()
    store = Store(url)
    now = [0.0]
    tables: list[Table] = []
    for name in GAMES:
        table = make_table(name, prefix, clock=lambda: now[0], journal=store)
        table.subscribe(None, lambda u: print(u.table, u.version, flush=True))
        table.start(0.0)
        tables.append(table)
    while True:
        now[0] += 0.05
        for table in tables:
            table.pump(now[0])
        # a moment each step for the parent to read what was printed and kill us mid-game: at full
        # speed on a busy machine every game could end before its SIGKILL arrived
        time.sleep(0.002)
        if all(t.is_over() for t in tables):
            print("all over", flush=True)
            time.sleep(60)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
