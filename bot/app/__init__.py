"""The process: the Discord client and its wiring, settings, shards, a clean stop, log rules."""
