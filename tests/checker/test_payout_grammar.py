"""One payout grammar (regulations.payout) and the rules that compare payouts by value.

The odds a test expects are the chapter texts' own: 9 to 1 for Three Card Poker (§ 633a.13(k)), 10 to 1 for the
21 Baccarat Tie (§ 681a.8(b)), 2 to 1 for Blackjack Insurance (§ 633a.13(b)); each is read from the rulebook or the
rules' fixed odds, never typed into the test a second time except as the filer's text.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from pacomply.checker.registry import Severity
from pacomply.checker.rules.chapter_633a import FIXED_ODDS as FIXED_ODDS_633A
from pacomply.checker.rules.chapter_681a import FIXED_ODDS as FIXED_ODDS_681A
from pacomply.regulations.chapter_633a import RULEBOOK as RULEBOOK_633A
from pacomply.regulations.payout import PayoutForm, compare, parse_payout
from pacomply.submissions.model import TableWager

from examples.chapters.chapter_633a import COMPLIANT_633A, blackjack_table
from examples.chapters.chapter_681a import COMPLIANT_681A, baccarat_table
from tests.checker.rule_helpers import chapter_findings

THREE_CARD_POKER = RULEBOOK_633A.paytable("three_card_poker", "633a.13(k)").rows[0].amount
TIE = next(iter(FIXED_ODDS_681A["tie"].odds))
INSURANCE = next(iter(FIXED_ODDS_633A["insurance"].odds))


@pytest.mark.parametrize(
    ("written", "form", "odds"),
    [
        ("9 to 1", PayoutForm.TO, Fraction(9)),
        ("10 for 1", PayoutForm.FOR, Fraction(9)),
        ("9:1", PayoutForm.COLON, Fraction(9)),
        ("9-1", PayoutForm.DASH, Fraction(9)),
        ("9/1", PayoutForm.FRACTION, Fraction(9)),
        ("3 to 2", PayoutForm.TO, Fraction(3, 2)),
        ("5 for 2", PayoutForm.FOR, Fraction(3, 2)),
        ("1.5 to 1", PayoutForm.TO, Fraction(3, 2)),
        ("1,000 TO 1", PayoutForm.TO, Fraction(1000)),
        ("Even Money", PayoutForm.EVEN_MONEY, Fraction(1)),
        ("  9  -  1 ", PayoutForm.DASH, Fraction(9)),
        ("9-to-1", PayoutForm.TO, Fraction(9)),
        ("10-for-1", PayoutForm.FOR, Fraction(9)),
        ("3\u2013to\u20132", PayoutForm.TO, Fraction(3, 2)),
        # Numbers in words, and words around the payout that change nothing, as a filer writes from the chapter.
        ("nine to one", PayoutForm.TO, Fraction(9)),
        ("Ten for One", PayoutForm.FOR, Fraction(9)),
        ("five to two", PayoutForm.TO, Fraction(5, 2)),
        ("one hundred to one", PayoutForm.TO, Fraction(100)),
        ("a thousand for one", PayoutForm.FOR, Fraction(999)),
        ("twenty-five to 1", PayoutForm.TO, Fraction(25)),
        ("pays 9 to 1", PayoutForm.TO, Fraction(9)),
        ("at odds of 9 to 1", PayoutForm.TO, Fraction(9)),
        ("9 to 1 odds", PayoutForm.TO, Fraction(9)),
    ],
)
def test_payout_grammar_reads_every_form_to_its_exact_value(written: str, form: PayoutForm, odds: Fraction) -> None:
    payout = parse_payout(written)
    assert payout is not None
    assert (payout.form, payout.odds) == (form, odds)
    assert payout.written == " ".join(written.split())


@pytest.mark.parametrize(
    ("written", "odds", "payout_part"),
    [
        ("1\u00bd to 1", Fraction(3, 2), "1\u00bd to 1"),
        ("\u00be to 1", Fraction(3, 4), "\u00be to 1"),
        ("Even Money (1:1)", Fraction(1), "Even Money"),
        ("3 to 2 (a natural)", Fraction(3, 2), "3 to 2"),
        ("10 for 1 (9 to 1)", Fraction(9), "10 for 1"),
        ("ten to one (10:1)", Fraction(10), "ten to one"),
    ],
)
def test_payout_grammar_reads_a_half_and_a_remark_or_restatement_in_parentheses(
    written: str, odds: Fraction, payout_part: str
) -> None:
    # A filer copying odds from a rate card writes "1½ to 1", or restates them ("Even Money (1:1)"), or remarks on
    # them ("3 to 2 (a natural)"): the payout is the one before the parentheses, described as written there.
    payout = parse_payout(written)
    assert payout is not None and payout.odds == odds and payout.written == payout_part


@pytest.mark.parametrize("text", ["2 to 1 (3 to 2)", "9 to 1 (up to $5,000)", "2\u2153 to 1", "(3 to 2)", "C (3 to 2)"])
def test_payout_grammar_reads_no_payout_from_a_contradicting_or_conditional_parenthesis(text: str) -> None:
    # Two payouts that disagree, a figure that is a condition, a third (no exact decimal), a remark alone.
    assert parse_payout(text) is None


@pytest.mark.parametrize("written", ["10 to 1 (eleven for one)", "10\u00bd to 1", "10 to 1 (the Tie)"])
def test_681a_8_b_tie_odds_with_a_remark_or_a_half_are_judged_by_their_value(written: str) -> None:
    found = _681a_tie(written)
    if "\u00bd" in written:  # 10½ to 1 overpays § 681a.8(b)'s 10 to 1
        (finding,) = found
        assert "overpayment" in finding.message and "10 to 1" in finding.message
    else:
        assert found == []


@pytest.mark.parametrize(
    "text", ["C", "DJWT-04", "633a.13(d)(1)", "2", "1 for 2", "9 to 0", "nine to none", "one", "odds", "9--1", ""]
)
def test_payout_grammar_reads_no_payout_from_a_paytable_name_or_a_non_payout(text: str) -> None:
    assert parse_payout(text) is None


def test_payout_grammar_names_under_and_over_payments() -> None:
    allowed = frozenset({Fraction(1), Fraction(3, 2)})
    assert compare(parse_payout("2 for 1"), allowed) == ""  # type: ignore[arg-type]
    assert compare(parse_payout("4:5"), allowed) == "an underpayment"  # type: ignore[arg-type]
    assert compare(parse_payout("2 to 1"), allowed) == "an overpayment"  # type: ignore[arg-type]
    assert compare(parse_payout("5 to 4"), allowed) == "a payout the chapter does not fix"  # type: ignore[arg-type]
    assert parse_payout("10 for 1").describe() == "10 for 1 (9 to 1)"  # type: ignore[union-attr]
    assert parse_payout("9 to 1").describe() == "9 to 1"  # type: ignore[union-attr]


def _633a(paytable: str, wager: str = "three_card_poker") -> list:
    table = blackjack_table("T1", wagers=(TableWager(wager=wager, paytable=paytable),))
    return [f for f in chapter_findings(COMPLIANT_633A, "633a", (table,)) if f.rule_id == "633A-007"]


@pytest.mark.parametrize("written", ["9 to 1", "10 for 1", "9:1", "9-1", "9/1"])
def test_633a_13_k_three_card_poker_odds_in_any_form(written: str) -> None:
    assert Fraction(9) == THREE_CARD_POKER
    assert _633a(written) == []


@pytest.mark.parametrize(("written", "odds", "kind"), [("9 for 1", "8 to 1", "underpayment"),
                                                       ("8:1", "8 to 1", "underpayment"),
                                                       ("10-1", "10 to 1", "overpayment")])  # fmt: skip
def test_633a_13_k_three_card_poker_wrong_odds_named_with_both_figures(written: str, odds: str, kind: str) -> None:
    (finding,) = _633a(written)
    assert finding.severity == Severity.ERROR
    assert finding.citation.short == "633a.13(k)"
    assert kind in finding.message and odds in finding.message and "9 to 1" in finding.message
    assert "paytable" not in finding.message


@pytest.mark.parametrize(("written", "fails"), [("2 to 1", False), ("3 for 1", False), ("2-1", False),
                                                ("3:2", True), ("3 to 1", True)])  # fmt: skip
def test_633a_13_b_insurance_odds_in_any_form(written: str, fails: bool) -> None:
    assert Fraction(2) == INSURANCE
    findings = _633a(written, "insurance")
    assert [f.citation.short for f in findings] == (["633a.13(b)"] if fails else [])
    assert all(f.severity == Severity.ERROR for f in findings)


def _681a_tie(written: str) -> list:
    table = baccarat_table("TB-1", wagers=(TableWager(wager="tie", paytable=written),))
    return [f for f in chapter_findings(COMPLIANT_681A, "681a", (table,)) if f.rule_id == "681A-007"]


@pytest.mark.parametrize("written", ["10 to 1", "10-1", "11 for 1", "10:1", "10/1"])
def test_681a_8_b_tie_odds_in_any_form(written: str) -> None:
    assert Fraction(10) == TIE
    assert _681a_tie(written) == []


@pytest.mark.parametrize("written", ["9-1", "10 for 1", "9 to 1"])
def test_681a_8_b_tie_underpayment_is_an_error(written: str) -> None:
    (finding,) = _681a_tie(written)
    assert finding.severity == Severity.ERROR
    assert finding.citation.short == "681a.8(b)"
    assert "underpayment" in finding.message and "9 to 1" in finding.message and "10 to 1" in finding.message


def test_633a_13_payout_written_for_a_wager_with_several_paytable_lines_is_not_a_paytable() -> None:
    (finding,) = _633a("9 to 1", "lucky_ladies")
    assert "a payout, not one of its paytables" in finding.message
    assert finding.citation.short == "633a.13(c)"


@pytest.mark.parametrize("written", ["ten to one", "Ten to One odds", "pays 10 to 1", "681a.8(b)", "§ 681a.8(b)"])
def test_681a_8_b_a_tie_payout_in_words_or_by_its_subsection_is_the_chapters_own(written: str) -> None:
    """§ 681a.8(b) fixes the Tie at 10 to 1; a filer writing from the chapter text may write those odds in words,
    framed ('pays ...', '... odds'), or cite the subsection itself: nothing is found. A subsection that fixes
    nothing for the Tie, or odds in words that underpay, are still found."""
    citation = FIXED_ODDS_681A["tie"].citation

    def findings(stated: str) -> list[str]:
        table = baccarat_table("TB-9", wagers=(TableWager(wager="tie", paytable=stated),))
        found = chapter_findings(COMPLIANT_681A, "681a", (table,))
        return [
            f"{finding.severity.value} {finding.rule_id}: {finding.message}"
            for finding in found
            if finding.rule_id == "681A-007"  # the table-wager rule; the checklist's other wagers are not at issue
        ]

    # The filer's texts above are the chapter's own odds and subsection (the rulebook's, checked here).
    assert (TIE, citation.short) == (10, "681a.8(b)")
    assert findings(written) == []
    (underpaid,) = findings("nine to one")
    assert underpaid.startswith("error") and "underpayment" in underpaid
    (other,) = findings("681a.8(c)")
    assert other.startswith("warning") and "which is not a payout" in other
