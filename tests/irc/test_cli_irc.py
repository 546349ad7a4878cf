"""`ion irc` refuses bad settings in one line before connecting anywhere; the IRC tests skip
without ngircd but fail under CI=true."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from ionarena.cli.main import app
from ionarena.irc.limits import Limits
from ionarena.irc.settings import ChannelSettings, parse_channel_settings

from . import conftest


@pytest.mark.parametrize("args, says", [
    (["--password-env", "ION_TEST_NO_SUCH_VARIABLE"], "ION_TEST_NO_SUCH_VARIABLE is not set"),
    (["--auth", "magic"], "--auth must be one of"),
    (["--flood-rate", "0"], "--flood-rate"),
    (["--move-time", "0.01"], "--move-time"),
    (["--away", "nap"], "--away must be skip or hold"),
    (["--grace", "-1"], "--grace must be 0 to 3600 seconds"),
    (["--channel-setting", "#ion:move_time=99"], "move_time is 0.5 to 60 seconds, not 99"),
    (["--channel-setting", "#ion:colour=red"], "there is no channel setting 'colour'"),
    (["--channel-setting", "#other:grace=5"], "names #other, which is not a --channel"),
    (["--channel-setting", "move_time=5"], "#channel:name=value"),
])
def test_bad_settings_are_one_clear_error(args, says):
    base = ["irc", "--server", "127.0.0.1", "--port", "1", "--channel", "#ion"]
    result = CliRunner().invoke(app, [*base, *args])
    assert result.exit_code == 1
    assert says in " ".join(result.output.split())


def test_a_channel_must_look_like_one():
    result = CliRunner().invoke(app, ["irc", "--server", "127.0.0.1", "--channel", "ion"])
    assert result.exit_code == 1 and "--channel" in result.output


def test_missing_ngircd_skips_but_fails_under_ci(monkeypatch):
    monkeypatch.setattr(conftest, "find_ngircd", lambda: None)
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="ngircd is not installed"):
        conftest.require_ngircd()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI must run the IRC tests"):
        conftest.require_ngircd()


def test_channel_settings_start_from_the_bots_defaults():
    base = ChannelSettings(move_time=None, grace=30.0, away="hold")
    found = parse_channel_settings(["#Beginners:move_time=6", "#beginners:away=skip"], base)
    assert found == {"#beginners": ChannelSettings(move_time=6.0, grace=30.0, away="skip")}


def test_limits_hold_each_person_back_without_touching_the_others():
    limits = Limits()
    assert [limits.may_command("eve") for _ in range(7)] == [True] * 5 + [False] * 2
    assert limits.may_command("ada")
    assert [limits.may_say_in("#ion") for _ in range(4)] == [True, True, True, False]
    assert [limits.may_answer("eve") for _ in range(5)] == [True] * 4 + [False]
    # people in no game: a newcomer's burst of six answers, then nothing; eight in 10 s for all of
    # them together
    assert [limits.may_answer_stranger("zed") for _ in range(7)] == [True] * 6 + [False]
    assert [limits.may_answer_stranger(f"nick{n}") for n in range(4)] == [True, True, False, False]
