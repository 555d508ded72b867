"""687A-106: paytables whose figures rest on a reading are pointed out to the reviewer (info, never an error)."""

from __future__ import annotations

from pacomply.checker.registry import Severity
from pacomply.checker.review import review_filing
from pacomply.regulations.chapter_687a import RULEBOOK
from pacomply.submissions.model import TableWager

from examples.chapters.chapter_687a import COMPLIANT_687A


def _with_wagers(*wagers: TableWager):  # type: ignore[no-untyped-def]
    tables = tuple(table.model_copy(update={"wagers": wagers}) for table in COMPLIANT_687A.tables)
    return COMPLIANT_687A.model_copy(update={"tables": tables})


def test_687a_12_d_106_djwt_07_names_its_reading() -> None:
    review = review_filing(_with_wagers(TableWager(wager="trips", paytable="DJWT-07")))
    found = [f for f in review.findings if f.rule_id == "687A-106"]
    assert {f.table_id for f in found} == {table.table_id for table in COMPLIANT_687A.tables}
    choice = RULEBOOK.reading("687a-djwt-07-three-of-a-kind").choice  # the reading, quoted in words, not its id
    assert all(f.severity == Severity.INFO and f.message.endswith(choice) for f in found)


def test_687a_11_f_3_106_bad_beat_names_its_reading() -> None:
    review = review_filing(_with_wagers(TableWager(wager="bad_beat", paytable="DJWBB-03")))
    choice = RULEBOOK.reading("687a-bad-beat").choice
    assert any(f.rule_id == "687A-106" and f.message.endswith(choice) for f in review.findings)


def test_687a_106_other_paytables_need_no_reading() -> None:
    review = review_filing(_with_wagers(TableWager(wager="trips", paytable="DJWT-04")))
    assert not [f for f in review.findings if f.rule_id == "687A-106"]
