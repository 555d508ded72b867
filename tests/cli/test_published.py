"""`pacomply published`, and the Board's figures in a review: the command's text and JSON, the finding FIL-015 on
a filed paytable whose Board figure is not reproduced as the chapter prints it, and the figure beside the wager
math in every review format."""

from __future__ import annotations

import json
from pathlib import Path

from pacomply.checker.registry import Severity, find_rule, rule_metadata_problems
from pacomply.checker.review import review_filing
from pacomply.submissions import read_filing
from typer.testing import CliRunner

from pacomply.cli import app

runner = CliRunner()


def test_published_json_lists_every_686a_figure_with_its_verdict_and_both_citations():
    result = runner.invoke(app, ["published", "686a", "--format", "json", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert [entry["id"] for entry in document] == ["686a-required", "686a-bonus"]
    required, bonus = document
    # 1 - element of risk = 98.9502 %: the Board's 98.95 at its two places.
    assert required["verdict"] == "reproduced" and required["pacomply_percent"] == "98.95"
    assert required["board_source"]["key"] == "RAF 125-223" and required["board_source"]["date"] == "2019-06-20"
    assert required["citation"] == "58 Pa. Code § 686a.6(d)"
    # 94.3948 % rounds to 94.395 against the Board's 94.393.
    assert bonus["verdict"] == "consistent with simulation" and bonus["gap_points"] == "0.001772"  # 94.394772 - 94.393
    # The Bonus's own standard deviation (the wager math's), and the largest simulation the gap fits at 2 SE.
    from pacomply.checker.wager_math import analyse

    [row] = analyse("686a", "bonus", None, 6)
    assert bonus["evidence"]["std_dev"] == f"{row.std_dev:.6f}"
    rounds = int((2 * row.std_dev / 0.00001772) ** 2)
    assert bonus["evidence"]["rounds_within_two_standard_errors"] == f"{rounds:.3e}"


def test_published_text_is_byte_identical_run_to_run():
    first = runner.invoke(app, ["published", "686a", "--jobs", "1"])
    second = runner.invoke(app, ["published", "686a", "--jobs", "1"])
    assert first.exit_code == 0 and first.stdout == second.stdout
    assert "Bonus Wager, paytable 686a.8(b)" in first.stdout and "RAF 125-223" in first.stdout
    assert "verdicts:" in first.stdout


def test_published_text_names_each_figure_in_words_never_by_pacomplys_id():
    """The text is for a person: every figure is named by its wager (and paytable) and, for the three 633a rule
    effects of 42 Pa.B. 2922, by the rule the Board changed, so that rows the Board printed apart stay apart."""
    from pacomply.regulations import published

    result = runner.invoke(app, ["published", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert [figure.id for figure in published.figures() if figure.id in result.stdout] == []
    effects = [figure for figure in published.figures() if figure.rule_change is not None]
    assert len(effects) == 3
    rows = [line for line in result.stdout.splitlines() if "rule effect" in line and "Board" in line]
    assert len(rows) == len(effects)
    # The rule in words, from the figure's own rule change: one distinct subject per effect.
    subjects = {row.split(" Board ")[0].strip() for row in rows}
    assert subjects == {
        "Blackjack Wager, changed to dealer hits soft 17",
        "Blackjack Wager, changed to no late surrender",
        "Blackjack Wager, changed to blackjack pays 6 to 5",
    }


def test_published_rejects_an_unknown_chapter_and_format():
    assert runner.invoke(app, ["published", "999a"]).exit_code == 2
    assert runner.invoke(app, ["published", "686a", "--format", "xml"]).exit_code == 2


def test_fil_015_rule_doc_follows_the_template():
    assert rule_metadata_problems(find_rule("FIL-015")) == []


def test_fil_015_points_at_a_filed_paytable_whose_board_figure_is_a_misprint(examples: Path):
    # The 687a example offers Trips with DJWT-04, whose Board figure (98.843 %) is one digit off pacomply's
    # exact 93.843 % while DJWT-05 and -06 reproduce: test_reconciliation derives that verdict.
    review = review_filing(read_filing(examples / "687a-compliant.json"))
    found = [f for f in review.findings if f.rule_id == "FIL-015" and "Trips Bonus Wager" in f.message]
    assert len(found) == 1
    (finding,) = found
    assert finding.severity == Severity.INFO
    assert str(finding.citation) == "58 Pa. Code § 687a.12(d)"
    assert "RAF 125-223" in finding.message and "Board misprint" in finding.message
    assert finding.location is not None


def test_wager_math_rows_carry_the_boards_figure_in_text_and_json(examples: Path):
    from pacomply.reports.json import review_json
    from pacomply.reports.text import TextRenderer

    review = review_filing(read_filing(examples / "687a-compliant.json"))
    trips = [row for row in review_json(review)["wager_math"] if row["wager"] == "trips"]
    assert trips[0]["board_figures"][0]["figure"] == "687a-trips-DJWT-04"
    assert trips[0]["board_figures"][0]["verdict"] == "Board misprint"
    text = TextRenderer().render(review).decode("utf-8")
    assert "Board 98.843 % payback (RAF 125-223, item (17)); pacomply 93.843 %: Board misprint" in text


def test_fil_015_on_a_paytable_quotes_only_the_board_figures_taken_for_that_paytable(examples: Path):
    # 687a-violations offers the Two-Way Bad Beat on DJWBB-03. The Board printed four Bad Beat figures without
    # naming paytables; the reconciliation takes the nearest for each of the chapter's two paytables and leaves two
    # for paytables the chapter does not print (its "assignment" evidence). The finding on DJWBB-03 names only the
    # figure taken for DJWBB-03, never DJWBB-04's or an unassigned one.
    from pacomply.checker.reconciliation import reconcile

    review = review_filing(read_filing(examples / "687a-violations.json"))
    items = {item.figure.id: item for item in reconcile(["687a"])}
    assignment = dict(items["687a-bad-beat-1"].evidence)["assignment"]
    taken = dict(part.split(" -> ") for part in assignment.split(", "))
    on_03 = [figure_id for figure_id, paytable in taken.items() if paytable == "DJWBB-03"]
    found = [f for f in review.findings if f.rule_id == "FIL-015" and "Bad Beat" in f.message]
    assert len(found) == len(on_03) == 1
    board = items[on_03[0]].figure.percent
    assert f"the Board published {board} %" in found[0].message
    others = [items[figure_id].figure.percent for figure_id, paytable in taken.items() if paytable != "DJWBB-03"]
    assert not any(f"the Board published {percent} %" in found[0].message for percent in others)


def test_board_figure_of_no_printed_paytable_stands_beside_no_wager_and_shows_no_pacomply_figure(examples: Path):
    # A figure the reconciliation could not price ("undecidable": for a paytable the chapter does not print) has
    # no pacomply figure beside it anywhere: not beside the wager math, not in its appendix sentence.
    from pacomply.checker.reconciliation import Verdict
    from pacomply.reports.reconciliation import pacomply_text, sentence
    from pacomply.reports.text import TextRenderer

    review = review_filing(read_filing(examples / "687a-violations.json"))
    undecidable = [item for item in review.published if item.verdict == Verdict.UNDECIDABLE]
    assert undecidable
    text = TextRenderer().render(review).decode("utf-8")
    for item in undecidable:
        assert pacomply_text(item) == "" and "pacomply computes" not in sentence(item)
    wager_math = text.split("WAGER MATH", 1)[1].split("READINGS", 1)[0]
    assert "Board 86.8 %" not in wager_math and "Board 87.682 %" not in wager_math


def test_633a_board_figures_without_a_deck_count_stand_beside_the_deck_count_they_were_compared_with(
    examples: Path,
):
    # The Board's 0.355 % and 0.371 % for the Blackjack Wager name no deck count; pacomply compares them with its
    # figure at one deck count (the match, else the nearest). They stand beside that row only, not beside 1, 3 and
    # 6 decks as well.
    from pacomply.reports.content import wager_rows

    review = review_filing(read_filing(examples / "633a-compliant.json"))
    base = [item for item in review.published if item.figure.wager == "base" and item.figure.rule_change is None]
    compared = {item.pacomply_figure.decks for item in base if item.pacomply_figure is not None}
    rows = [row for row in wager_rows(review) if row.wager == "Blackjack Wager"]
    assert len(rows) > 1
    with_board = {row.decks for row in rows if row.board}
    assert with_board == {f"{decks} decks" for decks in compared}


def _documented_outputs() -> dict[str, str]:
    """The ``pacomply published CHAPTER`` blocks of docs/published-figures.md, which say they are the real output."""
    import re

    text = (Path(__file__).resolve().parents[2] / "docs" / "published-figures.md").read_text(encoding="utf-8")
    return dict(re.findall(r"```\n\$ pacomply published (\d{3}a)\n(.*?)```", text, flags=re.S))


def test_published_figures_doc_shows_the_real_output_of_every_chapter():
    documented = _documented_outputs()
    from pacomply.regulations import CHAPTER_TITLES

    assert sorted(documented) == sorted(CHAPTER_TITLES)
    for chapter, shown in sorted(documented.items()):
        result = runner.invoke(app, ["published", chapter, "--jobs", "1"])
        assert result.exit_code == 0, result.output
        assert result.stdout == shown, f"docs/published-figures.md's block for {chapter} is not the real output"


def test_681a_a_chapter_with_no_board_figure_held_shows_no_document_date() -> None:
    """No rulemaking document held publishes a figure for 21 Baccarat: the entry says so and gives no date (there
    is no document to date), where it printed a placeholder date as if a document had one."""
    from pacomply.regulations.published import NOT_PUBLISHED

    assert NOT_PUBLISHED.published is None
    text = runner.invoke(app, ["published", "681a", "--jobs", "1"])
    assert text.exit_code == 0, text.output
    said = " ".join(text.stdout.split())
    assert f"No Board figure to set beside pacomply's: {NOT_PUBLISHED.document}." in said
    assert said.count("no figure") == 1  # the verdicts' count; the entry says it once, in words
    assert not any(character.isdigit() for line in text.stdout.splitlines() if "Board" in line for character in line)
    document = json.loads(runner.invoke(app, ["published", "681a", "--format", "json", "--jobs", "1"]).stdout)
    assert [entry["board_source"]["date"] for entry in document] == [None]
