"""Payouts written in every odds form, and a paytable the checklist implies, generated from the rulebooks.

A wager priced by its odds (one the chapter pays at fixed odds, or whose only paytable is one line of odds) may be
written in the Wagers column as "X to Y", "X for Y" (the stake counted), "X:Y" or "X-Y": the right payout in any
form is compliant, and a wrong one in any form is an error citing the subsection fixing the odds that names both
payouts. A progressive whose paytable is decided by the wager amount the checklist states is paid on that
paytable when the table names none, and its seed is held to that paytable's minimum. A game dealt from the hand
counts the decks of both batches where two alternate (both are used in the game). A checklist answer the Tables
sheet shows (the shuffler, the way of dealing, the decks, a wager offered, the kind of rack) answered against a
table is an error citing the question's subsection; a table naming a paytable other than the one the checklist
selects is reported citing the paytable question's subsection, with one severity in every chapter.
"""

from __future__ import annotations

import pytest
from pacomply.checker import conformance
from pacomply.checker.conformance import ConstraintKind
from pacomply.checker.registry import Severity
from pacomply.regulations.rulebook import odds_text

from tests.conformance.generated import CHAPTERS, assert_caught, assert_compliant, review, suite, within


def _odds_mutations() -> list[conformance.Mutation]:
    return [
        m for chapter in CHAPTERS for m in suite(chapter).mutations if m.constraint.kind == ConstraintKind.PAYOUT_ODDS
    ]


def _right_payouts(mutation: conformance.Mutation) -> tuple[str, ...]:
    """The payouts the constraint allows, as the chapters write them ("9 to 1")."""
    from pacomply.checker.conformance import fixed_odds

    wager_id = mutation.constraint.id.removeprefix("odds:")
    fixed = fixed_odds(mutation.case.chapter).get(wager_id)
    if fixed is not None:
        return tuple(odds_text(value) for value in sorted(fixed.odds))
    from pacomply import regulations

    (paytable,) = regulations.rulebook(mutation.case.chapter).paytables_for(wager_id)
    return (paytable.rows[0].payout_text(),)


@pytest.mark.parametrize(
    "case",
    [case for chapter in CHAPTERS for case in suite(chapter).written_odds],
    ids=lambda case: f"{case.chapter}-{case.name}",
)
def test_right_payout_in_every_odds_form_is_compliant(case: conformance.Case) -> None:
    assert_compliant(case)


@pytest.mark.parametrize("mutation", _odds_mutations(), ids=lambda m: f"{m.case.chapter}-{m.case.name}")
def test_wrong_payout_in_every_odds_form_is_an_error_naming_both_payouts(mutation: conformance.Mutation) -> None:
    hits = assert_caught(mutation)
    (written,) = [wager.paytable for wager in mutation.case.table_fields()["wagers"]]  # type: ignore[attr-defined]
    right = _right_payouts(mutation)
    assert any(written in hit.message and any(payout in hit.message for payout in right) for hit in hits), (
        f"{mutation.case.chapter} {mutation.change}: the error must name the payout written ({written}) and the "
        f"chapter's ({' or '.join(right)}):\n" + "\n".join(hit.message for hit in hits)
    )


@pytest.mark.parametrize(
    "case",
    [case for chapter in CHAPTERS for case in suite(chapter).implied_paytables],
    ids=lambda case: f"{case.chapter}-{case.name}",
)
def test_paytable_implied_by_the_checklist_is_compliant(case: conformance.Case) -> None:
    assert_compliant(case)


@pytest.mark.parametrize(
    "mutation",
    [mutation for chapter in CHAPTERS for mutation in suite(chapter).implied_mutations],
    ids=lambda m: f"{m.case.chapter}-{m.case.name}",
)
def test_seed_below_the_implied_paytables_minimum_is_an_error(mutation: conformance.Mutation) -> None:
    hits = assert_caught(mutation)
    reset = mutation.case.table_fields()["progressive_reset"]
    assert any(f"{reset:,}" in hit.message for hit in hits), (
        f"{mutation.case.chapter} {mutation.change}: the error must be about the ${reset:,} reset:\n"
        + "\n".join(hit.message for hit in hits)
    )


