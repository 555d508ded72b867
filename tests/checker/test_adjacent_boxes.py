"""The number of adjacent boxes, in every chapter whose checklist asks it (§ 633a.6(f), § 685a.6(f), § 686a.6(f),
§ 687a.7(e)): a total left blank where more than one box is allowed is one finding, the checklist rule's, located at
that answer; a total the filer did give is the adjacent-boxes rule's to judge."""

from __future__ import annotations

import pytest
from pacomply.checker.registry import Finding, Severity
from pacomply.checker.review import review_filing
from pacomply.submissions.model import Filing

from examples.build_examples import answers
from examples.chapters.chapter_633a import COMPLIANT_633A
from examples.chapters.chapter_685a import COMPLIANT_685A
from examples.chapters.chapter_686a import COMPLIANT_686A
from examples.chapters.chapter_687a import COMPLIANT_687A
from pacomply import regulations

#: Each chapter's compliant example and the code of its adjacent-boxes rule.
CHAPTERS = {
    "633a": (COMPLIANT_633A, "633A-113"),
    "685a": (COMPLIANT_685A, "685A-104"),
    "686a": (COMPLIANT_686A, "686A-104"),
    "687a": (COMPLIANT_687A, "687A-107"),
}


def _with_boxes(example: Filing, chapter: str, maximum: int | None) -> Filing:
    values = {key: answer.value for key, answer in example.chapters[chapter].answers.items()}
    values |= {"adjacent_boxes_allowed": True, "max_adjacent_boxes": maximum}
    return example.model_copy(update={"chapters": {**example.chapters, chapter: answers(chapter, **values)}})


def _judged(filing: Filing) -> list[Finding]:
    """The errors and warnings of ``filing`` (the compliant examples have none; some carry notes on the Board's
    figures or on amendments, which no answer here changes)."""
    return [finding for finding in review_filing(filing).findings if finding.severity != Severity.INFO]


@pytest.mark.parametrize("chapter", sorted(CHAPTERS))
def test_6_f_a_blank_total_of_boxes_is_the_checklist_rules_finding_alone(chapter: str) -> None:
    example, adjacent_rule = CHAPTERS[chapter]
    assert _judged(example) == []
    findings = _judged(_with_boxes(example, chapter, None))
    # The question is the chapter's own (its subsection), asked of every filing, so the blank is reported once.
    question = regulations.rulebook(chapter).question("max_adjacent_boxes")
    assert question.required and question.depends_on is None
    reported = [(finding.rule_id, finding.citation) for finding in findings]
    assert reported == [(f"{chapter.upper()}-006", question.section)]
    assert all(finding.rule_id != adjacent_rule for finding in findings)


@pytest.mark.parametrize("chapter", sorted(CHAPTERS))
def test_6_f_a_total_of_one_where_more_boxes_are_allowed_is_the_adjacent_boxes_rules(chapter: str) -> None:
    example, adjacent_rule = CHAPTERS[chapter]
    findings = _judged(_with_boxes(example, chapter, 1))
    assert [finding.rule_id for finding in findings] == [adjacent_rule]
    assert "the total given is 1" in findings[0].message
