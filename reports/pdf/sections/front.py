"""The front of the document: the cover (one page), the contents and the summary."""

from __future__ import annotations

from pacomply.checker.registry import Finding, Severity
from pacomply.checker.review import Review
from pacomply.reports import wording
from pacomply.reports.content import (
    chapters_line,
    decks_text,
    filing_id,
    finding_message,
    law_applied_lines,
    location_text,
    percent,
    rule_summary,
    table_findings,
)
from pacomply.reports.content import summary as content_summary
from pacomply.reports.pdf.contents import _Contents
from pacomply.reports.pdf.paragraphs import _Bookmark, _p, _Tagged, _text
from pacomply.reports.pdf.sections.story import _StoryBase
from pacomply.reports.pdf.styles import (
    COMPLIANT_BACKGROUND,
    CONTENT_WIDTH,
    CONTENTS_PADDING,
    FONT,
    SEVERITY_BACKGROUND,
    SEVERITY_INK,
)
from pacomply.reports.pdf.tables import _cover_padding, _grid, _grid_style, _header_cells, _key_value_table
from reportlab.lib import colors
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, KeepInFrame, NextPageTemplate, PageBreak, Spacer, Table, TableStyle


def _review_date(review: Review) -> str | None:
    """The review's own date (``Review.review_date``, set by ``validate --review-date``), where the review has one."""
    value = getattr(review, "review_date", None)
    return value.isoformat() if value is not None else None


def _finding_counts(review: Review) -> tuple[int, int, int, int]:
    """Errors, warnings, information and waived findings: the counts the cover and the Summary open with."""
    return (
        review.count(Severity.ERROR),
        review.count(Severity.WARNING),
        review.count(Severity.INFO),
        review.waived_count,
    )


