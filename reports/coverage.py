"""The coverage matrix of a chapter as text or JSON (``pacomply rules --coverage NNNa``).

Each subsection of the chapter appears once, in text order, with the rules that check it or the reason it cannot
be checked from a filing. The output is sorted by the text and byte-identical for the same rulebook.
"""

from __future__ import annotations

import json

from pacomply.checker.registry import Rule
from pacomply.regulations.coverage import CoverageMatrix

_TEXT_WIDTH = 14


def _counts(matrix: CoverageMatrix) -> tuple[int, int]:
    checked = sum(1 for entry in matrix.entries if entry.checked)
    return checked, len(matrix.entries) - checked


def render_text(matrix: CoverageMatrix, title: str) -> bytes:
    """One line per subsection: citation, rule ids (or 'not checkable: reason'), topic and note."""
    checked, unchecked = _counts(matrix)
    lines = [
        f"Coverage of 58 Pa. Code chapter {matrix.chapter} ({title}): {len(matrix.entries)} subsections, "
        f"{checked} checked by a rule, {unchecked} not checkable from a filing alone",
        "",
    ]
    for entry in matrix.entries:
        column = ", ".join(entry.rule_ids) if entry.rule_ids else "-"
        line = f"{entry.citation.short:<{_TEXT_WIDTH}} {column:<30} {entry.topic}"
        if entry.reason is not None:
            line += f" [{'also ' if entry.rule_ids else ''}not checkable: {entry.reason.value}]"
        if entry.note:
            line += f" — {entry.note}"
        lines.append(line.rstrip())
    if matrix.unlabelled:
        lines += ["", "Cited by the Board but printed without a label in the published text: "
                  + ", ".join(citation.short for citation in matrix.unlabelled)]  # fmt: skip
    return ("\n".join(lines) + "\n").encode("utf-8")


def render_json(matrix: CoverageMatrix, title: str, rules: tuple[Rule, ...]) -> bytes:
    """The matrix as JSON (schema ``pacomply.coverage/1``), each rule id with its summary and severity."""
    by_code = {rule.code: rule for rule in rules}
    checked, unchecked = _counts(matrix)
    document = {
        "schema": "pacomply.coverage/1",
        "chapter": matrix.chapter,
        "title": title,
        "subsections": len(matrix.entries),
        "checked": checked,
        "not_checkable": unchecked,
        "entries": [
            {
                "citation": entry.citation.short,
                "uri": entry.citation.uri,
                "topic": entry.topic,
                "rules": [
                    {
                        "id": rule_id,
                        "severity": by_code[rule_id].severity.value if rule_id in by_code else None,
                        "summary": by_code[rule_id].summary if rule_id in by_code else None,
                    }
                    for rule_id in entry.rule_ids
                ],
                "reason": entry.reason.value if entry.reason is not None else None,
                "note": entry.note,
            }
            for entry in matrix.entries
        ],
        "unlabelled": [citation.short for citation in matrix.unlabelled],
    }
    return (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
