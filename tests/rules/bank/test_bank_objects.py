"""Rulebook tests: every object, powerdown, the shop, deals and the command language."""

from __future__ import annotations

import pytest

from ionarena.core import HOST, IllegalAction
from ionarena.games.bank.commands import answer
from ionarena.games.bank.rules import BankState

from .bank_table import play, table


def test_skip_object_passes_without_penalty():
    """"[S] Skip This object uses up a turn without doing anything." RULING: the [S] object is the free way
    to pass."""
    state = table("+-", objects={0: {"skip": 1}})
    play(state, "s")
    assert state.score[0] == 0 and state.current == 1 and "skip" not in state.inv[0]


def test_reverse_object_reverses_the_flow():
    """"[R] Reverse This object, when used, reverses the flow of the game." """
    state = table("+-+-", objects={1: {"reverse": 1}})
    play(state, "skip")
    play(state, "r")
    assert state.current == 0 and state.direction == -1


def test_move_time_object_gives_15_seconds_and_keeps_the_turn():
    """"[:] Move Time Extends a player's move to 15 seconds." RULING: a free action; the turn goes on and
    nothing is received for it."""
    state = table("+-", objects={0: {"movetime": 1}})
    cards = sum(state.hands[0])
    play(state, ":")
    assert state.current == 0 and state.deadline() == pytest.approx(15.0) and sum(state.hands[0]) == cards
    state.apply_text(HOST, "at 10.000")
    play(state, state.format_action(state.legal_actions(0)[0]))
    assert state.current == 1


@pytest.mark.parametrize("points", [100, 200, 300, 500, 1000, 5000])
def test_instant_points_objects(points):
    """"[100][200][300] [500][1000][5000] Instant points objects." RULING: credited the moment they are
    received or bought; never held."""
    state = table("+-")
    state._receive_object(0, f"points{points}")
    assert state.score[0] == points and f"points{points}" not in state.inv[0]


def test_combine_makes_two_moves():
    """"& <first move> Uses [&] object, and makes the first move. After this move it is still your turn." """
    state = table("+-", objects={0: {"combine": 1}}, hands={0: ["+", "++"]})
    state.apply_text(HOST, "at 2.000")
    play(state, "& +")
    assert state.current == 0 and state.charge == 1 and state.deadline() == pytest.approx(5.0)
    with pytest.raises(IllegalAction):
        play(state, "& ++")
    play(state, "++")
    assert state.current == 1 and state.charge == 3 and state.pot == 500


def test_double_and_triple():
    """"[×2] Double This is used in conjunction with a card to double it's effect." and "[×3] Triple ...
    triple it's effect." RULING: power and points are multiplied, a neutral card's leftover bonus too."""
    state = table("+-", objects={0: {"x2": 1}, 1: {"x3": 1}}, hands={0: ["+"], 1: ["--"]})
    play(state, "x2 +")
    assert (state.charge, state.pot) == (2, 600)
    play(state, "x3 --")
    assert (state.charge, state.pot) == (-4, 1200)  # power 2x3 = 6 steps, 200x3 points
    neutral = table("+-", charge=-2, objects={0: {"x2": 1}}, hands={0: ["==="]})
    play(neutral, "x2 ===")
    assert (neutral.charge, neutral.pot) == (0, 400)


def test_round_time_plus_and_minus():
    """"[+:] Round Time + Adds a minute to the round's clock." "[-:] Round Time - Subtracts a minute from the
    round's clock. If it's less than a minute, this has no use." """
    state = table("+-", objects={0: {"roundplus": 1}, 1: {"roundminus": 2}})
    play(state, "+:")
    assert state.round_end == pytest.approx(240.0)
    play(state, "-:")
    assert state.round_end == pytest.approx(180.0)
    state.round_end = state.clock + 59
    play(state, "skip")  # player 0
    before = state.view(1)
    with pytest.raises(IllegalAction, match="minute or less"):
        play(state, "-:")
    assert state.view(1) == before and state.inv[1]["roundminus"] == 1


