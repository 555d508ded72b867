"""`pacomply regulations verify`: each rulebook compared with its chapter as published, in text, HTML and PDF.

The unaltered texts must agree fact for fact. Each alteration made here (a changed odds cell, an added paytable,
a deleted subsection, a changed hour limit, and others) must be reported at the subsection where it was made.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from pacomply.regulations import known_chapters, rulebook
from pacomply.regulations.official import (
    NotTheChapterError,
    OfficialTextError,
    Status,
    Verification,
    read_official_text,
    verify,
)
from pacomply.regulations.official.structure import parse_structure
from typer.testing import CliRunner

from pacomply.cli import app
from tests.regulations.official_forms import html_page, pdf_document

runner = CliRunner()


def _text_file(regulations_texts: Path, chapter: str) -> Path:
    """The chapter's official text in the texts' folder; a clear failure naming the file expected and the documented
    step that adds it (docs/DEVELOPING.md, adding a chapter) when it is not there."""
    found = sorted(regulations_texts.glob(f"{chapter}-*.txt"))
    if not found:
        pytest.fail(official_text_missing(regulations_texts, chapter), pytrace=False)
    return found[0]


def official_text_missing(regulations_texts: Path, chapter: str) -> str:
    """What a missing chapter text is reported as."""
    return (
        f"no official text of chapter {chapter}: expected {regulations_texts / f'{chapter}-<title>.txt'} "
        f"(the chapter as published, in plain text; docs/DEVELOPING.md, adding a chapter, step 'official text')"
    )


def _altered(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, f"the alteration's anchor {old!r} must occur once in the text"
    return text.replace(old, new)


def _verify_text(chapter: str, text: str, tmp_path: Path, form: str = "text") -> Verification:
    """Write the text in one published form, read it back as a user's file would be, and verify it."""
    if form == "html":
        path = tmp_path / f"chapter{chapter}.html"
        path.write_text(html_page(text), encoding="utf-8")
    elif form == "pdf":
        path = tmp_path / f"chapter{chapter}.pdf"
        pdf_document(text, path)
    else:
        path = tmp_path / f"chapter{chapter}.txt"
        path.write_text(text, encoding="utf-8")
    official = read_official_text(path)
    assert official.form == form
    return verify(rulebook(chapter), official.text)


def _at(verification: Verification, subsection: str, status: Status) -> list[str]:
    return [
        f"{check.fact} | {check.encoded} | {check.official}"
        for check in verification.checks
        if check.citation.short == subsection and check.status == status
    ]


def _not_agreeing(verification: Verification) -> set[str]:
    return {check.citation.short for check in verification.checks if check.status != Status.AGREES}


@pytest.mark.parametrize("chapter", known_chapters())
def test_every_rulebook_agrees_with_its_chapter_text(chapter: str, regulations_texts: Path) -> None:
    official = read_official_text(_text_file(regulations_texts, chapter))
    verification = verify(rulebook(chapter), official.text)
    assert verification.agrees, [c for c in verification.checks if c.status != Status.AGREES]
    facts = {check.fact.split(" ")[0] for check in verification.checks}
    # Every kind of fact was found and compared, not merely passed over.
    assert {"betting", "deck", "card", "paytables", "subsection", "definitions"} <= facts, facts


@pytest.mark.parametrize("chapter", known_chapters())
def test_every_rulebook_agrees_with_its_chapter_as_an_html_page(
    chapter: str, regulations_texts: Path, tmp_path: Path
) -> None:
    text = _text_file(regulations_texts, chapter).read_text(encoding="utf-8")
    assert _verify_text(chapter, text, tmp_path, "html").agrees


@pytest.mark.parametrize("chapter", ["633a", "686a", "687a"])
def test_rulebook_agrees_with_its_chapter_as_a_pdf(chapter: str, regulations_texts: Path, tmp_path: Path) -> None:
    text = _text_file(regulations_texts, chapter).read_text(encoding="utf-8")
    assert _verify_text(chapter, text, tmp_path, "pdf").agrees


