"""A par sheet of one wager: what a test laboratory prints for a paytable (docs/parsheet.md).

Per paytable line: the outcome, what it pays, its combinations where the figure is enumerated, its probability and
its contribution to the return; then house edge (per initial wager), element of risk (per unit wagered), hit
frequency and standard deviation, each on its stated basis; the strategy in words and, for a blackjack base game, as
the wager math's grid (by up card, or by up card and hole-card range for 685a); for a simulated figure its rounds,
seed and standard error; for a progressive its cycle (rounds per meter-resetting hand) and the break-even meter.

Everything is computed through the figure-producing functions of the wager math and the engine (``analyse``, the
engine's distributions, the progressive models), which are pure functions of their arguments; nothing here caches.
What a chapter can break down line by line and its simulation's seed come from par-sheet hooks
of its own wager math module (``par_sheet_*``), so this module names no chapter.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction

from pacomply.checker.wager_math import AnalysisUnavailable, WagerMath, analyse
from pacomply.checker.wager_math.hooks import ParSheetHooks, wager_math_of
from pacomply.checker.wager_math.strategy_grid import StrategyGrid
from pacomply.regulations import chapters

#: What the standard deviation is measured on: the net result of one round, in units of the initial wager.
STD_DEV_BASIS = "net result of one round per unit of the initial wager"
#: What the hit frequency counts.
HIT_FREQUENCY_BASIS = "share of rounds in which the player ends ahead (net result above zero)"
#: What the combinations count where the chapter names no space of hands: the least common denominator.
LEAST_COMMON_DENOMINATOR = (
    "the least common denominator of the line probabilities (a divisor of the number of deals enumerated)"
)
#: Digits shown for a probability or a share: at least four significant digits.
SIGNIFICANT = 6
_Z95 = 1.959963984540054


class ParSheetUnavailable(ValueError):
    """The par sheet asked for cannot be built (an unknown wager, several rows where one was meant)."""


@dataclass(frozen=True, slots=True)
class ParLine:
    """One line of the paytable (or one distinct net result where the wager has no named lines)."""

    outcome: str
    pays: str
    probability: Fraction
    contribution: Fraction
    """Net result times probability, per unit of the initial wager (the lines add up to minus the house edge)."""
    combinations: int | None = None
    """The line's count of equally likely deals, where the figure is enumerated (over :attr:`ParSheet.space`)."""


@dataclass(frozen=True, slots=True)
class ProgressiveFacts:
    """A progressive's cycle and break-even meter, per unit of its wager."""

    reset_probability: Fraction
    cycle_rounds: float
    """Rounds per meter-resetting hand, on average: 1 / P(reset)."""
    seed: Fraction
    break_even_meter: Fraction | None
    """The meter (in units of the wager) at which the wager returns exactly what is wagered; None where no hand
    pays from the meter."""


@dataclass(frozen=True, slots=True)
class ParSheet:
    """One wager, one paytable, one deck count."""

    chapter: str
    wager: str
    paytable: str | None
    decks: int
    method: str
    citation: str
    house_edge: float
    """Expected loss per unit of the initial wager."""
    element_of_risk: float
    """Expected loss per unit of everything wagered in the round (doubles, splits, raises)."""
    total_wagered: float
    """Average amount wagered per unit of the initial wager (house edge / element of risk)."""
    hit_frequency: float | None
    std_dev: float | None
    std_dev_basis: str = STD_DEV_BASIS
    lines: tuple[ParLine, ...] = ()
    space: int | None = None
    """The number of equally likely deals the combinations count over: the true count of the hands in use where the
    chapter's wager math names it (:attr:`space_basis`), else the least common denominator of the lines."""
    rounds: int | None = None
    seed: int | None = None
    standard_error: float | None = None
    ci95: tuple[float, float] | None = None
    strategy: tuple[tuple[str, str], ...] = ()
    """The play and the rules in words (the wager math's ``strategy``)."""
    grid: StrategyGrid | None = None
    """The play as a grid (the wager math's ``chart``: a blackjack base game's chart by dealer up card, 685a's by up
    card and Masque range), under the rules the sheet is computed at."""
    progressive: ProgressiveFacts | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)
    std_dev_per_unit_wagered: float | None = None
    """The standard deviation divided by the average amount wagered (:attr:`total_wagered`): per unit wagered."""
    hit_frequency_basis: str = HIT_FREQUENCY_BASIS
    spread_method: str | None = None
    """How hit frequency and standard deviation were obtained where the house edge's method does not give them:
    ``exact`` for the 633a Blackjack Wager (the round's whole distribution enumerated), ``simulation`` for the other
    blackjack base games (the figures below), else None (same method as the house edge)."""
    spread_basis: str | None = None
    """The basis of hit frequency and standard deviation in words where :attr:`spread_method` is set: "exact, by
    enumeration of ..." or "simulated, N rounds, seed S, standard errors ..."."""
    spread_rounds: int | None = None
    spread_seed: int | None = None
    spread_strategy: str | None = None
    """The play the simulation of the spread follows."""
    std_dev_standard_error: float | None = None
    """Standard error of the simulated standard deviation (normal approximation, s / sqrt(2(n - 1)))."""
    hit_frequency_standard_error: float | None = None
    spread_mean_standard_error: float | None = None
    """Standard error of the simulated mean result, so the simulation can be held against the exact house edge."""
    spread_house_edge: float | None = None
    """The house edge the spread's simulation measured (per initial wager), beside the exact one above."""
    space_basis: str | None = None
    """What :attr:`space` counts ("unordered three-card hands from 6 decks (312 cards), C(312,3)"), or that it is
    the least common denominator of the line probabilities (:data:`LEAST_COMMON_DENOMINATOR`)."""

    @property
    def return_per_initial_wager(self) -> float:
        """1 minus the house edge."""
        return 1 - self.house_edge

    @property
    def return_per_unit_wagered(self) -> float:
        """1 minus the element of risk."""
        return 1 - self.element_of_risk


