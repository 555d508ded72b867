"""What a reviewer does, in a real browser (Chromium, driven by Playwright) against the server on 127.0.0.1:
sign in, upload the example filings, dispose of every finding, sign off, countersign as a supervisor, open the
history diff, download the PDF review; and a licensee cannot open another licensee's filing by its URL.

``PACOMPLY_SCREENSHOT=path`` keeps the screenshot the test takes of a filing's page (the README's is made so).
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.workspace.conftest import EXAMPLES, LICENSEE_A, LICENSEE_B, PASSWORD, add_accounts, missing_service

pytestmark = pytest.mark.browser


def _chromium() -> str | None:
    configured = os.environ.get("PACOMPLY_CHROMIUM")
    if configured:
        return configured
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    executable = _chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing_service("Playwright's Python package is not installed")
    if executable is None:
        missing_service("Chromium is not installed (Debian: apt-get install chromium)")
    with sync_playwright() as playwright:
        # As root (CI containers) Chromium's sandbox cannot start; it is a test browser on loopback only.
        arguments = ["--no-sandbox"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
        launched = playwright.chromium.launch(executable_path=executable, args=arguments)
        yield launched
        launched.close()


def _sign_in(page: Any, base: str, username: str) -> None:
    page.goto(f"{base}/")
    assert "/login" in page.url
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"{base}/")


def _upload(page: Any, base: str, worker: Any, path: Path, refreshes_itself: bool = False) -> int:
    """Upload a filing and wait for its page to show the verdict: the page refreshes itself every second while the
    review is under way. Where ``refreshes_itself`` is False the test waits for the review in the server instead
    and reloads the page once, which saves the rest of the refresh interval of each upload."""
    page.goto(f"{base}/upload")
    page.set_input_files("input[name=file]", str(path))
    page.click("main button[type=submit]")
    page.wait_for_url(re.compile(r".*/filings/\d+$"))
    if not refreshes_itself:
        assert worker.wait_idle(120)
        if page.locator("#verdict").count() == 0:
            page.reload()
    page.wait_for_selector("#verdict", timeout=120_000)
    return int(page.url.rsplit("/", 1)[1])


def test_a_review_from_upload_to_countersignature_in_chromium(
    browser: Any, live_server: tuple[str, Any], tmp_path: Path
) -> None:
    base, worker = live_server
    add_accounts(worker.store)
    amended = tmp_path / "686a-amended.json"
    document = json.loads((EXAMPLES / "686a-compliant.json").read_text(encoding="utf-8"))
    document["metadata"]["licensee"] = LICENSEE_A
    amended.write_text(json.dumps(document), encoding="utf-8")

    context = browser.new_context(viewport={"width": 1360, "height": 900}, accept_downloads=True)
    page = context.new_page()
    _sign_in(page, base, "rita")
    first = _upload(page, base, worker, EXAMPLES / "686a-violations.xlsx", refreshes_itself=True)
    other = _upload(page, base, worker, EXAMPLES / "686a-compliant.json")  # the other licensee's filing
    _upload(page, base, worker, EXAMPLES / "687a-violations.xlsx")
    second = _upload(page, base, worker, amended)

    page.goto(f"{base}/filings/{first}")
    assert "not compliant: 11 errors" in page.inner_text("#verdict")
    errors = 11  # the example's eleven errors (README: violations (11 errors))
    assert page.locator("tr.finding").count() == errors
    assert page.locator("#findings a[href^='https://www.pacodeandbulletin.gov/']").count() == 11
    assert page.locator("#wager-math table").count() >= 1
    # The filing page fits a 1,360-px window: nothing scrolls sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= 1360
    page.select_option("#assign-form select[name=reviewer]", "rita")
    page.click("#assign-form button")
    page.wait_for_selector(".flash")
    assert page.inner_text("#assigned") == "rita"
    # Every finding in one form: the first disputed, the others waived with the Board's reference.
    form = page.locator("#dispositions-form")
    form.locator("select[name=decision-1]").select_option("disputed")
    form.locator("input[name=note-1]").fill("the rack is measured from the felt")
    for index in range(2, errors + 1):
        form.locator(f"select[name=decision-{index}]").select_option("waived")
        form.locator(f"input[name=reference-{index}]").fill(f"BGO-2026-{index}")
    page.click("#record-dispositions")
    page.wait_for_selector(".flash")
    assert f"{errors} disposition(s) recorded" in page.inner_text(".flash")
    assert page.locator(".disposition").count() == errors
    assert "disputed by rita: the rack is measured from the felt" in page.inner_text("#findings")
    # Not yet an approval in total: the dispute is not upheld.
    page.select_option("#sign-off-form select[name=decision]", "approve")
    page.click("#sign-off-form button")
    assert "1 error(s) are not resolved" in page.inner_text("#message")

    supervisor = browser.new_context(viewport={"width": 1360, "height": 900}, accept_downloads=True)
    sam = supervisor.new_page()
    _sign_in(sam, base, "sam")
    sam.goto(f"{base}/filings/{first}")
    sam.locator("#dispositions-form select[name=decision-1]").select_option("dispute upheld")
    sam.click("#record-dispositions")
    sam.wait_for_selector(".flash")

    page.goto(f"{base}/filings/{first}")
    page.select_option("#sign-off-form select[name=decision]", "approve")
    page.click("#sign-off-form button")
    page.wait_for_selector(".signoff")
    assert page.locator("#countersign-form").count() == 0  # a reviewer does not countersign

    sam.goto(f"{base}/filings/{first}")
    sam.click("#countersign-form button")
    sam.wait_for_selector(".flash")
    assert sam.inner_text("#status") == "approved"
    assert sam.locator("#dispositions-form").count() == 0  # an approved filing no longer changes
    audit = sam.inner_text("#audit")
    for words in ("uploaded 686a-violations.xlsx", "reviewed by pacomply", "assigned to rita",
                  "dispute upheld", "signed off: approve", "countersigned: approve", "approval issued"):
        assert words in audit, words
    with sam.expect_download() as letter:
        sam.click("#letters a")
    assert Path(letter.value.path()).read_bytes().startswith(b"%PDF-")
    supervisor.close()
    screenshot = tmp_path / "workspace.png"
    page.goto(f"{base}/filings/{first}")
    page.screenshot(path=str(screenshot))
    assert screenshot.stat().st_size > 10_000
    if os.environ.get("PACOMPLY_SCREENSHOT"):
        shutil.copyfile(screenshot, os.environ["PACOMPLY_SCREENSHOT"])

    page.goto(f"{base}/history?licensee={LICENSEE_A}&chapter=686a")
    page.check(f"input[name=old][value='{first}']")
    page.check(f"input[name=new][value='{second}']")
    page.click("#compare button")
    diff = page.inner_text("#diff")
    assert f"#{first} → #{second}" in diff
    assert "Findings resolved (11)" in diff

    page.goto(f"{base}/filings/{first}")
    with page.expect_download() as download:
        page.click("#download-pdf")
    assert Path(download.value.path()).read_bytes().startswith(b"%PDF-")
    context.close()

    licensee = browser.new_context()
    kay = licensee.new_page()
    _sign_in(kay, base, "kay")  # LICENSEE_B's compliance officer
    assert LICENSEE_A not in kay.inner_text("#queue")
    assert LICENSEE_B in kay.inner_text("#queue")
    response = kay.goto(f"{base}/filings/{first}")
    assert response.status == 404
    assert LICENSEE_A not in kay.content()
    assert kay.goto(f"{base}/filings/{first}/review.pdf").status == 404
    assert kay.goto(f"{base}/filings/{other}").status == 200
    licensee.close()


def test_a_licensee_resubmits_after_a_deficiency_notice_and_the_queue_shows_the_overdue(
    browser: Any, live_server: tuple[str, Any], tmp_path: Path
) -> None:
    from sqlalchemy import text

    base, worker = live_server
    store = worker.store
    add_accounts(store)
    licensee = browser.new_context(viewport={"width": 1360, "height": 900}, accept_downloads=True)
    lee = licensee.new_page()
    _sign_in(lee, base, "lee")
    first = _upload(lee, base, worker, EXAMPLES / "686a-violations.xlsx")
    assert "No decision yet" in lee.inner_text("#letters")

    staff = browser.new_context(viewport={"width": 1360, "height": 900})
    rita = staff.new_page()
    _sign_in(rita, base, "rita")
    rita.goto(f"{base}/filings/{first}")
    rita.select_option("#sign-off-form select[name=decision]", "request changes")
    rita.click("#sign-off-form button")
    rita.wait_for_selector(".signoff")

    lee.goto(f"{base}/filings/{first}")
    assert lee.locator("#audit").count() == 0 and "rita" not in lee.content()
    with lee.expect_download() as notice:
        lee.click("#letters a")
    assert Path(notice.value.path()).read_bytes().startswith(b"%PDF-")
    amended = tmp_path / "686a-amended.json"
    document = json.loads((EXAMPLES / "686a-compliant.json").read_text(encoding="utf-8"))
    document["metadata"]["licensee"] = LICENSEE_A
    amended.write_text(json.dumps(document), encoding="utf-8")
    second = _upload(lee, base, worker, amended)
    lee.goto(f"{base}/history?chapter=686a")
    lee.check(f"input[name=old][value='{first}']")
    lee.check(f"input[name=new][value='{second}']")
    lee.click("#compare button")
    assert "Findings resolved (11)" in lee.inner_text("#diff")
    licensee.close()

    with store.engine.begin() as connection:  # the first filing's 15 days have run out
        connection.execute(text("UPDATE submissions SET due_date = '2020-01-02' WHERE id = :id"), {"id": first})
    rita.goto(f"{base}/")
    assert rita.locator("tr.overdue-row").count() == 1
    assert "overdue" in rita.locator("tr.overdue-row").inner_text()
    rita.check("#filters input[name=overdue]")
    rita.click("#filters button")
    # A click that submits a form only starts the navigation: wait for the filtered page before counting its rows.
    rita.wait_for_url(re.compile(r".*[?&]overdue=1(&|$)"))
    assert rita.locator("#queue tr.filing").count() == 1
    rita.click("#queue th a.sort >> text=Licensee")
    rita.wait_for_url(re.compile(r".*[?&]sort=licensee(&|$)"))
    staff.close()
