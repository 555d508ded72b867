"""What the workspace's blueprints share: the services an application was made with (:func:`services`), how an
answer is refused (:func:`failure`, JSON under ``/api/``), the signed-in account, the sign-in check through the
throttle, and the reading of request arguments every front end of a filing needs (the queue's filters, versions,
ids, the upload). :mod:`web` makes the application and registers the blueprints: :mod:`web_sign_in`,
:mod:`web_pages`, :mod:`web_accounts` and :mod:`web_api`.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import date
from functools import wraps
from typing import Any
from urllib.parse import urlsplit

import pacomply.workspace.stack  # noqa: F401  # isort: skip  (names the extra when it is missing)
from flask import current_app, g, jsonify, render_template, request
from flask_login import UserMixin, current_user
from pacomply.workspace import priority, reviewing
from pacomply.workspace.models import Role, Status, User
from pacomply.workspace.settings import whole_setting
from pacomply.workspace.store import Forbidden, NotFound, Store, WorkspaceError
from pacomply.workspace.throttle import Busy, SignInThrottle, Throttled
from pacomply.workspace.worker import ReviewWorker
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.routing import BaseConverter

LOG = logging.getLogger("pacomply.workspace")

DEFAULT_MAX_UPLOAD = 20 * 1024 * 1024
PAGE_SIZE = 50
#: How many upload requests one server handles at once (PACOMPLY_UPLOADS_AT_ONCE, 2 by default), from their
#: session's check to their answer (:func:`enter_upload_lane`). The others wait for a turn before anything else is
#: done for them, holding neither the interpreter lock nor a database connection, so a signed-in page shares the
#: lock with this many busy request threads instead of every upload in flight, finds a free thread among `serve`'s
#: 64, and a free connection in the database pool, whatever the number of uploads waiting.
DEFAULT_UPLOADS_AT_ONCE = 2


def uploads_at_once_from_environment() -> int:
    """$PACOMPLY_UPLOADS_AT_ONCE, a whole number from 1 to 64 (`serve`'s threads); DEFAULT_UPLOADS_AT_ONCE when unset;
    ValueError naming the setting otherwise (``serve`` refuses to start with it)."""
    return whole_setting("PACOMPLY_UPLOADS_AT_ONCE", DEFAULT_UPLOADS_AT_ONCE, 1, 64)


def _uploads_at_once() -> int:
    try:
        return uploads_at_once_from_environment()
    except ValueError:  # refused, with its reason, where the server starts (serve.build)
        return DEFAULT_UPLOADS_AT_ONCE


UPLOADS_AT_ONCE = threading.BoundedSemaphore(_uploads_at_once())
UPLOAD_THREADS = ThreadPoolExecutor(
    UPLOADS_AT_ONCE._initial_value,  # type: ignore[attr-defined]  # one a turn: a turn's work never waits here
    thread_name_prefix="pacomply-upload", initializer=priority.lower_this_thread,
)
"""The threads that answer upload requests whole (:class:`LoweredUploads`), each ``priority.UPLOAD_NICENESS`` steps
below the request threads where a thread has a niceness of its own (Linux), so a signed-in page's thread takes a core
before them; waitress's thread waits for the answer, holding neither the lock nor a core. One a turn: an upload
waiting for one waits here, before anything is done for it."""


class LoweredUploads:
    """WSGI middleware: an upload request (a POST to one of ``paths``, the upload endpoints' paths, set once the
    routes are registered) is answered whole on one of :data:`UPLOAD_THREADS`, from its session's check and its
    turn to its answer and log line, its body consumed there so that Flask's request context never crosses threads;
    every other request is answered in waitress's thread, at the server's priority."""

    def __init__(self, application: Any) -> None:
        self.application = application
        self.paths: frozenset[str] = frozenset()

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        if environ.get("REQUEST_METHOD") == "POST" and environ.get("PATH_INFO") in self.paths:
            return UPLOAD_THREADS.submit(self._answered, environ, start_response).result()
        return self.application(environ, start_response)

    def _answered(self, environ: dict[str, Any], start_response: Any) -> list[bytes]:
        answer = self.application(environ, start_response)
        try:
            return [b"".join(answer)]
        finally:
            getattr(answer, "close", lambda: None)()


PAGES_FIRST_SECONDS = 0.05
"""The longest an upload's step, or a batch of reviews to record, waits for the pages being answered
(:class:`PagesFirst`)."""


class PagesFirst:
    """The signed-in pages being answered now, and a wait for there to be none: the uploads in their turns and the
    recorder of reviews wait at each step (at most ``most`` seconds, so a stream of pages slows them but never stops
    them) while a page is being answered, so the page has the interpreter lock to itself rather than a third or a
    quarter of it, shared with every busy thread. A thread waiting here holds neither the lock nor a connection."""

    def __init__(self, most: float = PAGES_FIRST_SECONDS) -> None:
        self.most = most
        self._answering = 0
        self._none = threading.Condition(threading.Lock())

    def started(self) -> None:
        with self._none:
            self._answering += 1

    def ended(self) -> None:
        with self._none:
            self._answering -= 1
            if not self._answering:
                self._none.notify_all()

    def answering(self) -> int:
        """How many pages are being answered now."""
        with self._none:
            return self._answering

    def wait(self) -> None:
        """Return once no page is being answered, or after ``most`` seconds."""
        with self._none:
            self._none.wait_for(lambda: not self._answering, timeout=self.most)


MAX_ID_DIGITS = 9
"""Ids in URLs are at most nine digits (the columns are 32-bit); a longer one is 'not found', not a database error."""
_WHOLE_NUMBER = re.compile(r"[0-9]{1,9}")
FINDING_FIELDS = frozenset(
    {"rule_id", "rule_name", "severity", "chapter", "citation", "citation_uri", "location", "table_id", "message",
     "fix", "waiver"}
)
"""The finding fields the findings table has a column for; any other field a review adds is listed under it."""


class UploadProblems(WorkspaceError):
    """An upload the readers refused, with every problem they found."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("the upload is not a filing pacomply can read; nothing was stored")
        self.problems = problems


class IdConverter(BaseConverter):
    """``<int:...>`` in this application: one to nine ASCII digits, so a 25-digit id is a 404 before any query."""

    regex = r"[0-9]{1,9}"
    weight = 50

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: Any) -> str:
        return str(int(value))


