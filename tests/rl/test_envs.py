"""What the envs do: seeds, rewards, words, JSON views, bank's clock, simultaneous picks, bots."""

from __future__ import annotations

import random

import pytest

from .need import require_rl

require_rl()

import numpy as np  # noqa: E402

import ionarena  # noqa: E402
from ionarena import rl  # noqa: E402
from ionarena.core import HOST, BadOption, Names, get_spec  # noqa: E402
from ionarena.rl.encoding import Encoder  # noqa: E402

from .helpers import play_aec  # noqa: E402


def observe_from_scratch(encoder: Encoder, state, seat: int) -> np.ndarray:
    memory = encoder.new_memory()
    if encoder.uses_events:
        encoder.remember(memory, state.events(seat, -1))
    return encoder.encode(state.view(seat), memory)


@pytest.mark.parametrize("game", ["dots", "valence", "compound", "bank"])
def test_a_seeded_reset_deals_the_game_of_that_seed(game):
    env = rl.env(game, players=3)
    env.reset(seed=1234)
    state = ionarena.make(game, players=3, seed=1234)
    agent = env.agent_selection
    seat = int(agent.split("_")[1])
    if not get_spec(game).timed:
        assert env.episode.state.history() == state.history() == []
        expected = observe_from_scratch(env.episode.encoder, state, seat)
        assert np.array_equal(env.observe(agent)["observation"], expected)
    assert env.episode.state.view(seat)["table"]["hand"] == state.view(seat)["table"]["hand"]


def test_win_rewards_go_to_the_winners():
    env = rl.env("valence", players=3)
    _, final = play_aec(env, 8, random.Random(1))
    winners = env.episode.state.winners()
    assert winners
    assert final == {f"player_{s}": (1.0 if s in winners else -1.0) for s in range(3)}


def test_a_game_without_a_winner_rewards_nobody():
    """A lost cooperative game of valence (the deck ran out) has no winner: every reward is 0."""
    env = rl.env("valence", players=2, variant="cooperative")
    for seed in range(20):
        _, final = play_aec(env, seed, random.Random(seed))
        if not env.episode.state.winners():
            assert final == {"player_0": 0.0, "player_1": 0.0}
            return
    pytest.fail("no cooperative game was lost in 20 random games")


def test_score_rewards_are_the_final_scores():
    env = rl.env("compound", players=3, reward="score")
    _, final = play_aec(env, 2, random.Random(0))
    scores = env.episode.state.scores()
    assert final == {f"player_{s}": scores[s] for s in range(3)}
    assert any(scores)


def test_ansi_render_is_the_seats_view_in_words():
    env = rl.env("dots", players=2, render_mode="ansi")
    env.reset(seed=4)
    seat = int(env.agent_selection.split("_")[1])
    text = env.render()
    state = env.episode.state
    assert text == get_spec("dots").presenter.render(state.view(seat), Names(seat))
    assert f"Player {seat} (you)" in text
    assert rl.env("dots").render() is None  # no render_mode: nothing


def test_observe_json_is_the_view_events_and_legal_actions():
    env = rl.env("dots", players=3)
    env.reset(seed=9)
    agent = env.agent_selection
    seat = int(agent.split("_")[1])
    data = env.observe_json(agent)
    state = env.episode.state
    assert data["view"] == state.view(seat)
    assert data["events"] == [e.to_json() for e in state.events(seat, -1)]
    mask = env.observe(agent)["action_mask"]
    assert [item["id"] for item in data["legal"]] == list(np.flatnonzero(mask))
    texts = sorted((state.format_action(a) for a in state.legal_actions(seat)), key=env.action_id)
    assert [item["text"] for item in data["legal"]] == texts
    assert env.observe_json(agent, since=state.version)["events"] == []


def test_bank_decisions_each_move_the_clock_on_by_the_reaction_time():
    env = rl.env("bank", players=3, reaction_time=0.25, rounds=1, round_time=20.0)
    env.reset(seed=3)
    rng = random.Random(0)
    times = []
    while env.agents:
        agent = env.agent_selection
        if env.terminations[agent]:
            env.step(None)
            continue
        times.append(env.episode.state.now())
        env.step(rng.choice(env.legal_ids(agent)))
    steps = np.diff(times)
    assert len(times) > 60
    assert (steps >= 0.25 - 1e-9).all(), "a decision came sooner than the reaction time"
    assert np.mean(np.isclose(steps, 0.25)) > 0.9
    history = env.episode.state.history()
    assert (HOST, "timeout") in [(p, env.episode.state.format_action(a)) for p, a in history]
    assert env.episode.state.is_over()


