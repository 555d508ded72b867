"""Each wager's strategy once in the review, as a grid whose codes stand in their up card's column, under the rules the
review prices the wager at (58 Pa. Code § 633a.7, § 633a.8(e), § 633a.11(c); § 685a.7; § 687a's raise decisions).

The expected charts are not typed in: each is the one the engine's analysis computes under the same rules
(``engine.analysis.blackjack.analyse(rules).tables``), laid out by the wager math's own ``strategy_chart``.
"""

from __future__ import annotations

import io
import re
from functools import cache

import pytest
from pacomply.checker.wager_math import analyse
from pacomply.checker.wager_math.blackjack_base import describe_rules, options_from_flags
from pacomply.checker.wager_math.chapter_633a import rules_from_filing
from pacomply.submissions import read_filing

from tests.reports.renderings import EXAMPLES, example_document, example_pdf, example_review

COMPLIANT_633A = "633a-compliant.json"
#: The legend line every strategy grid of the review starts with (said once per grid).
LEGEND = "Codes: "


@cache
def _text(example: str) -> str:
    from pypdf import PdfReader

    return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(example_pdf(example))).pages)


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_633a_13_a_each_blackjack_wagers_strategy_is_shown_once_in_the_review():
    review = example_review(COMPLIANT_633A)
    charted = [math for math in review.wager_math if math.chart is not None]
    assert len(charted) >= 4  # the example's Blackjack Wager at four deck counts
    text = _text(COMPLIANT_633A)
    # One legend (so one grid) per wager that has a chart; the par sheets point to it instead of repeating it.
    assert text.count(LEGEND) == len(charted)
    squashed = _squash(text)
    pointers = re.findall(r"Strategy: (?:as shown in )?(6\.\d+)", squashed)
    assert len(pointers) == sum(
        1 for sheet in review.par_sheets if sheet.grid is not None or sheet.strategy
    ), "each par sheet with a strategy refers to the wager-math subsection that shows it"
    # Each chart row appears once: 'surrender hard 16' once per chart, not once per chart and again per par sheet.
    assert squashed.count("surrender hard 16") == sum(
        1 for math in charted if any(hand == "surrender hard 16" for hand, _ in math.chart.rows)
    )


def test_633a_7_strategy_grid_codes_stand_in_their_up_cards_column():
    """pdfplumber's words of the first grid: on every row, a code per up card, each centred under its up card's
    label (their middles within a point), soft 18's 'Ds' included."""
    review = example_review(COMPLIANT_633A)
    math = next(math for math in review.wager_math if math.chart is not None)
    chart = math.chart
    assert chart is not None
    document = example_document(COMPLIANT_633A)
    found: set[str] = set()
    for page in document.pages:
        words = page.extract_words()
        headers = [word for word in words if word["text"] == "Hand"]
        if not headers:
            continue
        header_top = headers[0]["top"]
        header = sorted(
            (word for word in words if abs(word["top"] - header_top) < 1 and word["text"] != "Hand"),
            key=lambda word: word["x0"],
        )
        assert [word["text"] for word in header] == list(chart.columns)
        middles = [(word["x0"] + word["x1"]) / 2 for word in header]
        hand_edge = header[0]["x0"] - 1
        by_line: dict[int, list[dict]] = {}
        for word in words:
            if word["top"] > header_top + 1:
                by_line.setdefault(round(word["top"]), []).append(word)
        for hand, codes in chart.rows:
            if hand in found:
                continue
            for line in by_line.values():
                ordered = sorted(line, key=lambda word: word["x0"])
                if " ".join(word["text"] for word in ordered if word["x1"] < hand_edge) != hand:
                    continue
                placed = [word for word in ordered if word["x1"] >= hand_edge]
                assert [word["text"] for word in placed] == list(codes), hand
                for column, word in enumerate(placed):
                    assert abs((word["x0"] + word["x1"]) / 2 - middles[column]) < 1, (hand, chart.columns[column])
                found.add(hand)
                break
        if len(found) == len(chart.rows):
            assert "soft 18" in found  # the row of 'Ds' codes that the text chart misaligned
            return
    pytest.fail(f"rows of the first strategy grid not found in the PDF: {set(dict(chart.rows)) - found}")


def test_633a_8_e_and_11_c_the_rules_stated_are_the_rules_priced():
    """The review's Blackjack Wager is priced under the filing's answers (even money, splits); its strategy says those
    rules and its grid is the engine's chart under them. The par sheet, computed under the chapter's own rules, is said
    to differ in exactly those rules."""
    from pacomply.checker.review_parsheets import rules_differences, wager_math_of_sheet
    from pacomply.checker.wager_math.blackjack_base import strategy_chart
    from pacomply.engine.analysis.blackjack import analyse as engine_analyse

    review = example_review(COMPLIANT_633A)
    options = rules_from_filing(read_filing(EXAMPLES / COMPLIANT_633A))
    for math in review.wager_math:
        if math.chart is None or math.chapter != "633a":
            continue
        rules = options.rules(math.decks)
        assert dict(math.strategy)["rules"] == describe_rules(rules)
        assert math.chart == strategy_chart(engine_analyse(rules).tables, math.chart.basis)
        sheet = next(sheet for sheet in review.par_sheets if wager_math_of_sheet(sheet, [math]) is math)
        sheet_only, review_only = rules_differences(sheet.strategy, math.strategy)
        assert "even money offered" in review_only and "no even money" in sheet_only
    squashed = _squash(_text(COMPLIANT_633A))
    assert "late surrender; even money offered" in squashed
    assert "this par sheet is computed under the chapter's own rules (no even money)" in squashed


