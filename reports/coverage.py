"""The coverage matrix of a chapter as text or JSON (``pacomply rules --coverage NNNa``).

Each subsection of the chapter appears once, in text order, with the rules that check it or the reason it cannot
be checked from a filing, and whether the conformance suite breaks it by a one-step mutation (the subsections
``checker.conformance`` generates a mutation for). The output is sorted by the text and byte-identical for the same
rulebook.
"""

from __future__ import annotations

import json

from pacomply.checker.conformance import within
from pacomply.checker.registry import Rule
from pacomply.regulations.citation import Citation
from pacomply.regulations.coverage import CoverageMatrix

_TEXT_WIDTH = 14
_MUTATED = "mutated"


def _counts(matrix: CoverageMatrix) -> tuple[int, int]:
    checked = sum(1 for entry in matrix.entries if entry.checked)
    return checked, len(matrix.entries) - checked


def _is_mutated(citation: Citation, mutated: frozenset[Citation]) -> bool:
    """Whether a mutation targets the subsection or a paragraph of it (§ 686a.3(b)(1) is within § 686a.3(b))."""
    return any(within(found, citation) for found in mutated)


def _mutated_count(matrix: CoverageMatrix, mutated: frozenset[Citation]) -> int:
    return sum(1 for entry in matrix.entries if _is_mutated(entry.citation, mutated))


def render_text(matrix: CoverageMatrix, title: str, mutated: frozenset[Citation] = frozenset()) -> bytes:
    """One line per subsection: citation, rule ids (or 'not checkable: reason'), 'mutated' where the conformance
    suite breaks the subsection by a one-step mutation ('-' where it does not), topic and note."""
    checked, unchecked = _counts(matrix)
    lines = [
        f"Coverage of 58 Pa. Code chapter {matrix.chapter} ({title}): {len(matrix.entries)} subsections, "
        f"{checked} checked by a rule, {unchecked} not checkable from a filing alone; "
        f"{_mutated_count(matrix, mutated)} mutated by the conformance suite",
        "",
    ]
    for entry in matrix.entries:
        column = ", ".join(entry.rule_ids) if entry.rule_ids else "-"
        suite = _MUTATED if _is_mutated(entry.citation, mutated) else "-"
        line = f"{entry.citation.short:<{_TEXT_WIDTH}} {column:<30} {suite:<{len(_MUTATED)}} {entry.topic}"
        if entry.reason is not None:
            line += f" [{'also ' if entry.rule_ids else ''}not checkable: {entry.reason.value}]"
        if entry.note:
            line += f" — {entry.note}"
        lines.append(line.rstrip())
    if matrix.unlabelled:
        lines += ["", "Cited by the Board but printed without a label in the published text: "
                  + ", ".join(citation.short for citation in matrix.unlabelled)]  # fmt: skip
    return ("\n".join(lines) + "\n").encode("utf-8")


def render_json(
    matrix: CoverageMatrix, title: str, rules: tuple[Rule, ...], mutated: frozenset[Citation] = frozenset()
) -> bytes:
    """The matrix as JSON (schema ``pacomply.coverage/1``), each rule id with its summary and severity, and each
    subsection's ``mutated``: whether the conformance suite breaks it by a one-step mutation."""
    by_code = {rule.code: rule for rule in rules}
    checked, unchecked = _counts(matrix)
    document = {
        "schema": "pacomply.coverage/1",
        "chapter": matrix.chapter,
        "title": title,
        "subsections": len(matrix.entries),
        "checked": checked,
        "not_checkable": unchecked,
        "mutated": _mutated_count(matrix, mutated),
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
                "mutated": _is_mutated(entry.citation, mutated),
                "note": entry.note,
            }
            for entry in matrix.entries
        ],
        "unlabelled": [citation.short for citation in matrix.unlabelled],
    }
    return (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
