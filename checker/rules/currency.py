"""Whether the law a review applies is still the law: a filed chapter amended since the text pacomply encodes.

pacomply encodes each chapter as published in the notice its rulebook names (``regulations.versions``). Where a
later amendment is known but not encoded, every review of a filing under that chapter says so, as an info finding
naming the amendment, so that a reviewer checks the affected rules against the chapter as amended.
"""

from __future__ import annotations

from collections.abc import Iterator

from pacomply.checker.registry import CheckContext, Finding, Rule, Severity, make_doc
from pacomply.regulations.citation import RULES_SUBMISSIONS

from pacomply import regulations


def _later_amendments(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    for chapter in context.filing.filed_chapters:
        book = regulations.rulebook(chapter)
        for amendment in book.amendments_not_encoded:
            yield rule.finding(
                f"{chapter}: this review applies rulebook {book.version} ({book.source}, effective "
                f"{book.effective.isoformat()}); a later change is known but not encoded: {amendment.describe()}",
                citation=amendment.citation or RULES_SUBMISSIONS,
            )


RULES = (
    Rule(
        code="FIL-017",
        name="filing.chapter-amended-since-encoded",
        chapter=None,
        severity=Severity.INFO,
        citation=RULES_SUBMISSIONS,
        summary="A filed chapter has a later amendment that pacomply knows of but does not encode.",
        doc=make_doc(
            what="Names, for each chapter the filing covers, every amendment published after the text pacomply "
            "encodes (`pacomply regulations` lists them), with the rulebook version the review applied.",
            why="A Rules Submission must follow the chapter as it stands today (§ 601a.2). Where the chapter was "
            "amended after the encoded text, a rule or paytable the amendment changed may be judged against the "
            "old text; the reviewer must check those against the chapter as amended.",
            example="Filing sheet: Chapters 687a (amended by 55 Pa.B. 261, January 11, 2025)",
            instead="Check the tables and checklist answers the amendment touches against the current chapter; "
            "the finding is information and never fails the filing.",
            citation=RULES_SUBMISSIONS,
        ),
        fix="Check the parts of the filing the amendment affects against the chapter as amended.",
        check_function=_later_amendments,
    ),
)
