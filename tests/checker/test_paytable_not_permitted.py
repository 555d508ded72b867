"""A checklist answer selecting a paytable the chapter does not have: the finding's fix names the paytables the
chapter has (§ 687a.12(d)-(e), § 645a.13(b)), not the rule's general fix about offering the wager."""

from __future__ import annotations

import pytest
from pacomply.checker.review import review_filing
from pacomply.regulations.chapter_645a import RULEBOOK as RULEBOOK_645A
from pacomply.regulations.chapter_687a import RULEBOOK as RULEBOOK_687A
from pacomply.submissions.model import Filing

from examples.build_examples import answers
from examples.chapters.chapter_645a import COMPLIANT_645A
from examples.chapters.chapter_687a import COMPLIANT_687A


def _answering(filing: Filing, chapter: str, **overrides: object) -> Filing:
    base = {key: answer.value for key, answer in filing.chapters[chapter].answers.items()}
    base.update(overrides)
    return filing.model_copy(update={"chapters": {chapter: answers(chapter, **base)}})


@pytest.mark.parametrize(
    ("filing", "chapter", "key", "wager", "rulebook"),
    [
        (COMPLIANT_687A, "687a", "bad_beat_paytable", "bad_beat", RULEBOOK_687A),
        (COMPLIANT_687A, "687a", "trips_paytable", "trips", RULEBOOK_687A),
        (COMPLIANT_645A, "645a", "fortune_paytable", "fortune", RULEBOOK_645A),
    ],
)
def test_687a_12_and_645a_13_a_paytable_the_chapter_lacks_is_fixed_by_choosing_one_it_has(
    filing: Filing, chapter: str, key: str, wager: str, rulebook: object
) -> None:
    review = review_filing(_answering(filing, chapter, **{key: "Z-99"}))
    found = [finding for finding in review.findings if "'Z-99'" in finding.message and "permits" in finding.message]
    assert len(found) == 1, [finding.message for finding in review.findings]
    permitted = [paytable.id for paytable in rulebook.paytables_for(wager)]  # type: ignore[attr-defined]
    fix = found[0].fix
    assert all(paytable in fix for paytable in permitted), fix
    assert rulebook.wager(wager).name in fix  # type: ignore[attr-defined]
    assert "Answer Yes" not in fix


def _paytable_questions() -> list[tuple[str, str, tuple[str, ...]]]:
    """Every chapter's checklist question that selects a paytable, with the wagers it selects for, from the
    rulebooks' own data (the question's choices are the paytables the chapter prints)."""
    from pacomply.regulations.rulebook import AnswerKind

    from pacomply import regulations

    found = []
    for chapter in regulations.known_chapters():
        book = regulations.rulebook(chapter)
        for question in book.checklist:
            if question.kind == AnswerKind.PAYTABLE:
                wagers = tuple(wager for wager, key in book.paytable_questions if key == question.key)
                found.append((chapter, question.key, wagers))
    return found


def test_paytable_answers_are_drawn_from_every_chapter_that_has_them() -> None:
    assert {chapter for chapter, _key, _wagers in _paytable_questions()} == {"633a", "645a", "681a", "687a", "688a"}


@pytest.mark.parametrize(("chapter", "key", "wagers"), _paytable_questions())
def test_601a_2_a_checklist_paytable_the_chapter_lacks_is_one_error_at_the_answer_not_a_warning_at_each_table(
    chapter: str, key: str, wagers: tuple[str, ...]
) -> None:
    """The answer is checked against its question's choices in every chapter (633a had not checked it at all: a
    Royal Match 21 paytable 'Z' passed as compliant), and a table paying the wager on one of the chapter's paytables
    is not also warned that it differs from the unlawful answer: one mistake, one finding, whose fix names the
    chapter's paytables and the ones the tables pay on."""
    import importlib

    from pacomply import regulations
    from tests.checker.rule_helpers import chapter_findings

    compliant = getattr(importlib.import_module(f"examples.chapters.chapter_{chapter}"), f"COMPLIANT_{chapter.upper()}")
    book = regulations.rulebook(chapter)
    question = book.question(key)
    changed = chapter_findings(compliant, chapter, **{key: "ZZ-9"})
    findings = [finding for finding in changed if "ZZ-9" in finding.message]
    assert len(findings) == 1, [finding.message for finding in findings]
    (finding,) = findings
    assert finding.severity.value == "error"
    assert finding.citation == question.section
    assert all(choice in finding.fix for choice in question.choices), finding.fix
    for table in compliant.tables_for(chapter):
        for wager in wagers:
            offer = table.offers(wager)
            if offer is not None and offer.paytable is not None:
                assert offer.paytable in finding.fix and table.table_id in finding.fix, finding.fix
