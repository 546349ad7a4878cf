"""Rulebook tests: every object, powerdown, the shop, deals, the command language and anytime questions."""

from __future__ import annotations

import pytest

import ionarena
from ionarena.core import HOST, IllegalAction, StaleAction
from ionarena.games.bank.invariants import check_invariants

from .bank_table import bank, events, kinds, last_second, mine, on_turn, play, public, scores, shop, table

answer = ionarena.get_spec("bank").answer
assert answer is not None


def test_skip_object_passes_without_penalty():
    """"[S] Skip This object uses up a turn without doing anything." RULING: the [S] object is the free way
    to pass."""
    state = table("+-", objects={0: {"s": 1}})
    play(state, "s")
    assert scores(state)[0] == 0 and on_turn(state) == 1 and "s" not in mine(state, 0)["inventory"]
    assert events(state)[0] == ("pass", {"player": 0})


def test_reverse_object_reverses_the_flow():
    """"[R] Reverse This object, when used, reverses the flow of the game." """
    state = table("+-+-", objects={1: {"r": 1}})
    play(state, "skip")
    play(state, "r")
    assert on_turn(state) == 0 and public(state)["direction"] == -1


def test_move_time_object_gives_15_seconds_and_keeps_the_turn():
    """"[:] Move Time Extends a player's move to 15 seconds." RULING: a free action; the turn goes on and
    nothing is received for it."""
    state = table("+-", objects={0: {":": 2}})
    cards = mine(state, 0)["hand"]
    play(state, ":")
    assert on_turn(state) == 0 and state.deadline() == pytest.approx(15.0) and mine(state, 0)["hand"] == cards
    assert events(state) == [("move_time", {"player": 0, "until": 15.0})]
    with pytest.raises(IllegalAction, match="already extended"):
        play(state, ":")
    state.apply_text(HOST, "at 10.000")
    play(state, "+" if "+" in cards else cards[0])
    assert on_turn(state) == 1


def test_move_time_object_has_no_use_when_moves_already_last_15_seconds():
    """"[:] Move Time Extends a player's move to 15 seconds." RULING: with a move time of 15 s or more
    (the `move_time` option) it extends nothing: refused, kept, and not listed."""
    state = table("+-", objects={0: {":": 1}}, options={"move_time": 20})
    with pytest.raises(IllegalAction, match="no use"):
        play(state, ":")
    assert mine(state, 0)["inventory"] == {":": 1}
    assert ":" not in [state.format_action(a) for a in state.legal_actions(0)]


@pytest.mark.parametrize("points", [100, 200, 300, 500, 1000, 5000])
def test_instant_points_objects(points):
    """"[100][200][300] [500][1000][5000] Instant points objects." RULING: credited the moment they are
    received or bought; never held."""
    state = table("+-", received=[[0, str(points)]])
    assert scores(state)[0] == points and public(state)["objects"][0] == 0
    assert events(state, None, -1) == [("instant", {"player": 0, "object": str(points), "points": points})]


def test_combine_makes_two_moves():
    """"& <first move> Uses [&] object, and makes the first move. After this move it is still your turn." """
    state = table("+-", objects={0: {"&": 1}}, hands={0: ["+", "++"]})
    state.apply_text(HOST, "at 2.000")
    play(state, "& +")
    assert on_turn(state) == 0 and bank(state)[0] == 1 and state.deadline() == pytest.approx(5.0)
    assert public(state)["second_move"]
    with pytest.raises(IllegalAction):
        play(state, "& ++")
    play(state, "++")
    assert on_turn(state) == 1 and bank(state) == (3, 500)
    assert kinds(state, None).count("play") == 2 and kinds(state, 0).count("receive") == 2


def test_double_and_triple():
    """"[×2] Double This is used in conjunction with a card to double it's effect." and "[×3] Triple ...
    triple it's effect." RULING: power and points are multiplied, a neutral card's leftover bonus too."""
    state = table("+-", objects={0: {"x2": 1}, 1: {"x3": 1}}, hands={0: ["+"], 1: ["--"]})
    play(state, "x2 +")
    assert bank(state) == (2, 600)
    play(state, "x3 --")
    assert bank(state) == (-4, 1200)  # power 2x3 = 6 steps, 200x3 points
    assert [d["times"] for k, d in events(state) if k == "play"] == [2, 3]
    neutral = table("+-", charge=-2, objects={0: {"x2": 1}}, hands={0: ["==="]})
    play(neutral, "x2 ===")
    assert bank(neutral) == (0, 400)


