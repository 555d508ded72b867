"""A table contradicting a checklist answer it shows is a finding, with one severity for one kind of contradiction
in every chapter.

The Board's checklists ask for a separate document when a selected option does not apply to every table, so a table
naming another (permitted) paytable than its checklist selects is a warning in every chapter; a table using what the
checklist answers No to is an error.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from pacomply.checker.registry import Severity
from pacomply.regulations.paytable_resolution import selected_text
from pacomply.regulations.rulebook import DealingMethod, Shuffler
from pacomply.submissions.model import Filing, TableWager

from examples.chapters.chapter_633a import COMPLIANT_633A
from examples.chapters.chapter_645a import COMPLIANT_645A
from examples.chapters.chapter_681a import COMPLIANT_681A
from examples.chapters.chapter_687a import COMPLIANT_687A
from examples.chapters.chapter_688a import COMPLIANT_688A
from pacomply import regulations
from tests.checker.rule_helpers import chapter_findings

SELECTIONS = [
    (COMPLIANT_633A, "633a", "royal_match", "royal_match_paytable"),
    (COMPLIANT_633A, "633a", "bet_the_set", "bet_the_set_paytable"),
    (COMPLIANT_645A, "645a", "fortune", "fortune_paytable"),
    (COMPLIANT_645A, "645a", "insurance", "insurance_paytable"),
    (COMPLIANT_681A, "681a", "bonus_player", "bonus_paytable"),
    (COMPLIANT_687A, "687a", "trips", "trips_paytable"),
    (COMPLIANT_687A, "687a", "bad_beat", "bad_beat_paytable"),
    (COMPLIANT_688A, "688a", "ace_high", "ace_high_paytable"),
    (COMPLIANT_688A, "688a", "fortune", "fortune_paytable"),
]


@pytest.mark.parametrize(
    ("compliant", "chapter", "wager", "key"), SELECTIONS, ids=[f"{s[1]}-{s[2]}" for s in SELECTIONS]
)
def test_601a_2_table_paytable_differing_from_the_checklist_is_a_warning_in_every_chapter(
    compliant: Filing, chapter: str, wager: str, key: str
) -> None:
    book = regulations.rulebook(chapter)
    table = compliant.tables_for(chapter)[0]
    selected = selected_text(compliant.chapters[chapter].value(key))
    assert selected is not None
    other = next(
        paytable.id
        for paytable in book.paytables_for(wager)
        if paytable.id.upper() != selected.upper()
        and (paytable.permitted_decks is None or table.decks in paytable.permitted_decks)
    )
    wagers = (*(w for w in table.wagers if w.wager != wager), TableWager(wager=wager, paytable=other))
    findings = chapter_findings(compliant, chapter, (table.model_copy(update={"wagers": wagers}),))
    differs = [f for f in findings if f"selects {selected}" in f.message]
    assert len(differs) == 1, [f.message for f in findings]
    assert differs[0].severity == Severity.WARNING
    assert "separate document" in (differs[0].fix or "")
    assert [f.message for f in findings if f.severity == Severity.ERROR] == []


def test_687a_12_c_table_paytable_differing_from_the_required_wager_is_the_same_warning() -> None:
    # The compliant filing's required bet is $1 (Paytable 1); a table naming Paytable 2 at its $10,000 seed differs
    # from the checklist's selection as a table naming another Trips paytable does.
    table = COMPLIANT_687A.tables_for("687a")[0]
    progressive = TableWager(wager="progressive", paytable="2")
    wagers = (*(w for w in table.wagers if w.wager != "progressive"), progressive)
    changed = table.model_copy(update={"wagers": wagers, "progressive_reset": Decimal(10000)})
    findings = chapter_findings(COMPLIANT_687A, "687a", (changed,))
    (differs,) = [f for f in findings if "selects" in f.message]
    assert differs.severity == Severity.WARNING
    assert [f.message for f in findings if f.severity == Severity.ERROR] == []


def _645a_table(**changes: object) -> tuple:
    return (COMPLIANT_645A.tables_for("645a")[0].model_copy(update=changes),)


def test_645a_3_b_table_alternating_two_decks_contradicts_a_no() -> None:
    findings = chapter_findings(COMPLIANT_645A, "645a", _645a_table(), two_decks_alternating=False)
    (finding,) = [f for f in findings if f.rule_id == "645A-011"]
    assert finding.severity == Severity.ERROR
    assert finding.citation.short == "645a.3(b)"
    question = regulations.rulebook("645a").question("two_decks_alternating").question
    assert f"“{question}”" in finding.message and "Batches 2" in finding.message


def test_645a_3_b_yes_to_two_decks_that_no_table_alternates_is_a_warning() -> None:
    # One deck, one batch with a continuous shuffler: a configuration 645a allows, with no second deck.
    table = _645a_table(batches=1, shuffler=Shuffler.CONTINUOUS)
    findings = chapter_findings(COMPLIANT_645A, "645a", table, two_decks_alternating=True, continuous_shuffler=True)
    (finding,) = [f for f in findings if f.rule_id == "645A-011"]
    assert finding.severity == Severity.WARNING


def test_645a_13_f_table_payout_limit_contradicts_a_no_to_a_limit() -> None:
    findings = chapter_findings(
        COMPLIANT_645A, "645a", _645a_table(), payout_limit_established=False, payout_limit=None, minimum_wager=None
    )
    (finding,) = [f for f in findings if f.rule_id == "645A-011"]
    assert (finding.severity, finding.citation.short) == (Severity.ERROR, "645a.13(f)")


def test_645a_13_e_2_table_reset_differing_from_the_checklist_is_a_warning() -> None:
    table = _645a_table(progressive_reset=Decimal(3000))
    (finding,) = [f for f in chapter_findings(COMPLIANT_645A, "645a", table) if f.rule_id == "645A-011"]
    assert finding.severity == Severity.WARNING
    assert "$3,000" in finding.message and "$2,500" in finding.message
    assert "separate document" in (finding.fix or "")


def test_633a_13_m_table_payout_limit_contradicts_a_no_to_a_maximum_payout() -> None:
    tables = COMPLIANT_633A.tables_for("633a")
    findings = chapter_findings(COMPLIANT_633A, "633a", tables, maximum_payout_established=False,
                                maximum_payout_amount=None)  # fmt: skip
    (finding,) = [f for f in findings if f.rule_id == "633A-011"]
    assert (finding.severity, finding.citation.short) == (Severity.ERROR, "633a.13(m)")
    assert finding.table_id == next(t.table_id for t in tables if t.payout_limit is not None)


@pytest.mark.parametrize("compliant", [COMPLIANT_633A, COMPLIANT_645A], ids=["633a", "645a"])
def test_601a_2_compliant_tables_agree_with_their_checklists(compliant: Filing) -> None:
    chapter = next(iter(compliant.chapters))
    assert [f.message for f in chapter_findings(compliant, chapter) if f.rule_id.endswith("-011")] == []


@pytest.mark.parametrize(
    ("compliant", "chapter", "wager"),
    [(COMPLIANT_633A, "633a", "lucky_ladies"), (COMPLIANT_681A, "681a", "tie"), (COMPLIANT_687A, "687a", "trips"),
     (COMPLIANT_645A, "645a", "fortune"), (COMPLIANT_688A, "688a", "ace_high")],
)  # fmt: skip
def test_601a_2_optional_wager_answered_yes_that_no_table_offers_is_a_warning(
    compliant: Filing, chapter: str, wager: str
) -> None:
    tables = tuple(
        table.model_copy(update={"wagers": tuple(w for w in table.wagers if w.wager != wager)})
        for table in compliant.tables_for(chapter)
    )
    findings = [f for f in chapter_findings(compliant, chapter, tables) if f.rule_id == f"{chapter.upper()}-011"]
    assert [(f.severity, f.citation) for f in findings] == [
        (Severity.WARNING, regulations.rulebook(chapter).question(f"{wager}_offered").section)
    ]


def test_633a_12_b_yes_to_hand_dealing_that_no_table_deals_is_a_warning() -> None:
    hand = {"dealing": DealingMethod.SHOE, "card_change_interval_hours": Decimal(8)}
    tables = tuple(
        table.model_copy(update=hand) if table.dealing == DealingMethod.HAND else table
        for table in COMPLIANT_633A.tables_for("633a")
    )
    findings = [f for f in chapter_findings(COMPLIANT_633A, "633a", tables) if f.rule_id == "633A-011"]
    assert [(f.severity, f.citation.short) for f in findings] == [(Severity.WARNING, "633a.12(b)")]


def test_687a_7_d_3_trips_offered_no_names_the_offered_question_beside_a_selected_paytable() -> None:
    findings = chapter_findings(COMPLIANT_687A, "687a", None, trips_offered=False)
    offered = [f for f in findings if f.rule_id == "687A-104" and f.severity == Severity.ERROR]
    question = regulations.rulebook("687a").question("trips_offered").question
    assert offered and all(f"“{question}”" in f.message for f in offered)
