"""French first, English for English locales: every string of the bot and their lookup."""
