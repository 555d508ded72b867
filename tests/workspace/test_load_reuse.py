"""A review process reuses the document of an earlier review only where nothing it depends on differs: the same
bytes under the same name, on the same review date, with the licensee's configuration and waiver files unchanged
(one process runs one pacomply, with its rulebooks). The reused document is the one a new review makes, and the
review's event records the reuse."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from tests.workspace.conftest import EXAMPLES

NAME = "686a-violations.xlsx"


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The reviewing module with nothing kept for reuse."""
    from pacomply.workspace import reviewing

    monkeypatch.setattr(reviewing, "_reusable", type(reviewing._reusable)())
    return reviewing


def _with_comment(data: bytes) -> bytes:
    """The same workbook with a zip comment: the same filing, other bytes."""
    with zipfile.ZipFile(io.BytesIO(data)) as source:
        entries = [(item, source.read(item.filename)) for item in source.infolist()]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for item, content in entries:
            target.writestr(item, content)
        target.comment = b"another upload"
    return out.getvalue()


def test_the_same_bytes_name_and_date_reuse_the_document_a_new_review_would_make(fresh: Any) -> None:
    data = (EXAMPLES / NAME).read_bytes()
    first = fresh.review_upload(NAME, data)
    again = fresh.review_upload(NAME, data)
    assert (first.reused, again.reused) == (False, True)
    assert again.document == first.document
    made_anew = json.loads(fresh.renderer(fresh.ReportFormat.JSON).render(fresh._review(NAME, data)))
    assert fresh.document_digest(again.document) == fresh.document_digest(made_anew)
    again.document["verdict"]["summary"] = "changed by a caller"  # each caller gets its own copy
    assert fresh.review_upload(NAME, data).document == first.document


def test_other_bytes_another_name_or_another_review_date_are_reviewed_anew(fresh: Any) -> None:
    data = (EXAMPLES / NAME).read_bytes()
    day = date(2026, 11, 27)
    assert fresh.review_upload(NAME, data, review_date=day).reused is False
    assert fresh.review_upload(NAME, data, review_date=day).reused is True
    assert fresh.review_upload(NAME, _with_comment(data), review_date=day).reused is False  # other SHA-256
    renamed = fresh.review_upload("renamed.xlsx", data, review_date=day)
    assert renamed.reused is False
    assert renamed.document["filing"]["source"] == "renamed.xlsx"  # why the name is part of the key
    later = fresh.review_upload(NAME, data, review_date=date(2026, 11, 28))
    assert later.reused is False and later.document["review_date"] == "2026-11-28"


def test_a_changed_configuration_or_waiver_file_is_reviewed_anew(fresh: Any, tmp_path: Path) -> None:
    data = (EXAMPLES / NAME).read_bytes()
    plain = fresh.review_upload(NAME, data)
    licensee = plain.document["filing"]["licensee"]
    error = next(finding for finding in plain.document["findings"] if finding["severity"] == "error")
    home = tmp_path / "licensees" / fresh.safe_name(licensee)
    home.mkdir(parents=True)
    waiver = (
        f'[[waiver]]\nrule = "{error["rule_id"]}"\ntable = "{error["table_id"]}"\n'
        'justification = "Interim rack verified by the Bureau."\napproval = "PGCB waiver W-2026-117"\n'
        "expires = 2099-12-31\n"
    )
    (home / "waivers.toml").write_text(waiver, encoding="utf-8")
    (home / "pacomply.toml").write_text('waivers = "waivers.toml"\n', encoding="utf-8")
    folder = tmp_path / "licensees"
    configured = fresh.review_upload(NAME, data, configurations=folder)
    assert configured.reused is False and configured.document["verdict"]["waived"] == 1
    assert fresh.review_upload(NAME, data, configurations=folder).reused is True
    (home / "waivers.toml").write_text(waiver.replace("W-2026-117", "W-2026-118"), encoding="utf-8")
    changed = fresh.review_upload(NAME, data, configurations=folder)
    assert changed.reused is False
    assert "W-2026-118" in json.dumps(changed.document)
    (home / "pacomply.toml").unlink()
    assert fresh.review_upload(NAME, data, configurations=folder).document["verdict"]["waived"] == 0


def test_the_reviews_event_records_a_reused_document(fresh: Any, sqlite_store: Any) -> None:
    from pacomply.workspace.models import Event
    from sqlalchemy import select

    data = (EXAMPLES / NAME).read_bytes()
    user = sqlite_store.add_user("rita", "correct horse battery", "reviewer")
    first = sqlite_store.add_submission(NAME, data, fresh.read_upload(NAME, data), user, "rita")
    second = sqlite_store.add_submission(NAME, data, fresh.read_upload(NAME, data), user, "rita")
    sqlite_store.record_review(first.id, fresh.review_upload(NAME, data), "pacomply")
    sqlite_store.record_review(second.id, fresh.review_upload(NAME, data), "pacomply")
    with sqlite_store.session() as session:
        details = {
            row.submission_id: json.loads(row.detail)
            for row in session.scalars(select(Event).where(Event.action == "review"))
        }
    assert "reused" not in details[first.id]
    assert details[second.id]["reused"] is True
    assert sqlite_store.verify().intact
