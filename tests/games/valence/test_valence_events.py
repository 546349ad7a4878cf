"""Valence events as data: every seat gets every event it may see (enough to follow its own hand card
by card), and no seat gets the cards of a draw, steal or pass it took no part in. And `determinize`
keeps what a seat has learnt of other hands.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import ionarena
from ionarena.core import Event
from ionarena.games.valence.cards import INDEX
from ionarena.games.valence.rules import EVENT_FIELDS, ValenceState

position = ionarena.get_spec("valence").position

CASES = [(variant, n, seed) for variant in ("standard", "beginner", "cooperative", "ninja")
         for n, seed in ((2, 1), (3, 2), (5, 3))]


def follow_hand(hand: Counter, seat: int, event: Event) -> None:
    """Apply one event `seat` received to the hand it believes it holds."""
    d = event.data
    mine = d.get("player") == seat
    if event.kind == "hand" and mine:
        hand.clear()
        hand.update(d["cards"])
    elif event.kind == "draw" and mine:
        hand.update(d["cards"])
    elif event.kind == "take_discard" and mine:
        hand[d["card"]] += 1
    elif (event.kind == "redraw" and mine) or (event.kind == "build" and mine):
        hand.subtract(d["cards"])
    elif event.kind == "helium" and mine:
        hand["He"] -= 1
    elif event.kind == "pass" and mine:
        hand.subtract(d["cards"])
    elif event.kind == "pass" and d["to"] == seat:
        hand.update(d["cards"])
    elif event.kind == "steal" and mine:
        hand[d["card"]] += 1
    elif (event.kind == "steal" and d["victim"] == seat) or (event.kind == "discard" and mine):
        hand[d["card"]] -= 1


def follow_sizes(sizes: list[int], event: Event) -> None:
    """Apply one public event to the hand sizes a spectator believes."""
    d = event.data
    p = d.get("player")
    if event.kind == "deal":
        sizes[:] = [d["hand_size"]] * len(sizes)
    elif event.kind == "draw":
        sizes[p] += d["count"]
    elif event.kind in ("take_discard", "steal"):
        sizes[p] += 1
        if event.kind == "steal":
            sizes[d["victim"]] -= 1
    elif event.kind in ("redraw", "build"):
        sizes[p] -= len(d["cards"])
    elif event.kind in ("helium", "discard"):
        sizes[p] -= 1
    elif event.kind == "pass":
        sizes[p] -= d["count"]
        sizes[d["to"]] += d["count"]


@pytest.mark.parametrize(("variant", "n", "seed"), CASES)
def test_each_seat_follows_its_hand_from_its_events_alone(variant, n, seed):
    """Every event a seat may see reaches it: from its events alone, each seat knows its hand card by
    card after every move (draws, steals, Helium passes, builds, discards), and a spectator knows
    every hand's size; and every event has exactly the fields `EVENT_FIELDS` lists (less the hidden
    card of a draw, steal or pass)."""
    state = ionarena.make("valence", players=n, variant=variant, seed=seed)
    rng = random.Random(seed)
    hands = [Counter() for _ in range(n)]
    sizes = [0] * n
    since = -1
    while True:
        for p in range(n):
            for event in state.events(p, since):
                assert set(event.data) <= set(EVENT_FIELDS[event.kind])
                follow_hand(hands[p], p, event)
            assert +hands[p] == Counter(state.view(p)["table"]["hand"]), (p, state.version)
        for event in state.events(None, since):
            follow_sizes(sizes, event)
        assert sizes == state.view(None)["table"]["hand_sizes"]
        since = state.version
        if state.is_over():
            break
        p = state.actors()[0]
        legal = state.legal_actions(p)
        state.apply(p, legal[rng.randrange(len(legal))])


def hidden_cards(state: ValenceState, seat: int | None) -> list[tuple[str, dict]]:
    """The events `seat` received that name cards moving between other players' hands."""
    found = []
    for event in state.events(seat):
        d = event.data
        party = {d.get("player"), d.get("to"), d.get("victim")}
        if event.kind in ("draw", "pass", "steal", "hand") and seat not in party and \
                ("cards" in d or "card" in d):
            found.append((event.kind, d))
    return found


