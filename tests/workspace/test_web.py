"""The web application through Flask's test client: sign-in everywhere, CSRF, escaping, hostile uploads, licensee
isolation by URL, the JSON endpoints, optimistic versioning, and reviews in a worker."""

from __future__ import annotations

import base64
import io
import json
import re
import time
from typing import Any

import pytest

from tests.workspace.conftest import EXAMPLES, LICENSEE_A, LICENSEE_B, PASSWORD


def _filing_json(licensee: str, source: str = "686a-compliant.json") -> bytes:
    document = json.loads((EXAMPLES / source).read_text(encoding="utf-8"))
    document["metadata"]["licensee"] = licensee
    return json.dumps(document).encode("utf-8")


def _basic(username: str) -> dict[str, str]:
    token = base64.b64encode(f"{username}:{PASSWORD}".encode()).decode()
    return {"Authorization": f"Basic {token}"}


def _upload(client: Any, name: str, data: bytes | None = None) -> int:
    response = client.upload(name, (EXAMPLES / name).read_bytes() if data is None else data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.location.rsplit("/", 1)[1])


def _page_version(html: str) -> str:
    match = re.search(r'name="version" value="(\d+)"', html)
    assert match is not None
    return match.group(1)


def test_every_route_without_a_session_is_refused(web: Any) -> None:
    from pacomply.workspace.web import PUBLIC_ENDPOINTS

    app, _worker, client_factory = web
    client = client_factory()
    checked = 0
    for rule in app.url_map.iter_rules():
        if rule.endpoint in PUBLIC_ENDPOINTS:  # the sign-in page and the health checks (tests/workspace/test_health.py)
            continue
        path = rule.rule.replace("<int:submission_id>", "1").replace("<username>", "rita")
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            response = client.client.open(path, method=method)
            checked += 1
            if path.startswith("/api/"):
                assert response.status_code == 401, (method, path)
                assert "sign in" in response.get_json()["error"]
            else:
                assert response.status_code == 302, (method, path)
                assert response.location.startswith("/login"), (method, path)
    assert checked >= 20


def test_the_session_cookie_is_httponly_and_samesite_lax(web: Any) -> None:
    client = web[2]()
    response = client.sign_in("rita")
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert "default-src 'none'" in response.headers["Content-Security-Policy"]


def test_a_wrong_password_is_refused(web: Any) -> None:
    client = web[2]()
    client.refresh_token()
    response = client.post("/login", {"username": "rita", "password": "wrong password"})
    assert response.status_code == 401
    assert "user name or password is wrong" in response.get_data(as_text=True)
    assert client.get("/").status_code == 302


def test_a_form_without_its_csrf_token_is_refused_and_changes_nothing(web: Any) -> None:
    _app, worker, client_factory = web
    login = client_factory().client.post("/login", data={"username": "rita", "password": PASSWORD})
    assert login.status_code == 400
    assert "security token is missing" in login.get_data(as_text=True)
    client = client_factory()
    client.sign_in("rita")
    submission_id = _upload(client, "686a-violations.xlsx")
    worker.wait_idle(60)
    page = client.get(f"/filings/{submission_id}").get_data(as_text=True)
    finding = re.search(r'name="finding-\d+" value="([^"]+)"', page).group(1)
    form = {"version": _page_version(page), "finding": finding, "decision": "agreed"}
    refused = client.client.post(f"/filings/{submission_id}/dispose", data=form)
    assert refused.status_code == 400
    forged = client.client.post(f"/filings/{submission_id}/dispose", data={**form, "csrf_token": "forged"})
    assert forged.status_code == 400
    api = client.client.post(f"/api/filings/{submission_id}/dispositions", json=form)
    assert api.status_code == 400
    assert "security token" in api.get_json()["error"]
    assert client.get(f"/api/filings/{submission_id}").get_json()["dispositions"] == {}
    accepted = client.client.post(
        f"/api/filings/{submission_id}/dispositions", json=form, headers={"X-CSRFToken": client.token}
    )
    assert accepted.status_code == 200, accepted.get_data(as_text=True)


