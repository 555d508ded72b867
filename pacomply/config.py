"""The project configuration: ``pacomply.toml``, or a ``[tool.pacomply]`` table in ``pyproject.toml``.

    # pacomply.toml (the same keys under [tool.pacomply] in pyproject.toml)
    card_thickness_mm = 0.30     # default card thickness for rack heights when a filing gives none
    rack_tolerance = 0.03        # discard-rack tolerance as a fraction (±3 %)
    format = "json"              # default report format(s) of `validate`: "json", "json,sarif" or ["pdf", "xlsx"]
    waivers = "waivers.toml"     # waiver file applied by `validate` (relative to this file)
    [severity]                   # severity overrides by rule id: error, warning or info
    "686A-104" = "warning"

Precedence: a command-line option, then the configuration, then the built-in default. ``--config FILE`` names the
file; without it the working folder and then its parents are searched, up to the repository root (``.git``) or the
home folder, for ``pacomply.toml`` or a ``pyproject.toml`` with ``[tool.pacomply]`` (:func:`discover_config`).
Any unknown key or bad value is an input problem located in the file (exit 2); the file's contract is the pydantic
model ``_ConfigFile``, read without trusting the file (:mod:`submissions.documents`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from pacomply.checker.registry import CheckSettings, Severity, Waiver, find_rule
from pacomply.checker.review import ConfigurationApplied, Review, review_filing
from pacomply.checker.waivers import apply_waivers
from pacomply.submissions import values
from pacomply.submissions.documents import load_toml, short
from pacomply.submissions.errors import InputError, ProblemCollector
from pacomply.submissions.model import SourceLocation

CONFIG_FILE = "pacomply.toml"
MAX_CONFIG_BYTES = 256 * 1024
MAX_PATH_CHARACTERS = 1024
_KEYS = ("card_thickness_mm", "rack_tolerance", "format", "waivers", "severity")


@dataclass(frozen=True, slots=True)
class Config:
    """Settings read from a configuration file; None where the file says nothing."""

    card_thickness_mm: Decimal | None = None
    rack_tolerance: Decimal | None = None
    report_format: str | None = None
    waivers: Path | None = None
    severity: dict[str, Severity] = field(default_factory=dict)
    source: Path | None = None
    """The file read, if any."""


def find_config(explicit: Path | None, folder: Path) -> tuple[Path, bool] | None:
    """The configuration file to read and whether it is a pyproject.toml; None when there is none."""
    if explicit is not None:
        return explicit, explicit.name == "pyproject.toml"
    return discover_config(folder)


def discover_config(start: Path, home: Path | None = None) -> tuple[Path, bool] | None:
    """The configuration that applies in ``start``, looked for as ruff and pytest look for theirs.

    In ``start`` and then each parent folder: ``pacomply.toml``, else a ``pyproject.toml`` with a
    ``[tool.pacomply]`` table (one without is passed over, as ruff passes over a pyproject.toml without
    ``[tool.ruff]``). The search stops after the repository root (a folder holding ``.git``) or the home folder, so
    a file outside the project or the user's own space is never picked up.
    """
    home = (home or Path.home()).resolve()
    for folder in (start.resolve(), *start.resolve().parents):
        if (folder / CONFIG_FILE).is_file():
            return folder / CONFIG_FILE, False
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file() and _has_pacomply_table(pyproject):
            return pyproject, True
        if (folder / ".git").exists() or folder == home:
            return None
    return None


def _has_pacomply_table(pyproject: Path) -> bool:
    """Whether a pyproject.toml has a [tool.pacomply] table; one that cannot be read counts, so that its problem is
    reported rather than the file silently passed over."""
    try:
        if pyproject.stat().st_size > MAX_CONFIG_BYTES:
            return True
        # The bounded reader: a hostile pyproject.toml met on the way up is refused later, where it is located.
        data = load_toml(pyproject.read_bytes().decode("utf-8-sig"), pyproject.name, "pyproject.toml")
    except (OSError, UnicodeDecodeError, InputError):
        return True
    tool = data.get("tool")
    return isinstance(tool, dict) and "pacomply" in tool


def load_config(explicit: Path | None = None, folder: Path | None = None) -> Config:
    """Read the configuration (``explicit``, else discovered in ``folder``); :class:`InputError` if it is bad."""
    found = find_config(explicit, folder or Path.cwd())
    if found is None:
        return Config()
    path, is_pyproject = found
    location = SourceLocation(file=short(path.name, 120))
    try:
        if not path.is_file():
            raise InputError.single(location, f"the configuration file '{short(str(path), 200)}' does not exist")
        if path.stat().st_size > MAX_CONFIG_BYTES:
            raise InputError.single(location, f"the configuration file is over {MAX_CONFIG_BYTES:,} bytes; refused")
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError.single(location, "the configuration file is not UTF-8 text") from None
    except OSError as error:  # a name too long for the system, a folder without permission
        message = f"the configuration file could not be read ({error.strerror or error})"
        raise InputError.single(location, message) from None
    data = load_toml(text, location.file, "a configuration file")
    prefix = ""
    if is_pyproject:
        tool = data.get("tool", {})
        data = tool.get("pacomply") if isinstance(tool, dict) else None
        prefix = "tool.pacomply."
        if data is None:
            return Config()
        if not isinstance(data, dict):
            raise InputError.single(location.model_copy(update={"field": "tool.pacomply"}), "must be a table")
    return _parse(data, path, prefix)


def _bounded_number(raw: object, low: Decimal, high: Decimal, lower_inclusive: bool, upper_inclusive: bool) -> Decimal:
    if isinstance(raw, bool) or not isinstance(raw, int | float | str | Decimal):
        raise ValueError(f"'{short(raw)}' is not a number")
    try:
        value = Decimal(str(raw).strip())
    except InvalidOperation:
        raise ValueError(f"'{short(raw)}' is not a number") from None
    if not value.is_finite():
        raise ValueError(f"'{short(raw)}' is not a number")
    above = value >= low if lower_inclusive else value > low
    below = value <= high if upper_inclusive else value < high
    if not (above and below):
        opening, closing = "[" if lower_inclusive else "(", "]" if upper_inclusive else ")"
        raise ValueError(f"{short(value)} is outside {opening}{low}, {high}{closing}")
    return value


class _ConfigFile(BaseModel):
    """The configuration's contract: its keys, their types and ranges (severity rule ids are checked after)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    card_thickness_mm: Decimal | None = None
    rack_tolerance: Decimal | None = None
    format: str | None = None
    waivers: str | None = None
    severity: dict[str, str] = {}

    @field_validator("card_thickness_mm", mode="before")
    @classmethod
    def _thickness(cls, raw: object) -> Decimal:
        return _bounded_number(raw, Decimal(0), Decimal(2), lower_inclusive=False, upper_inclusive=True)

    @field_validator("rack_tolerance", mode="before")
    @classmethod
    def _tolerance(cls, raw: object) -> Decimal:
        return _bounded_number(raw, Decimal(0), Decimal(1), lower_inclusive=True, upper_inclusive=False)

    @field_validator("format", mode="before")
    @classmethod
    def _format(cls, raw: object) -> str:
        from pacomply.reports.interface import ReportFormat

        known = [member.value for member in ReportFormat]
        names = raw if isinstance(raw, list) else str(raw).split(",") if isinstance(raw, str) else None
        chosen = [str(name).strip().lower() for name in names or () if str(name).strip()]
        if not chosen or any(name not in known for name in chosen):
            raise ValueError(f"'{short(raw)}' is not one or more of {', '.join(known)}")
        return ",".join(chosen)

    @field_validator("waivers", mode="before")
    @classmethod
    def _waivers(cls, raw: object) -> str:
        if not isinstance(raw, str) or values.is_blank(raw):
            raise ValueError("must be the path of a waiver file")
        if len(raw) > MAX_PATH_CHARACTERS:
            raise ValueError(f"is {len(raw):,} characters long; a path has at most {MAX_PATH_CHARACTERS:,}")
        return raw

    @field_validator("severity", mode="before")
    @classmethod
    def _severity(cls, raw: object) -> dict[str, str]:
        if not isinstance(raw, dict):
            raise ValueError("must be a table of rule id = severity")
        return {str(key): value if isinstance(value, str) else short(value) for key, value in raw.items()}


