"""``pacomply regulations``: which version of each chapter the rulebooks encode, and a check against the official
text."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pacomply import choices
from pacomply.choices import TextOrJson, chapter_ids
from pacomply.command_group import Command, sub_app
from pacomply.terminal import fail

regulations_app = sub_app(
    help="The rulebooks: which version of each chapter they encode, and a check against the official text.",
    invoke_without_command=True,
    no_args_is_help=False,
)


@regulations_app.callback()
def regulations_list(context: typer.Context) -> None:
    """List each rulebook: its source (Pa.B. notice), version, effective date and known later amendments."""
    if context.invoked_subcommand is not None:
        return
    from pacomply import regulations

    for chapter in chapter_ids():
        book = regulations.rulebook(chapter)
        typer.echo(f"{book.chapter} {book.title}: rulebook {book.version}")
        typer.echo(f"  source: {book.source}; effective {book.effective.isoformat()}")
        typer.echo(f"  version from: {book.version_basis}")
        amendments = book.amendments_not_encoded
        related = [amendment for amendment in book.later_amendments if amendment.related_chapter]
        typer.echo("  later amendments not encoded:" + ("" if amendments else " none known"))
        for amendment in amendments:
            typer.echo(f"    {amendment.describe()}")
        for amendment in related:
            typer.echo(f"  related chapter not encoded: {amendment.describe()}")


@regulations_app.command("verify", cls=Command)
def regulations_verify(
    chapter: Annotated[
        choices.Chapter, typer.Argument(metavar="CHAPTER", case_sensitive=False, help="The chapter id.")
    ],
    official: Annotated[
        Path,
        typer.Argument(metavar="OFFICIAL", help="The official chapter: the PA Code HTML page, its PDF, or text."),
    ],
    output_format: Annotated[
        TextOrJson, typer.Option("--format", "-f", case_sensitive=False, help=choices.TEXT_OR_JSON_HELP)
    ] = TextOrJson.TEXT,
) -> None:
    """Compare the rulebook with the official chapter, subsection by subsection (exit 0 agrees, 1 differs)."""
    from pacomply import regulations
    from pacomply.regulations.official import (
        NotTheChapterError,
        OfficialTextError,
        read_official_text,
        verification_json,
        verification_text,
        verify,
    )

    book = regulations.rulebook(chapter.value)
    try:
        official_text = read_official_text(official)
        verification = verify(book, official_text.text)
    except OfficialTextError as error:
        fail(f"the official text could not be read: {error}")
    except NotTheChapterError as error:
        fail(f"{official} is not Chapter {book.chapter} as published: {error}")
    render = verification_json if output_format == TextOrJson.JSON else verification_text
    typer.echo(render(book, verification, str(official), official_text.form), nl=False)
    raise typer.Exit(0 if verification.agrees else 1)
