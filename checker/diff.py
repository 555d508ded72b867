"""What changed between two submissions of a filing: answers, tables, metadata, and findings added and resolved.

One implementation for ``pacomply diff`` and the workspace's history page. It compares the filing model (not the
files' bytes), so an xlsx and its JSON twin compare equal, and every value as read, never as typed: ``10%`` and
``0.1`` shown as a percentage, ``YES`` and ``yes``, ``$25,000`` and ``25000`` are no change. Findings compare by
rule, chapter, table and message, not by the cell or field they point at: a table moved one row down in an
amendment is not a new finding, and the same finding in the workbook and in its JSON form is the same finding.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from enum import Enum
from typing import Any

from pacomply.checker.registry import Finding
from pacomply.submissions.model import Filing

DIFF_SCHEMA = "pacomply.diff/1"


@dataclass(frozen=True, slots=True)
class FindingSummary:
    """A finding as the diff sees it: what it is about, and enough to describe it."""

    rule_id: str
    chapter: str
    table_id: str
    place: str
    severity: str
    citation: str
    message: str

    @property
    def key(self) -> tuple[str, str, str, str]:
        """Identity across two reviews: rule, chapter, table and message, not where the filing put the value."""
        return (self.rule_id, self.chapter, self.table_id, self.message)

    @classmethod
    def from_finding(cls, finding: Finding) -> FindingSummary:
        """From a finding of a review made in this process."""
        return cls(
            rule_id=finding.rule_id,
            chapter=finding.chapter or "",
            table_id=finding.table_id or "",
            place=_place(str(finding.location) if finding.location is not None else ""),
            severity=finding.severity.value,
            citation=str(finding.citation),
            message=finding.message,
        )

    @classmethod
    def from_json(cls, finding: Mapping[str, Any]) -> FindingSummary:
        """From one finding of a stored ``pacomply.review/1`` document."""
        location = finding.get("location") or {}
        return cls(
            rule_id=str(finding.get("rule_id", "")),
            chapter=str(finding.get("chapter") or ""),
            table_id=str(finding.get("table_id") or ""),
            place=_place(str(location.get("text") or "")),
            severity=str(finding.get("severity", "")),
            citation=str(finding.get("citation", "")),
            message=str(finding.get("message", "")),
        )


def _place(text: str) -> str:
    # A file name is not a place: the same cell of two files of one filing is the same place.
    return "" if text.endswith((".xlsx", ".xlsm", ".json", ".pdf")) else text


@dataclass(frozen=True, slots=True)
class Change:
    """One value that differs: where (a readable path) and the text before and after ('' when absent)."""

    where: str
    old: str
    new: str

    @property
    def kind(self) -> str:
        """'added', 'removed' or 'changed'."""
        if not self.old:
            return "added"
        if not self.new:
            return "removed"
        return "changed"


@dataclass(frozen=True, slots=True)
class FilingDiff:
    """Every difference between an older and a newer submission, each list sorted."""

    old_source: str
    new_source: str
    metadata: tuple[Change, ...]
    chapters_added: tuple[str, ...]
    chapters_removed: tuple[str, ...]
    answers: tuple[Change, ...]
    tables_added: tuple[str, ...]
    tables_removed: tuple[str, ...]
    tables: tuple[Change, ...]
    findings_added: tuple[FindingSummary, ...]
    findings_resolved: tuple[FindingSummary, ...]

    @property
    def unchanged(self) -> bool:
        """True when nothing differs."""
        return not (
            self.metadata
            or self.chapters_added
            or self.chapters_removed
            or self.answers
            or self.tables_added
            or self.tables_removed
            or self.tables
            or self.findings_added
            or self.findings_resolved
        )

    def to_json(self) -> dict[str, Any]:
        """The diff as a JSON-ready dict (schema ``pacomply.diff/1``)."""

        def changes(items: Iterable[Change]) -> list[dict[str, str]]:
            return [{"where": item.where, "kind": item.kind, "old": item.old, "new": item.new} for item in items]

        def findings(items: Iterable[FindingSummary]) -> list[dict[str, str]]:
            return [
                {
                    "rule_id": item.rule_id,
                    "chapter": item.chapter,
                    "table_id": item.table_id,
                    "place": item.place,
                    "severity": item.severity,
                    "citation": item.citation,
                    "message": item.message,
                }
                for item in items
            ]

        return {
            "schema": DIFF_SCHEMA,
            "old": self.old_source,
            "new": self.new_source,
            "unchanged": self.unchanged,
            "metadata": changes(self.metadata),
            "chapters": {"added": list(self.chapters_added), "removed": list(self.chapters_removed)},
            "answers": changes(self.answers),
            "tables": {
                "added": list(self.tables_added),
                "removed": list(self.tables_removed),
                "changed": changes(self.tables),
            },
            "findings": {"added": findings(self.findings_added), "resolved": findings(self.findings_resolved)},
        }


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "Yes" if value else "No"  # as the checklists spell their answers
    if isinstance(value, Decimal):
        # 0.30 in a workbook and 0.3 in a PDF are the same figure.
        return format(value.normalize(), "f")
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return ", ".join(_text(item) for item in value)
    if isinstance(value, dict):
        return ", ".join(f"{key}={_text(item)}" for key, item in sorted(value.items()))
    return str(value)


def _compare(prefix: str, old: Mapping[str, Any], new: Mapping[str, Any]) -> list[Change]:
    result = []
    for key in sorted(set(old) | set(new)):
        before, after = _text(old.get(key)), _text(new.get(key))
        if before != after:
            result.append(Change(f"{prefix}{key}", before, after))
    return result


def _table_fields(filing: Filing) -> dict[str, dict[str, Any]]:
    # Where a value was read is not part of what was filed; the wagers compare as 'wager (paytable)'.
    tables = {}
    for table in filing.tables:
        fields = table.model_dump(exclude={"locations", "table_id", "wagers"})
        fields["wagers"] = sorted(
            wager.wager + (f" ({wager.paytable})" if wager.paytable else "") for wager in table.wagers
        )
        tables[table.table_id] = fields
    return tables


def diff_filings(
    old: Filing,
    new: Filing,
    old_findings: Sequence[FindingSummary] = (),
    new_findings: Sequence[FindingSummary] = (),
) -> FilingDiff:
    """The differences between two submissions, and between the findings of their reviews."""
    old_meta = old.metadata.model_dump(exclude={"locations"})
    new_meta = new.metadata.model_dump(exclude={"locations"})
    answers: list[Change] = []
    for chapter in sorted(set(old.chapters) & set(new.chapters)):
        # The answers as read, not as typed: '10%' and a cell holding 0.1 shown as a percentage are both 10, 'YES'
        # and 'yes' are both Yes; only what the review reads can change its findings.
        before = {key: answer.value for key, answer in old.chapters[chapter].answers.items()}
        after = {key: answer.value for key, answer in new.chapters[chapter].answers.items()}
        answers.extend(_compare(f"{chapter}.", before, after))
    old_tables, new_tables = _table_fields(old), _table_fields(new)
    tables: list[Change] = []
    for table_id in sorted(set(old_tables) & set(new_tables)):
        tables.extend(_compare(f"{table_id}.", old_tables[table_id], new_tables[table_id]))
    old_keys = {finding.key: finding for finding in old_findings}
    new_keys = {finding.key: finding for finding in new_findings}
    return FilingDiff(
        old_source=old.source,
        new_source=new.source,
        metadata=tuple(_compare("", old_meta, new_meta)),
        chapters_added=tuple(sorted(set(new.chapters) - set(old.chapters))),
        chapters_removed=tuple(sorted(set(old.chapters) - set(new.chapters))),
        answers=tuple(answers),
        tables_added=tuple(sorted(set(new_tables) - set(old_tables))),
        tables_removed=tuple(sorted(set(old_tables) - set(new_tables))),
        tables=tuple(tables),
        findings_added=tuple(new_keys[key] for key in sorted(set(new_keys) - set(old_keys))),
        findings_resolved=tuple(old_keys[key] for key in sorted(set(old_keys) - set(new_keys))),
    )


def diff_text(diff: FilingDiff) -> str:
    """The diff for a terminal or a text file: one line per difference, grouped, '+' added, '-' removed."""
    lines = [f"pacomply diff: {diff.old_source or 'old'} -> {diff.new_source or 'new'}"]
    if diff.unchanged:
        lines.append("No differences: the same answers, tables and findings.")
        return "\n".join(lines) + "\n"

    def section(title: str, changes: Sequence[Change]) -> None:
        if changes:
            lines.append("")
            lines.append(f"{title} ({len(changes)})")
            for change in changes:
                lines.append(f"  ~ {change.where}: {change.old or '(blank)'!s} -> {change.new or '(blank)'!s}")

    def names(title: str, added: Sequence[str], removed: Sequence[str]) -> None:
        if added or removed:
            lines.append("")
            lines.append(title)
            lines.extend(f"  + {name}" for name in added)
            lines.extend(f"  - {name}" for name in removed)

    section("Filing", diff.metadata)
    names("Chapters", diff.chapters_added, diff.chapters_removed)
    section("Answers", diff.answers)
    names("Tables", diff.tables_added, diff.tables_removed)
    section("Table settings", diff.tables)
    for title, mark, items in (
        ("Findings added", "+", diff.findings_added),
        ("Findings resolved", "-", diff.findings_resolved),
    ):
        if items:
            lines.append("")
            lines.append(f"{title} ({len(items)})")
            for item in items:
                where = ", ".join(part for part in (item.table_id, item.place) if part)
                lines.append(
                    f"  {mark} {item.rule_id} [{item.severity}] {item.citation}"
                    + (f" ({where})" if where else "")
                    + f": {item.message}"
                )
    return "\n".join(lines) + "\n"
