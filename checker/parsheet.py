"""A par sheet of one wager: what a test laboratory prints for a paytable (docs/parsheet.md).

Per paytable line: the outcome, what it pays, its combinations where the figure is enumerated, its probability and
its contribution to the return; then house edge (per initial wager), element of risk (per unit wagered), hit
frequency and standard deviation, each on its stated basis; the strategy (a grid by up card and hole-card range for
685a); for a simulated figure its rounds, seed and standard error; for a progressive its cycle (rounds per
meter-resetting hand) and the break-even meter.

Everything is computed through the figure-producing functions of the wager math and the engine (``analyse``, the
engine's distributions, the progressive models), which are pure functions of their arguments; nothing here caches.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from pacomply.checker.wager_math import AnalysisUnavailable, WagerMath, analyse

#: What the standard deviation is measured on: the net result of one round, in units of the initial wager.
STD_DEV_BASIS = "net result of one round per unit of the initial wager"
#: What the hit frequency counts.
HIT_FREQUENCY_BASIS = "share of rounds in which the player ends ahead (net result above zero)"
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
class StrategyGrid:
    """Decisions by player hand (rows) and what the player knows of the dealer (columns)."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[str, ...]], ...]
    legend: str


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
    """The number of equally likely deals the combinations count over (the least common denominator)."""
    rounds: int | None = None
    seed: int | None = None
    standard_error: float | None = None
    ci95: tuple[float, float] | None = None
    strategy: tuple[tuple[str, str], ...] = ()
    grid: StrategyGrid | None = None
    progressive: ProgressiveFacts | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)
    std_dev_per_unit_wagered: float | None = None
    """The standard deviation divided by the average amount wagered (:attr:`total_wagered`): per unit wagered."""
    hit_frequency_basis: str = HIT_FREQUENCY_BASIS
    spread_method: str | None = None
    """How hit frequency and standard deviation were obtained where the house edge's method does not give them:
    ``simulation`` for the blackjack base games (the figures below), else None (same method as the house edge)."""
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


def _lines(chapter: str, wager: str, paytable: str | None, decks: int):
    """(lines, space, progressive facts) for the wagers whose outcomes the engine exposes; empty otherwise."""
    if wager == "progressive" and chapter in {"645a", "687a", "688a"}:
        from importlib import import_module

        module = import_module(f"pacomply.checker.wager_math.chapter_{chapter}")
        model = module.progressive_model() if chapter == "645a" else module.progressive_model(paytable)
        lines, space = _progressive_lines(model)
        return lines, space, _progressive_facts(model)
    if chapter == "688a" and wager == "ace_high" and paytable is not None:
        from pacomply.engine.analysis.face_up_pai_gow_poker import ace_high_distribution
        from pacomply.regulations.chapter_688a import ACE_HIGH_ODDS, ACE_HIGH_OUTCOMES

        pays = {
            outcome: Fraction(odds) for outcome, odds in zip(ACE_HIGH_OUTCOMES, ACE_HIGH_ODDS[paytable], strict=True)
        }
        lines, space = _named_lines(ace_high_distribution(), pays, (*ACE_HIGH_OUTCOMES, "lose"))
        return lines, space, None
    distribution = _distribution(chapter, wager, paytable, decks)
    if distribution is None:
        return (), None, None
    lines, space = lines_from_distribution(distribution)
    return lines, space, None


def _distribution(chapter: str, wager: str, paytable: str | None, decks: int):
    """(net, probability) pairs from the engine, where it computes the wager's whole distribution."""
    if chapter in {"633a", "685a"} and wager not in {"base", "switch"}:
        from pacomply.engine.analysis import blackjack_side_wagers

        if chapter == "685a" and wager == "match_the_dealer":
            from pacomply.regulations.chapter_685a import MATCH_THE_DEALER_ODDS

            return blackjack_side_wagers.match_the_dealer(decks, MATCH_THE_DEALER_ODDS[decks]).outcomes
        return blackjack_side_wagers.distribution(wager, paytable, decks).outcomes
    if chapter == "686a" and wager == "bonus":
        from pacomply.engine.analysis.over_under import bonus_distribution

        return bonus_distribution(decks).outcomes
    if chapter == "681a" and wager in {"bonus_player", "bonus_banker"} and paytable is not None:
        from pacomply.engine.analysis.twenty_one_baccarat import bonus_distribution as baccarat_bonus

        return tuple(baccarat_bonus(paytable, decks).items())
    if chapter == "681a" and wager in {"player", "banker"}:
        from pacomply.engine.analysis.twenty_one_baccarat import side_distribution

        return tuple(side_distribution(wager, decks).items())
    if chapter == "687a" and wager == "trips" and paytable is not None:
        import numpy as np
        from pacomply.engine.analysis.dj_wild_stud_poker import trips_payouts

        payouts = trips_payouts(paytable)
        values, counts = np.unique(payouts, return_counts=True)
        total = int(counts.sum())
        return tuple(
            (Fraction(int(value)), Fraction(int(count), total)) for value, count in zip(values, counts, strict=True)
        )
    return None


