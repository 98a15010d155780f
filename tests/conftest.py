"""Shared test setup.

The toy game of tests/toygame registers itself here, before any test is collected, so
every suite that runs over the registered games (the engine contract, the AI, the words,
whole matches through the Discord emulator) covers it like the built-in ones.
"""

import tests.toygame  # noqa: F401  (registers the game `plus-fort`)

pytest_plugins = ["emulator.fixtures"]