def test_633a_7_m_a_grid_under_a_dealer_hitting_soft_17_is_that_rules_chart():
    """A rule changed on the command line changes the chart the wager math carries with the figure: soft 18 against
    a 2 doubles (else stands) when the dealer hits soft 17 at six decks, and stands when the dealer stands."""
    stands = analyse("633a", "base", None, 6)[0]
    hits = analyse("633a", "base", None, 6, base_game=options_from_flags(hit_soft_17=True))[0]
    assert stands.chart is not None and hits.chart is not None
    assert "dealer hits soft 17" in dict(hits.strategy)["rules"]
    assert dict(stands.chart.rows)["soft 18"][0] == "S"
    assert dict(hits.chart.rows)["soft 18"][0] == "Ds"


def test_687a_raise_decisions_are_shown_once_in_the_review():
    example = "687a-compliant.json"
    review = example_review(example)
    [math] = [math for math in review.wager_math if math.wager == "base"][:1] or [None]
    assert math is not None and math.strategy and math.chart is None
    squashed = _squash(_text(example))
    raised = [when for when, decision in math.strategy if decision == "raise"]
    folded = [when for when, decision in math.strategy if decision == "fold"]
    assert len(raised) > 5 and folded
    # The hands the player raises with, in one row and once in the review; the par sheet points to it.
    assert squashed.count(f"{', '.join(raised)} raise") == 1
    assert re.search(r"Strategy: as shown in 6\.\d+, under the same rules and play", squashed)


def test_633a_7_review_workbook_carries_each_chart_as_cells():
    from openpyxl import load_workbook
    from pacomply.reports import wording
    from pacomply.reports.xlsx import RENDERER

    review = example_review(COMPLIANT_633A)
    workbook = load_workbook(io.BytesIO(RENDERER.render(review)))
    sheet = workbook["Strategy"]
    rows = [tuple(cell.value for cell in row) for row in sheet.iter_rows()]
    charted = [math for math in review.wager_math if math.chart is not None]
    assert charted and all(math.chart is not None for math in charted)
    columns = charted[0].chart.columns  # type: ignore[union-attr]
    assert rows[0] == ("Wager", "Hand", *columns)  # a column per dealer up card
    expected = [
        (f"{math.chapter} {wording.wager_title(math.chapter, math.wager, math.paytable, math.decks)}", hand, *codes)
        for math in charted
        for hand, codes in math.chart.rows  # type: ignore[union-attr]
    ]
    assert rows[1 : 1 + len(expected)] == expected
    assert len({row[0] for row in expected}) == len(charted)  # each wager's grid once
    # The Wager Math sheet's strategy cell is the play and rules in words, not the chart flattened into text.
    wager_math = workbook["Wager Math"]
    strategy_column = [cell.value for cell in wager_math[1]].index("Strategy") + 1
    for row in range(2, wager_math.max_row + 1):
        assert "dealer up card" not in str(wager_math.cell(row=row, column=strategy_column).value or "")


def test_633a_7_par_sheet_workbook_and_text_carry_the_grid_once():
    from openpyxl import load_workbook
    from pacomply.checker.parsheet import par_sheet
    from pacomply.reports.parsheet_text import par_sheet_text
    from pacomply.reports.parsheet_xlsx import render_par_sheet_xlsx

    sheet = par_sheet("633a", "base", None, 8)
    assert sheet.grid is not None
    workbook = load_workbook(io.BytesIO(render_par_sheet_xlsx(sheet)))
    rows = [tuple(cell.value for cell in row) for row in workbook["Strategy"].iter_rows()]
    assert rows[0] == ("Hand", *sheet.grid.columns)
    assert rows[1 : 1 + len(sheet.grid.rows)] == [(hand, *codes) for hand, codes in sheet.grid.rows]
    text = par_sheet_text(sheet)
    assert text.count("\n    soft 18 ") == 1 and text.count("Strategy grid") == 1
    lines = text.splitlines()
    head = next(line for line in lines if line.strip().startswith("2 ") and line.rstrip().endswith("A"))
    soft = next(line for line in lines if line.strip().startswith("soft 18"))
    # Each code ends where its up card's label ends (right-aligned columns).
    label_ends = [match.end() for match in re.finditer(r"\S+", head)]
    code_ends = [match.end() for match in re.finditer(r"\S+", soft)][2:]
    assert code_ends == label_ends
