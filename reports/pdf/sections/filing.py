"""The filing as the reviewer reads it: the checklist as filed, the tables' configuration, the findings by
severity and the waivers applied."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from pacomply.checker.registry import Finding, Severity
from pacomply.reports.content import (
    SEVERITY_TITLES,
    TABLE_FIELDS,
    checklist_rows,
    finding_flag,
    finding_message,
    findings_of,
    location_text,
    money_text,
    table_display,
    table_findings,
    worst_severity,
)
from pacomply.reports.pdf.breaks import _Together
from pacomply.reports.pdf.paragraphs import _p, _text
from pacomply.reports.pdf.sections.story import _StoryBase
from pacomply.reports.pdf.styles import (
    BAND,
    CONTENT_WIDTH,
    SEVERITY_BACKGROUND,
    SEVERITY_INK,
    WAIVED_BACKGROUND,
    _Styles,
    markup_colour,
)
from pacomply.reports.pdf.tables import _grid, _grid_style, _header_cells
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, Spacer, Table

TABLES_PER_GRID = 3


@cache
def _finding_title_style(styles: _Styles) -> ParagraphStyle:
    """A finding's title row: bold, white on the severity's colour."""
    return ParagraphStyle("fh", parent=styles.cell_bold, textColor=colors.white)


def _flags(findings: Sequence[Finding]) -> str:
    """Coloured finding marks for a table cell."""
    marks = []
    for finding in findings:
        colour = "#555555" if finding.waived else SEVERITY_INK[finding.severity].hexval()[2:]
        colour = markup_colour(colour if colour.startswith("#") else f"#{colour}")
        marks.append(f'<font color="{colour}">{_text(finding_flag(finding))}</font>')
    return "<br/>".join(marks)


def _row_background(findings: Sequence[Finding]) -> colors.Color | None:
    worst = worst_severity(tuple(findings))
    if worst is not None:
        return SEVERITY_BACKGROUND[worst]
    return WAIVED_BACKGROUND if findings else None


class FilingSections(_StoryBase):
    """The checklist, the tables, the findings and the waivers."""

    def checklist(self) -> None:
        review = self.review
        self.heading("Checklist as filed")
        self.paragraph(
            "Each question of the chapter's checklist with the answer as written in the filing. Findings located at "
            "an answer are marked beside its row; a blank answer is shown as <i>(blank)</i>."
        )
        rows = checklist_rows(review)
        for chapter in review.filing.filed_chapters:
            chapter_rows = [row for row in rows if row.chapter == chapter]
            if not chapter_rows:
                continue
            self.add(self.subheading(f"Chapter {chapter}"))
            data = [_header_cells(("Section", "Question", "Answer", "Findings"))]
            extra: list[tuple[Any, ...]] = []
            for position, row in enumerate(chapter_rows, start=1):
                question = _text(row.question) if row.question else f"<i>{_text(row.key)} (not on the checklist)</i>"
                # An amount of money reads as money ($40,000); anything else exactly as written.
                written = money_text(row.answer.strip()) if row.kind == "money" else row.answer
                answer = _text(written) if row.answer.strip() else "<i>(blank)</i>"
                if row.notes:
                    answer += f"<br/><font size=7>{_text(row.notes)}</font>"
                data.append(
                    [
                        _p(_text(row.section or row.chapter)),
                        _p(
                            f"{question}<br/><font size=6.5 color='{markup_colour('#666666')}'>"
                            f"{_text(location_text(row.location))}</font>"
                        ),
                        _p(answer),
                        _p(_flags(row.findings)),
                    ]
                )
                background = _row_background(row.findings)
                if background is not None:
                    extra.append(("BACKGROUND", (0, position), (-1, position), background))
            table = _grid(data, [1.0 * inch, 3.4 * inch, 0.95 * inch, None], repeatRows=1, hAlign="LEFT")
            table.setStyle(_grid_style(extra=extra))
            self.add(table)

    def tables(self) -> None:
        review = self.review
        self.heading("Tables and their configuration")
        tables = review.filing.tables
        if not tables:
            self.paragraph("The filing lists no tables.")
            return
        self.paragraph("One column per table, as the Tables sheet gives it; the last row marks the findings about it.")
        for start in range(0, len(tables), TABLES_PER_GRID):
            chunk = tables[start : start + TABLES_PER_GRID]
            data = [_header_cells(("Field", *(table.table_id for table in chunk)))]
            for field_name, label in TABLE_FIELDS:
                data.append(
                    [_p(_text(label), self.styles.cell_bold)] + [_p(_text(table_display(t, field_name))) for t in chunk]
                )
            found = [table_findings(review, table.table_id) for table in chunk]
            data.append([_p("Findings", self.styles.cell_bold)] + [_p(_flags(f) or "none") for f in found])
            label_width = 1.7 * inch
            width = (CONTENT_WIDTH - label_width) / TABLES_PER_GRID
            extra: list[tuple[Any, ...]] = [("BACKGROUND", (0, 1), (0, -1), BAND)]
            for column, table_found in enumerate(found, start=1):
                background = _row_background(table_found)
                if background is not None:
                    extra.append(("BACKGROUND", (column, len(data) - 1), (column, len(data) - 1), background))
            grid = _grid(data, [label_width] + [width] * len(chunk), header_columns=1, repeatRows=1, hAlign="LEFT")
            grid.setStyle(_grid_style(extra=extra))
            # A grid is one table's whole configuration: it moves to the next page rather than leave two rows
            # behind (one taller than a page still splits, its header repeated); the section's heading and
            # introduction move with the first grid, never left alone at a page's foot.
            lead: list[Flowable] = []
            if start == 0:
                lead = self.flowables[-2:]
                del self.flowables[-2:]
            self.add(_Together([*lead, grid]), Spacer(1, 10))

    def findings(self) -> None:
        review = self.review
        self.heading("Findings")
        if not review.findings:
            self.paragraph("No rule found anything to report in this filing.")
            return
        self.paragraph(
            "Grouped by severity. Errors make the filing non-compliant; warnings and information do not. A waived "
            "finding is listed with the waiver that accepts it and fails nothing."
        )
        for severity in Severity:
            found = findings_of(review, severity)
            if not found:
                continue
            # The subheading travels with its first finding, so it never sits alone at the foot of a page.
            heading = self.subheading(f"{SEVERITY_TITLES[severity]} ({len(found)})")
            for index, finding in enumerate(found):
                block = [self._finding_block(finding), Spacer(1, 6)]
                self.add(_Together([heading, *block] if index == 0 else block))

    def _finding_block(self, finding: Finding) -> Table:
        styles = self.styles
        title = f"{_text(finding.rule_id)} · {_text(finding.severity.value)}"
        if finding.waived:
            title += " · WAIVED"
        rows: list[tuple[str, str]] = [
            ("Citation", f'<link href="{_text(finding.citation.uri)}">{_text(finding.citation)}</link>'),
            ("Location", _text(location_text(finding.location))),
        ]
        if finding.table_id:
            rows.append(("Table", _text(finding.table_id)))
        rows += [("Message", _text(finding_message(finding))), ("Fix", _text(finding.fix))]
        if finding.waiver is not None:
            waiver = finding.waiver
            rows.append(
                (
                    "Waiver",
                    f"{_text(waiver.justification)}<br/>Approval {_text(waiver.approval_reference)}; expires "
                    f"{_text(waiver.expires.isoformat())}",
                )
            )
        data = [[_p(title, _finding_title_style(styles)), ""]]
        data += [[_p(_text(label), styles.cell_bold), _p(value)] for label, value in rows]
        table = _grid(data, [1.0 * inch, CONTENT_WIDTH - 1.0 * inch], header_columns=1, caption_row=True, hAlign="LEFT")
        header_colour = colors.HexColor("#555555") if finding.waived else SEVERITY_INK[finding.severity]
        table.setStyle(
            _grid_style(
                header=False,
                extra=[
                    ("SPAN", (0, 0), (-1, 0)),
                    ("BACKGROUND", (0, 0), (-1, 0), header_colour),
                    ("BACKGROUND", (0, 1), (0, -1), BAND),
                    ("BOX", (0, 0), (-1, -1), 0.5, header_colour),
                ],
            )
        )
        return table

    def waivers(self) -> None:
        review = self.review
        self.heading("Waivers applied")
        waived = [finding for finding in review.findings if finding.waiver is not None]
        if not waived:
            self.paragraph("No waiver was applied to this filing.")
            return
        self.paragraph(
            "Findings the Board has approved setting aside under 58 Pa. Code § 601a.4. They stay listed above, "
            "marked, and do not count against the verdict."
        )
        data = [_header_cells(("Rule", "Table", "Justification", "Approval", "Expires"))]
        for finding in waived:
            waiver = finding.waiver
            assert waiver is not None
            data.append(
                [
                    _p(_text(finding.rule_id)),
                    _p(_text(waiver.table_id or finding.table_id or "all")),
                    _p(
                        _text(waiver.justification)
                        + (f"<br/><font size=6.5>{_text(waiver.source)}</font>" if waiver.source else "")
                    ),
                    _p(_text(waiver.approval_reference)),
                    _p(_text(waiver.expires.isoformat())),
                ]
            )
        table = _grid(data, [0.85 * inch, 0.75 * inch, 2.55 * inch, 1.65 * inch, None], repeatRows=1, hAlign="LEFT")
        table.setStyle(_grid_style())
        self.add(table)