def test_round_time_plus_and_minus():
    """"[+:] Round Time + Adds a minute to the round's clock." "[-:] Round Time - Subtracts a minute from the
    round's clock." """
    state = table("+-", objects={0: {"+:": 1}, 1: {"-:": 2}})
    play(state, "+:")
    assert public(state)["round_ends_at"] == pytest.approx(240.0)
    play(state, "-:")
    assert public(state)["round_ends_at"] == pytest.approx(180.0)
    assert [d["seconds"] for k, d in events(state) if k == "round_time"] == [60.0, -60.0]


def test_round_time_minus_is_usable_with_exactly_a_minute_left():
    """"[-:] Round Time - Subtracts a minute from the round's clock. If it's less than a minute, this has
    no use." With exactly a minute left it is still usable (and ends the round); with less it is refused
    and kept."""
    state = table("+-", objects={0: {"-:": 1}}, round_left=60)
    play(state, "-:")
    assert public(state)["round_ends_at"] == pytest.approx(0.0) and state.deadline() == pytest.approx(0.0)
    with pytest.raises(IllegalAction, match="has come"):  # the clock never runs backwards
        state.apply_text(HOST, "at 0.000")
    state.apply_text(HOST, "timeout")
    assert state.view(None)["phase"] == "shop"
    short = table("+-", objects={0: {"-:": 1}}, round_left=59.9)
    before = short.view(0)
    with pytest.raises(IllegalAction, match="less than a minute"):
        play(short, "-:")
    assert short.view(0) == before and mine(short, 0)["inventory"] == {"-:": 1}


def test_round_time_minus_is_listed_only_while_usable_until_the_move_deadline():
    """RULING: "`-:` is listed among the legal actions only while it stays usable until the move
    deadline": with 62 s left and a 3-second move clock it would not be at the end of the move."""
    listed = table("+-", objects={0: {"-:": 1}}, round_left=63)
    assert "-:" in [listed.format_action(a) for a in listed.legal_actions(0)]
    unlisted = table("+-", objects={0: {"-:": 1}}, round_left=62)
    assert "-:" not in [unlisted.format_action(a) for a in unlisted.legal_actions(0)]
    play(unlisted, "-:")  # still usable now: 62 s left
    assert public(unlisted)["round_ends_at"] == pytest.approx(2.0)


@pytest.mark.parametrize(("text", "charge", "pot"), [("? +", 1, 300), ("?? -", -2, 0), ("??? =", 0, 300),
                                                    ("? ±", 0, 100), ("? B", 0, 100)])
def test_wild_cards_become_any_polarity(text, charge, pot):
    """"[?][??][???] Wild This can be changed into a card of any polarity." RULING: `? +`, `?? -`, `??? =`,
    `? ±` play as a card of that power and family."""
    token = text.split()[0]
    state = table("+-", objects={0: {token: 1}})
    play(state, text)
    assert bank(state) == (charge, pot) and token not in mine(state, 0)["inventory"]
    assert dict(events(state))["play"]["wild"] is True


def test_wild_with_double():
    """RULING: "(also `x2 ?? +`)" — a wild may be doubled."""
    state = table("+-", objects={0: {"??": 1, "x2": 1}})
    play(state, "x2 ?? +")
    assert bank(state) == (4, 400)


def test_invincible_blocks_dumps_for_three_moves():
    """"[*] Invincible When used, the bank becomes invincible (undumpable) for 3 moves." RULING: the charge
    stays clamped at ±10, the pot still grows; afterwards the first move that ends at full charge dumps."""
    state = table("+-+-", charge=8, objects={0: {"*": 1}},
                  hands={1: ["+++"], 2: ["±"], 3: ["±±"], 0: ["±"]})
    play(state, "*")
    assert public(state)["bank"]["invincible_moves"] == 3
    play(state, "+++")  # team - pushes to +10: no dump, the excess is lost
    assert bank(state) == (10, 0)
    play(state, "±")
    play(state, "±±")
    assert bank(state) == (10, 300) and public(state)["bank"]["invincible_moves"] == 0
    play(state, "±")  # player 0, team +: the dump happens now, player 0 is the dumper
    assert bank(state) == (0, 0) and scores(state)[0] == 267 and scores(state)[2] == 133


