from __future__ import annotations

import subprocess
import sys


def test_concours_imports_no_discord_database_or_event_loop() -> None:
    """Pairing must be pure: a restarted bot pairs a round from stored results alone."""
    code = (
        "import sys, concours; "
        "print(sorted(m for m in ('discord', 'sqlalchemy', 'sqlmodel', 'asyncio', 'random') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
