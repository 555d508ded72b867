"""The review as JSON, schema ``pacomply.review/1``: stable keys, sorted findings, no timestamps of our own."""

from __future__ import annotations

import json
from typing import Any

from pacomply.checker.parsheet import ParSheet
from pacomply.checker.registry import Finding, Severity, Waiver
from pacomply.checker.review import Review
from pacomply.checker.wager_math import WagerMath
from pacomply.reports.reconciliation import beside, published_json
from pacomply.submissions.model import SourceLocation

SCHEMA = "pacomply.review/1"


def _location(location: SourceLocation | None) -> dict[str, Any] | None:
    if location is None:
        return None
    return {
        "file": location.file,
        "sheet": location.sheet,
        "cell": location.cell,
        "page": location.page,
        "field": location.field,
        "text": str(location),
    }


def finding_json(finding: Finding) -> dict[str, Any]:
    """One finding as JSON."""
    return {
        "rule_id": finding.rule_id,
        "rule_name": finding.rule_name,
        "severity": finding.severity.value,
        "chapter": finding.chapter,
        "citation": str(finding.citation),
        "citation_uri": finding.citation.uri,
        "location": _location(finding.location),
        "table_id": finding.table_id,
        "message": finding.message,
        "fix": finding.fix,
        "waiver": waiver_json(finding.waiver),
    }


def waiver_json(waiver: Waiver | None) -> dict[str, Any] | None:
    """The waiver accepting a finding (58 Pa. Code § 601a.4), or None."""
    if waiver is None:
        return None
    return {
        "rule_id": waiver.rule_id,
        "table_id": waiver.table_id,
        "justification": waiver.justification,
        "approval_reference": waiver.approval_reference,
        "expires": waiver.expires.isoformat(),
        "source": waiver.source,
    }


def _wager_math_json(math: WagerMath, review: Review) -> dict[str, Any]:
    """A wager-math row with the Board's published figures about it (``board_figures``, where there are any)."""
    document = math.to_json()
    entries = beside(math, review.published, every=True)
    if entries:
        document["board_figures"] = [entry.to_json() for entry in entries]
    return document


def _par_sheet_json(sheet: ParSheet, review: Review) -> dict[str, Any]:
    """A par sheet as ``pacomply parsheet -f json`` writes it, and whether the review's own figure differs (the
    filing's answers changed a rule or rate the par sheet takes at the chapter's value)."""
    from pacomply.checker.review_parsheets import differs_from_review
    from pacomply.reports.parsheet_json import par_sheet_json

    return {**par_sheet_json(sheet), "differs_from_review": differs_from_review(sheet, review.wager_math)}


def review_json(review: Review) -> dict[str, Any]:
    """The whole review as a JSON-ready dict."""
    filing = review.filing
    return {
        "schema": SCHEMA,
        "tool": {"name": "pacomply", "version": review.tool_version},
        "review_date": review.review_date.isoformat(),
        **(
            {
                "configuration": {
                    "file": review.configuration.source,
                    "changes": list(review.configuration.changes),
                    "errors_demoted": review.configuration.errors_demoted,
                }
            }
            if review.configuration is not None
            else {}
        ),
        "filing": {
            "source": filing.source,
            "licensee": filing.metadata.licensee,
            "date_filed": filing.metadata.date_filed.isoformat(),
            "reviewed_by": filing.metadata.reviewed_by,
            "chapters": list(filing.filed_chapters),
            "tables": [table.table_id for table in filing.tables],
        },
        "verdict": {
            "compliant": review.compliant,
            "errors": review.count(Severity.ERROR),
            "warnings": review.count(Severity.WARNING),
            "info": review.count(Severity.INFO),
            "waived": review.waived_count,
            "summary": review.verdict,
        },
        "rulebooks": [
            {
                "chapter": used.chapter,
                "title": used.title,
                "version": used.version,
                "effective": used.effective,
                "source": used.source,
                "version_basis": used.version_basis,
                "amendments_not_encoded": list(used.amendments_not_encoded),
                "related_chapters_not_encoded": list(used.related_chapters),
            }
            for used in review.rulebooks
        ],
        "not_checked": [
            {
                "chapter": item.chapter,
                "table": item.table_id,
                "wager": item.wager,
                "name": item.name,
                "other_chapter": item.other_chapter,
                "where": item.where,
            }
            for item in review.not_checked
        ],
        "findings": [finding_json(finding) for finding in review.findings],
        "wager_math": [_wager_math_json(math, review) for math in review.wager_math],
        "published": published_json(review.published),
        "par_sheets": [_par_sheet_json(sheet, review) for sheet in review.par_sheets],
        "readings": [
            {
                "chapter": chapter,
                "id": reading.id,
                "topic": reading.topic,
                "choice": reading.choice,
                "reason": reading.reason,
                "citation": str(reading.citation),
            }
            for chapter, reading in review.readings
        ],
    }


class JsonRenderer:
    """Renders ``pacomply.review/1``."""

    def render(self, review: Review) -> bytes:
        """Indented, key order fixed by the schema, UTF-8."""
        return (json.dumps(review_json(review), indent=2, ensure_ascii=False) + "\n").encode("utf-8")


RENDERER = JsonRenderer()
