"""The workspace's own dependencies (the ``workspace`` extra), checked when a module that needs them is imported.

``pip install pacomply`` installs the command line alone; the review workspace (``pacomply serve``, ``pacomply
store``) needs Flask, its sign-in and CSRF extensions, argon2, waitress, SQLAlchemy, Alembic and zxcvbn, installed by
``pip install "pacomply[workspace]"``. Importing this module raises :class:`MissingWorkspaceExtra`, naming the extra
and what is missing, instead of a bare ``ModuleNotFoundError`` from deep inside the workspace.
"""

from __future__ import annotations

import importlib.util

EXTRA = "workspace"
MODULES = {
    "flask": "flask",
    "flask_wtf": "flask-wtf",
    "flask_login": "flask-login",
    "argon2": "argon2-cffi",
    "waitress": "waitress",
    "sqlalchemy": "sqlalchemy",
    "alembic": "alembic",
    "zxcvbn": "zxcvbn",
}
"""Each module the workspace imports, and the distribution that provides it."""


class MissingWorkspaceExtra(ImportError):
    """The workspace's dependencies are not installed; the message says how to install them."""

    extra = EXTRA


def missing() -> list[str]:
    """The distributions of the workspace extra that cannot be imported, in the order of :data:`MODULES`."""
    absent = []
    for module, distribution in MODULES.items():
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):  # a parent that fails to import, or a module set to None in sys.modules
            found = False
        if not found:
            absent.append(distribution)
    return absent


def require() -> None:
    """Raise :class:`MissingWorkspaceExtra` unless every dependency of the workspace can be imported."""
    absent = missing()
    if absent:
        raise MissingWorkspaceExtra(
            f"the review workspace needs pacomply's '{EXTRA}' extra, which is not installed (missing: "
            f"{', '.join(absent)}); install it with:  pip install \"pacomply[{EXTRA}]\""
        )


require()
