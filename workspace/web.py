"""The web application: server-rendered pages (Flask, Jinja2 with autoescaping) and JSON endpoints for the same
actions. Every route needs a signed-in account; the pages are protected by CSRF tokens; the JSON endpoints take
either the session (and its token, in the ``X-CSRFToken`` header) or HTTP Basic credentials (no cookie, so no
cross-site forgery to guard against).

Sessions are kept on the server (the store's ``web_sessions``): the signed cookie carries a random token, and the
session it names ends at sign-out, after ``session_idle`` without a request, ``session_absolute`` after sign-in,
and when the account's password, role or activity changes. Signing in starts a new session and a new CSRF token.
Sign-in guesses are throttled per account and per address before any password hash is computed
(:mod:`throttle`), and every sign-in, failure and lockout is an audit event.

Malformed requests (a NUL character anywhere, an id of more than nine digits, a page number that is not a number,
a ``next=`` that leaves this site) are answered 400 or 404, never 500; under ``/api/`` every error is JSON.

Nothing here reviews or decides: the readers and the checker review (through :mod:`reviewing`), the store decides
who may do what.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
from datetime import date, timedelta
from functools import wraps
from typing import Any
from urllib.parse import urlsplit

import pacomply.workspace.stack  # noqa: F401  # isort: skip  (names the extra when it is missing)
from flask import Flask, Response, flash, g, jsonify, redirect, render_template, request, session, url_for
from flask_login import LoginManager, UserMixin, current_user, login_user, logout_user
from flask_wtf.csrf import CSRFError, CSRFProtect
from pacomply.workspace import reviewing
from pacomply.workspace.models import FINAL_STATUSES, Decision, Role, Status, User
from pacomply.workspace.store import (
    SESSION_ABSOLUTE,
    SESSION_IDLE,
    Conflict,
    DispositionRequest,
    Forbidden,
    NotFound,
    Store,
    WorkspaceError,
    finding_key,
)
from pacomply.workspace.throttle import SignInThrottle, Throttled, ThrottleLimits
from pacomply.workspace.worker import ReviewWorker
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge
from werkzeug.routing import BaseConverter

LOG = logging.getLogger("pacomply.workspace")

DEFAULT_MAX_UPLOAD = 20 * 1024 * 1024
CHAPTERS = ("633a", "645a", "681a", "685a", "686a", "687a", "688a")
PAGE_SIZE = 50
PUBLIC_ENDPOINTS = frozenset({"login", "static"})
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
    template = EVENT_WORDS.get(action)
    try:
        text = template.format(**{key: "nobody" if value is None else value for key, value in detail.items()})
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


class LockedOutGate:
    """WSGI middleware in front of the application: the sign-in page and form from an address that used up its
    failures get a short plain 429 before Flask parses anything (no form, session, template or hash), held back a
    while in a bounded number of sleeping threads (:meth:`SignInThrottle.hold_refusal`), so a flood of guesses
    costs the server as little as an answer can, the guessing clients wait instead of guessing, and the signed-in
    pages keep their speed."""

    def __init__(self, application: Any, throttle: SignInThrottle) -> None:
        self.application = application
        self.throttle = throttle

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        if environ.get("PATH_INFO") == "/login":
            retry = self.throttle.address_retry_after(str(environ.get("REMOTE_ADDR") or "unknown")[:64])
            if retry is not None:
                self.throttle.hold_refusal()
                body = f"too many failed sign-ins from this address; try again in {retry // 60 + 1} minute(s)\n"
                start_response(
                    "429 Too Many Requests",
                    [
                        ("Content-Type", "text/plain; charset=utf-8"),
                        ("Retry-After", str(retry)),
                        ("Cache-Control", "no-store"),
                        ("X-Content-Type-Options", "nosniff"),
                        ("Content-Length", str(len(body.encode()))),
                    ],
                )
                return [body.encode()]
        return self.application(environ, start_response)


class Account(UserMixin):  # type: ignore[misc]
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


def create_app(
    store: Store,
    worker: ReviewWorker,
    *,
    secret_key: str | None = None,
    max_upload_bytes: int = DEFAULT_MAX_UPLOAD,
    secure_cookies: bool = False,
    session_idle: timedelta = SESSION_IDLE,
    session_absolute: timedelta = SESSION_ABSOLUTE,
    throttle: SignInThrottle | None = None,
    max_tables: int | None = None,
    max_pending: int | None = None,
) -> Flask:
    """The workspace application over a store, reviewing uploads in ``worker``."""
    app = Flask(__name__)
    app.url_map.converters["int"] = IdConverter
    app.config.update(
        SECRET_KEY=secret_key or secrets.token_hex(32),
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_SECURE=secure_cookies,
        REMEMBER_COOKIE_HTTPONLY=True,
        REMEMBER_COOKIE_SAMESITE="Lax",
        REMEMBER_COOKIE_SECURE=secure_cookies,
        WTF_CSRF_CHECK_DEFAULT=False,
        WTF_CSRF_TIME_LIMIT=None,
        # The whole request may carry the form's other fields beside the file.
        MAX_CONTENT_LENGTH=max_upload_bytes + 64 * 1024,
        MAX_UPLOAD_BYTES=max_upload_bytes,
    )
    throttle = throttle or SignInThrottle(ThrottleLimits())
    quotas: dict[str, int] = {}
    if max_tables is not None:
        quotas["max_tables"] = max_tables
    if max_pending is not None:
        quotas["max_pending"] = max_pending
    app.jinja_env.filters["columns"] = _columns
    app.jinja_env.filters["describe"] = lambda event: describe_event(event.action, event.detail)
    app.jinja_env.globals.update(
        Status=Status, Role=Role, CHAPTERS=CHAPTERS, FINDING_FIELDS=FINDING_FIELDS, finding_key=finding_key,
        FINAL_STATUSES=FINAL_STATUSES, licensee_problem=licensee_problem,
    )
    app.wsgi_app = LockedOutGate(app.wsgi_app, throttle)  # type: ignore[method-assign]
    csrf = CSRFProtect(app)
    logins = LoginManager(app)
    logins.login_view = "login"
    logins.session_protection = "strong"

    @logins.user_loader
    def load_user(user_id: str) -> Account | None:
        token = session.get("sid")
        if not isinstance(token, str) or not user_id.isdecimal():
            return None
        found = store.session_user(token, idle=session_idle, absolute=session_absolute)
        if found is None or found[0].id != int(user_id):
            session.clear()
            return None
        return Account(found[0])

    def address() -> str:
        return (request.remote_addr or "unknown")[:64]

    def checked_password(username: str, password: str) -> User | None:
        """The account, after the throttle let the guess through; every outcome is counted and audited."""
        try:
            throttle.check(username, address())
            user = throttle.check_password(store.authenticate, username, password)
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

    @logins.request_loader
    def load_from_request(_request: Any) -> Account | None:
        credentials = request.authorization
        if credentials is None or not request.path.startswith("/api/") or credentials.type != "basic":
            return None
        username, password = credentials.username or "", credentials.password or ""
        if _has_nul(username) or _has_nul(password):
            return None
        user = checked_password(username, password)
        if user is None:
            return None
        g.basic_auth = True
        return Account(user)

    def api() -> bool:
        return request.path.startswith("/api/")

    @app.before_request
    def require_sign_in() -> Any:
        if (
            _has_nul(request.path)
            or any(_has_nul(key) or _has_nul(value) for key, value in request.args.items(multi=True))
            or any(_has_nul(key) or _has_nul(value) for key, value in request.form.items(multi=True))
            or (request.is_json and _has_nul(request.get_json(silent=True)))
        ):
            return failure("the request holds a NUL character, which no field of the workspace takes", 400)
        if request.endpoint in PUBLIC_ENDPOINTS:
            if request.method == "POST":
                csrf.protect()
            return None
        if not current_user.is_authenticated:
            if api():
                return jsonify(error="sign in first (a session, or HTTP Basic credentials)"), 401
            target = safe_next(request.full_path.rstrip("?")) if request.method == "GET" else None
            return redirect(url_for("login", next=target))
        if request.method not in ("GET", "HEAD", "OPTIONS") and not g.get("basic_auth"):
            csrf.protect()
        return None

    @app.after_request
    def security_headers(response: Response) -> Response:
        response.headers["Content-Security-Policy"] = (
            "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'"
        )
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["X-Frame-Options"] = "DENY"
        response.headers["Referrer-Policy"] = "same-origin"
        response.headers["Cache-Control"] = "no-store"
        return response

    def failure(message: str, status: int, problems: list[str] | None = None) -> Any:
        if api():
            body: dict[str, Any] = {"error": message}
            if problems:
                body["problems"] = problems
            return jsonify(body), status
        return render_template("error.html", message=message, problems=problems or [], status=status), status

    @app.errorhandler(WorkspaceError)
    def workspace_error(error: WorkspaceError) -> Any:
        return failure(str(error), error.status)

    @app.errorhandler(Throttled)
    def throttled(error: Throttled) -> Any:
        body, status = failure(str(error), 429)
        return body, status, {"Retry-After": str(error.retry_after)}

    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError) -> Any:
        return failure(
            f"the form's security token is missing or invalid ({error.description}); reload the page and try again",
            400,
        )

    @app.errorhandler(RequestEntityTooLarge)
    def too_large(_error: Any) -> Any:
        return failure(
            f"the upload is larger than the workspace accepts ({max_upload_bytes // (1024 * 1024)} MiB); "
            "nothing was stored",
            413,
        )

    @app.errorhandler(404)
    def not_found(_error: Any) -> Any:
        return failure("there is no such page", 404)

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Any:
        return failure(error.description or error.name, error.code or 500)

    @app.errorhandler(500)
    def internal_error(error: Any) -> Any:
        LOG.error("an internal error answering %s %s: %r", request.method, request.path, error)
        return failure("pacomply could not answer this request (an internal error); nothing was changed", 500)

    def admin_only(view: Any) -> Any:
        @wraps(view)
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            if current_user.role != Role.ADMIN:
                raise Forbidden("only an administrator manages accounts")
            return view(*args, **kwargs)

        return wrapped

    # -- signing in -----------------------------------------------------------------------------------------

    @app.route("/login", methods=["GET", "POST"])
    def login() -> Any:
        error = None
        status = 200
        if request.method == "POST":
            username = request.form.get("username", "")
            try:
                user = checked_password(username, request.form.get("password", ""))
            except Throttled as refused:
                return render_template("login.html", error=str(refused)), 429, {"Retry-After": str(refused.retry_after)}
            if user is not None:
                # A new session and a new CSRF token: nothing issued before the sign-in carries over.
                session.clear()
                session["sid"] = store.open_session(user, address())
                login_user(Account(user))
                store.record_sign_in(user.username, address(), "sign-in")
                return redirect(safe_next(request.args.get("next")) or url_for("queue"))
            error, status = "the user name or password is wrong", 401
        return render_template("login.html", error=error), status

    @app.post("/logout")
    def logout() -> Any:
        token = session.get("sid")
        if isinstance(token, str):
            store.end_session(token, "signed out")
        logout_user()
        session.clear()
        return redirect(url_for("login"))

    @app.route("/account", methods=["GET", "POST"])
    def account() -> Any:
        if request.method == "POST":
            form = request.form
            if form.get("new_password", "") != form.get("confirm_password", ""):
                raise WorkspaceError("the new password and its confirmation differ; nothing was changed")
            store.change_password(
                current_user.id, form.get("current_password", ""), form.get("new_password", ""),
                keep_session=session.get("sid"),
            )
            flash("Password changed; your other sessions were signed out.")
            return redirect(url_for("account"))
        return render_template("account.html")

    # -- the queue and uploads ------------------------------------------------------------------------------

    def _date(name: str) -> date | None:
        text = request.args.get(name, "").strip()
        if not text:
            return None
        try:
            return date.fromisoformat(text)
        except ValueError:
            raise WorkspaceError(f"'{name}' must be a date written YYYY-MM-DD, not '{text[:40]}'") from None

    def _queue_arguments() -> dict[str, Any]:
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
            "filed_from": _date("from"),
            "filed_to": _date("to"),
            "reviewer": request.args.get("reviewer", "").strip() or None,
            "text": request.args.get("q", "").strip()[:200] or None,
            "overdue": request.args.get("overdue", "") in ("1", "on", "true"),
            "sort": sort,
            "descending": direction == "desc",
        }

    def _page_number() -> int:
        text = request.args.get("page", "1")
        return whole_number(text, "page", minimum=1)

    @app.get("/")
    def queue() -> Any:
        arguments = _queue_arguments()
        page_number = _page_number()
        page = store.queue(current_user, **arguments, limit=PAGE_SIZE, offset=(page_number - 1) * PAGE_SIZE)
        pages = max(1, -(-page.total // PAGE_SIZE))
        return render_template(
            "queue.html",
            page=page,
            page_number=page_number,
            pages=pages,
            page_links=sorted({1, pages, *range(max(1, page_number - 3), min(pages, page_number + 3) + 1)}),
            filters=request.args,
            licensees=store.licensees(current_user),
            reviewers=store.reviewers() if current_user.staff else [],
            today=date.today(),
        )

    def _receive_upload() -> int:
        upload = request.files.get("file")
        if upload is None or not upload.filename:
            raise WorkspaceError("choose a filing to upload (.xlsx, .json or .pdf)")
        limit = app.config["MAX_UPLOAD_BYTES"]
        data = upload.stream.read(limit + 1)
        if len(data) > limit:
            raise RequestEntityTooLarge()
        name = reviewing.safe_name(upload.filename)
        try:
            filing = reviewing.read_upload(name, data)
        except reviewing.UploadRefused as error:
            raise UploadProblems(error.problems) from None
        submission = store.add_submission(name, data, filing, current_user, current_user.username, **quotas)
        try:
            worker.submit(submission.id, name, data, actor="pacomply")
        except Exception:  # stored and pending: the durable queue hands it out when the pool is back
            LOG.exception("could not hand submission %s to the review pool", submission.id)
        return submission.id

    @app.errorhandler(UploadProblems)
    def upload_problems(error: UploadProblems) -> Any:
        return failure(str(error), 400, error.problems)

    @app.route("/upload", methods=["GET", "POST"])
    def upload() -> Any:
        if request.method == "POST":
            submission_id = _receive_upload()
            flash("Received; the review is under way.")
            return redirect(url_for("filing", submission_id=submission_id))
        return render_template("upload.html", limit=app.config["MAX_UPLOAD_BYTES"])

    # -- a filing -------------------------------------------------------------------------------------------

    def _filing_view(submission_id: int) -> dict[str, Any]:
        submission = store.submission(current_user, submission_id)
        reviews = store.reviews(submission_id)
        document = store.review_document(reviews[0].id) if reviews else {}
        internal = current_user.staff
        # A licensee sees what goes to the licensee (findings, status, decision letters), never the Board's
        # deliberation: no dispositions or their notes, no sign-offs, no reviewer names, no audit trail.
        return {
            "submission": submission,
            "reviews": reviews,
            "document": document,
            "dispositions": store.dispositions(submission_id) if internal else {},
            "finding_versions": store.finding_versions(submission_id) if internal else {},
            "signoffs": store.signoffs(submission_id) if internal else [],
            "events": store.events(submission_id) if internal else [],
            "letters": store.letters(submission_id),
            "internal": internal,
        }

    @app.get("/filings/<int:submission_id>")
    def filing(submission_id: int) -> Any:
        view = _filing_view(submission_id)
        generic = {
            key: value
            for key, value in view["document"].items()
            if key not in ("schema", "tool", "verdict", "findings", "filing")
        }
        return render_template(
            "filing.html", generic=generic, Decision=Decision, today=date.today(),
            reviewers=store.reviewers() if current_user.staff else [], **view,
        )

    def _seen_version(source: dict[str, Any], name: str = "version") -> int:
        text = str(source.get(name, ""))
        if not _WHOLE_NUMBER.fullmatch(text):
            raise WorkspaceError(f"the request lacks the filing's version (the '{name}' field); reload and retry")
        return int(text)

    def _optional_number(value: Any, name: str) -> int | None:
        if value is None or value == "":
            return None
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**9:
            return value
        return whole_number(str(value), name)

    def _after_action(submission_id: int, message: str) -> Any:
        flash(message)
        return redirect(url_for("filing", submission_id=submission_id))

    @app.post("/filings/<int:submission_id>/dispose")
    def dispose(submission_id: int) -> Any:
        store.submission(current_user, submission_id)
        form = request.form
        finding_version = _optional_number(form.get("finding_version"), "finding_version")
        store.dispose(
            current_user,
            submission_id,
            _seen_version(form) if finding_version is None else None,
            form.get("finding", ""),
            form.get("decision", ""),
            form.get("note", ""),
            form.get("board_reference", ""),
            finding_version=finding_version,
        )
        return _after_action(submission_id, "Disposition recorded.")

    @app.post("/filings/<int:submission_id>/dispositions")
    def dispose_many(submission_id: int) -> Any:
        """The findings table's one form: every row with a decision chosen, each checked by its own version."""
        store.submission(current_user, submission_id)
        form = request.form
        requests = []
        for name in form:
            match = re.fullmatch(r"finding-([0-9]{1,5})", name)
            if match is None or not form.get(f"decision-{match.group(1)}"):
                continue
            index = match.group(1)
            requests.append(
                DispositionRequest(
                    form[name],
                    form.get(f"decision-{index}", ""),
                    form.get(f"note-{index}", ""),
                    form.get(f"reference-{index}", ""),
                    whole_number(form.get(f"seen-{index}", ""), f"seen-{index}"),
                )
            )
        made = store.dispose_many(current_user, submission_id, None, requests)
        return _after_action(submission_id, f"{len(made)} disposition(s) recorded.")

    @app.post("/filings/<int:submission_id>/sign-off")
    def sign_off(submission_id: int) -> Any:
        store.submission(current_user, submission_id)
        form = request.form
        store.sign_off(current_user, submission_id, _seen_version(form), form.get("decision", ""), form.get("note", ""))
        return _after_action(submission_id, "Signed off.")

    @app.post("/filings/<int:submission_id>/countersign")
    def countersign(submission_id: int) -> Any:
        store.submission(current_user, submission_id)
        store.countersign(current_user, submission_id, _seen_version(request.form), request.form.get("note", ""))
        return _after_action(submission_id, "Countersigned: the decision is final and its letter was issued.")

    @app.post("/filings/<int:submission_id>/re-review")
    def rereview(submission_id: int) -> Any:
        store.submission(current_user, submission_id)
        name, data = store.request_rereview(current_user, submission_id, _seen_version(request.form))
        worker.submit(submission_id, name, data, actor=current_user.username)
        return _after_action(submission_id, "A new review is under way; the earlier ones are kept.")

    @app.post("/filings/<int:submission_id>/assign")
    def assign(submission_id: int) -> Any:
        store.submission(current_user, submission_id)
        reviewer = request.form.get("reviewer", "").strip() or None
        store.assign(current_user, submission_id, _seen_version(request.form), reviewer)
        return _after_action(submission_id, f"Assigned to {reviewer}." if reviewer else "Unassigned.")

    def _attachment(content: bytes, media: str, filename: str) -> Response:
        response = Response(content, mimetype=media)
        response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response

    def _download(submission_id: int, kind: str) -> Response:
        submission = store.submission(current_user, submission_id)
        record, content = store.review_download(submission_id, kind)
        if content is None:  # not made yet: made now from the sealed review, and sealed
            try:
                content = worker.render_download(record.id, kind)
            except reviewing.RenderingRefused as error:
                raise Conflict(str(error)) from None
        stem = submission.original_name.rsplit(".", 1)[0]
        media = {
            "pdf": "application/pdf",
            "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        }[kind]
        return _attachment(content, media, f"{stem}-review-{record.id}.{kind}")

    @app.get("/filings/<int:submission_id>/review.pdf")
    def review_pdf(submission_id: int) -> Any:
        return _download(submission_id, "pdf")

    @app.get("/filings/<int:submission_id>/review.xlsx")
    def review_xlsx(submission_id: int) -> Any:
        return _download(submission_id, "xlsx")

    @app.get("/filings/<int:submission_id>/letters/<int:letter_id>.pdf")
    def letter(submission_id: int, letter_id: int) -> Any:
        store.submission(current_user, submission_id)
        record, content = store.letter_pdf(submission_id, letter_id)
        kind = record.kind.replace(" ", "-")
        return _attachment(content, "application/pdf", f"filing-{submission_id}-{kind}-{record.id}.pdf")

    @app.get("/filings/<int:submission_id>/original")
    def original(submission_id: int) -> Any:
        submission = store.submission(current_user, submission_id, with_content=True)
        return _attachment(submission.content, "application/octet-stream", submission.original_name)

    # -- history and diff -----------------------------------------------------------------------------------

    def _diff(old_id: int, new_id: int) -> Any:
        sides = []
        for submission_id in (old_id, new_id):
            submission = store.submission(current_user, submission_id, with_content=True)
            reviews = store.reviews(submission_id)
            document = store.review_document(reviews[0].id) if reviews else None
            sides.append((submission.original_name, submission.content, document))
        try:
            return reviewing.diff_stored(sides[0], sides[1])
        except reviewing.UploadRefused as error:
            raise WorkspaceError("a stored filing can no longer be read: " + "; ".join(error.problems)) from None

    def _id_argument(name: str) -> int | None:
        text = request.args.get(name, "")
        if not text:
            return None
        if not _WHOLE_NUMBER.fullmatch(text):
            raise NotFound(f"there is no filing '{text[:30]}'")
        return int(text)

    @app.get("/history")
    def history() -> Any:
        licensee = request.args.get("licensee", "").strip()
        if current_user.role == Role.LICENSEE:
            licensee = current_user.licensee
        chapter = request.args.get("chapter", "").strip()
        submissions = store.history(current_user, licensee, chapter) if licensee and chapter else []
        old_id, new_id = _id_argument("old"), _id_argument("new")
        diff = _diff(old_id, new_id).to_json() if old_id and new_id else None
        return render_template(
            "history.html",
            licensee=licensee,
            chapter=chapter,
            submissions=submissions,
            licensees=store.licensees(current_user),
            diff=diff,
            old_id=old_id,
            new_id=new_id,
        )

    # -- accounts -------------------------------------------------------------------------------------------

    @app.route("/users", methods=["GET", "POST"])
    @admin_only
    def users() -> Any:
        if request.method == "POST":
            form = request.form
            store.add_user(
                form.get("username", "").strip(),
                form.get("password", ""),
                _role(form.get("role", "")),
                form.get("licensee", "").strip() or None,
                actor=current_user.username,
            )
            flash("Account added.")
            return redirect(url_for("users"))
        return render_template("users.html", users=store.users(), events=store.account_events(50))

    def _role(text: str) -> Role:
        try:
            return Role(text)
        except ValueError:
            raise WorkspaceError(f"'{text[:40]}' is not a role; use reviewer, supervisor, licensee or admin") from None

    @app.post("/users/<username>/role")
    @admin_only
    def change_role(username: str) -> Any:
        form = request.form
        store.set_role(username, _role(form.get("role", "")), current_user.username, form.get("licensee") or None)
        flash(f"Role of {username} changed.")
        return redirect(url_for("users"))

    @app.post("/users/<username>/password")
    @admin_only
    def reset_password(username: str) -> Any:
        store.reset_password(username, request.form.get("password", ""), current_user.username)
        flash(f"Password of {username} reset; its sessions were signed out.")
        return redirect(url_for("users"))

    @app.post("/users/<username>/active")
    @admin_only
    def set_active(username: str) -> Any:
        active = request.form.get("active") == "1"
        store.set_active(username, active, current_user.username)
        flash(f"{username} {'activated' if active else 'deactivated'}.")
        return redirect(url_for("users"))

    # -- JSON endpoints -------------------------------------------------------------------------------------

    def _submission_json(submission: Any, verdict: str | None = None) -> dict[str, Any]:
        body = {
            "id": submission.id,
            "file": submission.original_name,
            "sha256": submission.sha256,
            "size": submission.size,
            "licensee": submission.licensee,
            "chapters": submission.chapter_ids,
            "date_filed": submission.date_filed.isoformat(),
            "uploaded_at": submission.uploaded_at.isoformat(),
            "due_date": submission.due_date.isoformat() if submission.due_date else None,
            "overdue": bool(
                submission.due_date and submission.due_date < date.today() and submission.status not in FINAL_STATUSES
            ),
            "status": submission.status,
            "review_state": submission.review_state,
            "review_problem": submission.review_problem if current_user.staff else licensee_problem(
                submission.review_problem
            ),
            "version": submission.version,
            "verdict": verdict,
        }
        if current_user.staff:
            body["assigned_to"] = submission.assigned_to.username if submission.assigned_to else None
        return body

    @app.get("/api/filings")
    def api_queue() -> Any:
        page_number = _page_number()
        page = store.queue(current_user, **_queue_arguments(), limit=PAGE_SIZE, offset=(page_number - 1) * PAGE_SIZE)
        return jsonify(
            total=page.total,
            page=page_number,
            filings=[_submission_json(item, page.verdicts.get(item.id)) for item in page.submissions],
        )

    @app.post("/api/filings")
    def api_upload() -> Any:
        submission_id = _receive_upload()
        return jsonify(_submission_json(store.submission(current_user, submission_id))), 202

    @app.get("/api/filings/<int:submission_id>")
    def api_filing(submission_id: int) -> Any:
        view = _filing_view(submission_id)
        body: dict[str, Any] = {
            "filing": _submission_json(view["submission"], view["reviews"][0].summary if view["reviews"] else None),
            "review": view["document"] or None,
            "reviews": [
                {
                    "id": record.id,
                    "created_at": record.created_at.isoformat(),
                    "pacomply": record.tool_version,
                    "rulebooks": json.loads(record.rulebooks),
                    "verdict": record.summary,
                }
                for record in view["reviews"]
            ],
            "letters": [
                {
                    "id": item.id,
                    "kind": item.kind,
                    "review": item.review_id,
                    "at": item.created_at.isoformat(),
                    "url": url_for("letter", submission_id=submission_id, letter_id=item.id),
                }
                for item in view["letters"]
            ],
        }
        if view["internal"]:
            versions = view["finding_versions"]
            body["dispositions"] = {
                key: {
                    "decision": item.decision,
                    "note": item.note,
                    "board_reference": item.board_reference,
                    "by": item.user.username,
                    "at": item.created_at.isoformat(),
                    "finding_version": versions.get(key, 0),
                }
                for key, item in sorted(view["dispositions"].items())
            }
            body["signoffs"] = [
                {
                    "kind": item.kind,
                    "decision": item.decision,
                    "by": item.user.username,
                    "at": item.created_at.isoformat(),
                }
                for item in view["signoffs"]
            ]
            body["events"] = [
                {
                    "at": item.at.isoformat(),
                    "actor": item.actor,
                    "action": item.action,
                    "detail": json.loads(item.detail),
                }
                for item in view["events"]
            ]
        return jsonify(body)

    def _body() -> dict[str, Any]:
        body = request.get_json(silent=True)
        if not isinstance(body, dict):
            raise WorkspaceError("send a JSON object (Content-Type: application/json)")
        return body

    def _api_done(submission_id: int) -> Any:
        return jsonify(_submission_json(store.submission(current_user, submission_id)))

    def _disposition_request(item: Any) -> DispositionRequest:
        if not isinstance(item, dict):
            raise WorkspaceError("each disposition is a JSON object")
        return DispositionRequest(
            str(item.get("finding", "")),
            str(item.get("decision", "")),
            str(item.get("note", "")),
            str(item.get("board_reference", "")),
            _optional_number(item.get("finding_version"), "finding_version"),
        )

    @app.post("/api/filings/<int:submission_id>/dispositions")
    def api_dispose(submission_id: int) -> Any:
        store.submission(current_user, submission_id)
        body = _body()
        items = body["dispositions"] if isinstance(body.get("dispositions"), list) else [body]
        requests = [_disposition_request(item) for item in items]
        needs_version = any(request.seen_sequence is None for request in requests)
        store.dispose_many(current_user, submission_id, _seen_version(body) if needs_version else None, requests)
        return _api_done(submission_id)

    @app.post("/api/filings/<int:submission_id>/sign-off")
    def api_sign_off(submission_id: int) -> Any:
        store.submission(current_user, submission_id)
        body = _body()
        store.sign_off(
            current_user, submission_id, _seen_version(body), str(body.get("decision", "")), str(body.get("note", ""))
        )
        return _api_done(submission_id)

    @app.post("/api/filings/<int:submission_id>/countersign")
    def api_countersign(submission_id: int) -> Any:
        store.submission(current_user, submission_id)
        body = _body()
        store.countersign(current_user, submission_id, _seen_version(body), str(body.get("note", "")))
        return _api_done(submission_id)

    @app.post("/api/filings/<int:submission_id>/re-review")
    def api_rereview(submission_id: int) -> Any:
        store.submission(current_user, submission_id)
        name, data = store.request_rereview(current_user, submission_id, _seen_version(_body()))
        worker.submit(submission_id, name, data, actor=current_user.username)
        return _api_done(submission_id), 202

    @app.post("/api/filings/<int:submission_id>/assign")
    def api_assign(submission_id: int) -> Any:
        store.submission(current_user, submission_id)
        body = _body()
        reviewer = body.get("reviewer")
        store.assign(current_user, submission_id, _seen_version(body), str(reviewer) if reviewer else None)
        return _api_done(submission_id)

    @app.get("/api/diff")
    def api_diff() -> Any:
        old_id, new_id = _id_argument("old"), _id_argument("new")
        if old_id is None or new_id is None:
            raise WorkspaceError("give two filing ids: ?old=...&new=...")
        return jsonify(_diff(old_id, new_id).to_json())

    @app.get("/api/users")
    @admin_only
    def api_users() -> Any:
        return jsonify(
            users=[
                {"username": user.username, "role": user.role, "licensee": user.licensee, "active": user.active}
                for user in store.users()
            ]
        )

    @app.post("/api/users")
    @admin_only
    def api_add_user() -> Any:
        body = _body()
        user = store.add_user(
            str(body.get("username", "")).strip(), str(body.get("password", "")), _role(str(body.get("role", ""))),
            str(body.get("licensee") or "").strip() or None, actor=current_user.username,
        )
        return jsonify(username=user.username, role=user.role, licensee=user.licensee), 201

    @app.post("/api/users/<username>/role")
    @admin_only
    def api_change_role(username: str) -> Any:
        body = _body()
        user = store.set_role(
            username, _role(str(body.get("role", ""))), current_user.username, str(body.get("licensee") or "") or None
        )
        return jsonify(username=user.username, role=user.role, licensee=user.licensee)

    @app.post("/api/users/<username>/password")
    @admin_only
    def api_reset_password(username: str) -> Any:
        store.reset_password(username, str(_body().get("password", "")), current_user.username)
        return jsonify(username=username, reset=True)

    @app.post("/api/users/<username>/active")
    @admin_only
    def api_set_active(username: str) -> Any:
        active = _body().get("active")
        if not isinstance(active, bool):
            raise WorkspaceError("send {\"active\": true} or {\"active\": false}")
        user = store.set_active(username, active, current_user.username)
        return jsonify(username=user.username, active=user.active)

    @app.post("/api/account/password")
    def api_change_password() -> Any:
        body = _body()
        store.change_password(
            current_user.id, str(body.get("current_password", "")), str(body.get("new_password", "")),
            keep_session=session.get("sid"),
        )
        return jsonify(changed=True)

    @app.get("/api/whoami")
    def api_whoami() -> Any:
        from flask_wtf.csrf import generate_csrf

        return jsonify(
            username=current_user.username,
            role=current_user.role,
            licensee=current_user.licensee,
            csrf_token=None if g.get("basic_auth") else generate_csrf(),
        )

    return app
