"""The Board's pages of filings: the queue, uploads, a filing with its findings, dispositions, sign-off,
countersignature, assignment, re-review, downloads and letters, and the history of a licensee's submissions (the
``pages`` blueprint)."""

from __future__ import annotations

import re
from typing import Any

import pacomply.workspace.stack  # noqa: F401  # isort: skip  (names the extra when it is missing)
from flask import Blueprint, Response, current_app, flash, redirect, render_template, request, url_for
from flask_login import current_user
from pacomply.workspace import reviewing
from pacomply.workspace.models import Decision, Role
from pacomply.workspace.store import Conflict, DispositionRequest, board_today
from pacomply.workspace.web_common import (
    PAGE_SIZE,
    filing_view,
    id_argument,
    optional_number,
    queue_arguments,
    receive_upload,
    requested_page,
    seen_version,
    services,
    stored_diff,
    whole_number,
)

bp = Blueprint("pages", __name__)


@bp.get("/")
def queue() -> Any:
    arguments = queue_arguments()
    page_number = requested_page()
    page = services().store.queue(
        current_user, **arguments, limit=PAGE_SIZE, offset=(page_number - 1) * PAGE_SIZE, with_filters=True
    )
    pages = max(1, -(-page.total // PAGE_SIZE))
    return render_template(
        "queue.html",
        page=page,
        page_number=page_number,
        pages=pages,
        page_links=sorted({1, pages, *range(max(1, page_number - 3), min(pages, page_number + 3) + 1)}),
        filters=request.args,
        licensees=page.licensees,
        reviewers=page.reviewers,
        today=board_today(),
    )


@bp.route("/upload", methods=["GET", "POST"])
def upload() -> Any:
    if request.method == "POST":
        submission_id = receive_upload().id
        flash("Received; the review is under way.")
        return redirect(url_for("pages.filing", submission_id=submission_id))
    return render_template("upload.html", limit=current_app.config["MAX_UPLOAD_BYTES"])


@bp.get("/filings/<int:submission_id>")
def filing(submission_id: int) -> Any:
    view = filing_view(submission_id)
    generic = {
        key: value
        for key, value in view["document"].items()
        if key not in ("schema", "tool", "verdict", "findings", "filing")
    }
    return render_template(
        "filing.html", generic=generic, Decision=Decision, today=board_today(),
        reviewers=services().store.reviewers() if current_user.staff else [], **view,
    )


def _after_action(submission_id: int, message: str) -> Any:
    flash(message)
    return redirect(url_for("pages.filing", submission_id=submission_id))


@bp.post("/filings/<int:submission_id>/dispose")
def dispose(submission_id: int) -> Any:
    services().store.submission(current_user, submission_id)
    form = request.form
    finding_version = optional_number(form.get("finding_version"), "finding_version")
    services().store.dispose(
        current_user,
        submission_id,
        seen_version(form) if finding_version is None else None,
        form.get("finding", ""),
        form.get("decision", ""),
        form.get("note", ""),
        form.get("board_reference", ""),
        finding_version=finding_version,
    )
    return _after_action(submission_id, "Disposition recorded.")


@bp.post("/filings/<int:submission_id>/dispositions")
def dispose_many(submission_id: int) -> Any:
    """The findings table's one form: every row with a decision chosen, each checked by its own version."""
    services().store.submission(current_user, submission_id)
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
    made = services().store.dispose_many(current_user, submission_id, None, requests)
    return _after_action(submission_id, f"{len(made)} disposition(s) recorded.")


@bp.post("/filings/<int:submission_id>/sign-off")
def sign_off(submission_id: int) -> Any:
    services().store.submission(current_user, submission_id)
    form = request.form
    services().store.sign_off(
        current_user, submission_id, seen_version(form), form.get("decision", ""), form.get("note", "")
    )
    return _after_action(submission_id, "Signed off.")


@bp.post("/filings/<int:submission_id>/countersign")
def countersign(submission_id: int) -> Any:
    services().store.submission(current_user, submission_id)
    services().store.countersign(current_user, submission_id, seen_version(request.form), request.form.get("note", ""))
    return _after_action(submission_id, "Countersigned: the decision is final and its letter was issued.")


@bp.post("/filings/<int:submission_id>/re-review")
def rereview(submission_id: int) -> Any:
    services().store.submission(current_user, submission_id)
    name, data = services().store.request_rereview(current_user, submission_id, seen_version(request.form))
    services().worker.submit(submission_id, name, data, actor=current_user.username)
    return _after_action(submission_id, "A new review is under way; the earlier ones are kept.")


@bp.post("/filings/<int:submission_id>/assign")
def assign(submission_id: int) -> Any:
    services().store.submission(current_user, submission_id)
    reviewer = request.form.get("reviewer", "").strip() or None
    services().store.assign(current_user, submission_id, seen_version(request.form), reviewer)
    return _after_action(submission_id, f"Assigned to {reviewer}." if reviewer else "Unassigned.")


def _attachment(content: bytes, media: str, filename: str) -> Response:
    response = Response(content, mimetype=media)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _download(submission_id: int, kind: str) -> Response:
    submission = services().store.submission(current_user, submission_id)
    record, content = services().store.review_download(submission_id, kind)
    if content is None:  # not made yet: made now from the sealed review, and sealed
        try:
            content = services().worker.render_download(record.id, kind)
        except reviewing.RenderingRefused as error:
            raise Conflict(str(error)) from None
    stem = submission.original_name.rsplit(".", 1)[0]
    media = {
        "pdf": "application/pdf",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    }[kind]
    return _attachment(content, media, f"{stem}-review-{record.id}.{kind}")


@bp.get("/filings/<int:submission_id>/review.pdf")
def review_pdf(submission_id: int) -> Any:
    return _download(submission_id, "pdf")


@bp.get("/filings/<int:submission_id>/review.xlsx")
def review_xlsx(submission_id: int) -> Any:
    return _download(submission_id, "xlsx")


@bp.get("/filings/<int:submission_id>/letters/<int:letter_id>.pdf")
def letter(submission_id: int, letter_id: int) -> Any:
    services().store.submission(current_user, submission_id)
    record, content = services().store.letter_pdf(submission_id, letter_id)
    kind = record.kind.replace(" ", "-")
    return _attachment(content, "application/pdf", f"filing-{submission_id}-{kind}-{record.id}.pdf")


@bp.get("/filings/<int:submission_id>/original")
def original(submission_id: int) -> Any:
    submission = services().store.submission(current_user, submission_id, with_content=True)
    return _attachment(submission.content, "application/octet-stream", submission.original_name)


@bp.get("/history")
def history() -> Any:
    licensee = request.args.get("licensee", "").strip()
    if current_user.role == Role.LICENSEE:
        licensee = current_user.licensee
    chapter = request.args.get("chapter", "").strip()
    submissions = services().store.history(current_user, licensee, chapter) if licensee and chapter else []
    old_id, new_id = id_argument("old"), id_argument("new")
    diff = stored_diff(old_id, new_id).to_json() if old_id and new_id else None
    return render_template(
        "history.html",
        licensee=licensee,
        chapter=chapter,
        submissions=submissions,
        licensees=services().store.licensees(current_user),
        diff=diff,
        old_id=old_id,
        new_id=new_id,
    )
