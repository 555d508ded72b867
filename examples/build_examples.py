"""Builds the example filings in this folder from code, so their content is reviewable and reproducible.

Each chapter's two filings are defined in its own module, ``examples/chapters/chapter_NNNa.py``: ``COMPLIANT_NNNA``,
which draws no finding, and ``NONCOMPLIANT_NNNA``, with violations planted and each commented with the rule that
catches it (with the table builder and checklist answers they start from). This module holds what they share and
writes the files; it finds the chapters' modules by their names, so adding a chapter's examples is adding its module.

Run: python examples/build_examples.py [CHAPTER ...]  (rewrites the .xlsx and .json files beside it: every
chapter's, or the chapters named)
"""

from __future__ import annotations

import importlib
import sys
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pacomply.regulations import known_chapters
from pacomply.submissions.model import Answer, ChapterSubmission, Filing, FilingMetadata, TableConfiguration
from pacomply.submissions.readers.json import dumps_filing
from pacomply.submissions.template import write_template

HERE = Path(__file__).resolve().parent
#: The folder of the chapters' modules, ``chapter_NNNa.py`` each.
CHAPTER_MODULES = HERE / "chapters"


def answers(chapter: str, **values: object) -> ChapterSubmission:
    """A chapter's checklist answered with these values (True and False as Yes and No, None left blank)."""
    return ChapterSubmission(
        chapter=chapter,
        answers={
            key: Answer(
                key=key,
                text="" if value is None else ("Yes" if value is True else "No" if value is False else str(value)),
                value=value,
            )
            for key, value in values.items()
        },
    )


#: The licensee filing every compliant example.
METADATA = FilingMetadata(
    licensee="Keystone Downs Casino",
    date_filed=date(2026, 11, 2),
    reviewed_by="Dana Whitfield, Director of Table Games",
)
#: The licensee filing every example with violations.
VIOLATIONS_METADATA = METADATA.model_copy(update={"licensee": "Allegheny Riverfront Gaming"})


def table(table_id: str, defaults: dict[str, object], overrides: dict[str, object]) -> TableConfiguration:
    """An example table: its chapter's usual configuration (``defaults``) with this table's differences."""
    return TableConfiguration(**{"table_id": table_id, **defaults, **overrides})  # type: ignore[arg-type]


def chapter_examples() -> dict[str, tuple[Filing, Filing]]:
    """Each chapter's two example filings, (compliant, violations), by chapter id: ``COMPLIANT_NNNA`` and
    ``NONCOMPLIANT_NNNA`` of every module ``chapters/chapter_NNNa.py`` beside this one."""
    found = {}
    for path in sorted(CHAPTER_MODULES.glob("chapter_*.py")):
        chapter = path.stem.removeprefix("chapter_")
        module = importlib.import_module(f"examples.chapters.{path.stem}")
        names = (f"COMPLIANT_{chapter.upper()}", f"NONCOMPLIANT_{chapter.upper()}")
        absent = [name for name in names if not isinstance(getattr(module, name, None), Filing)]
        if absent:
            raise LookupError(f"examples/chapters/{path.name} defines no Filing named {' or '.join(absent)}")
        found[chapter] = (getattr(module, names[0]), getattr(module, names[1]))
    return found


def main(chapters: list[str]) -> None:
    examples = chapter_examples()
    registered = known_chapters()
    problems = [f"{chapter} is not a registered chapter" for chapter in chapters if chapter not in registered]
    problems += [
        f"{chapter} has no examples/chapters/chapter_{chapter}.py" for chapter in registered if chapter not in examples
    ]
    problems += [
        f"examples/chapters/chapter_{chapter}.py is not a registered chapter's"
        for chapter in examples
        if chapter not in registered
    ]
    if problems:
        raise SystemExit("examples/build_examples.py: " + "; ".join(problems))
    for chapter in chapters or registered:
        for kind, filing in zip(("compliant", "violations"), examples[chapter], strict=True):
            name = f"{chapter}-{kind}"
            write_template(HERE / f"{name}.xlsx", [chapter], filing)
            (HERE / f"{name}.json").write_text(
                dumps_filing(filing.model_copy(update={"source": f"{name}.json"})), encoding="utf-8"
            )
            print(f"wrote {name}.xlsx and {name}.json")


if __name__ == "__main__":
    main(sys.argv[1:])
