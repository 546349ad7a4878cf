"""`ion irc` refuses bad settings in one line before connecting anywhere; the IRC tests skip
without ngircd but fail under CI=true."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from ionarena.cli.main import app

from . import conftest


@pytest.mark.parametrize("args, says", [
    (["--password-env", "ION_TEST_NO_SUCH_VARIABLE"], "ION_TEST_NO_SUCH_VARIABLE is not set"),
    (["--auth", "magic"], "--auth must be one of"),
    (["--flood-rate", "0"], "--flood-rate"),
    (["--move-time", "0.01"], "--move-time"),
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
