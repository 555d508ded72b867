"""Wager math in the docs/math.md contract: the rulebook's wagers and paytables joined with the engine's analyses.

One module per chapter (``chapter_NNNa.py``) ends with its ``WAGER_MATH`` (a ``hooks.ChapterWagerMath``: its
``analyse(wager, paytable, decks, options)`` and typed hooks); this package dispatches and defines
:class:`WagerMath`, the record ``pacomply edge`` prints and every report shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

from pacomply.checker.wager_math.hooks import wager_math_of
from pacomply.regulations import chapters
from pacomply.regulations.chapters import Capability

if TYPE_CHECKING:
    from pacomply.checker.wager_math.blackjack_base import BaseGameOptions
    from pacomply.checker.wager_math.strategy_grid import StrategyGrid
    from pacomply.engine.analysis.result import WagerAnalysis
    from pacomply.regulations.rulebook import Reading
    from pacomply.submissions.model import Filing

DECIMALS = 6
#: The fewest significant digits a figure keeps when rounded to :data:`DECIMALS` places (a hold of 0.000268 keeps
#: 0.0002675).
SIGNIFICANT_DIGITS = 4


def rounded(value: float) -> float:
    """``value`` at :data:`DECIMALS` places, or at :data:`SIGNIFICANT_DIGITS` significant digits where that keeps more
    (a figure under 0.001)."""
    if value == 0 or abs(value) >= 10 ** (SIGNIFICANT_DIGITS - 1 - DECIMALS):
        return round(value, DECIMALS)
    import math

    return round(value, SIGNIFICANT_DIGITS - 1 - math.floor(math.log10(abs(value))))


#: Separates the readings a figure relies on inside ``WagerMath.reading`` (each "id: choice").
READING_SEPARATOR = " | "


class Figures(Protocol):
    """What an engine's figures for one wager give its :class:`WagerMath` record: a side wager's
    ``engine.analysis.result.WagerAnalysis``, or a blackjack base game's record (``BaseGameRecord``)."""

    @property
    def house_edge(self) -> float: ...
    @property
    def element_of_risk(self) -> float: ...
    @property
    def return_(self) -> float: ...
    @property
    def method(self) -> str: ...
    @property
    def rounds(self) -> int | None: ...
    @property
    def ci95(self) -> tuple[float, float] | None: ...
    @property
    def hit_frequency(self) -> float | None: ...
    @property
    def std_dev(self) -> float | None: ...


class AnalysisUnavailable(LookupError):
    """The chapter, wager, paytable or deck count asked for cannot be analysed (says why)."""


@dataclass(frozen=True, slots=True)
class RuleEffectMath:
    """The house edge when one rule of the analysed rule set is changed, and the change from it (positive:
    worse for the player). Blackjack base games only (``pacomply edge 633a --rule-effects``)."""

    rule: str
    change: str
    house_edge: float
    effect: float
    citation: str

    def to_json(self) -> dict[str, Any]:
        """One entry of the ``rule_effects`` list."""
        return {
            "rule": self.rule,
            "change": self.change,
            "house_edge": rounded(self.house_edge),
            "effect": rounded(self.effect),
            "citation": self.citation,
        }


