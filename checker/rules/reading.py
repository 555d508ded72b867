"""What the reader did with a file beyond reading typed values, said in the review (ids FIL-020 and FIL-021).

A reader never decides a verdict by how it read a file, but a reviewer must be able to see it: a formula read at the
value the spreadsheet saved with it, a very hidden sheet left out of the filing. The readers record each as a
:class:`submissions.model.ReadingNote` at its cell or sheet; these rules report them as information.
"""

from __future__ import annotations

from collections.abc import Iterator

from pacomply.checker.registry import CheckContext, CheckFunction, Finding, Rule, Severity, make_doc
from pacomply.regulations.citation import RULES_SUBMISSIONS
from pacomply.submissions.model import ReadingNoteKind


def _notes_of(kind: ReadingNoteKind) -> CheckFunction:
    """A check reporting each of the filing's reading notes of ``kind`` at its place."""

    def check(context: CheckContext, rule: Rule) -> Iterator[Finding]:
        for note in context.filing.reading_notes:
            if note.kind == kind:
                yield rule.finding(note.message, note.location)

    return check


FORMULA_SAVED_VALUE = Rule(
    code="FIL-020",
    name="filing.formula-read-at-saved-value",
    chapter=None,
    severity=Severity.INFO,
    citation=RULES_SUBMISSIONS,
    summary="A typed value given by a formula is read at the value the spreadsheet saved with it.",
    doc=make_doc(
        what="Names each cell of a typed value (an answer, a Tables column, the Date Filed) that holds a formula, "
        "and the value saved with the formula that the review read in its place.",
        why="A Rules Submission under § 601a.2 states the licensee's choices; the figure the filer saw in the "
        "spreadsheet is the one filed, and the reviewer should know it was computed rather than typed.",
        example="Tables sheet: Discard Rack Height (mm) =6*52*0.3, which the spreadsheet saved as 93.6",
        instead="Tables sheet: Discard Rack Height (mm) 93.6",
        citation=RULES_SUBMISSIONS,
    ),
    fix="Nothing is required; to file the figure as typed, replace the formula by its value.",
    check_function=_notes_of(ReadingNoteKind.FORMULA_SAVED_VALUE),
)

VERY_HIDDEN_SHEET = Rule(
    code="FIL-021",
    name="filing.very-hidden-sheet-left-out",
    chapter=None,
    severity=Severity.INFO,
    citation=RULES_SUBMISSIONS,
    summary="A very hidden sheet of the workbook is no part of the filing and is not read.",
    doc=make_doc(
        what="Names each sheet of the workbook whose state is very hidden; it was left out of the filing.",
        why="The filing is what its filer can see: visible sheets, and hidden ones that a menu shows again. No "
        "menu shows a very hidden sheet (only a macro editor or an edit of the file does), so it is not the "
        "Rules Submission of § 601a.2, and a leftover draft there must not count as a second checklist.",
        example="a very hidden sheet '686a (old draft)' beside the sheet '686a'",
        instead="the draft sheet deleted from the workbook",
        citation=RULES_SUBMISSIONS,
    ),
    fix="Nothing is required; delete the sheet if it is not meant to travel with the filing, or unhide it and "
    "merge its answers if it is.",
    check_function=_notes_of(ReadingNoteKind.VERY_HIDDEN_SHEET),
)

RULES = (FORMULA_SAVED_VALUE, VERY_HIDDEN_SHEET)
