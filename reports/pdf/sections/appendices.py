"""The end of the document: the readings relied on, the attestation block, and the appendix of evidence for
the Board-figure verdicts."""

from __future__ import annotations

from pacomply.reports import wording
from pacomply.reports.content import filing_id
from pacomply.reports.pdf.breaks import _Together
from pacomply.reports.pdf.paragraphs import _p, _Tagged, _text
from pacomply.reports.pdf.sections.story import _StoryBase
from pacomply.reports.pdf.styles import CONTENT_WIDTH, FONT, INK
from pacomply.reports.pdf.tables import _Grid, _grid_style, _header_cells, _key_value_table, _tag_cells
from pacomply.reports.reconciliation import EVIDENCE_COLUMNS, evidence_rows
from reportlab.lib.units import inch
from reportlab.platypus import Spacer, Table, TableStyle

#: The title of the last section, after the attestation: the evidence for the Board-figure verdicts.
EVIDENCE_TITLE = "Appendix: evidence for the Board-figure verdicts"


class ClosingSections(_StoryBase):
    """The readings, the attestation and the evidence appendix."""

    def evidence(self) -> None:
        """The appendix of the evidence for the Board-figure verdicts: one row per piece of evidence, named in
        words, as the text review's appendix gives it."""
        review = self.review
        self.heading(EVIDENCE_TITLE)
        rows = evidence_rows(review.published)
        if not rows:
            # The section is always there, so the sections keep their numbers for every filing.
            self.paragraph("No Board figure about the wagers filed has evidence to set out.")
            return
        self.paragraph(
            "What each verdict on the Board's published figures rests on, figure by figure in the order of the "
            "Board's lists: the readings tried, the gaps measured and the figures reproduced."
        )
        data = [_header_cells(EVIDENCE_COLUMNS)]
        data += [[_p(_text(value)) for value in row] for row in rows]
        table = _Grid(_tag_cells(data), colWidths=[1.3 * inch, 1.8 * inch, None], repeatRows=1)
        table.setStyle(_grid_style())
        self.add(table)

    def readings(self) -> None:
        review = self.review
        self.heading("Readings of the regulation relied on")
        if not review.readings:
            self.paragraph("The chapters filed record no ambiguous point.")
            return
        self.paragraph("Where a chapter is ambiguous pacomply records the reading it applies, and why.")
        for chapter, reading in review.readings:
            self.add(
                _Together(
                    [
                        self.subheading(f"{wording.without_reading_ids(reading.topic)} ({chapter})"),
                        _key_value_table(
                            [
                                ("Citation", _text(reading.citation)),
                                ("Reading", _text(wording.without_reading_ids(reading.choice))),
                                ("Reason", _text(wording.without_reading_ids(reading.reason))),
                            ],
                            1.2 * inch,
                        ),
                    ]
                )
            )

    def attestation(self) -> None:
        review = self.review
        self.heading("Attestation")
        heading = self.flowables.pop()
        statement = _Tagged(
            f"I have read this review of the Rules Submission of {_text(review.filing.metadata.licensee)} dated "
            f"{_text(review.filing.metadata.date_filed.isoformat())} (filing id {_text(filing_id(review))}), "
            "including every finding and waiver listed, and the wager figures set out above.",
            self.styles.body,
        )
        signature = [
            [_p("<b>For the licensee</b>"), _p("<b>For the Pennsylvania Gaming Control Board</b>")],
            [_p(f"Name: {_text(review.filing.metadata.reviewed_by)}"), _p("Name:")],
            [_p("Title:"), _p("Title:")],
            [_p("Signature:"), _p("Signature:")],
            [_p("Date:"), _p("Date:")],
        ]
        for cell in signature[0]:
            cell.column_header = True
        table = Table(
            _tag_cells(signature), colWidths=[CONTENT_WIDTH / 2] * 2, rowHeights=[18, 28, 28, 40, 28], hAlign="LEFT"
        )
        table.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), FONT, 8),
                    ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                    ("LINEBELOW", (0, 1), (-1, -1), 0.5, INK),
                    ("LEFTPADDING", (0, 0), (-1, -1), 4),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 14),
                ]
            )
        )
        self.add(_Together([heading, statement, Spacer(1, 8), table], whole=True))