@pytest.mark.slow
@pytest.mark.parametrize("chapter", ["645a", "681a", "685a", "688a"])
def test_other_rulebooks_agree_with_their_chapter_as_a_pdf(
    chapter: str, regulations_texts: Path, tmp_path: Path
) -> None:
    text = _text_file(regulations_texts, chapter).read_text(encoding="utf-8")
    assert _verify_text(chapter, text, tmp_path, "pdf").agrees


@pytest.mark.parametrize("form", ["text", "html", "pdf"])
def test_633a_13_c_a_changed_odds_cell_is_reported_at_its_subsection(
    form: str, regulation_text: Callable[[str], str], tmp_path: Path
) -> None:
    text = _altered(regulation_text("633a"), "Matched 20 25 to 1", "Matched 20 30 to 1")
    verification = _verify_text("633a", text, tmp_path, form)
    assert _not_agreeing(verification) == {"633a.13(c)"}
    differs = _at(verification, "633a.13(c)", Status.DIFFERS)
    assert any("25 to 1 (Lucky Ladies: matched 20)" in line and "not printed" in line for line in differs), differs
    assert any(line.endswith("Matched 20 30 to 1") for line in differs), differs


@pytest.mark.parametrize("form", ["text", "html", "pdf"])
def test_687a_12_d_an_added_paytable_is_reported_at_its_subsection(
    form: str, regulation_text: Callable[[str], str], tmp_path: Path
) -> None:
    added = (
        "Paytable DJWT-08\n\nHand\tNatural\tWith Wild\nFive Wilds\tn/a\t1500 to 1\nRoyal Flush\t800 to 1\t45 to 1\n\n"
        "Paytable DJWT-07\n"
    )
    text = _altered(regulation_text("687a"), "Paytable DJWT-07\n", added)
    verification = _verify_text("687a", text, tmp_path, form)
    assert _not_agreeing(verification) == {"687a.12(d)"}
    new_headings = _at(verification, "687a.12(d)", Status.OFFICIAL_ONLY)
    assert new_headings == ["paytable heading | not encoded | Paytable DJWT-08"]
    new_figures = [line.rsplit("|", 1)[1].strip() for line in _at(verification, "687a.12(d)", Status.DIFFERS)]
    assert sorted(figure.rsplit(" ", 3)[-3] for figure in new_figures) == ["1500", "45", "800"], new_figures


@pytest.mark.parametrize("form", ["text", "html", "pdf"])
def test_686a_6_f_a_deleted_subsection_is_reported(
    form: str, regulation_text: Callable[[str], str], tmp_path: Path
) -> None:
    text = regulation_text("686a")
    line = next(line for line in text.split("\n") if line.startswith("- (f) The certificate holder shall specify"))
    verification = _verify_text("686a", _altered(text, line + "\n", ""), tmp_path, form)
    assert _not_agreeing(verification) == {"686a.6(f)"}
    differs = _at(verification, "686a.6(f)", Status.DIFFERS)
    assert differs and all("the official text has no such subsection" in line for line in differs), differs
    assert "max_adjacent_boxes" in differs[0]


@pytest.mark.parametrize("form", ["text", "html", "pdf"])
def test_687a_3_c_1_a_changed_hour_limit_is_reported_at_its_subsection(
    form: str, regulation_text: Callable[[str], str], tmp_path: Path
) -> None:
    text = _altered(regulation_text("687a"), "(1) Four hours if", "(1) Six hours if")
    verification = _verify_text("687a", text, tmp_path, form)
    assert _not_agreeing(verification) == {"687a.3(c)(1)"}
    assert _at(verification, "687a.3(c)(1)", Status.DIFFERS) == ["card change interval | 4 hours | 6 hours"]


