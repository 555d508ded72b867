"""The Board's review workflow through the web application: the 15-day review clock and overdue filings,
assignment, search, sorting and numbered pages, dispositions of many findings in one form, the decision letter,
and an audit trail in words."""

from __future__ import annotations

import io
import re
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import text

from tests.workspace.conftest import EXAMPLES, LICENSEE_A, LICENSEE_B


def _upload(client: Any, name: str) -> int:
    response = client.upload(name, (EXAMPLES / name).read_bytes())
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(response.location.rsplit("/", 1)[1])


def test_601a_10_c_a_filing_is_due_15_days_after_receipt_and_shown_overdue_once_past(
    web_on_every_database: Any,
) -> None:
    _app, worker, client_factory = web_on_every_database
    client = client_factory()
    client.sign_in("rita")
    late, fresh = _upload(client, "686a-violations.xlsx"), _upload(client, "686a-compliant.json")
    worker.wait_idle(60)
    state = client.get(f"/api/filings/{fresh}").get_json()["filing"]
    from pacomply.workspace.store import board_date

    received = board_date(datetime.fromisoformat(state["uploaded_at"]))  # the Board's day, America/New_York
    assert state["due_date"] == (received + timedelta(days=15)).isoformat() and state["overdue"] is False
    with worker.store.engine.begin() as connection:
        connection.execute(text("UPDATE submissions SET due_date = :day WHERE id = :id"),
                           {"day": date(2020, 1, 2), "id": late})
    assert [item["id"] for item in client.get("/api/filings?overdue=1").get_json()["filings"]] == [late]
    html = client.get("/").get_data(as_text=True)
    row = re.search(rf'<tr class="filing overdue-row">\s*<td><a href="/filings/{late}">', html)
    assert row is not None
    assert html.count("overdue-row") == 1
    assert "overdue" in client.get(f"/filings/{late}").get_data(as_text=True)


def test_assignment_search_sort_and_numbered_pages(web: Any) -> None:
    _app, worker, client_factory = web
    client = client_factory()
    client.sign_in("rita")
    a, b = _upload(client, "686a-violations.xlsx"), _upload(client, "686a-compliant.json")
    worker.wait_idle(60)
    version = client.get(f"/api/filings/{a}").get_json()["filing"]["version"]
    assert client.post(f"/filings/{a}/assign", {"version": version, "reviewer": "reuben"}).status_code == 302
    stale = client.post(f"/filings/{a}/assign", {"version": version, "reviewer": "sam"})
    assert stale.status_code == 409
    refused = client.post(f"/filings/{b}/assign", {"version": 1, "reviewer": "lee"})
    assert refused.status_code in (400, 409)

    def ids(**query: str) -> list[int]:
        return [item["id"] for item in client.get("/api/filings", query_string=query).get_json()["filings"]]

    assert ids(reviewer="reuben") == [a]
    assert ids(reviewer="-") == [b]
    assert ids(q="keystone") == [b]  # LICENSEE_B, case-insensitive
    assert ids(q="violations") == [a]  # the file name
    assert ids(q="%") == []  # a wildcard is a character, not a pattern
    assert ids(sort="licensee", dir="asc") == [a, b]  # Allegheny before Keystone
    assert ids(sort="licensee", dir="desc") == [b, a]
    assert ids(sort="id", dir="asc") == [a, b]
    html = client.get("/?sort=licensee&dir=asc").get_data(as_text=True)
    assert html.index(LICENSEE_A) < html.index(LICENSEE_B)
    assert '<td class="assigned">reuben</td>' in html
    assert 'id="pages"' in html and "<strong>1</strong>" in html
    events = client.get(f"/api/filings/{a}").get_json()["events"]
    assert {"action": "assigned", "actor": "rita", "detail": {"to": "reuben"}}.items() <= events[-1].items()


def test_numbered_pages_link_every_nearby_page(web: Any) -> None:
    from pacomply.workspace import reviewing

    _app, _worker, client_factory = web
    store = web[1].store
    client = client_factory()
    client.sign_in("rita")
    data = (EXAMPLES / "686a-compliant.json").read_bytes()
    filing = reviewing.read_upload("x.json", data)
    for _ in range(101):  # three pages of 50
        store.add_submission("x.json", data, filing, None, "test")
    html = client.get("/?page=2").get_data(as_text=True)
    assert "page 2 of 3" in html and "<strong>2</strong>" in html
    assert 'href="/?page=1"' in html and 'href="/?page=3"' in html


