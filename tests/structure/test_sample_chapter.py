"""A chapter registered by one descriptor works through every command and the workspace filters.

The sample chapter (``tests/structure/sample_chapter``) is Over/Under under the id 699a: its law, coverage matrix,
rules, rules of play, wager math and simulator are each one module, and :data:`DESCRIPTOR` is the one line that
registers it. Nothing else in pacomply is told about it: every registry, choice and filter must find it through
``regulations.chapters``, and forget it again when it is unregistered.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pacomply.regulations import chapters
from typer.testing import CliRunner

from pacomply import regulations
from tests.structure.sample_chapter import DESCRIPTOR
from tests.structure.sample_chapter import wager_math as sample_wager_math

REPOSITORY = Path(__file__).resolve().parents[2]
EXAMPLES = REPOSITORY / "examples"
SAMPLE = DESCRIPTOR.id


@pytest.fixture
def sample(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The sample chapter registered, the figure store in a temporary folder, and the Over/Under example filings
    and a recorded round rewritten as 699a ones in ``tmp_path``."""
    monkeypatch.setenv("PACOMPLY_CACHE_DIR", str(tmp_path / "cache"))
    for name in ("686a-compliant.json", "686a-violations.json", "rounds/686a-over-wins-with-bonus.json"):
        text = (EXAMPLES / name).read_text(encoding="utf-8").replace('"686a"', f'"{SAMPLE}"')
        (tmp_path / Path(name).name.replace("686a", SAMPLE)).write_text(text, encoding="utf-8")
    with chapters.registered(DESCRIPTOR):
        yield tmp_path


def _run(*arguments: str) -> Any:
    from pacomply.cli import app

    return CliRunner().invoke(app, list(arguments))


def test_every_registry_lists_the_sample_chapter_only_while_it_is_registered(sample: Path) -> None:
    from pacomply.checker import wager_math
    from pacomply.checker.registry import all_rules
    from pacomply.engine import replay
    from pacomply.engine.simulation import registry as simulation_registry

    listed = {
        "regulations": regulations.known_chapters(),
        "titles": tuple(regulations.CHAPTER_TITLES),
        "replay": replay.replay_chapters(),
        "wager math": wager_math.supported_chapters(),
        "simulation": simulation_registry.simulated_chapters(),
    }
    assert all(SAMPLE in chapter_ids for chapter_ids in listed.values()), listed
    assert regulations.CHAPTER_TITLES[SAMPLE] == "Sample Over/Under"
    assert any(rule.code == "699A-001" for rule in all_rules())
    with chapters.registered(chapters.Chapter("698a", "Another", "over_under")):
        assert "698a" in regulations.known_chapters()
    assert "698a" not in regulations.known_chapters()


def test_a_registered_chapter_cannot_be_registered_twice(sample: Path) -> None:
    with pytest.raises(ValueError, match="699a is already registered"), chapters.registered(DESCRIPTOR):
        pass
    assert SAMPLE in regulations.known_chapters()  # the failed second registration leaves the first in place


def test_the_sample_chapter_is_gone_after_its_test() -> None:
    assert SAMPLE not in regulations.known_chapters()
    with pytest.raises(regulations.UnknownChapterError, match="chapter '699a' is not supported"):
        regulations.rulebook(SAMPLE)


def test_rules_explain_coverage_and_template_know_the_sample_chapter(sample: Path) -> None:
    rules = _run("rules", SAMPLE)
    assert rules.exit_code == 0, rules.output
    assert "699A-001" in rules.output and "686A-" not in rules.output
    explained = _run("explain", "699A-001")
    assert explained.exit_code == 0 and "Sample Over/Under" in explained.output, explained.output
    coverage = _run("rules", "--coverage", SAMPLE)
    assert coverage.exit_code == 0 and f"chapter {SAMPLE} (Sample Over/Under)" in coverage.output, coverage.output
    listed = _run("template", "--list", SAMPLE)
    assert listed.exit_code == 0 and listed.output.startswith(f"{SAMPLE} Sample Over/Under"), listed.output
    workbook = sample / "blank.xlsx"
    written = _run("template", SAMPLE, "--output", str(workbook))
    assert written.exit_code == 0 and workbook.stat().st_size > 0, written.output


