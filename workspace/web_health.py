"""Health for a load balancer or a service manager: ``/healthz`` (the process answers) and ``/readyz`` (the database
answers at the schema this pacomply expects, and the review pool takes reviews). Both are open without sign-in, the
only routes besides the sign-in page, and say nothing about filings or accounts: a status word per check."""

from __future__ import annotations

from typing import Any

import pacomply.workspace.stack  # noqa: F401  # isort: skip  (names the extra when it is missing)
from flask import Blueprint, jsonify
from pacomply.workspace.web_common import services

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz() -> Any:
    """The process is up and answering (nothing else is checked: a restart is what a failure here calls for)."""
    return jsonify(status="up")


@bp.get("/readyz")
def readyz() -> Any:
    """Ready to serve: the database answers and is at the newest schema, and the review pool takes reviews. 503
    (with ``Retry-After``) naming the check that failed otherwise."""
    checks = {"database": services().store.readiness(), "reviews": services().worker.readiness()}
    ready = all(state == "ready" for state in checks.values())
    body = jsonify(status="ready" if ready else "not ready", checks=checks)
    if ready:
        return body
    return body, 503, {"Retry-After": "5"}
