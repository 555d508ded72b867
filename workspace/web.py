"""The web application: server-rendered pages (Flask, Jinja2 with autoescaping) and JSON endpoints for the same
actions. Every route needs a signed-in account, except the sign-in page and the health checks (``/healthz``,
``/readyz``: :mod:`web_health`); the pages are protected by CSRF tokens; the JSON endpoints take
either the session (and its token, in the ``X-CSRFToken`` header) or HTTP Basic credentials (no cookie, so no
cross-site forgery to guard against).

Sessions are kept on the server (the store's ``web_sessions``): the signed cookie carries a random token, and the
session it names ends at sign-out, after ``session_idle`` without a request, ``session_absolute`` after sign-in,
and when the account's password, role or activity changes. Signing in starts a new session and a new CSRF token.
Sign-in guesses are throttled per account and per address before any password hash is computed
(:mod:`throttle`), and every sign-in, failure and lockout is an audit event.

Malformed requests (a NUL character anywhere, an id of more than nine digits, a page number that is not a number,
a ``next=`` that leaves this site) are answered 400 or 404, never 500; under ``/api/`` every error is JSON.

This module makes the application: its settings, the sign-in gate and session check, the answers to errors, and
the blueprints that hold the routes (:mod:`web_sign_in`, :mod:`web_pages`, :mod:`web_accounts`, :mod:`web_api`;
what they share is :mod:`web_common`). Nothing here reviews or decides: the readers and the checker review
(through :mod:`reviewing`), the store decides who may do what.
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

import pacomply.workspace.stack  # noqa: F401  # isort: skip  (names the extra when it is missing)
from flask import Flask, Response, g, jsonify, redirect, request, session, url_for
from flask_login import LoginManager, current_user
from flask_wtf.csrf import CSRFError, CSRFProtect
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from pacomply.regulations import known_chapters
from pacomply.workspace import web_accounts, web_api, web_health, web_pages, web_sign_in
from pacomply.workspace.event_log import RequestLog
from pacomply.workspace.models import FINAL_STATUSES, Role, Status
from pacomply.workspace.store import (
    SESSION_ABSOLUTE,
    SESSION_IDLE,
    SESSION_KEY,
    Store,
    WorkspaceError,
    finding_key,
    is_overdue,
)
from pacomply.workspace.throttle import SignInThrottle, Throttled, ThrottleLimits
from pacomply.workspace.web_common import (  # noqa: F401  (safe_next, whole_number, describe_event: their home)
    DEFAULT_MAX_UPLOAD,
    FINDING_FIELDS,
    LOG,
    Account,
    IdConverter,
    LoweredUploads,
    Services,
    UploadProblems,
    _columns,
    _has_nul,
    api,
    checked_password,
    describe_event,
    enter_page_lane,
    enter_upload_lane,
    failure,
    leave_lanes,
    licensee_problem,
    safe_next,
    services,
    whole_number,
)
from pacomply.workspace.worker import ReviewWorker
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

DATABASE_RETRY_SECONDS = 5
"""The ``Retry-After`` of an answer made while the database does not answer (503)."""
PUBLIC_ENDPOINTS = frozenset({"sign_in.login", "static", "health.healthz", "health.readyz"})
"""The only endpoints open without a session: the sign-in page, its static files, and the two health checks."""
BLUEPRINTS = (web_sign_in.bp, web_pages.bp, web_accounts.bp, web_api.bp, web_health.bp)
UPLOAD_ENDPOINTS = frozenset({"pages.upload", "api.api_upload"})
"""The endpoints that take an upload (POST): each request waits for an upload turn before anything else is done
for it (:func:`web_common.enter_upload_lane`), and an account at its quota is refused before the body is read."""


class CompiledTemplates(BytecodeCache):
    """The pages' templates compiled once per process, for every application made in it: Jinja compiles a template
    (parse, then Python's ``compile``) for each application's environment, and a process that makes several (the
    test suite makes one per test) compiled each page again for each. Jinja checks each entry against its template's
    source (its checksum), so an edited template is compiled afresh."""

    def __init__(self) -> None:
        self._compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        compiled = self._compiled.get(bucket.key)
        if compiled is not None:
            bucket.bytecode_from_string(compiled)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._compiled[bucket.key] = bucket.bytecode_to_string()


COMPILED_TEMPLATES = CompiledTemplates()


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
    trusted_proxies: int = 0,
) -> Flask:
    """The workspace application over a store, reviewing uploads in ``worker``.

    Sessions are signed with ``secret_key``, else with the deployment's key, made once and kept in the store
    (``workspace_settings``), so a session made on one server is honoured by every other over the same database and
    survives a restart. Sign-in failures are counted in the store too (:meth:`SignInThrottle.count_in`).

    ``trusted_proxies``: how many reverse proxies stand in front of the server, each appending the address it was
    reached from to ``X-Forwarded-For`` (Werkzeug's ``ProxyFix``). With 0 the client's address is the connection's,
    so behind a proxy every client shares the proxy's address (and its sign-in failures); more than there are lets
    a client choose its own address by sending the header."""
    app = Flask(__name__)
    app.jinja_options = {**app.jinja_options, "bytecode_cache": COMPILED_TEMPLATES}
    app.url_map.converters["int"] = IdConverter
    app.config.update(
        SECRET_KEY=secret_key or store.deployment_setting(SESSION_KEY, lambda: secrets.token_hex(32)),
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
    throttle.count_in(store)  # the failures are the deployment's, counted for every server over the store
    quotas: dict[str, int] = {}
    if max_tables is not None:
        quotas["max_tables"] = max_tables
    if max_pending is not None:
        quotas["max_pending"] = max_pending
    app.extensions["pacomply"] = Services(store, worker, throttle, quotas)
    worker.give_way = app.extensions["pacomply"].pages.wait  # the recorder of reviews gives way to pages too
    app.jinja_env.filters["columns"] = _columns
    app.jinja_env.filters["describe"] = lambda event: describe_event(event.action, event.detail)
    app.jinja_env.globals.update(
        Status=Status, Role=Role, FINDING_FIELDS=FINDING_FIELDS, finding_key=finding_key,
        FINAL_STATUSES=FINAL_STATUSES, licensee_problem=licensee_problem, is_overdue=is_overdue,
    )
    # The chapter filters list every supported chapter, read from the chapter descriptors at each page.
    app.context_processor(lambda: {"CHAPTERS": known_chapters()})
    # Upload requests are answered on the lowered upload threads; their log line is timed from their arrival.
    lowered = LoweredUploads(LockedOutGate(app.wsgi_app, throttle))
    app.wsgi_app = RequestLog(lowered)  # type: ignore[method-assign]
    if trusted_proxies < 0:
        raise ValueError("the number of trusted proxies is 0 or more")
    if trusted_proxies:
        from werkzeug.middleware.proxy_fix import ProxyFix

        # Outermost, so the gate, the throttle and the audit trail all see the client's address.
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=trusted_proxies, x_proto=trusted_proxies
        )
    csrf = CSRFProtect(app)
    logins = LoginManager(app)
    logins.login_view = "sign_in.login"
    logins.session_protection = "strong"
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    lowered.paths = frozenset(rule.rule for rule in app.url_map.iter_rules() if rule.endpoint in UPLOAD_ENDPOINTS)

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

    def nul_refused() -> Any:
        return failure("the request holds a NUL character, which no field of the workspace takes", 400)

    def body_has_nul() -> bool:
        return any(_has_nul(key) or _has_nul(value) for key, value in request.form.items(multi=True)) or (
            request.is_json and _has_nul(request.get_json(silent=True))
        )

    @app.before_request
    def require_sign_in() -> Any:
        if _has_nul(request.path) or any(
            _has_nul(key) or _has_nul(value) for key, value in request.args.items(multi=True)
        ):
            return nul_refused()
        public = request.endpoint in PUBLIC_ENDPOINTS
        if request.method == "POST" and request.endpoint in UPLOAD_ENDPOINTS:
            # The upload lane: a turn first, so uploads waiting for one hold no database connection and no share of
            # the interpreter lock (their sessions are not even loaded), and the pages keep both.
            enter_upload_lane()
        elif not public:
            enter_page_lane()  # uploads and the recording of reviews give way while it is answered
        if public:
            if body_has_nul():
                return nul_refused()
            if request.method == "POST":
                csrf.protect()
            return None
        if not current_user.is_authenticated:
            if api():
                return jsonify(error="sign in first (a session, or HTTP Basic credentials)"), 401
            target = safe_next(request.full_path.rstrip("?")) if request.method == "GET" else None
            return redirect(url_for("sign_in.login", next=target))
        if request.method == "POST" and request.endpoint in UPLOAD_ENDPOINTS:
            # An account at its quota is refused before its upload is parsed and read (a client retrying costs a
            # count, not the parsing of its body); the locked count as the upload is stored decides.
            store.check_quota(current_user, **app.extensions["pacomply"].quotas)
        if body_has_nul():
            return nul_refused()
        if request.method not in ("GET", "HEAD", "OPTIONS") and not g.get("basic_auth"):
            csrf.protect()
        return None

    @app.teardown_request
    def end_turn(_error: BaseException | None) -> None:
        leave_lanes()

    @app.after_request
    def security_headers(response: Response) -> Response:
        # For the request's log line (web_health.RequestLog): the account and the route's pattern, never the path.
        # The account Flask-Login has already loaded, if any: loading it here would check HTTP Basic credentials
        # again, and a refused one would raise in the middle of answering.
        loaded = g.get("_login_user")
        request.environ[RequestLog.USER] = loaded.username if getattr(loaded, "is_authenticated", False) else None
        request.environ[RequestLog.ROUTE] = request.url_rule.rule if request.url_rule is not None else None
        response.headers["Content-Security-Policy"] = (
            "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'"
        )
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["X-Frame-Options"] = "DENY"
        response.headers["Referrer-Policy"] = "same-origin"
        response.headers["Cache-Control"] = "no-store"
        return response

    @app.errorhandler(WorkspaceError)
    def workspace_error(error: WorkspaceError) -> Any:
        return failure(str(error), error.status)

    @app.errorhandler(OperationalError)
    def database_unavailable(error: OperationalError) -> Any:
        # The driver's word for a database that does not answer (stopped, restarting, unreachable; SQLite locked
        # past its timeout). Each action is one transaction, so nothing of the request was written.
        LOG.warning("the database did not answer %s %s: %s", request.method, request.path, type(error).__name__)
        body, status = failure(
            "the workspace's database is not answering at the moment; nothing you sent was saved. Try again in a "
            "few seconds",
            503,
        )
        return body, status, {"Retry-After": str(DATABASE_RETRY_SECONDS)}

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

    @app.errorhandler(UploadProblems)
    def upload_problems(error: UploadProblems) -> Any:
        return failure(str(error), 400, error.problems)

    return app