@dataclass(frozen=True, slots=True)
class PricedReading:
    """The figure of one wager under one defensible reading of the chapter, where the text admits several.

    A :class:`WagerMath` row carries the figure of the reading pacomply relies on; ``WagerMath.priced_readings``
    lists every candidate (that one included, ``relied_on=True``) so a reviewer sees the figure under each reading,
    and the reconciliation with the Board's published figures can say which reading a Board figure implies.
    ``basis`` says what the figure is measured on where that differs between candidates (a progressive "at the
    seed" or "long run at 28 %"; "per initial wager" or "per total wagered").
    """

    reading: str
    """The rulebook's reading id (``regulations.rulebook.Reading.id``) this candidate belongs to."""
    choice: str
    """The candidate in a few words ("DJWT-07 Three of a Kind as printed: 9 to 1 natural, wild unpaid")."""
    relied_on: bool
    """True for the candidate the review and the WagerMath row use."""
    house_edge: float
    return_: float
    method: str
    """``exact`` or ``simulation``, as in the docs/math.md contract."""
    exact_return: Fraction | None = None
    """The exact rational return, when the method is exact."""
    basis: str | None = None
    ci95: tuple[float, float] | None = None
    candidate: str | None = None
    """The key of the candidate in the rulebook (``regulations.rulebook.Candidate.key``), stable across wording."""
    std_dev: float | None = None
    """The standard deviation of one wager's result under this candidate, where the pricing knows it (the
    reconciliation sizes a simulation's noise with it)."""

    def to_json(self) -> dict[str, Any]:
        """One entry of the row's ``readings_priced`` list."""
        return {
            "reading": self.reading,
            "choice": self.choice,
            "relied_on": self.relied_on,
            "house_edge": rounded(self.house_edge),
            "return": rounded(self.return_),
            "method": self.method,
            "basis": self.basis,
            "ci95": None if self.ci95 is None else [rounded(bound) for bound in self.ci95],
            "candidate": self.candidate,
        }


@dataclass(frozen=True, slots=True)
class WagerMath:
    """One (wager, paytable, decks) analysed, with the docs/math.md ``edge`` JSON fields."""

    chapter: str
    wager: str
    paytable: str | None
    decks: int
    house_edge: float
    element_of_risk: float
    return_: float
    method: str
    rounds: int | None
    ci95: tuple[float, float] | None
    hit_frequency: float | None
    std_dev: float | None
    citation: str
    reading: str | None
    strategy: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    paytable_rows: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    rule_effects: tuple[RuleEffectMath, ...] = field(default_factory=tuple)
    priced_readings: tuple[PricedReading, ...] = field(default_factory=tuple)
    """Every candidate reading priced, where the chapter admits more than one (empty where it admits one)."""
    chart: StrategyGrid | None = None
    """The play as a grid by player hand and dealer card (a blackjack base game's chart), under the rules this
    record is priced at; :attr:`strategy` then says the play and the rules in words."""

    @classmethod
    def from_figures(
        cls,
        figures: Figures,
        *,
        chapter: str,
        wager: str,
        paytable: str | None,
        decks: int,
        citation: str,
        reading: str | None,
        strategy: tuple[tuple[str, str], ...] = (),
        paytable_rows: tuple[tuple[str, str], ...] = (),
        rule_effects: tuple[RuleEffectMath, ...] = (),
        priced_readings: tuple[PricedReading, ...] = (),
        chart: StrategyGrid | None = None,
    ) -> WagerMath:
        """The contract record of an engine's figures (a side wager's analysis or a base game's), with the
        rulebook's labels."""
        return cls(
            chapter=chapter,
            wager=wager,
            paytable=paytable,
            decks=decks,
            house_edge=figures.house_edge,
            element_of_risk=figures.element_of_risk,
            return_=figures.return_,
            method=figures.method,
            rounds=figures.rounds,
            ci95=figures.ci95,
            hit_frequency=figures.hit_frequency,
            std_dev=figures.std_dev,
            citation=citation,
            reading=reading,
            strategy=strategy,
            paytable_rows=paytable_rows,
            rule_effects=rule_effects,
            priced_readings=priced_readings,
            chart=chart,
        )

    @classmethod
    def from_analysis(
        cls,
        analysis: WagerAnalysis,
        *,
        chapter: str,
        wager: str,
        paytable: str | None,
        decks: int,
        citation: str,
        reading: str | None,
        paytable_rows: tuple[tuple[str, str], ...] = (),
        strategy: tuple[tuple[str, str], ...] | None = None,
    ) -> WagerMath:
        """The contract record of an engine analysis, with the rulebook's labels; the strategy is the analysis's."""
        return cls.from_figures(
            analysis,
            chapter=chapter,
            wager=wager,
            paytable=paytable,
            decks=decks,
            citation=citation,
            reading=reading,
            strategy=analysis.strategy if strategy is None else strategy,
            paytable_rows=paytable_rows,
        )

    def to_json(self) -> dict[str, Any]:
        """The docs/math.md object, keys in the contract's order, then our additions (strategy, paytable_rows, and
        ``rule_effects`` only where they were asked for)."""
        document: dict[str, Any] = {
            "chapter": self.chapter,
            "wager": self.wager,
            "paytable": self.paytable,
            "decks": self.decks,
            "house_edge": rounded(self.house_edge),
            "element_of_risk": rounded(self.element_of_risk),
            "return": rounded(self.return_),
            "method": self.method,
            "rounds": self.rounds,
            "ci95": None if self.ci95 is None else [rounded(bound) for bound in self.ci95],
            "hit_frequency": None if self.hit_frequency is None else rounded(self.hit_frequency),
            "std_dev": None if self.std_dev is None else round(self.std_dev, 4),
            "citation": self.citation,
            "reading": self.reading,
            "strategy": [{"when": when, "decision": decision} for when, decision in self.strategy_rows()],
            "paytable_rows": [{"outcome": outcome, "pays": pays} for outcome, pays in self.paytable_rows],
        }
        if self.rule_effects:
            document["rule_effects"] = [effect.to_json() for effect in self.rule_effects]
        if self.priced_readings:
            document["readings_priced"] = [candidate.to_json() for candidate in self.priced_readings]
        if self.chart is not None:
            document["strategy_chart"] = self.chart.to_json()
        return document

    def strategy_rows(self) -> tuple[tuple[str, str], ...]:
        """The strategy in words, then the chart (where there is one) as ``(when, decision)`` rows in aligned
        columns: the ``strategy`` list of the JSON and the lines ``edge`` prints."""
        return self.strategy + (self.chart.when_rows() if self.chart is not None else ())

    @property
    def sort_key(self) -> tuple[str, str, str, int]:
        """Chapter, wager, paytable, decks."""
        return (self.chapter, self.wager, self.paytable or "", self.decks)