@pytest.mark.parametrize(
    "mutation",
    [
        mutation
        for chapter in CHAPTERS
        for mutation in suite(chapter).mutations
        if mutation.constraint.kind == ConstraintKind.HAND_DECKS_PER_GAME
    ],
    ids=lambda m: f"{m.case.chapter}-{m.case.name}",
)
def test_decks_dealt_from_the_hand_are_counted_per_game(mutation: conformance.Mutation) -> None:
    assert_caught(mutation)


@pytest.mark.parametrize(
    "mutation",
    [
        mutation
        for chapter in CHAPTERS
        for mutation in suite(chapter).mutations
        if mutation.constraint.kind == ConstraintKind.CHECKLIST_AGREES
    ],
    ids=lambda m: f"{m.case.chapter}-{m.case.name}",
)
def test_checklist_answer_against_the_tables_is_an_error(mutation: conformance.Mutation) -> None:
    assert_caught(mutation)


def _paytable_disagreements() -> list[conformance.Mutation]:
    """A table naming another permitted paytable, or using another permitted deck count, than the checklist
    selects: the same contradiction of a selection, judged alike."""
    return [
        mutation
        for chapter in CHAPTERS
        for mutation in suite(chapter).mutations
        if mutation.constraint.kind in (ConstraintKind.PAYTABLE_AGREES, ConstraintKind.SELECTION_AGREES)
    ]


@pytest.mark.parametrize("mutation", _paytable_disagreements(), ids=lambda m: f"{m.case.chapter}-{m.case.name}")
def test_table_paytable_other_than_the_checklists_is_reported_citing_the_paytable_question(
    mutation: conformance.Mutation,
) -> None:
    reported = [
        finding
        for finding in review(mutation.case).findings
        if finding.severity in (Severity.ERROR, Severity.WARNING)
        and within(finding.citation, mutation.citation)
        and finding.table_id == conformance.TABLE_ID
    ]
    assert reported, f"{mutation.case.chapter} {mutation.change}: not reported citing {mutation.citation.short}"


def test_table_paytable_other_than_the_checklists_has_one_severity_in_every_chapter() -> None:
    """The same contradiction is judged alike whatever the chapter: one severity for every chapter's finding."""
    severities: dict[str, set[str]] = {}
    for mutation in _paytable_disagreements():
        for finding in review(mutation.case).findings:
            if (
                finding.table_id == conformance.TABLE_ID
                and finding.severity in (Severity.ERROR, Severity.WARNING)
                and within(finding.citation, mutation.citation)
            ):
                severities.setdefault(finding.severity.value, set()).add(mutation.case.chapter)
    assert len(severities) == 1, f"severities by chapter: { {s: sorted(c) for s, c in severities.items()} }"


def test_633a_13_g_3_a_differing_paytable_cites_the_paragraph_of_the_paytable_the_table_names() -> None:
    """Bet the Set 21's paytable C is § 633a.13(g)(3): a table naming it against the checklist's D is cited there,
    not at the wager's first paytable (g)(1)."""
    from pacomply import regulations

    book = regulations.rulebook("633a")
    cited = {}
    for mutation in suite("633a").mutations:
        if mutation.constraint.kind != ConstraintKind.PAYTABLE_AGREES:
            continue
        named_id = mutation.change.split()[2].rstrip(",")
        wager_id = mutation.constraint.id.split(":", 1)[1]
        named = next(p for p in book.paytables_for(wager_id) if p.id == named_id)
        findings = [f for f in review(mutation.case).findings if f.table_id == conformance.TABLE_ID
                    and f.rule_id == "633A-107"]  # fmt: skip
        assert findings, mutation.change
        cited[wager_id] = (findings[0].citation, named.citation)
    assert cited, "the suite files no 633a paytable disagreement"
    for wager_id, (citation, expected) in cited.items():
        assert citation == expected, f"{wager_id}: cited {citation}, the named paytable is {expected}"