def _parse(data: dict[str, Any], path: Path, prefix: str) -> Config:
    problems = ProblemCollector()

    def where(key: str) -> SourceLocation:
        return SourceLocation(file=path.name, field=f"{prefix}{short(key)}")

    try:
        parsed = _ConfigFile.model_validate(data)
    except ValidationError as error:
        for detail in error.errors():
            key = ".".join(str(part) for part in detail["loc"])
            if detail["type"] == "extra_forbidden":
                problems.add(where(key), f"unknown key '{short(key)}' (expected one of {', '.join(_KEYS)})")
            else:
                problems.add(where(key), str(detail["msg"]).removeprefix("Value error, "))
        problems.raise_if_any()
        raise  # unreachable: a ValidationError always has at least one detail
    severity: dict[str, Severity] = {}
    for rule_id, level in parsed.severity.items():
        try:
            rule = find_rule(rule_id)
        except KeyError as error:
            problems.add(where(f"severity.{rule_id}"), str(error.args[0]))
            continue
        try:
            severity[rule.code] = Severity(level.lower())
        except ValueError:
            problems.add(where(f"severity.{rule_id}"), f"'{short(level)}' is not one of error, warning, info")
    problems.raise_if_any()
    return Config(
        card_thickness_mm=parsed.card_thickness_mm,
        rack_tolerance=parsed.rack_tolerance,
        report_format=parsed.format,
        waivers=(path.parent / parsed.waivers).resolve() if parsed.waivers is not None else None,
        severity=severity,
        source=path,
    )


