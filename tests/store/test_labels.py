"""Which surface hosts a table, its labels, renamed seats, resuming one surface's tables, the
all-time table, and migration 0003 (the IRC bot's own `ion_irc_games` folded into the store),
on SQLite and a real PostgreSQL."""

from __future__ import annotations

import json
from collections import defaultdict

import pytest
from sqlalchemy import Column, DateTime, MetaData, String, Text, create_engine, inspect, text
from sqlalchemy import Table as SqlTable

from ionarena.core import IllegalAction
from ionarena.host import MemoryJournal, Table
from ionarena.store import Standing, Store, resolve_url
from ionarena.store.migrate import downgrade, upgrade


def play_out(table: Table) -> None:
    """Every person plays their first legal move until the game ends (bots as they are due)."""
    table.start(0.0)
    while not table.is_over():
        table.pump(0.0)
        for info in table.seats:
            if info.kind == "person" and not table.is_over():
                update = table.update(info.seat)
                if update.legal:
                    table.submit(info.seat, update.legal[0], update.version)


def test_a_table_keeps_its_surface_and_labels_and_a_renamed_seat(db_url):
    with Store(db_url) as store:
        table = Table("dots", players=2, bots={1: "greedy"}, seed=4, journal=store, surface="irc",
                      labels={"channel": "#ion", "opener": "ada"})
        token = table.sit(0, "ada")
        table.start(0.0)
        info = store.table_info(table.id)
        assert (info.surface, dict(info.labels)) == ("irc", {"channel": "#ion", "opener": "ada"})
        assert table.set_labels({"channel": "#ion-2", "opener": None}) == {"channel": "#ion-2"}
        assert (table.label("channel"), table.label("opener")) == ("#ion-2", None)  # one, as it is now
        table.rename(0, "ada_away")
        again = store.load(table.id)
        assert again.surface == "irc" and again.labels == {"channel": "#ion-2"}
        assert again.seats[0].name == "ada_away" and again.authenticate(token) == 0
        assert again.update(None).names[0] == "ada_away"
        assert [r.surface for r in store.tables()] == ["irc"]
        plain = Table("dots", players=2, seed=1, journal=store)
        assert store.table_info(plain.id).surface is None and dict(store.table_info(plain.id).labels) == {}


@pytest.mark.parametrize("labels", [{"channel": "x" * 251}, {"bad name": "x"}, {"bell": "\x07"},
                                    {"n": 3}, {f"k{i}": "v" for i in range(17)}])
def test_bad_labels_are_refused_and_change_nothing(labels):
    journal = MemoryJournal()
    with pytest.raises(IllegalAction):
        Table("dots", players=2, seed=1, journal=journal, labels=labels)
    assert journal.tables == {}
    table = Table("dots", players=2, seed=1, journal=journal, labels={"channel": "#ion"})
    with pytest.raises(IllegalAction):
        table.set_labels(labels)
    assert table.labels == {"channel": "#ion"}
    assert dict(journal.tables[table.id].labels) == {"channel": "#ion"}


@pytest.mark.parametrize("surface", ["Web", "", "a" * 17, 3, "irc!"])
def test_a_surface_is_a_short_lowercase_word(surface):
    with pytest.raises(IllegalAction):
        Table("dots", players=2, seed=1, surface=surface)


def test_rename_is_for_the_person_in_a_seat_while_the_game_goes_on():
    journal = MemoryJournal()
    table = Table("dots", players=3, bots={2: "greedy"}, seed=2, journal=journal, clock=lambda: 0.0)
    table.sit(0, "ada")
    seen = []
    table.subscribe(None, seen.append)
    table.rename(0, " ada_ ")
    assert journal.tables[table.id].seats[0].name == "ada_" and seen[-1].names[0] == "ada_"
    assert seen[-1].version == 0 and seen[-1].events == ()  # a new name, no new move
    for seat, name in ((1, "bob"), (2, "cy"), (0, ""), (0, "x" * 33)):
        with pytest.raises(IllegalAction):
            table.rename(seat, name)
    table.abandon()
    with pytest.raises(IllegalAction, match="over"):
        table.rename(0, "ada")
    assert journal.tables[table.id].seats[0].name == "ada_"


def test_resume_takes_only_the_tables_of_the_surfaces_asked_for(db_url):
    with Store(db_url) as store:
        made = {surface: Table("dots", players=2, seed=3, journal=store, surface=surface)
                for surface in ("web", "irc", "terminal", None)}
        for table in made.values():
            table.sit(0, "ada")
            table.sit(1, "bob")
            table.start(0.0)

        def resumed(**kw) -> set[str]:
            return {t.id for t in store.resume(clock=lambda: 0.0, **kw)}

        ids = {surface: table.id for surface, table in made.items()}
        assert resumed() == set(ids.values())
        assert resumed(surfaces=("irc",)) == {ids["irc"]}
        assert resumed(surfaces=("web", None)) == {ids["web"], ids[None]}
        assert resumed(surfaces=()) == set()


