"""Waivers: the Board's approval (58 Pa. Code § 601a.4) to set aside a named finding, read from a file and applied.

A waiver file is TOML or YAML (by extension) holding a list ``waiver`` (or ``waivers``) of entries:

    [[waiver]]
    rule = "686A-004"            # the finding's rule id (required)
    table = "OU-4"               # optional: only that table's findings; omitted, the rule's findings filing-wide
    justification = "Rack replaced on order; interim mark verified by the Bureau."
    approval = "PGCB waiver W-2026-117"   # the Board's approval reference under § 601a.4 (required)
    expires = 2027-06-30         # a date (required); from the next day the waiver no longer applies

A malformed file (bad syntax, a missing or unknown key, a key given twice, an unknown rule, a duplicate waiver,
an empty or invisible justification, anchors and aliases, numbers of thousands of digits, deep nesting) is an
:class:`~submissions.errors.InputError` located in the file, so ``validate`` exits 2. A waiver that has expired
is an error finding (FIL-003) and does not apply; a waiver that matches no finding is a warning (FIL-004).
A waived finding keeps its place in every report, marked, and no longer counts toward the verdict.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from datetime import date, datetime
from pathlib import Path
from typing import Any

from pacomply.checker.registry import Finding, Waiver, find_rule
from pacomply.checker.review import Review
from pacomply.checker.rules.filing import WAIVER_EXPIRED, WAIVER_RULES, WAIVER_UNMATCHED
from pacomply.submissions import values
from pacomply.submissions.documents import load_toml, load_yaml, short
from pacomply.submissions.errors import InputError, ProblemCollector
from pacomply.submissions.model import SourceLocation
from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

MAX_WAIVER_FILE_BYTES = 1024 * 1024
_KEYS = {"rule", "table", "justification", "approval", "expires"}


class _WaiverEntry(BaseModel):
    """One waiver as written in the file (the contract; :func:`read_waivers` turns it into a :class:`Waiver`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    rule: str
    table: str | None = None
    justification: str
    approval: str
    expires: date

    @field_validator("rule", "justification", "approval", mode="before")
    @classmethod
    def _visible_text(cls, value: object) -> str:
        # Zero-width and other invisible characters are not a justification: the text must say something.
        if not isinstance(value, str) or values.is_blank(value):
            raise ValueError("must be non-empty text (invisible characters alone do not count)")
        return " ".join(values.clean_text(value).split())

    @field_validator("table", mode="before")
    @classmethod
    def _table_id(cls, value: object) -> str | None:
        # Called only for a table written in the file. Every scalar is read as text (a YAML 'NO' or 'off' is the
        # table named so, not a boolean); an empty value ('table:', '~', 'null') would silently widen the waiver to
        # the rule's findings in every table, so it is refused: leaving the key out is how that is said.
        if value is None:
            raise ValueError("is empty; name the table, or leave 'table' out to waive the rule's findings filing-wide")
        if isinstance(value, bool):
            raise ValueError(f"'{str(value).lower()}' is a yes/no value, not a table id; quote a table named so")
        if not isinstance(value, str | int) or values.is_blank(str(value)):
            raise ValueError("must be a table id")
        return values.display(value)

    @field_validator("expires", mode="before")
    @classmethod
    def _date(cls, value: object) -> date:
        if isinstance(value, datetime):
            return value.date()
        if isinstance(value, date):
            return value
        if isinstance(value, str):
            try:
                return date.fromisoformat(value.strip())
            except ValueError:
                pass
        raise ValueError(f"'{short(value)}' is not a date (expected e.g. 2027-06-30)")


class _WaiverFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    waiver: list[Any] | None = None
    waivers: list[Any] | None = None


def _load(path: Path) -> tuple[Any, str]:
    location = SourceLocation(file=short(path.name, 120))
    try:
        if not path.is_file():
            raise InputError.single(location, f"the waiver file '{short(str(path), 200)}' does not exist")
        if path.stat().st_size > MAX_WAIVER_FILE_BYTES:
            raise InputError.single(location, f"the waiver file is over {MAX_WAIVER_FILE_BYTES:,} bytes; refused")
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError.single(location, "the waiver file is not UTF-8 text") from None
    except OSError as error:  # a name too long for the system (found by fuzzing), a folder without permission
        raise InputError.single(location, f"the waiver file could not be read ({error.strerror or error})") from None
    suffix = path.suffix.lower()
    if suffix == ".toml":
        return load_toml(text, location.file, "a waiver file"), text
    if suffix in {".yaml", ".yml"}:
        return load_yaml(text, location.file, "a waiver file"), text
    raise InputError.single(location, f"'{path.suffix or path.name}' is not a waiver file; expected .toml or .yaml")


def _entry_lines(text: str, suffix: str) -> list[dict[str, int]]:
    """For each waiver entry (in order), the line of the entry ('') and of each of its keys, 1-based.

    tomllib and yaml.safe_load forget where values were; these lines let a problem say where to look.
    """
    import re

    entries: list[dict[str, int]] = []
    if suffix == ".toml":
        for number, line in enumerate(text.splitlines(), start=1):
            if re.match(r"\s*\[\[\s*waivers?\s*\]\]", line):
                entries.append({"": number})
            elif entries and (match := re.match(r"\s*\"?([A-Za-z_]+)\"?\s*=", line)):
                entries[-1].setdefault(match[1], number)
            elif re.match(r"\s*\[", line):
                entries.append({})  # another table: lines after it belong to no waiver
        return [entry for entry in entries if "" in entry]
    import yaml

    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)  # already parsed once without aliases: no bomb here
    except (yaml.YAMLError, RecursionError):
        return []
    if not isinstance(root, yaml.MappingNode):
        return []
    for key_node, value_node in root.value:
        if key_node.value in {"waiver", "waivers"} and isinstance(value_node, yaml.SequenceNode):
            for item in value_node.value:
                lines = {"": item.start_mark.line + 1}
                if isinstance(item, yaml.MappingNode):
                    for item_key, _ in item.value:
                        lines.setdefault(str(item_key.value), item_key.start_mark.line + 1)
                entries.append(lines)
    return entries


