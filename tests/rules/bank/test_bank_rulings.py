"""Rulings tests: the numbers of the drop table, card draws, coin drops, the shop, options, action values,
and edge cases of the rulings file (docs/rules/bank.md) not covered by the rulebook tests."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import ionarena
from ionarena import record
from ionarena.agents import make_agent
from ionarena.core import HOST, BadOption, IllegalAction, IonError
from ionarena.games.bank.actions import At, Buy, Card, Combine, Deal, Ok, Team, Use, Word
from ionarena.games.bank.cards import OBJECTS, card_family, card_power, draw_card, draw_object
from ionarena.sim.driver import bot_step

from .bank_table import bank, events, kinds, last_second, mine, on_turn, play, public, scores, shop, table


def test_object_drop_weights_follow_the_rulings():
    """RULING: "coins 30, useless 20, skip 12, reverse 10, move-time 8, instant points 6 in all (100: 2,
    200: 1.5, 300: 1, 500: 0.8, 1000: 0.5, 5000: 0.2), combine 5, x2 4, x3 3, round+ 2.5, round- 2.5, wild 2
    in all (?: 1, ??: 0.6, ???: 0.4), invincible 1.5, take 1.2, swap 1; powerdowns 1 in all (-100: 0.4,
    -200: 0.25, -300: 0.15, lose-next-turn 0.15, bankrupt 0.05)." """
    assert {k: o.weight for k, o in OBJECTS.items()} == {
        "coins": 30, "useless": 20, "skip": 12, "reverse": 10, "movetime": 8,
        "points100": 2, "points200": 1.5, "points300": 1, "points500": 0.8, "points1000": 0.5,
        "points5000": 0.2,
        "combine": 5, "x2": 4, "x3": 3, "roundplus": 2.5, "roundminus": 2.5,
        "wild1": 1, "wild2": 0.6, "wild3": 0.4, "invincible": 1.5, "take": 1.2, "swap": 1,
        "minus100": 0.4, "minus200": 0.25, "minus300": 0.15, "losenext": 0.15, "bankrupt": 0.05}


def test_shop_prices_follow_the_rulings():
    """RULING: "prices: skip 3, reverse 3, move-time 4, combine 6, x2 6, x3 10, round+ 5, round- 5, wild-1 4,
    wild-2 6, wild-3 8, invincible 10, take 8, swap 8, points-N N/50." """
    prices = {k: o.price for k, o in OBJECTS.items() if o.price is not None}
    assert prices == {"skip": 3, "reverse": 3, "movetime": 4, "combine": 6, "x2": 6, "x3": 10, "roundplus": 5,
                      "roundminus": 5, "wild1": 4, "wild2": 6, "wild3": 8, "invincible": 10, "take": 8,
                      "swap": 8, "points100": 2, "points200": 4, "points300": 6, "points500": 10,
                      "points1000": 20, "points5000": 100}


def test_cards_are_drawn_with_power_weights_3_2_1_and_equal_families():
    """RULING: "Cards are drawn from an infinite deck with weights power 1 : 3, power 2 : 2, power 3 : 1
    within each of the four families; families equally likely." """
    rng = random.Random(1)
    cards = Counter(draw_card(rng) for _ in range(60_000))
    powers: Counter[int] = Counter()
    families: Counter[int] = Counter()
    for card, n in cards.items():
        powers[card_power(card)] += n
        families[card_family(card)] += n
    assert [round(powers[p] / 60_000 * 6, 1) for p in (1, 2, 3)] == [3.0, 2.0, 1.0]
    assert all(abs(families[f] / 60_000 - 0.25) < 0.01 for f in range(4))


def test_object_drops_follow_the_weights():
    """RULING: object drops use the weights above."""
    rng = random.Random(2)
    drops = Counter(draw_object(rng) for _ in range(100_000))
    total = sum(o.weight for o in OBJECTS.values())
    for kind in ("coins", "useless", "skip", "x2"):
        assert abs(drops[kind] / 100_000 - OBJECTS[kind].weight / total) < 0.01


def test_a_coins_drop_gives_1_to_3_coins():
    """RULING: "A coins drop gives 1-3 coins." Seen in the receipts of random games."""
    seen: Counter[int] = Counter()
    for seed in range(6):
        state = ionarena.make("bank", players=4, seed=seed, teams="+-+-", round_time=60.0, rounds=1)
        agents = [make_agent("random", "bank", k, seed) for k in range(4)]
        while not state.is_over():
            bot_step(state, agents)
        for seat in range(4):
            seen.update(d["coins"] for k, d in events(state, seat, -1) if k == "receive" and d["coins"])
    assert set(seen) == {1, 2, 3}


