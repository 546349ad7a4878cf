"""Rulebook tests of set-up, rounds, the Advanced radioactive rules and end-of-game scoring."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ionarena.games.compound.actions import Move
from ionarena.games.compound.cards import CARDS, deck_for
from ionarena.games.compound.scoring import decay_awards

from .rig import (
    at_phase,
    at_round,
    drive,
    hand,
    new_game,
    of_kind,
    others_unbonded,
    play_turn,
    rig,
    table,
    tiles,
)

ALL_UP = {"two": "up", "center": "up", "rxn": "up"}


def test_standard_setup():
    """Rulebook: "randomly place 3 face-up Goal Cards in the center of the table", "Shuffle the Element
    Cards and deal 10 to each player", "Flip 4 Element Cards face-up in the center of the table. There
    should be no duplicate cards." and "Give each player a set of 3 different Action Tiles." """
    for seed in range(30):
        s = new_game(players=7, seed=seed)
        t = table(s)
        assert len({g["id"] for g in t["goals"]}) == 3
        assert t["hand_sizes"] == [10] * 7
        assert len(t["center"]) == 4 and len(set(t["center"])) == 4
        assert all(faces == ALL_UP for faces in t["tiles"])
        dealt = of_kind(s, "round")[0]
        assert dealt["goals"] == [g["id"] for g in t["goals"]] and sorted(dealt["center"]) == t["center"]
    assert len(deck_for("standard")) == 81
    assert not any(CARDS[c].kind == "radioactive" for c in deck_for("standard"))


def test_beginner_setup():
    """Rulebook: "remove the green-bordered Polyatomic Ion and metallic-bordered Transition Metal Cards
    during setup, and do not give players a set of Action Tiles." and "do not deal cards to the center
    of the table (skip Setup Step 4). Players are dealt only 9 cards, instead of 10." """
    s = new_game(players=7, variant="beginner")
    t = table(s)
    assert t["hand_sizes"] == [9] * 7
    assert t["center"] == [] and all(faces == {} for faces in t["tiles"])
    deck = Counter(deck_for("beginner"))
    assert deck["OH"] == 9  # Hydroxide stays (ruling)
    assert not any(CARDS[c].polyatomic or CARDS[c].kind == "transition" for c in deck)
    assert all(m.kind == "pick" for m in s.legal_actions(0))
    drive(s, lambda st: table(st)["turn"] == 7 and st.phase_name() == "pick")
    assert table(s)["hand_sizes"] == [3] * 7


def test_advanced_adds_the_radioactive_cards():
    """Rulebook: "In Step 1 of Standard Game Setup, also shuffle in the 14 Radioactive Cards." """
    deck = deck_for("advanced")
    assert len(deck) == 95 and sum(CARDS[c].kind == "radioactive" for c in deck) == 14


def test_round_ends_with_two_cards_discarded():
    """Rulebook: "When only 2 cards remain in each hand, place these in a shared Discard Pile: the round is
    over." """
    s = new_game(players=3)
    drive(s, lambda st: table(st)["turn"] == 8 and st.phase_name() == "pick")
    assert table(s)["hand_sizes"] == [3, 3, 3] and table(s)["discard"] == []
    old = [hand(s, p) for p in range(3)]
    s.apply_text(0, "rxn")
    play_turn(s, {})
    drive(s, at_phase("rxn"))
    assert len(table(s)["discard"]) == 6 and table(s)["hand_sizes"] == [0, 0, 0]
    assert Counter(table(s)["discard"]) <= Counter(c for h in old for c in h)
    assert of_kind(s, "round_end") == [{"round": 1, "discard": table(s)["discard"]}]


def test_round_reset_keeps_tile_faces_and_reshuffles():
    """Rulebook: "If this is the 1st or 2nd round, collect and reshuffle all the cards, then set up for the
    next round in the same way (as in Steps 2-4 of Standard Game Setup)." and "Action Tiles may be used
    only once per game" """
    s = new_game()
    s.apply_text(2, "two")
    play_turn(s, {})
    drive(s, at_round(2))
    t = table(s)
    assert tiles(s, 2) == {"two": "down", "center": "up", "rxn": "up"}
    assert t["hand_sizes"] == [10] * 4 and len(set(t["center"])) == 4
    assert all(c == [] for c in t["compounds"]) and all(u == [] for u in t["unbonded"])
    assert t["discard"] == [] and t["first_player"] == 1  # ruling: round r starts with seat r - 1
    assert all(len(rs) == 1 for rs in t["round_scores"])
    assert Move("two") not in s.legal_actions(2)