def whole_number(text: str, what: str, minimum: int = 0) -> int:
    """A whole number written in ASCII digits (at most nine); WorkspaceError naming ``what`` otherwise."""
    if not _WHOLE_NUMBER.fullmatch(text) or int(text) < minimum:
        raise WorkspaceError(f"'{what}' must be a whole number of at most nine digits, from {minimum}")
    return int(text)


def safe_next(target: str | None) -> str | None:
    """``target`` when it is a path on this site, else None: printable ASCII only (a tab, CR or LF that a browser
    would strip can turn '/\t/evil.example/' into '//evil.example/'), beginning with one '/', no backslash, and no
    scheme or host however it is parsed."""
    if not target or len(target) > 2000:
        return None
    if any(not (0x21 <= ord(character) <= 0x7E) or character == "\\" for character in target):
        return None
    if not target.startswith("/") or target.startswith("//"):
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return None
    return target


def licensee_problem(problem: str | None) -> str | None:
    """Why a filing has no review, as a licensee reads it: the readers' problems with the file as they are, an
    internal error of pacomply without its technical detail (the Board's staff see that)."""
    if problem and problem.startswith("pacomply could not review this filing (an internal error"):
        return "pacomply could not review this filing (an internal error); the Board's staff can see the details"
    return problem


def _has_nul(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_has_nul(key) or _has_nul(item) for key, item in value.items())
    if isinstance(value, list):
        return any(_has_nul(item) for item in value)
    return False


EVENT_WORDS = {
    "upload": "uploaded {file} ({size} bytes, SHA-256 {sha256})",
    "review": "reviewed by pacomply {pacomply}: {verdict}",
    "review failed": "no review: {problem}",
    "review interrupted": "the review process ended abruptly (attempt {attempt}); the review was queued again",
    "re-review requested": "asked for a new review",
    "disposition": "finding {finding}: {decision}",
    "sign-off": "signed off: {decision}",
    "sign-off withdrawn": "the approving sign-off was withdrawn (a disposition changed after it)",
    "countersign": "countersigned: {decision}",
    "letter": "{kind} issued ({findings} findings cited)",
    "assigned": "assigned to {to}",
}


def describe_event(action: str, detail_text: str) -> str:
    """An audit event in words, for the filing page (the JSON endpoints keep the fields)."""
    try:
        detail = json.loads(detail_text) if detail_text else {}
    except ValueError:
        return detail_text
    if not isinstance(detail, dict):
        return str(detail)
    try:
        shown = {key: "nobody" if value is None else value for key, value in detail.items()}
        text = EVENT_WORDS[action].format(**shown)
    except (AttributeError, KeyError, IndexError, ValueError):
        text = "; ".join(f"{key.replace('_', ' ')}: {value}" for key, value in sorted(detail.items()))
    extras = []
    if action == "disposition":
        if detail.get("board_reference"):
            extras.append(f"Board reference {detail['board_reference']}")
        if detail.get("note"):
            extras.append(f"note: {detail['note']}")
    if action == "sign-off" and detail.get("not_approved"):
        extras.append("not approved: " + "; ".join(detail["not_approved"]))
    return text + (" (" + "; ".join(extras) + ")" if extras else "")


