"""``simulate``'s plan from its options: the shoe (shuffler, penetration, decks), the wagers, the progressive meters
(reset and rate from the command line, else as filed, else the chapter's), the seed and chunks. Every problem with
the options is collected and the command refused with all of them (exit 2)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pacomply.terminal import fail, read_filing

if TYPE_CHECKING:
    from pacomply.checker.wager_math.simulated import FiledMeter
    from pacomply.engine.simulation.progressive import MeterSpec
    from pacomply.engine.simulation.registry import MeterChoice, ProgressiveRoundGame, TableSetup
    from pacomply.engine.simulation.runner import SimulationPlan
    from pacomply.engine.simulation.shoe import ShoeSpec
    from pacomply.regulations.rulebook import Shuffler


@dataclass(frozen=True, slots=True)
class SimulationOptions:
    """What the command line asked for (``pacomply simulate -h``)."""

    chapter: str
    wagers: tuple[str, ...]
    paytable: str | None
    decks: int | None
    rounds: int
    seed: int
    chunk_rounds: int
    shuffler: Shuffler
    penetration: str
    seats: int
    meter_reset: str | None
    meter_rate: str | None
    filing: Path | None


@dataclass(frozen=True, slots=True)
class PlannedSimulation:
    """The plan to run, its shoe, and the meters read from the filing (empty without --filing)."""

    plan: SimulationPlan
    shoe: ShoeSpec
    filed: dict[str, FiledMeter]


def plan_simulation(options: SimulationOptions) -> PlannedSimulation:
    """The simulation the options describe, or exit 2 naming every problem with them."""
    import dataclasses

    from pacomply.checker.wager_math.simulated import filed_meters
    from pacomply.engine.simulation.registry import (
        ProgressiveRoundGame,
        SimulationUnavailable,
        TableSetup,
        game_module,
        load_game,
    )
    from pacomply.engine.simulation.runner import SimulationPlan
    from pacomply.engine.simulation.shoe import ShoeSpec
    from pacomply.regulations.rulebook import Shuffler

    chosen = options.chapter
    try:
        module = game_module(chosen)
    except SimulationUnavailable as error:
        fail(str(error))
    game = load_game(module)
    try:
        low_text, _, high_text = options.penetration.partition("-")
        low = float(low_text)
        high = float(high_text) if high_text else low
    except ValueError:
        fail(f"--penetration '{options.penetration}' is not a fraction such as 0.75 or a range such as 0.6-0.75")
    decks = options.decks
    read = read_filing(options.filing) if options.filing is not None else None
    if read is not None:
        if chosen not in read.filed_chapters:
            fail(f"{options.filing}: the filing covers {', '.join(read.filed_chapters) or 'no chapter'}, not {chosen}")
        filed_tables = read.tables_for(chosen)
        if decks is None and filed_tables and filed_tables[0].decks > 0:
            decks = filed_tables[0].decks
    shoe = ShoeSpec(
        decks=decks if decks is not None else game.default_decks,
        jokers_per_deck=game.jokers_per_deck,
        shuffler=options.shuffler,
        batches=2 if options.shuffler == Shuffler.AUTOMATED else 1,
        penetration_min=low,
        penetration_max=high,
    )
    setup = TableSetup(chosen, options.wagers, options.paytable, shoe, seats=options.seats)
    choice, problems = meter_choice(options.meter_reset, options.meter_rate)
    filed: dict[str, FiledMeter] = {}
    if isinstance(game, ProgressiveRoundGame) and not shoe.problems():
        try:
            specs = game.meters(setup, choice)
            if read is not None:
                filed = filed_meters(read, chosen, [spec.wager for spec in specs])
            setup = dataclasses.replace(setup, meters=tuple(_with_filed(game, setup, spec, choice, filed)
                                                            for spec in specs))  # fmt: skip
        except SimulationUnavailable as error:
            problems.append(str(error))
    if (choice.reset is not None or choice.rate is not None) and not setup.meters and not problems:
        problems.append(f"--meter-reset/--meter-rate: no progressive wager of {chosen} is simulated here")
    plan = SimulationPlan(module, setup, options.rounds, options.seed, options.chunk_rounds)
    problems += shoe.problems() + plan.problems()
    if problems:
        fail("; ".join(problems))
    return PlannedSimulation(plan, shoe, filed)


def _with_filed(
    game: ProgressiveRoundGame, setup: TableSetup, spec: MeterSpec, choice: MeterChoice, filed: dict[str, FiledMeter]
) -> MeterSpec:
    """A wager's meter rebuilt with its filed reset and rate, where the command line leaves them open."""
    import dataclasses

    from pacomply.engine.simulation.registry import MeterChoice

    entry = filed.get(spec.wager)
    if entry is None:
        return spec
    wager_choice = MeterChoice(
        reset=choice.reset if choice.reset is not None else entry.reset,
        rate=choice.rate if choice.rate is not None else entry.rate,
    )
    rebuilt = game.meters(dataclasses.replace(setup, wagers=(spec.wager,)), wager_choice)
    return next(meter for meter in rebuilt if meter.wager == spec.wager)


def meter_choice(reset_text: str | None, rate_text: str | None) -> tuple[MeterChoice, list[str]]:
    """``--meter-reset`` and ``--meter-rate`` as a MeterChoice, and what is wrong with them, in words."""
    from fractions import Fraction

    from pacomply.engine.simulation.registry import MeterChoice

    problems = []
    reset = rate = None
    if reset_text is not None:
        try:
            reset = Fraction(reset_text.strip().lstrip("$").replace(",", ""))
        except (ValueError, ZeroDivisionError):
            problems.append(f"--meter-reset '{reset_text}' is not a dollar amount such as 5000 or $5,000")
        else:
            if reset < 0:
                problems.append(f"--meter-reset {reset_text} is negative")
                reset = None  # reported once, here; the game is not asked to build a meter from it
    if rate_text is not None:
        text = rate_text.strip()
        try:
            rate = Fraction(text[:-1].strip()) / 100 if text.endswith("%") else Fraction(text)
        except (ValueError, ZeroDivisionError):
            problems.append(f"--meter-rate '{rate_text}' is not a rate such as 15% or 0.15")
        else:
            if not 0 <= rate < 1:
                problems.append(f"--meter-rate {rate_text} is not from 0 to under 100% (write 15% or 0.15)")
                rate = None
    return MeterChoice(reset, rate), problems
