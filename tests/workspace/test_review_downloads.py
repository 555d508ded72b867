"""A review's PDF and workbook are made after the review (nine tenths of a review's CPU), from the sealed review,
and sealed when made: on SQLite and PostgreSQL alike."""

from __future__ import annotations

import functools
import hashlib
import time
from typing import Any

import pytest
from sqlalchemy import text

from tests.workspace.conftest import EXAMPLES, upload_example


@functools.cache
def _made_whole(name: str, data: bytes) -> Any:
    """The review made whole (its PDF and workbook at once), once per test process for both databases: it is
    deterministic for its input and day."""
    from pacomply.workspace import reviewing

    return reviewing.review_upload_whole(name, data)


def test_a_review_is_sealed_without_its_downloads_and_a_download_makes_and_seals_each(
    web_on_every_database: Any,
) -> None:
    from pacomply.workspace import reviewing
    from pacomply.workspace.models import ReviewRendering
    from sqlalchemy import select

    _app, worker, client_factory = web_on_every_database
    client = client_factory()
    client.sign_in("rita")
    data = (EXAMPLES / "686a-violations.xlsx").read_bytes()
    submission_id = int(client.upload("686a-violations.xlsx", data).location.rsplit("/", 1)[1])
    assert worker.wait_idle(120)
    record, made = worker.store.review_download(submission_id, "pdf")
    assert made is None and worker.store.review_download(submission_id, "xlsx")[1] is None  # the document alone
    whole = _made_whole("686a-violations.xlsx", data)
    for kind, expected in (("pdf", whole.pdf), ("xlsx", whole.xlsx)):
        first = client.get(f"/filings/{submission_id}/review.{kind}")
        assert first.status_code == 200
        # Derived from the sealed review: what a review made whole on the same day gives, byte for byte.
        assert first.data == expected
        with worker.store.session() as session:
            sealed = session.scalars(select(ReviewRendering).where(ReviewRendering.kind == kind)).one()
            assert sealed.review_id == record.id and sealed.sha256 == hashlib.sha256(first.data).hexdigest()
            assert sealed.document_sha256 == reviewing.document_digest(worker.store.review_document(record.id))
        assert client.get(f"/filings/{submission_id}/review.{kind}").data == first.data  # served from the seal
    with worker.store.session() as session:
        assert len(session.scalars(select(ReviewRendering)).all()) == 2


def test_a_made_pdf_refuses_update_delete_and_truncate(store: Any, accounts: Any) -> None:
    from pacomply.workspace import reviewing

    submission = upload_example(store, "686a-compliant.json", accounts["reviewer"])
    record, made = store.review_download(submission.id, "pdf")
    assert made is None and store.reviews_without_renderings() == [record.id]
    name, data, document = store.rendering_source(record.id)
    pdf = reviewing.render_downloads(name, data, document, ("pdf",))["pdf"]
    assert store.record_rendering(record.id, "pdf", pdf, reviewing.document_digest(document)) == pdf
    # A second rendering (another process racing the first) leaves the first sealed.
    assert store.record_rendering(record.id, "pdf", b"%PDF-other", "0" * 64) == pdf
    statements = [
        "UPDATE review_renderings SET content = :junk",
        "UPDATE review_renderings SET sha256 = 'x'",
        "DELETE FROM review_renderings",
    ]
    if store.engine.dialect.name == "postgresql":
        statements.append("TRUNCATE review_renderings")
    for statement in statements:
        with pytest.raises(Exception, match="append-only"), store.engine.begin() as connection:
            connection.execute(text(statement), {"junk": b"x"} if ":junk" in statement else {})
    assert store.review_download(submission.id, "pdf")[1] == pdf
    assert store.reviews_without_renderings() == []


def test_no_pdf_is_made_from_a_review_other_than_the_sealed_one() -> None:
    from pacomply.workspace import reviewing

    data = (EXAMPLES / "686a-violations.xlsx").read_bytes()
    document = reviewing.review_upload("686a-violations.xlsx", data).document
    # The same filing reviewed again on the sealed review's date gives the sealed document: the PDF is made.
    made = reviewing.render_downloads("686a-violations.xlsx", data, document)
    assert made["pdf"].startswith(b"%PDF-") and made["xlsx"].startswith(b"PK")
    # A sealed document the filing no longer gives (a later pacomply, an altered finding): no PDF, a reason.
    altered = {**document, "findings": document["findings"][1:]}
    with pytest.raises(reviewing.RenderingRefused, match="does not give the sealed review"):
        reviewing.render_downloads("686a-violations.xlsx", data, altered)
    # Another review date (a waiver lapses, a Date Filed is judged) is another review.
    earlier = {**document, "review_date": "2020-01-02"}
    with pytest.raises(reviewing.RenderingRefused):
        reviewing.render_downloads("686a-violations.xlsx", data, earlier)


def test_the_background_renderer_seals_each_new_reviews_pdf_and_workbook(sqlite_store: Any) -> None:
    from pacomply.workspace import reviewing
    from pacomply.workspace.worker import ReviewWorker

    user = sqlite_store.add_user("rita", "correct horse battery", "reviewer")
    names = ("686a-compliant.json", "686a-violations.json", "687a-compliant.json")  # more than RENDERINGS_IN_FLIGHT
    submissions = []
    for name in names:
        data = (EXAMPLES / name).read_bytes()
        submissions.append((sqlite_store.add_submission(name, data, reviewing.read_upload(name, data), user, "rita"),
                            name, data))
    worker = ReviewWorker(sqlite_store, workers=1, processes=False, background_pdfs=True)
    try:
        for submission, name, data in submissions:
            worker.submit(submission.id, name, data)
        assert worker.wait_idle(120)
        deadline = time.monotonic() + 180
        while sqlite_store.reviews_without_renderings() and time.monotonic() < deadline:
            time.sleep(0.1)
        for submission, _name, _data in submissions:
            pdf, workbook = (sqlite_store.review_download(submission.id, kind)[1] for kind in ("pdf", "xlsx"))
            assert pdf is not None and pdf.startswith(b"%PDF-")
            assert workbook is not None and workbook.startswith(b"PK")
        assert sqlite_store.reviews_without_renderings() == []
    finally:
        worker.shutdown()


def test_review_processes_start_with_the_pool_and_the_renderer_runs_at_the_lowest_priority(sqlite_store: Any) -> None:
    """Every review process is started (and imports the engine) when the pool is made, not at its first review;
    the background renderer takes only CPU the reviews leave (niceness 19 where the platform has niceness)."""
    import multiprocessing
    import os
    from concurrent.futures import ProcessPoolExecutor

    from pacomply.workspace.worker import ReviewWorker

    from tests.workspace.review_processes import low_priority_without_the_engine

    worker = ReviewWorker(sqlite_store, workers=2, processes=True)
    try:
        deadline = time.monotonic() + 120
        while len(worker.process_ids()) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(worker.process_ids()) == 2  # with no review submitted
    finally:
        worker.shutdown(wait=False)  # as on Ctrl-C: the processes end without finishing their imports
    if not hasattr(os, "nice"):
        return  # Windows has no niceness; the renderer then runs at the normal priority
    with ProcessPoolExecutor(
        1, mp_context=multiprocessing.get_context("spawn"), initializer=low_priority_without_the_engine
    ) as pool:
        assert pool.submit(os.nice, 0).result(120) == 19  # os.nice(0) reads the niceness