_MESSAGES = {
    "missing": "'{key}' is missing",
    "extra_forbidden": "unknown key '{key}' (expected " + ", ".join(sorted(_KEYS)) + ")",
}


def _problem_text(detail: Any, key: str) -> str:
    """A pydantic error in a compliance officer's words, never quoting a whole value."""
    if detail["type"] in _MESSAGES:
        return _MESSAGES[detail["type"]].format(key=short(key))
    message = str(detail.get("msg", "is not valid"))
    return message.removeprefix("Value error, ") if detail["type"] == "value_error" else f"'{key}' {message}"


def read_waivers(path: Path) -> tuple[Waiver, ...]:
    """Every waiver in a TOML or YAML waiver file; :class:`InputError` listing every problem, each located.

    The file's shape is the pydantic model ``_WaiverFile`` and each entry ``_WaiverEntry``; what the model cannot
    say (an unknown rule, a waiver of the waiver rules, a waiver given twice) is checked after it.
    """
    data, text = _load(path)
    lines = _entry_lines(text, path.suffix.lower())
    file_location = SourceLocation(file=path.name)
    if data is None:
        return ()
    if not isinstance(data, dict):
        raise InputError.single(file_location, "a waiver file holds a list named 'waiver' (TOML [[waiver]] tables)")
    try:
        document = _WaiverFile.model_validate(data)
    except ValidationError as error:
        details = error.errors()
        unknown = sorted(short(str(detail["loc"][0])) for detail in details if detail["type"] == "extra_forbidden")
        if unknown:
            message = f"unknown top-level key(s) {', '.join(map(repr, unknown))}"
            raise InputError.single(file_location, message) from None
        raise InputError.single(file_location, "'waiver' must be a list of waivers") from None
    entries = document.waiver if document.waiver is not None else document.waivers or []
    problems = ProblemCollector()
    waivers: list[Waiver] = []
    seen: dict[tuple[str, str | None], str] = {}
    for number, entry in enumerate(entries, start=1):

        def where(key: str | None = None, number: int = number) -> SourceLocation:
            known = lines[number - 1] if number <= len(lines) else {}
            line = known.get(key or "", known.get(""))
            return SourceLocation(
                file=path.name,
                field=f"waiver {number}" + (f", {short(key)}" if key else "") + (f" (line {line})" if line else ""),
            )

        if not isinstance(entry, dict):
            problems.add(where(), "a waiver is a table of rule, justification, approval and expires")
            continue
        try:
            parsed = _WaiverEntry.model_validate(entry)
        except ValidationError as error:
            for detail in error.errors():
                key = str(detail["loc"][0]) if detail["loc"] else ""
                problems.add(where(key or None), _problem_text(detail, key))
            parsed = None
        rule = None
        rule_text = entry.get("rule")
        if isinstance(rule_text, str) and not values.is_blank(rule_text):
            try:
                rule = find_rule(values.clean_text(rule_text))
            except KeyError as error:
                problems.add(where("rule"), str(error.args[0]))
            else:
                if rule in WAIVER_RULES:
                    problems.add(where("rule"), f"{rule.code} is about waivers themselves and cannot be waived")
                    rule = None
        if parsed is None or rule is None:
            continue
        entry_line = lines[number - 1].get("") if number <= len(lines) else None
        identity = (rule.code, parsed.table)
        if identity in seen:
            problems.add(where(), f"waives {rule.code}{_for_table(parsed.table)} again (first as {seen[identity]})")
            continue
        seen[identity] = f"waiver {number}"
        waivers.append(
            Waiver(
                rule_id=rule.code,
                justification=parsed.justification,
                approval_reference=parsed.approval,
                expires=parsed.expires,
                table_id=parsed.table,
                source=f"{path.name}, waiver {number}" + (f" (line {entry_line})" if entry_line else ""),
            )
        )
    problems.raise_if_any()
    return tuple(waivers)


