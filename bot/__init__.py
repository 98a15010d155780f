"""Tapis on Discord: commands, views and the table service around the pure engines."""