def price_candidate(
    reading: Reading, key: str, exact_return: Fraction, *, basis: str | None = None, relied_on: bool | None = None
) -> PricedReading:
    """The figure of one rulebook candidate, from its exact return per unit of the wager; relied on when it is the
    reading's ``relied_on`` candidate unless ``relied_on`` says otherwise."""
    candidate = reading.candidate(key)
    return PricedReading(
        reading=reading.id,
        choice=candidate.choice,
        relied_on=reading.relied_on == key if relied_on is None else relied_on,
        house_edge=float(1 - exact_return),
        return_=float(exact_return),
        method="exact",
        exact_return=exact_return,
        basis=basis,
        candidate=key,
    )


#: The Qualifying Wager the Envy Bonus readings are priced on (§ 645a.1 and § 688a.1: at least $5).
ENVY_QUALIFYING_WAGER = Fraction(5)


def envy_candidates(reading: Reading, base_return: Fraction, envy_per_player: Fraction) -> tuple[PricedReading, ...]:
    """A wager's return with the Envy Bonuses of 0 to 5 other players (``envy-N`` candidates of ``reading``):
    ``envy_per_player`` is the expected Envy dollars one other player's hand earns a Qualifying Wager, priced on
    the least Qualifying Wager. Expectations add, so N players earn N times one player's."""
    return tuple(
        price_candidate(
            reading,
            candidate.key,
            base_return + int(candidate.key.removeprefix("envy-")) * envy_per_player / ENVY_QUALIFYING_WAGER,
            basis=f"per ${ENVY_QUALIFYING_WAGER} Qualifying Wager",
        )
        for candidate in reading.candidates
    )


