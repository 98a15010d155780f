"""A running table: its session, controller, hands, message, turn, lobby and commands."""