def test_a_licensee_named_script_renders_as_text(web: Any) -> None:
    _app, worker, client_factory = web
    client = client_factory()
    client.sign_in("rita")
    hostile = "<script>alert('pwned')</script> & Co"
    submission_id = _upload(client, "hostile.json", _filing_json(hostile))
    worker.wait_idle(60)
    for path in (f"/filings/{submission_id}", "/", f"/history?licensee={hostile}&chapter=686a"):
        html = client.get(path, query_string=None).get_data(as_text=True)
        assert "<script>" not in html, path
        assert "&lt;script&gt;alert(&#39;pwned&#39;)&lt;/script&gt; &amp; Co" in html, path


@pytest.mark.parametrize(
    ("name", "data", "expected"),
    [
        ("filing.xlsx", b"%PDF-1.7\n" + b"0" * 200, "its content is a PDF document"),
        ("filing.xlsx", b"PK\x03\x04" + b"\x00" * 100, "xlsx"),
        ("filing.json", b'{"metadata": {"licensee": 7}}', "Field metadata.reviewed_by"),
        ("filing.exe", b"MZ\x90\x00", "not a filing format"),
        ("../../etc/filing.json", b"[1, 2", "not valid JSON"),
    ],
)
def test_a_hostile_upload_is_refused_with_a_clear_message_and_nothing_stored(
    web: Any, name: str, data: bytes, expected: str
) -> None:
    _app, worker, client_factory = web
    client = client_factory()
    client.sign_in("rita")
    response = client.upload(name, data)
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "nothing was stored" in html
    assert expected in html
    assert worker.busy == 0
    assert client.get("/api/filings").get_json()["total"] == 0


def test_an_oversized_upload_is_refused_and_nothing_stored(web: Any) -> None:
    client = web[2]()
    client.sign_in("rita")
    response = client.upload("big.json", b" " * (2 * 1024 * 1024 + 1))
    assert response.status_code == 413
    assert "larger than the workspace accepts (2 MiB); nothing was stored" in response.get_data(as_text=True)
    whole = client.upload("bigger.json", b" " * (3 * 1024 * 1024))  # beyond the request limit as well
    assert whole.status_code == 413
    assert client.get("/api/filings").get_json()["total"] == 0


def test_a_licensee_cannot_see_another_licensees_filing_by_url(web_on_every_database: Any) -> None:
    _app, worker, client_factory = web_on_every_database
    staff = client_factory()
    staff.sign_in("rita")
    own = _upload(staff, "686a-violations.xlsx")  # LICENSEE_A
    other = _upload(staff, "686a-compliant.json")  # LICENSEE_B
    worker.wait_idle(60)
    lee = client_factory()
    lee.sign_in("lee")
    assert lee.get(f"/filings/{own}").status_code == 200
    for path in (
        f"/filings/{other}",
        f"/filings/{other}/review.pdf",
        f"/filings/{other}/review.xlsx",
        f"/filings/{other}/original",
        f"/api/filings/{other}",
        f"/api/diff?old={own}&new={other}",
        f"/history?licensee={LICENSEE_B}&chapter=686a&old={own}&new={other}",
    ):
        response = lee.get(path)
        assert response.status_code == 404, path
        assert LICENSEE_B not in response.get_data(as_text=True), path
    assert [item["id"] for item in lee.get("/api/filings").get_json()["filings"]] == [own]
    assert LICENSEE_B not in lee.get("/").get_data(as_text=True)
    assert lee.get("/users").status_code == 403
    # A licensee uploads for itself only, and does not act on findings.
    refused = lee.upload("other.json", _filing_json(LICENSEE_B))
    assert refused.status_code == 403
    page = lee.get(f"/filings/{own}").get_data(as_text=True)
    assert 'name="finding-' not in page and 'id="dispositions-form"' not in page


