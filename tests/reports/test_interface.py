"""Every report format renders, deterministically, through the one renderer interface."""

from __future__ import annotations

import pytest
from pacomply.checker.review import Review
from pacomply.reports.interface import ReportFormat, render_many, renderer


@pytest.mark.parametrize("report_format", list(ReportFormat))
def test_every_format_renders_the_same_bytes_twice(report_format: ReportFormat, violations_review: Review) -> None:
    first = renderer(report_format).render(violations_review)
    second = renderer(report_format).render(violations_review)
    assert first, f"{report_format} rendered nothing"
    assert first == second, f"{report_format} is not deterministic"


@pytest.mark.parametrize("report_format", list(ReportFormat))
def test_every_format_has_a_distinct_suffix(report_format: ReportFormat) -> None:
    suffixes = [member.suffix for member in ReportFormat]
    assert suffixes.count(report_format.suffix) == 1
    assert report_format.suffix.startswith(".")


@pytest.mark.parametrize("report_format", [f for f in ReportFormat if not f.binary])
def test_text_formats_combine_several_reviews(
    report_format: ReportFormat, violations_review: Review, compliant_review: Review
) -> None:
    combined = render_many(report_format, [violations_review, compliant_review])
    one = renderer(report_format).render(compliant_review)
    assert len(combined) > len(one)


@pytest.mark.parametrize("report_format", [f for f in ReportFormat if f.binary])
def test_binary_formats_refuse_to_combine(report_format: ReportFormat, violations_review: Review) -> None:
    with pytest.raises(ValueError, match="one file per filing"):
        render_many(report_format, [violations_review])
