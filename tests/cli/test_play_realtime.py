"""`ion play` for timed games: real time on a host table, driven by a fake clock and scripted input.

The ticker test game (tests/host/ticker.py) stands for any timed game; the bank game is played
too once it plays (it is being migrated to Kernel 2)."""

from __future__ import annotations

import pytest

from ionarena.cli.play_realtime import FakeClock, ScriptedLines, play_realtime
from ionarena.core.record import replay
from ionarena.store import Store
from tests.host.ticker import registered
from tests.store.crash_games import bank_plays


@pytest.fixture(autouse=True)
def ticker_game():
    with registered():
        yield


def session(script, seat=0, players=3, bots=("random@0.5",), seed=1, options=None, tick=0.1, store=None,
            game="ticker"):
    clock = FakeClock()
    lines: list[str] = []
    table = play_realtime(game, players, seat, list(bots), seed, None, options=options, store=store,
                          source=ScriptedLines(script, clock), clock=clock, out=lines.append, tick=tick)
    return table, lines


def test_a_typed_move_is_applied_at_the_time_it_was_typed_and_bad_input_gets_a_reason():
    table, lines = session([(1.25, "flap"), (1.3, "tap"), (1.35, "tap"), (2.0, "q")], options={"turns": 50})
    text = "\n".join(lines)
    assert "! 'flap' is not a move: type tap or pass" in text
    assert "! it is not your turn" in text  # the second tap: seat 1 is on turn now
    actions = table.record().actions
    assert actions[:2] == [(None, "at 1.300"), (0, "tap")]
    assert "  Player 0 (you) taps." in lines and "Player 0 (you) draws secret" in text
    assert table.status == "abandoned" and "You left the game." in lines
    replay(table.record())  # what happened in real time replays exactly


def test_bots_move_at_their_reaction_time_and_your_missed_turns_time_out():
    table, lines = session([(30.0, "q")], options={"turns": 50, "move_time": 2.0})
    actions = table.record().actions
    assert actions[0] == (None, "timeout")              # you did not move within 2 s
    assert actions[1] == (None, "at 2.500")             # seat 1 reacted 0.5 s later
    assert "  Player 0 (you) timeouts." in lines
    prompts = [line for line in lines if line.startswith(">>> your move")]
    assert prompts[0] == ">>> your move: 2.0s left" and len(prompts) >= 5


def test_you_see_the_table_before_the_first_bot_moves():
    """The game's clock starts only after you have seen the table: the first bot move comes its
    reaction time after that, never before the table is on your screen."""
    table, lines = session([(5.0, "q")], seat=1, options={"turns": 50})
    first_table = next(k for k, line in enumerate(lines) if line.startswith("turns left"))
    first_move = next(k for k, line in enumerate(lines) if line.startswith("  Player 0 (random)"))
    assert first_table < first_move
    assert table.record().actions[0] == (None, "at 0.500")


def test_questions_are_answered_from_your_view_and_an_empty_line_shows_the_table():
    table, lines = session([(0.2, "tap"), (0.5, "score"), (0.6, ""), (1.0, "q")], options={"turns": 50})
    assert "You have 1 points." in lines
    assert sum(line.startswith("turns left") for line in lines) >= 2
    assert all(text != "score" for _, text in table.record().actions)


def test_a_whole_game_ends_with_the_scores_seed_and_replay_line(tmp_path):
    with Store(str(tmp_path / "ion.db")) as store:
        table, lines = session([(0.5, "tap"), (3.5, "pass")], options={"turns": 9}, store=store, seed=42)
        assert table.is_over() and store.record(table.id) == table.record()
    text = "\n".join(lines)
    assert sum(line.startswith("Game over") for line in text.splitlines()) == 1
    # the options it was played with (not the defaults) come along
    assert "Seed 42: `ion play ticker --players 3 --seed 42 --option turns=9` deals this game again." in text
    assert f"ion replay --table {table.id}" in text


def test_end_of_input_leaves_the_game():
    clock = FakeClock()
    source = ScriptedLines([], clock)
    source.closed = True
    lines: list[str] = []
    table = play_realtime("ticker", 3, 0, ["random"], 1, None, source=source, clock=clock, out=lines.append)
    assert "Input ended: you leave the game." in lines and table.status == "abandoned"


needs_bank = pytest.mark.skipif(not bank_plays(), reason="the bank game does not play (Kernel 2 migration)")


@needs_bank
def test_bank_you_join_a_team_ask_questions_and_time_out():
    """What `ion play bank` players had before the host: team picks, `help <card>`, `inv`, the
    3-second move clock ("you lose 1000 points" when it runs out), bad input refused."""
    table, lines = session([(0.2, "team +"), (0.3, "help ==="), (0.4, "inv"), (0.5, "flap"), (30.0, "q")],
                           game="bank", players=4, bots=("greedy",))
    text = "\n".join(lines)
    assert "  Player 0 (you) joins team +." in lines
    assert "[===] Neutral card, power 3" in text
    assert "Cards: no cards" in text  # asked in the lobby: nothing dealt yet
    assert "! 'flap' is not a command" in text
    assert "  Player 0 (you) ran out of time: -1000 points." in lines
    assert any(line == ">>> your move: 3.0s left" for line in lines)
    assert table.record().actions[:2] == [(None, "at 0.200"), (0, "team +")]
    assert table.status == "abandoned" and "You left the game." in lines
    replay(table.record())


@needs_bank
def test_bank_start_typed_in_the_lobby_starts_the_game_at_once():
    """The lobby's `start` is a host action: the terminal's own player may ask for it."""
    table, lines = session([(0.2, "team +"), (0.3, "start"), (1.0, "q")], game="bank", players=4,
                           bots=("greedy@2",))
    assert table.record().actions[:3] == [(None, "at 0.200"), (0, "team +"), (None, "start")]
    assert any(line.startswith("  Round 1 of 3 starts") for line in lines)


@needs_bank
def test_bank_bots_play_a_whole_game_while_you_wait():
    table, lines = session([(0.1, "team -")], game="bank", players=3, bots=("greedy", "random"), tick=0.5)
    assert table.is_over()
    replay(table.record())
    text = "\n".join(lines)
    assert (0, "team -") in table.record().actions
    assert sum(line.startswith("Game over") for line in text.splitlines()) == 1 and "Seed 1:" in text