def test_three_rounds_then_unused_tiles_score_two_each():
    """Rulebook: "After 3 rounds, the game ends." and "At the end of the game, you will score 2 points for
    each of your Action Tiles that is still face up." """
    s = new_game()
    s.apply_text(1, "two")
    play_turn(s, {})
    drive(s, lambda st: False)
    t = table(s)
    assert s.is_over() and all(len(rs) == 3 for rs in t["round_scores"]) and s.actors() == []
    assert t["end_bonus"][0]["tiles"] == 6 and t["end_bonus"][1]["tiles"] == 4
    assert s.scores()[0] == sum(r["total"] for r in t["round_scores"][0]) + 6
    assert all(b["decay"] == 0 for b in t["end_bonus"])  # no decay ranking outside the Advanced game
    assert of_kind(s, "game_end") == [{"winners": s.winners(), "scores": [int(x) for x in s.scores()]}]


def test_tied_players_share_the_victory():
    """Rulebook: "The player with the most total points wins! If players are tied, they share the
    victory." """
    last: dict[str, Any] = {"round": 3, "hand_size": 3, "goals": ["alkali_salts", "metal_oxides",
                                                                  "hydrohalic_acids"]}
    hands: dict[int, Sequence[str]] = {p: ["He", "Ne", "Ar"] for p in range(3)}
    s = rig(3, hands=hands, **last, round_scores=[[10, 10, 10], [7, 7, 7]])
    play_turn(s, {p: ["pick He"] for p in range(3)})
    drive(s, lambda st: False)
    assert s.scores() == [10 + 7 + 2 + 6] * 3 and s.winners() == [0, 1, 2]
    s = rig(3, hands=hands, **last, round_scores=[[10, 10, 9], [7, 7, 7]])
    play_turn(s, {p: ["pick He"] for p in range(3)})
    drive(s, lambda st: False)
    assert s.winners() == [0, 1] and s.view(None)["winners"] == [0, 1]


def _reveal_radioactive(count: int):
    cards = ["rad-Fr", "rad-At", "rad-Pm", "rad-Ac"][:count]
    plain = ["He", "Ne", "Ar", "Ar"]
    hands = {p: [cards[p]] if p < count else [plain[p]] for p in range(4)}
    others = [c for c in deck_for("advanced") if CARDS[c].kind != "radioactive"]
    # every other card of the four hands is plain, so exactly `count` radioactive cards are revealed
    s = rig(variant="advanced", hands={p: h + others[p * 9:p * 9 + 9] for p, h in hands.items()},
            center=["Br", "O", "Cu", "SO4"])
    play_turn(s, {p: [f"pick {c}"] for p, c in enumerate(cards)})
    return s, cards


def test_radioactive_reveal_rule_in_play():
    """Rulebook: "If 1 Radioactive Card is revealed on that turn, leave that card face-up. If 2 Radioactive
    Cards are revealed on that turn, rotate them 90 degrees. If 3 or more Radioactive Cards are revealed
    on that turn, flip those cards face-down." """
    for count, points in ((1, 4), (2, 2), (3, 0), (4, 0)):
        s, cards = _reveal_radioactive(count)
        placed = [table(s)["radioactive"][p] for p in range(count)]
        assert placed == [[{"card": c, "points": points}] for c in cards]
        assert [(e["card"], e["points"], e["revealed"]) for e in of_kind(s, "radioactive")] == \
            [(c, points, count) for c in cards]


def test_radioactive_from_the_center_counts_in_the_reveal():
    """Ruling (compound.md): "A radioactive card taken this way counts in that turn's reveal count, which is
    table-wide" """
    others = [c for c in deck_for("advanced") if CARDS[c].kind != "radioactive"]
    s = rig(variant="advanced", hands={0: ["rad-Fr", *others[:9]], 1: others[9:19], 2: others[19:29],
                                       3: others[29:39]}, center=["rad-U", "He", "O", "Br"])
    s.apply_text(1, "center rad-U")
    play_turn(s, {0: ["pick rad-Fr"]})
    placed = table(s)["radioactive"][:2]
    assert placed == [[{"card": "rad-Fr", "points": 2}], [{"card": "rad-U", "points": 2}]]


def test_radioactive_cards_stay_and_score_decay_at_the_end():
    """Rulebook: "After scoring, set the Radioactive Cards to the side, face up. They are ignored in future
    turns and rounds, but will be counted again for end of game scoring. Do NOT re-shuffle Radioactive
    Cards back into the Element Deck." """
    s, _ = _reveal_radioactive(1)
    others_unbonded(s, keep=-1)
    drive(s, at_round(2))
    t = table(s)
    assert t["radioactive_kept"][0] == ["rad-Fr"]
    assert all("rad-Fr" not in hand(s, p) for p in range(4))
    assert t["round_scores"][0][0]["radioactive"] == 4
    drive(s, lambda st: False)
    t = table(s)
    decays = [sum(CARDS[c].decay for c in k) for k in t["radioactive_kept"]]
    assert decays[0] >= 5 and t["decay"] == decays
    assert [b["decay"] for b in t["end_bonus"]] == decay_awards(decays)
