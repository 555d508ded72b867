"""Structure-aware hostile inputs (tests/fuzz/cases.py): a seeded sample in CI, the long run in bench/fuzz.py.

Two properties:

- hypothesis draws a kind and a seed; whatever the input, ``validate`` ends in 0, 1 or 2, with no traceback, every
  exit-2 problem located, the input untouched and nothing written but the requested report;
- a sample of every kind at full size (decompression bombs of 20 MB, a JSON list of a million items, YAML alias
  bombs) runs in a worker limited to 2 GB of address space, each case within a time bound.

The first property runs twice, like the mutation suite beside this file: a quick test of ``QUICK_CASES`` in the
default suite and a ``slow``-marked wide twin whose count scales with ``PACOMPLY_FUZZ_TOTAL`` (100 by default).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz.cases import GENERATORS, make_case, run_case, violations
from tests.fuzz.limited import ADDRESS_SPACE_BYTES, limits_supported, run_limited

TOTAL = int(os.environ.get("PACOMPLY_FUZZ_TOTAL", "2000"))
KINDS = sorted(GENERATORS)
QUICK_CASES = 4 * len(KINDS)


def _hostile_input_ends_in_0_1_or_2_without_traceback(kind: str, seed: int) -> None:
    outcome = run_case(make_case(kind, seed, large=False))
    assert violations(outcome) == [], (kind, seed, violations(outcome), outcome.stderr[-2000:])


def _cases(count: int) -> Callable[[Callable[..., None]], Any]:
    """The property at ``count`` derandomised cases, the same cases on every run."""

    def decorate(check: Callable[..., None]) -> Any:
        drawn = given(kind=st.sampled_from(KINDS), seed=st.integers(min_value=0, max_value=2**32 - 1))(check)
        return settings(
            max_examples=count,
            derandomize=True,
            database=None,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        )(drawn)

    return decorate


test_fuzz_every_hostile_input_ends_in_0_1_or_2_without_traceback = _cases(QUICK_CASES)(
    _hostile_input_ends_in_0_1_or_2_without_traceback
)
test_fuzz_every_hostile_input_ends_in_0_1_or_2_without_traceback_wide = pytest.mark.slow(
    _cases(max(len(KINDS), TOTAL // 20))(_hostile_input_ends_in_0_1_or_2_without_traceback)
)


@pytest.mark.skipif(not limits_supported(), reason="RLIMIT_AS (an address-space limit) exists only on POSIX systems")
def test_fuzz_full_size_sample_stays_under_2_gb_and_a_minute_per_case() -> None:
    cases = [(kind, seed) for kind in KINDS for seed in range(2)]
    summary = run_limited(cases, workers=1, large=True, address_space=ADDRESS_SPACE_BYTES, case_seconds=60)
    assert summary.violations == []
    assert summary.cases == len(cases)
    assert summary.peak_rss_bytes < ADDRESS_SPACE_BYTES


def _child_peak(_: int) -> int:
    from tests.fuzz.limited import peak_rss

    return peak_rss()


@pytest.mark.skipif(not limits_supported(), reason="the fuzz workers' limits exist only on POSIX systems")
def test_a_fuzz_worker_reports_its_own_peak_not_the_pytest_worker_s() -> None:
    # The parent holds 400 MB while it starts the worker: on Linux ru_maxrss would carry that peak into the worker
    # across fork and exec, and the memory bound above would measure the pytest worker instead of the case.
    import multiprocessing

    ballast = bytearray(400 * 1024**2)
    ballast[:: 4096] = b"\x01" * len(ballast[:: 4096])  # touch every page so it is resident
    with multiprocessing.get_context("spawn").Pool(processes=1) as pool:
        child_peak = pool.map(_child_peak, [0])[0]
    del ballast
    assert 0 < child_peak < 300 * 1024**2, f"the worker reported {child_peak / 1024**2:.0f} MB as its own peak"


def test_the_byte_cases_start_from_other_programs_files_too() -> None:
    from random import Random

    from tests.fuzz.cases import PRODUCER_FIXTURES, PRODUCER_PDF, PRODUCER_XLSX, producer_pdf, producer_xlsx

    drawn_xlsx = {producer_xlsx(Random(seed)) for seed in range(200)}
    drawn_pdf = {producer_pdf(Random(seed)) for seed in range(200)}
    assert {(PRODUCER_FIXTURES / name).read_bytes() for name in PRODUCER_XLSX} <= drawn_xlsx
    assert {(PRODUCER_FIXTURES / name).read_bytes() for name in PRODUCER_PDF} <= drawn_pdf


@pytest.mark.parametrize("seed", range(3))
def test_fuzz_a_mutated_producer_file_ends_in_0_1_or_2_without_traceback(seed: int) -> None:
    outcome = run_case(make_case("bytes", 1000 + seed, large=False))
    assert violations(outcome) == [], (seed, violations(outcome), outcome.stderr[-2000:])
