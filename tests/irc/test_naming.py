"""Names, never seat numbers: bots' names, the kernel's "Player 2" put into names, `ok <nick>`;
accounts kept in a table's labels; the all-time table per game and per services account; the
bot's sentences that must not say where its database is or sum points of different games."""

from __future__ import annotations

import ionarena  # noqa: F401  (registers the games)
from ionarena.host import IRC, Table
from ionarena.irc import catalogue
from ionarena.irc.accounts import account_labels, accounts_from, identity
from ionarena.irc.naming import name_seats, named_moves, ok_command, react_command, seat_named, seat_names
from ionarena.irc.player import reword
from ionarena.store import Store
from ionarena.store.standings import standings


def test_bots_get_names_no_player_has_and_seat_numbers_become_names():
    names = seat_names(["ada", "", "bot1", ""])
    assert names == ["ada", "bot2", "bot1", "bot3"]
    refusal = "it is not your turn: Player 1 is on turn"
    assert name_seats(refusal, names) == "it is not your turn: bot2 is on turn"
    assert name_seats("Player 9 has no open deal", names) == "Player 9 has no open deal"  # nobody
    assert seat_named("BOT1", names) == 2 and seat_named("eve", names) is None
    assert ok_command("ok ADA", names) == "ok 0" and ok_command("ok 3", names) == "ok 3"
    assert ok_command("ok eve", names) == "ok eve" and ok_command("buy x2", names) == "buy x2"


def test_accounts_fit_the_labels_of_sixteen_players_and_come_back():
    accounts = {seat: f"account-of-player-{seat:02d}" for seat in range(16)}
    labels = account_labels(accounts)
    assert all(len(value) <= 250 for value in labels.values()) and len(labels) <= 14
    assert accounts_from({"channel": "#ion", **labels}) == accounts
    assert identity(labels, 3, "nick3") == "account-of-player-03" and identity({}, 3, "nick3") == "nick3"


def play_out(table: Table) -> None:
    table.start(0.0)
    for _ in range(400):
        if table.is_over():
            return
        update = table.update(None)
        seat = update.actors[0]
        table.submit(seat, table.update(seat).legal[0], None)
    raise AssertionError("the game did not end")


def test_the_all_time_table_counts_one_person_per_account_and_each_game_apart():
    with Store("sqlite:///:memory:") as store:
        for nick, account, game in (("ada", "adaacct", "dots"), ("ada_", "adaacct", "dots"),
                                    ("ada", None, "valence")):
            labels = {"channel": "#ion", **account_labels({0: account} if account else {})}
            table = Table(game, players=2, seed=4, journal=store, clock=lambda: 0.0, surface=IRC,
                          labels=labels, options={"turn_cap": 6})
            table.sit(0, nick)
            table.sit(1, "bob")
            play_out(table)
        dots = standings(store, identity, "dots", surface=IRC)
        assert {row.name: row.games for row in dots} == {"adaacct": 2, "bob": 2}
        everything = standings(store, identity, surface=IRC)
        assert {row.name: row.games for row in everything} == {"adaacct": 2, "bob": 3, "ada": 1}
        # points of different games are never summed on the channel: without a game, wins alone
        text = catalogue.top(None, everything)
        assert "points" not in text and "bob " in text
        assert "points" in catalogue.top("dots", dots)


def test_a_record_line_never_says_where_the_database_is():
    line = catalogue.record_line("abc", "dots", "standard", 3, "over", 42, 7)
    assert line.startswith("Game abc: dots (standard), 3 players, over, 42 actions, seed 7.")
    assert "sqlite" not in line and "/" not in line.split("seed 7.")[1].replace("'ion replay'", "")


def test_valences_reaction_names_the_player_not_their_seat():
    """Valence's `react <your card> <player> <their card>` takes a seat number; on IRC players
    read and type the nick."""
    names = ["ada", "bob", "bot1"]
    assert named_moves(["react H 1 OH", "build H2O", "react Na 2 Cl"], names) == [
        "react H bob OH", "build H2O", "react Na bot1 Cl"]
    assert react_command("react H bob OH", names) == "react H 1 OH"
    assert react_command("react H 1 OH", names) == "react H 1 OH"
    assert react_command("react H zed OH", names) == "react H zed OH"
    assert reword("'zed' is not a player number (0 to 2)", 0, names) == "nobody called zed plays here"
    dots = "it is not Player 0's turn; Player 1 is to move"
    assert reword(dots, 0, names) == "it is not your turn: bob is on turn"
