"""A filing-wide rule: a filed paytable whose figure the Board published and pacomply does not reproduce as the
chapter prints it.

Such a paytable is lawful (the chapter permits it), so this is never an error: it tells the reviewer that the
Board's own figure for it and the chapter's text disagree, or that the Board's figure could not be reproduced, so
the figure the filing is held to deserves a look.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from pacomply.checker.registry import CheckContext, Finding, Rule, Severity, make_doc
from pacomply.regulations.citation import RULES_SUBMISSIONS, cite

if TYPE_CHECKING:
    from pacomply.checker.reconciliation import Reconciliation
    from pacomply.submissions.model import TableConfiguration

CODE = "FIL-015"


def _selected_paytable_figures(context: CheckContext, rule: Rule) -> Iterator[Finding]:
    from pacomply.checker.reconciliation import Verdict, explanation_sentence, reconcile
    from pacomply.regulations import published

    selections: dict[tuple[str, str, str], TableConfiguration] = {}
    for table in context.filing.tables:
        for offered in table.wagers:
            if offered.paytable is None:
                continue
            key = (table.chapter, offered.wager, offered.paytable)
            selections.setdefault(key, table)
    wanted = {
        figure.id: figure
        for chapter, wager, paytable in selections
        for figure in published.figures(chapter)
        if figure.wager == wager
        and figure.rule_change is None
        and figure.percent is not None
        and (figure.paytable is None or figure.paytable == paytable)
    }
    if not wanted:
        return
    items = reconcile(figures=[wanted[figure_id] for figure_id in sorted(wanted)])
    for (chapter, wager, paytable), table in sorted(selections.items(), key=lambda entry: entry[0]):
        for item in items:
            figure = item.figure
            if (figure.chapter, figure.wager) != (chapter, wager) or figure.paytable not in (None, paytable):
                continue
            if not item.verdict.needs_attention or not _about_paytable(item, paytable):
                continue
            severity = Severity.WARNING if item.verdict == Verdict.REPRODUCED_UNDER_READING else Severity.INFO
            yield rule.finding(
                f"{_wager_name(chapter, wager)}, paytable {paytable}: the Board published {figure.percent} % "
                f"{figure.measure.value} ({figure.source.key}, {figure.source.item}); verdict: {item.verdict.value}. "
                f"{explanation_sentence(item.explanation)}",
                location=table.location_of("wagers"),
                table=table,
                citation=figure.citation,
                severity=severity,
                fix="Check which figure the filing is held to: see 'pacomply published "
                f"{chapter}' and the reading the review relied on; nothing to change where the chapter's paytable "
                "is the one intended.",
            )


def _about_paytable(item: Reconciliation, paytable: str) -> bool:
    """Whether a Board figure is about the filed paytable: the Board named it, or, where the Board printed figures
    for the wager without naming paytables, the figure was priced on it (a figure taken for another paytable, or for
    one the chapter does not print, is about another paytable)."""
    if item.figure.paytable is not None:
        return item.figure.paytable == paytable
    if f"{item.figure.id} -> none" in dict(item.evidence).get("assignment", ""):
        return False
    shown = item.pacomply_figure
    return shown is None or shown.paytable in (None, paytable)


def _wager_name(chapter: str, wager: str) -> str:
    from pacomply import regulations

    try:
        return regulations.rulebook(chapter).wager(wager).name
    except KeyError:
        return wager


RULES = (
    Rule(
        code=CODE,
        name="filing.board-figure-not-reproduced",
        chapter=None,
        severity=Severity.INFO,
        citation=RULES_SUBMISSIONS,
        summary="A filed paytable whose Board-published figure pacomply does not reproduce is pointed out.",
        doc=make_doc(
            what="Points the reviewer at each paytable a table offers whose figure the Board published "
            "(`pacomply published`) when that figure is reproduced only under another reading of the chapter "
            "(a warning: the chapter's text and the Board disagree), is a Board misprint, or is not reproduced "
            "(information). The finding cites the chapter's paytable subsection and names the Board's document.",
            why="A reviewer compares a filing's math with the Board's published figures; where the two disagree "
            "the reviewer needs to know which figure the filing is held to and why they differ.",
            example="Tables sheet: a DJ Wild Stud Poker table offering trips with paytable DJWT-07",
            instead="Nothing needs to change where the chapter's paytable is the one intended; the finding records "
            "that the Board's 91.454 % is reproduced only with the Three of a Kind row of DJWT-04 to -06.",
            citation=RULES_SUBMISSIONS,
            more=(cite("687a.12(d)"),),
        ),
        fix="Check which figure the filing is held to (pacomply published CHAPTER).",
        check_function=_selected_paytable_figures,
        asks_no_change=True,
    ),
)
