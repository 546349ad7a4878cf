"""The bank presenter: one sentence for every event kind, the table as plain text for each phase."""

from __future__ import annotations

import ionarena
from ionarena.core import HOST, Event, Names, State
from ionarena.games.bank.rules import EVENT_FIELDS

from ...rules.bank.bank_table import play, shop, table

SPEC = ionarena.get_spec("bank")
PRESENTER = SPEC.presenter


def scenes() -> list[State]:
    """Positions played so that, together, they emit every kind of event."""
    lobby = ionarena.make("bank", players=4, seed=1)
    for seat, sign in enumerate("+++-"):
        lobby.apply_text(seat, f"team {sign}")  # join, rebalance, hand, round_start
    objects = table("+-+-", charge=-9, pot=600, received=[[3, "L"], [1, "500"]],
                    objects={0: {"*": 1, "&": 1}, 1: {"X": 1, "t": 1}, 2: {"r": 1, ":": 1, "+:": 1}},
                    hands={0: ["-", "+"], 1: ["±"], 2: ["+"]})
    play(objects, "& -")          # combine, play, dump, earn, receive
    play(objects, "*")            # invincible
    play(objects, "X")            # swap
    play(objects, ":")            # move_time
    play(objects, "+:")           # round_time
    play(objects, "skip")         # skip, lost_turn (seat 3)
    objects.apply_text(HOST, "timeout")  # timeout
    play(objects, "r")            # reverse
    market = shop("+-+", objects={0: {"r": 1, "s": 1}, 1: {"¢": 20}}, on_sale=["x2", "500", "s", "r"])
    play(market, "deal r 5 ¢", 0)  # offer
    play(market, "ok 0", 1)        # accept
    play(market, "buy x2", 1)      # buy
    play(market, "done", 1)        # done
    play(market, "quit", 0)        # quit, quit_sale
    play(market, "done", 2)        # round_start
    ending = table("+-", round_left=1, objects={0: {"s": 1}}, options={"rounds": 1})
    play(ending, "s")              # pass
    ending.apply_text(HOST, "timeout")  # round_end, game_over
    forfeit = table("+-", objects={0: {"t": 1}}, round_left=2)
    play(forfeit, "T x3")          # take (forfeited)
    forfeit.apply_text(HOST, "away")  # away
    forfeit.apply_text(HOST, "timeout")  # round_end, shop
    return [lobby, objects, market, ending, forfeit]


def test_every_event_kind_has_a_sentence_for_every_reader():
    seen: set[str] = set()
    for state in scenes():
        for seat in [None, *range(state.num_players)]:
            for event in state.events(seat):
                sentence = PRESENTER.describe(event, Names(seat))
                assert sentence.endswith(".") and not sentence.startswith("("), sentence
                assert "None" not in sentence and "{" not in sentence, sentence
                seen.add(event.kind)
    assert seen == set(EVENT_FIELDS)


def test_sentences_name_the_reader_and_hide_what_they_may_not_know():
    state = table("+-+", objects={0: {"t": 1}, 2: {"x3": 1}})
    play(state, "T x3")
    [taker] = [e for e in state.events(0, 0) if e.kind == "take"]
    [other] = [e for e in state.events(1, 0) if e.kind == "take"]
    assert PRESENTER.describe(taker, Names(0)) == "Player 0 (you) uses [T] Take and takes one [×3] Triple " \
                                                  "from Player 2."
    assert PRESENTER.describe(other, Names(1, ["ada", "bo", "cy"])) == "ada uses [T] Take and takes an " \
                                                                        "object from cy."


def test_the_table_is_plain_text_in_every_phase():
    for state in scenes():
        for seat in [None, *range(state.num_players)]:
            text = PRESENTER.render(state.view(seat), Names(seat))
            assert text and "[bold]" not in text and "[/]" not in text
            view = state.view(seat)
            dealt = seat is not None and "hand" in view["table"] and view["phase"] != "lobby"
            assert ("Your hand:" in text) == dealt
    over = scenes()[3]
    assert "Game over:" in PRESENTER.render(over.view(0), Names(0))


def test_the_charge_bar_keeps_its_width_for_any_full_charge():
    state = table("+-", charge=-37, options={"full_charge": 100})
    bar = next(line for line in PRESENTER.render(state.view(None), Names()).splitlines() if "|" in line)
    assert bar.strip() == "- ......####|.......... +"


def test_there_is_no_chemistry_to_explain():
    assert PRESENTER.explain(Event(1, "play", {"player": 0})) == ""


def test_the_lobby_shows_who_has_no_team_yet_and_no_hand_before_the_deal():
    """"Each player starts by selecting a team ... Each player initially recieves 6 random cards": in the
    lobby nobody holds cards or coins yet, and a seat without a team is not shown as `[?]` (the Wild)."""
    lobby = ionarena.make("bank", players=3, seed=1)
    lobby.apply_text(0, "team -")
    text = PRESENTER.render(lobby.view(0), Names(0))
    assert "Player 0 (you) [-] 0 points" in text and "Player 1 (no team yet) 0 points" in text
    assert "[?]" not in text and "Your hand" not in text and "¢" not in text


def test_objects_show_what_to_type_only_where_it_is_not_their_symbol():
    """Commands take "the rulebook's symbols" in any case, brackets optional: `[R] Reverse` needs no
    `(r)`, `[200] 200 points` no `(200)`; `[×2] Double (x2)` says how to type the ×."""
    market = shop("+-+", objects={0: {"r": 1, "x2": 1}}, on_sale=["x2", "200", "r"])
    text = PRESENTER.render(market.view(0), Names(0))
    assert "Shop (until" in text and "[×2] Double (x2) 6¢, [200] 200 points 4¢, [R] Reverse 3¢" in text
    assert "[R] Reverse ×1" in text and "[×2] Double (x2) ×1" in text


def _dumps(state: State, reader: int | None) -> list[str]:
    return [PRESENTER.describe(e, Names(reader)) for e in state.events(reader, 0) if e.kind == "dump"]


def test_a_dump_names_who_got_what():
    """"The player that caused the bank to dump gets twice as many points as the rest of the team. For
    example, if the bank has 100 points, and there are 3 players on the team, the player that dumped
    the bank gets 50 points, and the other 2 players get 25 points." A team of one gets it all; a
    move that dumps toward the other team pays that team evenly."""
    three = table("+++--", charge=9, pot=100, hands={0: ["+"]})
    play(three, "+")
    assert _dumps(three, 3) == ["Player 0 dumps the bank: 400 points to team + (200 to Player 0, "
                                "100 each to Player 1 and Player 2)."]
    alone = table("+-", charge=9, pot=100, hands={0: ["+"]})
    play(alone, "+")
    assert _dumps(alone, 0) == ["Player 0 (you) dumps the bank: 400 points to team + (all of it: no "
                                "teammates)."]
    across = table("-+", charge=9, pot=100, hands={0: ["+"]})
    play(across, "+")
    assert _dumps(across, 1) == ["Player 0 moves the bank to full charge toward team +: its 100 points "
                                 "are dumped, 100 to Player 1 (you)."]
