"""Rulebook tests of set-up, rounds, the Advanced radioactive rules and end-of-game scoring."""

from __future__ import annotations

from collections import Counter

from ionarena.games.compound.cards import CARDS, deck_for
from ionarena.games.compound.rules import Move

from .rig import drive, new_game, others_unbonded, play_turn, rig


def test_standard_setup():
    """Rulebook: "randomly place 3 face-up Goal Cards in the center of the table", "Shuffle the Element
    Cards and deal 10 to each player", "Flip 4 Element Cards face-up in the center of the table. There
    should be no duplicate cards." and "Give each player a set of 3 different Action Tiles." """
    for seed in range(30):
        s = new_game(players=7, seed=seed)
        assert len(set(s.goals)) == 3
        assert all(len(h) == 10 for h in s.hands)
        assert len(s.center) == 4 and len(set(s.center)) == 4
        assert all(t == [True, True, True] for t in s.tiles)
        assert len(deck_for("standard")) == 81
        assert not any(CARDS[c].kind == "radioactive" for c in deck_for("standard"))


def test_beginner_setup():
    """Rulebook: "remove the green-bordered Polyatomic Ion and metallic-bordered Transition Metal Cards
    during setup, and do not give players a set of Action Tiles." and "do not deal cards to the center
    of the table (skip Setup Step 4). Players are dealt only 9 cards, instead of 10." """
    s = new_game(players=7, variant="beginner")
    assert all(len(h) == 9 for h in s.hands)
    assert s.center == [] and all(t == [] for t in s.tiles)
    deck = Counter(deck_for("beginner"))
    assert deck["OH"] == 9  # Hydroxide stays (ruling)
    assert not any(CARDS[c].polyatomic or CARDS[c].kind == "transition" for c in deck)
    assert all(m.kind == "pick" for m in s.legal_actions(0))
    drive(s, lambda st: st.turn == 7 and st.phase == "pick")
    assert all(len(h) == 3 for h in s.hands)


def test_advanced_adds_the_radioactive_cards():
    """Rulebook: "In Step 1 of Standard Game Setup, also shuffle in the 14 Radioactive Cards." """
    deck = deck_for("advanced")
    assert len(deck) == 95 and sum(CARDS[c].kind == "radioactive" for c in deck) == 14


def test_round_ends_with_two_cards_discarded():
    """Rulebook: "When only 2 cards remain in each hand, place these in a shared Discard Pile: the round is
    over." """
    s = new_game(players=3)
    drive(s, lambda st: st.turn == 8 and st.phase == "pick")
    assert all(len(h) == 3 for h in s.hands) and s.discard == []
    old = [list(h) for h in s.hands]
    s.apply_text(0, "rxn")
    play_turn(s, {})
    drive(s, lambda st: st.phase == "rxn")
    assert len(s.discard) == 6 and all(h == [] for h in s.hands)
    assert Counter(s.discard) <= Counter(c for h in old for c in h)


def test_round_reset_keeps_tile_faces_and_reshuffles():
    """Rulebook: "If this is the 1st or 2nd round, collect and reshuffle all the cards, then set up for the
    next round in the same way (as in Steps 2-4 of Standard Game Setup)." and "Action Tiles may be used
    only once per game" """
    s = new_game()
    s.apply_text(2, "two")
    play_turn(s, {})
    drive(s, lambda st: st.round == 2)
    assert s.tiles[2] == [False, True, True]
    assert all(len(h) == 10 for h in s.hands) and len(set(s.center)) == 4
    assert all(c == [] and u == [] for c, u in zip(s.compounds, s.unbonded, strict=True))
    assert s.discard == [] and s.first == 1  # ruling: round r starts with seat r - 1
    assert len(s.round_scores) == 1
    assert Move("two") not in s.legal_actions(2)