def test_validate_reviews_a_sample_chapter_filing_with_its_rules_and_wager_math(sample: Path) -> None:
    sample_wager_math.CALLS.clear()
    compliant = _run("validate", str(sample / f"{SAMPLE}-compliant.json"), "--format", "json")
    assert compliant.exit_code == 0, compliant.output
    report = json.loads(compliant.output)
    assert {row["chapter"] for row in report["wager_math"]} == {SAMPLE}
    # The descriptor's FILING_OPTIONS capability: the review asked the chapter's wager math what the filing changes.
    assert sample_wager_math.CALLS, "the review never called the sample chapter's filing_options"
    violations = _run("validate", str(sample / f"{SAMPLE}-violations.json"))
    assert violations.exit_code == 1, violations.output
    assert "699A-001" in violations.output and "686A-" not in violations.output


def test_edge_simulate_replay_diff_and_published_work_for_the_sample_chapter(sample: Path) -> None:
    edge = _run("edge", SAMPLE, "--format", "json")
    assert edge.exit_code == 0, edge.output
    over_under = _run("edge", "686a", "--format", "json")
    relabelled = json.loads(over_under.output.replace('"686a"', f'"{SAMPLE}"'))
    assert json.loads(edge.output) == relabelled  # the sample's figures are Over/Under's, computed through its parts
    filed = _run("edge", "--filing", str(sample / f"{SAMPLE}-compliant.json"))
    assert filed.exit_code == 0 and f"{SAMPLE} Sample Over/Under\n  Bonus Wager, " in filed.output, filed.output
    simulated = _run(
        "simulate", SAMPLE, "--rounds", "2000", "--chunk-rounds", "1000", "--seed", "7", "--workers", "1",
        "--no-progress", "--format", "json",
    )  # fmt: skip
    assert simulated.exit_code == 0, simulated.output
    assert f'"{SAMPLE}"' in simulated.output
    replayed = _run("replay", str(sample / f"{SAMPLE}-over-wins-with-bonus.json"))
    assert replayed.exit_code == 0 and replayed.output.startswith(f"{SAMPLE}:"), replayed.output
    compared = _run("diff", str(sample / f"{SAMPLE}-compliant.json"), str(sample / f"{SAMPLE}-violations.json"))
    assert compared.exit_code in (0, 1) and f"{SAMPLE}.bonus_offered" in compared.output, compared.output
    published = _run("published", SAMPLE)
    assert published.exit_code == 0, published.output
    par_sheet = _run("parsheet", SAMPLE, "--wager", "bonus")
    assert par_sheet.exit_code == 0, par_sheet.output


def test_the_sample_chapters_par_sheet_and_version_come_from_its_own_modules(sample: Path) -> None:
    """The par sheet breaks the Bonus down line by line through the sample wager math's ``par_sheet_distribution``
    hook, and the version entry is the one its descriptor names: nothing shared names the chapter."""
    from pacomply.checker.parsheet import par_sheet
    from pacomply.regulations import versions

    sample_sheet, over_under_sheet = par_sheet(SAMPLE, "bonus"), par_sheet("686a", "bonus")
    assert sample_sheet.lines and sample_sheet.lines == over_under_sheet.lines
    assert sample_sheet.space == over_under_sheet.space
    assert versions.version_fields(SAMPLE) == versions.version_fields("686a")
    assert SAMPLE in versions.versioned()


def test_the_workspace_filters_offer_and_apply_the_sample_chapter(sample: Path) -> None:
    pytest.importorskip("flask")
    from pacomply.workspace.store import open_store

    from tests.workspace.conftest import LICENSEE_B, _web, upload_example

    store = open_store(f"sqlite:///{sample / 'store.sqlite3'}")
    try:
        web = _web(store)
        _app, _worker, client_factory = next(web)
        upload_example(store, f"{SAMPLE}-compliant.json", data=(sample / f"{SAMPLE}-compliant.json").read_bytes())
        upload_example(store, "686a-compliant.json")
        client = client_factory()
        client.sign_in("rita")
        unfiltered = client.get("/").get_data(as_text=True)
        assert "686a-compliant.json" in unfiltered and f"{SAMPLE}-compliant.json" in unfiltered
        queue = client.get("/", query_string={"chapter": SAMPLE}).get_data(as_text=True)
        assert f'<option value="{SAMPLE}"' in queue
        assert queue.count(f"{SAMPLE}-compliant.json") >= 1 and "686a-compliant.json" not in queue
        history = client.get("/history", query_string={"licensee": LICENSEE_B, "chapter": SAMPLE})
        page = history.get_data(as_text=True)
        assert f'<option value="{SAMPLE}" selected' in page and f"{SAMPLE}-compliant.json" in page
        next(web, None)
    finally:
        store.engine.dispose()