@dataclass(frozen=True, slots=True)
class AnalysisOptions:
    """What may change a chapter's figures beyond the wager, paytable and deck count: one value handed to the
    chapter's ``analyse``, each option read only by the chapters whose descriptor claims its capability."""

    base_game: BaseGameOptions | None = None
    """A blackjack base game's rule and strategy options (``Capability.BASE_GAME_OPTIONS``)."""
    meter_rate: Fraction | None = None
    """A progressive's rate of progression, a fraction of each wager, for its long run (``Capability.METER_RATE``)."""
    crown_treasure: bool | None = None
    """False prices Royal Match 21 without the Crown Treasure Bonus (``Capability.CROWN_TREASURE``)."""


#: The chapter's own rules: no option given.
NO_OPTIONS = AnalysisOptions()


def filing_options(filing: Filing, chapter: str, wager: str) -> AnalysisOptions:
    """What a filing's answers change in one wager's math: the rate of progression it states for a progressive
    wager, and what the chapter's own ``filing_options`` hook reads (633a: a Royal Match 21 without the Crown
    Treasure Bonus)."""
    descriptor = chapters.chapter(chapter)
    options = NO_OPTIONS
    if descriptor.has(Capability.FILING_OPTIONS):
        hook = wager_math_of(descriptor).filing_options
        if hook is not None:
            options = hook(filing, wager)
    if descriptor.has(Capability.METER_RATE):
        from pacomply.checker.wager_math.simulated import filed_meters

        filed = filed_meters(filing, chapter, [wager]).get(wager)
        if filed is not None and filed.rate is not None and 0 <= filed.rate < 1:
            options = replace(options, meter_rate=filed.rate)
    return options


def supported_chapters() -> tuple[str, ...]:
    """Chapters whose wagers pacomply can analyse."""
    return chapters.chapter_ids()


def base_game_option_chapters() -> tuple[str, ...]:
    """Chapters whose ``analyse`` takes ``base_game`` (rule and strategy options of a blackjack base game)."""
    return chapters.chapters_with(Capability.BASE_GAME_OPTIONS)


def meter_rate_chapters() -> tuple[str, ...]:
    """Chapters whose ``analyse`` takes ``meter_rate`` (a progressive's rate of progression, for its long run)."""
    return chapters.chapters_with(Capability.METER_RATE)


def method_version(chapter: str) -> int:
    """The version of the method behind a chapter's wager math, part of every stored figure's key
    (docs/figure-store.md): its wager math module's ``METHOD_VERSION``, raised whenever a change there or in the engine
    under it changes a figure (then ``pacomply figures build`` remakes the shipped figures);
    :class:`~regulations.chapters.IncompleteChapterError` when the module has no ``WAGER_MATH``."""
    return wager_math_of(chapters.chapter(chapter)).method_version


