"""Waivers: the Board's approval (58 Pa. Code § 601a.4) to set aside a named finding, read from a file and applied.

A waiver file is TOML or YAML (by extension) holding a list ``waiver`` (or ``waivers``) of entries:

    [[waiver]]
    rule = "686A-004"            # the finding's rule id (required)
    table = "OU-4"               # optional: only that table's findings; omitted, the rule's findings filing-wide
    justification = "Rack replaced on order; interim mark verified by the Bureau."
    approval = "PGCB waiver W-2026-117"   # the Board's approval reference under § 601a.4 (required)
    expires = 2027-06-30         # a date (required); from the next day the waiver no longer applies

A malformed file (bad syntax, a missing or unknown key, an unknown rule, a duplicate, an empty justification)
is an :class:`~submissions.errors.InputError` located in the file, so ``validate`` exits 2. A waiver that has
expired is an error finding (FIL-003) and does not apply; a waiver that matches no finding is a warning (FIL-004).
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
from pacomply.submissions.errors import InputError, ProblemCollector
from pacomply.submissions.model import SourceLocation

MAX_WAIVER_FILE_BYTES = 1024 * 1024
_KEYS = {"rule", "table", "justification", "approval", "expires"}
_REQUIRED = ("rule", "justification", "approval", "expires")


def _load(path: Path) -> Any:
    location = SourceLocation(file=path.name)
    if not path.is_file():
        raise InputError.single(location, f"the waiver file '{path}' does not exist")
    if path.stat().st_size > MAX_WAIVER_FILE_BYTES:
        raise InputError.single(location, f"the waiver file is over {MAX_WAIVER_FILE_BYTES:,} bytes; refused")
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError.single(location, "the waiver file is not UTF-8 text") from None
    suffix = path.suffix.lower()
    if suffix == ".toml":
        import tomllib

        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise InputError.single(location, f"not valid TOML ({error})") from None
    if suffix in {".yaml", ".yml"}:
        import yaml

        try:
            return yaml.safe_load(text)
        except yaml.YAMLError as error:
            mark = getattr(error, "problem_mark", None)
            where = location.model_copy(update={"field": f"line {mark.line + 1}"}) if mark is not None else location
            raise InputError.single(where, f"not valid YAML ({getattr(error, 'problem', None) or error})") from None
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
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
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


def _date(value: object) -> date | None:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value.strip())
        except ValueError:
            return None
    return None


def read_waivers(path: Path) -> tuple[Waiver, ...]:
    """Every waiver in a TOML or YAML waiver file; :class:`InputError` listing every problem, each located."""
    data = _load(path)
    lines = _entry_lines(path.read_bytes().decode("utf-8-sig"), path.suffix.lower())
    file_location = SourceLocation(file=path.name)
    if data is None:
        return ()
    if not isinstance(data, dict):
        raise InputError.single(file_location, "a waiver file holds a list named 'waiver' (TOML [[waiver]] tables)")
    unknown_top = sorted(set(data) - {"waiver", "waivers"})
    if unknown_top:
        raise InputError.single(file_location, f"unknown top-level key(s) {', '.join(map(repr, unknown_top))}")
    entries = data.get("waiver", data.get("waivers", []))
    if not isinstance(entries, list):
        raise InputError.single(file_location, "'waiver' must be a list of waivers")
    problems = ProblemCollector()
    waivers: list[Waiver] = []
    seen: dict[tuple[str, str | None], str] = {}
    for number, entry in enumerate(entries, start=1):

        def where(key: str | None = None, number: int = number) -> SourceLocation:
            known = lines[number - 1] if number <= len(lines) else {}
            line = known.get(key or "", known.get(""))
            return SourceLocation(
                file=path.name,
                field=f"waiver {number}" + (f", {key}" if key else "") + (f" (line {line})" if line else ""),
            )

        if not isinstance(entry, dict):
            problems.add(where(), "a waiver is a table of rule, justification, approval and expires")
            continue
        for key in sorted(set(map(str, entry)) - _KEYS):
            problems.add(where(key), f"unknown key '{key}' (expected {', '.join(sorted(_KEYS))})")
        missing = [key for key in _REQUIRED if key not in entry]
        for key in missing:
            problems.add(where(key), f"'{key}' is missing")
        if missing:
            continue
        rule_id, table, justification, approval = (
            entry["rule"],
            entry.get("table"),
            entry["justification"],
            entry["approval"],
        )
        complete = True
        for key, value in (("rule", rule_id), ("justification", justification), ("approval", approval)):
            if not isinstance(value, str) or not value.strip():
                problems.add(where(key), f"'{key}' must be non-empty text")
                complete = False
        if table is not None and (not isinstance(table, str | int) or not str(table).strip()):
            problems.add(where("table"), "'table' must be a table id")
            complete = False
        expires = _date(entry["expires"])
        if expires is None:
            problems.add(where("expires"), f"'{entry['expires']}' is not a date (expected e.g. 2027-06-30)")
            complete = False
        rule = None
        if isinstance(rule_id, str) and rule_id.strip():
            try:
                rule = find_rule(rule_id)
            except KeyError as error:
                problems.add(where("rule"), str(error.args[0]))
            else:
                if rule in WAIVER_RULES:
                    problems.add(where("rule"), f"{rule.code} is about waivers themselves and cannot be waived")
                    rule = None
        if complete and rule is not None:
            entry_line = lines[number - 1].get("") if number <= len(lines) else None
            table_id = str(table).strip() if table is not None else None
            identity = (rule.code, table_id)
            if identity in seen:
                problems.add(where(), f"waives {rule.code}{_for_table(table_id)} again (first as {seen[identity]})")
                continue
            seen[identity] = f"waiver {number}"
            waivers.append(
                Waiver(
                    rule_id=rule.code,
                    justification=" ".join(str(justification).split()),
                    approval_reference=" ".join(str(approval).split()),
                    expires=expires,  # type: ignore[arg-type]
                    table_id=table_id,
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
