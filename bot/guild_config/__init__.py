"""A server's own settings: /config langue."""