def test_top_is_the_all_time_table_of_people(db_url):
    expected: dict[tuple[str | None, str | None], dict[str, list[float]]] = defaultdict(
        lambda: defaultdict(lambda: [0, 0, 0.0]))
    with Store(db_url) as store:
        games = [("irc", {1: "random"}, ["ada"]), ("web", {}, ["ada", "bob"]),
                 ("irc", {0: "random"}, ["bob"]), ("irc", {1: "random"}, ["cy"])]
        for seed, (surface, bots, people) in enumerate(games):
            table = Table("dots", players=2, bots=bots, seed=seed, journal=store, surface=surface,
                          clock=lambda: 0.0)
            for seat, name in zip([s for s in range(2) if s not in bots], people, strict=True):
                table.sit(seat, name)
            play_out(table)
            finish = table.finish()
            assert finish is not None
            for result in finish.results:
                if result.agent is None:
                    for key in ((None, None), (surface, None)):
                        line = expected[key][result.name]
                        line[0] += 1
                        line[1] += result.winner
                        line[2] += result.score
        Table("compound", players=3, seed=1, journal=store)  # unfinished: not in the table

        def ranked(lines: dict[str, list[float]]) -> list[Standing]:
            rows = [Standing(name, int(g), int(w), float(p)) for name, (g, w, p) in lines.items()]
            return sorted(rows, key=lambda r: (-r.wins, -r.points, r.name))

        assert store.top() == ranked(expected[None, None])
        assert {r.name for r in store.top()} == {"ada", "bob", "cy"}  # never a bot
        assert store.top("dots") == store.top()
        assert store.top(surface="irc") == ranked(expected["irc", None])
        assert store.top(limit=1) == store.top()[:1]
        assert store.top("compound") == []
        with pytest.raises(ValueError):
            store.top(limit=0)


OLD_IRC_GAMES = SqlTable(
    "ion_irc_games", MetaData(),
    Column("table_id", String(64), primary_key=True),
    Column("channel", String(200), nullable=False),
    Column("nicks", Text, nullable=False),
    Column("host", String(250), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)
"""The table the IRC bot made for itself beside the store's, before migration 0003."""


def test_an_older_store_with_the_irc_bots_own_table_upgrades_in_place(db_url):
    engine = create_engine(resolve_url(db_url))
    upgrade(engine, "0002")
    OLD_IRC_GAMES.create(engine)  # as the bot did: create_all beside the store's migrations
    rows = {"irc-playing": "playing", "irc-over": "over", "web-playing": "playing"}
    with engine.begin() as conn:
        for table_id, status in rows.items():
            conn.execute(text(
                "INSERT INTO ion_tables (id, game, variant, players, seed, options, settings, status, "
                "created_at, updated_at, listed) VALUES (:id, 'dots', 'quick', 2, '7', '{}', '{}', :status, "
                "'2024-01-01 00:00:00', '2024-01-01 00:00:00', false)"), {"id": table_id, "status": status})
            conn.execute(text("INSERT INTO ion_seats (table_id, seat, kind, name, takeover) "
                              "VALUES (:id, 0, 'person', 'ada', false)"), {"id": table_id})
            conn.execute(text("INSERT INTO ion_seats (table_id, seat, kind, name, bot, takeover) "
                              "VALUES (:id, 1, 'bot', '', 'greedy', false)"), {"id": table_id})
        for table_id in ("irc-playing", "irc-over"):  # ada became ada_ on IRC: only the bot's table knew
            conn.execute(OLD_IRC_GAMES.insert().values(table_id=table_id, channel="#ion",
                                                       nicks=json.dumps(["ada_", ""]), host="ada",
                                                       created_at=text("CURRENT_TIMESTAMP")))
    engine.dispose()

    with Store(db_url) as store:
        with store.engine.connect() as conn:
            assert "ion_irc_games" not in inspect(conn).get_table_names()
        for table_id in ("irc-playing", "irc-over"):
            info = store.table_info(table_id)
            assert info.surface == "irc" and dict(info.labels) == {"channel": "#ion", "opener": "ada"}
            assert [s.name for s in info.seats] == ["ada_", ""]
        web = store.table_info("web-playing")
        assert web.surface is None and dict(web.labels) == {} and web.seats[0].name == "ada"
        assert [t.id for t in store.resume(clock=lambda: 0.0, surfaces=("irc",))] == ["irc-playing"]
        assert [t.id for t in store.resume(clock=lambda: 0.0, surfaces=("web", None))] == ["web-playing"]

    engine = create_engine(resolve_url(db_url))
    downgrade(engine, "0002")
    with engine.connect() as conn:
        kept = conn.execute(text("SELECT table_id, channel, nicks, host FROM ion_irc_games "
                                 "ORDER BY table_id")).all()
        assert [(r[0], r[1], json.loads(r[2]), r[3]) for r in kept] == [
            ("irc-over", "#ion", ["ada_", ""], "ada"), ("irc-playing", "#ion", ["ada_", ""], "ada")]
        assert "surface" not in {c["name"] for c in inspect(conn).get_columns("ion_tables")}
    engine.dispose()
    with Store(db_url) as store:  # and up again
        assert store.table_info("irc-playing").surface == "irc"
        assert store.table_info("web-playing").surface is None
