"""Club tournaments on a server: the concours runner, its service, its message and buttons."""
