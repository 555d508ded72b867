"""The Board's decision letter to a licensee, as a PDF made from the review the decision rests on: a deficiency
notice (changes requested), an approval, or an approval in part. It cites every finding the decision turns on, each
with its rule, citation, table, place and what becomes of it (to be corrected, waived with the Board's reference,
withdrawn by the Board). It names no reviewer and carries no internal note: it is what goes to the licensee.

Every page's header holds the licensee's name on the left and the page number on the right; a long name is
shortened with an ellipsis to the room left of the page number, never drawn over it (the full name is in the
letter's body, where it wraps).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any
from xml.sax.saxutils import escape

from pacomply.workspace.models import LetterKind

FONT = "PacomplyLetter"
HEADER_SIZE = 8.5
PAGE_NUMBER_GAP = 12.0
"""Points kept free between the end of the header's licensee name and the page number."""


@dataclass(frozen=True, slots=True)
class LetterFinding:
    """A finding as the letter cites it."""

    rule_id: str
    severity: str
    citation: str
    table: str
    place: str
    message: str
    fix: str
    outcome: str

    @classmethod
    def from_json(cls, finding: dict[str, Any], outcome: str) -> LetterFinding:
        location = finding.get("location") or {}
        return cls(
            rule_id=str(finding.get("rule_id") or ""),
            severity=str(finding.get("severity") or ""),
            citation=str(finding.get("citation") or ""),
            table=str(finding.get("table_id") or ""),
            place=str(location.get("text") or ""),
            message=str(finding.get("message") or ""),
            fix=str(finding.get("fix") or ""),
            outcome=outcome,
        )


def _font() -> str:
    from pacomply.reports.pdf import register_fonts

    return register_fonts(FONT)


def fitted(text: str, font: str, size: float, width: float) -> str:
    """``text`` as drawn in ``width`` points: whole, or cut at a character and ended with an ellipsis."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if stringWidth(text, font, size) <= width:
        return text
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if stringWidth(text[:middle].rstrip() + "…", font, size) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


_OPENING = {
    LetterKind.DEFICIENCY_NOTICE: (
        "Deficiency notice",
        "The Board has reviewed this Rules Submission and cannot approve it as filed. The findings below must be "
        "corrected; file the corrected Rules Submission as a new submission, which is reviewed afresh.",
    ),
    LetterKind.APPROVAL: (
        "Approval",
        "The Board has reviewed this Rules Submission and approves it as filed. Any finding listed below was "
        "waived or withdrawn by the Board as stated.",
    ),
    LetterKind.APPROVAL_IN_PART: (
        "Approval in part",
        "The Board has reviewed this Rules Submission and approves it except for the findings marked 'to be "
        "corrected' below, which are not approved. File the corrected parts as a new submission.",
    ),
}


def render_letter(
    *,
    kind: LetterKind,
    submission_id: int,
    licensee: str,
    file_name: str,
    sha256: str,
    chapters: list[str],
    date_filed: date,
    review_id: int,
    verdict: str,
    findings: list[LetterFinding],
    issued: datetime,
) -> bytes:
    """The letter's PDF (US Letter); the same arguments give the same bytes."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import LETTER
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import inch
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    font = _font()
    width, height = LETTER
    margin = 0.75 * inch
    body = ParagraphStyle("body", fontName=font, fontSize=10, leading=13, spaceAfter=6)
    cell = ParagraphStyle("cell", fontName=font, fontSize=8, leading=10)
    title_style = ParagraphStyle("title", fontName=f"{font}-Bold", fontSize=16, leading=20, spaceAfter=8)
    title, opening = _OPENING[kind]

    def page(canvas: Any, document: Any) -> None:
        canvas.saveState()
        canvas.setFont(font, HEADER_SIZE)
        number = f"Page {document.page}"
        number_width = canvas.stringWidth(number, font, HEADER_SIZE)
        room = width - 2 * margin - number_width - PAGE_NUMBER_GAP
        canvas.drawString(margin, height - 0.5 * inch, fitted(f"{licensee} · {title} · filing {submission_id}",
                                                             font, HEADER_SIZE, room))
        canvas.drawRightString(width - margin, height - 0.5 * inch, number)
        canvas.restoreState()

    def text(value: str) -> str:
        return escape(value)

    story: list[Any] = [
        Paragraph("Pennsylvania Gaming Control Board · Rules Submission review", body),
        Paragraph(text(title), title_style),
        Paragraph(f"To: <b>{text(licensee)}</b>", body),
        Paragraph(f"Issued {issued:%Y-%m-%d} · filing {submission_id} · review {review_id}", body),
        Paragraph(
            f"Rules Submission filed {date_filed.isoformat()}, chapters {text(', '.join(chapters))}; file "
            f"{text(file_name)} (SHA-256 {sha256}).",
            body,
        ),
        Paragraph(f"pacomply's verdict on this review: {text(verdict)}.", body),
        Spacer(1, 6),
        Paragraph(text(opening), body),
    ]
    if findings:
        rows = [[Paragraph(f"<b>{label}</b>", cell) for label in ("Rule", "Citation", "Table · place", "Finding",
                                                                 "Outcome")]]
        for item in findings:
            rows.append(
                [
                    Paragraph(text(f"{item.rule_id} ({item.severity})"), cell),
                    Paragraph(text(item.citation), cell),
                    Paragraph(text(" · ".join(part for part in (item.table, item.place) if part)), cell),
                    Paragraph(text(item.message) + (f"<br/><i>{text(item.fix)}</i>" if item.fix else ""), cell),
                    Paragraph(text(item.outcome), cell),
                ]
            )
        content = width - 2 * margin
        table = Table(rows, colWidths=[0.13 * content, 0.15 * content, 0.17 * content, 0.4 * content,
                                       0.15 * content], repeatRows=1)
        table.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), font, 8),
                    ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#A6A6A6")),
                    ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#F2F2F2")),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ]
            )
        )
        story += [Spacer(1, 6), Paragraph(f"Findings cited ({len(findings)})", title_style), table]
    else:
        story.append(Paragraph("No finding is cited.", body))
    buffer = io.BytesIO()
    document = SimpleDocTemplate(
        buffer,
        pagesize=LETTER,
        leftMargin=margin,
        rightMargin=margin,
        topMargin=0.8 * inch,
        bottomMargin=0.75 * inch,
        title=f"{title} — filing {submission_id}",
        author="Pennsylvania Gaming Control Board",
        creator="pacomply workspace",
        invariant=1,
    )
    document.build(story, onFirstPage=page, onLaterPages=page)
    return buffer.getvalue()
