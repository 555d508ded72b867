"""Throttling of sign-in guesses, per account and per client address (OWASP ASVS level 2, V2.2.1).

A locked-out address's refusals are held back (``tarpit_seconds``, in at most ``tarpit_slots`` sleeping threads):
a guessing client that waits for its answer spends no CPU, so even clients on the server's own cores leave the
signed-in pages their speed. The password hashes themselves run in ``concurrent`` threads at the lowest priority
(:meth:`SignInThrottle.check_password`), so the pages' threads are scheduled first.

A guess costs the server an argon2 hash (tens of milliseconds of CPU and memory by design). The throttle answers
before any hash is made: an account or address that failed too often within the window is refused at once, and
only one hash (``concurrent`` in all) is computed at a time, so guessing clients cannot take the cores the
signed-in pages need. A success does not erase an address's failures (an attacker who knows one password cannot
reset the count for the others), but it clears the account's own.

The counts live in the server process (the workspace runs one, with threads); a restart forgets them.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


def lowest_thread_priority() -> None:
    """Give the calling thread the lowest scheduling priority, where a thread has one of its own (Linux: the nice
    value belongs to the thread, set through its thread id); elsewhere nothing changes."""
    if sys.platform.startswith("linux") and hasattr(os, "setpriority"):
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)


@dataclass(frozen=True, slots=True)
class ThrottleLimits:
    """How many failures are allowed within ``window_seconds`` before sign-ins are refused."""

    per_account: int = 5
    per_address: int = 20
    window_seconds: float = 15 * 60
    concurrent: int = 1
    """Password hashes computed at once, over every client."""
    wait_seconds: float = 2.0
    """How long a sign-in waits for a free hashing slot before it is refused as busy."""
    tracked: int = 100_000
    """Accounts and addresses counted before the expired ones are swept (the memory a flood can take)."""
    tarpit_seconds: float = 2.0
    """How long the refusal of a locked-out address is held back: a client waiting for its answer is not guessing,
    so a flood of refused guesses slows to one per client per this many seconds, whatever the client's speed."""
    low_priority_hashing: bool = True
    """Hash in threads at the lowest scheduling priority (:meth:`SignInThrottle.check_password`)."""
    tarpit_slots: int = 8
    """Refusals held back at once (each holds a server thread, asleep); beyond them refusals are answered at once.
    ``pacomply serve`` runs 16 threads, so 8 stay free for every other request."""


class Throttled(Exception):
    """A sign-in refused without checking the password; ``retry_after`` is in seconds."""

    def __init__(self, message: str, retry_after: int, first: bool) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        self.first = first
        """True for the first refusal of this lockout (the one the audit trail records)."""


class SignInThrottle:
    """Failure counts per account and per address, in sliding windows."""

    def __init__(self, limits: ThrottleLimits | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits or ThrottleLimits()
        self._clock = clock
        self._lock = threading.Lock()
        self._failures: dict[tuple[str, str], deque[float]] = {}
        self._announced: set[tuple[str, str]] = set()
        self._hashing = threading.BoundedSemaphore(self.limits.concurrent)
        self._tarpit = threading.BoundedSemaphore(max(1, self.limits.tarpit_slots))
        self._hasher: ThreadPoolExecutor | None = None

    def _recent(self, key: tuple[str, str], now: float) -> deque[float]:
        times = self._failures.get(key)
        if times is None:
            return deque()
        while times and times[0] <= now - self.limits.window_seconds:
            times.popleft()
        if not times:
            del self._failures[key]
            self._announced.discard(key)
        return times

    def check(self, account: str, address: str) -> None:
        """Raise :class:`Throttled` when the account or the address has used up its failures."""
        now = self._clock()
        with self._lock:
            for key, limit in ((("account", account.casefold()), self.limits.per_account),
                               (("address", address), self.limits.per_address)):
                times = self._recent(key, now)
                if len(times) >= limit:
                    retry = max(1, int(times[0] + self.limits.window_seconds - now) + 1)
                    first = key not in self._announced
                    self._announced.add(key)
                    raise Throttled(
                        f"too many failed sign-ins for this {key[0]}; try again in {retry // 60 + 1} minute(s)",
                        retry,
                        first,
                    )

    def address_retry_after(self, address: str) -> int | None:
        """Seconds until an address that used up its failures may try again; None when it may now. Read before
        anything else of a sign-in request is done, so a locked-out guesser costs the server almost nothing."""
        now = self._clock()
        with self._lock:
            times = self._recent(("address", address), now)
            if len(times) < self.limits.per_address:
                return None
            return max(1, int(times[0] + self.limits.window_seconds - now) + 1)

    def failed(self, account: str, address: str) -> None:
        now = self._clock()
        with self._lock:
            if len(self._failures) >= self.limits.tracked:
                # Guesses at ever new names from ever new addresses: forget what the window has passed.
                for key in list(self._failures):
                    self._recent(key, now)
            for key in (("account", account.casefold()), ("address", address)):
                self._failures.setdefault(key, deque()).append(now)

    def succeeded(self, account: str) -> None:
        with self._lock:
            self._failures.pop(("account", account.casefold()), None)
            self._announced.discard(("account", account.casefold()))

    def hold_refusal(self) -> None:
        """Hold back a locked-out address's refusal for ``tarpit_seconds`` in a free slot (sleeping, no CPU);
        at once when every slot is taken."""
        if self.limits.tarpit_seconds <= 0 or self.limits.tarpit_slots <= 0:
            return
        if not self._tarpit.acquire(blocking=False):
            return
        try:
            time.sleep(self.limits.tarpit_seconds)
        finally:
            self._tarpit.release()

    def hashing_slot(self) -> _Slot:
        """A context manager holding one of the hashing slots; :class:`Throttled` when none frees in time."""
        return _Slot(self._hashing, self.limits.wait_seconds)

    def check_password(self, check: Callable[[str, str], T], username: str, password: str) -> T:
        """``check(username, password)`` (the password hash) in one of the ``concurrent`` hashing threads, which run
        at the lowest scheduling priority where the platform sets one per thread (Linux): argon2 releases the
        interpreter lock while it hashes, so the pages' threads take the cores first and a hash takes what they
        leave. :class:`Throttled` when no hashing slot frees in ``wait_seconds``."""
        with self.hashing_slot():
            with self._lock:
                if self._hasher is None:
                    self._hasher = ThreadPoolExecutor(
                        self.limits.concurrent,
                        thread_name_prefix="pacomply-hash",
                        initializer=lowest_thread_priority if self.limits.low_priority_hashing else None,
                    )
                hasher = self._hasher
            return hasher.submit(check, username, password).result()


class _Slot:
    def __init__(self, semaphore: threading.BoundedSemaphore, wait: float) -> None:
        self._semaphore = semaphore
        self._wait = wait

    def __enter__(self) -> None:
        if not self._semaphore.acquire(timeout=self._wait):
            raise Throttled("the server is busy checking other sign-ins; try again in a moment", 1, False)

    def __exit__(self, *_exc: object) -> None:
        self._semaphore.release()