def test_take_object_takes_from_another_inventory_or_is_forfeited():
    """"[T] Take When used, this allows a user to specify a type of object. The object is randomly taken out
    of another player's inventory and given to this player. If no player has the object, the TAKE is
    forfeited." """
    state = table("+-+", objects={0: {"t": 2}, 2: {"x3": 1}})
    play(state, "T x3")
    assert mine(state, 0)["inventory"].get("x3") == 1 and "x3" not in mine(state, 2)["inventory"]
    play(state, "skip")
    play(state, "skip")
    play(state, "T swap")
    assert "t" not in mine(state, 0)["inventory"] and "x" not in mine(state, 0)["inventory"]
    assert ("take", {"player": 0, "object": "x", "victim": None}) in events(state, 0)


def test_a_takes_victim_learns_what_was_taken_and_the_others_only_that_something_was():
    """"The object is randomly taken out of another player's inventory and given to this player." The taker
    and the victim read which object changed hands (private event); everyone else reads that player 0
    took an object from player 2 (its public side)."""
    state = table("+-+", objects={0: {"t": 1}, 2: {"x3": 1}})
    play(state, "T x3")
    private = ("take", {"player": 0, "object": "x3", "victim": 2})
    assert private in events(state, 0) and private in events(state, 2)
    redacted = ("take", {"player": 0, "victim": 2})  # the object is not in their version at all
    assert redacted in events(state, 1) and redacted in events(state, None)


def test_swap_object_swaps_the_polarity():
    """"[X] Swap Swaps the polarity of the bank a single time." """
    state = table("+-", charge=-7, objects={0: {"X": 1}})
    play(state, "X")
    assert bank(state)[0] == 7


def test_useless_objects_become_coins_at_the_shop():
    """"[ ] Useless ... It is equal to 1/25th of a coin." RULING: at the start of each shop phase every 25 of
    them become 1 coin."""
    state = last_second("+-", objects={0: {"useless": 52, "¢": 1}})
    state.apply_text(HOST, "timeout")
    assert mine(state, 0)["inventory"]["useless"] == 2 and mine(state, 0)["coins"] == 3
    assert ("earn", {"player": 0, "coins": 2, "why": "useless"}) in events(state, 0)


def test_coins_for_paying_moves_and_dumps_are_told_to_each_player_alone():
    """"[¢] Coins ... The system awards these automatically at random and for certain types of moves." and
    "they will then recieve either a card or an object, and possibly bonus coins." RULING: +1 coin for a
    move that pays points, +5 to every member of a team that receives a dump; each player alone reads
    their coins."""
    state = table("+-+-", charge=9, hands={0: ["+", "+"]})
    play(state, "+")
    assert mine(state, 0)["coins"] >= 5 + 1 + 5 and mine(state, 2)["coins"] >= 5 + 5
    assert mine(state, 1)["coins"] == 5
    assert [d for k, d in events(state, 0) if k == "earn"] == [{"player": 0, "coins": 5, "why": "dump"},
                                                               {"player": 0, "coins": 1, "why": "move"}]
    assert [d for k, d in events(state, 2) if k == "earn"] == [{"player": 2, "coins": 5, "why": "dump"}]
    assert "earn" not in kinds(state, 1) and "earn" not in kinds(state, None)


def test_what_a_player_receives_is_told_to_them_alone():
    """"Either way, they will then recieve either a card or an object": the receipt is private."""
    state = table("+-", hands={0: ["+"]})
    play(state, "+")
    received = [d for k, d in events(state, 0) if k == "receive"]
    assert len(received) == 1 and received[0]["card"] in mine(state, 0)["hand"]
    assert "receive" not in kinds(state, 1) and "receive" not in kinds(state, None)


@pytest.mark.parametrize(("kind", "start", "after"), [("-100", 50, -50), ("-200", 0, -200),
                                                     ("-300", 1000, 700), ("bankrupt", 800, 0),
                                                     ("bankrupt", -300, -300)])
def test_powerdowns_take_effect_immediately(kind, start, after):
    """"Powerdowns are objects that negatively affect the player they are given to and take affect
    immediately." [-100][-200][-300] Instant points loss, [B] Bankrupt (RULING: score becomes
    min(score, 0)); everyone is told."""
    state = table("+-", scores=[start, 0], received=[[0, kind]])
    assert scores(state)[0] == after and public(state)["objects"][0] == 0
    assert events(state, None, -1) == [("instant", {"player": 0, "object": kind, "points": after - start})]
    check_invariants(state)


