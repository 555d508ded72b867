"""The distribution as a user installs it: every layer folder is packaged, the wheel puts nothing at the top of
site-packages but ``pacomply``, and the installed command runs from anywhere (no checkout on the path)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LAYERS = ("regulations", "submissions", "checker", "engine", "reports", "workspace", "pacomply")
BUILD_LEFTOVERS = shutil.ignore_patterns(
    ".git", "build", "dist", "*.egg-info", ".venv*", "__pycache__", ".pytest_cache", ".ruff_cache", ".mypy_cache",
    ".hypothesis", ".import_linter_cache", "out",
)  # fmt: skip


def _setuptools() -> dict[str, object]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]  # type: ignore[no-any-return]


def test_every_layer_package_is_listed_for_setuptools() -> None:
    """A sub-package missing from [tool.setuptools] packages would be left out of the wheel silently."""
    settings = _setuptools()
    folders = {name: Path(folder) for name, folder in settings["package-dir"].items()}  # type: ignore[union-attr]
    expected = set()
    for layer in LAYERS:
        package = "pacomply" if layer == "pacomply" else f"pacomply.{layer}"
        assert folders[package] == Path(layer)
        for init in sorted((ROOT / layer).rglob("__init__.py")):
            relative = init.parent.relative_to(ROOT / layer)
            expected.add(".".join([package, *relative.parts]))
    assert expected == set(settings["packages"])  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built from a clean copy of the checkout (a stale build/ folder could otherwise leak into it)."""
    source = tmp_path_factory.mktemp("source") / "pacomply"
    shutil.copytree(ROOT, source, ignore=BUILD_LEFTOVERS)
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(source)],
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("pacomply-*.whl")
    return built


def test_the_wheel_holds_only_the_pacomply_namespace(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    top = {name.split("/")[0] for name in names}
    assert top == {"pacomply", next(name for name in top if name.endswith(".dist-info"))}
    for layer in LAYERS[:-1]:
        assert f"pacomply/{layer}/__init__.py" in names
    assert "pacomply/engine/analysis/blackjack/__init__.py" in names


def test_the_wheel_installs_into_a_fresh_venv_and_runs_from_anywhere(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", str(wheel)],
        check=True,
        capture_output=True,
    )
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True, capture_output=True, text=True,
        ).stdout.strip()
    )  # fmt: skip
    installed = {path.name for path in site.iterdir() if path.name != "__pycache__"}
    assert installed == {"pacomply", wheel.name.split("-py3")[0] + ".dist-info"}, installed
    # The dependencies come from the environment running the tests (this test installs no others).
    (site / "_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    script = venv / ("Scripts/pacomply.exe" if sys.platform == "win32" else "bin/pacomply")
    version = subprocess.run([str(script), "--version"], cwd=elsewhere, capture_output=True, text=True, check=True)
    assert version.stdout.startswith("pacomply ")
    where = subprocess.run(
        [str(python), "-c", "import pacomply.checker, pacomply.engine; print(pacomply.checker.__file__)"],
        cwd=elsewhere, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert Path(where.stdout.strip()).is_relative_to(site)
    for generic in ("checker", "engine", "reports", "regulations", "submissions"):
        probe = subprocess.run([str(python), "-c", f"import {generic}"], cwd=elsewhere, capture_output=True)
        assert probe.returncode != 0, f"'{generic}' is importable at the top level"
