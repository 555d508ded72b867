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
Any unknown key or bad value is an input problem located in the file (exit 2).
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from pacomply.checker.registry import CheckSettings, Severity, Waiver, find_rule
from pacomply.checker.review import Review, review_filing
from pacomply.checker.waivers import apply_waivers
from pacomply.submissions.errors import InputError, ProblemCollector
from pacomply.submissions.model import SourceLocation

CONFIG_FILE = "pacomply.toml"
MAX_CONFIG_BYTES = 256 * 1024
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
        data = tomllib.loads(pyproject.read_bytes().decode("utf-8-sig"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return True
    tool = data.get("tool")
    return isinstance(tool, dict) and "pacomply" in tool


def load_config(explicit: Path | None = None, folder: Path | None = None) -> Config:
    """Read the configuration (``explicit``, else discovered in ``folder``); :class:`InputError` if it is bad."""
    found = find_config(explicit, folder or Path.cwd())
    if found is None:
        return Config()
    path, is_pyproject = found
    location = SourceLocation(file=path.name)
    if not path.is_file():
        raise InputError.single(location, f"the configuration file '{path}' does not exist")
    if path.stat().st_size > MAX_CONFIG_BYTES:
        raise InputError.single(location, f"the configuration file is over {MAX_CONFIG_BYTES:,} bytes; refused")
    try:
        data = tomllib.loads(path.read_bytes().decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise InputError.single(location, "the configuration file is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        raise InputError.single(location, f"not valid TOML ({error})") from None
    prefix = ""
    if is_pyproject:
        data = data.get("tool", {}).get("pacomply")
        prefix = "tool.pacomply."
        if data is None:
            return Config()
        if not isinstance(data, dict):
            raise InputError.single(location.model_copy(update={"field": "tool.pacomply"}), "must be a table")
    return _parse(data, path, prefix)


def _parse(data: dict[str, Any], path: Path, prefix: str) -> Config:
    problems = ProblemCollector()

    def where(key: str) -> SourceLocation:
        return SourceLocation(file=path.name, field=f"{prefix}{key}")

    for key in sorted(set(data) - set(_KEYS)):
        problems.add(where(key), f"unknown key '{key}' (expected one of {', '.join(_KEYS)})")
    thickness = _number(data, "card_thickness_mm", where, problems, Decimal(0), Decimal(2), upper_inclusive=True)
    tolerance = _number(data, "rack_tolerance", where, problems, Decimal(0), Decimal(1), lower_inclusive=True)
    report_format = None
    if "format" in data:
        from pacomply.reports.interface import ReportFormat

        raw_format = data["format"]
        names = raw_format if isinstance(raw_format, list) else str(raw_format).split(",")
        chosen = [str(name).strip().lower() for name in names if str(name).strip()]
        known = [member.value for member in ReportFormat]
        unknown = [name for name in chosen if name not in known]
        if not chosen or unknown or not isinstance(raw_format, str | list):
            problems.add(where("format"), f"'{raw_format}' is not one or more of {', '.join(known)}")
        else:
            report_format = ",".join(chosen)
    waivers = None
    if "waivers" in data:
        if not isinstance(data["waivers"], str) or not data["waivers"].strip():
            problems.add(where("waivers"), "must be the path of a waiver file")
        else:
            waivers = (path.parent / data["waivers"]).resolve()
    severity: dict[str, Severity] = {}
    overrides = data.get("severity", {})
    if not isinstance(overrides, dict):
        problems.add(where("severity"), "must be a table of rule id = severity")
        overrides = {}
    for rule_id, level in overrides.items():
        try:
            rule = find_rule(str(rule_id))
        except KeyError as error:
            problems.add(where(f"severity.{rule_id}"), str(error.args[0]))
            continue
        try:
            severity[rule.code] = Severity(str(level).lower())
        except ValueError:
            problems.add(where(f"severity.{rule_id}"), f"'{level}' is not one of error, warning, info")
    problems.raise_if_any()
    return Config(
        card_thickness_mm=thickness,
        rack_tolerance=tolerance,
        report_format=report_format,
        waivers=waivers,
        severity=severity,
        source=path,
    )


def _number(
    data: dict[str, Any],
    key: str,
    where: Any,
    problems: ProblemCollector,
    low: Decimal,
    high: Decimal,
    lower_inclusive: bool = False,
    upper_inclusive: bool = False,
) -> Decimal | None:
    if key not in data:
        return None
    raw = data[key]
    try:
        if isinstance(raw, bool) or not isinstance(raw, int | float | str):
            raise InvalidOperation
        value = Decimal(str(raw))
        if not value.is_finite():
            raise InvalidOperation
    except InvalidOperation:
        problems.add(where(key), f"'{raw}' is not a number")
        return None
    above = value >= low if lower_inclusive else value > low
    below = value <= high if upper_inclusive else value < high
    if not (above and below):
        problems.add(
            where(key),
            f"{value} is outside {'[' if lower_inclusive else '('}{low}, {high}{']' if upper_inclusive else ')'}",
        )
        return None
    return value


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
    review: Review, settings: CheckSettings, config: Config, waivers: Sequence[Waiver], as_of: date
) -> Review:
    """A review made with the command line's settings, completed with the configuration and the waivers.

    The configured card thickness is a default: it applies (by reviewing again) only when neither the command
    line nor the filing states one. Waivers are applied before severity overrides, so an override can demote
    FIL-004 (a waiver matching nothing) like any other rule.
    """
    if (
        config.card_thickness_mm is not None
        and settings.card_thickness_mm is None
        and "card_thickness_mm" not in review.filing.metadata.locations
    ):
        review = review_filing(review.filing, dataclasses.replace(settings, card_thickness_mm=config.card_thickness_mm))
    review = apply_waivers(review, waivers, as_of)
    return apply_severity_overrides(review, config.severity)
