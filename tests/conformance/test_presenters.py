"""Every game's presenter words people the same way (core/present.py `Names`): "Player 2" or a display
name, the reader marked "(you)", never a raw Python value (`[2]`, `None`, `{'a': 1}`), never "player 2"
in lower case, never "Player 0 (you)'s"; every event kind has its own sentence; the table says how the
game ended exactly once. Nothing here names a game: a new game's presenter passes by registering it.
"""

from __future__ import annotations

import re

import pytest

import ionarena
from ionarena.core import IllegalAction, Names, State

from .cases import golden_cases
from .checks import play

RAW_VALUE = re.compile(r"\[\d{1,2}\]|\[-?\d+(\.\d+)?, |\['|\[\]|\bNone\b|\bTrue\b|\bFalse\b|\{'")
"""Python's text for lists, None, booleans and dicts (bank's `[100]` instant points object is a word
of its rulebook; a seat list like `[2]` is not)."""
LOWER_PLAYER = re.compile(r"\bplayer \d")
DISPLAY = ["ada", "[b]bob[/b]", ""]
"""Display names as typed, markup included: shown as the characters they are."""


def _played(game: str, variant: str) -> tuple[State, list[tuple[int | None, dict]]]:
    """A 3-player game (or the game's smallest count above) played to the end by random bots, with
    views of every seat and the spectator sampled on the way."""
    spec = ionarena.get_spec(game)
    players = max(spec.min_players, min(3, spec.max_players))
    state = ionarena.make(game, players=players, seed=17, variant=variant)
    views: list[tuple[int | None, dict]] = []

    def sample(current: State) -> None:
        if current.version % 7 == 0:
            views.extend((seat, current.view(seat)) for seat in [*range(players), None])

    play(state, 17, sample, every=7)
    views.extend((seat, state.view(seat)) for seat in [*range(players), None])
    return state, views


def _clean(text: str, where: str) -> None:
    assert not RAW_VALUE.search(text), f"{where}: a raw Python value in {text!r}"
    assert not LOWER_PLAYER.search(text), f"{where}: 'player N' in lower case in {text!r}"
    assert "(you)'s" not in text, f"{where}: a possessive of '(you)' in {text!r}"


@pytest.mark.parametrize(("game", "variant"), golden_cases())
def test_every_event_reads_as_one_sentence_naming_people_consistently(game, variant):
    spec = ionarena.get_spec(game)
    state, _ = _played(game, variant)
    for seat in [*range(state.num_players), None]:
        for names in (Names(seat), Names(seat, DISPLAY)):
            for event in state.events(seat):
                text = spec.presenter.describe(event, names)
                where = f"{game} {event.kind} for seat {seat}"
                _clean(text, where)
                assert text != f"({event.kind})", f"{where}: no sentence for this kind"
                assert "Game over" not in text, f"{where}: the table's last line says that, once"
                assert "\n" not in text and text.rstrip().endswith((".", "!", ")")), f"{where}: {text!r}"
                if not names.names:
                    assert text[0].isupper(), f"{where}: {text!r}"
                    # the reader is always "Player N (you)", never a bare "Player N"
                    if seat is not None:
                        assert not re.search(rf"\bPlayer {seat}\b(?! \(you\))", text), f"{where}: {text!r}"
                else:
                    assert "Player 0" not in text and "Player 1" not in text, f"{where}: {text!r}"


@pytest.mark.parametrize(("game", "variant"), golden_cases())
def test_the_table_reads_for_every_seat_and_says_the_end_once(game, variant):
    spec = ionarena.get_spec(game)
    _, views = _played(game, variant)
    for seat, view in views:
        for names in (Names(seat), Names(seat, DISPLAY)):
            text = spec.presenter.render(view, names)
            where = f"{game} table for seat {seat} at version {view['version']}"
            _clean(text, where)
            if seat is None:
                assert "(you)" not in text and "Your " not in text, f"{where}: the spectator has no seat"
            elif not names.names:
                assert f"Player {seat} (you)" in text, where
            else:
                assert DISPLAY[seat] or f"Player {seat}" in text, where
                assert (DISPLAY[seat] or f"Player {seat}") + " (you)" in text, where
            assert all(line == line.rstrip() for line in text.splitlines()), \
                f"{where}: a line ends in blanks (a label with nothing after it?)"
            ends = text.count("Game over")
            assert ends == (1 if view["over"] else 0), f"{where}: the end said {ends} times"


@pytest.mark.parametrize("game", sorted(spec.id for spec in ionarena.all_specs()))
def test_refusals_name_players_as_the_log_does(game):
    """A move out of turn is refused with the same "Player N" the game's log uses."""
    spec = ionarena.get_spec(game)
    state = spec.make(players=spec.min_players, seed=3, **({"lobby": False} if game == "bank" else {}))
    for _ in range(20):  # a simultaneous game: until someone has moved and waits for the others
        waiting = [p for p in range(state.num_players) if p not in state.actors()]
        if waiting:
            break
        first = state.actors()[0]
        state.apply(first, state.legal_actions(first)[0])
    assert waiting, f"{game}: nobody waits for a turn"
    mover = state.actors()[0]
    move = state.format_action(state.legal_actions(mover)[0])
    with pytest.raises(IllegalAction) as refused:
        state.apply_text(waiting[0], move)
    _clean(str(refused.value), f"{game}: refusing {move!r} out of turn")