def test_633a_1_a_new_definition_is_reported(regulation_text: Callable[[str], str], tmp_path: Path) -> None:
    # The current § 633a.1 defines "Ace-king suited" (docs/regulations.md); an official copy with it must say so.
    text = _altered(
        regulation_text("633a"),
        "Any 20—Two cards",
        "Ace-king suited—An ace and a king of the same suit.\nAny 20—Two cards",
    )
    verification = _verify_text("633a", text, tmp_path)
    assert _not_agreeing(verification) == {"633a.1"}
    assert _at(verification, "633a.1", Status.OFFICIAL_ONLY) == ["definition | not encoded | Ace-king suited"]


def test_633a_6_e_a_new_optional_wager_is_reported(regulation_text: Callable[[str], str], tmp_path: Path) -> None:
    anchor = (
        "(10) A Hit and Run Progressive Wager that the dealer will have Blackjack or a hand containing five or more "
        "cards.\n"
    )
    added = "(11) A Lucky Seven Wager that the player's first card is a 7.\n"
    text = _altered(regulation_text("633a"), anchor, anchor + added)
    verification = _verify_text("633a", text, tmp_path)
    assert _not_agreeing(verification) == {"633a.6(e)(11)"}
    assert "Lucky Seven" in _at(verification, "633a.6(e)(11)", Status.OFFICIAL_ONLY)[0]


def test_681a_3_a_a_changed_deck_count_and_633a_13_j_2_a_changed_minimum_are_reported(
    regulation_text: Callable[[str], str], tmp_path: Path
) -> None:
    text = _altered(
        regulation_text("681a"), "with four or eight decks of cards.", "with four, six or eight decks of cards."
    )
    verification = _verify_text("681a", text, tmp_path)
    assert _not_agreeing(verification) == {"681a.3(a)"}
    assert "deck counts [6] not encoded" in verification.by_status(Status.DIFFERS)[0].note
    text = _altered(regulation_text("633a"), "at least $5,000.", "at least $2,500.")
    verification = _verify_text("633a", text, tmp_path)
    assert _not_agreeing(verification) == {"633a.13(j)(2)"}
    assert _at(verification, "633a.13(j)(2)", Status.DIFFERS)[0].endswith("| $5,000 | $2,500")


def test_a_changed_betting_position_count_is_reported(regulation_text: Callable[[str], str], tmp_path: Path) -> None:
    text = _altered(regulation_text("686a"), "no more than six players", "no more than seven players")
    verification = _verify_text("686a", text, tmp_path)
    assert _not_agreeing(verification) == {"686a.2(a)"}
    assert _at(verification, "686a.2(a)", Status.DIFFERS) == ["betting positions (at most) | 6 | 7"]


def test_the_subsections_are_read_in_order_with_their_nesting(regulation_text: Callable[[str], str]) -> None:
    structure = parse_structure(read_official_text_from(regulation_text("633a")), "633a")
    # 633a.13 prints whole tables and the next paragraph on one line; the markers are still found.
    assert structure.children("13") == tuple(f"13({letter})" for letter in "abcdefghijklm")
    assert structure.children("13(f)") == ("13(f)(1)", "13(f)(2)")
    assert structure.find("13(c)").text.startswith("(c)")  # type: ignore[union-attr]


def read_official_text_from(text: str) -> str:
    from pacomply.regulations.official.reading import normalise

    return normalise(text)


# -- the command ------------------------------------------------------------------------------------------------


def test_cli_verify_exits_0_when_all_agrees_and_1_on_a_difference(
    regulation_text: Callable[[str], str], tmp_path: Path
) -> None:
    agreeing = tmp_path / "chapter687a.txt"
    agreeing.write_text(regulation_text("687a"), encoding="utf-8")
    result = runner.invoke(app, ["regulations", "verify", "687a", str(agreeing)])
    assert result.exit_code == 0, result.output
    assert "0 differ, 0 only in the official text" in result.output
    assert "55 Pa.B. 261" in result.output
    changed = tmp_path / "changed687a.html"
    changed.write_text(html_page(_altered(regulation_text("687a"), "(1) Four hours if", "(1) Six hours if")))
    result = runner.invoke(app, ["regulations", "verify", "687a", str(changed), "--format", "json"])
    assert result.exit_code == 1, result.output
    document = json.loads(result.output)
    assert document["official_form"] == "html" and document["agrees"] is False
    differing = [check for check in document["checks"] if check["status"] == "differs"]
    assert [(c["citation"], c["encoded"], c["official"]) for c in differing] == [
        ("58 Pa. Code § 687a.3(c)(1)", "4 hours", "6 hours")
    ]


