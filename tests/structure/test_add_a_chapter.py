"""Adding a chapter by docs/DEVELOPING.md's steps alone, in a copy of the source tree, gives a chapter that every
command works on.

The test builds a temporary tree whose layer folders hold links to this checkout's files, writes chapter 698a's
parts under the names the steps give (steps 1 to 9: the law and its version entry, the coverage matrix, the rules,
the rules of play, the wager math with its ``WAGER_MATH``, the simulator, the one line in ``regulations/chapters.py``
and the published figures) and its examples' module (step 10), builds its two example filings with
``examples/build_examples.py`` as the step says, and runs every command on it in a fresh interpreter that imports
pacomply from that tree. The chapter is Over/Under under another id, as the sample chapter
is (``tests/structure/sample_chapter``), so its figures are Over/Under's. Nothing outside the files the steps name
is edited: a step the docs left out would show as a command that fails here. (Steps 11 to 15 add the chapter's
goldens, tests, official text, Board verdicts and producer fixtures to the test suite; the completeness test and
the tests named there check them for every registered chapter.)
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
EXAMPLES = REPOSITORY / "examples"
CHAPTER = "698a"
TITLE = "Added Over/Under"
GAME = "added_over_under"
LAYERS = ("pacomply", "regulations", "submissions", "checker", "engine", "reports", "workspace")
#: The examples' builder is copied, not linked: it writes beside its own resolved path.
BUILDER = "examples/build_examples.py"

#: Each step's file (docs/DEVELOPING.md, "Adding a chapter, step by step"), relative to the tree, and its text.
STEP_FILES: dict[str, str] = {
    # 1: the law as data, and its version entry.
    f"regulations/chapter_{CHAPTER}.py": f'''"""Chapter {CHAPTER}: Over/Under's rulebook under another id."""

from dataclasses import replace

from pacomply.regulations.chapter_686a import RULEBOOK as OVER_UNDER

CHAPTER = "{CHAPTER}"
RULEBOOK = replace(OVER_UNDER, chapter=CHAPTER, title="{TITLE}")
''',
    f"regulations/versions/chapter_{CHAPTER}.py": '''"""The version entry: Over/Under's, whose text it is."""

from pacomply.regulations.versions.chapter_686a import VERSION

__all__ = ["VERSION"]
''',
    # 2: the coverage matrix.
    f"regulations/coverage/chapter_{CHAPTER}.py": f'''"""The coverage matrix: Over/Under's."""

from dataclasses import replace

from pacomply.regulations.coverage.chapter_686a import MATRIX as OVER_UNDER

MATRIX = replace(OVER_UNDER, chapter="{CHAPTER}")
''',
    # 3: the rules.
    f"checker/rules/chapter_{CHAPTER}.py": f'''"""The rules every chapter shares, built from the rulebook."""

from pacomply.checker.rules.common import shared_rules
from pacomply.regulations.chapter_{CHAPTER} import RULEBOOK

RULES = shared_rules(RULEBOOK)
''',
    # 4: the rules of play.
    f"engine/games/{GAME}.py": f'''"""A recorded round settled as Over/Under settles it."""

from dataclasses import replace

from pacomply.engine.games import over_under

CHAPTER = "{CHAPTER}"


def replay(data):
    return replace(over_under.replay({{**data, "chapter": over_under.CHAPTER}}), chapter=CHAPTER)
''',
    # 6: the wager math and its typed contract (5, the exact math, is Over/Under's).
    f"checker/wager_math/chapter_{CHAPTER}.py": f'''"""Over/Under's wager math under another id."""

from dataclasses import replace

from pacomply.checker.wager_math import NO_OPTIONS, AnalysisOptions, WagerMath
from pacomply.checker.wager_math import chapter_686a as over_under
from pacomply.checker.wager_math.hooks import ChapterWagerMath, ParSheetHooks

METHOD_VERSION = 1


def analyse(wager, paytable, decks, _options: AnalysisOptions = NO_OPTIONS) -> list[WagerMath]:
    return [replace(math, chapter="{CHAPTER}") for math in over_under.analyse(wager, paytable, decks)]


WAGER_MATH = ChapterWagerMath(
    analyse=analyse,
    method_version=METHOD_VERSION,
    par_sheet=ParSheetHooks(
        distribution=over_under.par_sheet_distribution, space=over_under.par_sheet_space
    ),
)
''',
    # 7: the simulator.
    f"engine/simulation/{GAME}.py": f'''"""The Over/Under simulator under another id."""

from dataclasses import replace

from pacomply.engine.simulation.over_under import ROUND_GAME as OVER_UNDER


