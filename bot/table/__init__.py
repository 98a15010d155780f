"""A running table: its service, runtime, controller, buttons, lobby, options and commands."""