@pytest.mark.parametrize(("variant", "n", "seed"), CASES[::2])
def test_no_seat_reads_the_cards_of_moves_it_took_no_part_in(variant, n, seed):
    """Hands are hidden: 'cards drawn' are the drawer's; a card taken by a reaction is known to the
    thief and the victim only ('the others only that a card was taken'); a hand passed with Helium is
    known to the two players who pass and receive it."""
    state = ionarena.make("valence", players=n, variant=variant, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        p = state.actors()[0]
        legal = state.legal_actions(p)
        state.apply(p, legal[rng.randrange(len(legal))])
    for seat in [*range(n), None]:
        assert hidden_cards(state, seat) == []
    assert any(e.kind == "draw" for e in state.events(None))


def test_draws_name_the_cards_to_the_drawer_only():
    """'draw one card from the Element Deck' — the drawer reads the card; the others how many."""
    state = position({"hands": [["O", "O"], ["H"], []], "phase": "draw", "deck": ["Ca", "K"]})
    state.apply_text(0, "draw")
    assert state.events(0, 0)[0].data == {"player": 0, "reason": "draw", "count": 1, "short": 0,
                                          "cards": ["Ca"]}
    for seat in (1, 2, None):
        assert state.events(seat, 0)[0].data == {"player": 0, "reason": "draw", "count": 1, "short": 0}
        assert "Ca" not in json.dumps([e.to_json() for e in state.events(seat)])


# -- determinize keeps what a seat knows -----------------------------------------------------------------

def samples(state: ValenceState, seat: int | None, count: int = 25) -> list[ValenceState]:
    return [state.determinize(seat, random.Random(i)) for i in range(count)]


def test_a_seat_remembers_the_card_stolen_from_it():
    """'Take a random Element Card from your opponent.' The victim saw which card left: every
    resampled world of the victim's has the thief holding it; the third player's worlds vary."""
    state = position({"hands": [["O"], ["Ca"], ["H", "H", "F", "F"]], "stashes": [["HCl"], ["NaOH"], []]})
    state.apply_text(0, "react HCl 1 NaOH")
    for world in samples(state, 1):
        assert world.hands[0][world_index("Ca")] >= 1
    assert {0, 1} <= {world.hands[0][world_index("Ca")] for world in samples(state, 2, 60)}


def test_everyone_remembers_a_card_taken_from_the_discard_pile():
    """'you may instead draw the top card from the Discard Pile' — a face-up card: every seat (and a
    spectator) knows who holds it until it is played."""
    state = position({"hands": [["O", "O"], ["H", "H"], ["F", "F"]], "phase": "draw", "discard": ["Ca"]})
    state.apply_text(0, "draw discard")
    for seat in (1, 2, None):
        assert all(world.hands[0][world_index("Ca")] >= 1 for world in samples(state, seat))
    state.apply_text(0, "end")  # 3 cards: kept
    state.apply_text(1, "draw")
    assert all(world.hands[0][world_index("Ca")] >= 1 for world in samples(state, 2))
    state = position({"hands": [["O", "O"], ["H", "H"], ["F", "F"]], "phase": "draw", "discard": ["Ca"]})
    state.apply_text(0, "draw")  # from the deck instead: the Ca could be anywhere hidden
    assert {0, 1} <= {world.hands[0][world_index("Ca")] for world in samples(state, 1, 60)}


def test_a_seat_remembers_the_hand_it_passed_with_helium():
    """'All players then pass all Element cards in hand to the player to their right.' The giver
    knows the receiver holds the hand it gave."""
    state = position({"hands": [["He", "Ca", "K"], ["O", "O"], ["H", "F"]]})
    state.apply_text(0, "helium")
    for world in samples(state, 0):
        assert world.hands[2][world_index("Ca")] == 1 and world.hands[2][world_index("K")] == 1
    spectator = {tuple(world.hands[2]) for world in samples(state, None)}
    assert len(spectator) > 1


def test_cards_shown_for_a_wrong_name_stay_known():
    """Science Ninja: 'If they get it wrong, players can try again next turn' — the cards were shown
    and stay in hand, so everyone knows they are there."""
    state = position({"variant": "ninja", "hands": [["Na", "O", "H", "F"], ["Cl"], []]})
    state.apply_text(0, "build Na O H as sodium oxide")
    for world in samples(state, 1):
        assert all(world.hands[0][world_index(s)] >= 1 for s in ("Na", "O", "H"))


def test_a_resampled_world_holds_no_other_seats_private_knowledge():
    """A copy resampled for seat 2 must not carry what only seats 0 and 1 know (which card was taken):
    hidden information stays hidden in every copy."""
    state = position({"hands": [["O"], ["Ca"], ["H"]], "stashes": [["HCl"], ["NaOH"], []]})
    state.apply_text(0, "react HCl 1 NaOH")
    assert state.known[1, 0][world_index("Ca")] == 1
    for world in samples(state, 2):
        assert (1, 0) not in world.known


def world_index(symbol: str) -> int:
    return INDEX[symbol]
