"""The review service's policy: the configuration and the waivers applied in one place, the configured card
thickness in the first review rather than a second one, and the same review as completing it afterwards."""

from __future__ import annotations

import dataclasses
import json
from decimal import Decimal
from pathlib import Path

import pytest
from pacomply.checker import review as review_module
from pacomply.checker.registry import CheckSettings
from pacomply.submissions import read_filing

from pacomply.config import Config, finish_review
from pacomply.review_service import ReviewPolicy, review_paths_under_policy, review_under_policy

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _without_thickness(tmp_path: Path, name: str) -> Path:
    """An example filing with its card thickness left out, so the configured one applies."""
    document = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    del document["metadata"]["card_thickness_mm"]
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def _policy(tmp_path: Path) -> ReviewPolicy:
    # 0.2564 mm: thinner than the filings' own 0.30, so the rack heights judged change with it
    source = tmp_path / "pacomply.toml"
    source.write_text("card_thickness_mm = 0.2564\n", encoding="utf-8")
    return ReviewPolicy(CheckSettings(), Config(card_thickness_mm=Decimal("0.2564"), source=source))


def test_a_configured_card_thickness_is_applied_in_one_review(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    policy = _policy(tmp_path)
    filing = read_filing(_without_thickness(tmp_path, "686a-violations.json"))
    assert "card_thickness_mm" not in filing.metadata.locations
    expected = finish_review(
        review_module.review_filing(filing, policy.settings), policy.settings, policy.config, (), policy.review_date
    )  # the way the command line completed a review before: review, then review again with the thickness
    calls: list[CheckSettings | None] = []
    original = review_module.review_filing

    def counted(filing: object, settings: CheckSettings | None = None) -> object:
        calls.append(settings)
        return original(filing, settings)  # type: ignore[arg-type]

    import pacomply.review_service as service

    monkeypatch.setattr(service, "review_filing", counted)
    reviewed = review_under_policy(filing, policy)
    assert len(calls) == 1 and calls[0] is not None and calls[0].card_thickness_mm == Decimal("0.2564")
    assert reviewed == expected
    assert reviewed.configuration is not None
    assert any("card thickness 0.2564 mm" in change for change in reviewed.configuration.changes)


def test_workers_apply_the_policy_as_one_process_does(tmp_path: Path) -> None:
    policy = _policy(tmp_path)
    paths = [
        EXAMPLES / f"{chapter}-{kind}.json" for chapter in ("686a", "687a") for kind in ("compliant", "violations")
    ]
    paths = paths * 2  # enough filings for two workers
    one = review_paths_under_policy(paths, policy, jobs=1)
    two = review_paths_under_policy(paths, policy, jobs=2)
    assert [outcome.review for outcome in one] == [outcome.review for outcome in two]
    assert all(outcome.review is not None and outcome.review.configuration is not None for outcome in one)
    plain = review_paths_under_policy(paths[:1], dataclasses.replace(policy, config=Config()))
    assert plain[0].review is not None and plain[0].review.configuration is None