def analyse(
    chapter: str,
    wager: str | None = None,
    paytable: str | None = None,
    decks: int | None = None,
    base_game: BaseGameOptions | None = None,
    meter_rate: Fraction | None = None,
    crown_treasure: bool | None = None,
) -> list[WagerMath]:
    """Every (wager, paytable, decks) the chapter permits, narrowed by the arguments given; sorted.

    ``base_game`` (633a and 685a only) sets the base game's rules and strategy (flags or a filing's answers).
    ``meter_rate`` (a fraction of each wager: 0.28 for 28 %) prices each progressive's long run besides the figure
    at its seed; a chapter that prints its own rates (688a) uses them when it is not given. ``crown_treasure``
    (633a) False prices Royal Match 21 without the Crown Treasure Bonus, as for a filing that does not pay it.

    The figures come from the figure store (:mod:`engine.figure_store`): computed only when these inputs were
    never computed under this rulebook and method version.
    """
    if chapter not in supported_chapters():
        raise AnalysisUnavailable(
            f"no wager math for chapter '{chapter}' yet (available: {', '.join(supported_chapters())})"
        )
    if base_game is not None and not base_game.given and not base_game.notes:
        base_game = None  # the chapter's own rules and optimal play, as when no options are given
    if base_game is not None:
        # Where a rule was set matters only for a command-line option's messages: a filing's cell is not a figure's
        # input (the 633a base games are stored by their rules alone, chapter_633a._stored_base_math).
        base_game = replace(
            base_game,
            changes=tuple(
                replace(change, origin=change.origin if change.origin.startswith("--") else "")
                for change in base_game.changes
            ),
        )
    inputs = {
        "chapter": chapter,
        "wager": wager,
        "paytable": paytable,
        "decks": decks,
        "base_game": base_game,
        "meter_rate": None if meter_rate is None else Fraction(meter_rate),
        "crown_treasure": crown_treasure,
    }
    if base_game is not None and base_game.notes:
        # The record words the filing's answers (with their cells); its figures come from the store underneath.
        return list(_computed_wager_math(**inputs))  # type: ignore[arg-type]
    return list(_stored_wager_math()(**inputs))


@cache
def _stored_wager_math() -> Any:
    from pacomply.engine.figure_store import figure

    return figure(
        "wager-math",
        method=lambda inputs: method_version(inputs["chapter"]),
        chapter=lambda inputs: inputs["chapter"],
        describe=_describe_call,
    )(_computed_wager_math)


def _describe_call(inputs: Mapping[str, Any]) -> str:
    parts = [inputs["chapter"], inputs["wager"] or "every wager"]
    if inputs["paytable"]:
        parts.append(f"paytable {inputs['paytable']}")
    if inputs["decks"]:
        parts.append(f"{inputs['decks']} deck{'s' * (inputs['decks'] != 1)}")
    if inputs["meter_rate"] is not None:
        parts.append(f"meter rate {float(inputs['meter_rate']) * 100:g} %")
    if inputs["base_game"] is not None:
        parts.append("base-game options")
    return "wager math: " + " ".join(parts)


def _computed_wager_math(
    chapter: str,
    wager: str | None,
    paytable: str | None,
    decks: int | None,
    base_game: BaseGameOptions | None,
    meter_rate: Fraction | None,
    crown_treasure: bool | None,
) -> tuple[WagerMath, ...]:
    """The chapter module's wager math, sorted (what the store keeps)."""
    if chapter not in supported_chapters():
        raise AnalysisUnavailable(
            f"no wager math for chapter '{chapter}' yet (available: {', '.join(supported_chapters())})"
        )
    descriptor = chapters.chapter(chapter)
    if meter_rate is not None and not descriptor.has(Capability.METER_RATE):
        raise AnalysisUnavailable(
            f"--meter-rate prices a progressive wager's long run; chapter {chapter} has none "
            f"(chapters with one: {', '.join(meter_rate_chapters())})"
        )
    if crown_treasure is not None and not descriptor.has(Capability.CROWN_TREASURE):
        owners = " and ".join(chapters.chapters_with(Capability.CROWN_TREASURE))
        raise AnalysisUnavailable(f"the Crown Treasure Bonus is a {owners} Royal Match 21 option, not {chapter}'s")
    if base_game is not None and not descriptor.has(Capability.BASE_GAME_OPTIONS):
        if base_game.given:
            owners = " and ".join(base_game_option_chapters())
            raise AnalysisUnavailable(
                f"{', '.join(base_game.flags)}: blackjack base-game options (chapters {owners}), "
                f"not for chapter {chapter}"
            )
        base_game = None
    options = AnalysisOptions(base_game=base_game, meter_rate=meter_rate, crown_treasure=crown_treasure)
    results = wager_math_of(descriptor).analyse(wager, paytable, decks, options)
    return tuple(sorted(results, key=lambda math: math.sort_key))