def significant(value: float | Fraction, digits: int = SIGNIFICANT) -> str:
    """A number with ``digits`` significant digits (never fewer than four), in plain notation where it fits."""
    number = float(value)
    if number == 0:
        return "0"
    text = f"{number:#.{max(4, digits)}g}"
    if "e" in text:
        exponent = int(text.split("e")[1])
        if -7 <= exponent < 0:
            return f"{number:.{max(4, digits) - 1 - exponent}f}"
    return text


def _pays(net: Fraction) -> str:
    if net == -1:
        return "loses"
    if net == 0:
        return "push"
    if net < 0:
        return f"loses {-net}"
    return f"{net} to 1"


def _space(probabilities: Iterable[Fraction]) -> int:
    return math.lcm(*(probability.denominator for probability in probabilities)) or 1


def lines_from_distribution(outcomes: Iterable[tuple[Fraction, Fraction]]) -> tuple[tuple[ParLine, ...], int]:
    """One line per distinct net result, best first, with combinations over the least common denominator."""
    pairs = sorted(((Fraction(net), Fraction(probability)) for net, probability in outcomes), reverse=True)
    space = _space(probability for _, probability in pairs)
    lines = tuple(
        ParLine(
            outcome=_pays(net) if net <= 0 else f"wins {net} to 1",
            pays=_pays(net),
            probability=probability,
            contribution=net * probability,
            combinations=int(probability * space),
        )
        for net, probability in pairs
    )
    return lines, space


def _named_lines(
    named: dict[str, Fraction], pays: dict[str, Fraction], order: Iterable[str]
) -> tuple[tuple[ParLine, ...], int]:
    """Lines for named outcomes: ``pays`` is each outcome's net result per unit (missing: a loss)."""
    space = _space(named.values())
    lines = []
    for outcome in order:
        probability = named.get(outcome, Fraction(0))
        net = pays.get(outcome, Fraction(-1))
        lines.append(ParLine(outcome, _pays(net), probability, net * probability, int(probability * space)))
    return tuple(lines), space


def _progressive_facts(model) -> ProgressiveFacts:
    """From a :class:`checker.wager_math.progressive.ProgressiveModel`."""
    reset = sum(
        (model.probabilities.get(outcome, Fraction(0)) for outcome, row in model.rows.items()
         if row.meter_percent == 100),
        Fraction(0),
    )  # fmt: skip
    slope = sum(
        (
            model.probabilities.get(outcome, Fraction(0)) * row.meter_percent / 100
            for outcome, row in model.rows.items()
        ),
        Fraction(0),
    )
    at_zero = model.return_at_meter(Fraction(0))
    return ProgressiveFacts(
        reset_probability=reset,
        cycle_rounds=float(1 / reset) if reset else math.inf,
        seed=model.seed,
        break_even_meter=(1 - at_zero) / slope if slope else None,
    )


def _progressive_lines(model) -> tuple[tuple[ParLine, ...], int]:
    """The progressive's rows at the meter's seed: fixed pays, and meter shares valued at the seed."""
    space = _space(model.probabilities.values())
    lines = []
    for outcome, row in model.rows.items():
        probability = model.probabilities.get(outcome, Fraction(0))
        paid = row.fixed + row.meter_percent / 100 * model.seed
        net = paid if model.wager_returned else paid - 1  # a wager taken on a win is lost besides the award
        pays = f"{row.fixed} to 1" if not row.meter_percent else f"{row.meter_percent} % of the meter"
        if row.fixed and row.meter_percent:
            pays = f"{row.fixed} to 1 + {row.meter_percent} % of the meter"
        lines.append(ParLine(outcome, pays, probability, net * probability, int(probability * space)))
    win = sum((model.probabilities.get(outcome, Fraction(0)) for outcome in model.rows), Fraction(0))
    lines.append(ParLine("no paying hand", "loses", 1 - win, -(1 - win), int((1 - win) * space)))
    return tuple(lines), space


