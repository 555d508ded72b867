"""The review as plain text, for the terminal and for logs: the document design of :mod:`reports.content` (verdict,
findings by table, wager math with the Board's figures, readings, law applied, appendices) in a screen or two."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pacomply.checker.review import Review
from pacomply.reports import content, wording
from pacomply.reports.content import PAR_SHEET_DIFFERS, RETURN_BASIS, law_applied_lines

if TYPE_CHECKING:
    from pacomply.checker.reconciliation import Reconciliation
    from pacomply.checker.wager_math import WagerMath

WIDTH = 100


def _wrap(text: str, indent: str, hanging: str | None = None) -> list[str]:
    return textwrap.wrap(
        text, WIDTH, initial_indent=indent, subsequent_indent=indent if hanging is None else hanging
    ) or [indent.rstrip()]


def _heading(title: str) -> list[str]:
    return [title.upper()]


def board_figure_lines(math: WagerMath, published: Sequence[Reconciliation]) -> list[str]:
    """The Board's published figures compared with one wager-math row, one line each."""
    from pacomply.reports.reconciliation import beside

    lines: list[str] = []
    for entry in beside(math, published):
        lines.extend(_wrap(content.board_beside_text(entry), "      ", "        "))
    return lines


def par_sheet_lines(review: Review) -> list[str]:
    """Each par sheet of the review as ``pacomply parsheet`` prints it, indented, with a note where the review's own
    figure differs from it."""
    from pacomply.checker.review_parsheets import differs_from_review
    from pacomply.reports.parsheet_text import par_sheet_text

    lines: list[str] = []
    for sheet in review.par_sheets:
        lines.extend(f"  {line}".rstrip() for line in par_sheet_text(sheet).splitlines())
        if differs_from_review(sheet, review.wager_math):
            lines.extend(_wrap(f"note: {PAR_SHEET_DIFFERS}", "    ", "      "))
        lines.append("")
    return lines[:-1]


def _header(review: Review) -> list[str]:
    filing = review.filing
    metadata = filing.metadata
    return [
        f"pacomply {review.tool_version} — review of {filing.source or 'the filing'}",
        f"Licensee: {metadata.licensee}   Filed: {metadata.date_filed.isoformat()}   "
        f"Reviewed by: {metadata.reviewed_by}",
        "Chapters: " + ", ".join(f"{used.chapter} {used.title} (rulebook {used.version})" for used in review.rulebooks),
        f"Review date: {review.review_date.isoformat()} (waiver expiry and the Date Filed are judged against it)",
        *([f"Configuration: {review.configuration.describe()}"] if review.configuration is not None else []),
        "",
    ]


def _verdict(review: Review) -> list[str]:
    summary = content.summary(review)
    lines = [f"VERDICT: {summary.verdict} — {summary.counts}"]
    if summary.fix_first:
        lines.append("What to fix first:")
        for number, finding in enumerate(summary.fix_first, start=1):
            where = content.location_text(finding.location)
            lines.extend(
                _wrap(f"{number}. [{where}] {content.finding_message(finding)} ({finding.rule_id})", "  ", "     ")
            )
    lines.append("")
    return lines


def _findings(review: Review) -> list[str]:
    groups = content.finding_groups(review)
    if not groups:
        return []
    lines = _heading(content.SECTION_TITLES[1])
    for group in groups:
        lines.append(f"  {group.title}")
        for finding in group.findings:
            where = content.location_text(finding.location)
            # One line per finding, never wrapped, so a finding is found by searching for its message.
            lines.append(f"    {content.finding_label(finding)} [{where}] {content.finding_message(finding)}")
            lines.append(f"        {finding.citation}")
            lines.extend(_wrap(f"fix: {finding.fix}", "        "))
            if finding.waiver is not None:
                lines.extend(_wrap(content.waiver_text(finding), "        "))
    lines.append("")
    return lines


def _wager_math(review: Review) -> list[str]:
    rows = content.wager_rows(review)
    if not rows:
        return []
    table = [
        ("wager", "paytable", "decks", "house edge", "return", "method"),
        *((row.wager, row.paytable, row.decks, row.house_edge, row.return_, row.method) for row in rows),
    ]
    widths = [max(len(cells[index]) for cells in table) for index in range(6)]
    right = {3, 4}

    def line(cells: Sequence[str]) -> str:
        return (
            "  "
            + "  ".join(
                cell.rjust(width) if index in right else cell.ljust(width)
                for index, (cell, width) in enumerate(zip(cells, widths, strict=True))
            ).rstrip()
        )

    lines = [*_heading(content.SECTION_TITLES[2]), line(table[0])]
    for row, cells in zip(rows, table[1:], strict=True):
        lines.append(line(cells))
        lines.append(f"      {row.citation}")
        for said in row.board:
            lines.extend(_wrap(said, "      ", "        "))
    lines.extend(_wrap(RETURN_BASIS, "  "))
    lines.append("")
    return lines


def _readings(review: Review) -> list[str]:
    readings = content.reading_lines(review)
    if not readings:
        return []
    lines = _heading(content.SECTION_TITLES[3])
    for reading in readings:
        lines.extend(_wrap(reading, "  ", "    "))
    lines.append("")
    return lines


def _law(review: Review) -> list[str]:
    lines = _heading(content.SECTION_TITLES[4])
    for line in law_applied_lines(review):
        lines.extend(_wrap(line, "  ", "    "))
    lines.append("")
    return lines


def _appendices(review: Review, par_sheets: bool) -> list[str]:
    from pacomply.reports.reconciliation import evidence_rows, sentence, sorted_reconciliations

    lines: list[str] = []
    if review.par_sheets:
        lines.extend(_heading(content.SECTION_TITLES[5]))
        if par_sheets:
            lines.extend(par_sheet_lines(review))
        else:
            lines.append(
                f"  {wording.counted(len(review.par_sheets), 'par sheet')} in the PDF and workbook reviews; "
                "validate --par-sheets prints them here"
            )
        lines.append("")
    if review.published:
        lines.extend(_heading(content.SECTION_TITLES[6]))
        for item in sorted_reconciliations(review.published):
            lines.extend(_wrap(sentence(item), "  ", "    "))
            for _figure, label, value in evidence_rows([item]):
                lines.extend(_wrap(f"{label}: {value}", "    ", "      "))
        lines.append("")
    return lines


class TextRenderer:
    """A compact, readable review: verdict and what to fix first, findings by table, wager math, readings, law
    applied, appendices. Par sheets are printed in full only when ``par_sheets`` is set (``--par-sheets``)."""

    def __init__(self, par_sheets: bool = False) -> None:
        self.par_sheets = par_sheets

    def render(self, review: Review) -> bytes:
        """The text, UTF-8."""
        lines = [
            *_header(review),
            *_verdict(review),
            *_findings(review),
            *_wager_math(review),
            *_readings(review),
            *_law(review),
            *_appendices(review, self.par_sheets),
        ]
        return ("\n".join(lines).rstrip() + "\n").encode("utf-8")

    def render_many(self, reviews: list[Review]) -> bytes:
        """Each filing's review in full, one after another, divided by a rule."""
        divider = ("=" * WIDTH + "\n").encode("utf-8")
        return b"\n".join(divider + self.render(review) for review in reviews)


RENDERER = TextRenderer()