def test_cli_verify_exits_2_when_the_file_cannot_be_read(tmp_path: Path) -> None:
    missing = tmp_path / "nothing.pdf"
    result = runner.invoke(app, ["regulations", "verify", "687a", str(missing)])
    assert result.exit_code == 2 and "nothing.pdf: no such file" in result.output
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.4\n this is not a PDF body")
    result = runner.invoke(app, ["regulations", "verify", "687a", str(broken)])
    assert result.exit_code == 2 and "broken.pdf" in result.output and "Traceback" not in result.output
    latin = tmp_path / "latin.txt"
    latin.write_bytes("§ 687a.1. Definitions \xa7".encode("cp1252") + b"\xff")
    result = runner.invoke(app, ["regulations", "verify", "687a", str(latin)])
    assert result.exit_code == 2 and "is not UTF-8" in result.output


def test_cli_verify_exits_2_for_another_chapters_text(regulation_text: Callable[[str], str], tmp_path: Path) -> None:
    other = tmp_path / "chapter686a.txt"
    other.write_text(regulation_text("686a"), encoding="utf-8")
    result = runner.invoke(app, ["regulations", "verify", "687a", str(other)])
    assert result.exit_code == 2
    assert "is not Chapter 687a as published" in result.output and "686a" in result.output


def test_verify_needs_a_section_of_the_chapter() -> None:
    with pytest.raises(NotTheChapterError):
        verify(rulebook("686a"), "A page with no chapter on it.")


def test_an_empty_file_cannot_be_read(tmp_path: Path) -> None:
    empty = tmp_path / "empty.html"
    empty.write_text("   ")
    with pytest.raises(OfficialTextError, match="empty"):
        read_official_text(empty)


def test_cli_regulations_lists_each_rulebooks_source_version_and_later_amendments() -> None:
    result = runner.invoke(app, ["regulations"])
    assert result.exit_code == 0, result.output
    for chapter in known_chapters():
        book = rulebook(chapter)
        assert f"{chapter} {book.title}: rulebook {book.version}" in result.output
        assert f"source: {book.source}; effective {book.effective.isoformat()}" in result.output
    assert "unversioned" not in result.output and "placeholder" not in result.output
    section_633a = result.output[result.output.index("633a Blackjack") : result.output.index("645a Pai Gow")]
    assert "55 Pa.B. 261 (2025-01-11)" in section_633a and "44 Pa.B. 7057 (2014-11-08)" in section_633a
    assert "Ace-king suited" in section_633a and "Chapter 633b" in section_633a and "Chapter 633c" in section_633a
    section_687a = result.output[result.output.index("687a DJ Wild") : result.output.index("688a Face Up")]
    assert "55 Pa.B. 261 (2025-01-11)" in section_687a
    assert "Chapter 645c (54 Pa.B. 2923)" in result.output


def test_a_chapter_without_its_official_text_fails_naming_the_file_and_the_step(tmp_path: Path) -> None:
    """A chapter added without its text in the texts' folder fails with what to add and where, not an IndexError."""
    (tmp_path / "686a-over-under.txt").write_text("", encoding="utf-8")
    with pytest.raises(pytest.fail.Exception) as raised:
        _text_file(tmp_path, "699a")
    message = str(raised.value)
    assert message == official_text_missing(tmp_path, "699a")
    assert f"{tmp_path / '699a-<title>.txt'}" in message and "step 'official text'" in message
    assert _text_file(tmp_path, "686a") == tmp_path / "686a-over-under.txt"
