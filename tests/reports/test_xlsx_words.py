"""The review workbook names what it shows in words, as the text and PDF reviews do: wagers as the chapter names
them, readings by their topic, Board figures by what they are about; no id of ours (a wager's, a reading's, a Board
figure's) and no snake_case key in any cell, except the Checklist's Key column (the filing's own column, as the
filing workbook has it). The JSON review keeps every id. The Par Figures sheet leaves out a figure column no par
sheet of the review fills.

Every example under ``-m slow``; two in the default run.
"""

from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from pacomply.checker.review import Review, review_filing
from pacomply.reports.xlsx import _PAR_FIGURES, PUBLISHED_SHEET_COLUMNS, RENDERER
from pacomply.submissions import read_filing

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ALL_EXAMPLES = sorted(path.name for path in EXAMPLES.iterdir() if path.suffix == ".xlsx")
SAMPLE = frozenset({"633a-violations.xlsx", "687a-violations.xlsx"})

SNAKE_CASE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
#: Where an identifier is the filing's own: the checklist key column, and the filing's id on the Summary.
EXEMPT = {("Checklist", "Key"), ("Summary", "Filing id")}


@cache
def _review(example: str) -> Review:
    return review_filing(read_filing(EXAMPLES / example))


@cache
def _workbook(example: str) -> Any:
    return openpyxl.load_workbook(io.BytesIO(RENDERER.render(_review(example))))


def _ids(review: Review) -> set[str]:
    """Ids of ours a reader must not meet: readings', Board figures' and every wager's that is not a plain word."""
    ids = {reading.id for _chapter, reading in review.readings}
    ids |= {item.figure.id for item in review.published}
    ids |= {math.wager for math in review.wager_math if not math.wager.isalpha()}
    return ids


def _examples() -> list[object]:
    return [name if name in SAMPLE else pytest.param(name, marks=pytest.mark.slow) for name in ALL_EXAMPLES]


@pytest.mark.parametrize("example", _examples())
def test_every_review_workbook_names_wagers_readings_and_board_figures_in_words(example: str) -> None:
    workbook, review = _workbook(example), _review(example)
    ids = _ids(review)
    leaked = []
    for sheet in workbook.worksheets:
        headers = [cell.value for cell in sheet[1]]
        for row in sheet.iter_rows():
            for cell in row:
                label = row[0].value if sheet.title == "Summary" else headers[cell.column - 1]
                if not isinstance(cell.value, str) or (sheet.title, label) in EXEMPT:
                    continue
                found = SNAKE_CASE.findall(cell.value) + [
                    identifier
                    for identifier in ids
                    if re.search(rf"(?<![\w-]){re.escape(identifier)}(?![\w-])", cell.value)
                ]
                if found:
                    leaked.append(f"{sheet.title}!{cell.coordinate} {sorted(set(found))}")
    assert leaked == []


@pytest.mark.parametrize("example", _examples())
def test_the_board_figures_sheet_has_no_figure_id_column_and_one_row_per_figure(example: str) -> None:
    review = _review(example)
    if not review.published:  # 681a: the Board published no figure; the sheet is left out, not left empty
        assert "Board Figures" not in _workbook(example).sheetnames
        return
    rows = list(_workbook(example)["Board Figures"].iter_rows(values_only=True))
    assert rows[0] == PUBLISHED_SHEET_COLUMNS
    assert len(rows) - 1 == len(review.published)
    # The first column is the figure in words, as the Evidence sheet names it (so the two sheets filter together).
    evidence = (
        {row[0] for row in _workbook(example)["Evidence"].iter_rows(min_row=2, values_only=True)}
        if any(item.evidence for item in review.published)
        else set()
    )
    assert evidence <= {row[0] for row in rows[1:]}
    assert not {item.figure.id for item in review.published} & {cell for row in rows for cell in row}


@pytest.mark.parametrize("example", _examples())
def test_the_par_figures_sheet_leaves_out_columns_no_par_sheet_fills(example: str) -> None:
    review = _review(example)
    sheet = _workbook(example)["Par Figures"]
    headers = [cell.value for cell in sheet[1]]
    named = {header for header, _attribute, _format in _PAR_FIGURES}
    columns = list(sheet.iter_cols(min_row=2, values_only=True))
    empty = [
        header for header, values in zip(headers, columns, strict=True) if all(value in (None, "") for value in values)
    ]
    assert [header for header in empty if header in named or header == "Note"] == []
    # A figure some par sheet has is shown.
    for header, attribute, _format in _PAR_FIGURES:
        if any(getattr(par_sheet, attribute) is not None for par_sheet in review.par_sheets):
            assert header in headers, header


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in _strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in _strings(item)]
    return []


def test_a_sentence_without_an_id_or_a_digit_is_worded_as_the_full_substitutions_word_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``without_reading_ids`` and ``plain`` return a sentence holding no id (or no digit) as it is, without trying
    their substitutions: every sentence of three violations reviews (their JSON, which keeps every id) is worded as
    the substitutions alone word it."""
    import json

    from pacomply.reports import wording
    from pacomply.reports.json import RENDERER as JSON_RENDERER

    sentences = sorted(
        {
            text
            for name in ("633a-violations.json", "687a-violations.json", "688a-violations.json")
            for text in _strings(json.loads(JSON_RENDERER.render(review_filing(read_filing(EXAMPLES / name)))))
        }
    )
    quick = [(wording.without_reading_ids(text), wording.plain(text)) for text in sentences]
    always = re.compile("")  # matches every sentence: the substitutions are always tried
    monkeypatch.setattr(wording, "_IDENTIFIER_START", always)
    monkeypatch.setattr(wording, "_DIGIT", always)
    assert quick == [(wording.without_reading_ids(text), wording.plain(text)) for text in sentences]
    # Both kinds are among them: sentences the quick test passes over, and ones it hands to the substitutions that
    # change them.
    assert any(without != text for text, (without, _plain) in zip(sentences, quick, strict=True))
    assert any(plain != text for text, (_without, plain) in zip(sentences, quick, strict=True))
    assert sum(not re.search(r"\d", text) for text in sentences) > 100