def test_lose_next_turn_powerdown():
    """"[L] Lose next turn" RULING: the next turn is skipped without penalty; several stack."""
    state = table("+-+", received=[[1, "L"], [1, "L"]])
    assert public(state)["loses_turns"] == [0, 2, 0]
    play(state, "skip")
    assert on_turn(state) == 2 and scores(state)[1] == 0 and public(state)["loses_turns"][1] == 1
    assert ("lost_turn", {"player": 1}) in events(state)
    play(state, "skip")
    play(state, "skip")
    assert on_turn(state) == 2 and public(state)["loses_turns"][1] == 0


def test_buying_an_object_on_sale():
    """"buy <object> Buys the object for the advertised price" RULING: prices skip 3, reverse 3, ..."""
    state = shop(objects={0: {"¢": 20}}, on_sale=["x2", "x", "500", "s"])
    play(state, "buy x2", 0)
    assert mine(state, 0)["inventory"]["x2"] == 1 and mine(state, 0)["coins"] == 14
    play(state, "buy 500", 0)
    assert scores(state)[0] == 500 and mine(state, 0)["coins"] == 4
    with pytest.raises(IllegalAction, match="costs 8"):
        play(state, "buy X", 0)
    with pytest.raises(IllegalAction, match="not on sale"):
        play(state, "buy x3", 0)
    assert ("buy", {"player": 0, "object": "x2", "price": 6}) in events(state, 0)
    assert ("buy", {"player": 0}) in events(state, 1)  # the others read that a purchase was made


def test_deals_sell_for_coins_and_trade_objects():
    """"deal <object> <price> <units> Advertises that you are offering a deal. For example deal r 50 ¢ to
    sell a [R] for 50¢ -OR- deal x 1 * to trade a [X] for 1 [*]" and "ok <person> Accepts someone's deal" """
    state = shop(objects={0: {"r": 1, "x": 1}, 1: {"¢": 60, "*": 1}})
    play(state, "deal r 50 ¢", 0)
    assert public(state)["shop"]["offers"] == [{"seller": 0, "object": "r", "price": 50, "units": "¢"}]
    play(state, "ok 0", 1)
    assert mine(state, 1)["inventory"]["r"] == 1 and mine(state, 1)["coins"] == 10
    assert mine(state, 0)["coins"] == 50  # the seat's objects were set without coins
    play(state, "deal x 1 *", 0)
    with pytest.raises(IllegalAction, match="own deal"):
        play(state, "ok 0", 0)
    play(state, "ok 0", 1)
    assert mine(state, 0)["inventory"]["*"] == 1 and mine(state, 1)["inventory"]["x"] == 1
    with pytest.raises(IllegalAction, match="no open deal"):
        play(state, "ok 0", 1)
    assert ("accept", {"player": 1, "seller": 0, "object": "x", "price": 1, "units": "*"}) in events(state)


def test_a_buyer_who_saw_the_old_price_is_refused_when_the_seller_changed_it():
    """Kernel 2 issue: a buyer sees `deal x2 5 ¢`, the seller re-offers at 200, and the buyer's `ok`,
    made against what they saw, must be refused (StaleAction), not pay 200."""
    state = shop(objects={0: {"x2": 1}, 1: {"¢": 300}})
    play(state, "deal x2 5 ¢", 0)
    seen = state.version
    play(state, "deal x2 200 ¢", 0)
    before = mine(state, 1), state.version
    with pytest.raises(StaleAction):
        state.apply(1, state.parse_action(1, "ok 0"), expected=seen)
    assert (mine(state, 1), state.version) == before
    state.apply(1, state.parse_action(1, "ok 0"), expected=state.version)  # seen anew: agreed at 200
    assert mine(state, 1)["coins"] == 100


def test_deals_lapse_when_the_shop_closes():
    """RULING: "offers lapse at the end of the shop phase." """
    state = shop(objects={0: {"r": 1}})
    play(state, "deal r 2 ¢", 0)
    state.apply_text(HOST, "timeout")
    assert state.view(None)["phase"] == "play" and "shop" not in public(state)
    with pytest.raises(IllegalAction, match="shop is closed"):
        play(state, "ok 0", 1)


