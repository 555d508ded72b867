"""The workspace's JSON log: one line per request (:class:`RequestLog`, WSGI middleware around the whole
application, so a request the sign-in gate refuses is logged too) and one per review (:func:`log_review`, from the
review worker): what was asked, by whom, the answer and how long it took. Never a form, a header, a cookie, a
query string or a password. ``serve`` writes the lines to stderr (:func:`to_stderr`)."""

from __future__ import annotations

import json
import logging
import secrets
import time
from collections.abc import Callable, Iterable
from typing import Any

EVENTS = logging.getLogger("pacomply.workspace.events")
"""The logger of the JSON lines."""


def to_stderr() -> None:
    """Write the JSON lines to stderr, each alone on its line (what ``serve`` does)."""
    import sys

    if not any(getattr(handler, "pacomply_events", False) for handler in EVENTS.handlers):
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(message)s"))
        handler.pacomply_events = True  # type: ignore[attr-defined]
        EVENTS.addHandler(handler)
    EVENTS.setLevel(logging.INFO)
    EVENTS.propagate = False


def log_line(**fields: Any) -> None:
    """One JSON line on the events log (keys sorted, so lines compare); nothing is formatted when no handler
    takes it."""
    if EVENTS.isEnabledFor(logging.INFO):
        EVENTS.info(json.dumps(fields, sort_keys=True, ensure_ascii=False, default=str))


def log_review(submission_id: int, actor: str, outcome: str, seconds: float) -> None:
    """The line of one review: the filing, who asked (the uploader, or pacomply at a restart), the outcome
    (``reviewed``, ``failed``, ``interrupted``) and how long it took from hand-out to record."""
    log_line(kind="review", id=submission_id, user=actor, route="review", status=outcome,
             duration_ms=round(seconds * 1000, 1))


class RequestLog:
    """WSGI middleware: a request id (``X-Request-Id`` on the answer), and a JSON line per request as its answer
    begins (status and headers; a page's body is made by then, a download's is streamed after): the id, the account
    (set by the application once it knows it), the route's pattern (``/filings/<id>``, never the path or its
    query), the method, the status and the duration."""

    USER = "pacomply.user"
    ROUTE = "pacomply.route"

    def __init__(self, application: Any) -> None:
        self.application = application

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        started = time.perf_counter()
        request_id = secrets.token_hex(8)
        status: list[int] = []

        def recording(status_line: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            status.append(int(status_line[:3]))
            headers.append(("X-Request-Id", request_id))
            if len(status) == 1:  # an error answer replacing a begun one is still the one request
                done()
            return start_response(status_line, headers, exc_info)

        def done() -> None:
            log_line(
                kind="request",
                id=request_id,
                user=environ.get(self.USER),
                route=environ.get(self.ROUTE) or _unrouted(environ),
                method=str(environ.get("REQUEST_METHOD", ""))[:10],
                status=status[-1] if status else 500,
                duration_ms=round((time.perf_counter() - started) * 1000, 1),
            )

        try:
            body = self.application(environ, recording)
        except BaseException:
            if not status:  # no answer was begun: the server answers 500
                status.append(500)
                done()
            raise
        return body


def _unrouted(environ: dict[str, Any]) -> str:
    """The route of a request no rule matched (or refused before routing): the sign-in path by name, any other
    as '(no route)', so a guessed or hostile path never reaches the log."""
    return "/login" if environ.get("PATH_INFO") == "/login" else "(no route)"