def test_shop_offers_four_kinds_never_coins_useless_or_powerdowns():
    """RULING: "each shop phase offers 4 object kinds drawn from the drop table (coins, useless and powerdowns
    excluded), unlimited units of each" """
    for seed in range(40):
        state = last_second("+-", seed=seed, objects={0: {"¢": 500}})
        state.apply_text(HOST, "timeout")
        sale = [item["object"] for item in public(state)["shop"]["on_sale"]]
        assert len(set(sale)) == 4
        kinds_on_sale = {OBJECTS[k].token: k for k in OBJECTS}
        assert not {"¢", "useless"} & set(sale) and not any(OBJECTS[kinds_on_sale[t]].powerdown for t in sale)
        assert dict(events(state))["shop"]["on_sale"] == sale
    for _ in range(3):  # unlimited units
        play(state, f"buy {sale[0]}", 0)


def test_invincible_counts_timeouts_and_a_second_star_resets_to_three():
    """RULING: "the bank cannot dump during the next 3 turns of anyone (timeouts count) ... a second [*]
    resets the count to 3" """
    state = table("+-+-", charge=9, objects={0: {"*": 1}, 2: {"*": 1}}, hands={1: ["±"], 3: ["+"]})
    play(state, "*")
    assert public(state)["bank"]["invincible_moves"] == 3
    state.apply_text(HOST, "timeout")  # player 1 times out
    assert public(state)["bank"]["invincible_moves"] == 2
    play(state, "*")  # player 2
    assert public(state)["bank"]["invincible_moves"] == 3
    play(state, "+")  # player 3 (team -) pushes to +10: no dump
    assert bank(state) == (10, 0) and public(state)["bank"]["invincible_moves"] == 2
    assert "dump" not in kinds(state)


def test_after_invincible_the_first_move_at_full_charge_dumps_even_toward_the_other_team():
    """RULING: "afterwards the first move that ends at full charge dumps, and its mover is the dumper" with
    "A dump toward the other team's pole pays that team (no double share for anyone)" """
    state = table("+-+-", charge=10, pot=1000, hands={1: ["±"]}, turn=1)
    play(state, "±")  # player 1, team -, plays a bipolar card at +10: the bank dumps toward team +
    assert bank(state) == (0, 0)
    assert [int(s) for s in state.scores()] == [550, 0, 550, 0]


def test_take_coins_takes_one_coin():
    """RULING: "Take: one unit at random among all units of that kind held by other players (either team;
    coins one at a time)" """
    state = table("+-+", objects={0: {"t": 1}, 1: {"¢": 7}, 2: {}})
    play(state, "T ¢")
    assert mine(state, 1)["coins"] == 6 and mine(state, 0)["coins"] >= 1


def test_quitting_in_the_shop_withdraws_deals_and_sells_at_once():
    """RULING: "Quitting in the shop phase withdraws the quitter's open deals and sells their objects at
    1 coin in that phase" """
    state = shop("+-+", objects={0: {"r": 2}})
    play(state, "deal r 3 ¢", 0)
    play(state, "quit", 0)
    assert public(state)["shop"]["offers"] == [] and public(state)["objects"][0] == 0
    assert ("quit_sale", {"player": 0, "coins": 2}) in events(state)
    with pytest.raises(IllegalAction, match="no open deal"):
        play(state, "ok 0", 1)


# -- options --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("option", "value"), [
    ("full_charge", 1_000_000_000), ("full_charge", 0), ("rounds", 0), ("rounds", 21), ("round_time", 5),
    ("round_time", float("inf")), ("move_time", 0), ("move_time", -1), ("move_time", 61), ("shop_time", 0),
    ("lobby_time", 10_000), ("lobby", "maybe"), ("teams", "+-+x"), ("teams", "+-"), ("colour", 1)])
def test_options_are_checked_before_a_game_exists(option, value):
    """RULING: "all numbers are configuration" — within bounds: moves 0.5-60 s, rounds 1-20, rounds of
    10-3600 s, full charge 2-100; `teams` one sign per seat."""
    with pytest.raises(BadOption, match=option if option != "colour" else "no option"):
        ionarena.make("bank", players=4, seed=1, **{option: value})


def test_a_record_with_a_huge_full_charge_is_refused_before_anything_runs():
    """A 150-byte record asking for full charge 1,000,000,000 is one clear error, not a game."""
    line = json.dumps({"game": "bank", "players": 4, "seed": 1, "variant": "standard", "actions": [],
                       "options": {"full_charge": 1_000_000_000}})
    with pytest.raises(IonError, match="full_charge"):
        record.replay(record.loads(line))


def test_options_are_kept_complete_in_the_state_and_its_record():
    """Every option is kept with the game (defaults filled in), so a record replays the same game."""
    state = ionarena.make("bank", players=2, seed=4, move_time=5, teams="+-")
    assert state.options == {"full_charge": 10, "rounds": 3, "round_time": 180.0, "move_time": 5.0,
                             "shop_time": 30.0, "lobby_time": 60.0, "countdown": 0.0, "lobby": True,
                             "teams": "+-"}
    assert record.from_state(state).options == state.options


