"""The coverage matrices against the chapter texts (the spec) and the rule registry.

Every lettered subsection of a chapter is either checked by named rules or given the reason it cannot be checked
from a filing; every rule named exists, every rule of the chapter is named, and every rule cites a subsection the
chapter text has.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

import pytest
from pacomply.checker.registry import chapter_rules
from pacomply.regulations.citation import RULES_SUBMISSIONS, Citation
from pacomply.regulations.coverage import (
    CoverageEntry,
    Unchecked,
    coverage_matrix,
    stray_entries,
    unmapped_subsections,
)
from pacomply.regulations.coverage.text import subsections

from pacomply import regulations

CHAPTERS = regulations.known_chapters()


def letter_level(citation: Citation) -> str:
    """'633a.12(b)(1)' → '633a.12(b)': the level the matrix maps."""
    match = re.match(r"^(\d+)(\([a-z]+\))?", citation.subsection)
    assert match is not None
    return f"{citation.chapter}.{match[1]}{match[2] or ''}"


def referenced(rule_doc: str) -> list[Citation]:
    references = rule_doc[rule_doc.index("## References") :]
    return [Citation.parse(text) for text in re.findall(r"§ (\d{3}a\.\d+(?:\([0-9a-zA-Z]+\))*) <", references)]


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_subsection_of_the_chapter_text_is_checked_or_explained(
    chapter: str, regulation_text: Callable[[str], str]
) -> None:
    text = regulation_text(chapter)
    matrix = coverage_matrix(chapter)
    assert unmapped_subsections(matrix, text) == ()
    assert stray_entries(matrix, text) == ()
    # The walk found the chapter's sections, not a handful of stray labels: every numbered section is there.
    sections = {re.match(r"\d{3}a\.(\d+)", found)[1] for found in subsections(text, chapter)}  # type: ignore[index]
    assert sections == {str(number) for number in range(1, max(map(int, sections)) + 1)}


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_walk_fails_on_a_subsection_the_matrix_leaves_out(
    chapter: str, regulation_text: Callable[[str], str]
) -> None:
    text = regulation_text(chapter)
    matrix = coverage_matrix(chapter)
    dropped = matrix.entries[len(matrix.entries) // 2]
    thinner = replace(matrix, entries=tuple(entry for entry in matrix.entries if entry is not dropped))
    assert unmapped_subsections(thinner, text) == (dropped.citation.short,)


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_mapped_rule_exists_and_every_rule_is_mapped(chapter: str) -> None:
    matrix = coverage_matrix(chapter)
    rules = chapter_rules(chapter)
    codes = {rule.code for rule in rules}
    assert matrix.rule_ids - codes == set()
    # 008 (the chapter's checklist and its tables are filed together) rests on § 601a.2 alone: it is about the
    # filing, not a subsection of the chapter. Every other rule is named at some subsection.
    filing_level = {f"{chapter.upper()}-008"}
    assert all(rule.citation == RULES_SUBMISSIONS for rule in rules if rule.code in filing_level)
    assert codes - matrix.rule_ids == filing_level


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_rule_cites_a_subsection_of_its_chapter(chapter: str, regulation_text: Callable[[str], str]) -> None:
    present = set(subsections(regulation_text(chapter), chapter)) | {
        citation.short for citation in coverage_matrix(chapter).unlabelled
    }
    for rule in chapter_rules(chapter):
        if rule.citation == RULES_SUBMISSIONS:
            continue  # the filing-wide families (006, 008, 009) rest on § 601a.2 and cite each question's section
        assert rule.citation.chapter == chapter, rule.code
        assert letter_level(rule.citation) in present, (rule.code, rule.citation.short)
        for citation in referenced(rule.doc):
            if citation.chapter == chapter:
                assert letter_level(citation) in present, (rule.code, citation.short)


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_each_rule_is_mapped_at_the_subsection_it_cites(chapter: str) -> None:
    matrix = coverage_matrix(chapter)
    for rule in chapter_rules(chapter):
        if rule.citation.chapter != chapter:
            continue
        entry = matrix.entry(Citation.parse(letter_level(rule.citation)))
        assert rule.code in entry.rule_ids, (rule.code, entry.citation.short)


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_checklist_question_is_mapped_to_the_answered_rule(chapter: str) -> None:
    matrix = coverage_matrix(chapter)
    answered = f"{chapter.upper()}-006"
    for question in regulations.rulebook(chapter).checklist:
        entry = matrix.entry(Citation.parse(letter_level(question.section)))
        assert answered in entry.rule_ids, question.key


def test_a_coverage_entry_needs_a_rule_or_a_reason() -> None:
    with pytest.raises(ValueError, match="rule ids or a reason"):
        CoverageEntry(Citation("686a", "2(b)"), "layout")
    assert CoverageEntry(Citation("686a", "2(b)"), "layout", reason=Unchecked.LAYOUT_APPROVAL).checked is False


def test_the_text_walk_reads_letters_roman_numerals_and_run_on_paytables() -> None:
    text = "\n".join(
        [
            "§ 999a.2. Things.",
            "(a) First requirement:",
            "(1) A paragraph listing:",
            "(i) A roman item.",
            "(b) Second. Hand Payout Pair 1 to 1 (c) The certificate holder shall pay.",
            "(d) Fourth, citing subsection (b) of this section.",
            "§ 999a.3. Short section without subsections.",
            "Text.",
        ]
    )
    assert subsections(text, "999a") == ("999a.2(a)", "999a.2(b)", "999a.2(c)", "999a.2(d)", "999a.3")


def test_the_text_walk_tells_a_roman_i_after_h_from_subsection_i() -> None:
    letters = [f"({letter}) Requirement {letter}." for letter in "abcdefg"]
    text = "\n".join(
        ["§ 999a.11. Completion.", *letters, "(h) A wager will:", "(1) Lose if:", "(i) One thing.", "(ii) Another.",
         "(i) The real subsection (i).", "(j) And (j)."]
    )  # fmt: skip
    found = subsections(text, "999a")
    assert found[-3:] == ("999a.11(h)", "999a.11(i)", "999a.11(j)") and len(found) == 10
