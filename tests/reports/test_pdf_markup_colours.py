"""A colour written in a paragraph's markup (a finding's mark, a checklist row's location) is read by reportlab's
parser at once, as the colour its hex reading gives, where the parser tried two Python expression parsers first."""

from __future__ import annotations

import ast

import pytest
from pacomply.reports.pdf import markup_colour
from pacomply.reports.pdf.paragraphs import _p
from pacomply.reports.pdf.styles import SEVERITY_INK
from reportlab.lib import colors


@pytest.mark.parametrize(
    "hex_colour", ["#666666", "#555555", *(f"#{ink.hexval()[2:]}" for ink in SEVERITY_INK.values())]
)
def test_a_markup_colour_reads_as_its_hex_colour_without_an_expression_parser(
    hex_colour: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refused(*_arguments: object, **_keywords: object) -> None:
        raise AssertionError("reportlab parsed the colour as a Python expression")

    name = markup_colour(hex_colour)
    monkeypatch.setattr(ast, "literal_eval", refused)
    monkeypatch.setattr(colors, "rl_extended_literal_eval", refused)
    read = colors.toColor(name)
    assert read.rgba() == colors.HexColor(hex_colour).rgba()
    paragraph = _p(f'<font color="{name}">marked</font> text')
    paragraph.wrap(200, 100)
    assert [fragment.textColor.rgba() for fragment in paragraph.frags][:1] == [colors.HexColor(hex_colour).rgba()]
