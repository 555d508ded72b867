"""Tests and tools import the layers as ``pacomply.<layer>`` only (see ``tests/import_identity.py``).

The source is read, not run: every import statement of every tracked Python file, and every string that names a
module of a layer (what importlib, ``monkeypatch.setattr`` or ``mock.patch`` would import), must spell the module
``pacomply.engine...``, never ``engine...``.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.import_identity import LAYERS, SecondIdentityError, second_identity_modules

ROOT = Path(__file__).resolve().parents[2]
_DOTTED = re.compile(rf"^({'|'.join(LAYERS)})(\.[A-Za-z_][A-Za-z0-9_]*)+$")


def _python_files() -> list[Path]:
    """The tracked Python files (git's list where there is one, else every .py outside virtual environments)."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "*.py"],
            cwd=ROOT, capture_output=True, check=True,
        ).stdout.decode("utf-8")  # fmt: skip
        return sorted(ROOT / name for name in listed.split("\0") if name and (ROOT / name).is_file())
    except (OSError, subprocess.CalledProcessError):
        return sorted(
            path for path in ROOT.rglob("*.py")
            if not any(part.startswith((".venv", "build", ".")) for part in path.relative_to(ROOT).parts)
        )  # fmt: skip


def _names_a_layer_module(text: str) -> bool:
    """True for ``"engine.replay"`` or ``"checker.review.run"`` where ``engine/replay.py`` (etc.) exists."""
    if not _DOTTED.match(text):
        return False
    parts = text.split(".")
    for length in range(len(parts), 1, -1):
        candidate = ROOT.joinpath(*parts[:length])
        if candidate.with_suffix(".py").is_file() or (candidate / "__init__.py").is_file():
            return True
    return False


def second_identity_uses(source: str, where: str) -> list[str]:
    """Each import of a layer under its folder's name in one file's source, as ``where:line: what``."""
    tree = ast.parse(source, filename=where)
    found = []
    # A dict's keys are labels (a test's "engine.replay (rules of play)"); values, call arguments and assigned
    # strings are what importlib or a patch would import.
    labels = {id(key) for node in ast.walk(tree) if isinstance(node, ast.Dict) for key in node.keys if key is not None}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif (
            isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in labels
            and _names_a_layer_module(node.value)
        ):  # fmt: skip
            found.append(f"{where}:{node.lineno}: the string {node.value!r} names a module without pacomply.")
            continue
        else:
            continue
        found.extend(
            f"{where}:{node.lineno}: import {name} (write pacomply.{name})"
            for name in names
            if name.partition(".")[0] in LAYERS
        )
    return found


def test_no_file_imports_a_layer_under_its_folder_name() -> None:
    files = _python_files()
    assert len(files) > 100, "the tree was not found"
    problems = [
        problem for path in files
        for problem in second_identity_uses(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix())
    ]  # fmt: skip
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from engine.cards import ACE_ONE_POINTS\n", 1),
        ("import checker.review\n", 1),
        ("monkeypatch.setattr('submissions.files.os.fsync', full)\n", 1),
        ("importlib.import_module('engine.replay')\n", 1),
        ("mock.patch('reports.interface.render')\n", 1),
        ("from pacomply.engine.cards import ACE_ONE_POINTS\nimport_module('pacomply.engine.replay')\n", 0),
        ("ForeignKey('submissions.id')\nparts = {'engine.replay': 1, 'checker.wager_math': 2}\n", 0),
        ("MODULES = {'686a': 'engine.games.over_under'}\n", 1),
    ],
)
def test_the_scan_finds_each_spelling(source: str, expected: int) -> None:
    """The scan itself: imports, and strings importlib or a patch would import, are found; table names are not."""
    assert len(second_identity_uses(source, "sample.py")) == expected


@pytest.mark.parametrize("layer", LAYERS)
def test_a_layer_cannot_be_imported_under_its_folder_name(layer: str) -> None:
    """The guard (tests/conftest.py) refuses the import although the checkout root is on sys.path."""
    assert str(ROOT) in [str(Path(entry).resolve()) for entry in sys.path if entry]
    with pytest.raises(SecondIdentityError, match=f"import pacomply.{layer}"):
        importlib.import_module(layer)
    assert importlib.import_module(f"pacomply.{layer}").__name__ == f"pacomply.{layer}"
    assert second_identity_modules() == []


def test_each_loaded_layer_module_is_a_pacomply_module() -> None:
    """Every module loaded from a layer folder so far in this run carries the pacomply name."""
    importlib.import_module("pacomply.cli")
    assert second_identity_modules() == []


def test_a_layer_module_loaded_under_another_name_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A loader that bypasses the import system (``spec_from_file_location``) is still seen: by the module's file."""
    spec = importlib.util.spec_from_file_location("stray_cards", ROOT / "engine" / "cards.py")
    assert spec is not None and spec.loader is not None
    stray = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "stray_cards", stray)  # before it runs: its dataclasses look themselves up
    spec.loader.exec_module(stray)
    assert second_identity_modules() == ["stray_cards"]
