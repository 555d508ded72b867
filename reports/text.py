"""The review as plain text, for the terminal and for logs."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pacomply.checker.registry import Severity
from pacomply.checker.review import Review
from pacomply.reports.content import PAR_SHEET_DIFFERS, RETURN_BASIS, law_applied_lines

if TYPE_CHECKING:
    from pacomply.checker.reconciliation import Reconciliation
    from pacomply.checker.wager_math import WagerMath

WIDTH = 100


def board_figure_lines(math: WagerMath, published: Sequence[Reconciliation]) -> list[str]:
    """The Board's published figures beside one wager-math row, with pacomply's figure and the verdict."""
    from pacomply.reports.reconciliation import beside

    return [
        f"      Board {entry.board} ({entry.source}) · pacomply {entry.pacomply} · {entry.verdict} [{entry.figure_id}]"
        for entry in beside(math, published)
    ]


def par_sheet_lines(review: Review) -> list[str]:
    """Each par sheet of the review as ``pacomply parsheet`` prints it, indented, with a note where the review's own
    figure differs from it."""
    from pacomply.checker.review_parsheets import differs_from_review
    from pacomply.reports.parsheet_text import par_sheet_text

    lines: list[str] = []
    for sheet in review.par_sheets:
        lines.extend(f"  {line}".rstrip() for line in par_sheet_text(sheet).splitlines())
        if differs_from_review(sheet, review.wager_math):
            lines.append(f"    note: {PAR_SHEET_DIFFERS}")
        lines.append("")
    return lines[:-1]


def _percent(value: float) -> str:
    from pacomply.reports.content import percent

    return percent(value)


class TextRenderer:
    """A compact, readable review: verdict, findings by severity, wager math, readings."""

    def render(self, review: Review) -> bytes:
        """The text, UTF-8."""
        filing = review.filing
        lines = [
            f"pacomply {review.tool_version} — review of {filing.source or 'filing'}",
            f"Licensee: {filing.metadata.licensee}   Filed: {filing.metadata.date_filed.isoformat()}   "
            f"Reviewed by: {filing.metadata.reviewed_by}",
            "Chapters: "
            + ", ".join(f"{used.chapter} {used.title} (rulebook {used.version})" for used in review.rulebooks),
            "Law applied:",
            *(f"  {line}" for line in law_applied_lines(review)),
            f"Review date: {review.review_date.isoformat()} (waiver expiry and the Date Filed are judged against it)",
            *([f"Configuration: {review.configuration.describe()}"] if review.configuration is not None else []),
            f"Verdict: {review.verdict}"
            + (
                f" — {review.configuration.errors_demoted} error(s) demoted by {review.configuration.source}"
                if review.configuration is not None and review.configuration.errors_demoted
                else ""
            )
            + (
                f" — {review.waived_count} finding(s) waived, listed below marked WAIVED" if review.waived_count else ""
            ),
            "",
        ]
        for severity in Severity:
            findings = [finding for finding in review.findings if finding.severity == severity]
            if not findings:
                continue
            lines.append(f"{severity.value.upper()}S ({len(findings)})")
            for finding in findings:
                where = str(finding.location) if finding.location is not None else "filing"
                marker = " WAIVED" if finding.waiver is not None else ""
                lines.append(f"  {finding.rule_id}{marker} [{where}] {finding.message}")
                lines.append(f"      {finding.citation}")
                lines.extend(
                    textwrap.wrap(f"fix: {finding.fix}", WIDTH, initial_indent="      ", subsequent_indent="      ")
                )
                if finding.waiver is not None:
                    waiver = finding.waiver
                    lines.extend(
                        textwrap.wrap(
                            f"waived under 58 Pa. Code § 601a.4 by {waiver.approval_reference}, until "
                            f"{waiver.expires.isoformat()} ({waiver.source}): {waiver.justification}",
                            WIDTH,
                            initial_indent="      ",
                            subsequent_indent="      ",
                        )
                    )
            lines.append("")
        if review.wager_math:
            lines.append("WAGER MATH")
            lines.append(
                f"  {'chapter':8}{'wager':22}{'paytable':12}{'decks':>6}{'house edge':>13}{'return':>11}  method"
            )
            for math in review.wager_math:
                lines.append(
                    f"  {math.chapter:8}{math.wager:22}{math.paytable or '-':12}{math.decks:>6}"
                    f"{_percent(math.house_edge):>13}{_percent(math.return_):>11}  {math.method}  ({math.citation})"
                )
                lines.extend(board_figure_lines(math, review.published))
            lines.extend(textwrap.wrap(RETURN_BASIS, WIDTH, initial_indent="  ", subsequent_indent="  "))
            lines.append("")
        if review.par_sheets:
            lines.append("PAR SHEETS")
            lines.extend(par_sheet_lines(review))
            lines.append("")
        if review.readings:
            lines.append("READINGS OF THE REGULATION RELIED ON")
            for _chapter, reading in review.readings:
                lines.extend(
                    textwrap.wrap(
                        f"{reading.id} ({reading.citation}): {reading.topic} — {reading.choice}",
                        WIDTH,
                        initial_indent="  ",
                        subsequent_indent="    ",
                    )
                )
            lines.append("")
        return ("\n".join(lines).rstrip() + "\n").encode("utf-8")

    def render_many(self, reviews: list[Review]) -> bytes:
        """Each filing's review in full, one after another, divided by a rule."""
        divider = ("=" * WIDTH + "\n").encode("utf-8")
        return b"\n".join(divider + self.render(review) for review in reviews)


RENDERER = TextRenderer()
