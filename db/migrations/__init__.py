"""Alembic migration environment (a package so that it ships with `db`)."""
