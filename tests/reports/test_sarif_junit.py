"""SARIF 2.1.0 and JUnit: the rules run, each finding at its cell, waivers as suppressions or skips."""

from __future__ import annotations

import json
from xml.etree import ElementTree

from pacomply.checker.registry import Severity
from pacomply.checker.review import Review
from pacomply.reports.content import rules_checked
from pacomply.reports.junit import RENDERER as JUNIT
from pacomply.reports.sarif import RENDERER as SARIF


def test_sarif_log_names_rules_with_help_and_citation_uris(violations_review: Review) -> None:
    log = json.loads(SARIF.render(violations_review))
    assert log["version"] == "2.1.0"
    assert log["$schema"].endswith("sarif-2.1.0.json")
    (run,) = log["runs"]
    rules = run["tool"]["driver"]["rules"]
    assert [rule["id"] for rule in rules] == [rule.code for rule in rules_checked(violations_review)]
    for descriptor in rules:
        assert descriptor["helpUri"].startswith("https://www.pacodeandbulletin.gov/")
        assert "## What it does" in descriptor["help"]["text"]
        assert descriptor["properties"]["citation"].startswith("58 Pa. Code § ")


def test_sarif_results_are_located_at_the_workbook_cell(violations_review: Review) -> None:
    (run,) = json.loads(SARIF.render(violations_review))["runs"]
    results = run["results"]
    assert len(results) == len(violations_review.findings)
    rules = run["tool"]["driver"]["rules"]
    levels = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
    for result, finding in zip(results, violations_review.findings, strict=True):
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"] == finding.rule_id
        assert result["level"] == levels[finding.severity]
        (location,) = result["locations"]
        assert location["physicalLocation"]["artifactLocation"]["uri"] == "686a-violations.xlsx"
        assert location["logicalLocations"][0]["fullyQualifiedName"] == str(finding.location)
        assert finding.message in result["message"]["text"]
        assert "suppressions" not in result


def test_sarif_waived_finding_is_an_accepted_suppression(waived_review: Review) -> None:
    (run,) = json.loads(SARIF.render(waived_review))["runs"]
    suppressed = [result for result in run["results"] if "suppressions" in result]
    assert [result["ruleId"] for result in suppressed] == ["686A-004"]
    (suppression,) = suppressed[0]["suppressions"]
    assert suppression["status"] == "accepted" and "PGCB-TG-2026-0415" in suppression["justification"]


def test_sarif_batch_has_one_run_per_filing(violations_review: Review, compliant_review: Review) -> None:
    log = json.loads(SARIF.render_many([violations_review, compliant_review]))
    assert [len(run["results"]) for run in log["runs"]] == [len(violations_review.findings), 0]


def test_junit_one_case_per_rule_failing_where_an_error_is_found(violations_review: Review) -> None:
    root = ElementTree.fromstring(JUNIT.render(violations_review))
    (suite,) = root.findall("testsuite")
    cases = suite.findall("testcase")
    rules = rules_checked(violations_review)
    assert len(cases) == len(rules) == int(suite.get("tests", "-1"))
    failing_rules = {f.rule_id for f in violations_review.findings if f.severity == Severity.ERROR and not f.waived}
    failed = {case.get("name", "").split()[0] for case in cases if case.find("failure") is not None}
    assert failed == failing_rules
    assert int(suite.get("failures", "-1")) == len(failing_rules) == int(root.get("failures", "-1"))


def test_junit_rule_whose_findings_are_all_waived_is_skipped(waived_review: Review) -> None:
    suite = ElementTree.fromstring(JUNIT.render(waived_review)).find("testsuite")
    assert suite is not None
    skipped = [case for case in suite.findall("testcase") if case.find("skipped") is not None]
    assert [case.get("name", "").split()[0] for case in skipped] == ["686A-004"]
    assert suite.get("skipped") == "1"
