"""A filing written from the chapter text, in the chapter's own words rather than pacomply's ids, reads as the
example that writes the ids: the wagers by the names the chapter gives them, the paytables as the chapter prints
them (with the label it prints after a name, in words, after the subsection that prints them), the dealing method,
shuffler and equipment in the chapter's terms, and money as a filer types it.

Every expectation is the compliant example's own review (examples/chapters/chapter_688a.py), reviewed the same
way; nothing is typed in but the words a filer would write.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pacomply.checker.registry import Severity
from pacomply.regulations.chapter_688a import RULEBOOK as RULEBOOK_688A
from pacomply.regulations.paytable_resolution import paytable_answer_written, paytable_id_written
from pacomply.regulations.rulebook import DealingMethod, Equipment, Shuffler
from pacomply.submissions import read_filing
from pacomply.submissions.errors import InputError

from examples.chapters.chapter_688a import COMPLIANT_688A
from tests.checker.rule_helpers import chapter_findings


def _findings_of(filing) -> list[str]:
    return sorted(f"{f.severity.value} {f.rule_id} {f.table_id}" for f in chapter_findings(filing, "688a"))


def _written(tmp_path: Path, edit) -> Path:
    document = json.loads(COMPLIANT_688A.model_dump_json())
    edit(document)
    path = tmp_path / "688a-in-the-chapters-words.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_688a_7_e_a_json_table_naming_the_optional_wagers_as_the_chapter_does_is_the_example(tmp_path: Path) -> None:
    """§ 688a.7(e) names the optional wagers 'Ace High Bonus Wager', 'Fortune Bonus Wager' and 'Progressive Payout
    Wager'. A JSON table writing those names (or them without 'Wager') was three errors, 'not a Face Up Pai Gow Poker
    wager', where the workbook reader took the same names: the filing model now maps a chapter's wager names to its
    ids for every reader."""
    names = {wager.id: wager.name for wager in RULEBOOK_688A.wagers if not wager.required}

    def by_name(document: dict) -> None:
        for table in document["tables"]:
            for number, wager in enumerate(table["wagers"]):
                name = names[wager["wager"]]
                wager["wager"] = name.upper() if number % 2 else name.removesuffix(" Wager")

    filing = read_filing(_written(tmp_path, by_name))
    assert {wager.wager for table in filing.tables for wager in table.wagers} <= set(names)
    assert _findings_of(filing) == _findings_of(COMPLIANT_688A)


def test_688a_7_e_a_wager_the_chapter_lacks_is_named_in_the_chapters_words_with_its_fix() -> None:
    """A wager the chapter does not define is still an error; the message and the fix name the chapter's optional
    wagers as the chapter does (the names a filer can now write), not by pacomply's ids."""
    from pacomply.submissions.model import TableWager

    table = COMPLIANT_688A.tables[0].model_copy(update={"wagers": (TableWager(wager="dragon_bonus"),)})
    (finding,) = [f for f in chapter_findings(COMPLIANT_688A, "688a", (table,)) if f.severity == Severity.ERROR]
    optional = [wager for wager in RULEBOOK_688A.wagers if not wager.required]
    for wager in optional:
        assert wager.name in finding.message and wager.name in finding.fix
    assert "ace_high," not in finding.message


@pytest.mark.parametrize(
    ("key", "written"),
    [
        ("ace_high_paytable", "Paytable Two"),
        ("fortune_paytable", "Paytable One"),
        ("progressive_paytable", "§ 688a.12(d) Paytable 4"),
        ("progressive_paytable", "58 Pa. Code § 688a.12(d): 4"),
        ("progressive_paytable", "Paytable 4 ($5 wager)"),
    ],
)
def test_688a_12_a_paytable_answer_as_the_chapter_prints_it_names_that_paytable(key: str, written: str) -> None:
    """§ 688a.12(b)-(d) print 'Paytable 1' … 'Paytable 7', paytable 4 of (d) labelled '($5 wager)'. An answer in
    words, with that label, or after the subsection that prints the paytables names the paytable; each was an error,
    'the chapter permits 1, 2, …'. The id each resolves to is the example's own answer."""
    assert paytable_answer_written("688a", key, written) == COMPLIANT_688A.chapters["688a"].value(key)


@pytest.mark.parametrize(
    ("key", "written"),
    [
        ("progressive_paytable", "§ 688a.12(c) Paytable 4"),  # the Fortune Bonus's subsection, not the progressive's
        ("progressive_paytable", "Paytable Nine"),
        ("fortune_paytable", "Paytable 4 ($5 wager) and 5"),
    ],
)
def test_688a_12_a_paytable_answer_naming_none_of_the_chapters_stays_as_written(key: str, written: str) -> None:
    """A paytable cited from another subsection, a number the chapter has no paytable for, or two names at once
    name none of the chapter's paytables: the answer stays as written, for the rules to report."""
    assert paytable_answer_written("688a", key, written) is None