def test_two_reviewers_on_one_filing_the_second_gets_a_clear_conflict(web: Any) -> None:
    _app, worker, client_factory = web
    rita, reuben = client_factory(), client_factory()
    rita.sign_in("rita")
    reuben.sign_in("reuben")
    submission_id = _upload(rita, "686a-violations.xlsx")
    worker.wait_idle(60)
    page_rita = rita.get(f"/filings/{submission_id}").get_data(as_text=True)
    page_reuben = reuben.get(f"/filings/{submission_id}").get_data(as_text=True)
    findings = re.findall(r'name="finding-\d+" value="([^"]+)"', page_rita)
    first = rita.post(
        f"/filings/{submission_id}/dispose",
        {"version": _page_version(page_rita), "finding": findings[0], "decision": "agreed"},
    )
    assert first.status_code == 302
    second = reuben.post(
        f"/filings/{submission_id}/dispose",
        {"version": _page_version(page_reuben), "finding": findings[1], "decision": "disputed", "note": "no"},
    )
    assert second.status_code == 409
    text = second.get_data(as_text=True)
    assert "changed after you opened it (disposition by rita" in text
    assert "nothing you sent was saved" in text
    state = rita.get(f"/api/filings/{submission_id}").get_json()
    assert next(iter(state["dispositions"].values()))["by"] == "rita"
    assert len(state["dispositions"]) == 1


def test_the_review_workflow_through_the_json_endpoints(web_on_every_database: Any) -> None:
    _app, worker, client_factory = web_on_every_database
    api = client_factory().client
    created = api.post(
        "/api/filings",
        data={"file": (io.BytesIO((EXAMPLES / "686a-violations.xlsx").read_bytes()), "686a-violations.xlsx")},
        headers=_basic("rita"),
        content_type="multipart/form-data",
    )
    assert created.status_code == 202, created.get_data(as_text=True)
    submission_id = created.get_json()["id"]
    worker.wait_idle(60)
    state = api.get(f"/api/filings/{submission_id}", headers=_basic("rita")).get_json()
    assert state["filing"]["review_state"] == "done"
    assert state["review"]["verdict"]["errors"] == len(state["review"]["findings"]) == 11
    from pacomply.workspace.store import finding_key

    for finding in state["review"]["findings"]:
        version = api.get(f"/api/filings/{submission_id}", headers=_basic("rita")).get_json()["filing"]["version"]
        done = api.post(
            f"/api/filings/{submission_id}/dispositions",
            json={"version": version, "finding": finding_key(finding), "decision": "agreed"},
            headers=_basic("rita"),
        )
        assert done.status_code == 200, done.get_data(as_text=True)
    version = done.get_json()["version"]
    approve = {"version": version, "decision": "approve"}
    # Every error is merely agreed (the licensee must correct it): not an approval in total.
    refused_total = api.post(f"/api/filings/{submission_id}/sign-off", json=approve, headers=_basic("rita"))
    assert refused_total.status_code == 400
    assert "11 error(s) are not resolved" in refused_total.get_json()["error"]
    signed = api.post(
        f"/api/filings/{submission_id}/sign-off",
        json={**approve, "decision": "approve in part"},
        headers=_basic("rita"),
    )
    assert signed.status_code == 200 and signed.get_json()["status"] == "in review"
    refused = api.post(
        f"/api/filings/{submission_id}/countersign",
        json={"version": signed.get_json()["version"]},
        headers=_basic("rita"),
    )
    assert refused.status_code == 403 and refused.get_json()["error"] == "only a supervisor countersigns"
    countersigned = api.post(
        f"/api/filings/{submission_id}/countersign",
        json={"version": signed.get_json()["version"]},
        headers=_basic("sam"),
    )
    assert countersigned.status_code == 200 and countersigned.get_json()["status"] == "approved in part"
    state = api.get(f"/api/filings/{submission_id}", headers=_basic("sam")).get_json()
    events = state["events"]
    assert [event["action"] for event in events][-3:] == ["sign-off", "countersign", "letter"]
    assert {event["actor"] for event in events} == {"rita", "sam", "pacomply"}
    sign_off = next(event for event in events if event["action"] == "sign-off")
    assert len(sign_off["detail"]["not_approved"]) == 11
    assert [letter["kind"] for letter in state["letters"]] == ["approval in part"]
    stale = api.post(f"/api/filings/{submission_id}/sign-off", json=approve, headers=_basic("rita"))
    assert stale.status_code == 409


