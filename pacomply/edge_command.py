"""``pacomply edge``: the exact house edge of each wager of a chapter, or of a filing's tables under its answers'
rules; rendered by ``reports.edge_text`` and ``reports.edge_json``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pacomply import choices
from pacomply.choices import Strategy, TextOrJson
from pacomply.regulations.chapters import Capability, chapters_with
from pacomply.terminal import fail, read_filing

if TYPE_CHECKING:
    from pacomply.checker.wager_math import WagerMath
    from pacomply.checker.wager_math.blackjack_base import BaseGameOptions

_BLACKJACK = "Blackjack base game (633a; 685a fixes its rules)"


def edge(
    chapter: Annotated[
        choices.Chapter | None,
        typer.Argument(
            metavar="CHAPTER",
            case_sensitive=False,
            help="Chapter id, e.g. 686a (optional with --filing: every chapter it covers).",
        ),
    ] = None,
    wager: Annotated[
        str | None,
        typer.Option("--wager", "-w", metavar="WAGER", help="Wager id (docs/math.md); all wagers when omitted."),
    ] = None,
    paytable: Annotated[
        str | None,
        typer.Option("--paytable", "-p", metavar="PAYTABLE", help="Paytable id; every permitted one when omitted."),
    ] = None,
    decks: Annotated[
        int | None,
        typer.Option("--decks", "-d", metavar="N", help="Deck count; every permitted count when omitted."),
    ] = None,
    output_format: Annotated[
        TextOrJson, typer.Option("--format", "-f", case_sensitive=False, help=choices.TEXT_OR_JSON_HELP)
    ] = TextOrJson.TEXT,
    filing: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Analyse every wager the filing's tables offer, at their decks, under its answers' rules.",
        ),
    ] = None,
    strategy: Annotated[
        Strategy | None,
        typer.Option(
            case_sensitive=False,
            help="optimal: composition-dependent (default); basic: total-dependent.",
            rich_help_panel=_BLACKJACK,
        ),
    ] = None,
    hit_soft_17: Annotated[
        bool, typer.Option("--hit-soft-17", help="Dealer hits soft 17.", rich_help_panel=_BLACKJACK)
    ] = False,
    no_surrender: Annotated[
        bool, typer.Option("--no-surrender", help="No late surrender.", rich_help_panel=_BLACKJACK)
    ] = False,
    blackjack_pays: Annotated[
        str | None,
        typer.Option(
            metavar="ODDS", help="Blackjack odds, e.g. 6:5 (3:2 by § 633a.13(a)).", rich_help_panel=_BLACKJACK
        ),
    ] = None,
    no_double_after_split: Annotated[
        bool, typer.Option("--no-double-after-split", help="No doubling after a split.", rich_help_panel=_BLACKJACK)
    ] = False,
    max_split_hands: Annotated[
        int | None,
        typer.Option(metavar="N", help="Most hands by splitting, 1 (none) to 4.", rich_help_panel=_BLACKJACK),
    ] = None,
    hit_split_aces: Annotated[
        bool, typer.Option("--hit-split-aces", help="Split aces may draw.", rich_help_panel=_BLACKJACK)
    ] = False,
    resplit_aces: Annotated[
        bool, typer.Option("--resplit-aces", help="Aces may be resplit.", rich_help_panel=_BLACKJACK)
    ] = False,
    even_money: Annotated[
        bool, typer.Option("--even-money", help="Even money offered (§ 633a.8(e)).", rich_help_panel=_BLACKJACK)
    ] = False,
    rule_effects: Annotated[
        bool,
        typer.Option(
            "--rule-effects",
            help="Also the effect of hit soft 17, no surrender, 6:5 and no double after split.",
            rich_help_panel=_BLACKJACK,
        ),
    ] = False,
    meter_rate: Annotated[
        str | None,
        typer.Option(
            "--meter-rate",
            metavar="RATE",
            help="A progressive's rate of progression (28% or 0.28): prices its long run besides the seed.",
        ),
    ] = None,
    show_strategy: Annotated[
        bool,
        typer.Option("--charts", help="Print the blackjack strategy charts in full.", rich_help_panel=_BLACKJACK),
    ] = False,
) -> None:
    """Exact house edge / return of each wager (docs/math.md), with the figure under each reading."""
    from pacomply.checker.wager_math import AnalysisUnavailable, analyse
    from pacomply.checker.wager_math.blackjack_base import options_from_flags
    from pacomply.simulation_setup import meter_choice

    try:
        options = options_from_flags(
            strategy, hit_soft_17, no_surrender, blackjack_pays,
            no_double_after_split, max_split_hands, hit_split_aces, resplit_aces, even_money, rule_effects,
        )  # fmt: skip
    except AnalysisUnavailable as error:
        fail(str(error))
    rate = None
    if meter_rate is not None:
        choice, problems = meter_choice(None, meter_rate)
        if problems:
            fail("; ".join(problems))
        rate = choice.rate
    results: list[WagerMath] = []
    if filing is not None:
        if rate is not None:
            fail("--meter-rate comes from the filing's rate of progression with --filing; leave it out")
        results = _filing_edge(filing, chapter.value if chapter else None, wager, paytable, decks, options)
    elif chapter is None:
        fail("name a chapter (e.g. 'pacomply edge 633a') or give --filing FILE")
    else:
        try:
            results = analyse(
                chapter.value, wager, paytable, decks,
                base_game=options if options.given else None, meter_rate=rate,
            )  # fmt: skip
        except AnalysisUnavailable as error:
            fail(str(error))
    if output_format == TextOrJson.JSON:
        from pacomply.reports.edge_json import edge_json

        rendered = edge_json(results)
    else:
        from pacomply.reports.edge_text import edge_text

        rendered = edge_text(
            results, decks_given=decks is not None, from_filing=filing is not None, show_strategy=show_strategy
        )
    typer.echo(rendered, nl=False)


def _filing_edge(
    path: Path,
    chapter: str | None,
    wager: str | None,
    paytable: str | None,
    decks: int | None,
    options: BaseGameOptions,
) -> list[WagerMath]:
    """``edge --filing``: every configured wager of the filing (or of ``chapter`` in it), under its rules."""
    from pacomply.checker.review import configured_wager_math

    if paytable is not None or decks is not None:
        fail("--paytable and --decks come from the filing's tables with --filing; leave them out")
    read = read_filing(path)
    covered = sorted({table.chapter for table in read.tables})
    if chapter is not None and chapter not in covered:
        fail(f"the filing has no {chapter} tables (its tables are {', '.join(covered) or 'none'})")
    # The base-game flags set rules a filing's checklist answers set for the chapters that file them.
    filed_base_game = chapters_with(Capability.FILED_BASE_GAME)
    if options.flags and not set(filed_base_game) & set([chapter] if chapter else covered):
        fail(
            f"{', '.join(options.flags)} set {' and '.join(filed_base_game)} base-game rules; "
            f"the filing's tables are {', '.join(covered)}"
        )
    results = list(configured_wager_math(read, options if options.given else None, chapter, wager))
    if wager is not None and not results:
        fail(f"no table in the filing offers the wager '{wager}'")
    return results
