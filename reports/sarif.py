"""The review as SARIF 2.1.0, for code-scanning dashboards and CI: every rule run with its help text and citation
URI, every finding as a result located at its workbook cell (or JSON field), waived findings as accepted
suppressions. No timestamps, so the log is byte-identical for the same filing."""

from __future__ import annotations

import json
from typing import Any

from pacomply.checker.registry import Finding, Rule, Severity
from pacomply.checker.review import Review
from pacomply.reports.content import filing_id, rules_checked

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_VERSION = "2.1.0"
INFORMATION_URI = "https://www.pacodeandbulletin.gov/"

LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def _rule_descriptor(rule: Rule) -> dict[str, Any]:
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": f"{rule.summary} ({rule.citation})"},
        "help": {"text": rule.doc, "markdown": rule.doc},
        "helpUri": rule.citation.uri,
        "defaultConfiguration": {"level": LEVELS[rule.severity]},
        "properties": {"citation": str(rule.citation), "chapter": rule.chapter, "fix": rule.fix},
    }


def _location(finding: Finding, artifact: str) -> dict[str, Any]:
    location = finding.location
    physical: dict[str, Any] = {"artifactLocation": {"uri": (location.file if location else "") or artifact}}
    result: dict[str, Any] = {"physicalLocation": physical}
    if location is not None:
        if location.sheet is not None:
            # A workbook has no text lines; the cell is named as a logical location, as spreadsheet linters do.
            name = location.cell or location.sheet
            qualified = f"{location.sheet}!{location.cell}" if location.cell else location.sheet
            result["logicalLocations"] = [{"name": name, "fullyQualifiedName": qualified, "kind": "element"}]
        elif location.field is not None:
            result["logicalLocations"] = [
                {"name": location.field, "fullyQualifiedName": location.field, "kind": "member"}
            ]
        if location.page is not None:
            result["properties"] = {"page": location.page}
    return result


def _result(finding: Finding, rule_index: dict[str, int], artifact: str) -> dict[str, Any]:
    result: dict[str, Any] = {
        "ruleId": finding.rule_id,
        "level": LEVELS[finding.severity],
        "message": {"text": f"{finding.message} ({finding.citation}). Fix: {finding.fix}"},
        "locations": [_location(finding, artifact)],
        "properties": {
            "citation": str(finding.citation),
            "citationUri": finding.citation.uri,
            "chapter": finding.chapter,
            "tableId": finding.table_id,
            "fix": finding.fix,
        },
    }
    if finding.rule_id in rule_index:
        result["ruleIndex"] = rule_index[finding.rule_id]
    if finding.waiver is not None:
        waiver = finding.waiver
        result["suppressions"] = [
            {
                "kind": "external",
                "status": "accepted",
                "justification": (
                    f"{waiver.justification} (approval {waiver.approval_reference}, expires "
                    f"{waiver.expires.isoformat()})"
                ),
                "properties": {
                    "approvalReference": waiver.approval_reference,
                    "expires": waiver.expires.isoformat(),
                    "source": waiver.source,
                },
            }
        ]
    return result


def sarif_run(review: Review) -> dict[str, Any]:
    """One SARIF run: the tool with the rules it ran, the filing as the artifact, and the results."""
    rules = rules_checked(review)
    rule_index = {rule.code: position for position, rule in enumerate(rules)}
    artifact = review.filing.source or "filing"
    return {
        "tool": {
            "driver": {
                "name": "pacomply",
                "version": review.tool_version,
                "informationUri": INFORMATION_URI,
                "rules": [_rule_descriptor(rule) for rule in rules],
            }
        },
        "artifacts": [{"location": {"uri": artifact}}],
        "automationDetails": {"id": f"pacomply/{filing_id(review)}"},
        "results": [_result(finding, rule_index, artifact) for finding in review.findings],
        "properties": {
            "licensee": review.filing.metadata.licensee,
            "dateFiled": review.filing.metadata.date_filed.isoformat(),
            "reviewDate": review.review_date.isoformat(),
            **({"configuration": review.configuration.describe()} if review.configuration is not None else {}),
            "verdict": review.verdict,
            "rulebooks": [f"{used.chapter} {used.version} (effective {used.effective})" for used in review.rulebooks],
        },
    }


def sarif_log(reviews: list[Review]) -> dict[str, Any]:
    """A SARIF log with one run per filing."""
    return {"$schema": SARIF_SCHEMA, "version": SARIF_VERSION, "runs": [sarif_run(review) for review in reviews]}


class SarifRenderer:
    """Renders SARIF 2.1.0."""

    def render(self, review: Review) -> bytes:
        """One filing, one run."""
        return self.render_many([review])

    def render_many(self, reviews: list[Review]) -> bytes:
        """Several filings of a batch, one run each, in one log."""
        return (json.dumps(sarif_log(reviews), indent=2, ensure_ascii=False) + "\n").encode("utf-8")


RENDERER = SarifRenderer()