def _par_sheet_hooks(chapter: str) -> ParSheetHooks:
    """What the chapter's wager math gives its par sheets (checker/wager_math/hooks.py)."""
    return wager_math_of(chapters.chapter(chapter)).par_sheet


def _on_true_space(
    chapter: str, wager: str, paytable: str | None, decks: int, lines: tuple[ParLine, ...], space: int | None
) -> tuple[tuple[ParLine, ...], int | None, str | None]:
    """The lines' combinations counted over the hands actually in use, where the chapter's wager math names them
    (``par_sheet_space``: 686a's Bonus at 6 decks over C(312,3) = 5,013,320 hands, not a divisor of it); else over
    the least common denominator, said so."""
    if not lines:
        return lines, space, None
    hook = _par_sheet_hooks(chapter).space
    named = hook(wager, paytable, decks) if hook is not None else None
    if named is not None:
        count, basis = named
        if all((line.probability * count).denominator == 1 for line in lines):
            return (
                tuple(replace(line, combinations=int(line.probability * count)) for line in lines),
                count,
                basis,
            )
    return lines, space, LEAST_COMMON_DENOMINATOR


def _lines(chapter: str, wager: str, paytable: str | None, decks: int):
    """(lines, space, progressive facts, what the space counts) for the wagers whose outcomes the chapter's wager
    math exposes: a progressive's rows (``par_sheet_progressive``), named outcomes (``par_sheet_named_outcomes``)
    or a whole distribution of net results (``par_sheet_distribution``); empty otherwise."""
    lines, space, facts = _raw_lines(chapter, wager, paytable, decks)
    lines, space, basis = _on_true_space(chapter, wager, paytable, decks, lines, space)
    return lines, space, facts, basis


def _raw_lines(chapter: str, wager: str, paytable: str | None, decks: int):
    hooks = _par_sheet_hooks(chapter)
    progressive = hooks.progressive
    model = progressive(wager, paytable) if progressive is not None else None
    if model is not None:
        lines, space = _progressive_lines(model)
        return lines, space, _progressive_facts(model)
    named_outcomes = hooks.named_outcomes
    named = named_outcomes(wager, paytable) if named_outcomes is not None else None
    if named is not None:
        probabilities, pays, order = named
        lines, space = _named_lines(probabilities, pays, order)
        return lines, space, None
    distribution_hook = hooks.distribution
    distribution = distribution_hook(wager, paytable, decks) if distribution_hook is not None else None
    if distribution is None:
        return (), None, None
    lines, space = lines_from_distribution(distribution)
    return _named_by_paytable(chapter, wager, paytable, decks, lines), space, None


def _named_by_paytable(
    chapter: str, wager: str, paytable: str | None, decks: int, lines: tuple[ParLine, ...]
) -> tuple[ParLine, ...]:
    """Lines of a whole distribution named by the paytable's rows that pay their odds ("Total of 6 or 33"), where the
    wager's paytable is known and a row pays exactly that net; several rows paying the same odds share the line (the
    engine gives only the net result), their names joined."""
    from pacomply.regulations.rulebook import PayoutKind, Paytable

    from pacomply import regulations

    book = regulations.rulebook(chapter)
    table: Paytable | None
    try:
        if paytable is not None:
            table = book.paytable(wager, paytable)
        else:
            # No filing here: the paytable the wager's only one, or its deck count, fixes (one resolution).
            from pacomply.regulations.paytable_resolution import resolve_paytable

            resolved = resolve_paytable(book, wager, None, decks, lambda _key: None)
            table = resolved.paytable if resolved is not None else None
    except KeyError:
        table = None
    if table is None:
        return lines
    named = []
    for line in lines:
        net = line.contribution / line.probability if line.probability else None
        rows = [row.outcome for row in table.rows if row.kind == PayoutKind.ODDS and row.amount == net]
        named.append(replace(line, outcome="; ".join(rows)) if rows and net is not None and net > 0 else line)
    return tuple(named)