def apply_severity_overrides(review: Review, overrides: dict[str, Severity]) -> Review:
    """The review with each overridden rule's findings at the configured severity, re-sorted."""
    if not overrides:
        return review
    findings = [
        dataclasses.replace(finding, severity=overrides[finding.rule_id]) if finding.rule_id in overrides else finding
        for finding in review.findings
    ]
    return dataclasses.replace(review, findings=tuple(sorted(findings, key=lambda finding: finding.sort_key)))


def finish_review(
    review: Review,
    settings: CheckSettings,
    config: Config,
    waivers: Sequence[Waiver],
    as_of: date,
    *,
    thickness_applied: bool = False,
) -> Review:
    """A review made with the command line's settings, completed with the configuration and the waivers.

    The configured card thickness is a default: it applies only when neither the command line nor the filing states
    one, by reviewing again unless ``thickness_applied`` says the review was already made with it (the review
    service's way: one review). Waivers are applied before severity overrides, so an override can demote FIL-004
    (a waiver matching nothing) like any other rule.
    """
    changes: list[str] = []
    if (
        config.card_thickness_mm is not None
        and settings.card_thickness_mm is None
        and "card_thickness_mm" not in review.filing.metadata.locations
    ):
        if not thickness_applied:
            review = review_filing(
                review.filing, dataclasses.replace(settings, card_thickness_mm=config.card_thickness_mm)
            )
        changes.append(f"card thickness {config.card_thickness_mm} mm (the filing states none)")
    if config.rack_tolerance is not None and settings.rack_tolerance == config.rack_tolerance:
        changes.append(f"discard-rack tolerance {config.rack_tolerance}")
    if config.waivers is not None and waivers:
        changes.append(f"waivers from {_shown(config.waivers)}")
    review = apply_waivers(review, waivers, as_of)
    changes += _severity_changes(review, config.severity)
    errors_before = {id(finding) for finding in review.findings if finding.severity == Severity.ERROR}
    demoted = sum(
        1
        for finding in review.findings
        if id(finding) in errors_before and config.severity.get(finding.rule_id, Severity.ERROR) != Severity.ERROR
    )
    review = apply_severity_overrides(review, config.severity)
    if config.source is None:
        return review
    applied = ConfigurationApplied(_shown(config.source), tuple(changes), demoted)
    return dataclasses.replace(review, configuration=applied)


def _severity_changes(review: Review, overrides: dict[str, Severity]) -> list[str]:
    """Each override as the report states it: the rule, its own severity and the configured one, and how many of
    this review's findings it changed."""
    changes = []
    for rule_id, severity in sorted(overrides.items()):
        default = find_rule(rule_id).severity
        changed = sum(1 for finding in review.findings if finding.rule_id == rule_id and finding.severity != severity)
        changes.append(f"{rule_id} {default.value} -> {severity.value} ({changed} finding(s) changed)")
    return changes


def _shown(path: Path) -> str:
    """A path as a report names it: relative to the working folder where it lies under it, else absolute."""
    resolved = path.resolve()
    try:
        return resolved.relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return str(resolved)
