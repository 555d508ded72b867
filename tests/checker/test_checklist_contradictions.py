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
from pacomply.checker.rules.paytables import selected_text
from pacomply.submissions.model import Filing, TableWager

from examples.build_examples import COMPLIANT_633A, COMPLIANT_645A, COMPLIANT_681A, COMPLIANT_687A, COMPLIANT_688A
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
