"""``pacomply published`` as text: one block per chapter, one entry per Board figure (the Board's figure,
pacomply's at the Board's precision, the verdict, the explanation and evidence, both sources), then the verdicts
counted. The facts are the JSON's (``reports.reconciliation.published_json``), arranged for reading."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from typing import TYPE_CHECKING

from pacomply.reports import wording
from pacomply.reports.reconciliation import (
    WIDTH,
    board_text,
    evidence_rows,
    figure_subject,
    pacomply_text,
    sorted_reconciliations,
    source_text,
)

if TYPE_CHECKING:
    from pacomply.checker.reconciliation import Reconciliation


def published_text(items: Iterable[Reconciliation]) -> str:
    """The ``pacomply published`` text: one block per chapter, one entry per Board figure."""
    from pacomply.checker.reconciliation import Verdict

    from pacomply import regulations

    lines: list[str] = []
    chapter = None
    counts: dict[str, int] = {}
    for item in sorted_reconciliations(items):
        figure = item.figure
        if figure.chapter != chapter:
            chapter = figure.chapter
            if lines:
                lines.append("")
            lines.append(f"{chapter} {regulations.CHAPTER_TITLES.get(chapter, '')}".rstrip())
        counts[item.verdict.value] = counts.get(item.verdict.value, 0) + 1
        if item.verdict == Verdict.NO_FIGURE and item.figure.value is None:
            # Nothing published, so nothing to set beside pacomply's: one sentence, not a row of 'no figure'.
            held = source_text(item).removeprefix("none held: ")
            said = f"No Board figure to set beside pacomply's: {held}."
            lines.extend(textwrap.wrap(said, WIDTH, initial_indent="  ", subsequent_indent="    "))
            lines.append(f"    pacomply's own figures: 'pacomply edge {figure.chapter}' ({figure.citation})")
            continue
        subject = figure_subject(item).removeprefix("the ")
        what = subject[:1].upper() + subject[1:]
        ours = pacomply_text(item)
        lines.append(
            f"  {what:<52} Board {board_text(item):<28} "
            + (f"pacomply {ours:<10} " if ours else f"{'':<19} ")
            + item.verdict.value
        )
        explanation = wording.without_reading_ids(wording.plain(item.explanation))
        lines.extend(textwrap.wrap(explanation, WIDTH, initial_indent="      ", subsequent_indent="      "))
        for _figure, label, value in evidence_rows([item]):
            lines.extend(
                textwrap.wrap(f"{label}: {value}", WIDTH, initial_indent="      ", subsequent_indent="        ")
            )
        lines.append(f"      Board: {source_text(item)}")
        lines.append(f"      pacomply: {figure.citation}")
    lines.append("")
    lines.append("verdicts: " + ", ".join(f"{count} {verdict}" for verdict, count in sorted(counts.items())))
    return "\n".join(lines) + "\n"