def par_sheet(chapter: str, wager: str, paytable: str | None = None, decks: int | None = None) -> ParSheet:
    """The par sheet of one wager, paytable and deck count (the chapter's only paytable or deck count may be left
    out)."""
    try:
        rows: list[WagerMath] = analyse(chapter, wager, paytable, decks)
    except AnalysisUnavailable as error:
        raise ParSheetUnavailable(str(error)) from error
    if not rows:
        raise ParSheetUnavailable(f"{chapter} '{wager}' has nothing to analyse with the paytable and decks given")
    if len(rows) > 1:
        choices = ", ".join(f"paytable {row.paytable or '-'} at {row.decks} decks" for row in rows)
        raise ParSheetUnavailable(f"{chapter} '{wager}' has several: {choices}; name one with --paytable/--decks")
    (row,) = rows
    lines, space, progressive, space_basis = _lines(chapter, wager, row.paytable, row.decks)
    notes = []
    if not lines:
        notes.append("no line-by-line breakdown: the engine prices this wager as a whole (a game of decisions)")
    standard_error = None
    if row.ci95 is not None:
        standard_error = (row.ci95[1] - row.ci95[0]) / 2 / _Z95
    seed = None
    simulation_facts = _par_sheet_hooks(chapter).simulation
    if row.method == "simulation" and simulation_facts is not None:
        seed, simulation_notes = simulation_facts(row.rounds, standard_error)
        notes.extend(simulation_notes)
    total = row.house_edge / row.element_of_risk if row.element_of_risk else 1.0
    hit_frequency, std_dev = row.hit_frequency, row.std_dev
    per_unit_wagered = None if std_dev is None or not total else std_dev / total
    spread: dict[str, object] = {}
    from pacomply.engine.analysis.blackjack_spread import round_spread, spread_decks, spread_wagers

    simulated = (chapter, wager) in spread_wagers()
    exact_spread = _par_sheet_hooks(chapter).spread
    exact = exact_spread(wager, row.decks) if exact_spread is not None and simulated else None
    if exact is not None:
        hit_frequency, std_dev = exact.hit_frequency, exact.std_dev
        per_unit_wagered = exact.std_dev_per_unit_wagered
        spread = {"spread_method": "exact", "spread_basis": exact.basis, "spread_strategy": str(exact.strategy)}
        notes.append(
            f"hit frequency and standard deviation {exact.basis}; the distribution's own mean is a house edge of "
            f"{significant(-exact.mean * 100, 4)} % ({significant((-exact.mean - row.house_edge) * 100, 4)} points "
            "from the priced one: the hands of a round share one dealer outcome there, where the pricing draws the "
            "dealer's cards for each hand from the shoe less that hand's own cards)"
        )
    elif simulated and row.decks not in spread_decks(chapter, wager):
        notes.append(
            f"hit frequency and standard deviation are simulated at the deck counts the chapter permits "
            f"({', '.join(map(str, spread_decks(chapter, wager)))}): not computed at {row.decks}"
        )
    elif simulated:
        measured = round_spread(chapter, wager, row.decks)
        hit_frequency, std_dev = measured.hit_frequency, measured.std_dev
        per_unit_wagered = measured.std_dev_per_unit_wagered  # the simulated play's own amount wagered
        spread = {
            "spread_method": "simulation",
            "spread_rounds": measured.rounds,
            "spread_seed": measured.seed,
            "spread_strategy": measured.strategy,
            "std_dev_standard_error": measured.std_dev / math.sqrt(2 * (measured.rounds - 1)),
            "hit_frequency_standard_error": measured.hit_frequency_standard_error,
            "spread_mean_standard_error": measured.standard_error,
            "spread_house_edge": -measured.mean,
            "spread_basis": (
                f"simulated, {measured.rounds:,} rounds, seed {measured.seed}, standard errors "
                f"{significant(measured.std_dev / math.sqrt(2 * (measured.rounds - 1)), 4)} (standard deviation) and "
                f"{significant(measured.hit_frequency_standard_error, 4)} (hit frequency)"
            ),
        }
        notes.append(
            f"hit frequency and standard deviation from {measured.rounds:,} rounds dealt by the engine, seed "
            f"{measured.seed} (the exact analysis values decisions, not the spread of a round); simulated house edge "
            f"{significant(-measured.mean * 100, 4)} % ± {significant(measured.standard_error * 100, 4)} points (one "
            "standard error)"
        )
        if measured.discard_reshuffles:
            notes.append(
                f"the single deck ran out during {measured.discard_reshuffles:,} of those rounds; each was completed "
                "as the chapter has the dealer do it, from the discard rack shuffled and cut with one card burnt"
            )
    return ParSheet(
        chapter=chapter,
        wager=wager,
        paytable=row.paytable,
        decks=row.decks,
        method=row.method,
        citation=row.citation,
        house_edge=row.house_edge,
        element_of_risk=row.element_of_risk,
        total_wagered=total,
        hit_frequency=hit_frequency,
        std_dev=std_dev,
        std_dev_per_unit_wagered=per_unit_wagered,
        lines=lines,
        space=space,
        space_basis=space_basis,
        rounds=row.rounds,
        seed=seed,
        standard_error=standard_error,
        ci95=row.ci95,
        strategy=row.strategy,
        grid=row.chart,
        progressive=progressive,
        notes=tuple(notes),
        **spread,  # type: ignore[arg-type]
    )