def test_688a_12_d_a_table_paytable_with_the_chapters_label_or_subsection_is_that_paytable() -> None:
    """A table's entry 'Paytable 4 ($5 wager)' or '§ 688a.12(d) Paytable 4' is paytable 4 of § 688a.12(d)."""
    for written in ("Paytable 4 ($5 wager)", "§ 688a.12(d) Paytable 4", "Paytable Four"):
        assert paytable_id_written("688a", "progressive", written, 1) == "4", written
    assert paytable_id_written("688a", "progressive", "§ 688a.12(b) Paytable 4", 1) is None


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("Automated Dealing Shoe", DealingMethod.AUTOMATED_SHOE),
        ("a manual dealing shoe", DealingMethod.SHOE),
        ("From the dealer's hand", DealingMethod.HAND),
        ("Double shoe", DealingMethod.DOUBLE_SHOE),
        ("Automated card shuffling device", Shuffler.AUTOMATED),
        ("Continuous shuffler", Shuffler.CONTINUOUS),
        ("shuffled by hand", Shuffler.NONE),
        ("Computerized random number generator", Equipment.RNG),
        ("Three dice and a Pai Gow shaker", Equipment.SHAKER),
        ("Progressive table game system", Equipment.PROGRESSIVE_SYSTEM),
        ("Masque card reader", Equipment.MASQUE_CARD_READER),
        ("card reader device", Equipment.CARD_READER),
    ],
)
def test_688a_10_a_equipment_and_dealing_in_the_chapters_terms_are_read(written: str, read) -> None:
    """The chapters name the dealing methods, shufflers and equipment ('automated dealing shoe', § 688a.10(a);
    'automated card shuffling device', § 688a.3(b); 'a computerized random number generator' and 'three dice and a
    Pai Gow shaker', § 688a.2(c)); a filing writing those terms means pacomply's value."""
    assert type(read)(written) is read


def test_688a_10_a_json_table_in_the_chapters_terms_and_typed_money_is_the_example(tmp_path: Path) -> None:
    """A JSON table writing 'Automated Dealing Shoe', 'Automated card shuffling device', the chapter's names for
    its equipment and '$10,000.00' for its progressive reset was refused (exit 2: 'Input should be …'); it reads
    as the example does."""

    def in_words(document: dict) -> None:
        table = document["tables"][0]
        table["dealing"] = "Automated Dealing Shoe"
        table["shuffler"] = "Automated card shuffling device"
        table["equipment"] = ["Computerized random number generator", "Progressive table game system"]
        table["progressive_reset"] = f"${COMPLIANT_688A.tables[0].progressive_reset:,.2f}"

    filing = read_filing(_written(tmp_path, in_words))
    expected = COMPLIANT_688A.tables[0]
    (table,) = filing.tables
    assert (table.dealing, table.shuffler, table.equipment, table.progressive_reset) == (
        expected.dealing,
        expected.shuffler,
        expected.equipment,
        expected.progressive_reset,
    )
    assert _findings_of(filing) == _findings_of(COMPLIANT_688A)


def test_688a_10_a_a_dealing_method_no_chapter_names_is_refused_where_it_is_written(tmp_path: Path) -> None:
    """A term the chapters do not use is still refused, at its JSON path, naming what is expected; a money field
    that is no amount likewise."""

    def wrong(document: dict) -> None:
        document["tables"][0]["dealing"] = "robot arm"
        document["tables"][0]["progressive_reset"] = "ten grand"

    with pytest.raises(InputError) as refused:
        read_filing(_written(tmp_path, wrong))
    text = str(refused.value)
    assert "tables[0].dealing" in text and "automated shoe" in text
    assert "tables[0].progressive_reset" in text and "ten grand" in text


def test_645a_7_e_a_wagers_cell_with_paytables_in_parentheses_and_commas_is_the_example(tmp_path: Path) -> None:
    """A Tables sheet's Wagers cell written as a filer lists wagers, 'Fortune Bonus Wager (Paytable A), Pai Gow
    Insurance (Paytable B), Progressive Payout Wager' (or 'Fortune: A'), was read as one wager named 'Fortune Bonus
    Wager (Paytable A), Pai Gow …' (an error, not a Pai Gow Poker wager); it is the example's 'fortune=A;
    insurance=B; progressive'. A paytable that is itself a subsection keeps its own parentheses."""
    import openpyxl

    from tests.conftest import EXAMPLES

    example = EXAMPLES / "645a-compliant.xlsx"
    workbook = openpyxl.load_workbook(example)
    sheet = workbook["Tables"]
    assert (sheet["L2"].value, sheet["L3"].value) == ("fortune=A; insurance=B; progressive", "fortune=A")
    sheet["L2"] = "Fortune Bonus Wager (Paytable A), Pai Gow Insurance (Paytable B), Progressive Payout Wager"
    sheet["L3"] = "Fortune: A"
    written = tmp_path / "645a-wagers-as-listed.xlsx"
    workbook.save(written)
    filing, original = read_filing(written), read_filing(example)
    assert [table.wagers for table in filing.tables] == [table.wagers for table in original.tables]
    assert sorted(f"{f.rule_id} {f.table_id}" for f in chapter_findings(filing, "645a")) == sorted(
        f"{f.rule_id} {f.table_id}" for f in chapter_findings(original, "645a")
    )
    from pacomply.submissions.build import read_table_wagers

    (bad_beat,) = read_table_wagers("Bad Beat (633a.13(j)(1))")
    assert (bad_beat.wager, bad_beat.paytable) == ("bad_beat", "633a.13(j)(1)")
