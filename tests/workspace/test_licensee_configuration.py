"""The workspace reviews through the review service, as ``validate`` does: a licensee's configuration
(``<folder>/<licensee>/pacomply.toml``) and the waivers it names apply to its filings, in the review and in the
downloads derived from it; another licensee's filings are reviewed without them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.workspace.conftest import EXAMPLES

NAME = "686a-violations.xlsx"


def _configure(folder: Path, licensee: str, rule: str, table: str) -> Path:
    from pacomply.workspace.reviewing import safe_name

    home = folder / safe_name(licensee)
    home.mkdir(parents=True)
    (home / "waivers.toml").write_text(
        f'[[waiver]]\nrule = "{rule}"\ntable = "{table}"\njustification = "Interim rack verified by the Bureau."\n'
        'approval = "PGCB waiver W-2026-117"\nexpires = 2099-12-31\n',
        encoding="utf-8",
    )
    (home / "pacomply.toml").write_text('waivers = "waivers.toml"\n', encoding="utf-8")
    return home


def test_a_licensees_configuration_and_waivers_apply_to_its_workspace_reviews_and_their_downloads(
    sqlite_store: Any, tmp_path: Path
) -> None:
    from pacomply.workspace import reviewing
    from pacomply.workspace.worker import ReviewWorker

    data = (EXAMPLES / NAME).read_bytes()
    plain = reviewing.review_upload(NAME, data).document
    licensee = plain["filing"]["licensee"]
    first_error = next(finding for finding in plain["findings"] if finding["severity"] == "error")
    home = _configure(tmp_path / "licensees", licensee, first_error["rule_id"], first_error["table_id"])
    # Another licensee's folder holds nothing for this filing.
    _configure(tmp_path / "licensees", "Keystone Downs Casino", first_error["rule_id"], first_error["table_id"])

    user = sqlite_store.add_user("rita", "correct horse battery", "reviewer")
    submission = sqlite_store.add_submission(NAME, data, reviewing.read_upload(NAME, data), user, "rita")
    worker = ReviewWorker(sqlite_store, workers=1, processes=False, configurations=tmp_path / "licensees")
    try:
        worker.submit(submission.id, NAME, data)
        assert worker.wait_idle(120)
        record = sqlite_store.reviews(submission.id)[0]
        document = sqlite_store.review_document(record.id)
        waived = [finding for finding in document["findings"] if finding.get("waiver")]
        assert len(waived) >= 1 and all(finding["rule_id"] == first_error["rule_id"] for finding in waived)
        assert document["verdict"]["waived"] == len(waived)
        assert document["verdict"]["errors"] == plain["verdict"]["errors"] - len(waived)
        assert "pacomply.toml" in document["configuration"]["file"]
        # What validate gives for the same file with the same configuration, finding for finding.
        assert document["findings"] == reviewing.review_upload(NAME, data, tmp_path / "licensees").document["findings"]
        # The downloads are derived from this review, configuration included.
        assert worker.render_download(record.id, "xlsx").startswith(b"PK")
        # A configuration changed after the review gives another review: no download is made from it.
        (home / "pacomply.toml").write_text("", encoding="utf-8")
        with pytest.raises(reviewing.RenderingRefused):
            worker.render_download(record.id, "pdf")
    finally:
        worker.shutdown()


def test_an_unreadable_licensee_configuration_is_a_review_failure_naming_the_file(tmp_path: Path) -> None:
    from pacomply.workspace import reviewing

    data = (EXAMPLES / NAME).read_bytes()
    licensee = reviewing.read_upload(NAME, data).metadata.licensee
    home = tmp_path / reviewing.safe_name(licensee)
    home.mkdir()
    (home / "pacomply.toml").write_text("rack_tolerance = 7\n", encoding="utf-8")
    with pytest.raises(reviewing.UploadRefused) as refused:
        reviewing.review_upload(NAME, data, tmp_path)
    assert any("pacomply.toml" in problem and "rack_tolerance" in problem for problem in refused.value.problems)