def _for_table(table_id: str | None) -> str:
    return f" for table {table_id}" if table_id else " filing-wide"


def _matches(waiver: Waiver, finding: Finding) -> bool:
    return finding.rule_id == waiver.rule_id and (waiver.table_id is None or finding.table_id == waiver.table_id)


def _waiver_location(waiver: Waiver, key: str | None = None) -> SourceLocation:
    file_name, _, _entry = waiver.source.partition(", ")
    return SourceLocation(file=file_name, field=waiver.source + (f", {key}" if key else ""))


def apply_waivers(review: Review, waivers: Iterable[Waiver], as_of: date) -> Review:
    """The review with each live waiver set on the findings it matches, and FIL-003/FIL-004 findings added.

    ``as_of`` is the day the review is made: a waiver expiring that day still applies; from the next it does not.
    """
    findings = list(review.findings)
    extra: list[Finding] = []
    for waiver in waivers:
        if waiver.expires < as_of:
            extra.append(
                WAIVER_EXPIRED.finding(
                    f"the waiver of {waiver.rule_id}{_for_table(waiver.table_id)} ({waiver.approval_reference}) "
                    f"expired on {waiver.expires.isoformat()}; the findings it covered count again",
                    _waiver_location(waiver, "expires"),
                )
            )
            continue
        matched = False
        for index, finding in enumerate(findings):
            if finding.waiver is None and _matches(waiver, finding):
                findings[index] = dataclasses.replace(finding, waiver=waiver)
                matched = True
        if not matched:
            extra.append(
                WAIVER_UNMATCHED.finding(
                    f"the waiver of {waiver.rule_id}{_for_table(waiver.table_id)} ({waiver.approval_reference}) "
                    "matches no finding of this filing",
                    _waiver_location(waiver, "rule"),
                )
            )
    return dataclasses.replace(review, findings=tuple(sorted(findings + extra, key=lambda finding: finding.sort_key)))
