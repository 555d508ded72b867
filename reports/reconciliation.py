"""The reconciliation with the Board's published figures as every output shows it: ``pacomply published``'s JSON
(its text is ``reports.published_text``), the section of the PDF and Excel reviews, and the Board figure beside each
wager-math row.

The JSON document (:func:`published_json`) is the reference for content; the text and the table rows only
arrange the same facts.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pacomply.regulations import published

if TYPE_CHECKING:
    from pacomply.checker.reconciliation import Reconciliation
    from pacomply.checker.wager_math import WagerMath

WIDTH = 110


def sorted_reconciliations(items: Iterable[Reconciliation]) -> tuple[Reconciliation, ...]:
    """By chapter, then the register's order (the order the Board printed its lists in)."""
    order = {figure.id: position for position, figure in enumerate(published.figures())}
    return tuple(sorted(items, key=lambda item: (item.figure.chapter, order.get(item.figure.id, 0), item.figure.id)))


def board_text(item: Reconciliation) -> str:
    """The Board's figure as printed, with what it measures: '91.454 % payback', '0.43 % hold (low end)'."""
    figure = item.figure
    if figure.percent is None:
        return "no figure"
    end = f" ({figure.range_end.value} end)" if figure.range_end is not None else ""
    return f"{figure.percent} % {figure.measure.value}{end}"


def pacomply_text(item: Reconciliation) -> str:
    """pacomply's figure at the Board's precision (the match, else the nearest); '' where there is none, or where
    the verdict is that there is nothing to price the Board's figure on (a nearest figure would then read as an
    answer the review does not give)."""
    from pacomply.checker.reconciliation import Verdict

    shown = item.pacomply_figure
    if shown is None or item.verdict in (Verdict.UNDECIDABLE, Verdict.NO_FIGURE):
        return ""
    return f"{shown.rounded(item.figure.places)} %"


def rule_change_words(rule_change: tuple[str, str]) -> str:
    """A rule effect's change of rule in words: ('dealer_hits_soft_17', 'yes') → 'dealer hits soft 17',
    ('late_surrender', 'no') → 'no late surrender', ('blackjack_pays', '6/5') → 'blackjack pays 6 to 5'."""
    from pacomply.reports import wording

    field, value = rule_change
    words = wording.identifier_words(field)
    if value == "yes":
        return words
    if value == "no":
        return f"no {words}"
    return f"{words} {value.replace('/', ' to ')}"


def figure_subject(item: Reconciliation) -> str:
    """What the Board's figure is about, in words: 'the Two-Way Bad Beat Bonus Wager, paytable DJWBB-03'; for a
    rule effect, the rule it changes too: 'the Blackjack Wager, changed to dealer hits soft 17' (the three rule
    effects of one wager are otherwise told apart by nothing but pacomply's ids)."""
    from pacomply.reports import wording

    figure = item.figure
    if not figure.wager:
        return f"chapter {figure.chapter}"
    subject = "the " + wording.wager_title(figure.chapter, figure.wager, figure.paytable, None)
    if figure.rule_change is not None:
        subject += f", changed to {rule_change_words(figure.rule_change)}"
    return subject


def figure_label(item: Reconciliation) -> str:
    """The figure named as a reviewer names it, for a table's first column: 'Two-Way Bad Beat Bonus Wager,
    paytable DJWBB-03: 85.904 % payback' (never pacomply's id of the figure)."""
    subject = figure_subject(item).removeprefix("the ")
    return f"{subject[:1].upper()}{subject[1:]}: {board_text(item)}"


