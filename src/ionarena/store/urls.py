"""Where the store lives: database URLs, the default file, and URLs safe to print."""

from __future__ import annotations

import os
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

ENV_VAR = "ION_DB"
"""An environment variable that names the store when `--db` is not given."""


def default_path() -> Path:
    """The default SQLite file: `ionarena.sqlite3` in the user's data folder (platformdirs)."""
    from platformdirs import user_data_dir
    return Path(user_data_dir("ionarena", appauthor=False)) / "ionarena.sqlite3"


def resolve_url(url: str | os.PathLike[str] | None) -> str:
    """A SQLAlchemy URL for `url`: None means `$ION_DB` or the default file (its folder, the
    user's data folder, is made if needed); a plain path is a SQLite file in a folder that must
    exist (a mistyped path is one `StoreError`, not a new folder somewhere); `postgresql://` and
    `postgres://` use psycopg 3."""
    if url is None:
        url = os.environ.get(ENV_VAR) or None
    if url is None:
        path = default_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{path}"
    text = os.fspath(url).strip()
    if "://" not in text:
        path = Path(text).expanduser().resolve()
        _check_folder(path)
        return f"sqlite:///{path}"
    for prefix in ("postgresql://", "postgres://"):
        if text.startswith(prefix):
            return "postgresql+psycopg://" + text[len(prefix):]
    if text.startswith("sqlite:///") and len(text) > len("sqlite:///"):
        try:
            database = make_url(text).database
        except ArgumentError:
            database = None
        if database and database != ":memory:" and not database.startswith("file:"):
            _check_folder(Path(database).expanduser().resolve())
    return text


def _check_folder(path: Path) -> None:
    """A database file's folder must be there (only the default data folder is made)."""
    if path.parent.is_dir() or path.parent == default_path().parent:
        path.parent.mkdir(parents=True, exist_ok=True)
        return
    from .writer import StoreError
    raise StoreError(f"the folder {str(path.parent)!r} does not exist: make it first, or give the "
                     f"database another path")


def safe_url(url: str) -> str:
    """`url` without its password, for messages."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "the database URL given"