@pytest.mark.parametrize(("text", "charge", "pot"), [("? +", 1, 300), ("?? -", -2, 0), ("??? =", 0, 300),
                                                    ("? ±", 0, 100), ("? B", 0, 100)])
def test_wild_cards_become_any_polarity(text, charge, pot):
    """"[?][??][???] Wild This can be changed into a card of any polarity." RULING: `? +`, `?? -`, `??? =`,
    `? ±` play as a card of that power and family."""
    kind = {1: "wild1", 2: "wild2", 3: "wild3"}[len(text.split()[0])]
    state = table("+-", objects={0: {kind: 1}})
    play(state, text)
    assert (state.charge, state.pot) == (charge, pot) and kind not in state.inv[0]


def test_wild_with_double():
    """RULING: "(also `x2 ?? +`)" — a wild may be doubled."""
    state = table("+-", objects={0: {"wild2": 1, "x2": 1}})
    play(state, "x2 ?? +")
    assert (state.charge, state.pot) == (4, 400)


def test_invincible_blocks_dumps_for_three_moves():
    """"[*] Invincible When used, the bank becomes invincible (undumpable) for 3 moves." RULING: the charge
    stays clamped at ±10, the pot still grows; afterwards the first move that ends at full charge dumps."""
    state = table("+-+-", charge=8, objects={0: {"invincible": 1}},
                  hands={1: ["+++"], 2: ["±"], 3: ["±±"], 0: ["±"]})
    play(state, "*")
    play(state, "+++")  # team - pushes to +10: no dump, the excess is lost
    assert (state.charge, state.pot) == (10, 0)
    play(state, "±")
    play(state, "±±")
    assert (state.charge, state.pot) == (10, 300) and state.shield == 0
    play(state, "±")  # player 0, team +: the dump happens now, player 0 is the dumper
    assert state.pot == 0 and state.score[0] == 267 and state.score[2] == 133


def test_take_object_takes_from_another_inventory_or_is_forfeited():
    """"[T] Take When used, this allows a user to specify a type of object. The object is randomly taken out
    of another player's inventory and given to this player. If no player has the object, the TAKE is
    forfeited." """
    state = table("+-+", objects={0: {"take": 2}, 2: {"x3": 1}})
    play(state, "T x3")
    assert state.inv[0].get("x3") == 1 and "x3" not in state.inv[2]
    play(state, "skip")
    play(state, "skip")
    play(state, "T swap")
    assert state.inv[0].get("take") is None and "swap" not in state.inv[0]
    assert any("forfeited" in e for e in state.events)


def test_swap_object_swaps_the_polarity():
    """"[X] Swap Swaps the polarity of the bank a single time." """
    state = table("+-", charge=-7, objects={0: {"swap": 1}})
    play(state, "X")
    assert state.charge == 7


def test_useless_objects_become_coins_at_the_shop():
    """"[ ] Useless ... It is equal to 1/25th of a coin." RULING: at the start of each shop phase every 25 of
    them become 1 coin."""
    state = table("+-", objects={0: {"useless": 52, "coins": 1}})
    state.round_end = state.turn_start + 1
    state.apply_text(HOST, "timeout")
    assert state.inv[0]["useless"] == 2 and state.inv[0]["coins"] == 3


def test_coins_for_paying_moves_and_dumps():
    """"[¢] Coins ... The system awards these automatically at random and for certain types of moves."
    RULING: +1 coin for a move that pays points, +5 to every member of a team that receives a dump."""
    state = table("+-+-", charge=9, hands={0: ["+"]})
    play(state, "+")
    assert state.inv[0]["coins"] >= 5 + 1 + 5 and state.inv[2]["coins"] >= 5 + 5
    assert state.inv[1]["coins"] == 5


@pytest.mark.parametrize(("kind", "start", "after"), [("minus100", 50, -50), ("minus200", 0, -200),
                                                     ("minus300", 1000, 700), ("bankrupt", 800, 0),
                                                     ("bankrupt", -300, -300)])
