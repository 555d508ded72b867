"""Signing in and out, and one's own password: the ``sign_in`` blueprint (its sign-in page is the one page open
to everyone; the throttle and the audit trail see every attempt)."""

from __future__ import annotations

from typing import Any

import pacomply.workspace.stack  # noqa: F401  # isort: skip  (names the extra when it is missing)
from flask import (
    Blueprint,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_login import current_user, login_user, logout_user
from pacomply.workspace.store import WorkspaceError
from pacomply.workspace.throttle import Throttled
from pacomply.workspace.web_common import (
    Account,
    address,
    checked_password,
    safe_next,
    services,
)

bp = Blueprint("sign_in", __name__)


@bp.route("/login", methods=["GET", "POST"])
def login() -> Any:
    error = None
    status = 200
    if request.method == "POST":
        username = request.form.get("username", "")
        try:
            user = checked_password(username, request.form.get("password", ""))
        except Throttled as refused:
            return (
                render_template("login.html", error=str(refused), first_use=False),
                429,
                {"Retry-After": str(refused.retry_after)},
            )
        if user is not None:
            # A new session and a new CSRF token: nothing issued before the sign-in carries over.
            session.clear()
            session["sid"] = services().store.open_session(user, address())
            login_user(Account(user))
            services().store.record_sign_in(user.username, address(), "sign-in")
            return redirect(safe_next(request.args.get("next")) or url_for("pages.queue"))
        error, status = "the user name or password is wrong", 401
    return render_template("login.html", error=error, first_use=not services().store.has_admin()), status


@bp.post("/logout")
def logout() -> Any:
    token = session.get("sid")
    if isinstance(token, str):
        services().store.end_session(token, "signed out")
    logout_user()
    session.clear()
    return redirect(url_for("sign_in.login"))


@bp.route("/account", methods=["GET", "POST"])
def account() -> Any:
    if request.method == "POST":
        form = request.form
        if form.get("new_password", "") != form.get("confirm_password", ""):
            raise WorkspaceError("the new password and its confirmation differ; nothing was changed")
        services().store.change_password(
            current_user.id, form.get("current_password", ""), form.get("new_password", ""),
            keep_session=session.get("sid"),
        )
        flash("Password changed; your other sessions were signed out.")
        return redirect(url_for("sign_in.account"))
    return render_template("account.html")