class Account(UserMixin):
    """The signed-in account, detached from the database session that loaded it."""

    def __init__(self, user: User) -> None:
        self.id = user.id
        self.username = user.username
        self.role = user.role
        self.licensee = user.licensee

    @property
    def staff(self) -> bool:
        """The Board's staff (reviewer, supervisor, admin), as against a licensee."""
        return self.role != Role.LICENSEE


def _columns(rows: list[Any]) -> list[str]:
    """The keys of a list of JSON objects, in first-seen order (a generic table's header)."""
    seen: dict[str, None] = {}
    for row in rows:
        if isinstance(row, dict):
            seen.update(dict.fromkeys(row))
    return list(seen)



@dataclass(frozen=True, slots=True)
class Services:
    """What an application was made with (kept in ``app.extensions["pacomply"]``)."""

    store: Store
    worker: ReviewWorker
    throttle: SignInThrottle
    quotas: dict[str, int] = field(default_factory=dict)
    pages: PagesFirst = field(default_factory=PagesFirst)


def services() -> Services:
    """The services of the application answering the current request."""
    return current_app.extensions["pacomply"]


def api() -> bool:
    """Whether the current request is one of the JSON endpoints (their errors are JSON too)."""
    return request.path.startswith("/api/")


def failure(message: str, status: int, problems: list[str] | None = None) -> Any:
    """A refusal: JSON under ``/api/``, the error page elsewhere."""
    if api():
        body: dict[str, Any] = {"error": message}
        if problems:
            body["problems"] = problems
        return jsonify(body), status
    return render_template("error.html", message=message, problems=problems or [], status=status), status


def admin_only(view: Any) -> Any:
    """A view only an administrator may use."""

    @wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        if current_user.role != Role.ADMIN:
            raise Forbidden("only an administrator manages accounts")
        return view(*args, **kwargs)

    return wrapped


def address() -> str:
    """The client's address as the throttle and the audit trail record it."""
    return (request.remote_addr or "unknown")[:64]


def checked_password(username: str, password: str) -> User | None:
    """The account, after the throttle let the guess through; every outcome is counted and audited."""
    store, throttle = services().store, services().throttle
    try:
        throttle.check(username, address())
        user = throttle.check_password(store.authenticate, username, password, address(), known=store.can_sign_in)
    except Busy as error:
        if error.counted:
            store.record_sign_in(username, address(), "sign-in failed", "refused as busy; counted as a failure")
        raise
    except Throttled as error:
        if error.first:
            store.record_sign_in(username, address(), "sign-in throttled", str(error))
        raise
    if user is None:
        throttle.failed(username, address())
        store.record_sign_in(username, address(), "sign-in failed", "wrong user name or password")
    else:
        throttle.succeeded(username)
    return user


def date_argument(name: str) -> date | None:
    text = request.args.get(name, "").strip()
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise WorkspaceError(f"'{name}' must be a date written YYYY-MM-DD, not '{text[:40]}'") from None


def queue_arguments() -> dict[str, Any]:
    status = request.args.get("status", "").strip() or None
    if status is not None and status not in {item.value for item in Status}:
        raise WorkspaceError(
            f"'{status[:40]}' is not a status; use one of: {', '.join(item.value for item in Status)}"
        )
    sort = request.args.get("sort", "uploaded")
    if sort not in Store.SORTS:
        raise WorkspaceError(f"'sort' is one of {', '.join(Store.SORTS)}")
    direction = request.args.get("dir", "desc")
    if direction not in ("asc", "desc"):
        raise WorkspaceError("'dir' is 'asc' or 'desc'")
    return {
        "status": status,
        "licensee": request.args.get("licensee", "").strip() or None,
        "chapter": request.args.get("chapter", "").strip() or None,
        "filed_from": date_argument("from"),
        "filed_to": date_argument("to"),
        "reviewer": request.args.get("reviewer", "").strip() or None,
        "text": request.args.get("q", "").strip()[:200] or None,
        "overdue": request.args.get("overdue", "") in ("1", "on", "true"),
        "sort": sort,
        "descending": direction == "desc",
    }


def requested_page() -> int:
    text = request.args.get("page", "1")
    return whole_number(text, "page", minimum=1)


