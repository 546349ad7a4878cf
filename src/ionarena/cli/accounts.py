"""`ion accounts`: the server's owner manages accounts in the store `ion serve` uses.

    ion accounts create NAME [--password-env VAR]    (without it: asked twice, not echoed)
    ion accounts reset NAME [--password-env VAR]     a new password; every session and token ends
    ion accounts disable NAME / enable NAME          no sign-in while disabled
    ion accounts delete NAME [--yes]                 its games stay, anonymised; its classes go
    ion accounts list

A password never goes on the command line (it would be in the shell's history and in `ps`).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Annotated

import typer

from ..core import IonError
from .common import console, fail

if TYPE_CHECKING:
    from ..people import People

app = typer.Typer(help="Manage accounts (for the server's owner): create, reset a password, disable, "
                       "delete.", no_args_is_help=True, add_completion=False)

DbOption = Annotated[str | None, typer.Option(help="The store (default: $ION_DB or the user's data folder).")]
PasswordEnv = Annotated[str | None, typer.Option(
    "--password-env", help="Read the password from this environment variable (else it is asked for).")]


def _people(db: str | None) -> People:
    from ..people import People
    from ..store import Store

    try:
        return People(Store(db))
    except IonError as err:
        raise fail(str(err)) from None


def _password(variable: str | None) -> str:
    if variable is not None:
        value = os.environ.get(variable)
        if value is None:
            raise fail(f"--password-env: the environment variable {variable} is not set")
        return value
    return str(typer.prompt("Password", hide_input=True, confirmation_prompt=True))


@app.command()
def create(name: Annotated[str, typer.Argument(help="The account's name.")], db: DbOption = None,
           password_env: PasswordEnv = None) -> None:
    """Create an account NAME."""
    password = _password(password_env)
    try:
        account = _people(db).accounts.create(name, password)
    except IonError as err:
        raise fail(str(err)) from None
    console.print(f"Account {account.name} created (profile: /@/{account.name}).", markup=False)


@app.command()
def reset(name: Annotated[str, typer.Argument(help="The account's name.")], db: DbOption = None,
          password_env: PasswordEnv = None) -> None:
    """Give account NAME a new password (every session and token of it ends)."""
    password = _password(password_env)
    try:
        account = _people(db).accounts.set_password(name, password)
    except IonError as err:
        raise fail(str(err)) from None
    console.print(f"Account {account.name} has a new password; its sessions and tokens ended.", markup=False)


@app.command()
def disable(name: Annotated[str, typer.Argument(help="The account's name.")], db: DbOption = None) -> None:
    """Disable account NAME: it cannot sign in, its profile is hidden, its sessions end."""
    try:
        account = _people(db).accounts.set_disabled(name, True)
    except IonError as err:
        raise fail(str(err)) from None
    console.print(f"Account {account.name} is disabled.", markup=False)


@app.command()
def enable(name: Annotated[str, typer.Argument(help="The account's name.")], db: DbOption = None) -> None:
    """Enable account NAME again."""
    try:
        account = _people(db).accounts.set_disabled(name, False)
    except IonError as err:
        raise fail(str(err)) from None
    console.print(f"Account {account.name} is enabled.", markup=False)


@app.command()
def delete(name: Annotated[str, typer.Argument(help="The account's name.")], db: DbOption = None,
           yes: Annotated[bool, typer.Option("--yes", help="Do not ask first.")] = False) -> None:
    """Delete account NAME: its games stay, anonymised (its seats become `Player <n>`); its
    sessions, ratings and classes (their students and games) are deleted."""
    people = _people(db)
    try:
        account = people.accounts.named(name)
    except IonError as err:
        raise fail(str(err)) from None
    if not yes and not typer.confirm(f"Delete {account.name}? Its games stay, anonymised; its classes go."):
        raise typer.Exit(1)
    try:
        seats = people.accounts.delete(name)
    except IonError as err:
        raise fail(str(err)) from None
    console.print(f"Account {account.name} deleted; {seats} of its seats anonymised.", markup=False)


@app.command("list")
def list_accounts(db: DbOption = None) -> None:
    """List every account: name, when made, disabled or not."""
    try:
        accounts = _people(db).accounts.everyone()
    except IonError as err:
        raise fail(str(err)) from None
    for account in accounts:
        state = "disabled" if account.disabled else "active"
        typer.echo(f"{account.name}\t{account.created_at:%Y-%m-%d}\t{state}")  # tab-separated, for scripts
    if not accounts:
        console.print("No account yet.", markup=False)


__all__ = ["app"]
