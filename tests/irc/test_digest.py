"""The "Your turn" digest: each game's presenter sums up the seat's table in one line
(`Presenter.summary`), the digest adds the moves of turn-based games, and a turn fits in at most
two IRC lines. Every registered game and variant passes without being named here, but for the
bank line's shape that the IRC players read (bank charge and pot, then the cards)."""

from __future__ import annotations

import random
import re

import pytest

import ionarena
from ionarena.core import Names
from ionarena.irc import bankline, catalogue
from ionarena.irc.digest import turn_digest
from ionarena.irc.lines import fit, room
from ionarena.irc.naming import named_moves

RAW_VALUE = re.compile(r"\[\d{1,2}\]|\[-?\d+(\.\d+)?, |\['|\[\]|\bNone\b|\bTrue\b|\bFalse\b|\{'")
ROOM = room("NOTICE", "ada", "IonBot", "ionbot", "irc.example.net")


def turns(game: str, variant: str, seed: int = 3):
    """(spec, view, legal, seat) for every turn of a game played by random choices."""
    from ionarena.core import HOST
    spec = ionarena.get_spec(game)
    players = max(spec.min_players, min(3, spec.max_players))
    state = ionarena.make(game, players=players, seed=seed, variant=variant)
    rng = random.Random(seed)
    for _ in range(400):
        if state.is_over():
            yield spec, state.view(0), [], 0
            return
        actors = state.actors()
        if not actors:
            state.apply_text(HOST, "timeout")
            continue
        seat = actors[0]
        legal = state.legal_actions(seat)
        yield spec, state.view(seat), [state.format_action(a) for a in legal], seat
        if state.deadline() is not None and rng.random() < 0.2:
            state.apply_text(HOST, "timeout")
        else:
            state.apply(seat, rng.choice(legal))


CASES = [(spec.id, variant) for spec in ionarena.all_specs() for variant in spec.variants]


@pytest.mark.parametrize(("game", "variant"), CASES)
def test_every_games_turn_reads_as_one_short_line_that_fits_two_irc_lines(game, variant):
    seen = 0
    for spec, view, legal, seat in turns(game, variant):
        names = Names(seat, ["ada", "bob", "cy", "dee"][: view["players"]])
        summary = spec.presenter.summary(view, names)
        where = f"{game} {variant} version {view['version']} seat {seat}: {summary!r}"
        assert "\n" not in summary and not RAW_VALUE.search(summary), where
        if view["over"]:
            assert summary.startswith("Game over: "), where
            continue
        assert summary, where  # a player on turn is always told something of the table
        if spec.id == "bank":  # bank's own turn line (tests/irc/test_bankline.py)
            line = bankline.turn_line(view, names) or ""
            assert line.startswith(f"{names.plain(seat)}: ") or not line, where
        else:
            line = catalogue.your_turn(names.plain(seat), 3, turn_digest(spec, view, legal, names))
            assert summary in line, where
        assert len(fit(line, ROOM)) <= 2, f"{where}: {line!r} takes more than two lines"
        if not spec.timed:
            assert f"moves: {named_moves(legal, names.names)[0]}" in line, where  # react H bob OH
            assert not re.search(r"moves: .*react \S+ \d", line), where
        seen += 1
    assert seen > 5


def test_a_bank_turn_shows_the_charge_the_pot_and_the_players_own_cards_and_objects():
    """The bot's players read their cards from the turn line ("Cards: [++] [-]. Objects: 5¢.")."""
    state = ionarena.make("bank", players=3, seed=1, teams="+-+")
    spec = ionarena.get_spec("bank")
    seat = state.actors()[0]
    view = state.view(seat)
    digest = turn_digest(spec, view, [state.format_action(a) for a in state.legal_actions(seat)], Names(seat))
    bank = view["table"]["bank"]
    assert digest.startswith(f"bank {bank['charge']:+d}, pot {bank['pot']} · Cards: [")
    assert digest.endswith(spec.answer(view, "inv"))  # the same words as the player's own `inv`
    assert "moves:" not in digest  # a 3-second turn: no list to read


def test_a_dots_turn_names_the_card_to_match_and_the_hand_as_typed():
    state = ionarena.make("dots", players=2, seed=4)
    spec = ionarena.get_spec("dots")
    seat = state.actors()[0]
    view = state.view(seat)
    legal = [state.format_action(a) for a in state.legal_actions(seat)]
    digest = turn_digest(spec, view, legal, Names(seat))
    table = view["table"]
    assert f"on the table {table['top']}" in digest
    assert "your hand: " + " ".join(table["hand"]) in digest
    assert digest.endswith("moves: " + ", ".join(legal[:16]) + (", …" if len(legal) > 16 else ""))
