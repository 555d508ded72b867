"""What each review of a batch pays that one reading per process can settle."""

from __future__ import annotations

from pathlib import Path

import pytest
from pacomply.checker import review as review_module

from pacomply.review_service import review_paths

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_pacomplys_version_is_read_from_the_installed_metadata_once_for_a_whole_batch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    readings: list[str] = []
    real_version = review_module.version

    def counted(name: str) -> str:
        readings.append(name)
        return real_version(name)

    monkeypatch.setattr(review_module, "version", counted)
    review_module.tool_version.cache_clear()
    try:
        outcomes = review_paths([EXAMPLES / "686a-compliant.json", EXAMPLES / "686a-violations.json"] * 2)
        assert readings == ["pacomply"]
        assert {outcome.review.tool_version for outcome in outcomes if outcome.review is not None} == {
            real_version("pacomply")
        }
    finally:
        review_module.tool_version.cache_clear()


def test_a_batch_freezes_what_each_filing_left_out_of_the_cycle_collector_and_unfreezes_it_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gc

    from pacomply.checker.registry import CheckSettings

    from pacomply import batch_console, review_service
    from pacomply.review_service import ReviewPolicy
    from pacomply.terminal import Verbosity

    frozen_at_review: list[int] = []
    real_review_path = review_service.review_path

    def noting(*arguments: object) -> object:
        frozen_at_review.append(gc.get_freeze_count())
        return real_review_path(*arguments)  # type: ignore[arg-type]

    monkeypatch.setattr(review_service, "review_path", noting)
    monkeypatch.setattr(Verbosity, "level", 0)
    before = gc.get_freeze_count()
    paths = [EXAMPLES / "686a-compliant.json", EXAMPLES / "686a-violations.json", EXAMPLES / "687a-compliant.json"]
    outcomes = batch_console.review_with_progress(paths, ReviewPolicy(CheckSettings()), jobs=1)
    assert [outcome.status for outcome in outcomes] == ["compliant", "not compliant", "compliant"]
    # The first review runs before anything is frozen; the next ones with its modules and shelves frozen, and what
    # each filing before them left in the caches frozen too (so more before each).
    assert frozen_at_review[0] == before
    assert all(count > before for count in frozen_at_review[1:])
    assert frozen_at_review[2] > frozen_at_review[1]
    # Nothing stays frozen once the batch is over: the collector's unfreeze hands back everything frozen, what the
    # test process froze once its tests were collected included (so ``before`` is not what is left).
    assert gc.get_freeze_count() == 0


def test_a_quiet_batch_draws_nothing_and_imports_no_rich() -> None:
    import json
    import subprocess
    import sys

    program = (
        "import json, runpy, sys\n"
        "sys.argv = ['pacomply', '-q', 'validate', *sys.argv[1:], '-f', 'json']\n"
        "try:\n    runpy.run_module('pacomply', run_name='__main__')\nexcept SystemExit:\n    pass\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    filings = [str(EXAMPLES / "686a-compliant.json"), str(EXAMPLES / "686a-violations.json")]
    completed = subprocess.run([sys.executable, "-c", program, *filings], capture_output=True, text=True, check=False)
    assert completed.returncode == 0, completed.stderr
    loaded = json.loads(completed.stdout.rstrip().rsplit("\n", 1)[-1])
    assert "pacomply.review_service" in loaded  # the batch ran in that interpreter
    assert [name for name in loaded if name.split(".")[0] == "rich"] == []
