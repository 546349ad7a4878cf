"""`ion accounts`, as a server's owner runs it: create (password from an environment variable or
asked twice, never on the command line), reset, disable, enable, delete, list."""

from __future__ import annotations

from typer.testing import CliRunner

from ionarena.cli.main import app
from ionarena.people import People
from ionarena.store import Store

runner = CliRunner()


def ion(*args: str, env: dict[str, str] | None = None, stdin: str | None = None):
    return runner.invoke(app, ["accounts", *args], env=env, input=stdin)


def test_an_owner_creates_resets_disables_and_deletes_accounts(tmp_path):
    db = f"sqlite:///{tmp_path / 'ion.sqlite3'}"
    made = ion("create", "ada", "--db", db, "--password-env", "ADA_PASSWORD",
               env={"ADA_PASSWORD": "correct horse"})
    assert made.exit_code == 0, made.output
    asked = ion("create", "bob", "--db", db, stdin="battery staple\nbattery staple\n")
    assert asked.exit_code == 0 and "battery staple" not in asked.output
    assert ion("create", "ADA", "--db", db, "--password-env", "P", env={"P": "whatever it is"}).exit_code == 1
    unset = ion("create", "cat", "--db", db, "--password-env", "NOT_SET_ANYWHERE")
    assert unset.exit_code == 1 and "NOT_SET_ANYWHERE is not set" in unset.output
    with Store(db) as store:
        people = People(store)
        assert people.accounts.sign_in("ada", "correct horse").name == "ada"
        assert people.accounts.sign_in("bob", "battery staple").name == "bob"
    assert ion("reset", "ada", "--db", db, "--password-env", "P", env={"P": "a new password"}).exit_code == 0
    assert ion("disable", "bob", "--db", db).exit_code == 0
    listed = ion("list", "--db", db)
    assert [line.split("\t")[::2] for line in listed.output.splitlines()] == [["ada", "active"],
                                                                             ["bob", "disabled"]]
    assert ion("enable", "bob", "--db", db).exit_code == 0
    assert ion("delete", "bob", "--db", db, stdin="n\n").exit_code == 1  # asked first
    deleted = ion("delete", "bob", "--db", db, "--yes")
    assert deleted.exit_code == 0 and "deleted" in deleted.output
    assert ion("delete", "bob", "--db", db, "--yes").exit_code == 1  # no such account any more
    with Store(db) as store:
        people = People(store)
        assert people.accounts.sign_in("ada", "a new password").name == "ada"
        assert people.accounts.find("bob") is None