class _Game:
    chapter = "{CHAPTER}"
    default_decks = OVER_UNDER.default_decks
    jokers_per_deck = OVER_UNDER.jokers_per_deck

    def wager_ids(self):
        return OVER_UNDER.wager_ids()

    def table(self, setup):
        return OVER_UNDER.table(replace(setup, chapter="686a"))

    def facts(self, setup, wager):
        return OVER_UNDER.facts(replace(setup, chapter="686a"), wager)


ROUND_GAME = _Game()
''',
    # 9: the published figures (none).
    f"regulations/published_figures/chapter_{CHAPTER}.py": f'''"""The Board published no figure for this chapter."""

from pacomply.regulations.citation import cite
from pacomply.regulations.published import NOT_PUBLISHED, Basis, Measure, PublishedFigure

FIGURES = (
    PublishedFigure(
        id="{CHAPTER}-none", chapter="{CHAPTER}", wager=None, paytable=None, measure=Measure.NO_FIGURE,
        basis=Basis.UNSTATED, percent=None, source=NOT_PUBLISHED, citation=cite("{CHAPTER}.6"),
        note="no figure for this chapter",
    ),
)
''',
    # 10: the example filings, built by ``examples/build_examples.py``.
    f"examples/chapters/chapter_{CHAPTER}.py": f'''"""The examples: one compliant table, and one with a rule broken."""

from decimal import Decimal

from pacomply.regulations.rulebook import DealingMethod, Shuffler
from pacomply.submissions.model import Filing, TableConfiguration, TableWager

from examples.build_examples import METADATA, VIOLATIONS_METADATA, answers

ANSWERS = dict(
    discard_rack_equal_height=True, discard_rack_taller_with_mark=False, automated_shuffler=True,
    continuous_shuffler=False, cards_preinspected=False, verbal_wagers=True, bonus_offered=True,
    adjacent_boxes_allowed=True, max_adjacent_boxes=2,
)


def table(table_id, **overrides):
    return TableConfiguration(**{{
        "table_id": table_id, "chapter": "{CHAPTER}", "betting_positions": 6, "decks": 6, "batches": 2,
        "shuffler": Shuffler.AUTOMATED, "dealing": DealingMethod.SHOE, "discard_rack_height_mm": Decimal("93.6"),
        "card_change_interval_hours": Decimal(24), "wagers": (TableWager(wager="bonus"),), **overrides,
    }})