class FrontMatter(_StoryBase):
    """The cover, the contents and the summary."""

    def cover(self) -> None:
        review, styles = self.review, self.styles
        filing = review.filing
        start = len(self.flowables) + 1
        self.add(
            _Bookmark("Cover", "cover"),
            _Tagged("Rules Submission Review", styles.title, role="H1"),
            _Tagged("Pennsylvania table games, 58 Pa. Code Subpart K — checked by pacomply", styles.subtitle),
            _key_value_table(
                [
                    ("Licensee", _text(filing.metadata.licensee)),
                    ("Chapters", _text(chapters_line(review))),
                    ("Date filed", _text(filing.metadata.date_filed.isoformat())),
                    # The day the review was made (waiver expiry and FIL-001 depend on it), never the filing's date.
                    ("Review date", _text(_review_date(review) or "not recorded")),
                    *(
                        [("Configuration applied", _text(review.configuration.describe()))]
                        if review.configuration is not None
                        else []
                    ),
                    ("Reviewed by (named in the filing)", _text(filing.metadata.reviewed_by)),
                    ("Filing", _text(filing.source or "(built in memory)")),
                    ("Filing id", _text(filing_id(review))),
                    ("pacomply version", _text(review.tool_version)),
                    ("Tables covered", _text(len(filing.tables))),
                ],
                tight=True,
            ),
            Spacer(1, 8),
            _Tagged("Rulebooks applied", styles.heading2, role="H2"),
        )
        rulebooks = [_header_cells(("Chapter", "Title", "Rulebook version", "Effective"))]
        rulebooks += [
            [_p(_text(used.chapter)), _p(_text(used.title)), _p(_text(used.version)), _p(_text(used.effective))]
            for used in review.rulebooks
        ]
        widths = [0.9 * inch, 2.6 * inch, 1.8 * inch, CONTENT_WIDTH - 5.3 * inch]
        table = _grid(rulebooks, widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(_grid_style(extra=_cover_padding()))
        self.add(table, Spacer(1, 4))
        # The law applied: each version's source and basis, and what has changed since (never left unsaid).
        self.add(*(_Tagged(_text(line), styles.small) for line in law_applied_lines(review)), Spacer(1, 8))
        verdict = f"Verdict: {review.verdict}"
        if review.waived_count:
            verdict += f" ({review.waived_count} finding{'s' * (review.waived_count != 1)} waived)"
        # A one-cell layout table: its paragraph is tagged P, the box itself is an artifact.
        box = Table([[_Tagged(_text(verdict), styles.verdict)]], colWidths=[CONTENT_WIDTH], hAlign="LEFT")
        box.setStyle(
            TableStyle(
                [
                    (
                        "BACKGROUND",
                        (0, 0),
                        (-1, -1),
                        COMPLIANT_BACKGROUND if review.compliant else SEVERITY_BACKGROUND[Severity.ERROR],
                    ),
                    (
                        "BOX",
                        (0, 0),
                        (-1, -1),
                        1,
                        SEVERITY_INK[Severity.ERROR] if not review.compliant else colors.HexColor("#155724"),
                    ),
                    ("FONT", (0, 0), (-1, -1), FONT, 8),  # a cell's own default is Helvetica, never embedded
                    ("TOPPADDING", (0, 0), (-1, -1), 10),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 10),
                ]
            )
        )
        self.add(box, Spacer(1, 8), _Tagged("At a glance", styles.heading2, role="H2"), *self._glance())
        # The cover is one page: a filing whose cover would run over (many wagers at a glance, a long history of
        # the law applied) has it shrunk to fit, as a printed cover sheet would be.
        self.flowables[start:] = [KeepInFrame(0, 0, self.flowables[start:], mode="shrink")]
        self.add(NextPageTemplate("body"), PageBreak())

    def _glance(self) -> list[Flowable]:
        """Counts by severity in one row, and the house edge of each wager configured: the figures a reviewer looks
        for first. Kept tight so that most covers fit at full size (a longer one is shrunk to fit, see cover)."""
        review = self.review
        counts = [_header_cells(("Errors", "Warnings", "Information", "Waived"))]
        counts.append([_p(_text(value)) for value in _finding_counts(review)])
        table = _grid(counts, [CONTENT_WIDTH / 4] * 4, hAlign="LEFT")
        table.setStyle(_grid_style(extra=_cover_padding()))
        if not review.wager_math:
            return [table]
        rows = [
            (
                f"{math.chapter} {wording.wager_name(math.chapter, math.wager)}"
                + (f" ({math.paytable})" if math.paytable else "")
                + f", {decks_text(math.decks)}",
                f"house edge {percent(math.house_edge)}, return {percent(math.return_)} (1 − element of risk; "
                f"{math.method})",
            )
            for math in review.wager_math
        ]
        return [
            table,
            Spacer(1, 4),
            _key_value_table([(label, _text(value)) for label, value in rows], 3.1 * inch, tight=True),
        ]

    def contents(self) -> None:
        toc = _Contents(
            levelStyles=[self.styles.toc1, self.styles.toc2],
            dotsMinLevel=0,
            tableStyle=TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), FONT, 9),  # reportlab's default cell font is Helvetica
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                    ("TOPPADDING", (0, 0), (-1, -1), CONTENTS_PADDING),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), CONTENTS_PADDING),
                ]
            ),
        )
        self.add(_Tagged("Contents", self.styles.heading1, role="H1"), toc, PageBreak())

    def summary(self) -> None:
        review = self.review
        self.heading("Summary")
        self.paragraph(f"<b>{_text(review.verdict[0].upper() + review.verdict[1:])}.</b>")
        # The verdict, the counts and what to fix first, as the text review opens.
        lead = content_summary(review)
        self.paragraph(_text(f"Findings: {lead.counts}."))
        if lead.fix_first:
            self.add(_Tagged("What to fix first", self.styles.cell_bold, role="P"))
            fix_first = [
                (
                    f"{number}. {finding.rule_id}",
                    _text(f"{finding_message(finding)} ({location_text(finding.location)}; {finding.citation})"),
                )
                for number, finding in enumerate(lead.fix_first, start=1)
            ]
            self.add(_key_value_table(fix_first, 1.0 * inch), Spacer(1, 6))
        self.paragraph(
            "This report sets out what pacomply found when it checked the filing against the rulebooks named on the "
            "cover. Each finding cites the subsection it enforces and the cell or field of the filing it is about. "
            "Figures for each configured wager are computed exactly where the wager can be enumerated; a simulated "
            "figure is shown with its 95% interval. Where a chapter is ambiguous, the reading relied on is set out in "
            "its own section."
        )
        counts = [_header_cells(("Errors", "Warnings", "Information", "Waived", "Tables", "Wagers analysed"))]
        counts.append(
            [
                _p(_text(value))
                for value in (*_finding_counts(review), len(review.filing.tables), len(review.wager_math))
            ]
        )
        table = _grid(counts, [CONTENT_WIDTH / 6] * 6, hAlign="LEFT")
        table.setStyle(_grid_style())
        self.add(table, Spacer(1, 8))
        if review.filing.tables:
            self.add(self.subheading("Findings by table"))
            rows = [_header_cells(("Table", "Chapter", "Errors", "Warnings", "Information", "Waived"))]
            for gaming_table in review.filing.tables:
                found = table_findings(review, gaming_table.table_id)
                open_ = [f for f in found if not f.waived]
                rows.append(
                    [
                        _p(_text(gaming_table.table_id)),
                        _p(_text(gaming_table.chapter)),
                        *(
                            _p(_text(sum(1 for f in open_ if f.severity == severity)))
                            for severity in (Severity.ERROR, Severity.WARNING, Severity.INFO)
                        ),
                        _p(_text(sum(1 for f in found if f.waived))),
                    ]
                )
            table = _grid(rows, [CONTENT_WIDTH / 6] * 6, repeatRows=1, hAlign="LEFT")
            table.setStyle(_grid_style())
            self.add(table)
        if review.findings:
            self.add(self.subheading("Findings by rule"))
            by_rule: dict[str, list[Finding]] = {}
            for finding in review.findings:
                by_rule.setdefault(finding.rule_id, []).append(finding)
            rows = [_header_cells(("Rule", "Severity", "Citation", "Findings"))]
            for rule_id, of_rule in by_rule.items():
                rows.append(
                    [
                        _p(_text(rule_summary(review, rule_id))),
                        _p(_text(of_rule[0].severity.value)),
                        _p(_text(of_rule[0].citation)),
                        _p(_text(len(of_rule))),
                    ]
                )
            # The citation's column holds the longest subsection on one line ("58 Pa. Code § 645a.13(e)(2)").
            widths = [CONTENT_WIDTH - 3.3 * inch, 0.7 * inch, 1.95 * inch, 0.65 * inch]
            table = _grid(rows, widths, repeatRows=1, hAlign="LEFT")
            table.setStyle(_grid_style())
            self.add(table)