def test_lobby_false_alternates_teams():
    """RULING (Ion Arena): `lobby=False` skips the lobby with alternating teams."""
    state = ionarena.make("bank", players=5, seed=2, lobby=False)
    assert public(state)["teams"] == ["+", "-", "+", "-", "+"]
    assert state.view(None)["phase"] == "play"


# -- action values from Python ---------------------------------------------------------------------


@pytest.mark.parametrize("value", [
    Card(0, mult=-1), Card(0, mult=0), Card(0, mult=4), Card(-1), Card(12), Card(True), Card(1.0),  # type: ignore[arg-type]
    Card(0, wild=1), Card("+"), Team(0), Team(5), Team(True), Use("movetime", target="x"),  # type: ignore[arg-type]
    Use("take", target="bankrupt"), Use("take"), Use("combine"), Use(["s"]), Combine(Word("skip")),  # type: ignore[arg-type]
    Combine(Combine(Card(0))), Word("fly"), Word(["skip"]), At(-1.0), At(1.0005), At(float("nan")),  # type: ignore[arg-type]
    Buy("gold"), Deal("reverse", 0, "coins"), Deal("reverse", 1000, "coins"), Deal("reverse", 5, "gold"),
    Ok(-1), Ok(True), Ok(10**5000), Card(10**5000), "skip", "+", None, 3, ("team", 1), [Card(0)]])  # type: ignore[arg-type]
def test_malformed_action_values_are_refused_and_change_nothing(value):
    """RULING: `apply` accepts exactly the legal actions: a value no command could give (wrong field types,
    negative or huge numbers, strings) is an IllegalAction and changes nothing, for a player and the host."""
    for state in (table("+-+-", objects={0: {"x2": 1, ":": 1, "t": 1, "&": 1}}),
                  ionarena.make("bank", players=4, seed=1), shop("+-", objects={0: {"r": 1}})):
        before = state.clone()
        for seat in (state.actors()[0], HOST):
            with pytest.raises(IllegalAction):
                state.apply(seat, value)
        assert state.view(None) == before.view(None) and state.version == before.version
        assert [state.view(p) for p in range(state.num_players)] == \
            [before.view(p) for p in range(before.num_players)]


def test_picking_team_zero_twice_cannot_leave_a_seat_half_joined():
    """`Team(0)` twice, then a real team: the seat joins once, in its place."""
    state = ionarena.make("bank", players=2, seed=1)
    for _ in range(2):
        with pytest.raises(IllegalAction):
            state.apply(0, Team(0))
    state.apply(0, Team(1))
    state.apply(1, Team(-1))
    assert public(state)["order"] == [0, 1] and public(state)["teams"] == ["+", "-"]


def test_a_player_reads_the_table_as_text_without_markup():
    """The presenter's words are plain text: the rulebook's `[X]` symbols stay as they are."""
    spec = ionarena.get_spec("bank")
    from ionarena.core import Names
    state = table("+-", objects={0: {"X": 1, "¢": 3}}, hands={0: ["+", "==="]})
    text = spec.presenter.render(state.view(0), Names(0))
    # the symbol is what to type ("Object names in commands are ... the rulebook's symbols", any case)
    assert "[X] Swap ×1" in text and "Your hand: + ===" in text and "Player 0 (you)" in text
    play(state, "X")
    sentences = [spec.presenter.describe(e, Names(1)) for e in state.events(1, 0)]
    assert sentences[0] == "Player 0 uses [X] Swap: the charge is now +0."


def test_the_host_passes_the_turn_of_a_player_who_is_away_without_penalty():
    """RULING: "a host that follows who is connected (the IRC bot) may apply `away` in the play phase:
    the player on turn is off the network, so their turn passes **without penalty** and they receive
    nothing; like a lost turn it counts for Invincible ... Players cannot type it ... records it in
    the action log like any host action, so a record replays it exactly." """
    state = table("+-+", objects={1: {"*": 1}})
    play(state, "skip")
    play(state, "*")  # seat 1: the bank cannot dump for 3 moves
    hand = mine(state, 2)["hand"]
    assert on_turn(state) == 2
    state.apply_text(HOST, "away")
    assert on_turn(state) == 0 and scores(state)[2] == 0 and mine(state, 2)["hand"] == hand
    assert ("away", {"player": 2}) in events(state)
    assert public(state)["bank"]["invincible_moves"] == 2  # it counted, as a lost turn does
    for seat in range(3):
        with pytest.raises(IllegalAction, match="only the host"):
            state.apply_text(seat, "away")
    game = ionarena.make("bank", players=3, seed=5, teams="+-+")
    play(game, game.view(0)["table"]["hand"][0])
    game.apply_text(HOST, "away")
    again = record.replay(record.from_state(game))
    assert again.view(None) == game.view(None) and ("away", {"player": 1}) in events(again, None, -1)
    shopping = shop("+-")
    with pytest.raises(IllegalAction, match="nobody is on turn"):
        shopping.apply_text(HOST, "away")
