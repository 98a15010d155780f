"""Talking to Discord: token edits, pacing, answers, the command tree, handlers, private names."""
