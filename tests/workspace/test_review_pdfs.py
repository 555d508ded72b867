"""A review's PDF is made after the review (it is most of a review's CPU), from the sealed review, and sealed
when made: on SQLite and PostgreSQL alike."""

from __future__ import annotations

import hashlib
import time
from typing import Any

import pytest
from sqlalchemy import text

from tests.workspace.conftest import EXAMPLES, upload_example


def test_a_review_is_sealed_without_its_pdf_and_the_download_makes_and_seals_it(web_on_every_database: Any) -> None:
    from pacomply.workspace import reviewing
    from pacomply.workspace.models import ReviewPdf
    from sqlalchemy import select

    _app, worker, client_factory = web_on_every_database
    client = client_factory()
    client.sign_in("rita")
    data = (EXAMPLES / "686a-violations.xlsx").read_bytes()
    submission_id = int(client.upload("686a-violations.xlsx", data).location.rsplit("/", 1)[1])
    assert worker.wait_idle(120)
    record, made = worker.store.review_pdf(submission_id)
    assert made is None  # sealed with its document and workbook only
    first = client.get(f"/filings/{submission_id}/review.pdf")
    assert first.status_code == 200 and first.data.startswith(b"%PDF-")
    # Derived from the sealed review: the PDF a review made whole on the same day gives, byte for byte.
    assert first.data == reviewing.review_upload_with_pdf("686a-violations.xlsx", data).pdf
    with worker.store.session() as session:
        sealed = session.scalars(select(ReviewPdf)).one()
        assert sealed.review_id == record.id and sealed.sha256 == hashlib.sha256(first.data).hexdigest()
        assert sealed.document_sha256 == reviewing.document_digest(worker.store.review_document(record.id))
    assert client.get(f"/filings/{submission_id}/review.pdf").data == first.data  # served from the seal
    with worker.store.session() as session:
        assert len(session.scalars(select(ReviewPdf)).all()) == 1


def test_a_made_pdf_refuses_update_delete_and_truncate(store: Any, accounts: Any) -> None:
    from pacomply.workspace import reviewing

    submission = upload_example(store, "686a-compliant.json", accounts["reviewer"])
    record, made = store.review_pdf(submission.id)
    assert made is None
    name, data, document = store.pdf_source(record.id)
    pdf = reviewing.render_review_pdf(name, data, document)
    assert store.record_review_pdf(record.id, pdf, reviewing.document_digest(document)) == pdf
    # A second rendering (another process racing the first) leaves the first sealed.
    assert store.record_review_pdf(record.id, b"%PDF-other", "0" * 64) == pdf
    statements = [
        "UPDATE review_pdfs SET pdf = :junk", "UPDATE review_pdfs SET sha256 = 'x'", "DELETE FROM review_pdfs"
    ]
    if store.engine.dialect.name == "postgresql":
        statements.append("TRUNCATE review_pdfs")
    for statement in statements:
        with pytest.raises(Exception, match="append-only"), store.engine.begin() as connection:
            connection.execute(text(statement), {"junk": b"x"} if ":junk" in statement else {})
    assert store.review_pdf(submission.id)[1] == pdf
    assert store.reviews_without_pdf() == []


def test_no_pdf_is_made_from_a_review_other_than_the_sealed_one() -> None:
    from pacomply.workspace import reviewing

    data = (EXAMPLES / "686a-violations.xlsx").read_bytes()
    document = reviewing.review_upload("686a-violations.xlsx", data).document
    # The same filing reviewed again on the sealed review's date gives the sealed document: the PDF is made.
    assert reviewing.render_review_pdf("686a-violations.xlsx", data, document).startswith(b"%PDF-")
    # A sealed document the filing no longer gives (a later pacomply, an altered finding): no PDF, a reason.
    altered = {**document, "findings": document["findings"][1:]}
    with pytest.raises(reviewing.RenderingRefused, match="does not give the sealed review"):
        reviewing.render_review_pdf("686a-violations.xlsx", data, altered)
    # Another review date (a waiver lapses, a Date Filed is judged) is another review.
    earlier = {**document, "review_date": "2020-01-02"}
    with pytest.raises(reviewing.RenderingRefused):
        reviewing.render_review_pdf("686a-violations.xlsx", data, earlier)


def test_the_background_renderer_seals_each_new_reviews_pdf(sqlite_store: Any) -> None:
    from pacomply.workspace import reviewing
    from pacomply.workspace.worker import ReviewWorker

    data = (EXAMPLES / "686a-compliant.json").read_bytes()
    user = sqlite_store.add_user("rita", "correct horse battery", "reviewer")
    submission = sqlite_store.add_submission(
        "686a-compliant.json", data, reviewing.read_upload("686a-compliant.json", data), user, "rita"
    )
    worker = ReviewWorker(sqlite_store, workers=1, processes=False, background_pdfs=True)
    try:
        worker.submit(submission.id, "686a-compliant.json", data)
        assert worker.wait_idle(120)
        deadline = time.monotonic() + 120
        while sqlite_store.review_pdf(submission.id)[1] is None and time.monotonic() < deadline:
            time.sleep(0.1)
        made = sqlite_store.review_pdf(submission.id)[1]
        assert made is not None and made.startswith(b"%PDF-")
        assert sqlite_store.reviews_without_pdf() == []
    finally:
        worker.shutdown()
