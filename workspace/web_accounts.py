"""The Accounts page for an administrator: add accounts, change roles, reset passwords, (de)activate (the
``accounts`` blueprint)."""

from __future__ import annotations

from typing import Any

import pacomply.workspace.stack  # noqa: F401  # isort: skip  (names the extra when it is missing)
from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_login import current_user
from pacomply.workspace.web_common import (
    admin_only,
    role_named,
    services,
)

bp = Blueprint("accounts", __name__)


@bp.route("/users", methods=["GET", "POST"])
@admin_only
def users() -> Any:
    if request.method == "POST":
        form = request.form
        services().store.add_user(
            form.get("username", "").strip(),
            form.get("password", ""),
            role_named(form.get("role", "")),
            form.get("licensee", "").strip() or None,
            actor=current_user.username,
        )
        flash("Account added.")
        return redirect(url_for("accounts.users"))
    return render_template("users.html", users=services().store.users(), events=services().store.account_events(50))


@bp.post("/users/<username>/role")
@admin_only
def change_role(username: str) -> Any:
    form = request.form
    services().store.set_role(
        username, role_named(form.get("role", "")), current_user.username, form.get("licensee") or None
    )
    flash(f"Role of {username} changed.")
    return redirect(url_for("accounts.users"))


@bp.post("/users/<username>/password")
@admin_only
def reset_password(username: str) -> Any:
    services().store.reset_password(username, request.form.get("password", ""), current_user.username)
    flash(f"Password of {username} reset; its sessions were signed out.")
    return redirect(url_for("accounts.users"))


@bp.post("/users/<username>/active")
@admin_only
def set_active(username: str) -> Any:
    active = request.form.get("active") == "1"
    services().store.set_active(username, active, current_user.username)
    flash(f"{username} {'activated' if active else 'deactivated'}.")
    return redirect(url_for("accounts.users"))
