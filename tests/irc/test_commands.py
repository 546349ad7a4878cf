"""What people type: `!ion …` in a channel, join words and moves in private."""

from __future__ import annotations

import pytest

import ionarena  # noqa: F401  (registers the games)
from ionarena.core import get_spec
from ionarena.irc.commands import CommandError, Open, Verb, parse_channel, parse_private
from ionarena.irc.lobby import Lobby


def test_channel_lines_not_for_the_bot_are_chat():
    assert parse_channel("hello there") is None
    assert parse_channel("!ionic") is None


def test_open_a_game_with_bots_and_options():
    command = parse_channel("!ion bank bots=2 round_time=20 move_time=1.5")
    assert command == Open("bank", bots=2, options={"round_time": 20.0, "move_time": 1.5})
    assert parse_channel("!ion dots players=3 variant=tournament") == Open("dots", players=3,
                                                                           variant="tournament")
    assert parse_channel("!ion") == Verb("help")
    assert parse_channel("!ion record abc") == Verb("record", "abc")
    assert parse_channel("!ion TOP bank") == Verb("top", "bank")


@pytest.mark.parametrize("line, says", [
    ("!ion chess", "do not know 'chess'"),
    ("!ion dots bots=x", "bots is a whole number"),
    ("!ion dots players=40", "players is a whole number from 2 to 10"),
    ("!ion dots variant=huge", "no variant 'huge'"),
    ("!ion bank round_time=1", "round_time"),
    ("!ion bank colour=red", "no option"),
    ("!ion dots players=3 bots=3", "leave no seat"),
    ("!ion dots bots", "name=value"),
    ("!ion dots bots=1 level=ismcts:iters=100000", "level is one of easy, medium, hard, random"),
])
def test_bad_commands_get_one_clear_sentence(line, says):
    with pytest.raises(CommandError, match=says):
        parse_channel(line)


def test_bots_take_the_level_asked_for_and_medium_by_default():
    opening = parse_channel("!ion dots players=3 bots=2 level=Hard")
    assert isinstance(opening, Open) and opening.level == "hard"
    lobby = Lobby("#ion", "ada", get_spec("dots"), opening)
    lobby.join("ada")
    assert lobby.seating()[1] == {1: "hard", 2: "hard"}
    plain = parse_channel("!ion valence bots=1")
    assert isinstance(plain, Open) and plain.level == "medium"


def test_private_words():
    assert parse_private("team +").word == "team" and parse_private("TEAM  -").sign == "-"
    assert parse_private("join").word == "join"
    assert parse_private("x2 ++").text == "x2 ++"
    assert parse_private("  play   3|6 ").text == "play 3|6"
    assert parse_private("team x").word == "text"
    assert parse_private("team + #Ion").channel == "#Ion" and parse_private("team + #Ion").sign == "+"
    assert parse_private("join #ion2").channel == "#ion2" and parse_private("join").channel is None
    assert parse_private("help").word == "help" and parse_private("help x2").word == "help"
    assert parse_channel("!ion rules bank") == Verb("rules", "bank")
    assert parse_channel("!ion options") == Verb("options")


def test_bank_lobby_seats_people_in_the_order_they_picked_and_puts_bots_on_the_smaller_team():
    # "Play is rotated in the order that the players selected teams." A switch keeps one's place.
    opening = parse_channel("!ion bank bots=1")
    assert isinstance(opening, Open)
    lobby = Lobby("#ion", "ada", get_spec("bank"), opening)
    lobby.join("bob", "-")
    lobby.join("ada", "+")
    lobby.join("cy", "-")
    lobby.join("BOB", "+")  # switches team, keeps the first place
    nicks, bots, options = lobby.seating()
    assert nicks == ["bob", "ada", "cy", ""]
    assert bots == {3: "medium"}
    assert options["teams"] == "++--"


def test_a_window_holds_no_more_people_than_seats():
    opening = parse_channel("!ion dots players=3 bots=1")
    assert isinstance(opening, Open)
    lobby = Lobby("#ion", "ada", get_spec("dots"), opening)
    assert lobby.join("ada") and lobby.join("bob")
    assert lobby.full and not lobby.join("cy")
    assert lobby.enough() and lobby.seat_count() == 3
