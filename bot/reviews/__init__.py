"""Analyse: the strong AI's review of each human seat of a finished match."""