def test_bank_seats_due_together_take_turns():
    """In the lobby every seat may act at once: each decides in turn, not the first one again."""
    env = rl.env("bank", players=4)
    env.reset(seed=1)
    order = []
    while env.episode.state.view(0)["phase"] == "lobby":
        agent = env.agent_selection
        order.append(agent)
        env.step(env.legal_ids(agent)[0])
    assert order == ["player_0", "player_1", "player_2", "player_3"]


def test_bank_refuses_a_reaction_time_that_always_times_out():
    with pytest.raises(BadOption, match="move time"):
        rl.env("bank", players=2, reaction_time=3.0)
    with pytest.raises(BadOption):
        rl.env("bank", players=2, reaction_time=0)


def test_compound_picks_are_stepped_one_seat_after_another_in_aec():
    env = rl.env("compound", players=3)
    env.reset(seed=2)
    picked = []
    while len(picked) < 3:
        agent = env.agent_selection
        legal = env.legal_ids(agent)
        pick = next(i for i in legal if env.action_text(i).startswith("pick "))
        env.step(pick)
        if agent not in picked:
            picked.append(agent)
    assert picked == ["player_0", "player_1", "player_2"]
    assert env.episode.state.view(0)["phase"] != "pick" or env.episode.state.view(0)["table"]["turn"] == 2


def test_compound_picks_are_one_parallel_step():
    env = rl.parallel_env("compound", players=4, variant="beginner")
    _obs, _ = env.reset(seed=2)
    assert env.episode.deciders == [0, 1, 2, 3]
    turn = env.episode.state.view(None)["table"]["turn"]
    env.step({a: next(i for i in env.legal_ids(a) if env.action_text(i).startswith("pick "))
              for a in env.agents})
    view = env.episode.state.view(None)
    assert view["phase"] != "pick" or view["table"]["turn"] == turn + 1


def test_single_seat_plays_the_learner_against_bots():
    env = rl.single_seat("bank", opponents=["greedy", "random", "random"], players=4, seat=None)
    seats = set()
    for seed in range(4):
        _, info = env.reset(seed=seed)
        seats.add(info["seat"])
        assert env.episode.deciders == [info["seat"]]
    assert len(seats) > 1
    env = rl.single_seat("dots", opponents="greedy", players=3, seat=2)
    env.reset(seed=5)
    rng = random.Random(0)
    done = False
    reward = 0.0
    while not done:
        assert env.episode.deciders == [2]
        _obs, reward, terminated, truncated, info = env.step(rng.choice(env.legal_ids()))
        done = terminated or truncated
    assert reward == (1.0 if 2 in env.episode.state.winners() else -1.0)
    assert info["winners"] == env.episode.state.winners()


def test_single_seat_checks_its_arguments():
    with pytest.raises(BadOption, match="need 2 opponents"):
        rl.single_seat("dots", opponents=["random"], players=3)
    with pytest.raises(BadOption, match="seat"):
        rl.single_seat("dots", seat=2, players=2)
    with pytest.raises(BadOption, match="illegal"):
        rl.single_seat("dots", illegal="ignore")
    with pytest.raises(ionarena.UnknownGame):
        rl.single_seat("dots", opponents="alphazero")


def test_arguments_are_checked():
    with pytest.raises(BadOption, match="reward"):
        rl.env("dots", reward="points")
    with pytest.raises(BadOption, match="render_mode"):
        rl.env("dots", render_mode="human")
    with pytest.raises(ionarena.UnknownGame):
        rl.env("dots", players=11)
    with pytest.raises(BadOption):
        rl.env("dots", turn_cap=0)


def test_max_steps_truncates_every_agent():
    env = rl.env("dots", players=2, max_steps=5)
    steps, final = play_aec(env, 1, random.Random(0))
    assert steps == 5
    assert final == {"player_0": 0.0, "player_1": 0.0}


def test_game_options_reach_the_game():
    env = rl.env("dots", players=2, variant="tournament", turn_cap=3)
    env.reset(seed=1)
    assert env.episode.state.view(0)["table"]["turn_cap"] == 3


def test_a_bot_that_paces_itself_moves_when_it_says_in_the_single_seat_env():
    """As at a table (docs/bots.md): bank's `ismcts` takes all of its 3-second clock but half a
    second while its team leads, and moves after its reaction time otherwise."""
    times = {}
    for spec in ("ismcts:iters=2", "ismcts:iters=2,pace=off"):
        env = rl.single_seat("bank", opponents=spec, players=2, seat=0, teams="+-")
        env.reset(seed=4)
        state = env.episode.state
        before = state.now()
        skip = next(i for i in env.legal_ids() if env.action_text(i) == "skip")
        env.step(skip)  # the learner pays 1000 points: the bot's team leads
        assert env.episode.deciders == [0]
        times[spec] = env.episode.state.now() - before
    assert times["ismcts:iters=2,pace=off"] == pytest.approx(0.5 + 0.5)
    assert times["ismcts:iters=2"] == pytest.approx(2.5 + 0.5)