def _grid_685a(decks: int) -> StrategyGrid:
    """685a's optimal two-card decisions by up card and Masque range (as written: the chapter's rules)."""
    from pacomply.engine.analysis.blackjack.combinatorics import ACE, RANKS, TEN
    from pacomply.engine.analysis.down_under import hole_classes, policy_tables

    names = {ACE: "A", TEN: "T", **{rank: str(rank + 1) for rank in range(1, 9)}}
    class_names = {(1, 2, 3, 4): "Small", (5, 6, 7, 8): "Medium", (TEN, ACE): "Large", (TEN,): "T", (ACE,): "A"}
    policy = policy_tables(decks)
    columns, keys = [], []
    for up in (*range(1, 9), TEN, ACE):
        for index, hole in enumerate(hole_classes(up)):
            if (up, hole) in ((ACE, (TEN,)), (TEN, (ACE,))):
                continue
            columns.append(f"{names[up]}/{class_names[hole]}")
            keys.append((up, index))
    letters = "SHDP"
    rows = []
    for a in range(RANKS):
        for b in range(a, RANKS):
            if (a, b) == (ACE, TEN):
                continue
            label = f"{names[a]}-{names[b]}"
            rows.append((label, tuple(letters[policy.two_card[up][index][a][b]] for up, index in keys)))
    return StrategyGrid(
        columns=tuple(columns),
        rows=tuple(rows),
        legend="S stand, H hit, D double, P split; columns: dealer up card / Masque range of the hole card (the hole "
        "card itself when both are Large)",
    )


def _grid_633a(decks: int) -> StrategyGrid:
    """633a's total-dependent basic strategy for the chapter's rules: two-card decisions by dealer up card."""
    from pacomply.engine.analysis.blackjack.analyzer import basic_strategy_policy
    from pacomply.engine.analysis.blackjack.combinatorics import ACE, RANKS, TEN
    from pacomply.engine.analysis.blackjack.rules import BlackjackRules

    names = {ACE: "A", TEN: "T", **{rank: str(rank + 1) for rank in range(1, 9)}}
    policy = basic_strategy_policy(BlackjackRules(decks=decks))
    ups = (*range(1, 9), TEN, ACE)
    letters = "SHDPR"
    rows = [
        (f"{names[a]}-{names[b]}", tuple(letters[int(policy.two_card[up, a, b])] for up in ups))
        for a in range(RANKS)
        for b in range(a, RANKS)
        if (a, b) != (ACE, TEN)
    ]
    return StrategyGrid(
        columns=tuple(names[up] for up in ups),
        rows=tuple(rows),
        legend="S stand, H hit, D double, P split, R surrender; total-dependent basic strategy under the chapter's "
        "rules, columns: dealer up card (the figures above are for composition-dependent optimal play)",
    )


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
    lines, space, progressive = _lines(chapter, wager, row.paytable, row.decks)
    notes = []
    if not lines:
        notes.append("no line-by-line breakdown: the engine prices this wager as a whole (a game of decisions)")
    standard_error = None
    if row.ci95 is not None:
        standard_error = (row.ci95[1] - row.ci95[0]) / 2 / _Z95
    seed = None
    if row.method == "simulation":
        from importlib import import_module

        module = {"688a": "face_up_pai_gow_poker", "645a": "pai_gow_poker"}.get(chapter)
        seed = getattr(import_module(f"pacomply.engine.analysis.{module}"), "BASE_SEED", None) if module else None
        if module and row.rounds is not None and seed is not None:
            from pacomply.engine.analysis.pai_gow_poker import SHARD_ROUNDS, shard_count
            from pacomply.engine.simulation.pai_gow_poker import SHARDS_PER_SEED

            shards = shard_count(row.rounds)
            if shards is not None:
                notes.append(
                    f"{row.rounds:,} rounds dealt in {shards} shards of {SHARD_ROUNDS:,}, shard i seeded "
                    f"{seed} x {SHARDS_PER_SEED:,} + i; standard error {significant((standard_error or 0) * 100, 4)} "
                    "points of the house edge"
                )
    grid = None
    if wager == "base" and chapter == "685a":
        grid = _grid_685a(row.decks)
    elif wager == "base" and chapter == "633a":
        grid = _grid_633a(row.decks)
    total = row.house_edge / row.element_of_risk if row.element_of_risk else 1.0
    hit_frequency, std_dev = row.hit_frequency, row.std_dev
    per_unit_wagered = None if std_dev is None or not total else std_dev / total
    spread: dict[str, object] = {}
    from pacomply.engine.analysis.blackjack_spread import round_spread, spread_decks, spread_wagers

    simulated = (chapter, wager) in spread_wagers()
    if simulated and row.decks not in spread_decks(chapter, wager):
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
        rounds=row.rounds,
        seed=seed,
        standard_error=standard_error,
        ci95=row.ci95,
        strategy=row.strategy,
        grid=grid,
        progressive=progressive,
        notes=tuple(notes),
        **spread,  # type: ignore[arg-type]
    )
