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

A refusal as busy from an address that already failed, or for a name no active account has, counts as a failure of
the address (and of the name, where no account has it), so refusals move a guessing address out of the clean lane
and towards its lockout like wrong passwords; a refused user (an existing account, an address with no failures)
counts against nobody, and no refusal counts against an existing account.

An address's first guess looks like a user's (nothing is known against it yet); its next ones are suspect. A
success does not erase an address's failures (an attacker who knows one password cannot reset the count for the
others), but it clears the account's own.

The failures are counted in the store's database (``sign_in_failures``, :meth:`SignInThrottle.count_in`), so every
server over one database applies the same limits and a restart forgets none; the times are wall-clock seconds, the
clock every server shares. A throttle not given a store (a test of the throttle alone) counts in its own memory.
What stays with each server: the hashing lanes (the CPU is the server's), the refusals held back, and the note of
which lockouts it has already written to the audit trail.
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
from typing import Any, Protocol, TypeVar

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
    ``pacomply serve`` runs 64 threads, so 56 stay free for every other request."""


class Throttled(Exception):
    """A sign-in refused without checking the password; ``retry_after`` is in seconds."""

    def __init__(self, message: str, retry_after: int, first: bool) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        self.first = first
        """True for the first refusal of this lockout (the one the audit trail records)."""


class Busy(Throttled):
    """A sign-in refused because its hashing lane stayed taken (:meth:`SignInThrottle.check_password`)."""

    def __init__(self, counted: bool) -> None:
        super().__init__("the server is busy checking other sign-ins; try again in a moment", 1, False)
        self.counted = counted
        """True when the refusal was counted as a failed sign-in (a failing address, or no such account)."""


Key = tuple[str, str]
"""What a failure counts against: ('account', the name casefolded) or ('address', the client's address)."""


class FailureCounts(Protocol):
    """Where failed sign-ins are counted: the times (seconds on the throttle's clock) within the window."""

    def recent(self, keys: list[Key], now: float, window: float) -> dict[Key, list[float]]: ...

    def add(self, keys: list[Key], now: float, window: float) -> None: ...

    def clear(self, key: Key) -> None: ...


class MemoryCounts:
    """Failures counted in this process (a throttle with no store): sliding windows of times per key, swept once
    ``tracked`` keys are held."""

    def __init__(self, tracked: int) -> None:
        self._tracked = tracked
        self._failures: dict[Key, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, key: Key, now: float, window: float) -> deque[float]:
        times = self._failures.get(key)
        if times is None:
            return deque()
        while times and times[0] <= now - window:
            times.popleft()
        if not times:
            del self._failures[key]
        return times

    def recent(self, keys: list[Key], now: float, window: float) -> dict[Key, list[float]]:
        with self._lock:
            return {key: list(self._recent(key, now, window)) for key in keys}

    def add(self, keys: list[Key], now: float, window: float) -> None:
        with self._lock:
            if len(self._failures) >= self._tracked:
                # Guesses at ever new names from ever new addresses: forget what the window has passed.
                for key in list(self._failures):
                    self._recent(key, now, window)
            for key in keys:
                self._failures.setdefault(key, deque()).append(now)

    def clear(self, key: Key) -> None:
        with self._lock:
            self._failures.pop(key, None)


class StoreCounts:
    """Failures counted in the store's database (``sign_in_failures``), shared by every server over it; times are
    the throttle's clock read as POSIX seconds (wall-clock time)."""

    def __init__(self, store: Any) -> None:
        self._store = store

    @staticmethod
    def _moment(seconds: float) -> Any:
        from datetime import UTC, datetime

        return datetime.fromtimestamp(seconds, UTC)

    def recent(self, keys: list[Key], now: float, window: float) -> dict[Key, list[float]]:
        found = self._store.sign_in_failures(keys, self._moment(now - window))
        return {key: [moment.timestamp() for moment in times] for key, times in found.items()}

    def add(self, keys: list[Key], now: float, window: float) -> None:
        self._store.record_sign_in_failure(keys, self._moment(now), self._moment(now - window))

    def clear(self, key: Key) -> None:
        self._store.clear_sign_in_failures(*key)


class SignInThrottle:
    """Failure counts per account and per address, in sliding windows (:class:`FailureCounts`)."""

    def __init__(
        self,
        limits: ThrottleLimits | None = None,
        clock: Callable[[], float] = time.time,
        counts: FailureCounts | None = None,
    ) -> None:
        self.limits = limits or ThrottleLimits()
        self._clock = clock
        self._lock = threading.Lock()
        """Guards the note of lockouts announced (the counts guard themselves: a lock, or the database)."""
        self._counts: FailureCounts = counts or MemoryCounts(self.limits.tracked)
        self._shared = counts is not None
        self._announced: set[tuple[str, str]] = set()
        self._tarpit = threading.BoundedSemaphore(max(1, self.limits.tarpit_slots))
        low = lowest_thread_priority if self.limits.low_priority_hashing else None
        self._suspect = _Lane("pacomply-hash", self.limits.concurrent, self.limits.wait_seconds, low)
        self._clean = _Lane("pacomply-hash-clean", self.limits.clean_concurrent, self.limits.wait_seconds, None)

    def count_in(self, store: Any) -> None:
        """Count the failures in ``store``'s database from now on, shared with every server over it (unless this
        throttle was given counts of its own)."""
        with self._lock:
            if not self._shared:
                self._counts = StoreCounts(store)
                self._shared = True

    def _recent(self, keys: list[Key], now: float) -> dict[Key, list[float]]:
        found = self._counts.recent(keys, now, self.limits.window_seconds)
        with self._lock:
            for key, times in found.items():
                if not times:
                    self._announced.discard(key)
        return found

    def check(self, account: str, address: str) -> None:
        """Raise :class:`Throttled` when the account or the address has used up its failures."""
        now = self._clock()
        limits = {("account", account.casefold()): self.limits.per_account,
                  ("address", address): self.limits.per_address}
        found = self._recent(list(limits), now)
        for key, limit in limits.items():
            times = found[key]
            if len(times) >= limit:
                retry = max(1, int(times[0] + self.limits.window_seconds - now) + 1)
                with self._lock:
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
        times = self._recent([("address", address)], now)[("address", address)]
        if len(times) < self.limits.per_address:
            return None
        return max(1, int(times[0] + self.limits.window_seconds - now) + 1)

    def failed(self, account: str, address: str) -> None:
        now = self._clock()
        self._counts.add([("account", account.casefold()), ("address", address)], now, self.limits.window_seconds)

    def succeeded(self, account: str) -> None:
        self._counts.clear(("account", account.casefold()))
        with self._lock:
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
        found = self._recent([("account", account.casefold()), ("address", address)], now)
        return not any(found.values())

    def check_password(
        self,
        check: Callable[[str, str], T],
        username: str,
        password: str,
        address: str = "unknown",
        known: Callable[[str], bool] | None = None,
    ) -> T:
        """``check(username, password)`` (the password hash) in a thread of the clean lane when the account and the
        address have no recent failures, else of the suspect lane, whose threads run at the lowest scheduling
        priority where the platform sets one per thread (Linux): argon2 releases the interpreter lock while it
        hashes, so the pages' threads and the users' sign-ins take the cores first and a guess takes what they
        leave.

        :class:`Busy` when no slot of the lane frees in ``wait_seconds``. The refusal counts as a failure against
        the address when the address already has a failure in the window or when ``known`` (whether an active
        account has that name) says there is no such account, and then against the name too where no account has
        it: so a guessing address cannot stay in the clean lane by being refused there, nor guess on for ever
        without its failures adding up. An existing account's count is left alone (a refusal is no evidence
        against its password, and counting it would let a failing address lock its owner out without a single
        hash), and a refusal of an existing account from an address with no failures (a user, perhaps with the
        right password) counts against nobody."""
        account, place = ("account", username.casefold()), ("address", address)
        now = self._clock()
        found = self._recent([account, place], now)
        lane = self._clean if not any(found.values()) else self._suspect
        try:
            return lane.run(check, username, password)
        except Busy:
            unknown = known is not None and not known(username)
            counted = [place, account] if unknown else [place] if found[place] else []
            if counted:
                self._counts.add(counted, self._clock(), self.limits.window_seconds)
            raise Busy(bool(counted)) from None


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
            raise Busy(counted=False)
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