def test_the_filing_page_shows_the_verdict_findings_with_links_wager_math_readings_and_audit(web: Any) -> None:
    _app, worker, client_factory = web
    client = client_factory()
    client.sign_in("rita")
    submission_id = _upload(client, "686a-violations.xlsx")
    worker.wait_idle(60)
    html = client.get(f"/filings/{submission_id}").get_data(as_text=True)
    document = client.get(f"/api/filings/{submission_id}").get_json()["review"]
    assert document["verdict"]["summary"] in html
    for finding in document["findings"]:
        assert f'<a href="{finding["citation_uri"]}" rel="noreferrer">{finding["citation"]}</a>' in html
    # Every section of the review document beyond the findings is on the page, whatever its fields.
    for key in document:
        if key not in ("schema", "tool", "verdict", "findings", "filing"):
            assert f'id="{key.replace("_", "-")}"' in html, key
    for math in document["wager_math"]:
        assert str(math["house_edge"]) in html
    assert 'id="readings"' in html and 'id="audit"' in html
    assert re.search(r"<td>rita</td><td>upload</td>", html)
    assert re.search(r"<td>pacomply</td><td>review</td>", html)
    pdf = client.get(f"/filings/{submission_id}/review.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF-")
    assert "attachment" in pdf.headers["Content-Disposition"]
    workbook = client.get(f"/filings/{submission_id}/review.xlsx")
    assert workbook.status_code == 200 and workbook.data.startswith(b"PK")
    assert client.get(f"/filings/{submission_id}/original").data == (EXAMPLES / "686a-violations.xlsx").read_bytes()


def test_the_history_page_diffs_two_submissions_of_a_licensee(web: Any) -> None:
    _app, worker, client_factory = web
    client = client_factory()
    client.sign_in("rita")
    first = _upload(client, "686a-violations.xlsx")
    amended = _upload(client, "amended.json", _filing_json(LICENSEE_A))
    worker.wait_idle(60)
    html = client.get(
        "/history", query_string={"licensee": LICENSEE_A, "chapter": "686a", "old": first, "new": amended}
    ).get_data(as_text=True)
    assert f"Differences: #{first} → #{amended}" in html
    assert "Findings resolved (11)" in html
    assert "Findings added" not in html
    diff = client.get(f"/api/diff?old={first}&new={amended}").get_json()
    assert diff["schema"] == "pacomply.diff/1"
    assert len(diff["findings"]["resolved"]) == 11 and diff["findings"]["added"] == []
    assert {"where": "OU-1.betting_positions", "kind": "changed", "old": "7", "new": "6"} in diff["tables"]["changed"]


def test_queue_filters_and_pages(web: Any) -> None:
    _app, worker, client_factory = web
    client = client_factory()
    client.sign_in("rita")
    a = _upload(client, "686a-violations.xlsx")
    b = _upload(client, "686a-compliant.json")
    worker.wait_idle(60)

    def ids(**query: str) -> list[int]:
        return [item["id"] for item in client.get("/api/filings", query_string=query).get_json()["filings"]]

    assert ids() == [b, a]
    assert ids(licensee=LICENSEE_B) == [b]
    assert ids(chapter="687a") == []
    assert ids(status="received") == [b, a]
    assert ids(status="approved") == []
    bad = client.get("/api/filings?from=yesterday")
    assert bad.status_code == 400 and "YYYY-MM-DD" in bad.get_json()["error"]
    html = client.get("/", query_string={"licensee": LICENSEE_A}).get_data(as_text=True)
    assert f'href="/filings/{a}"' in html and f'href="/filings/{b}"' not in html


