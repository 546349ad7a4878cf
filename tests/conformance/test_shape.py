"""Every game folder has one shape (docs/architecture.md, "A game folder"): read one game and you
can find your way in the next. The files a game must have, what each of them holds, and presenters
as dispatch tables keyed like the game's events. Nothing here names a game: a new game passes by
having the same shape.
"""

from __future__ import annotations

import ast
import importlib
from importlib import resources
from typing import Any, NotRequired, get_origin, get_type_hints, is_typeddict

import pytest

import ionarena
from ionarena.core import Event, Names, State
from ionarena.games import GAME_IDS

from .cases import golden_cases
from .checks import play

REQUIRED = {
    "cards.py": "the deck as data, loaded once from data/*.toml",
    "actions.py": "actions as values and their text (format, parse)",
    "rules.py": "the state machine (phase modules beside it where it is long)",
    "scoring.py": "pure scoring functions",
    "views.py": "the seat's view as data, typed by a TypedDict",
    "present.py": "words for people: a dispatch table per event kind, the card catalogue",
    "invariants.py": "what must hold after every step",
    "observe.py": "what a seat may see, read fast off the state (RL fast paths)",
    "position.py": "a position from plain data (rulebook tests, teaching)",
}
"""The modules every game has, with their one job."""


def _folder(game: str) -> Any:
    return resources.files(f"ionarena.games.{game}")


def _module(game: str, name: str) -> Any:
    return importlib.import_module(f"ionarena.games.{game}.{name}")


def _state_class(game: str) -> type[State[Any]]:
    return type(ionarena.make(game, players=ionarena.get_spec(game).min_players, seed=1))


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_game_folder_has_the_files_of_the_common_shape(game):
    folder = _folder(game)
    missing = [name for name in REQUIRED if not folder.joinpath(name).is_file()]
    assert not missing, f"games/{game}/ lacks {missing}: " + "; ".join(f"{m}: {REQUIRED[m]}" for m in missing)
    data = [p.name for p in folder.joinpath("data").iterdir() if p.name.endswith(".toml")]
    assert data, f"games/{game}/data/ holds no .toml card data"


@pytest.mark.parametrize("game", GAME_IDS)
def test_each_module_of_the_shape_holds_its_part(game):
    spec = ionarena.get_spec(game)
    cls = _state_class(game)
    assert cls.__module__ == f"ionarena.games.{game}.rules", "the state class lives in rules.py"
    assert cls.EVENT_FIELDS, "rules.py documents every event kind in EVENT_FIELDS"
    invariants = _module(game, "invariants")
    assert spec.check_invariants is invariants.check_invariants
    tables = [v for v in vars(_module(game, "views")).values()
              if is_typeddict(v) and v.__module__.endswith(".views") and v.__name__.endswith("Table")]
    assert len(tables) == 1, "views.py types the game's table with one `<Game>Table` TypedDict"
    assert callable(getattr(_module(game, "observe"), "observe", None)), "observe.py has observe(state, seat)"
    assert callable(getattr(_module(game, "position"), "position", None)), "position.py has position(data)"
    assert spec.position is not None and spec.presenter is _module(game, "present").PRESENTER


@pytest.mark.parametrize(("game", "variant"), golden_cases())
def test_the_table_typeddict_names_every_field_a_view_has(game, variant):
    """Along a whole game, every view a seat gets has only fields its `<Game>Table` declares, and all
    the ones it requires (a field added or renamed in the view but not in the type would escape
    mypy's checks of the surfaces that read it)."""
    spec = ionarena.get_spec(game)
    (table,) = [v for v in vars(_module(game, "views")).values()
                if is_typeddict(v) and v.__module__.endswith(".views") and v.__name__.endswith("Table")]
    hints = get_type_hints(table, include_extras=True)
    declared = set(hints)
    required = {k for k, hint in hints.items() if get_origin(hint) is not NotRequired}
    seen: set[str] = set()

    def check(state: State[Any]) -> None:
        for seat in [None, *range(state.num_players)]:
            fields = set(state.view(seat)["table"])
            seen.update(fields)
            assert fields <= declared, f"{game}: fields not in {table.__name__}: {sorted(fields - declared)}"
            assert required <= fields, f"{game} view lacks required fields: {sorted(required - fields)}"

    state = play(ionarena.make(game, players=spec.min_players, seed=3, variant=variant), 3, check, every=5)
    check(state)
    assert required < seen, f"{game}: no view had any optional field ({sorted(declared - required)})"


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_presenter_words_events_by_a_dispatch_table_keyed_like_the_events(game):
    """`DESCRIBE` has one function per event kind, and no other key: a new event kind without its
    sentence, or a sentence for a kind the rules no longer emit, fails here."""
    describe = _module(game, "present").DESCRIBE
    kinds = set(_state_class(game).EVENT_FIELDS)
    assert set(describe) == kinds, (f"{game}: DESCRIBE lacks {sorted(kinds - set(describe))}, "
                                    f"has extra {sorted(set(describe) - kinds)}")
    assert all(callable(f) for f in describe.values())


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_presenter_describe_is_the_table_and_nothing_else(game):
    """`describe` looks the kind up: it holds no branch per kind (those live in `DESCRIBE`)."""
    present = _module(game, "present")
    source = resources.files(f"ionarena.games.{game}").joinpath("present.py").read_text(encoding="utf-8")
    tree = ast.parse(source)
    (describe,) = [node for node in ast.walk(tree)
                   if isinstance(node, ast.FunctionDef) and node.name == "describe"]
    branches = [node for node in ast.walk(describe) if isinstance(node, (ast.If, ast.IfExp, ast.Match))]
    assert len(branches) <= 1, f"{game}: describe branches on the kind; put each kind in DESCRIBE"
    assert present.PRESENTER.describe(Event(0, "no such kind", {}), Names()) == "(no such kind)"


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_card_catalogue_is_served_by_the_presenter(game):
    catalogue = ionarena.get_spec(game).presenter.catalogue()
    assert catalogue, f"{game}: the presenter serves no card catalogue"
    for text, face in catalogue.items():
        assert isinstance(text, str) and face and all(isinstance(k, str) for k in face), (game, text)
