"""Rulings tests: the numbers of the drop table, card draws, coin drops, the shop, and edge cases of the
rulings file (/work/shared/rules/bank.md) not covered by the rulebook tests."""

from __future__ import annotations

from collections import Counter

import pytest

from ionarena.core import HOST, IllegalAction
from ionarena.games.bank.cards import OBJECTS, card_family, card_power

from .bank_table import play, table


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
    state = table("+-")
    cards = Counter(state._draw_card() for _ in range(60_000))
    powers = Counter()
    families = Counter()
    for card, n in cards.items():
        powers[card_power(card)] += n
        families[card_family(card)] += n
    assert [round(powers[p] / 60_000 * 6, 1) for p in (1, 2, 3)] == [3.0, 2.0, 1.0]
    assert all(abs(families[f] / 60_000 - 0.25) < 0.01 for f in range(4))


def test_object_drops_and_coin_drops():
    """RULING: object drops use the weights above; "A coins drop gives 1-3 coins." """
    state = table("+-")
    drops = Counter(state._draw_object() for _ in range(100_000))
    total = sum(o.weight for o in OBJECTS.values())
    for kind in ("coins", "useless", "skip", "x2"):
        assert abs(drops[kind] / 100_000 - OBJECTS[kind].weight / total) < 0.01
    seen = set()
    for _ in range(200):
        before = state.inv[0].get("coins", 0)
        state._receive_object(0, "coins")
        seen.add(state.inv[0]["coins"] - before)
    assert seen == {1, 2, 3}


def test_shop_offers_four_kinds_never_coins_useless_or_powerdowns():
    """RULING: "each shop phase offers 4 object kinds drawn from the drop table (coins, useless and powerdowns
    excluded), unlimited units of each" """
    for seed in range(40):
        state = table("+-", seed=seed, objects={0: {"coins": 500}})
        state.round_end = state.turn_start + 1
        state.apply_text(HOST, "timeout")
        sale = state.on_sale
        assert len(set(sale)) == 4
        assert not {"coins", "useless"} & set(sale) and not any(OBJECTS[k].powerdown for k in sale)
    kind = sale[0]
    for _ in range(3):  # unlimited units
        play(state, f"buy {OBJECTS[kind].token}", 0)


def test_invincible_counts_timeouts_and_a_second_star_resets_to_three():
    """RULING: "the bank cannot dump during the next 3 turns of anyone (timeouts count) ... a second [*]
    resets the count to 3" """
    state = table("+-+-", charge=9, objects={0: {"invincible": 1}, 2: {"invincible": 1}},
                  hands={1: ["±"], 3: ["+"]})
    play(state, "*")
    assert state.shield == 3
    state.apply_text(HOST, f"at {state.now():.3f}")
    state.apply_text(HOST, "timeout")  # player 1 times out
    assert state.shield == 2
    play(state, "*")  # player 2
    assert state.shield == 3
    play(state, "+")  # player 3 (team -) pushes to +10: no dump
    assert state.charge == 10 and state.pot == 0 and state.shield == 2


def test_after_invincible_the_first_move_at_full_charge_dumps_even_toward_the_other_team():
    """RULING: "afterwards the first move that ends at full charge dumps, and its mover is the dumper" with
    "A dump toward the other team's pole pays that team (no double share for anyone)" """
    state = table("+-+-", charge=10, pot=1000, hands={1: ["±"]})
    state.shield = 0
    state.pos = 1  # player 1, team -, plays a bipolar card at +10: the bank dumps toward team +
    play(state, "±")
    assert state.pot == 0 and state.charge == 0
    assert state.score[0] == state.score[2] == 550 and state.score[1] == state.score[3] == 0


def test_take_coins_takes_one_coin():
    """RULING: "Take: one unit at random among all units of that kind held by other players (either team;
    coins one at a time)" """
    state = table("+-+", objects={0: {"take": 1, "coins": 0}, 1: {"coins": 7}, 2: {"coins": 0}})
    play(state, "T ¢")
    assert state.inv[1]["coins"] == 6 and state.inv[0]["coins"] >= 1


def test_quitting_in_the_shop_withdraws_deals_and_sells_at_once():
    """RULING: "Quitting in the shop phase withdraws the quitter's open deals and sells their objects at
    1 coin in that phase" """
    state = table("+-+", objects={0: {"reverse": 2}})
    state.round_end = state.turn_start + 1
    state.apply_text(HOST, "timeout")
    play(state, "deal r 3 ¢", 0)
    play(state, "quit", 0)
    assert 0 not in state.offers and state.inv[0] == {}
    assert any("sold for 2¢" in e for e in state.events)
    with pytest.raises(IllegalAction, match="no open deal"):
        play(state, "ok 0", 1)