def sentence(item: Reconciliation) -> str:
    """The figure and its verdict in one sentence a reviewer can repeat: 'The Board published 85.904 % payback for
    the Two-Way Bad Beat Bonus Wager (RAF 125-223, item (17)); pacomply computes 86.025 %: consistent with
    simulation.' The explanation follows it, in words."""
    from pacomply.checker.reconciliation import explanation_sentence
    from pacomply.reports import wording

    figure = item.figure
    ours = pacomply_text(item)
    said = (
        f"The Board published {board_text(item)} for {figure_subject(item)} ({figure.source.key}, {figure.source.item})"
    )
    if figure.percent is None:
        said = f"The Board published no figure for {figure_subject(item)} ({figure.source.key}, {figure.source.item})"
    computed = f"; pacomply computes {ours}" if ours else ""
    explanation = explanation_sentence(wording.without_reading_ids(wording.plain(item.explanation)).strip())
    tail = f" {explanation}" if explanation else ""
    if tail and not tail.endswith("."):
        tail += "."
    return f"{said}{computed}: {item.verdict.value}.{tail}"


#: The columns of the Board-figure evidence appendix: one row per piece of evidence.
EVIDENCE_COLUMNS = ("Figure", "Evidence", "Value")


def evidence_rows(items: Iterable[Reconciliation]) -> list[tuple[str, str, str]]:
    """Each verdict's evidence as rows of :data:`EVIDENCE_COLUMNS`, named in words, numbers written out."""
    from pacomply.reports import wording

    return [
        (figure_label(item), wording.evidence_label(name), wording.evidence_value(value))
        for item in sorted_reconciliations(items)
        for name, value in item.evidence
    ]


def source_text(item: Reconciliation) -> str:
    """The Board's document and item, short."""
    source = item.figure.source
    if source.published is None:  # no document held: nothing to date
        return f"{source.key}: {source.document}"
    return f"{source.key}, {source.item} ({source.published.isoformat()})"


def published_json(items: Iterable[Reconciliation]) -> list[dict[str, Any]]:
    """The ``pacomply published --format json`` array."""
    return [item.to_json() for item in sorted_reconciliations(items)]


def published_json_text(items: Iterable[Reconciliation]) -> str:
    """The JSON array as printed: indented, keys in a fixed order, ending in a newline."""
    return json.dumps(published_json(items), indent=2, ensure_ascii=False) + "\n"


@dataclass(frozen=True, slots=True)
class BoardBeside:
    """The Board's figure and the verdict beside one wager-math row."""

    figure_id: str
    board: str
    pacomply: str
    verdict: str
    source: str
    compared_reading: str = ""
    """What pacomply's figure compared with the Board's was priced under, in words; '' where no figure of pacomply's
    is compared (undecidable, no figure)."""
    relied_on: bool = True
    """Whether that pricing is the one pacomply relies on for the Board's figure (the reading the review relies on,
    or the strategy the Board's figure states)."""
    row_reading: str = ""
    """What the row's own figure is priced under, in words, for the reading the compared figure answers; '' where
    the row prices no answer to it."""

    @property
    def other_reading(self) -> str:
        """The compared figure's pricing where pacomply does not rely on it for the Board's figure; '' where it does."""
        return "" if self.relied_on else self.compared_reading

    @property
    def verdict_text(self) -> str:
        """The verdict, saying under which reading it holds where that is not the one the comparison relies on
        ('consistent with simulation only under another reading ('the losing hand of either the player or the
        dealer, ...')'), and where the figure compared is not the row's own (633a's Blackjack row is optimal play
        while the Board's figures state basic strategy): the row's reading named beside the compared one."""
        from pacomply.checker.reconciliation import Verdict

        if self.relied_on:
            if not self.row_reading or self.row_reading == self.compared_reading:
                return self.verdict
            return (
                f"{self.verdict} under '{self.compared_reading}', the reading the Board's figure is compared on "
                f"(this row: '{self.row_reading}')"
            )
        if self.row_reading == self.compared_reading:
            verdict = "reproduced" if self.verdict == Verdict.REPRODUCED_UNDER_READING.value else self.verdict
            return (
                f"{verdict} under this row's reading ('{self.row_reading}'), not the one the Board's figure is "
                "compared on"
            )
        if self.verdict == Verdict.REPRODUCED_UNDER_READING.value:
            return f"{self.verdict} ('{self.compared_reading}')"
        return f"{self.verdict} only under another reading ('{self.compared_reading}')"

    def text(self) -> str:
        """'Board 91.454 % payback (RAF 125-223, item (17)): reproduced under another reading ('...')'."""
        return f"Board {self.board} ({self.source}): {self.verdict_text}"

    def to_json(self) -> dict[str, Any]:
        """One entry of a wager-math row's ``board_figures`` list."""
        return {
            "figure": self.figure_id,
            "board": self.board,
            "pacomply": self.pacomply,
            "verdict": self.verdict,
            "source": self.source,
        }