def test_an_admin_manages_accounts_and_a_role_change_is_audited(web: Any) -> None:
    _app, _worker, client_factory = web
    reviewer = client_factory()
    reviewer.sign_in("rita")
    assert reviewer.post("/users", {"username": "x", "password": PASSWORD, "role": "admin"}).status_code == 403
    admin = client_factory()
    admin.sign_in("ada")
    added = admin.post("/users", {"username": "newbie", "password": PASSWORD, "role": "reviewer"})
    assert added.status_code == 302
    changed = admin.post("/users/newbie/role", {"role": "supervisor"})
    assert changed.status_code == 302
    assert "<td>newbie</td><td>supervisor</td>" in admin.get("/users").get_data(as_text=True)
    from sqlalchemy import text

    engine = web[1].store.engine
    with engine.connect() as connection:
        actions = connection.execute(text("SELECT actor, action FROM events ORDER BY id")).all()
    assert ("ada", "user added") in [tuple(row) for row in actions]
    assert ("ada", "role changed") in [tuple(row) for row in actions]


def test_uploads_are_reviewed_in_worker_processes_while_pages_keep_answering(sqlite_store: Any) -> None:
    from pacomply.workspace.web import create_app
    from pacomply.workspace.worker import ReviewWorker

    from tests.workspace.conftest import WebClient, add_accounts

    add_accounts(sqlite_store)
    worker = ReviewWorker(sqlite_store, workers=1, processes=True, background_pdfs=False)  # reads no downloads
    try:
        app = create_app(sqlite_store, worker, secret_key="test")
        client = WebClient(app.test_client())
        client.sign_in("rita")
        started = time.perf_counter()
        submission_id = _upload(client, "645a-violations.xlsx")  # a 645a review takes seconds of CPU
        answered = time.perf_counter() - started
        page = client.get(f"/filings/{submission_id}")
        assert page.status_code == 200
        html = page.get_data(as_text=True)
        if worker.busy:  # the usual case: the review is still running in the other process
            assert "The review is under way" in html and 'http-equiv="refresh"' in html
            assert client.get("/").status_code == 200
        assert worker.wait_idle(300)
        state = client.get(f"/api/filings/{submission_id}").get_json()
        assert state["filing"]["review_state"] == "done"
        assert state["review"]["filing"]["chapters"] == ["645a"]
        assert answered < 30  # reading the upload only; generous for a loaded machine
    finally:
        worker.shutdown()


def test_is_loopback_and_serve_refuses_a_remote_host_without_the_flag() -> None:
    from pacomply.workspace.serve import RemoteRefused, check_host, is_loopback

    assert all(is_loopback(host) for host in ("127.0.0.1", "localhost", "::1", "127.8.9.10", "[::1]"))
    assert not any(is_loopback(host) for host in ("0.0.0.0", "192.168.1.4", "::", "example.org"))
    with pytest.raises(RemoteRefused, match="--allow-remote"):
        check_host("0.0.0.0", allow_remote=False)
    check_host("0.0.0.0", allow_remote=True)


def test_licensee_names_in_the_fixtures_match_the_examples() -> None:
    # The fixtures' licensee accounts name the licensees of the example filings they upload.
    assert json.loads((EXAMPLES / "686a-compliant.json").read_text())["metadata"]["licensee"] == LICENSEE_B
    assert LICENSEE_A in (EXAMPLES / "686a-violations.json").read_text()


def test_a_pdf_filing_uploads_and_is_reviewed_like_its_workbook(web: Any) -> None:
    from pacomply.submissions import read_filing
    from pacomply.submissions.print_pdf import filing_pdf_bytes

    _app, worker, client_factory = web
    client = client_factory()
    client.sign_in("rita")
    pdf = filing_pdf_bytes(read_filing(EXAMPLES / "686a-violations.xlsx"))
    from_pdf = _upload(client, "686a-violations.pdf", pdf)
    from_xlsx = _upload(client, "686a-violations.xlsx")
    worker.wait_idle(60)
    reviews = [client.get(f"/api/filings/{item}").get_json()["review"] for item in (from_pdf, from_xlsx)]
    assert reviews[0]["verdict"] == reviews[1]["verdict"]
    assert [item["rule_id"] for item in reviews[0]["findings"]] == [item["rule_id"] for item in reviews[1]["findings"]]
    diff = client.get(f"/api/diff?old={from_xlsx}&new={from_pdf}").get_json()
    assert diff["unchanged"], diff