def enter_upload_lane() -> None:
    """Wait for one of the ``UPLOADS_AT_ONCE`` turns of an upload request, before its session is loaded or its
    quota counted, then for the pages being answered (:class:`PagesFirst`); the turn is the request's until it ends
    (:func:`leave_lanes`)."""
    UPLOADS_AT_ONCE.acquire()
    g.upload_turn = True
    services().pages.wait()


def enter_page_lane() -> None:
    """Count the request as a page being answered until it ends (:func:`leave_lanes`): uploads and the recording of
    reviews give way to it (:class:`PagesFirst`)."""
    services().pages.started()
    g.page_turn = True


def leave_lanes() -> None:
    """Give back the request's upload turn, or end its page, whichever it holds (every request ends here)."""
    if g.pop("upload_turn", False):
        UPLOADS_AT_ONCE.release()
    if g.pop("page_turn", False):
        services().pages.ended()


def receive_upload() -> Any:
    """Read, store and hand out an upload, in the request's upload turn (on a lowered upload thread, as the whole
    request: :class:`LoweredUploads`); the stored submission (its row as written, chapters included)."""
    if not g.get("upload_turn"):
        raise RuntimeError("an upload is received only in an upload turn (web.UPLOAD_ENDPOINTS)")
    return _receive_upload()


def _receive_upload() -> Any:
    # An account at its quota was refused before its upload was parsed and read (web.UPLOAD_ENDPOINTS).
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        raise WorkspaceError("choose a filing to upload (.xlsx, .json or .pdf)")
    limit = current_app.config["MAX_UPLOAD_BYTES"]
    data = upload.stream.read(limit + 1)
    if len(data) > limit:
        raise RequestEntityTooLarge()
    name = reviewing.safe_name(upload.filename)
    worker = services().worker
    try:
        filing = worker.read(name, data)
    except reviewing.UploadRefused as error:
        raise UploadProblems(error.problems) from None
    services().pages.wait()  # the storing is the upload's other busy step
    # Claimed by this server as it is stored, so no other server takes it before this one hands it out.
    submission = services().store.add_submission(
        name, data, filing, current_user, current_user.username, claimant=worker.claimant, lease=worker.lease,
        handed_out=True, **services().quotas,
    )
    try:
        worker.submit_stored(submission.id, name, data, actor="pacomply")
    except Exception:  # stored and pending: the durable queue hands it out when the pool is back
        LOG.exception("could not hand submission %s to the review pool", submission.id)
    return submission


def filing_view(submission_id: int) -> dict[str, Any]:
    submission = services().store.submission(current_user, submission_id)
    reviews = services().store.reviews(submission_id)
    document = services().store.review_document(reviews[0].id) if reviews else {}
    internal = current_user.staff
    # A licensee sees what goes to the licensee (findings, status, decision letters), never the Board's
    # deliberation: no dispositions or their notes, no sign-offs, no reviewer names, no audit trail.
    return {
        "submission": submission,
        "reviews": reviews,
        "document": document,
        "dispositions": services().store.dispositions(submission_id) if internal else {},
        "finding_versions": services().store.finding_versions(submission_id) if internal else {},
        "signoffs": services().store.signoffs(submission_id) if internal else [],
        "events": services().store.events(submission_id) if internal else [],
        "letters": services().store.letters(submission_id),
        "internal": internal,
    }


def seen_version(source: dict[str, Any], name: str = "version") -> int:
    text = str(source.get(name, ""))
    if not _WHOLE_NUMBER.fullmatch(text):
        raise WorkspaceError(f"the request lacks the filing's version (the '{name}' field); reload and retry")
    return int(text)


def optional_number(value: Any, name: str) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**9:
        return value
    return whole_number(str(value), name)


def stored_diff(old_id: int, new_id: int) -> Any:
    sides = []
    for submission_id in (old_id, new_id):
        submission = services().store.submission(current_user, submission_id, with_content=True)
        reviews = services().store.reviews(submission_id)
        document = services().store.review_document(reviews[0].id) if reviews else None
        sides.append((submission.original_name, submission.content, document))
    try:
        return reviewing.diff_stored(sides[0], sides[1])
    except reviewing.UploadRefused as error:
        raise WorkspaceError("a stored filing can no longer be read: " + "; ".join(error.problems)) from None


def id_argument(name: str) -> int | None:
    text = request.args.get(name, "")
    if not text:
        return None
    if not _WHOLE_NUMBER.fullmatch(text):
        raise NotFound(f"there is no filing '{text[:30]}'")
    return int(text)


def role_named(text: str) -> Role:
    try:
        return Role(text)
    except ValueError:
        raise WorkspaceError(f"'{text[:40]}' is not a role; use reviewer, supervisor, licensee or admin") from None
