"""The golden outputs: what pacomply prints and writes for fixed inputs, produced through the command line.

Three families, each a set of named files:

- ``reports/``: ``validate`` of every example filing (``examples/*.xlsx|json``) in every report format. Text, JSON,
  SARIF and JUnit are kept whole so that a change reads as a diff; the PDF and the review workbook are kept as the
  SHA-256 of their bytes (both are built deterministically), beside the workbook's cell values for a readable diff.
- ``edge/``: ``edge CHAPTER --format json`` of every chapter, and of 633a under other blackjack rules.
- ``simulate/``: a short seeded ``simulate CHAPTER --format json`` of every chapter (the figures of a fixed seed,
  rounds and chunk size).

They are regenerated, after a change of output made on purpose, with ``python -m tests.golden.regenerate`` (or
``PACOMPLY_UPDATE_GOLDEN=1 python -m pytest tests/golden``), and the diff is reviewed like code.
"""

from __future__ import annotations

import hashlib
import io
import tempfile
from collections.abc import Iterator
from datetime import date
from pathlib import Path

from pacomply.regulations import known_chapters
from pacomply.regulations.chapters import Capability, chapters_with

REPOSITORY = Path(__file__).resolve().parents[2]
EXAMPLES = REPOSITORY / "examples"
GOLDEN = Path(__file__).resolve().parent
# Every supported chapter (from the chapter descriptors): a chapter added is pinned as soon as it is regenerated.
CHAPTERS = known_chapters()
TEXT_FORMATS = ("text", "json", "sarif", "junit")
BINARY_FORMATS = ("pdf", "xlsx")
# A fixed review date, passed where the command takes one, so that a report naming its date stays the same tomorrow.
REVIEW_DATE = date(2026, 11, 24)  # after every example's Date Filed, so FIL-001 stays quiet
# The blackjack rule options of ``edge`` beside the defaults: the figures the analyzers compute under other rules, for
# every chapter whose filing sets its base game's rules (the descriptors' FILED_BASE_GAME capability).
BASE_GAME_VARIANTS = {
    "rule-effects": ("--wager", "base", "--decks", "2", "--rule-effects"),
    "other-rules": (
        "--wager",
        "base",
        "--decks",
        "6",
        "--strategy",
        "basic",
        "--hit-soft-17",
        "--max-split-hands",
        "2",
        "--resplit-aces",
        "--hit-split-aces",
        "--no-surrender",
        "--even-money",
        "--blackjack-pays",
        "6:5",
        "--no-double-after-split",
    ),
    "switch-hit-soft-17": ("--wager", "switch", "--decks", "6", "--hit-soft-17"),
}
EDGE_VARIANTS = {chapter: BASE_GAME_VARIANTS for chapter in chapters_with(Capability.FILED_BASE_GAME)}
SIMULATION = ("--rounds", "2000", "--chunk-rounds", "1000", "--seed", "20260115", "--workers", "1", "--no-progress")


def example_filings(chapter: str) -> list[Path]:
    """The example filings of a chapter (workbook and JSON, compliant and with violations)."""
    return sorted(
        path for path in EXAMPLES.glob(f"{chapter}-*") if path.suffix in {".xlsx", ".json"} and path.is_file()
    )


def _invoke(arguments: list[str]) -> tuple[int, str]:
    from typer.testing import CliRunner

    from pacomply.cli import app

    result = CliRunner().invoke(app, arguments, catch_exceptions=False)
    return result.exit_code, result.stdout


def _takes_option(command: str, option: str) -> bool:
    import typer.main

    from pacomply.cli import app

    group = typer.main.get_command(app)
    return any(option in parameter.opts for parameter in group.commands[command].params)  # type: ignore[attr-defined]


def _workbook_cells(content: bytes) -> bytes:
    """Every non-empty cell of a workbook, sheet by sheet, one ``Sheet!A1<TAB>value`` a line."""
    from openpyxl import load_workbook

    workbook = load_workbook(io.BytesIO(content))
    lines = []
    for sheet in workbook.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                if cell.value is not None:
                    lines.append(f"{sheet.title}!{cell.coordinate}\t{cell.value!r}")
    return ("\n".join(lines) + "\n").encode("utf-8")


def report_outputs(chapter: str) -> dict[str, bytes]:
    """The golden files of a chapter's example filings: ``reports/<report name>`` to its content."""
    filings = example_filings(chapter)
    outputs: dict[str, bytes] = {}
    with tempfile.TemporaryDirectory() as folder:
        arguments = ["validate", *map(str, filings), "--output-dir", folder]
        arguments += ["--format", ",".join((*TEXT_FORMATS, *BINARY_FORMATS))]
        if _takes_option("validate", "--review-date"):
            arguments += ["--review-date", REVIEW_DATE.isoformat()]
        code, _ = _invoke(arguments)
        if code not in (0, 1):
            raise RuntimeError(f"validate of the {chapter} examples exited {code}")
        written = sorted(Path(folder).iterdir())
        if not written:
            raise RuntimeError(f"validate of the {chapter} examples wrote no report")
        digests = []
        for path in written:
            content = path.read_bytes()
            if path.suffix in {".pdf", ".xlsx"}:
                digests.append(f"{hashlib.sha256(content).hexdigest()}  {path.name}")
                if path.suffix == ".xlsx":
                    outputs[f"reports/{path.name}.cells.txt"] = _workbook_cells(content)
            else:
                outputs[f"reports/{path.name}"] = content
        outputs[f"reports/{chapter}-binary.sha256"] = ("\n".join(digests) + "\n").encode("utf-8")
    return outputs


def edge_outputs(chapter: str) -> dict[str, bytes]:
    """``edge CHAPTER --format json``, and the chapter's variants with other options."""
    outputs = {}
    for variant, options in {"": (), **EDGE_VARIANTS.get(chapter, {})}.items():
        code, stdout = _invoke(["edge", chapter, *options, "--format", "json"])
        if code != 0:
            raise RuntimeError(f"edge {chapter} {' '.join(options)} exited {code}")
        outputs[f"edge/{chapter}{'.' + variant if variant else ''}.json"] = stdout.encode("utf-8")
    return outputs


def simulate_outputs(chapter: str) -> dict[str, bytes]:
    """A short seeded ``simulate CHAPTER --format json``."""
    code, stdout = _invoke(["simulate", chapter, *SIMULATION, "--format", "json"])
    if code != 0:
        raise RuntimeError(f"simulate {chapter} exited {code}")
    return {f"simulate/{chapter}.json": stdout.encode("utf-8")}


FAMILIES = {"reports": report_outputs, "edge": edge_outputs, "simulate": simulate_outputs}


def every_output() -> Iterator[tuple[str, dict[str, bytes]]]:
    """(family/chapter, its files) for every family and chapter."""
    for family, produce in FAMILIES.items():
        for chapter in CHAPTERS:
            yield f"{family}/{chapter}", produce(chapter)


def stored(family: str, chapter: str) -> dict[str, bytes]:
    """The golden files kept for a family and chapter."""
    folder = GOLDEN / family
    if family == "reports":
        paths = [p for p in folder.glob(f"{chapter}-*") if p.is_file()]
    else:
        paths = [p for p in folder.glob(f"{chapter}.*") if p.is_file()]
    return {f"{family}/{path.name}": path.read_bytes() for path in sorted(paths)}


def write(outputs: dict[str, bytes], family: str, chapter: str) -> None:
    """Replace the golden files of a family and chapter by ``outputs``."""
    for name in stored(family, chapter):
        (GOLDEN / name).unlink()
    for name, content in outputs.items():
        target = GOLDEN / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)
