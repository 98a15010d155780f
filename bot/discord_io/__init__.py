"""Writing to Discord: token edits, pacing, answers to interactions, the command tree."""
