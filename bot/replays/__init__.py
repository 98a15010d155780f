"""Finished matches watched again: the replay book, its buttons, what it shows, /revoir."""
