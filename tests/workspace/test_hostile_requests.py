"""Hostile and malformed requests, on SQLite and PostgreSQL: malformed input is a 400 or 404 (JSON under /api/),
never a 500; only same-site paths are followed after sign-in; the reviews table is as sealed as the audit trail
(TRUNCATE included on PostgreSQL); a licensee never sees the Board's internal notes; quotas bound what one filing
and one account can ask of the review pool."""

from __future__ import annotations

import base64
import io
import json
import re
from typing import Any

import pytest
from sqlalchemy import text

from tests.workspace.conftest import EXAMPLES, LICENSEE_A, PASSWORD, upload_example

LONG_ID = "1234567890123456789012345"


def _basic(username: str, password: str = PASSWORD) -> dict[str, str]:
    return {"Authorization": "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()}


def test_malformed_requests_are_400_or_404_and_json_under_api(web_on_every_database: Any) -> None:
    _app, worker, client_factory = web_on_every_database
    client = client_factory()
    client.sign_in("rita")
    submission_id = int(client.upload("686a-violations.xlsx", (EXAMPLES / "686a-violations.xlsx").read_bytes())
                        .location.rsplit("/", 1)[1])
    worker.wait_idle(60)
    admin = client_factory()
    admin.sign_in("ada")
    cases: list[tuple[str, Any, int]] = [
        ("GET /?page=²", lambda: client.get("/?page=%C2%B2"), 400),
        ("GET /api/filings?page=²", lambda: client.get("/api/filings?page=%C2%B2"), 400),
        ("GET /?page=0", lambda: client.get("/?page=0"), 400),
        ("GET /?page=huge", lambda: client.get("/?page=" + LONG_ID), 400),
        ("GET filing by a 25-digit id", lambda: client.get(f"/filings/{LONG_ID}"), 404),
        ("GET JSON filing by a 25-digit id", lambda: client.get(f"/api/filings/{LONG_ID}"), 404),
        ("GET PDF by a 25-digit id", lambda: client.get(f"/filings/{LONG_ID}/review.pdf"), 404),
        ("GET diff with a 25-digit id", lambda: client.get(f"/api/diff?old={LONG_ID}&new={submission_id}"), 404),
        ("GET history with old=²", lambda: client.get("/history?licensee=x&chapter=686a&old=%C2%B2&new=1"), 404),
        ("GET /?licensee=NUL", lambda: client.get("/?licensee=a%00b"), 400),
        ("GET /api/filings?q=NUL", lambda: client.get("/api/filings?q=%00"), 400),
        ("GET a path with NUL", lambda: client.get("/users/a%00b"), 400),
        ("POST a role of a user named with NUL", lambda: admin.post("/users/a%00b/role", {"role": "reviewer"}), 400),
        ("POST /login with a NUL user name", lambda: client_factory().client.post(
            "/login", data={"username": "ri\x00ta", "password": PASSWORD}), 400),
        ("GET /api with NUL in Basic credentials", lambda: client_factory().client.get(
            "/api/filings", headers=_basic("ri\x00ta")), 401),
        ("POST JSON disposition with NUL", lambda: client.client.post(
            f"/api/filings/{submission_id}/dispositions", headers={"X-CSRFToken": client.token},
            json={"version": 1, "finding": "x", "decision": "disputed", "note": "a\x00b"}), 400),
        ("POST JSON disposition with version ²", lambda: client.client.post(
            f"/api/filings/{submission_id}/dispositions", headers={"X-CSRFToken": client.token},
            json={"version": "²", "finding": "x", "decision": "agreed"}), 400),
        ("POST JSON disposition with a list for a version", lambda: client.client.post(
            f"/api/filings/{submission_id}/dispositions", headers={"X-CSRFToken": client.token},
            json={"finding_version": [1], "finding": "x", "decision": "agreed"}), 400),
        ("POST form sign-off with version ²", lambda: client.post(
            f"/filings/{submission_id}/sign-off", {"version": "²", "decision": "approve"}), 400),
        ("POST JSON that is not JSON", lambda: client.client.post(
            f"/api/filings/{submission_id}/sign-off", headers={"X-CSRFToken": client.token},
            data=b"{not json", content_type="application/json"), 400),
        ("PUT /api/filings", lambda: client_factory().client.put("/api/filings", headers=_basic("rita")), 405),
        ("GET /api/no-such-endpoint", lambda: client.get("/api/no-such-endpoint"), 404),
        ("GET /api/filings?sort=evil", lambda: client.get("/api/filings?sort=evil"), 400),
        ("GET /api/filings?status=NUL-free junk", lambda: client.get("/api/filings?status=%E2%80%AE"), 400),
    ]
    for label, request, expected in cases:
        response = request()
        assert response.status_code == expected, (label, response.status_code, response.get_data(as_text=True)[-300:])
        path = response.request.path
        if path.startswith("/api/"):
            assert response.is_json and "error" in response.get_json(), label


@pytest.mark.parametrize(
    "target",
    [
        "/%09/evil.example/",
        "//evil.example/",
        "/\\evil.example/",
        "https://evil.example/",
        "/%0d%0aSet-Cookie:%20x=1",
        "%2F%2Fevil.example",
        "/%E3%80%80/evil.example",
        "javascript:alert(1)",
    ],
)
def test_after_sign_in_only_a_same_site_path_is_followed(web_on_every_database: Any, target: str) -> None:
    client = web_on_every_database[2]()
    client.refresh_token()
    response = client.client.post(
        f"/login?next={target}", data={"username": "rita", "password": PASSWORD, "csrf_token": client.token}
    )
    assert response.status_code == 302
    assert response.location == "/"


def test_after_sign_in_the_page_asked_for_is_followed(web: Any) -> None:
    client = web[2]()
    first = client.get("/history?licensee=x&chapter=686a")
    assert first.status_code == 302
    login_page = first.location
    client.refresh_token(login_page)
    response = client.client.post(login_page, data={"username": "rita", "password": PASSWORD,
                                                    "csrf_token": client.token})
    assert response.location == "/history?licensee=x&chapter=686a"


def test_the_reviews_and_letters_refuse_update_delete_and_truncate(store: Any, accounts: Any) -> None:
    rita, sam = accounts["reviewer"], accounts["supervisor"]
    submission = upload_example(store, "686a-compliant.json", rita)
    store.sign_off(rita, submission.id, store.submission(rita, submission.id).version, "approve")
    store.countersign(sam, submission.id, store.submission(sam, submission.id).version)
    statements = [
        "UPDATE reviews SET summary = 'compliant'",
        "UPDATE reviews SET pdf = :junk",
        "DELETE FROM reviews",
        "UPDATE letters SET pdf = :junk",
        "DELETE FROM letters",
    ]
    if store.engine.dialect.name == "postgresql":
        statements += [f"TRUNCATE {table} CASCADE" for table in
                       ("events", "dispositions", "signoffs", "reviews", "letters", "submissions")]
    for statement in statements:
        with pytest.raises(Exception, match="append-only"), store.engine.begin() as connection:
            connection.execute(text(statement), {"junk": b"x"} if ":junk" in statement else {})
    assert len(store.reviews(submission.id)) == 1 and len(store.letters(submission.id)) == 1


def test_a_licensee_sees_findings_status_and_letters_but_no_internal_note(web_on_every_database: Any) -> None:
    _app, worker, client_factory = web_on_every_database
    rita = client_factory()
    rita.sign_in("rita")
    submission_id = int(rita.upload("686a-violations.xlsx", (EXAMPLES / "686a-violations.xlsx").read_bytes())
                        .location.rsplit("/", 1)[1])
    worker.wait_idle(60)
    page = rita.get(f"/filings/{submission_id}").get_data(as_text=True)
    key = re.search(r'name="finding-1" value="([^"]+)"', page).group(1)
    form = {"finding-1": key, "seen-1": "0", "decision-1": "disputed", "note-1": "internal deliberation XYZZY"}
    assert rita.post(f"/filings/{submission_id}/dispositions", form).status_code == 302
    version = rita.get(f"/api/filings/{submission_id}").get_json()["filing"]["version"]
    assert rita.post(f"/filings/{submission_id}/sign-off", {"version": version, "decision": "request changes",
                                                            "note": "internal sign-off note QUUX"}).status_code == 302
    lee = client_factory()
    lee.sign_in("lee")
    html = lee.get(f"/filings/{submission_id}").get_data(as_text=True)
    for internal in ("XYZZY", "QUUX", "rita", 'id="audit"', 'id="sign-offs"', "disputed"):
        assert internal not in html, internal
    assert "Deficiency notice" in html and 'id="findings"' in html
    state = lee.get(f"/api/filings/{submission_id}").get_json()
    assert {"dispositions", "signoffs", "events"}.isdisjoint(state)
    assert "XYZZY" not in json.dumps(state) and "rita" not in json.dumps(state)
    [letter] = state["letters"]
    assert letter["kind"] == "deficiency notice"
    pdf = lee.get(letter["url"])
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF-")
    import pdfplumber

    with pdfplumber.open(io.BytesIO(pdf.data)) as document:
        words = "\n".join(page.extract_text() or "" for page in document.pages)
    assert "Deficiency notice" in words and LICENSEE_A in words
    assert "XYZZY" not in words and "QUUX" not in words and "rita" not in words
    assert words.count("to be corrected") == 11  # every error of the review is cited


def test_a_licensee_reads_why_a_review_failed_without_pacomplys_internal_detail(web: Any) -> None:
    _app, worker, client_factory = web
    staff = client_factory()
    staff.sign_in("rita")
    submission_id = int(staff.upload("686a-violations.xlsx", (EXAMPLES / "686a-violations.xlsx").read_bytes())
                        .location.rsplit("/", 1)[1])
    worker.wait_idle(60)
    detail = "pacomply could not review this filing (an internal error: KeyError('secret_path /srv/x'))"
    worker.store.record_review_failure(submission_id, detail, "pacomply")
    assert "secret_path" in staff.get(f"/filings/{submission_id}").get_data(as_text=True)
    lee = client_factory()
    lee.sign_in("lee")
    html = lee.get(f"/filings/{submission_id}").get_data(as_text=True)
    assert "secret_path" not in html and "the Board&#39;s staff can see the details" in html
    problem = lee.get(f"/api/filings/{submission_id}").get_json()["filing"]["review_problem"]
    assert "secret_path" not in problem and problem.startswith("pacomply could not review this filing")


def _many_tables(count: int) -> bytes:
    document = json.loads((EXAMPLES / "686a-compliant.json").read_text(encoding="utf-8"))
    template = document["tables"][0]
    document["tables"] = [{**template, "table_id": f"OU-{index}"} for index in range(1, count + 1)]
    return json.dumps(document).encode()


def test_quotas_bound_tables_per_filing_and_reviews_waiting_per_account(store: Any, accounts: Any) -> None:
    from pacomply.workspace import reviewing
    from pacomply.workspace.store import MAX_TABLES, QuotaExceeded, TooLarge

    rita = accounts["reviewer"]
    data = _many_tables(MAX_TABLES + 1)
    with pytest.raises(TooLarge, match=f"lists {MAX_TABLES + 1} tables"):
        store.add_submission("many.json", data, reviewing.read_upload("many.json", data), rita, "rita")
    small = (EXAMPLES / "686a-compliant.json").read_bytes()
    filing = reviewing.read_upload("x.json", small)
    for _ in range(2):
        store.add_submission("x.json", small, filing, rita, "rita", max_pending=2)
    with pytest.raises(QuotaExceeded, match="2 filings waiting"):
        store.add_submission("x.json", small, filing, rita, "rita", max_pending=2)
    # Another account is not held up by rita's queue.
    store.add_submission("x.json", small, filing, accounts["reviewer2"], "reuben", max_pending=2)


def test_quotas_over_http_are_413_and_429_with_nothing_stored(sqlite_store: Any) -> None:
    from pacomply.workspace.web import create_app
    from pacomply.workspace.worker import ReviewWorker

    from tests.workspace.conftest import add_accounts

    add_accounts(sqlite_store)

    class Idle(ReviewWorker):
        def submit(self, *_arguments: Any, **_options: Any) -> None:  # the reviews stay pending
            return None

        def submit_stored(self, *_arguments: Any, **_options: Any) -> None:  # an upload's own hand-out, likewise
            return None

    app = create_app(sqlite_store, Idle(sqlite_store, processes=False), secret_key="t", max_pending=1, max_tables=3)
    api = app.test_client()

    def upload(data: bytes) -> Any:
        return api.post("/api/filings", data={"file": (io.BytesIO(data), "f.json")}, headers=_basic("rita"),
                        content_type="multipart/form-data")

    too_many = upload(_many_tables(4))
    assert too_many.status_code == 413 and "at most 3" in too_many.get_json()["error"]
    assert upload(_many_tables(3)).status_code == 202
    waiting = upload(_many_tables(1))
    assert waiting.status_code == 429 and "nothing was stored" in waiting.get_json()["error"]
    assert api.get("/api/filings", headers=_basic("rita")).get_json()["total"] == 1
