"""Alembic, run from the package: the migrations in `ionarena/store/migrations`, no alembic.ini."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine

SCRIPT_LOCATION = "ionarena.store:migrations"


def alembic_config() -> Config:
    """An Alembic config pointing at the migrations shipped in the package."""
    config = Config()
    config.set_main_option("script_location", SCRIPT_LOCATION)
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the database's schema to `revision` (the newest by default), in one transaction."""
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, revision)


def downgrade(engine: Engine, revision: str) -> None:
    """Take the database's schema back to the older `revision`, in one transaction (what each
    migration's downgrade keeps is all that is kept)."""
    config = alembic_config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, revision)
