"""Pages first: while a signed-in page is being answered, an upload in its turn waits before its busy steps and the
recorder waits before its next batch of reviews (each at most ``PagesFirst.most``), so the page has the interpreter
lock to itself rather than a share of it (docs/workspace.md, "Load")."""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace
from typing import Any

import pytest


def test_an_upload_waits_while_a_page_is_answered_and_goes_on_when_it_ends(
    web: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A queue page held in the middle of its answer: an upload's request takes its turn but does not go on to read
    the file until the page has been answered; then it is stored (302) at once."""
    from pacomply.workspace import web_common

    app, worker, client = web
    services = app.extensions["pacomply"]
    services.pages.most = 30.0  # long enough that only the page's end lets the upload go on
    assert worker.give_way == services.pages.wait  # the recorder gives way to pages the same way
    in_page, release_page = threading.Event(), threading.Event()
    queue = services.store.queue

    def held_queue(*arguments: Any, **options: Any) -> Any:
        in_page.set()
        release_page.wait(30)
        return queue(*arguments, **options)

    reached: list[float] = []

    def receive() -> Any:
        reached.append(time.monotonic())
        return SimpleNamespace(id=1)

    upload_waiting = threading.Event()
    wait = services.pages.wait

    def upload_waits() -> None:  # the page is held meanwhile, so only the upload waits here
        upload_waiting.set()
        wait()

    monkeypatch.setattr(services.store, "queue", held_queue)
    monkeypatch.setattr(web_common, "_receive_upload", receive)
    monkeypatch.setattr(services.pages, "wait", upload_waits)
    reader, uploader = client(), client()
    reader.sign_in("reuben")
    uploader.sign_in("rita")
    pages: list[int] = []
    uploads: list[int] = []
    page = threading.Thread(target=lambda: pages.append(reader.get("/").status_code))
    page.start()
    try:
        assert in_page.wait(30)
        assert services.pages.answering() == 1
        upload = threading.Thread(target=lambda: uploads.append(uploader.upload("a.xlsx", b"x").status_code))
        upload.start()
        assert upload_waiting.wait(30)
        assert not reached and not uploads  # in its turn, waiting for the page
        ended = time.monotonic()
        release_page.set()
        page.join(30)
        upload.join(30)
    finally:
        release_page.set()
        page.join(30)
    assert pages == [200] and uploads == [302]
    assert reached and reached[0] >= ended
    assert services.pages.answering() == 0


def test_a_stream_of_pages_slows_an_upload_but_never_stops_it(web: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A page that never ends (held here): the upload waits at most ``most`` seconds at a step, then goes on."""
    from pacomply.workspace import web_common

    app, _worker, client = web
    services = app.extensions["pacomply"]
    services.pages.most = 0.2
    monkeypatch.setattr(web_common, "_receive_upload", lambda: SimpleNamespace(id=1))
    uploader = client()
    uploader.sign_in("rita")
    services.pages.started()  # a page being answered throughout
    try:
        began = time.monotonic()
        assert uploader.upload("a.xlsx", b"x").status_code == 302
        waited = time.monotonic() - began
    finally:
        services.pages.ended()
    assert 0.2 <= waited < 10, waited
