"""Fixtures shared by the bot's tests."""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture
def gate() -> Iterator[Any]:
    """An event the test sets and worker processes wait for, or set by a worker for the
    test to wait for (a manager's, since a plain multiprocessing Event cannot travel with
    a job)."""
    with multiprocessing.get_context("spawn").Manager() as manager:
        yield manager.Event()
