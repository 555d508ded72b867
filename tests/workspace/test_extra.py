"""The workspace's dependencies are the ``workspace`` extra: without them, its commands say which extra to install
(and exit 2) instead of failing with a traceback, and the rest of pacomply, ``diff`` included, still works."""

from __future__ import annotations

import subprocess
import sys

from tests.workspace.conftest import EXAMPLES, REPOSITORY

# Runs the command line as if the named modules were not installed (a module set to None cannot be imported).
_WITHOUT = (
    "import sys\n"
    "for name in sys.argv[1].split(','):\n"
    "    sys.modules[name] = None\n"
    "from pacomply.cli import run_app\n"
    "raise SystemExit(run_app(sys.argv[2:]))\n"
)


def _run_without(modules: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", _WITHOUT, modules, *arguments],
        capture_output=True, text=True, timeout=300, cwd=REPOSITORY, check=False,
    )


def test_serve_and_store_without_the_workspace_extra_name_the_extra_to_install(tmp_path) -> None:  # type: ignore[no-untyped-def]
    database = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    for arguments in (("serve", "--port", "0", "--database", database), ("store", "list", "--database", database)):
        done = _run_without("flask,waitress", *arguments)
        assert done.returncode == 2, (arguments, done.stderr)
        assert 'pip install "pacomply[workspace]"' in done.stderr, done.stderr
        assert "missing: flask, waitress" in done.stderr and "Traceback" not in done.stderr
    done = _run_without("sqlalchemy", "store", "list", "--database", database)
    assert done.returncode == 2 and "missing: sqlalchemy" in done.stderr, done.stderr


def test_diff_needs_no_workspace_extra() -> None:
    done = _run_without(
        "flask,flask_wtf,flask_login,argon2,waitress,sqlalchemy,alembic",
        "diff", str(EXAMPLES / "686a-compliant.json"), str(EXAMPLES / "686a-compliant.json"),
    )
    assert done.returncode == 0, done.stderr


def test_the_workspace_extra_lists_what_the_workspace_imports() -> None:
    import tomllib

    from pacomply.workspace import stack

    project = tomllib.loads((REPOSITORY / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extra = {requirement.split(">")[0].split("[")[0] for requirement in project["optional-dependencies"]["workspace"]}
    assert extra == set(stack.MODULES.values())
    required = {requirement.split(">")[0].split("[")[0].split(";")[0] for requirement in project["dependencies"]}
    assert not required & extra  # none of them comes with a plain install
    test_extra = {requirement.split(">")[0].split("[")[0] for requirement in project["optional-dependencies"]["test"]}
    assert extra <= test_extra  # the tests install them
    assert stack.missing() == []
