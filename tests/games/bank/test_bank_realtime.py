"""The real-time terminal session (`ion play bank`), driven by a fake clock and scripted input."""

from __future__ import annotations

from ionarena import record
from ionarena.agents import make_agent
from ionarena.cli.play_bank import FakeClock, RealtimeSession, ScriptedLines, new_notes, play_realtime, run
from ionarena.games.bank.rules import BankState


def session_output(script, players=4, bots="greedy", seed=1, tick=0.1):
    clock = FakeClock()
    lines: list[str] = []
    code = play_realtime(0, players, bots, seed, None, source=ScriptedLines(script, clock), clock=clock,
                         out=lines.append, tick=tick)
    return code, "\n".join(lines)


def test_you_join_a_team_ask_questions_and_time_out():
    code, text = session_output([(0.2, "team +"), (0.3, "help ==="), (0.4, "inv"), (30.0, "quit")])
    assert code == 0
    assert "player 0 joined team +" in text
    assert "[===] Neutral card" in text
    assert "Cards: no cards" in text           # asked in the lobby: nothing dealt yet
    assert "player 0 ran out of time: -1000 points" in text
    assert "You left the game." in text


def test_a_typed_move_is_applied_and_bad_input_gets_a_reason():
    clock = FakeClock()
    out: list[str] = []
    from ionarena import make
    state = make("bank", players=3, seed=4, teams="+-+")
    assert isinstance(state, BankState)
    agents = [make_agent("greedy", "bank", k, 4) for k in range(3)]
    session = RealtimeSession(state, 0, agents, out.append)
    card = state.format_action(state.legal_actions(0)[0])
    source = ScriptedLines([(1.0, "flap"), (1.2, card), (1.4, "+++")], clock)
    source.script.append((4.0, "quit"))
    run(session, source, clock, tick=0.1)
    text = "\n".join(out)
    assert "! " in text and "is not a command" in text
    assert f"player 0 played {card}" in text
    assert "it is not your turn" in text
    history = [(p, state.format_action(a)) for p, a in state.history()]
    assert (0, card) in history and history[0][0] is None and history[0][1].startswith("at 1.")
    # what happened in real time replays exactly
    replayed = record.replay(record.loads(record.from_state(state).to_json()))
    assert replayed.view(0) == state.view(0)


def test_bots_play_a_whole_game_while_you_wait():
    code, text = session_output([(0.1, "team -")], players=3, bots="greedy,random", tick=0.5)
    assert code == 0
    assert "Final scores:" in text and "Winners:" in text
    assert "the shop is open" in text


def test_the_table_at_your_turn_does_not_repeat_what_was_just_printed():
    """The events and your notes are printed as they happen; the table shown at your turn leaves them out
    (an empty line still shows the full table with the recent events)."""
    script = [(0.2, "team +"), (2.0, "="), (2.1, "+"), (2.2, "-"), (2.3, "±"), (2.4, "++"), (12.0, ""),
              (20.0, "quit")]
    _, text = session_output(script, seed=3)
    lines = text.splitlines()
    tables = [k for k, line in enumerate(lines) if "your turn" in line]
    assert tables
    for start in tables:
        end = next(k for k in range(start, len(lines)) if lines[k].startswith(">>> your move"))
        block = lines[start:end]
        assert not any("[cyan]" in line or "you received" in line for line in block), block
    assert "player 0 played" in text and "you received" in text  # your move and what you got, once each
    assert any(line.startswith("  [dim]you received") for line in lines)
    assert "[cyan]" in text  # the table asked for with an empty line shows the recent events


def test_new_notes_are_what_follows_the_notes_already_shown():
    assert new_notes((), ("a",)) == ["a"]
    assert new_notes(("a", "b"), ("a", "b")) == []
    assert new_notes(("a", "b", "c"), ("b", "c", "d")) == ["d"]
    assert new_notes(("a",), ("a", "a")) == ["a"]
    assert new_notes(("x",), ("y", "z")) == ["y", "z"]


def test_you_are_prompted_again_for_a_turn_right_after_yours_and_for_the_second_move_of_combine():
    """"& <first move> ... After this move it is still your turn." and "[L] Lose next turn": when your
    turn comes straight back (the other player loses theirs), or after the first move of [&], the table
    and the prompt are shown again."""
    from ionarena import make

    clock = FakeClock()
    out: list[str] = []
    state = make("bank", players=2, seed=4, teams="+-")
    assert isinstance(state, BankState)
    state.hands[0] = [0] * 12
    state.hands[0][8] = 3  # three [===]
    state.inv[0]["combine"] = 1
    state.lose_turns[1] = 1
    agents = [make_agent("greedy", "bank", k, 4) for k in range(2)]
    session = RealtimeSession(state, 0, agents, out.append)
    source = ScriptedLines([(0.5, "==="), (1.0, "& ==="), (1.5, "==="), (2.0, "quit")], clock)
    run(session, source, clock, tick=0.1)
    prompts = [line for line in out if line.startswith(">>> your move")]
    assert "clock 0.0s" in prompts[0] and "clock 0.5s" in prompts[1]  # player 1 lost their turn
    assert "second move" in prompts[2] and "clock 1.1s" in prompts[2] and "3.0s left" in prompts[2]


def test_an_empty_line_shows_the_table_at_the_current_time():
    """An empty line shows the table with the clock as it is now (not as of the last move)."""
    _, text = session_output([(0.2, "team +"), (2.0, ""), (2.5, "quit")], seed=3)
    tables = [line for line in text.splitlines() if line.startswith("[bold]Round 1/3")]
    assert any("clock 2.0s" in line for line in tables), tables