def compared_with(row: WagerMath, item: Reconciliation) -> bool:
    """Whether a Board figure stands beside this row: where the Board did not say which deck count (or paytable) it
    is for, it stands beside the row whose deck count and paytable pacomply compared it with (the match, else the
    nearest), not beside every deck count the wager is offered at; a figure the reconciliation took for no paytable
    the chapter prints stands beside none."""
    shown = item.pacomply_figure
    if f"{item.figure.id} -> none" in dict(item.evidence).get("assignment", ""):
        return False
    if shown is None:
        return True
    if not item.figure.decks and shown.decks != row.decks:
        return False
    return item.figure.paytable is not None or shown.paytable in (None, row.paytable)


def _nearest_text(item: Reconciliation) -> str:
    """pacomply's match, else nearest, figure at the Board's precision whatever the verdict; '-' where none (the
    JSON's field, which keeps what was computed)."""
    shown = item.pacomply_figure
    return "-" if shown is None else f"{shown.rounded(item.figure.places)} %"


def _compared(item: Reconciliation) -> tuple[str, bool]:
    """What pacomply's figure beside the Board's was priced under, in words, and whether pacomply relies on that
    pricing for the Board's figure; ('', True) where no figure of pacomply's is compared (undecidable, no figure)."""
    from pacomply.checker.reconciliation import Verdict

    shown = item.pacomply_figure
    if shown is None or item.verdict in (Verdict.UNDECIDABLE, Verdict.NO_FIGURE):
        return "", True
    return shown.choice, shown.own


def _row_reading(row: WagerMath, item: Reconciliation) -> str:
    """The reading the row's own figure is priced under, in words, for the question the figure compared with the
    Board's answers (the row's relied-on priced reading); '' where the row prices no answer to it."""
    shown = item.pacomply_figure
    if shown is None or shown.reading is None:
        return ""
    return next((p.choice for p in row.priced_readings if p.reading == shown.reading and p.relied_on), "")


def beside(row: WagerMath, items: Iterable[Reconciliation], *, every: bool = False) -> tuple[BoardBeside, ...]:
    """The Board figures that speak of a wager-math row and were compared with it, with their verdicts, as a reader
    gets them (:func:`compared_with`, :func:`pacomply_text`); with ``every`` (the JSON), every figure that speaks of
    the row, each with pacomply's nearest figure."""
    from pacomply.checker.reconciliation import figures_for_row

    entries = []
    for item in sorted_reconciliations(figures_for_row(row, items)):
        if not (every or compared_with(row, item)):
            continue
        compared_reading, relied_on = _compared(item)
        entries.append(
            BoardBeside(
                figure_id=item.figure.id,
                board=board_text(item),
                pacomply=_nearest_text(item) if every else pacomply_text(item),
                verdict=item.verdict.value,
                compared_reading=compared_reading,
                relied_on=relied_on,
                row_reading=_row_reading(row, item),
                source=f"{item.figure.source.key}, {item.figure.source.item}",
            )
        )
    return tuple(entries)


def beside_text(row: WagerMath, items: Iterable[Reconciliation]) -> str:
    """The Board figures of a row in one line ('' where the Board published none)."""
    return "; ".join(entry.text() for entry in beside(row, items))