def test_three_rounds_then_unused_tiles_score_two_each():
    """Rulebook: "After 3 rounds, the game ends." and "At the end of the game, you will score 2 points for
    each of your Action Tiles that is still face up." """
    s = new_game()
    s.apply_text(1, "two")
    play_turn(s, {})
    drive(s, lambda st: False)
    assert s.is_over() and len(s.round_scores) == 3 and s.actors() == []
    assert s.end_bonus is not None
    assert s.end_bonus[0]["tiles"] == 6 and s.end_bonus[1]["tiles"] == 4
    assert s.scores()[0] == sum(r[0]["total"] for r in s.round_scores) + 6
    assert all(b["decay"] == 0 for b in s.end_bonus)  # no decay ranking outside the Advanced game


def test_tied_players_share_the_victory():
    """Rulebook: "The player with the most total points wins! If players are tied, they share the
    victory." """
    s = new_game(players=3)
    drive(s, lambda st: False)
    totals = s.scores()
    for p in range(3):  # lift everyone to the top score
        s.round_scores[0][p] = dict(s.round_scores[0][p], total=s.round_scores[0][p]["total"]
                                    + int(max(totals) - totals[p]))
    assert s.winners() == [0, 1, 2]
    s.round_scores[0][2] = dict(s.round_scores[0][2], total=s.round_scores[0][2]["total"] - 1)
    assert s.winners() == [0, 1]


def _only_radioactive(s, allowed):
    """Swap every other radioactive card in a hand for a plain card from the deck."""
    for h in s.hands:
        for i, c in enumerate(h):
            if CARDS[c].kind == "radioactive" and c not in allowed:
                j = next(k for k, d in enumerate(s.deck) if CARDS[d].kind != "radioactive")
                h[i], s.deck[j] = s.deck[j], c


def _reveal_radioactive(count: int):
    cards = ["rad-Fr", "rad-At", "rad-Pm", "rad-Ac"][:count]
    s = rig(new_game(variant="advanced"), hands={p: [c] for p, c in enumerate(cards)},
            center=["Na", "He", "O", "Mg"])
    _only_radioactive(s, cards)
    play_turn(s, {p: [f"pick {c}"] for p, c in enumerate(cards)})
    return s, cards


def test_radioactive_reveal_rule_in_play():
    """Rulebook: "If 1 Radioactive Card is revealed on that turn, leave that card face-up. If 2 Radioactive
    Cards are revealed on that turn, rotate them 90 degrees. If 3 or more Radioactive Cards are revealed
    on that turn, flip those cards face-down." """
    for count, points in ((1, 4), (2, 2), (3, 0), (4, 0)):
        s, cards = _reveal_radioactive(count)
        assert [s.radio[p] for p in range(count)] == [[(c, points)] for c in cards]


def test_radioactive_from_the_center_counts_in_the_reveal():
    """Ruling (compound.md): "A radioactive card taken this way counts in that turn's reveal count, which is
    table-wide" """
    s = rig(new_game(variant="advanced"), hands={0: ["rad-Fr"]}, center=["rad-U", "He", "O", "Mg"])
    _only_radioactive(s, ["rad-Fr"])
    s.apply_text(1, "center rad-U")
    play_turn(s, {0: ["pick rad-Fr"]})
    assert s.radio[0] == [("rad-Fr", 2)] and s.radio[1] == [("rad-U", 2)]


def test_radioactive_cards_stay_and_score_decay_at_the_end():
    """Rulebook: "After scoring, set the Radioactive Cards to the side, face up. They are ignored in future
    turns and rounds, but will be counted again for end of game scoring. Do NOT re-shuffle Radioactive
    Cards back into the Element Deck." """
    s, _ = _reveal_radioactive(1)
    others_unbonded(s, keep=-1)
    drive(s, lambda st: st.round == 2)
    assert s.kept[0] == ["rad-Fr"]
    assert "rad-Fr" not in s.deck and all("rad-Fr" not in h for h in s.hands)
    assert s.round_scores[0][0]["radioactive"] == 4
    drive(s, lambda st: False)
    decays = [sum(CARDS[c].decay for c in k) for k in s.kept]
    assert decays[0] >= 5
    from ionarena.games.compound.scoring import decay_awards
    assert s.end_bonus is not None
    assert [b["decay"] for b in s.end_bonus] == decay_awards(decays)
