"""Alembic revision files (a package so that they ship with `db`)."""
