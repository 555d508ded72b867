"""The conformance suite generated from each chapter's rulebook (``checker.conformance``).

Every filing at a boundary the rulebook allows must draw no error, and every one-step mutation past a constraint
must be an error citing that constraint's subsection, on the table it changed. The default run reviews a small
deterministic sample of each chapter; ``-m slow`` reviews every case. The payout forms and the paytable a checklist
implies are in ``test_payout_and_paytable_forms.py``.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from pacomply.checker import conformance
from pacomply.checker.conformance import ConstraintKind
from pacomply.regulations.citation import Citation
from pacomply.regulations.rulebook import AnswerKind, DealingMethod, Shuffler

from examples.build_examples import chapter_examples
from pacomply import regulations
from tests.conformance.generated import CHAPTERS, OWN_FILE_KINDS, assert_caught, assert_compliant, sample, suite

#: The kinds of constraint this file mutates; the odds forms, the decks dealt from the hand in a game and the
#: checklist's agreement with the tables have their own file.
_KINDS = tuple(kind for kind in ConstraintKind if kind not in OWN_FILE_KINDS)


def _mutations(chapter: str) -> list[conformance.Mutation]:
    return [mutation for mutation in suite(chapter).mutations if mutation.constraint.kind in _KINDS]


def _mutation_sample(chapter: str) -> list[conformance.Mutation]:
    """One mutation of each kind of constraint, chosen by the seeded sample."""
    chosen: list[conformance.Mutation] = []
    for kind in _KINDS:
        chosen += sample(chapter, [m for m in _mutations(chapter) if m.constraint.kind == kind], size=1)
    return chosen


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_boundaries_the_rulebook_allows_are_compliant_sample(chapter: str) -> None:
    for case in sample(chapter, suite(chapter).compliant):
        assert_compliant(case)


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_one_step_past_each_kind_of_constraint_is_an_error_citing_it_sample(chapter: str) -> None:
    chosen = _mutation_sample(chapter)
    assert chosen, f"{chapter}: the generator made no mutation"
    for mutation in chosen:
        assert_caught(mutation)


@pytest.mark.slow
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_boundary_the_rulebook_allows_is_compliant(chapter: str) -> None:
    for case in suite(chapter).compliant:
        assert_compliant(case)


@pytest.mark.slow
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_one_step_mutation_is_an_error_citing_its_subsection(chapter: str) -> None:
    for mutation in _mutations(chapter):
        assert_caught(mutation)


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_generated_boundaries_span_the_rulebook(chapter: str) -> None:
    """Counted from the rulebook here, independently of the generator: each permitted deck count × shuffler × way
    of dealing of each configuration (less the hand-dealt ones the chapter refuses), each paytable at each deck
    count it is permitted at, the taller marked rack, and each minimum the filing states somewhere."""
    book = regulations.rulebook(chapter)
    generated = suite(chapter)
    hand_most = regulations.chapters.chapter(chapter).hook("rulebook", "HAND_DEALING_MAX_DECKS")
    configurations = {
        (case.table_fields()["decks"], case.table_fields()["batches"], case.table_fields()["shuffler"],
         case.table_fields()["dealing"])
        for case in generated.compliant if not case.table_fields()["wagers"]
    }  # fmt: skip
    for configuration in book.deck_configurations:
        for decks in configuration.decks:
            for shuffler in configuration.shufflers:
                for dealing in book.dealing_methods:
                    if dealing == DealingMethod.HAND and shuffler == Shuffler.NONE:
                        continue  # dealing from the hand needs a shuffling device (every chapter that allows it)
                    used = decks * configuration.batches  # both batches are used in the game
                    if dealing == DealingMethod.HAND and hand_most is not None and used > hand_most:
                        continue  # the chapter caps the decks a game dealt from the hand uses
                    assert (decks, configuration.batches, shuffler, dealing) in configurations
    for case in generated.compliant:
        fields = case.table_fields()
        assert fields["betting_positions"] == book.max_betting_positions, case.name
    offered = Counter(
        (wager.wager, wager.paytable, case.table_fields()["decks"])
        for case in generated.compliant
        for wager in case.table_fields()["wagers"]  # type: ignore[attr-defined]
    )
    for paytable in book.paytables:
        for decks in paytable.permitted_decks or book.permitted_decks:
            if decks in book.permitted_decks:
                assert offered[(paytable.wager, paytable.id, decks)] >= 1, (paytable.wager, paytable.id, decks)
    if book.discard_rack_citation is not None:
        assert any(case.table_fields().get("discard_rack_mark_mm") for case in generated.compliant)
    minimum_cases = [case.name for case in generated.compliant if case.name.startswith("minimum-")]
    unstated = sum(1 for constraint in generated.unmutated if constraint.kind == ConstraintKind.MINIMUM)
    assert len(minimum_cases) == len(book.minimums) - unstated


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_constraint_of_the_rulebook_is_mutated(chapter: str) -> None:
    """Every deck configuration, interval, deck-tied paytable and minimum of the rulebook is a constraint with a
    mutation, except a minimum the filing states nowhere (no money question of its subsection, no table column)."""
    book = regulations.rulebook(chapter)
    generated = suite(chapter)
    citations = {constraint.citation for constraint in generated.constraints}
    assert {c.citation for c in book.deck_configurations} <= citations
    assert {i.citation for i in book.card_change_intervals} <= citations
    assert {p.citation for p in book.paytables if p.permitted_decks is not None} <= citations
    assert {m.citation for m in book.minimums} <= citations
    assert book.betting_positions_citation in citations
    for constraint in generated.unmutated:
        assert constraint.kind == ConstraintKind.MINIMUM, constraint
        stated = [q for q in book.checklist if q.kind == AnswerKind.MONEY and q.section == constraint.citation]
        assert not stated, f"{constraint.id} is stated by {[q.key for q in stated]} but never mutated"
    mutated = {m.constraint.id for m in (*generated.mutations, *generated.implied_mutations)}
    for constraint in generated.constraints:
        if constraint.kind == ConstraintKind.MINIMUM and constraint not in generated.unmutated:
            assert constraint.id in mutated


def test_conformance_counts_are_reported() -> None:
    """The counts the conformance suite reports: every chapter has constraints, boundaries and mutations."""
    for chapter in CHAPTERS:
        generated = suite(chapter)
        assert generated.constraints and generated.compliant and generated.mutations, chapter
        assert len({case.name for case in generated.compliant}) == len(generated.compliant), chapter
        assert len({m.case.name for m in generated.mutations}) == len(generated.mutations), chapter


def _paid_to_one(text: str) -> Fraction:
    """A written payout as odds to 1, read here independently of the checker: "X for Y" returns the stake."""
    for separator, stake_counted in ((" to ", False), (" for ", True), (":", False), ("-", False)):
        if separator in text:
            paid, against = (Fraction(part) for part in text.split(separator))
            return (paid - against if stake_counted else paid) / against
    raise AssertionError(f"no odds form in {text!r}")


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_each_odds_form_states_the_same_payout_and_a_wrong_one_is_not_permitted(chapter: str) -> None:
    generated = suite(chapter)
    for case in generated.written_odds:
        (wager,) = case.table_fields()["wagers"]  # type: ignore[misc]
        fixed = conformance.fixed_odds(chapter).get(wager.wager)
        if fixed is not None:
            assert _paid_to_one(wager.paytable) in fixed.odds, case.name
        else:
            (paytable,) = regulations.rulebook(chapter).paytables_for(wager.wager)
            assert _paid_to_one(wager.paytable) == paytable.rows[0].amount, case.name
    for mutation in generated.mutations:
        if mutation.constraint.kind != ConstraintKind.PAYOUT_ODDS:
            continue
        (wager,) = mutation.case.table_fields()["wagers"]  # type: ignore[misc]
        fixed = conformance.fixed_odds(chapter).get(wager.wager)
        permitted = (
            fixed.odds
            if fixed is not None
            else {regulations.rulebook(chapter).paytables_for(wager.wager)[0].rows[0].amount}
        )
        assert _paid_to_one(wager.paytable) not in permitted, mutation.change
        assert _paid_to_one(wager.paytable) > 0, mutation.change


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_case_is_filed_as_one_table_on_the_compliant_example(chapter: str) -> None:
    """The case's table replaces the example's tables, keeps the example's equipment beside its own, and an answer
    whose condition the case answers No is left blank."""
    template = chapter_examples()[chapter][0]
    book = regulations.rulebook(chapter)
    for case in suite(chapter).compliant:
        filed = conformance.filing(case, template)
        (table,) = filed.tables
        assert table.table_id == conformance.TABLE_ID and table.chapter == chapter
        for field, value in case.table:
            if field != "equipment":
                assert getattr(table, field) == value, (case.name, field)
        assert set(template.tables_for(chapter)[0].equipment) <= set(table.equipment), case.name
        submission = filed.chapters[chapter]
        for question in book.checklist:
            if question.depends_on is not None and submission.value(question.depends_on) is False:
                assert submission.value(question.key) is None, (case.name, question.key)


def _differences(first: conformance.Case, second: conformance.Case) -> set[str]:
    tables, answers = (dict(first.table), dict(second.table)), (dict(first.answers), dict(second.answers))
    return {f for f in tables[0].keys() | tables[1].keys() if tables[0].get(f) != tables[1].get(f)} | {
        f"answer {key}" for key in answers[0].keys() | answers[1].keys() if answers[0].get(key) != answers[1].get(key)
    }


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_each_mutation_is_one_step_from_a_compliant_case(chapter: str) -> None:
    """A mutation differs from its nearest compliant case in the field it breaks plus at most two that go with it:
    the rack kept at the stack's height when the decks change, the checklist answer stating the same thing, the
    companion place of a minimum (the checklist's amount and the table's column)."""
    generated = suite(chapter)
    lawful = (*generated.compliant, *generated.written_odds)
    for mutation in generated.mutations:
        nearest = min((_differences(mutation.case, case) for case in lawful), key=len)
        assert 1 <= len(nearest) <= 3, (mutation.case.name, sorted(nearest))


def test_a_paragraph_is_within_its_subsection_and_nothing_else() -> None:
    """§ 633a.3(b)(1) is within § 633a.3(b); § 645a.13(e)(2) is not within § 645a.1 though its text begins so, and a
    subsection is not within its own paragraph."""
    cite = Citation.parse
    assert conformance.within(cite("633a.3(b)(1)"), cite("633a.3(b)"))
    assert conformance.within(cite("633a.3(b)"), cite("633a.3(b)"))
    assert not conformance.within(cite("645a.13(e)(2)"), cite("645a.1"))
    assert not conformance.within(cite("633a.3(b)"), cite("633a.3(b)(1)"))
    assert not conformance.within(cite("633a.3(b)(1)"), cite("685a.3(b)"))
