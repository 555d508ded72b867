"""What the fault tests run in review processes, in a module of its own that imports nothing at its top: a spawned
review process imports the module of each function it is handed, and this one costs it nothing (a test module
would bring pytest, the workspace's fixtures and, through them, SQLAlchemy)."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any


def start_bare() -> None:
    """A review process's start with nothing imported, for a pool whose reviews need no engine
    (:func:`die_at_once`): such a process ends with its first review, and at the latest with its server, whose
    pool's pipe it reads."""


def die_at_once(_name: str, _data: bytes) -> Any:
    """A review that ends its own process abruptly, as a review killed by the kernel would."""
    os._exit(9)


def review_645a_held(hold: Path, name: str, data: bytes) -> Any:
    """The workspace's review, except that a review of a 645a filing waits while the file ``hold`` exists (a minute
    at most): a test that kills the review process before removing ``hold`` kills it while that review is in
    flight, however soon the process got to it, and the review handed out again afterwards runs at once."""
    from pacomply.workspace.reviewing import review_upload

    deadline = time.monotonic() + 60
    while name.startswith("645a") and hold.exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    return review_upload(name, data)


def low_priority_without_the_engine() -> None:
    """The background renderer's start (:func:`pacomply.workspace.worker.low_priority`) with the imports of the
    engine that follow its change of priority left out, for a test that only reads that priority."""
    from pacomply.workspace import worker

    worker.warm_up = start_bare
    worker.low_priority()
