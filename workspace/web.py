"""The web application: server-rendered pages (Flask, Jinja2 with autoescaping) and JSON endpoints for the same
actions. Every route needs a signed-in account; the pages are protected by CSRF tokens; the JSON endpoints take
either the session (and its token, in the ``X-CSRFToken`` header) or HTTP Basic credentials (no cookie, so no
cross-site forgery to guard against).

Nothing here reviews or decides: the readers and the checker review (through :mod:`reviewing`), the store decides
who may do what.
"""

from __future__ import annotations

import json
import secrets
from datetime import date
from functools import wraps
from typing import Any

from flask import Flask, Response, flash, g, jsonify, redirect, render_template, request, url_for
from flask_login import LoginManager, UserMixin, current_user, login_user, logout_user
from flask_wtf.csrf import CSRFError, CSRFProtect
from pacomply.workspace import reviewing
from pacomply.workspace.models import Decision, Role, Status, User
from pacomply.workspace.store import Forbidden, Store, WorkspaceError, finding_key
from pacomply.workspace.worker import ReviewWorker
from werkzeug.exceptions import RequestEntityTooLarge

DEFAULT_MAX_UPLOAD = 20 * 1024 * 1024
CHAPTERS = ("633a", "645a", "681a", "685a", "686a", "687a", "688a")
PAGE_SIZE = 50
PUBLIC_ENDPOINTS = frozenset({"login", "static"})
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
) -> Flask:
    """The workspace application over a store, reviewing uploads in ``worker``."""
    app = Flask(__name__)
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
    app.jinja_env.filters["columns"] = _columns
    app.jinja_env.globals.update(
        Status=Status, Role=Role, CHAPTERS=CHAPTERS, FINDING_FIELDS=FINDING_FIELDS, finding_key=finding_key
    )
    csrf = CSRFProtect(app)
    logins = LoginManager(app)
    logins.login_view = "login"
    logins.session_protection = "strong"

    @logins.user_loader
    def load_user(user_id: str) -> Account | None:
        user = store.user(int(user_id)) if user_id.isdigit() else None
        return Account(user) if user is not None and user.active else None

    @logins.request_loader
    def load_from_request(_request: Any) -> Account | None:
        credentials = request.authorization
        if credentials is None or not request.path.startswith("/api/") or credentials.type != "basic":
            return None
        user = store.authenticate(credentials.username or "", credentials.password or "")
        if user is None:
            return None
        g.basic_auth = True
        return Account(user)

    def api() -> bool:
        return request.path.startswith("/api/")

    @app.before_request
    def require_sign_in() -> Any:
        if request.endpoint in PUBLIC_ENDPOINTS:
            if request.method == "POST":
                csrf.protect()
            return None
        if not current_user.is_authenticated:
            if api():
                return jsonify(error="sign in first (a session, or HTTP Basic credentials)"), 401
            return redirect(url_for("login", next=request.full_path if request.method == "GET" else None))
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
        if request.method == "POST":
            user = store.authenticate(request.form.get("username", ""), request.form.get("password", ""))
            if user is not None:
                login_user(Account(user))
                target = request.args.get("next") or ""
                # Only a path on this site: never an open redirect to another host.
                if not target.startswith("/") or target.startswith("//"):
                    target = url_for("queue")
                return redirect(target)
            error = "the user name or password is wrong"
        return render_template("login.html", error=error), 401 if error else 200

    @app.post("/logout")
    def logout() -> Any:
        logout_user()
        return redirect(url_for("login"))

    # -- the queue and uploads ------------------------------------------------------------------------------

    def _date(name: str) -> date | None:
        text = request.args.get(name, "").strip()
        if not text:
            return None
        try:
            return date.fromisoformat(text)
        except ValueError:
            raise WorkspaceError(f"'{name}' must be a date written YYYY-MM-DD, not '{text}'") from None

    def _queue_arguments() -> dict[str, Any]:
        status = request.args.get("status", "").strip() or None
        if status is not None and status not in {item.value for item in Status}:
            raise WorkspaceError(f"'{status}' is not a status; use one of: {', '.join(item.value for item in Status)}")
        return {
            "status": status,
            "licensee": request.args.get("licensee", "").strip() or None,
            "chapter": request.args.get("chapter", "").strip() or None,
            "filed_from": _date("from"),
            "filed_to": _date("to"),
        }

    def _page_number() -> int:
        text = request.args.get("page", "1")
        return max(1, int(text)) if text.isdigit() else 1

    @app.get("/")
    def queue() -> Any:
        arguments = _queue_arguments()
        page_number = _page_number()
        page = store.queue(current_user, **arguments, limit=PAGE_SIZE, offset=(page_number - 1) * PAGE_SIZE)
        return render_template(
            "queue.html",
            page=page,
            page_number=page_number,
            pages=max(1, -(-page.total // PAGE_SIZE)),
            filters=request.args,
            licensees=store.licensees(current_user),
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
        submission = store.add_submission(name, data, filing, current_user, current_user.username)
        worker.submit(submission.id, name, data, actor="pacomply")
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
        return {
            "submission": submission,
            "reviews": reviews,
            "document": document,
            "dispositions": store.dispositions(submission_id),
            "signoffs": store.signoffs(submission_id),
            "events": store.events(submission_id),
        }

    @app.get("/filings/<int:submission_id>")
    def filing(submission_id: int) -> Any:
        view = _filing_view(submission_id)
        generic = {
            key: value
            for key, value in view["document"].items()
            if key not in ("schema", "tool", "verdict", "findings", "filing")
        }
        return render_template("filing.html", generic=generic, Decision=Decision, **view)

    def _seen_version(source: dict[str, Any]) -> int:
        text = str(source.get("version", ""))
        if not text.isdigit():
            raise WorkspaceError("the request lacks the filing's version (the 'version' field); reload and retry")
        return int(text)

    def _after_action(submission_id: int, message: str) -> Any:
        flash(message)
        return redirect(url_for("filing", submission_id=submission_id))

    @app.post("/filings/<int:submission_id>/dispose")
    def dispose(submission_id: int) -> Any:
        store.submission(current_user, submission_id)
        form = request.form
        store.dispose(
            current_user,
            submission_id,
            _seen_version(form),
            form.get("finding", ""),
            form.get("decision", ""),
            form.get("note", ""),
            form.get("board_reference", ""),
        )
        return _after_action(submission_id, "Disposition recorded.")

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
        return _after_action(submission_id, "Countersigned: the filing is approved.")

    @app.post("/filings/<int:submission_id>/re-review")
    def rereview(submission_id: int) -> Any:
        store.submission(current_user, submission_id)
        name, data = store.request_rereview(current_user, submission_id, _seen_version(request.form))
        worker.submit(submission_id, name, data, actor=current_user.username)
        return _after_action(submission_id, "A new review is under way; the earlier ones are kept.")

    def _download(submission_id: int, kind: str) -> Response:
        submission = store.submission(current_user, submission_id)
        record, content = store.review_download(submission_id, kind)
        stem = submission.original_name.rsplit(".", 1)[0]
        media = {
            "pdf": "application/pdf",
            "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        }[kind]
        response = Response(content, mimetype=media)
        response.headers["Content-Disposition"] = f'attachment; filename="{stem}-review-{record.id}.{kind}"'
        return response

    @app.get("/filings/<int:submission_id>/review.pdf")
    def review_pdf(submission_id: int) -> Any:
        return _download(submission_id, "pdf")

    @app.get("/filings/<int:submission_id>/review.xlsx")
    def review_xlsx(submission_id: int) -> Any:
        return _download(submission_id, "xlsx")

    @app.get("/filings/<int:submission_id>/original")
    def original(submission_id: int) -> Any:
        submission = store.submission(current_user, submission_id, with_content=True)
        response = Response(submission.content, mimetype="application/octet-stream")
        response.headers["Content-Disposition"] = f'attachment; filename="{submission.original_name}"'
        return response

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
        return int(text) if text.isdigit() else None

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
        return render_template("users.html", users=store.users())

    def _role(text: str) -> Role:
        try:
            return Role(text)
        except ValueError:
            raise WorkspaceError(f"'{text}' is not a role; use reviewer, supervisor, licensee or admin") from None

    @app.post("/users/<username>/role")
    @admin_only
    def change_role(username: str) -> Any:
        form = request.form
        store.set_role(username, _role(form.get("role", "")), current_user.username, form.get("licensee") or None)
        flash(f"Role of {username} changed.")
        return redirect(url_for("users"))

    # -- JSON endpoints -------------------------------------------------------------------------------------

    def _submission_json(submission: Any, verdict: str | None = None) -> dict[str, Any]:
        return {
            "id": submission.id,
            "file": submission.original_name,
            "sha256": submission.sha256,
            "size": submission.size,
            "licensee": submission.licensee,
            "chapters": submission.chapter_ids,
            "date_filed": submission.date_filed.isoformat(),
            "uploaded_at": submission.uploaded_at.isoformat(),
            "status": submission.status,
            "review_state": submission.review_state,
            "review_problem": submission.review_problem,
            "version": submission.version,
            "verdict": verdict,
        }

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
        return jsonify(
            filing=_submission_json(view["submission"], view["reviews"][0].summary if view["reviews"] else None),
            review=view["document"] or None,
            reviews=[
                {
                    "id": record.id,
                    "created_at": record.created_at.isoformat(),
                    "pacomply": record.tool_version,
                    "rulebooks": json.loads(record.rulebooks),
                    "verdict": record.summary,
                }
                for record in view["reviews"]
            ],
            dispositions={
                key: {
                    "decision": item.decision,
                    "note": item.note,
                    "board_reference": item.board_reference,
                    "by": item.user.username,
                    "at": item.created_at.isoformat(),
                }
                for key, item in sorted(view["dispositions"].items())
            },
            signoffs=[
                {
                    "kind": item.kind,
                    "decision": item.decision,
                    "by": item.user.username,
                    "at": item.created_at.isoformat(),
                }
                for item in view["signoffs"]
            ],
            events=[
                {
                    "at": item.at.isoformat(),
                    "actor": item.actor,
                    "action": item.action,
                    "detail": json.loads(item.detail),
                }
                for item in view["events"]
            ],
        )

    def _body() -> dict[str, Any]:
        body = request.get_json(silent=True)
        if not isinstance(body, dict):
            raise WorkspaceError("send a JSON object (Content-Type: application/json)")
        return body

    def _api_done(submission_id: int) -> Any:
        return jsonify(_submission_json(store.submission(current_user, submission_id)))

    @app.post("/api/filings/<int:submission_id>/dispositions")
    def api_dispose(submission_id: int) -> Any:
        store.submission(current_user, submission_id)
        body = _body()
        store.dispose(
            current_user,
            submission_id,
            _seen_version(body),
            str(body.get("finding", "")),
            str(body.get("decision", "")),
            str(body.get("note", "")),
            str(body.get("board_reference", "")),
        )
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
