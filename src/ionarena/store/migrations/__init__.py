"""Alembic migrations of the store, shipped inside the package (run by `Store`, no alembic.ini)."""
