"""Who sees what: private events of the secret pick, and what a resampled copy keeps of what a seat knows."""

from __future__ import annotations

import random
from collections import Counter

from .rig import drive, hand, new_game, of_kind, play_turn, rig, table


def test_tile_choices_and_picks_are_private_until_the_reveal():
    """Rulebook: "Players will simultaneously choose 1 of these cards (face down) to keep" and ruling
    (compound.md): "whether a player has committed is public"; tiles are chosen "as part of the secret
    pick ... tile flips become visible at the reveal"."""
    s = rig(players=3, hands={1: ["H", "Cl"]}, center=["Na", "He", "O", "Mg"])
    s.apply_text(1, "two")
    s.apply_text(1, "center Mg")
    s.apply_text(1, "rxn")
    s.apply_text(1, "pick H")
    for seat in (0, 2, None):
        assert of_kind(s, "tile", seat) == [] and of_kind(s, "pick", seat) == []  # not even that 1 chose
    assert [e["tile"] for e in of_kind(s, "tile", 1)] == ["two", "center", "rxn"]
    assert of_kind(s, "pick", 1) == [{"player": 1, "card": "H", "done": False}]
    s.apply_text(1, "pick Cl")
    for seat in (0, 2, None):
        assert of_kind(s, "pick", seat) == [{"player": 1, "done": True}]  # that 1 has picked, never what
        assert table(s, seat)["committed"] == [False, True, False]
    assert of_kind(s, "pick", 1)[-1] == {"player": 1, "card": "Cl", "done": True}
    play_turn(s, {})
    reveal = next(e for e in of_kind(s, "reveal", 0) if e["player"] == 1)
    assert reveal == {"turn": 1, "player": 1, "cards": ["H", "Cl"], "tiles": ["two", "center", "rxn"],
                      "center": "Mg"}
    assert of_kind(s, "reveal", None) == of_kind(s, "reveal", 2)  # the reveal is for everyone


def test_a_seat_reads_every_event_since_its_last_turn():
    """Kernel 2: every event a seat may see between two of its turns reaches it, uncapped."""
    s = new_game(players=7, seed=3)
    s.apply_text(0, f"pick {hand(s, 0)[0]}")
    since = s.version
    drive(s, lambda st: 0 in st.actors() and st.version > since)
    seen = s.events(0, since)
    assert [e.kind for e in seen].count("reveal") == 7
    assert [e.data["player"] for e in seen if e.kind == "pick"] == list(range(1, 7))
    assert all(since < e.version <= s.version for e in seen)


def test_a_resampled_copy_keeps_the_hand_a_seat_passed_on():
    """Rulebook: "... then pass the remaining cards to the player on their left." A player knows the hand
    it passed, and every card picked from it since is revealed: a copy resampled for that player keeps
    that hand (ruling: the Beginner game, no Play Two refills)."""
    s = new_game(players=3, variant="beginner", seed=5)
    play_turn(s, {})
    drive(s, lambda st: st.phase_name() == "pick")
    passed_on = hand(s, 1)  # what seat 0 held, less its own revealed pick
    for seed in range(5):
        copy = s.determinize(0, random.Random(seed))
        assert hand(copy, 1) == passed_on
        assert copy.view(0) == s.view(0)
    assert any(hand(s.determinize(0, random.Random(seed)), 2) != hand(s, 2) for seed in range(5))
    assert any(hand(s.determinize(None, random.Random(seed)), 1) != passed_on for seed in range(5))


def test_a_resampled_copy_keeps_a_hand_after_later_picks_but_not_a_play_two_refill():
    """Rulebook: "Before passing to the next player, add 1 new Element Card from the top of the Element Deck
    back into that hand." and ruling (compound.md): "the receiver sees it, the giver does not"."""
    s = rig(players=3, hands={0: ["He", "Ne"]}, deck_top=["Ar"])
    s.apply_text(0, "two")
    s.apply_text(0, "pick He")
    s.apply_text(0, "pick Ne")
    play_turn(s, {})
    drive(s, lambda st: st.phase_name() == "pick")
    assert "Ar" in hand(s, 1)
    known = Counter(hand(s, 1)) - Counter(["Ar"])
    copies = [s.determinize(0, random.Random(seed)) for seed in range(8)]
    assert all(not known - Counter(hand(c, 1)) for c in copies)  # everything but the refill is kept
    assert any("Ar" not in hand(c, 1) for c in copies)  # the refill is resampled
    # one turn later the hand has moved on to seat 2 and seat 1 picked from it in the open
    play_turn(s, {})
    drive(s, lambda st: st.phase_name() == "pick")
    picked = next(e["cards"] for e in of_kind(s, "reveal") if e["player"] == 1 and e["turn"] == 2)
    still = known - Counter(picked)
    assert all(not still - Counter(hand(s.determinize(0, random.Random(seed)), 2)) for seed in range(8))


def test_a_resampled_copy_hides_what_other_seats_passed_on():
    """A copy made for one seat forgets what the other seats know, so a search that resamples again
    for another seat learns nothing the first seat did not know."""
    s = new_game(players=2, variant="beginner", seed=8)
    play_turn(s, {})
    drive(s, lambda st: st.phase_name() == "pick")
    assert all(hand(s.determinize(1, random.Random(seed)), 0) == hand(s, 0) for seed in range(8))
    copy = s.determinize(0, random.Random(1))
    again = [copy.determinize(1, random.Random(seed)) for seed in range(8)]
    assert any(hand(c, 0) != hand(copy, 0) for c in again)  # seat 1's knowledge did not survive the copy


def test_a_resampled_copy_depends_only_on_what_the_seat_knows():
    """Two games that look the same to a seat resample to the same copy with the same generator, so a
    search bot's choices can never depend on cards it cannot see."""
    s = new_game(players=3, variant="standard", seed=6)
    play_turn(s, {})
    drive(s, lambda st: st.phase_name() == "pick")
    s.apply_text(1, f"pick {hand(s, 1)[0]}")
    one, two = s.determinize(0, random.Random(1)), s.determinize(0, random.Random(2))
    assert one.view(0) == two.view(0) and one.view(2) != two.view(2)
    a, b = one.determinize(0, random.Random(7)), two.determinize(0, random.Random(7))
    assert all(a.view(q) == b.view(q) for q in (0, 1, 2, None))
