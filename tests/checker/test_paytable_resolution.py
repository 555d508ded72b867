"""One paytable resolution for every wager (regulations.paytable_resolution): the table's own entry, else the
checklist's choice (by its paytable answer, or by the required wager where the chapter ties them), else the wager's only
paytable, else the one the deck count fixes; the findings say which paytable and how it was resolved.

The seeds and wagers compared are the rulebook's own (§ 687a.12(c): Paytable 1 a $1 wager seeded at $2,000,
Paytable 2 a $5 wager seeded at $10,000), read from the chapter module, never typed in here.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

from pacomply.checker.registry import Severity
from pacomply.checker.review import configured_wager_math
from pacomply.checker.rules.chapter_687a import PAYTABLES_BY_AMOUNT
from pacomply.regulations.chapter_633a import RULEBOOK as RULEBOOK_633A
from pacomply.regulations.chapter_687a import PROGRESSIVE_SEED, PROGRESSIVE_WAGER
from pacomply.regulations.chapter_687a import RULEBOOK as RULEBOOK_687A
from pacomply.regulations.paytable_resolution import Resolution, resolve_paytable
from pacomply.submissions.model import TableWager

from examples.build_examples import answers
from examples.chapters.chapter_687a import COMPLIANT_687A, dj_wild_table
from tests.checker.rule_helpers import chapter_findings

FIVE_DOLLAR_PAYTABLE = next(paytable for paytable, amount in PROGRESSIVE_WAGER.items() if amount == Decimal(5))
ONE_DOLLAR_PAYTABLE = next(paytable for paytable, amount in PROGRESSIVE_WAGER.items() if amount == Decimal(1))


def _unnamed_progressive(reset: Decimal) -> tuple:
    wagers = (TableWager(wager="trips", paytable="DJWT-04"), TableWager(wager="progressive"))
    return (dj_wild_table("DJ-1", wagers=wagers, progressive_reset=reset),)


def test_687a_12_c_progressive_paytable_selected_by_the_required_wager() -> None:
    tables = _unnamed_progressive(PROGRESSIVE_SEED[FIVE_DOLLAR_PAYTABLE])
    findings = chapter_findings(COMPLIANT_687A, "687a", tables, progressive_wager_amount=Decimal(5))
    assert [f"{f.rule_id}: {f.message}" for f in findings if f.severity == Severity.ERROR] == []


def test_687a_12_c_reset_below_the_seed_of_the_paytable_the_required_wager_selects() -> None:
    # The $5 required wager selects Paytable 2, seeded at $10,000; a $2,000 reset (Paytable 1's seed) is short.
    short = PROGRESSIVE_SEED[ONE_DOLLAR_PAYTABLE]
    assert short < PROGRESSIVE_SEED[FIVE_DOLLAR_PAYTABLE]
    findings = chapter_findings(COMPLIANT_687A, "687a", _unnamed_progressive(short), progressive_wager_amount=5)
    errors = [f for f in findings if f.severity == Severity.ERROR]
    assert [f.rule_id for f in errors] == ["687A-105"]
    (reset,) = errors
    assert reset.citation.short == "687a.12(c)"
    assert f"${short:,}" in reset.message and f"${PROGRESSIVE_SEED[FIVE_DOLLAR_PAYTABLE]:,}" in reset.message
    assert f"paytable {FIVE_DOLLAR_PAYTABLE} (selected by the checklist's required wager" in reset.message


def test_687a_12_c_progressive_without_a_paytable_or_a_required_wager_is_named_as_unresolved() -> None:
    findings = chapter_findings(
        COMPLIANT_687A, "687a", _unnamed_progressive(Decimal(10000)), progressive_wager_amount=None
    )
    (unresolved,) = [f for f in findings if f.rule_id == "687A-007"]
    asked = f"“{RULEBOOK_687A.question('progressive_wager_amount').question}”"
    assert asked in unresolved.message and "progressive_wager_amount" not in unresolved.message


def test_paytable_resolution_order_table_checklist_amount_only_decks() -> None:
    def answer_with(**values: object):
        return lambda key: values.get(key)

    def resolve(book, wager, named, decks, **values):  # type: ignore[no-untyped-def]
        return resolve_paytable(book, wager, named, decks, answer_with(**values), PAYTABLES_BY_AMOUNT)

    named = resolve(RULEBOOK_633A, "royal_match", "D", 6, royal_match_paytable="C")
    assert (named.paytable.id, named.resolution) == ("D", Resolution.TABLE)
    chosen = resolve(RULEBOOK_633A, "royal_match", None, 6, royal_match_paytable="C")
    assert (chosen.paytable.id, chosen.resolution) == ("C", Resolution.CHECKLIST)
    by_amount = resolve(RULEBOOK_687A, "progressive", None, 1, progressive_wager_amount="$5")
    assert (by_amount.paytable.id, by_amount.resolution) == (FIVE_DOLLAR_PAYTABLE, Resolution.REQUIRED_WAGER)
    only = resolve(RULEBOOK_633A, "lucky_ladies", None, 6)
    assert only.resolution == Resolution.ONLY
    by_decks = resolve(RULEBOOK_633A, "match_the_dealer", None, 8)
    assert (by_decks.paytable.id, by_decks.resolution) == ("633a.13(d)(2)", Resolution.DECKS)
    assert resolve(RULEBOOK_633A, "royal_match", None, 6) is None
    odds = resolve(RULEBOOK_633A, "three_card_poker", "10 for 1", 6)
    assert (odds.paytable.id, odds.resolution) == ("633a.13(k)", Resolution.ODDS)


def test_687a_12_c_review_prices_the_progressive_on_the_paytable_the_required_wager_selects() -> None:
    base = {key: answer.value for key, answer in COMPLIANT_687A.chapters["687a"].answers.items()}
    filing = COMPLIANT_687A.model_copy(
        update={
            "chapters": {"687a": answers("687a", **(base | {"progressive_wager_amount": Decimal(5)}))},
            "tables": _unnamed_progressive(PROGRESSIVE_SEED[FIVE_DOLLAR_PAYTABLE]),
        }
    )
    progressive = [math for math in configured_wager_math(filing, wager="progressive")]
    assert {math.paytable for math in progressive} == {FIVE_DOLLAR_PAYTABLE}


def test_685a_11_c_a_table_names_a_match_the_dealer_paytable_by_its_deck_count_or_subsection_in_any_form() -> None:
    """§ 685a.11(c) prints one Match-the-Dealer paytable for six decks and one for eight, and ties each to its deck
    count. A filer writing from the chapter text names them as they read it: '6-deck', 'six decks', 'Six Deck', or
    by the subsection that prints them, which at a six-deck table can mean only the six-deck one. Each resolves to
    the rulebook's paytable for that count; a count the chapter has no paytable for, or the subsection at a deck
    count it prints none for, resolves to nothing (and is reported as before)."""
    from pacomply.regulations.chapter_685a import RULEBOOK as RULEBOOK_685A

    paytables = RULEBOOK_685A.paytables_for("match_the_dealer")
    by_decks = {next(iter(paytable.permitted_decks or ())): paytable for paytable in paytables}
    assert sorted(by_decks) == [6, 8]
    citation = paytables[0].citation
    spelled = {6: "six", 8: "eight"}
    for decks, paytable in by_decks.items():
        for written in (f"{decks}-deck", f"{spelled[decks]} decks", f"{spelled[decks].title()} Deck",
                        f"the {decks} deck paytable", f"for {spelled[decks]} decks"):  # fmt: skip
            resolved = resolve_paytable(RULEBOOK_685A, "match_the_dealer", written, decks, lambda _key: None)
            assert resolved is not None and resolved.paytable == paytable, written
            assert resolved.resolution == Resolution.TABLE
        for written in (citation.short, f"§ {citation.short}", str(citation)):
            resolved = resolve_paytable(RULEBOOK_685A, "match_the_dealer", written, decks, lambda _key: None)
            assert resolved is not None and resolved.paytable == paytable, written
    assert resolve_paytable(RULEBOOK_685A, "match_the_dealer", "seven decks", 6, lambda _key: None) is None
    assert resolve_paytable(RULEBOOK_685A, "match_the_dealer", citation.short, 4, lambda _key: None) is None


def test_685a_11_c_a_table_naming_a_deck_count_paytable_in_words_is_compliant() -> None:
    """The whole review of the example filing with its six-deck table's Match-the-Dealer paytable written 'Six
    Deck': nothing is found that the example (which writes the paytable's id) does not find."""
    from examples.chapters.chapter_685a import COMPLIANT_685A

    table = next(table for table in COMPLIANT_685A.tables if table.decks == 6 and table.wagers)
    renamed = table.model_copy(
        update={"wagers": tuple(TableWager(wager=w.wager, paytable="Six Deck") for w in table.wagers)}
    )
    tables = tuple(renamed if other is table else other for other in COMPLIANT_685A.tables)
    assert chapter_findings(COMPLIANT_685A, "685a", tables) == chapter_findings(
        COMPLIANT_685A, "685a", COMPLIANT_685A.tables
    )


def test_687a_12_d_a_trips_paytable_spelled_another_way_is_the_chapters_at_the_table_and_in_the_checklist() -> None:
    """§ 687a.12(d) names its Trips paytables DJWT-04 to DJWT-07. A filing that writes 'DJWT-4', 'djwt 04' or
    'Paytable DJWT-04' (a JSON filing is not passed through the workbook reader's clean-up) means DJWT-04: the
    filing model holds the chapter's id, at the table and in the checklist answer, so no rule sees a paytable the
    chapter lacks or a table that differs from the checklist. A name matching none stays as written."""
    from pacomply.submissions.model import Filing

    chapter = COMPLIANT_687A.chapters["687a"]
    permitted = [paytable.id for paytable in RULEBOOK_687A.paytables_for("trips")]
    assert "DJWT-04" in permitted
    for written in ("DJWT-4", "djwt 04", "Paytable DJWT-04"):
        document = json.loads(COMPLIANT_687A.model_dump_json())
        answer = document["chapters"]["687a"]["answers"]["trips_paytable"]
        answer["value"] = answer["text"] = written.lower()
        for table in document["tables"]:
            for wager in table["wagers"]:
                if wager["wager"] == "trips":
                    wager["paytable"] = written
        filing = Filing.model_validate(document)
        assert filing.chapters["687a"].value("trips_paytable") == "DJWT-04"
        assert filing.chapters["687a"].answers["trips_paytable"].text == written.lower()  # as written
        assert {table.offers("trips").paytable for table in filing.tables if table.offers("trips")} == {"DJWT-04"}
        findings = chapter_findings(filing, "687a")
        assert [f.rule_id for f in findings if f.severity != Severity.INFO] == [
            f.rule_id for f in chapter_findings(COMPLIANT_687A, "687a") if f.severity != Severity.INFO
        ]
    assert chapter.value("trips_paytable") == "DJWT-04"
    kept = dj_wild_table("DJ-9", wagers=(TableWager(wager="trips", paytable="DJWT-9"),))
    assert kept.offers("trips").paytable == "DJWT-9"


def test_687a_12_d_a_table_paytable_the_chapter_lacks_is_one_error_not_also_a_difference_from_the_checklist() -> None:
    """A table paying the Trips on 'DJWT-9' (no paytable of § 687a.12(d)) is the table-wager error; it is not also
    warned that it differs from the checklist's DJWT-04, whose fix would ask it to follow the checklist or explain.
    A table on DJWT-05, one of the chapter's, is still warned that it differs."""
    def found(paytable: str) -> list[str]:
        table = dj_wild_table("DJ-9", wagers=(TableWager(wager="trips", paytable=paytable),))
        findings = chapter_findings(COMPLIANT_687A, "687a", (table,), trips_paytable="DJWT-04")
        return sorted(f"{f.severity.value} {f.rule_id}" for f in findings if f.table_id == "DJ-9")

    assert found("DJWT-9") == ["error 687A-007"]
    assert "warning 687A-104" in found("DJWT-05")


def test_687a_12_d_a_json_filing_answering_the_trips_paytable_in_another_spelling_is_read(tmp_path: Path) -> None:
    """The JSON reader checks that an answer's text and value say the same; 'djwt 4' and 'DJWT-04' are one paytable,
    so a filing writing 'djwt 4' as both (or as text alone) is read, with the chapter's id as the value and the
    text as written, where it was refused (exit 2) as a text and value that disagree."""
    from pacomply.submissions import read_filing

    for given in ({"text": "djwt 4", "value": "djwt 4"}, {"text": "djwt 4", "value": None}):
        document = json.loads(COMPLIANT_687A.model_dump_json())
        document["chapters"]["687a"]["answers"]["trips_paytable"].update(given)
        path = tmp_path / "687a.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        answer = read_filing(path).chapters["687a"].answers["trips_paytable"]
        assert (answer.value, answer.text) == ("DJWT-04", "djwt 4"), given


def test_685a_6_e_a_match_the_dealer_subsection_at_four_decks_is_fixed_by_the_decks_it_is_offered_with() -> None:
    """§ 685a.11(c) prints no Match-the-Dealer paytable for four decks (§ 685a.6(e) offers the wager with six or
    eight). A four-deck table writing '§ 685a.11(c)' names none; the fix says to offer the wager only at the deck
    counts it has paytables for, or to remove it, where it listed 'none at its decks' as the paytables to name."""
    from pacomply.regulations.chapter_685a import RULEBOOK as RULEBOOK_685A

    from examples.chapters.chapter_685a import COMPLIANT_685A, down_under_table

    table = down_under_table("DU-9", decks=4, wagers=(TableWager(wager="match_the_dealer", paytable="§ 685a.11(c)"),))
    (finding,) = [f for f in chapter_findings(COMPLIANT_685A, "685a", (table,)) if f.rule_id == "685A-007"]
    offered = sorted(RULEBOOK_685A.decks_for("match_the_dealer"))
    assert offered == [6, 8]
    assert finding.fix.startswith("Offer the Match-the-Dealer Wager only at a table dealt with 6 or 8 decks")
    assert "table DU-9" in finding.fix and "none at its decks" not in finding.fix
