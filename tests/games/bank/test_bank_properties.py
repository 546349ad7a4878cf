"""Property tests for the bank game: parser robustness, conservation, replay, hidden information."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import ionarena
from ionarena import record
from ionarena.agents import make_agent
from ionarena.core import HOST, IllegalAction
from ionarena.games.bank.rules import BankState
from ionarena.sim.driver import bot_step

TOKENS = ["+", "++", "+++", "-", "--", "---", "=", "==", "===", "±", "±±", "B", "BBB", "b", "?", "??", "???",
          "x2", "x3", "×2", "&", "s", "r", ":", "+:", "-:", "*", "X", "x", "T", "t", "skip", "quit", "done",
          "team", "buy", "deal", "ok", "at", "timeout", "start", "inv", "help", "¢", "c", "50", "1", "0",
          "-1", "999999", "nan", "inf", "swap", "wild", "[X]", "useless", "  ", "\t", "é", "\x00"]


def snapshot(state: BankState) -> str:
    views = [state.view(p) for p in [*range(state.num_players), None]]
    return json.dumps({"views": views, "actors": state.actors(), "scores": state.scores(),
                       "deadline": state.deadline(), "rng": state.rng.state()[1][:3]}, sort_keys=True)


def positions() -> list[BankState]:
    """A few states of one game: lobby, mid-lobby, play, shop, second move of [&]."""
    out: list[BankState] = []
    state = ionarena.make("bank", players=4, seed=8)
    assert isinstance(state, BankState)
    agents = [make_agent("random", "bank", k, 8, reaction_time=0.5 + 0.4 * k) for k in range(4)]
    phases_seen: set[str] = set()
    for step in range(400):
        if state.is_over():
            break
        if state.phase not in phases_seen or step % 37 == 0:
            phases_seen.add(state.phase)
            out.append(state.clone())
        bot_step(state, agents)
    return out


POSITIONS = positions()


@settings(max_examples=150, deadline=None)
@given(words=st.lists(st.one_of(st.sampled_from(TOKENS), st.text(max_size=4)), max_size=4),
       which=st.integers(0, len(POSITIONS) - 1), seat=st.integers(-1, 4))
def test_random_commands_never_crash_and_illegal_ones_change_nothing(words, which, seat):
    state = POSITIONS[which].clone()
    player = None if seat == -1 else seat
    text = " ".join(words)
    before = snapshot(state)
    try:
        action = state.parse_action(player, text)
    except IllegalAction as err:
        assert str(err) and "\n" not in str(err)
        assert snapshot(state) == before
        return
    state.apply(player, action)  # parsed means legal: applying must work
    state.check_invariants()


def test_every_parsed_alias_formats_canonically():
    state = ionarena.make("bank", players=2, seed=1, teams="+-")
    state.hands[0] = [1] * 12
    state.inv[0].update({"x2": 1, "wild2": 1, "take": 1, "swap": 1, "combine": 1})
    for text, canonical in [("BB", "±±"), ("bbb", "±±±"), ("×2 ++", "x2 ++"), ("x2 ?? b", "x2 ?? ±"),
                            ("x", "X"), ("t [X]", "T x"), ("T coins", "T ¢"), ("T wild", "T ?"),
                            ("&  x2 +", "& x2 +"), ("  +++ ", "+++")]:
        assert state.format_action(state.parse_action(0, text)) == canonical


def _quit_game(seed: int) -> BankState:
    state = ionarena.make("bank", players=6, seed=seed, round_time=40.0)
    assert isinstance(state, BankState)
    agents = [make_agent("random", "bank", k, seed, reaction_time=0.3 + 0.5 * k) for k in range(6)]
    rng = random.Random(seed)
    while not state.is_over():
        if rng.random() < 0.01:
            quitter = rng.choice([p for p in range(6) if state.active[p]])
            others_before = sum(state.score[p] for p in range(6) if p != quitter)
            dropped_before, own = state.dropped, state.score[quitter]
            state.apply_text(quitter, "quit")
            others_after = sum(state.score[p] for p in range(6) if p != quitter)
            if own > 0 and not state.is_over():
                # what the quitter lost is what the others gained, plus the dropped remainder
                gained = others_after - others_before
                assert own - state.score[quitter] == gained + state.dropped - dropped_before
            continue
        bot_step(state, agents)
        assert sum(state.score) + state.pot + state.dropped == state.created
    return state


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_scores_pot_and_quit_redistribution_are_consistent(seed):
    state = _quit_game(seed)
    assert sum(state.score) + state.pot + state.dropped == state.created
    assert state.pot == 0


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_replay_is_deterministic_including_timeouts(seed):
    state = ionarena.make("bank", players=5, seed=seed, round_time=60.0)
    # slow bots (reaction over the 3-second move clock) make the host apply timeouts
    agents = [make_agent("greedy" if k % 2 else "random", "bank", k, seed, reaction_time=1.0 + 0.9 * k)
              for k in range(5)]
    while not state.is_over():
        bot_step(state, agents)
    assert state.timeouts > 0
    line = record.from_state(state).to_json()
    assert any(text == "timeout" and player is None for player, text in record.loads(line).actions)
    again = record.replay(record.loads(line))
    assert snapshot(again) == snapshot(state)
    assert snapshot(record.replay(record.loads(line))) == snapshot(again)


@settings(max_examples=40, deadline=None)
@given(which=st.integers(0, len(POSITIONS) - 1), seat=st.integers(0, 3), seed=st.integers(0, 1000))
def test_views_hide_other_players_hands_and_inventories(which, seat, seed):
    state = POSITIONS[which]
    other = state.clone()
    rng = random.Random(seed)
    for p in range(4):
        if p == seat:
            continue
        count = sum(other.hands[p])
        hand = [0] * 12
        for _ in range(count):
            hand[rng.randrange(12)] += 1
        other.hands[p] = hand
        units = sum(v for k, v in other.inv[p].items() if k != "coins")
        inv = {"coins": rng.randrange(50)} if other.inv[p] else {}
        if units:
            inv[rng.choice(["x2", "x3", "swap", "take", "wild3"])] = units
        other.inv[p] = inv
    assert json.dumps(other.view(seat), sort_keys=True) == json.dumps(state.view(seat), sort_keys=True)
    assert json.dumps(other.view(None), sort_keys=True) == json.dumps(state.view(None), sort_keys=True)
    mine = state.view(seat)["you"]
    assert set(mine) == {"seat", "team", "hand", "coins", "inventory", "notes"}
    assert "you" not in state.view(None)


def test_games_end_and_host_actions_are_host_only():
    state = ionarena.make("bank", players=3, seed=2)
    for text in ("timeout", "at 1.0", "start"):
        try:
            state.apply_text(0, text)
        except IllegalAction as err:
            assert "host" in str(err)
        else:
            raise AssertionError(text)
    agents = [make_agent("greedy", "bank", k, 2) for k in range(3)]
    steps = 0
    while not state.is_over():
        bot_step(state, agents)
        steps += 1
    assert state.actors() == [] and state.deadline() is None and steps < 5000
    assert HOST is None


def test_clones_share_the_generator_copy_on_write_and_draw_the_same_future():
    """The kernel's SharedRng: a clone draws exactly what the original would, and neither side's draws
    move the other's stream; determinize gives the copy its own generator."""
    state = ionarena.make("bank", players=4, seed=5, teams="+-+-")
    assert isinstance(state, BankState)
    copy = state.clone()
    move = state.format_action(state.legal_actions(0)[0])
    copy.apply_text(0, move)             # the copy draws first (a receipt)
    state.apply_text(0, move)
    assert snapshot(copy) == snapshot(state)
    again = state.clone()
    for _ in range(5):
        again.apply_text(again.current, again.format_action(again.legal_actions(again.current)[0]))
    assert state.rng.state() != again.rng.state()
    fresh = state.clone()
    assert snapshot(fresh) == snapshot(state)
    assert not copy.rng._shared  # it drew, so it took its own generator
    other = copy.determinize(0, random.Random(1))
    assert other.rng is not copy.rng and not copy.rng._shared