def test_dispositions_of_many_findings_in_one_form_and_a_readable_audit_trail(web_on_every_database: Any) -> None:
    _app, worker, client_factory = web_on_every_database
    rita, reuben = client_factory(), client_factory()
    rita.sign_in("rita")
    reuben.sign_in("reuben")
    submission_id = _upload(rita, "686a-violations.xlsx")
    worker.wait_idle(60)
    page_rita = rita.get(f"/filings/{submission_id}").get_data(as_text=True)
    page_reuben = reuben.get(f"/filings/{submission_id}").get_data(as_text=True)
    keys = re.findall(r'name="finding-(\d+)" value="([^"]+)"', page_rita)
    assert len(keys) == 11

    def form(rows: list[tuple[str, str, str]], page: str) -> dict[str, str]:
        fields = dict(re.findall(r'name="((?:finding|seen)-\d+)" value="([^"]*)"', page))
        for index, decision, extra in rows:
            fields[f"decision-{index}"] = decision
            fields["reference-" + index if decision == "waived" else "note-" + index] = extra
        return fields

    # Rita waives the first six; Reuben, on the page he opened before, disputes the seventh: no conflict.
    first = rita.post(f"/filings/{submission_id}/dispositions",
                      form([(index, "waived", f"W-2026-{index}") for index, _key in keys[:6]], page_rita))
    assert first.status_code == 302
    second = reuben.post(f"/filings/{submission_id}/dispositions",
                         form([(keys[6][0], "disputed", "the rack is measured from the felt")], page_reuben))
    assert second.status_code == 302, second.get_data(as_text=True)
    # Reuben, still on the old page, now also acts on one of Rita's findings: refused, nothing saved.
    clash = reuben.post(f"/filings/{submission_id}/dispositions",
                        form([(keys[7][0], "agreed", ""), (keys[0][0], "agreed", "")], page_reuben))
    assert clash.status_code == 409 and "waived by rita" in clash.get_data(as_text=True)
    # One bad row refuses the whole form.
    bad = rita.post(f"/filings/{submission_id}/dispositions",
                    form([(keys[8][0], "agreed", ""), (keys[9][0], "waived", "whenever")],
                         rita.get(f"/filings/{submission_id}").get_data(as_text=True)))
    assert bad.status_code == 400
    state = rita.get(f"/api/filings/{submission_id}").get_json()
    assert len(state["dispositions"]) == 7
    assert {item["finding_version"] for item in state["dispositions"].values()} == {1}
    html = rita.get(f"/filings/{submission_id}").get_data(as_text=True)
    audit = html[html.index('id="audit"'):]
    assert "finding " + keys[0][1] + ": waived (Board reference W-2026-1)" in audit.replace("&#39;", "'")
    assert "disputed (note: the rack is measured from the felt)" in audit
    assert '{"' not in audit  # no raw JSON


def test_a_deficiency_notice_then_a_resubmission_and_its_approval_letter(web: Any) -> None:
    _app, worker, client_factory = web
    rita, sam, lee = client_factory(), client_factory(), client_factory()
    rita.sign_in("rita")
    sam.sign_in("sam")
    lee.sign_in("lee")
    first = _upload(lee, "686a-violations.xlsx")
    worker.wait_idle(60)
    version = rita.get(f"/api/filings/{first}").get_json()["filing"]["version"]
    notice = rita.post(f"/filings/{first}/sign-off", {"version": version, "decision": "request changes"})
    assert notice.status_code == 302
    letters = lee.get(f"/api/filings/{first}").get_json()["letters"]
    assert [item["kind"] for item in letters] == ["deficiency notice"]
    import json

    amended = json.loads((EXAMPLES / "686a-compliant.json").read_text(encoding="utf-8"))
    amended["metadata"]["licensee"] = LICENSEE_A
    response = lee.upload("686a-amended.json", json.dumps(amended).encode())
    second = int(response.location.rsplit("/", 1)[1])
    worker.wait_idle(60)
    diff = lee.get(f"/api/diff?old={first}&new={second}").get_json()
    assert len(diff["findings"]["resolved"]) == 11
    version = rita.get(f"/api/filings/{second}").get_json()["filing"]["version"]
    rita.post(f"/filings/{second}/sign-off", {"version": version, "decision": "approve"})
    version = sam.get(f"/api/filings/{second}").get_json()["filing"]["version"]
    assert sam.post(f"/filings/{second}/countersign", {"version": version}).status_code == 302
    [approval] = lee.get(f"/api/filings/{second}").get_json()["letters"]
    assert approval["kind"] == "approval"
    pdf = lee.get(approval["url"])
    assert pdf.data.startswith(b"%PDF-") and "attachment" in pdf.headers["Content-Disposition"]
    assert lee.get(f"/filings/{second}").get_data(as_text=True).count("Approval</a>") == 1
    # Another licensee cannot fetch the letter by its URL.
    kay = client_factory()
    kay.sign_in("kay")
    assert kay.get(approval["url"]).status_code == 404


