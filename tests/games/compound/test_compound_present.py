"""The compound presenter: a sentence for every event any seat reads, a plain-text table for every
seat, and chemistry for every compound formed."""

from __future__ import annotations

import random

import ionarena
from ionarena.core import Names
from ionarena.games.compound.rules import EVENT_FIELDS

SPEC = ionarena.get_spec("compound")
PRESENTER = SPEC.presenter


def _games():
    """Random games in every variant, 2 and 4 players, to the end (several seeds)."""
    for variant in ("beginner", "standard", "advanced"):
        for players, seed in ((2, 1), (4, 2), (4, 3)):
            state = ionarena.make("compound", players=players, seed=seed, variant=variant)
            rng = random.Random(seed)
            renders = []
            while not state.is_over():
                p = state.actors()[0]
                if rng.random() < 0.05:
                    renders.append((p, PRESENTER.render(state.view(p), Names(p))))
                legal = state.legal_actions(p)
                state.apply(p, legal[rng.randrange(len(legal))])
            yield state, renders


def test_every_event_reads_as_one_sentence_and_every_kind_occurs():
    seen = set()
    for state, _ in _games():
        for seat in [*range(state.num_players), None]:
            names = Names(seat)
            for event in state.events(seat):
                text = PRESENTER.describe(event, names)
                seen.add(event.kind)
                assert text and text[0].isupper() and text.endswith(".") and "\n" not in text, text
                assert "None" not in text and "(" + event.kind + ")" != text, text
                if seat is not None and event.data.get("player") == seat:
                    assert f"Player {seat} (you)" in text or event.kind in ("round", "pass", "game_end"), text
    assert seen >= set(EVENT_FIELDS) - {"center_lost", "center_empty", "rxn_take", "form", "rxn_done"}


def test_the_table_reads_for_each_seat_and_shows_only_its_own_hand():
    for state, renders in _games():
        for seat, text in renders:
            assert f"Player {seat} (you)" in text and "Your hand:" in text
        spectator = PRESENTER.render(state.view(None), Names(None))
        assert "Your hand" not in spectator and "Your move" not in spectator
        assert "Game over: " in spectator


def test_display_names_are_shown_as_typed():
    state = ionarena.make("compound", players=3, seed=1)
    names = Names(1, ["[bold]ada[/]", "bob", ""])
    text = PRESENTER.render(state.view(1), names)
    assert "[bold]ada[/]: 0 points" in text and "bob (you): 0 points" in text and "Player 2: 0 points" in text


def test_explain_speaks_only_of_compounds_formed():
    explained = 0
    for state, _ in _games():
        for event in state.events(None):
            text = PRESENTER.explain(event)
            if event.kind in ("bond", "form") or (event.kind == "rxn_best" and event.data["compounds"]):
                assert "the charges add up to +" in text and "= 0, so the compound is neutral." in text
                first = event.data["compounds"][0] if event.kind == "rxn_best" else event.data
                assert text.startswith(f"{first['formula']} — {first['name']}: ")
                explained += 1
            else:
                assert text == ""
    assert explained > 10


def test_rxn_and_the_center_read_as_sentences():
    """Rulebook RXN: "you may take any 1 Element Card from the center of the table or Discard Pile";
    Play From Center with the center empty leaves the tile face up (ruling). The reader's own tile is
    "your" tile, never "Player 0 (you)'s"."""
    from ionarena.core import Event

    take = Event(9, "rxn_take", {"player": 1, "card": "Na", "source": "discard"})
    assert PRESENTER.describe(take, Names(0)) == ("Player 1 resolves RXN by hand and takes Na from the "
                                                  "discard pile: every bond is broken, to be formed again.")
    none = Event(9, "rxn_take", {"player": 1, "card": None, "source": None})
    assert PRESENTER.describe(none, Names(1)).startswith("Player 1 (you) resolves RXN by hand and takes no "
                                                         "extra card")
    empty = Event(9, "center_empty", {"player": 0})
    assert PRESENTER.describe(empty, Names(0)) == ("The center is empty, so your Play From Center tile "
                                                   "stays face up.")
    assert PRESENTER.describe(empty, Names(2, ["ada"])) == ("The center is empty, so ada's Play From "
                                                            "Center tile stays face up.")
