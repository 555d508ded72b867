"""The JSON endpoints (the ``api`` blueprint): the same actions as the pages, taking the session (with its CSRF
token in ``X-CSRFToken``) or HTTP Basic credentials; every error is JSON."""

from __future__ import annotations

import json
from typing import Any

import pacomply.workspace.stack  # noqa: F401  # isort: skip  (names the extra when it is missing)
from flask import Blueprint, g, jsonify, request, session, url_for
from flask_login import current_user
from pacomply.workspace.store import DispositionRequest, WorkspaceError, is_overdue
from pacomply.workspace.store_common import _utc
from pacomply.workspace.web_common import (
    PAGE_SIZE,
    admin_only,
    filing_view,
    id_argument,
    licensee_problem,
    optional_number,
    queue_arguments,
    receive_upload,
    requested_page,
    role_named,
    seen_version,
    services,
    stored_diff,
)

bp = Blueprint("api", __name__)


def _submission_json(submission: Any, verdict: str | None = None) -> dict[str, Any]:
    body = {
        "id": submission.id,
        "file": submission.original_name,
        "sha256": submission.sha256,
        "size": submission.size,
        "licensee": submission.licensee,
        "chapters": submission.chapter_ids,
        "date_filed": submission.date_filed.isoformat(),
        "uploaded_at": _utc(submission.uploaded_at).isoformat(),
        "due_date": submission.due_date.isoformat() if submission.due_date else None,
        "overdue": is_overdue(submission),
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


def _body() -> dict[str, Any]:
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        raise WorkspaceError("send a JSON object (Content-Type: application/json)")
    return body


def _api_done(submission_id: int) -> Any:
    return jsonify(_submission_json(services().store.submission(current_user, submission_id)))


def _disposition_request(item: Any) -> DispositionRequest:
    if not isinstance(item, dict):
        raise WorkspaceError("each disposition is a JSON object")
    return DispositionRequest(
        str(item.get("finding", "")),
        str(item.get("decision", "")),
        str(item.get("note", "")),
        str(item.get("board_reference", "")),
        optional_number(item.get("finding_version"), "finding_version"),
    )


@bp.get("/api/filings")
def api_queue() -> Any:
    page_number = requested_page()
    page = services().store.queue(
        current_user, **queue_arguments(), limit=PAGE_SIZE, offset=(page_number - 1) * PAGE_SIZE
    )
    return jsonify(
        total=page.total,
        page=page_number,
        filings=[_submission_json(item, page.verdicts.get(item.id)) for item in page.submissions],
    )


@bp.post("/api/filings")
def api_upload() -> Any:
    # The row as it was written (its chapters with it; nobody assigned yet): the answer reads nothing back.
    return jsonify(_submission_json(receive_upload())), 202


@bp.get("/api/filings/<int:submission_id>")
def api_filing(submission_id: int) -> Any:
    view = filing_view(submission_id)
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
                "url": url_for("pages.letter", submission_id=submission_id, letter_id=item.id),
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


@bp.post("/api/filings/<int:submission_id>/dispositions")
def api_dispose(submission_id: int) -> Any:
    services().store.submission(current_user, submission_id)
    body = _body()
    items = body["dispositions"] if isinstance(body.get("dispositions"), list) else [body]
    requests = [_disposition_request(item) for item in items]
    needs_version = any(request.seen_sequence is None for request in requests)
    services().store.dispose_many(current_user, submission_id, seen_version(body) if needs_version else None, requests)
    return _api_done(submission_id)


@bp.post("/api/filings/<int:submission_id>/sign-off")
def api_sign_off(submission_id: int) -> Any:
    services().store.submission(current_user, submission_id)
    body = _body()
    services().store.sign_off(
        current_user, submission_id, seen_version(body), str(body.get("decision", "")), str(body.get("note", ""))
    )
    return _api_done(submission_id)


@bp.post("/api/filings/<int:submission_id>/countersign")
def api_countersign(submission_id: int) -> Any:
    services().store.submission(current_user, submission_id)
    body = _body()
    services().store.countersign(current_user, submission_id, seen_version(body), str(body.get("note", "")))
    return _api_done(submission_id)


@bp.post("/api/filings/<int:submission_id>/re-review")
def api_rereview(submission_id: int) -> Any:
    services().store.submission(current_user, submission_id)
    name, data = services().store.request_rereview(current_user, submission_id, seen_version(_body()))
    services().worker.submit(submission_id, name, data, actor=current_user.username)
    return _api_done(submission_id), 202


@bp.post("/api/filings/<int:submission_id>/assign")
def api_assign(submission_id: int) -> Any:
    services().store.submission(current_user, submission_id)
    body = _body()
    reviewer = body.get("reviewer")
    services().store.assign(current_user, submission_id, seen_version(body), str(reviewer) if reviewer else None)
    return _api_done(submission_id)


@bp.get("/api/diff")
def api_diff() -> Any:
    old_id, new_id = id_argument("old"), id_argument("new")
    if old_id is None or new_id is None:
        raise WorkspaceError("give two filing ids: ?old=...&new=...")
    return jsonify(stored_diff(old_id, new_id).to_json())


@bp.get("/api/users")
@admin_only
def api_users() -> Any:
    return jsonify(
        users=[
            {"username": user.username, "role": user.role, "licensee": user.licensee, "active": user.active}
            for user in services().store.users()
        ]
    )


@bp.post("/api/users")
@admin_only
def api_add_user() -> Any:
    body = _body()
    user = services().store.add_user(
        str(body.get("username", "")).strip(), str(body.get("password", "")), role_named(str(body.get("role", ""))),
        str(body.get("licensee") or "").strip() or None, actor=current_user.username,
    )
    return jsonify(username=user.username, role=user.role, licensee=user.licensee), 201


@bp.post("/api/users/<username>/role")
@admin_only
def api_change_role(username: str) -> Any:
    body = _body()
    user = services().store.set_role(
        username, role_named(str(body.get("role", ""))), current_user.username, str(body.get("licensee") or "") or None
    )
    return jsonify(username=user.username, role=user.role, licensee=user.licensee)


@bp.post("/api/users/<username>/password")
@admin_only
def api_reset_password(username: str) -> Any:
    services().store.reset_password(username, str(_body().get("password", "")), current_user.username)
    return jsonify(username=username, reset=True)


@bp.post("/api/users/<username>/active")
@admin_only
def api_set_active(username: str) -> Any:
    active = _body().get("active")
    if not isinstance(active, bool):
        raise WorkspaceError("send {\"active\": true} or {\"active\": false}")
    user = services().store.set_active(username, active, current_user.username)
    return jsonify(username=user.username, active=user.active)


@bp.post("/api/account/password")
def api_change_password() -> Any:
    body = _body()
    services().store.change_password(
        current_user.id, str(body.get("current_password", "")), str(body.get("new_password", "")),
        keep_session=session.get("sid"),
    )
    return jsonify(changed=True)


@bp.get("/api/whoami")
def api_whoami() -> Any:
    from flask_wtf.csrf import generate_csrf

    return jsonify(
        username=current_user.username,
        role=current_user.role,
        licensee=current_user.licensee,
        csrf_token=None if g.get("basic_auth") else generate_csrf(),
    )
