"""The review as JUnit XML, for CI systems that show test results: one test suite per filing, one test case per
rule run. A rule with an unwaived error fails; warnings and information pass with the findings in system-out;
a rule whose every finding is waived is skipped with the waiver named. No timestamps or durations."""

from __future__ import annotations

from xml.etree import ElementTree

from pacomply.checker.registry import Finding, Severity
from pacomply.checker.review import Review
from pacomply.reports.content import filing_id, location_text, rules_checked


def _finding_line(finding: Finding) -> str:
    waived = ""
    if finding.waiver is not None:
        waived = (
            f" [waived: {finding.waiver.justification}; approval {finding.waiver.approval_reference}; "
            f"expires {finding.waiver.expires.isoformat()}]"
        )
    return (
        f"{finding.severity.value} {finding.rule_id} at {location_text(finding.location)}: {finding.message} "
        f"({finding.citation}). Fix: {finding.fix}{waived}"
    )


def _suite(review: Review) -> ElementTree.Element:
    suite = ElementTree.Element("testsuite")
    failures = skipped = 0
    cases = []
    for rule in rules_checked(review):
        findings = [finding for finding in review.findings if finding.rule_id == rule.code]
        case = ElementTree.Element(
            "testcase", {"classname": f"pacomply.{rule.chapter or 'filing'}", "name": f"{rule.code} {rule.name}"}
        )
        failing = [f for f in findings if f.severity == Severity.ERROR and not f.waived]
        if failing:
            failures += 1
            failure = ElementTree.SubElement(
                case,
                "failure",
                {"type": rule.code, "message": f"{len(failing)} error(s) under {rule.citation}: {failing[0].message}"},
            )
            failure.text = "\n".join(_finding_line(finding) for finding in failing)
        elif findings and all(finding.waived for finding in findings):
            skipped += 1
            ElementTree.SubElement(case, "skipped", {"message": "waived: " + findings[0].waiver.justification})  # type: ignore[union-attr]
        if findings:
            ElementTree.SubElement(case, "system-out").text = "\n".join(_finding_line(f) for f in findings)
        cases.append(case)
    suite.attrib.update(
        {
            "name": review.filing.source or filing_id(review),
            "id": filing_id(review),
            "tests": str(len(cases)),
            "failures": str(failures),
            "errors": "0",
            "skipped": str(skipped),
        }
    )
    properties = ElementTree.SubElement(suite, "properties")
    for name, value in (
        ("licensee", review.filing.metadata.licensee),
        ("date_filed", review.filing.metadata.date_filed.isoformat()),
        ("verdict", review.verdict),
        ("pacomply_version", review.tool_version),
        ("review_date", review.review_date.isoformat()),
        *([("configuration", review.configuration.describe())] if review.configuration is not None else []),
    ):
        ElementTree.SubElement(properties, "property", {"name": name, "value": value})
    suite.extend(cases)
    return suite


def _xml_safe(root: ElementTree.Element) -> None:
    """Every text and attribute made well-formed XML, whatever characters the filing carried."""
    from pacomply.submissions.files import xml_text

    for element in root.iter():
        if element.text:
            element.text = xml_text(element.text)
        for name, value in element.attrib.items():
            element.set(name, xml_text(value))


class JunitRenderer:
    """Renders JUnit XML."""

    def render(self, review: Review) -> bytes:
        """One filing, one suite."""
        return self.render_many([review])

    def render_many(self, reviews: list[Review]) -> bytes:
        """Several filings of a batch, one suite each."""
        suites = [_suite(review) for review in reviews]
        root = ElementTree.Element(
            "testsuites",
            {
                "name": "pacomply",
                "tests": str(sum(int(suite.get("tests", "0")) for suite in suites)),
                "failures": str(sum(int(suite.get("failures", "0")) for suite in suites)),
                "errors": "0",
                "skipped": str(sum(int(suite.get("skipped", "0")) for suite in suites)),
            },
        )
        root.extend(suites)
        _xml_safe(root)
        ElementTree.indent(root)
        return ElementTree.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"


RENDERER = JunitRenderer()
