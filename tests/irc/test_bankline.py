"""Bank on IRC: the turn line carries what a player decides by, the channel digest tells the
public moves of a whole table in one line, `status` is two lines, times are seconds left.

docs/rules/bank.md, "What a player sees": "Public: the bank (charge, pot, Invincible count), the
clock and deadlines, teams, turn order and direction, every score and team sum ..." """

from __future__ import annotations

import random

import ionarena
from ionarena.core import HOST, Names
from ionarena.irc import bankline
from ionarena.irc.lines import fit, room

SPEC = ionarena.get_spec("bank")
ROOM = room("PRIVMSG", "a-sixteen-char-n", "IonBot", "ionbot", "irc.example.net")
NICKS = [f"player{n:02d}nick" for n in range(16)]


def test_the_turn_line_carries_the_bank_direction_invincible_time_left_score_and_team():
    state = SPEC.position({"teams": "+-+", "seed": 1, "charge": 4, "pot": 700, "scores": [1200, 300, 0],
                           "invincible": 2, "direction": -1, "round_left": 95.4})
    view = state.view(0)
    line = bankline.turn_line(view, Names(0, ["ada", "bob", "cy"]))
    assert line is not None
    bank = view["table"]["bank"]
    assert line.startswith("ada: your turn, 3 s · ")
    assert f"bank {bank['charge']:+d}, pot {bank['pot']}" in line
    assert f"invincible for {bank['invincible_moves']} move" in line and bank["invincible_moves"] > 0
    assert "play goes backward" in line
    assert "round 1/3 ends in 95 s" in line
    plus, minus = view["table"]["team_scores"]["+"], view["table"]["team_scores"]["-"]
    assert f"you {view['scores'][0]:g} on team + (+ {plus}, - {minus})" in line
    assert line.endswith(SPEC.answer(view, "inv"))  # the player's own cards and objects
    assert " at " not in line and ".0 s" not in line  # seconds left, never the game clock


def test_no_turn_line_for_a_turn_the_round_ends_in_less_than_a_second():
    state = SPEC.position({"teams": "+-", "seed": 1, "round_left": 0.6})
    assert bankline.turn_line(state.view(0), Names(0, ["ada", "bob"])) is None
    state = SPEC.position({"teams": "+-", "seed": 1, "round_left": 2.5})
    assert bankline.turn_line(state.view(0), Names(0, ["ada", "bob"])).startswith("ada: your turn, 2.5 s ·")


def test_a_digest_of_sixteen_players_fits_one_line_and_names_only_public_moves():
    state = ionarena.make("bank", players=16, seed=5, teams="+-" * 8, round_time=60.0)
    rng = random.Random(5)
    digest = bankline.Digest()
    names = Names(None, NICKS)
    seen = 0
    for _ in range(200):
        if state.is_over():
            break
        actors = state.actors()
        if not actors:
            state.apply_text(HOST, "timeout")
            continue
        seat = actors[0]
        version = state.version
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        for event in state.events(None, version):
            seen += digest.add(event, names)
        if len(digest.items) >= 16:  # a whole table's round of moves, then the line
            line = digest.line(state.view(None), state.now())
            assert line.startswith("Play: ") and len(fit(line, ROOM)) == 1, line
    assert seen > 16
    for kind in bankline.DIGEST_WORDS:  # only events every seat may see
        assert kind not in ("receive", "earn", "hand")


def test_status_is_two_lines_with_every_score_and_team():
    state = ionarena.make("bank", players=16, seed=2, teams="+-" * 8)
    view = state.view(3)
    lines = bankline.status_lines(view, Names(3, NICKS))
    assert len(lines) == 2 and "on turn" in lines[0] and "teams: + 0, - 0" in lines[0]
    assert all(f"{nick} 0 (" in lines[1] for nick in NICKS) and "Cards: [" in lines[1]
    assert sum(len(fit(line, ROOM)) for line in lines) <= 3


def test_the_shop_line_lists_what_is_on_sale_the_deals_by_name_and_how_to_take_them():
    state = SPEC.position({"teams": "+-+", "seed": 1, "objects": {0: {"r": 1}, 1: {"¢": 9}}, "phase": "shop",
                           "on_sale": ["x2", "s", "500", "r"]})
    state.apply_text(0, "deal r 4 ¢")
    line = bankline.shop_line(state.view(1), Names(1, ["ada", "bob", "cy"]))
    assert line.startswith("bob: the shop is open, ")
    assert "[×2] Double 6¢ (buy x2)" in line and "[S] Skip 3¢ (buy s)" in line
    assert "deals: ada offers [R] Reverse for 4¢ (ok ada)" in line and "ok <nick>" in line


def test_move_time_and_round_time_are_told_as_seconds_left_never_the_game_clock():
    """QA on a real network: "ends at 210.0 s" is the game clock, which stands still while turn
    lines wait; a player reads seconds left."""
    state = SPEC.position({"teams": "+-", "seed": 1, "objects": {0: {":": 1, "+:": 1}}, "round_left": 100,
                           "clock": 20})
    before = state.version
    state.apply_text(0, ":")
    state.apply_text(0, "+:")
    names = Names(0, ["ada", "bob"])
    said = {e.kind: bankline.channel_words(e, names, state.now()) for e in state.events(0, since=before)}
    assert said["move_time"] == "ada (you) uses [:] Move Time: may move for 15 s more."
    assert said["round_time"] == "ada (you) uses [+:]: the round now ends in 160 s."


def test_status_says_who_is_on_turn_by_name_and_you_to_the_player_on_turn():
    state = SPEC.position({"teams": "+-", "seed": 1, "turn": 0})
    names = ["ada", "bob"]
    assert "you are on turn (3 s left)" in bankline.status_lines(state.view(0), Names(0, names))[0]
    assert "ada is on turn (3 s left)" in bankline.status_lines(state.view(1), Names(1, names))[0]