def test_powerdowns_take_effect_immediately(kind, start, after):
    """"Powerdowns are objects that negatively affect the player they are given to and take affect
    immediately." [-100][-200][-300] Instant points loss, [B] Bankrupt (RULING: score becomes
    min(score, 0))."""
    state = table("+-")
    state.score[0] = start
    state.created = start
    state._receive_object(0, kind)
    assert state.score[0] == after and kind not in state.inv[0]
    state.check_invariants()


def test_lose_next_turn_powerdown():
    """"[L] Lose next turn" RULING: the next turn is skipped without penalty; several stack."""
    state = table("+-+")
    state._receive_object(1, "losenext")
    state._receive_object(1, "losenext")
    play(state, "skip")
    assert state.current == 2 and state.score[1] == 0 and state.lose_turns[1] == 1
    play(state, "skip")
    play(state, "skip")
    assert state.current == 2 and state.lose_turns[1] == 0


def shop(teams: str = "+-", **kwargs) -> BankState:
    state = table(teams, **kwargs)
    state.round_end = state.turn_start + 1
    state.apply_text(HOST, "timeout")
    assert state.phase == "shop"
    return state


def test_buying_an_object_on_sale():
    """"buy <object> Buys the object for the advertised price" RULING: prices skip 3, reverse 3, ..."""
    state = shop(objects={0: {"coins": 20}})
    state.on_sale = ("x2", "swap", "points500", "skip")
    play(state, "buy x2", 0)
    assert state.inv[0]["x2"] == 1 and state.inv[0]["coins"] == 14
    play(state, "buy 500", 0)
    assert state.score[0] == 500 and state.inv[0]["coins"] == 4
    with pytest.raises(IllegalAction, match="costs 8"):
        play(state, "buy X", 0)
    with pytest.raises(IllegalAction, match="not on sale"):
        play(state, "buy x3", 0)


def test_deals_sell_for_coins_and_trade_objects():
    """"deal <object> <price> <units> Advertises that you are offering a deal. For example deal r 50 ¢ to
    sell a [R] for 50¢ -OR- deal x 1 * to trade a [X] for 1 [*]" and "ok <person> Accepts someone's deal" """
    state = shop(objects={0: {"reverse": 1, "swap": 1}, 1: {"coins": 60, "invincible": 1}})
    play(state, "deal r 50 ¢", 0)
    play(state, "ok 0", 1)
    assert state.inv[1]["reverse"] == 1 and state.inv[1]["coins"] == 10 and state.inv[0]["coins"] == 55
    play(state, "deal x 1 *", 0)
    with pytest.raises(IllegalAction, match="own deal"):
        play(state, "ok 0", 0)
    play(state, "ok 0", 1)
    assert state.inv[0]["invincible"] == 1 and state.inv[1]["swap"] == 1
    with pytest.raises(IllegalAction, match="no open deal"):
        play(state, "ok 0", 1)


def test_deals_lapse_when_the_shop_closes():
    """RULING: "offers lapse at the end of the shop phase." """
    state = shop(objects={0: {"reverse": 1}})
    play(state, "deal r 2 ¢", 0)
    state.apply_text(HOST, "timeout")
    assert state.phase == "play" and state.offers == {}


def test_inventory_and_help_answer_without_changing_the_game():
    """"inv / inventory Shows your complete inventory", "inv <card|object> Shows how many of a specific object
    you have.", "help <card|object> Explains what the card or object does." """
    state = table("+-", hands={0: ["+", "+", "==="]}, objects={0: {"x2": 2, "coins": 7}})
    before = state.view(0)
    assert answer(state, 0, "inv") == "Cards: [+] [+] [===]. Objects: 7¢, [×2] x2."
    assert answer(state, 0, "inventory") == answer(state, 0, "inv")
    assert answer(state, 0, "inv +") == "You have 2 [+] cards."
    assert answer(state, 0, "inv x2") == "You have 2 [×2] Double."
    assert answer(state, 0, "inv ¢") == "You have 7¢."
    assert "Swap" in answer(state, 0, "help X")
    assert answer(state, 0, "+") is None
    assert state.view(0) == before


