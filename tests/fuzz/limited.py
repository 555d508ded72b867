"""Run hostile cases in worker processes under an address-space limit (POSIX ``RLIMIT_AS``), timing each case.

A case that would need more memory than the limit fails inside its worker with MemoryError (a violation) instead
of taking the machine down; the peak resident size and the slowest case are reported with the results.
Used by the CI sample (``test_fuzz_hostile.py``) and the long run (``bench/fuzz.py``).
"""

from __future__ import annotations

import multiprocessing
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

ADDRESS_SPACE_BYTES = 2 * 1024**3


def limits_supported() -> bool:
    """True where the address space of a process can be limited (Linux, macOS, the BSDs)."""
    try:
        import resource  # noqa: F401 - only its presence is asked
    except ImportError:
        return False
    return sys.platform != "win32"


@dataclass
class Summary:
    """What a batch of cases did."""

    cases: int = 0
    exits: Counter[int] = field(default_factory=Counter)
    by_kind: Counter[str] = field(default_factory=Counter)
    violations: list[str] = field(default_factory=list)
    problem_lines: int = 0
    finely_located: int = 0
    slowest: tuple[float, str] = (0.0, "")
    peak_rss_bytes: int = 0

    def add(self, other: Summary) -> None:
        self.cases += other.cases
        self.exits.update(other.exits)
        self.by_kind.update(other.by_kind)
        self.violations += other.violations
        self.problem_lines += other.problem_lines
        self.finely_located += other.finely_located
        self.slowest = max(self.slowest, other.slowest)
        self.peak_rss_bytes = max(self.peak_rss_bytes, other.peak_rss_bytes)


def _limit(address_space: int) -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))


def peak_rss() -> int:
    """This process's own peak resident size, in bytes.

    On Linux the kernel keeps ``ru_maxrss`` across fork and exec, so a worker started (forked, then exec'd) from a
    large pytest worker would report the pytest worker's peak, not its own. ``VmHWM`` in ``/proc/self/status`` belongs
    to the process's address space, which exec replaces: it is the worker's own peak. Elsewhere ``ru_maxrss`` is used.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024  # reported in kB
    except OSError:
        pass
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024  # Linux reports kilobytes, macOS bytes


def run_batch(work: tuple[tuple[tuple[str, int], ...], bool, float]) -> Summary:
    """Run cases (kind, seed) in this process and summarise; every exception is a violation, never a crash."""
    from tests.fuzz.cases import finely_located, make_case, run_case, violations

    cases, large, case_seconds = work
    summary = Summary()
    for kind, seed in cases:
        name = f"{kind}:{seed}"
        try:
            case = make_case(kind, seed, large)
            started = time.perf_counter()
            outcome = run_case(case)
            seconds = time.perf_counter() - started
        except MemoryError:
            summary.violations.append(f"{name}: MemoryError under the address-space limit")
            continue
        except Exception as error:  # the harness itself failed: still reported, not hidden
            summary.violations.append(f"{name}: harness error {type(error).__name__}: {str(error)[:200]}")
            continue
        summary.cases += 1
        summary.by_kind[kind] += 1
        summary.exits[outcome.exit_code] += 1
        summary.violations += [f"{name}: {problem}" for problem in violations(outcome)]
        if seconds > case_seconds:
            summary.violations.append(f"{name}: took {seconds:.1f} s (bound {case_seconds:.0f} s)")
        lines, fine = finely_located(outcome)
        summary.problem_lines += lines
        summary.finely_located += fine
        summary.slowest = max(summary.slowest, (seconds, name))
    summary.peak_rss_bytes = peak_rss()
    return summary


def run_limited(
    cases: Iterable[tuple[str, int]],
    workers: int = 1,
    large: bool = True,
    address_space: int = ADDRESS_SPACE_BYTES,
    case_seconds: float = 60.0,
    chunk: int = 50,
    on_batch: Callable[[Summary], None] | None = None,
) -> Summary:
    """Run the cases in ``workers`` fresh processes, each limited to ``address_space`` bytes of address space."""
    ordered = list(cases)
    batches = [(tuple(ordered[start : start + chunk]), large, case_seconds) for start in range(0, len(ordered), chunk)]
    context = multiprocessing.get_context("spawn")  # a fresh interpreter: the limit covers everything it loads
    summary = Summary()
    with context.Pool(processes=workers, initializer=_limit, initargs=(address_space,), maxtasksperchild=20) as pool:
        for result in pool.imap_unordered(run_batch, batches):
            summary.add(result)
            if on_batch is not None:
                on_batch(summary)
    return summary
