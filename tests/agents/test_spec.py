"""Agent specs: `name[:key=value,...]`, levels, and one clear sentence for every bad spec."""

from __future__ import annotations

import pytest

from ionarena.agents import (
    LEVELS,
    BadAgentSpec,
    check_spec,
    describe_agents,
    make_agent,
    parse_spec,
    split_specs,
)
from ionarena.agents.ismcts import ISMCTSAgent
from ionarena.agents.levels import GAME_LEVELS
from ionarena.agents.policy import EpsilonAgent
from ionarena.core import IonError, UnknownGame


def test_plain_names_and_parameters_parse():
    assert parse_spec("random").name == "random"
    assert dict(parse_spec("random").params) == {}
    spec = parse_spec("ismcts:iters=2000,c=0.7")
    assert spec.name == "ismcts"
    assert dict(spec.params) == {"iters": 2000, "c": 0.7}
    assert isinstance(spec.params["iters"], int)
    assert dict(parse_spec(" ismcts : ms=200 , rollout=random ").params) == {"ms": 200.0, "rollout": "random"}
    assert str(parse_spec("greedy:eps=0.3")) == "greedy:eps=0.3"


def test_levels_are_specs_and_take_overrides():
    for level, text in LEVELS.items():
        assert parse_spec(level).name == parse_spec(text).name
        assert parse_spec(level).params == parse_spec(text).params
        assert parse_spec(level).text == level
    hard = parse_spec("hard:ms=500")
    assert hard.name == parse_spec(LEVELS["hard"]).name
    assert hard.params["ms"] == 500.0


def test_every_game_maps_the_levels_alike_today():
    """Ruling (docs/bots.md): ISMCTS beats greedy in every game, bank included, so `hard` is ISMCTS
    everywhere."""
    for game in ("dots", "valence", "compound", "bank"):
        assert isinstance(make_agent("hard", game, seat=1, seed=3), ISMCTSAgent)
        assert parse_spec("medium", game).name == "greedy" and not parse_spec("medium", game).params
        assert isinstance(make_agent("easy", game, seat=1, seed=3), EpsilonAgent)
    assert parse_spec("hard:ms=500", "bank").params["ms"] == 500.0


@pytest.fixture
def levels_changed():
    """The levels are about to change: forget the specs checked against them, before and after."""
    from ionarena.agents.spec import _checked

    _checked.cache_clear()
    yield
    _checked.cache_clear()


def test_a_game_may_map_a_level_to_its_own_spec(levels_changed, monkeypatch):
    monkeypatch.setitem(GAME_LEVELS, "bank", {"hard": "greedy", "medium": "greedy:eps=0.2"})
    assert parse_spec("hard", "bank").name == "greedy"
    assert dict(parse_spec("medium", "bank").params) == {"eps": 0.2}
    assert parse_spec("hard", "dots").name == "ismcts" and parse_spec("hard").name == "ismcts"
    bot = make_agent("hard", "bank", seat=1, seed=3)
    assert not isinstance(bot, (ISMCTSAgent, EpsilonAgent))
    assert isinstance(make_agent("medium", "bank", seat=1, seed=3), EpsilonAgent)
    with pytest.raises(BadAgentSpec, match="greedy has no parameter 'ms'"):
        check_spec("hard:ms=500", "bank")
    assert "hard in bank = greedy" in describe_agents()


@pytest.mark.parametrize(("text", "names"), [
    ("chess", "'chess'"),
    ("ismcts:speed=3", "'speed'"),
    ("ismcts:iters=many", "'many'"),
    ("ismcts:iters=0", "iters"),
    ("ismcts:iters=2.5", "'2.5'"),
    ("ismcts:c=nan", "'nan'"),
    ("ismcts:c=-1", "'-1'"),
    ("greedy:eps=1.5", "'1.5'"),
    ("ismcts:rollout=smart", "'smart'"),
    ("ismcts:iters", "'iters'"),
    ("ismcts:iters=1,iters=2", "iters twice"),
    ("ismcts:", "no key=value"),
    ("random:eps=0.1", "'eps'"),
    ("", "''"),
])
def test_a_bad_spec_names_the_bad_part(text, names):
    with pytest.raises(BadAgentSpec) as err:
        parse_spec(text)
    assert names in str(err.value)
    assert "\n" not in str(err.value)
    assert isinstance(err.value, UnknownGame) and isinstance(err.value, IonError)


def test_a_spec_is_text_and_short():
    with pytest.raises(BadAgentSpec, match="is text"):
        parse_spec(3)
    with pytest.raises(BadAgentSpec, match="too long"):
        parse_spec("ismcts:" + "c=1," * 100)


def test_check_spec_knows_which_games_have_a_greedy_agent(fifteen):
    assert check_spec("random", fifteen).name == "random"
    assert check_spec("ismcts", fifteen).name == "ismcts"  # rolls out with random play there
    for text in ("greedy", "ismcts:rollout=greedy", "ismcts:rollout=fast", "medium"):
        with pytest.raises(BadAgentSpec, match="no greedy agent for fifteen"):
            check_spec(text, fifteen)
    with pytest.raises(UnknownGame, match="no game called 'chess'"):
        check_spec("random", "chess")


def test_make_agent_builds_each_spec():
    greedy = make_agent("greedy", "dots", seat=1, seed=5)
    assert greedy.name == "greedy"
    noisy = make_agent("greedy:eps=0.3", "dots", seat=1, seed=5)
    assert isinstance(noisy, EpsilonAgent) and noisy.eps == 0.3 and noisy.name == "greedy:eps=0.3"
    search = make_agent("ismcts:iters=50,c=1.5,cutoff=10,opp=tree", "dots", reaction_time=0.7)
    assert isinstance(search, ISMCTSAgent)
    settings = (search.iters, search.c, search.cutoff, search.opp, search.reaction_time)
    assert settings == (50, 1.5, 10, "tree", 0.7)
    timed = make_agent("ismcts:ms=200", "dots")
    assert isinstance(timed, ISMCTSAgent) and timed.ms == 200 and timed.iters is None
    hard = make_agent("hard", "dots")
    assert isinstance(hard, ISMCTSAgent) and hard.iters == hard.heuristics.iterations
    with pytest.raises(BadAgentSpec, match="'speed'"):
        make_agent("ismcts:speed=1", "dots")


def test_split_specs_keeps_parameters_with_their_agent():
    assert split_specs("greedy,random") == ["greedy", "random"]
    assert split_specs("ismcts:iters=500,c=0.7,greedy") == ["ismcts:iters=500,c=0.7", "greedy"]
    assert split_specs(" hard , ismcts:ms=200,rollout=random , easy") == \
        ["hard", "ismcts:ms=200,rollout=random", "easy"]
    with pytest.raises(BadAgentSpec, match="at least one"):
        split_specs(" , ")


def test_a_spec_checked_again_is_the_same_and_a_bad_game_is_still_refused_clearly():
    assert check_spec("greedy:eps=0.2", "dots") == check_spec("greedy:eps=0.2", "dots")  # (remembered)
    with pytest.raises(UnknownGame, match="no game called"):
        check_spec("greedy", ["dots"])  # type: ignore[arg-type]  (not hashable: never remembered)
    with pytest.raises(UnknownGame, match="no game called 'chess'"):
        check_spec("greedy", "chess")