def test_sections_and_finding_fields_a_newer_review_adds_appear_without_a_template_change(web: Any) -> None:
    from pacomply.workspace.reviewing import StoredReview

    _app, worker, client_factory = web
    client = client_factory()
    client.sign_in("rita")
    submission_id = _upload(client, "686a-violations.xlsx")
    worker.wait_idle(60)
    document = client.get(f"/api/filings/{submission_id}").get_json()["review"]
    # What a later pacomply might add: a section of its own, and a field on each finding.
    document["board_reconciliation"] = [
        {"wager": "bonus", "board_figure": "5.6052%", "verdict": "reproduced <exactly>"},
    ]
    for finding in document["findings"]:
        finding["published_reference"] = "PGCB table OU-B1"
    worker.store.record_review(submission_id, StoredReview(document, b"%PDF-", b"PK"), "pacomply")
    html = client.get(f"/filings/{submission_id}").get_data(as_text=True)
    assert 'id="board-reconciliation"' in html and "<h2>Board reconciliation</h2>" in html
    assert "<th>board figure</th>" in html and "<td>5.6052%</td>" in html
    assert "reproduced &lt;exactly&gt;" in html
    assert html.count("published reference: PGCB table OU-B1") == len(document["findings"])


def test_accounts_through_the_json_endpoints_for_an_admin_only(web: Any) -> None:
    api = web[2]().client
    new = {"username": "newbie", "password": PASSWORD, "role": "licensee", "licensee": LICENSEE_A}
    assert api.post("/api/users", json=new, headers=_basic("rita")).status_code == 403
    created = api.post("/api/users", json=new, headers=_basic("ada"))
    assert created.status_code == 201 and created.get_json()["licensee"] == LICENSEE_A
    assert api.post("/api/users", json=new, headers=_basic("ada")).status_code == 409
    bad = api.post("/api/users/newbie/role", json={"role": "king"}, headers=_basic("ada"))
    assert bad.status_code == 400 and "not a role" in bad.get_json()["error"]
    changed = api.post("/api/users/newbie/role", json={"role": "reviewer"}, headers=_basic("ada"))
    assert changed.get_json() == {"username": "newbie", "role": "reviewer", "licensee": None}
    listed = api.get("/api/users", headers=_basic("ada")).get_json()["users"]
    assert {"username": "newbie", "role": "reviewer", "licensee": None, "active": True} in listed
    assert api.get("/api/users", headers=_basic("lee")).status_code == 403


def test_a_second_application_in_one_process_renders_its_pages_without_compiling_them_again(
    web: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The templates are compiled once per process (``web.COMPILED_TEMPLATES``): a second application over the same
    store renders the sign-in page from what the first compiled, and a template whose source changed is compiled
    afresh (Jinja checks each compilation against its source's checksum)."""
    from jinja2 import Environment
    from pacomply.workspace.web import create_app

    app, worker, client = web
    assert client().get("/login").status_code == 200
    compiled: list[str | None] = []
    compile_template = Environment.compile

    def counted(self: Environment, source: Any, name: str | None = None, *args: Any, **kwargs: Any) -> Any:
        compiled.append(name)
        return compile_template(self, source, name, *args, **kwargs)

    monkeypatch.setattr(Environment, "compile", counted)
    second = create_app(app.extensions["pacomply"].store, worker, secret_key="test")
    page = second.test_client().get("/login")
    assert page.status_code == 200 and b"csrf_token" in page.data
    assert compiled == []
    # The same template with another source (a deployment that edited it) is compiled, not served stale.
    loader_type = type(second.jinja_env.loader)
    get_source = loader_type.get_source

    def edited(self: Any, environment: Environment, name: str) -> Any:
        source, filename, uptodate = get_source(self, environment, name)
        return (source + "<!-- edited -->" if name == "base.html" else source), filename, uptodate

    monkeypatch.setattr(loader_type, "get_source", edited)
    third = create_app(app.extensions["pacomply"].store, worker, secret_key="test")
    assert b"<!-- edited -->" in third.test_client().get("/login").data
    assert compiled == ["base.html"]