def test_inventory_and_help_answer_from_the_askers_view_without_changing_the_game():
    """"inv / inventory Shows your complete inventory", "inv <card|object> Shows how many of a specific object
    you have.", "help <card|object> Explains what the card or object does." Answered from the asker's view
    alone (`GameSpec.answer(view, text)`)."""
    state = table("+-", hands={0: ["+", "+", "==="]}, objects={0: {"x2": 2, "¢": 7}})
    before = state.view(0), state.version
    view = state.view(0)
    assert answer(view, "inv") == "Cards: [+] [+] [===]. Objects: 7¢, [×2] x2."
    assert answer(view, "inventory") == answer(view, "inv")
    assert answer(view, "inv +") == "You have 2 [+] cards."
    assert answer(view, "inv x2") == "You have 2 [×2] Double."
    assert answer(view, "inv ¢") == "You have 7¢."
    assert "Swap" in answer(view, "help X")
    assert answer(view, "+") is None and answer(view, "team +") is None
    assert answer(state.view(None), "inv") == "Spectators have no inventory."
    assert answer(state.view(1), "inv x2") == "You have 0 [×2] Double."
    assert (state.view(0), state.version) == before


@pytest.mark.parametrize("token", ["+", "++", "+++", "-", "--", "---", "=", "==", "===", "±", "±±", "±±±",
                                   "B",
                                   "¢", "[ ]", "s", "r", ":", "100", "200", "300", "500", "1000", "5000", "&",
                                   "x2", "x3", "+:", "-:", "?", "??", "???", "*", "T", "X", "-100", "-200",
                                   "-300", "L", "bankrupt"])
def test_help_explains_every_card_and_object(token):
    """"help <card|object> Explains what the card or object does." (every card and object of the rulebook)"""
    reply = answer(table("+-").view(0), f"help {token}")
    assert reply is not None and "not a card or an object" not in reply and len(reply) > 30


@pytest.mark.parametrize("text", ["+++ +", "x2", "x4 +", "? ", "?? q", "T", "T nothing", "team", "team x",
                                  "deal r", "deal r -1 ¢", "deal r 5 gold", "ok", "ok me", "& &", "&", "& :",
                                  "at", "at soon", "buy", "plays", "skip now", "ok ²", "ok ٣",
                                  "deal r ² ¢", "deal r ٣ ¢", "deal r 1000 ¢", "inv", "help +"])
def test_malformed_commands_get_a_reason_and_change_nothing(text):
    """"All commands are sent to the bot controlling the game." RULING: a malformed command gets a one-line
    reason and changes nothing."""
    state = table("+-", objects={0: {"&": 1, ":": 1}})
    before = state.view(None), state.view(0), state.version
    with pytest.raises(IllegalAction) as err:
        state.apply_text(0, text)
    assert str(err.value) and "\n" not in str(err.value)
    assert (state.view(None), state.view(0), state.version) == before


def test_a_deal_price_of_5000_digits_is_one_clear_error():
    """RULING: a deal asks 1 to 999 units; a number of any length is refused in one short line (never a
    ValueError about converting a huge number)."""
    state = shop(objects={0: {"r": 1}})
    for text in ("deal r " + "9" * 5000 + " ¢", "deal r " + "9" * 250 + " ¢", "ok " + "9" * 250):
        with pytest.raises(IllegalAction) as err:
            state.apply_text(0, text)
        assert "\n" not in str(err.value) and len(str(err.value)) < 200
    from ionarena.games.bank.actions import parse_command
    with pytest.raises(IllegalAction, match="1 to 999"):
        parse_command("deal r " + "9" * 5000 + " ¢")


def test_help_b_explains_both_the_bipolar_card_and_bankrupt():
    """"B BB BBB Can be used instead of ±, ±±, or ±±± for speed." and "[B] Bankrupt": `help B` / `help [B]`
    explains both meanings."""
    view = table("+-").view(0)
    for text in ("help B", "help [B]", "help b"):
        reply = answer(view, text)
        assert reply is not None and "Bipolar card" in reply and "Bankrupt" in reply
    assert "Bankrupt" not in answer(view, "help BB")


def test_help_lists_every_command_of_the_rulebook():
    """"Commands": team +, team -, quit, inv, inventory, inv <card|object>, help <card|object>, skip, the
    cards, B, s, r, :, x2, x3, +:, -:, &, *, X, T, buy, deal, ok."""
    reply = answer(table("+-").view(0), "help")
    for command in ("team +", "team -", "quit", "inv", "help <card|object>", "skip", "+++", "---", "===",
                    "±±±", "BBB", " s,", " r,", " :,", "x2 <card>", "x3 <card>", "+:", "-:",
                    "& <first move>", " *,", " X,", "T <object>", "buy <object>",
                    "deal <object> <price> <units>", "ok <person>"):
        assert command in reply, command
