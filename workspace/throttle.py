"""Throttling of sign-in guesses, per account and per client address (OWASP ASVS level 2, V2.2.1).

A locked-out address's refusals are held back (``tarpit_seconds``, in at most ``tarpit_slots`` sleeping threads):
a guessing client that waits for its answer spends no CPU, so even clients on the server's own cores leave the
signed-in pages their speed. The password hashes themselves run in ``concurrent`` threads at the lowest priority
(:meth:`SignInThrottle.check_password`), so the pages' threads are scheduled first.

A guess costs the server an argon2 hash (tens of milliseconds of CPU and memory by design). The throttle answers
before any hash is made: an account or address that failed too often within the window is refused at once. The
hashes that remain run in two lanes (:meth:`SignInThrottle.check_password`):

- a sign-in whose account and address have no failures in the window (a user signing in) is hashed in the clean
  lane, ``clean_concurrent`` at a time at the pages' own priority, so it never waits behind guesses;
- every other (an address or account that failed within the window: guessing, or a mistyped password) is hashed
  in the suspect lane, ``concurrent`` at a time (one) at the lowest priority, and refused as busy after
  ``wait_seconds``. Guessing clients therefore take at most one core's leftovers, and never a user's turn.

An address's first guess looks like a user's (nothing is known against it yet); its next ones are suspect. A
success does not erase an address's failures (an attacker who knows one password cannot reset the count for the
others), but it clears the account's own.

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
    """Password hashes computed at once in the suspect lane (accounts and addresses with recent failures)."""
    wait_seconds: float = 2.0
    """How long a sign-in waits for a free hashing slot before it is refused as busy."""
    clean_concurrent: int = 2
    """Password hashes computed at once in the clean lane (no recent failure of the account or the address)."""
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
        self._tarpit = threading.BoundedSemaphore(max(1, self.limits.tarpit_slots))
        low = lowest_thread_priority if self.limits.low_priority_hashing else None
        self._suspect = _Lane("pacomply-hash", self.limits.concurrent, self.limits.wait_seconds, low)
        self._clean = _Lane("pacomply-hash-clean", self.limits.clean_concurrent, self.limits.wait_seconds, None)

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

    def clean(self, account: str, address: str) -> bool:
        """Whether neither the account nor the address has a failure within the window."""
        now = self._clock()
        with self._lock:
            account_failures = self._recent(("account", account.casefold()), now)
            return not account_failures and not self._recent(("address", address), now)

    def check_password(
        self, check: Callable[[str, str], T], username: str, password: str, address: str = "unknown"
    ) -> T:
        """``check(username, password)`` (the password hash) in a thread of the clean lane when the account and the
        address have no recent failures, else of the suspect lane, whose threads run at the lowest scheduling
        priority where the platform sets one per thread (Linux): argon2 releases the interpreter lock while it
        hashes, so the pages' threads and the users' sign-ins take the cores first and a guess takes what they
        leave. :class:`Throttled` when no slot of the lane frees in ``wait_seconds``."""
        lane = self._clean if self.clean(username, address) else self._suspect
        return lane.run(check, username, password)


class _Lane:
    """Hashes run in ``slots`` threads at once; a caller that finds none free within ``wait`` is refused as busy."""

    def __init__(self, name: str, slots: int, wait: float, initializer: Callable[[], None] | None) -> None:
        self._name = name
        self._slots = max(1, slots)
        self._semaphore = threading.BoundedSemaphore(self._slots)
        self._wait = wait
        self._initializer = initializer
        self._lock = threading.Lock()
        self._executor: ThreadPoolExecutor | None = None

    def run(self, check: Callable[[str, str], T], username: str, password: str) -> T:
        if not self._semaphore.acquire(timeout=self._wait):
            raise Throttled("the server is busy checking other sign-ins; try again in a moment", 1, False)
        try:
            with self._lock:
                if self._executor is None:
                    self._executor = ThreadPoolExecutor(
                        self._slots, thread_name_prefix=self._name, initializer=self._initializer
                    )
                executor = self._executor
            return executor.submit(check, username, password).result()
        finally:
            self._semaphore.release()