def test_the_letters_header_never_runs_over_the_page_number_for_a_long_licensee_name() -> None:
    import pdfplumber
    from pacomply.workspace.letters import LetterFinding, render_letter
    from pacomply.workspace.models import LetterKind

    licensee = "The Exceedingly Long-Named Riverfront Gaming, Hospitality and Entertainment Holding Company " * 3
    findings = [LetterFinding("686A-001", "error", "§ 686a.2(d)", "OU-1", "Tables!C2", "A long finding " * 20,
                              "Fix it.", "to be corrected")] * 30  # several pages
    from datetime import UTC, datetime

    pdf = render_letter(kind=LetterKind.DEFICIENCY_NOTICE, submission_id=7, licensee=licensee, file_name="f.xlsx",
                        sha256="0" * 64, chapters=["686a"], date_filed=date(2026, 1, 2), review_id=9,
                        verdict="not compliant", findings=findings, issued=datetime(2026, 2, 3, tzinfo=UTC))
    again = render_letter(kind=LetterKind.DEFICIENCY_NOTICE, submission_id=7, licensee=licensee, file_name="f.xlsx",
                          sha256="0" * 64, chapters=["686a"], date_filed=date(2026, 1, 2), review_id=9,
                          verdict="not compliant", findings=findings, issued=datetime(2026, 2, 3, tzinfo=UTC))
    assert pdf == again  # deterministic
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        assert len(document.pages) >= 2
        for number, page in enumerate(document.pages, 1):
            header = [word for word in page.extract_words() if word["top"] < 45]
            label = [word for word in header if word["text"] == "Page"]
            assert label, number
            page_x = min(word["x0"] for word in label)
            name_words = [word for word in header if word["x0"] < page_x]
            assert name_words and max(word["x1"] for word in name_words) <= page_x - 10, number
            assert any(word["text"].endswith("…") for word in name_words)
            assert page.width - max(word["x1"] for word in header) >= 0.7 * 72 - 1  # inside the right margin


def test_the_review_pdfs_header_and_footer_never_run_over_the_page_number_for_a_long_licensee_name() -> None:
    import json

    import pdfplumber
    from pacomply.workspace import reviewing

    document = json.loads((EXAMPLES / "686a-violations.json").read_text(encoding="utf-8"))
    document["metadata"]["licensee"] = "Exceedingly Long-Named Riverfront Gaming and Hospitality Holdings " * 4
    data = json.dumps(document).encode()
    pdf = reviewing.render_downloads("long.json", data, reviewing.review_upload("long.json", data).document,
                                     ("pdf",))["pdf"]  # the review's PDF alone: its workbook is not read here
    with pdfplumber.open(io.BytesIO(pdf)) as opened:
        assert len(opened.pages) >= 2
        for number, page in enumerate(opened.pages, 1):
            words = page.extract_words()
            footer = [word for word in words if word["top"] > page.height - 0.6 * 72]
            label = [word for word in footer if word["text"] == "Page"]
            assert label, number
            left = [word for word in footer if word["x1"] <= label[0]["x0"] + 1 and word is not label[0]]
            overlapping = [word for word in footer if word["x0"] < label[0]["x0"] < word["x1"]]
            assert not overlapping, (number, overlapping)
            assert left and max(word["x1"] for word in left) <= label[0]["x0"] - 6, number
            header = [word for word in words if word["top"] < 0.6 * 72]
            assert all(word["x1"] <= page.width - 0.75 * 72 + 1 for word in header), number
