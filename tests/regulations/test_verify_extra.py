"""`regulations verify` of an HTML page needs Beautiful Soup, which is the optional `pacomply[verify]` extra."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest
from pacomply.regulations.official import OfficialTextError, read_official_text
from typer.testing import CliRunner

from pacomply.cli import app
from tests.regulations.official_forms import html_page

ROOT = Path(__file__).resolve().parents[2]


def test_beautiful_soup_is_the_verify_extra_not_a_dependency_of_every_install() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    named = [requirement.split(">")[0].split(";")[0].strip() for requirement in project["dependencies"]]
    assert "beautifulsoup4" not in named
    assert any(item.startswith("beautifulsoup4>=") for item in project["optional-dependencies"]["verify"])
    assert any(item.startswith("beautifulsoup4>=") for item in project["optional-dependencies"]["test"])


def test_an_html_page_without_beautiful_soup_names_the_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = tmp_path / "chapter-686a.html"
    page.write_text(html_page("Chapter 686a. OVER/UNDER\n§ 686a.1. Definitions."), encoding="utf-8")
    monkeypatch.setitem(sys.modules, "bs4", None)  # an install without the extra: importing bs4 fails
    with pytest.raises(OfficialTextError, match=r"pacomply\[verify\]") as raised:
        read_official_text(page)
    assert str(page) in str(raised.value)
    result = CliRunner().invoke(app, ["regulations", "verify", "686a", str(page)])
    assert result.exit_code == 2
    assert "pip install 'pacomply[verify]'" in result.output
    assert "Traceback" not in result.output


def test_text_and_pdf_copies_need_no_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tmp_path / "chapter-686a.txt"
    copy.write_text("Chapter 686a. OVER/UNDER\n", encoding="utf-8")
    monkeypatch.setitem(sys.modules, "bs4", None)
    assert read_official_text(copy).form == "text"
