"""Run one chapter's rules over a filing changed from its compliant example (no wager math: these tests are about
the rules alone)."""

from __future__ import annotations

from pacomply.checker.registry import CheckContext, Finding, chapter_rules
from pacomply.submissions.model import Filing, TableConfiguration

from examples.build_examples import answers
from pacomply import regulations


def chapter_findings(
    compliant: Filing, chapter: str, tables: tuple[TableConfiguration, ...] | None = None, **changes: object
) -> list[Finding]:
    """Every finding of the chapter's rules for ``compliant`` with ``tables`` and the checklist answers changed."""
    base = {key: answer.value for key, answer in compliant.chapters[chapter].answers.items()}
    filing = compliant.model_copy(
        update={
            "chapters": {chapter: answers(chapter, **(base | changes))},
            "tables": compliant.tables if tables is None else tables,
        }
    )
    context = CheckContext(
        filing=filing,
        rulebook=regulations.rulebook(chapter),
        submission=filing.chapters.get(chapter),
        tables=filing.tables_for(chapter),
    )
    return [finding for rule in chapter_rules(chapter) for finding in rule.check(context)]