@pytest.mark.parametrize("token", ["+", "++", "+++", "-", "--", "---", "=", "==", "===", "±", "±±", "±±±",
                                   "B",
                                   "¢", "[ ]", "s", "r", ":", "100", "200", "300", "500", "1000", "5000", "&",
                                   "x2", "x3", "+:", "-:", "?", "??", "???", "*", "T", "X", "-100", "-200",
                                   "-300", "L", "bankrupt"])
def test_help_explains_every_card_and_object(token):
    """"help <card|object> Explains what the card or object does." (every card and object of the rulebook)"""
    reply = answer(table("+-"), 0, f"help {token}")
    assert reply is not None and "not a card or an object" not in reply and len(reply) > 30


@pytest.mark.parametrize("text", ["+++ +", "x2", "x4 +", "? ", "?? q", "T", "T nothing", "team", "team x",
                                  "deal r", "deal r -1 ¢", "deal r 5 gold", "ok", "ok me", "& &", "&", "& :",
                                  "at", "at soon", "buy", "plays", "skip now", "ok ²", "ok ٣",
                                  "deal r ² ¢", "deal r ٣ ¢"])
def test_malformed_commands_get_a_reason_and_change_nothing(text):
    """"All commands are sent to the bot controlling the game." RULING: a malformed command gets a one-line
    reason and changes nothing."""
    state = table("+-", objects={0: {"combine": 1, "movetime": 1}})
    before = state.view(None), state.view(0)
    with pytest.raises(IllegalAction) as err:
        state.apply_text(0, text)
    assert str(err.value) and "\n" not in str(err.value)
    assert (state.view(None), state.view(0)) == before


def test_help_b_explains_both_the_bipolar_card_and_bankrupt():
    """"B BB BBB Can be used instead of ±, ±±, or ±±± for speed." and "[B] Bankrupt": `help B` / `help [B]`
    explains both meanings."""
    for text in ("help B", "help [B]", "help b"):
        reply = answer(table("+-"), 0, text)
        assert reply is not None and "Bipolar card" in reply and "Bankrupt" in reply
    assert "Bankrupt" not in answer(table("+-"), 0, "help BB")


def test_help_lists_every_command_of_the_rulebook():
    """"Commands": team +, team -, quit, inv, inventory, inv <card|object>, help <card|object>, skip, the
    cards, B, s, r, :, x2, x3, +:, -:, &, *, X, T, buy, deal, ok."""
    reply = answer(table("+-"), 0, "help")
    for command in ("team +", "team -", "quit", "inv", "help <card|object>", "skip", "+++", "---", "===",
                    "±±±", "BBB", " s,", " r,", " :,", "x2 <card>", "x3 <card>", "+:", "-:",
                    "& <first move>", " *,", " X,", "T <object>", "buy <object>",
                    "deal <object> <price> <units>", "ok <person>"):
        assert command in reply, command


def test_coins_earned_are_told_to_the_player():
    """"Either way, they will then recieve either a card or an object, and possibly bonus coins." The bonus
    coins (RULING: +1 for a paying move, +5 to every member of a team that receives a dump) are noted
    privately with the receipt."""
    state = table("+-+-", charge=9, hands={0: ["+", "+"]})
    play(state, "+")
    assert any(note.endswith("(and 1¢ for a paying move)") for note in state.notes[0])
    assert any("5¢: your team received the dump" in note for note in state.notes[0])
    assert any("5¢: your team received the dump" in note for note in state.notes[2])
    assert state.notes[1] == () and state.notes[3] == ()
    state._receive_object(1, "minus100", extra=" (and 1¢ for a paying move)")
    assert state.notes[1] == ("you earned 1¢ for a paying move",)