COMPLIANT_{CHAPTER.upper()} = Filing(
    metadata=METADATA, chapters={{"{CHAPTER}": answers("{CHAPTER}", **ANSWERS)}}, tables=(table("AO-1"),)
)
NONCOMPLIANT_{CHAPTER.upper()} = Filing(
    metadata=VIOLATIONS_METADATA,
    chapters={{"{CHAPTER}": answers("{CHAPTER}", **ANSWERS | {{"bonus_offered": False}})}},
    tables=(table("AO-1", betting_positions=7),),  # {CHAPTER.upper()}-001
)
''',
}
#: Step 8: the one line in ``regulations/chapters.py``.
DESCRIPTOR_LINE = f'        Chapter("{CHAPTER}", "{TITLE}", "{GAME}"),\n'


def _linked_tree(root: Path) -> None:
    """The checkout's layers under ``root``: real folders whose files are links to the checkout's, except what a
    step writes or edits, and ``pacomply/__init__.py`` (copied: it finds the layers beside its own resolved path)."""
    for layer in LAYERS:
        for folder, subfolders, files in os.walk(REPOSITORY / layer):
            subfolders[:] = [name for name in subfolders if name != "__pycache__"]
            target = root / Path(folder).relative_to(REPOSITORY)
            target.mkdir(parents=True, exist_ok=True)
            for name in files:
                (target / name).symlink_to(Path(folder) / name)
    for path in sorted((REPOSITORY / "examples" / "chapters").glob("*.py")):
        target = root / path.relative_to(REPOSITORY)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.symlink_to(path)
    shutil.copyfile(REPOSITORY / BUILDER, root / BUILDER)
    (root / "pyproject.toml").symlink_to(REPOSITORY / "pyproject.toml")
    (root / "pacomply" / "__init__.py").unlink()
    shutil.copyfile(REPOSITORY / "pacomply" / "__init__.py", root / "pacomply" / "__init__.py")


def _write_steps(root: Path) -> None:
    for relative, text in STEP_FILES.items():
        path = root / relative
        assert not path.exists(), f"{relative} already exists in the checkout"
        path.write_text(text, encoding="utf-8")
    registry = root / "regulations" / "chapters.py"
    text = registry.read_text(encoding="utf-8")
    registry.unlink()
    anchor = re.search(r"^_CHAPTERS: dict\[str, Chapter\] = \{\n.*?\n    for descriptor in \(\n", text, re.M | re.S)
    assert anchor is not None, "regulations/chapters.py no longer has the _CHAPTERS table the docs describe"
    registry.write_text(text[: anchor.end()] + DESCRIPTOR_LINE + text[anchor.end() :], encoding="utf-8")
    # A recorded round to replay: Over/Under's, under the new chapter's id.
    round_text = (EXAMPLES / "rounds" / "686a-over-wins-with-bonus.json").read_text(encoding="utf-8")
    (root / f"{CHAPTER}-round.json").write_text(round_text.replace('"686a"', f'"{CHAPTER}"'), encoding="utf-8")


#: Every command, with the exit codes it may end with (1: the violations example's verdict) and a text its output
#: must hold.
COMMANDS: tuple[tuple[tuple[str, ...], tuple[int, ...], str], ...] = (
    (("rules", CHAPTER), (0,), f"{CHAPTER.upper()}-001"),
    (("rules", "--coverage", CHAPTER), (0,), CHAPTER),
    (("explain", f"{CHAPTER.upper()}-001"), (0,), f"{CHAPTER.upper()}-001"),
    (("template", CHAPTER, "--output", "{root}/template.xlsx"), (0,), ""),
    (("validate", "{root}/examples/698a-compliant.json"), (0,), ""),
    (("validate", "{root}/examples/698a-violations.json"), (1,), f"{CHAPTER.upper()}-001"),
    (("validate", "{root}/examples/698a-violations.xlsx"), (1,), f"{CHAPTER.upper()}-001"),
    (("edge", CHAPTER, "--format", "json"), (0,), f'"{CHAPTER}"'),
    (("edge", "--filing", "{root}/examples/698a-compliant.json"), (0,), "Bonus Wager, 6 decks: house edge"),
    (("parsheet", CHAPTER, "--wager", "bonus"), (0,), ""),
    (("replay", "{root}/698a-round.json"), (0,), f"{CHAPTER}:"),
    (
        ("diff", "{root}/examples/698a-compliant.json", "{root}/examples/698a-violations.json"),
        (0, 1),
        f"{CHAPTER}.bonus_offered",
    ),
    (("published", CHAPTER), (0,), ""),
    (
        ("simulate", CHAPTER, "--rounds", "2000", "--chunk-rounds", "1000", "--seed", "7", "--workers", "1",
         "--no-progress", "--format", "json"),
        (0,),
        f'"{CHAPTER}"',
    ),
)  # fmt: skip

_RUNNER = """
import json, sys
from typer.testing import CliRunner
import pacomply
from pacomply.cli import app
assert pacomply.__path__[-1] == sys.argv[1], pacomply.__path__
results = []
for arguments in json.loads(sys.argv[2]):
    run = CliRunner().invoke(app, arguments)
    results.append((arguments, run.exit_code, run.output, repr(run.exception)))
print(json.dumps(results))
"""


def test_a_chapter_added_by_the_documented_steps_works_in_every_command(tmp_path: Path) -> None:
    root = tmp_path / "tree"
    _linked_tree(root)
    _write_steps(root)
    commands = [[part.format(root=root) for part in arguments] for arguments, _codes, _text in COMMANDS]
    environment = {
        **os.environ,
        "PYTHONPATH": str(root),
        "PACOMPLY_CACHE_DIR": str(tmp_path / "cache"),
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    # Step 10's last part: the builder writes the chapter's two filings, as a workbook and as JSON.
    built = subprocess.run(
        [sys.executable, str(root / BUILDER), CHAPTER], capture_output=True, text=True, env=environment, check=False
    )
    assert built.returncode == 0, built.stderr[-3000:]
    for kind in ("compliant", "violations"):
        assert {path.name for path in (root / "examples").glob(f"{CHAPTER}-{kind}.*")} == {
            f"{CHAPTER}-{kind}.json",
            f"{CHAPTER}-{kind}.xlsx",
        }
    finished = subprocess.run(
        [sys.executable, "-c", _RUNNER, str(root), json.dumps(commands)],
        capture_output=True,
        text=True,
        env=environment,
        cwd=tmp_path,
        check=False,
    )
    assert finished.returncode == 0, finished.stderr[-3000:]
    results = json.loads(finished.stdout.strip().splitlines()[-1])
    problems = []
    for (_arguments, codes, text), (arguments, code, output, exception) in zip(COMMANDS, results, strict=True):
        if code not in codes or text not in output:
            problems.append(f"pacomply {' '.join(arguments)}: exit {code} ({exception}); {output[-600:]}")
    assert not problems, "\n".join(problems)
    assert (root / "template.xlsx").is_file()
