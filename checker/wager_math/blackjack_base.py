"""The base-game options of the blackjack chapters (633a, 685a): which rules and which player strategy an
analysis of the Blackjack Wager, Blackjack Switch or the Down Under Bet Wager uses, where each rule came from
(a command-line option or a filing's checklist answer), and how the strategy charts become the one grid of
``WagerMath.chart``.

The analyzers themselves are :mod:`engine.analysis.blackjack` and :mod:`engine.analysis.down_under`; this module
only carries choices to them and words their results.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from pacomply.checker.wager_math import AnalysisUnavailable, WagerMath
from pacomply.engine.analysis.blackjack_strategy import Strategy

if TYPE_CHECKING:
    from pacomply.checker.wager_math.strategy_grid import StrategyGrid
    from pacomply.engine.analysis.blackjack import BlackjackRules, StrategyTable, StrategyTables
    from pacomply.engine.analysis.result import WagerAnalysis
    from pacomply.regulations.rulebook import Paytable, Rulebook

#: The wagers, in any blackjack chapter, whose figures are a base-game analysis and so take these options.
BASE_GAME_WAGERS = ("base", "switch")
STRATEGIES: tuple[Strategy, ...] = tuple(Strategy)

#: The option each ``BlackjackRules`` field is set by on the command line (for messages and provenance).
FLAG_OF_FIELD = {
    "dealer_hits_soft_17": "--hit-soft-17",
    "late_surrender": "--no-surrender",
    "blackjack_pays": "--blackjack-pays",
    "double_after_split": "--no-double-after-split",
    "max_split_hands": "--max-split-hands",
    "hit_split_aces": "--hit-split-aces",
    "resplit_aces": "--resplit-aces",
    "even_money": "--even-money",
}
#: Fields Blackjack Switch has no use for: § 633a.12(a)(4) lists no surrender, and even money is a Blackjack
#: Wager option against an ace (§ 633a.8(e)) that the Switch analysis does not model.
NOT_IN_SWITCH = ("late_surrender", "even_money")


@dataclass(frozen=True)
class RuleChange:
    """One base-game rule set away from the chapter's default, and where that choice came from."""

    field: str
    value: bool | int | Fraction
    origin: str


@dataclass(frozen=True)
class BaseGameOptions:
    """How a blackjack base game is analysed. The defaults are the chapter's own rules and optimal play.

    ``changes`` are applied in order (a later change of the same field wins: flags after the filing's answers);
    ``notes`` are the readings of filing answers the analysis relied on, shown with the figures.
    """

    strategy: Strategy = Strategy.OPTIMAL
    strategy_given: bool = False
    changes: tuple[RuleChange, ...] = ()
    rule_effects: bool = False
    notes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # Options read back from the figure store carry the strategy as its string (a key is written so).
        object.__setattr__(self, "strategy", Strategy(self.strategy))

    @property
    def flags(self) -> tuple[str, ...]:
        """The command-line options among these choices (for 'does not apply' messages)."""
        given = [change.origin for change in self.changes if change.origin.startswith("--")]
        if self.strategy_given:
            given.append(f"--strategy {self.strategy}")
        if self.rule_effects:
            given.append("--rule-effects")
        return tuple(dict.fromkeys(given))

    @property
    def given(self) -> bool:
        """Whether anything differs from a plain analysis."""
        return bool(self.changes or self.strategy_given or self.rule_effects)

    def values(self) -> dict[str, bool | int | Fraction]:
        """The rule fields set, last change winning."""
        return {change.field: change.value for change in self.changes}

    def then(self, later: BaseGameOptions) -> BaseGameOptions:
        """These options with ``later`` applied on top (the flags on top of a filing's answers)."""
        return BaseGameOptions(
            strategy=later.strategy if later.strategy_given else self.strategy,
            strategy_given=self.strategy_given or later.strategy_given,
            changes=self.changes + later.changes,
            rule_effects=self.rule_effects or later.rule_effects,
            notes=self.notes + later.notes,
        )

    def rules(self, decks: int, skip: tuple[str, ...] = ()) -> BlackjackRules:
        """The 633a rule set at ``decks`` (fields in ``skip`` left at the chapter's default)."""
        from pacomply.engine.analysis.blackjack.rules import BlackjackRules

        values = {name: value for name, value in self.values().items() if name not in skip}
        try:
            return BlackjackRules(decks=decks).with_changes(**values)
        except ValueError as error:
            raise AnalysisUnavailable(f"633a base game: {error}") from None


def does_not_apply(flags: list[str] | tuple[str, ...], what: str, why: str) -> AnalysisUnavailable:
    """The error for options given where they cannot apply ('--hit-soft-17 does not apply to ...: why')."""
    verb = "does" if len(flags) == 1 else "do"
    return AnalysisUnavailable(f"{', '.join(flags)} {verb} not apply to {what}: {why}")


def side_wager_math(
    rulebook: Rulebook,
    wager: str,
    paytable: Paytable | None,
    decks: int,
    analysis: WagerAnalysis,
    *,
    reading: str | None,
    insurance_rows: tuple[tuple[str, str], ...],
) -> WagerMath:
    """The record of an exact blackjack side wager: the paytable's citation and rows, or, for Insurance (which has
    no paytable), the wager's citation and the chapter's ``insurance_rows``."""
    return WagerMath.from_analysis(
        analysis,
        chapter=rulebook.chapter,
        wager=wager,
        paytable=None if paytable is None else paytable.id,
        decks=decks,
        citation=str(rulebook.wager(wager).citation if paytable is None else paytable.citation),
        reading=reading,
        paytable_rows=insurance_rows
        if paytable is None
        else tuple((row.outcome, row.payout_text()) for row in paytable.rows),
    )


def parse_odds(text: str) -> Fraction:
    """'6:5', '6 to 5' or '1.2' as an odds ratio; :class:`AnalysisUnavailable` for anything else."""
    cleaned = text.strip().lower()
    match = re.fullmatch(r"(\d+)\s*(?::|to|/)\s*(\d+)", cleaned)
    try:
        odds = Fraction(int(match.group(1)), int(match.group(2))) if match else Fraction(cleaned)
    except (ValueError, ZeroDivisionError):
        odds = Fraction(0)
    if odds <= 0:
        raise AnalysisUnavailable(f"--blackjack-pays '{text}' is not odds such as 3:2 or 6:5")
    return odds


def odds_text(odds: Fraction) -> str:
    """An odds ratio as the regulation writes it: '3 to 2'."""
    return f"{odds.numerator} to {odds.denominator}"


def describe_rules(rules: BlackjackRules, switch: bool = False) -> str:
    """The rule set in one line, as a reviewer reads it."""
    hands = rules.max_split_hands
    splitting = "no splitting" if hands < 2 else f"split to {hands} hands"
    if hands >= 2:
        aces = "aces resplit" if rules.resplit_aces else "aces split once"
        splitting += f" ({aces}, {'drawing to' if rules.hit_split_aces else 'one card to'} each split ace)"
    parts = [
        f"{rules.decks} deck{'s' * (rules.decks != 1)}",
        f"dealer {'hits' if rules.dealer_hits_soft_17 else 'stands on'} soft 17",
        f"Blackjack pays {odds_text(rules.blackjack_pays)}",
        "dealer checks for Blackjack with the card reader",
        f"double on {rules.double_on.value.replace('_', ' ')}"
        + (", after a split too" if rules.double_after_split else ", not after a split"),
        splitting,
    ]
    if switch:
        parts += ["no surrender (§ 633a.12(a)(4))", "a dealer 22 pushes"]
    else:
        parts += ["late surrender" if rules.late_surrender else "no surrender"]
        parts += ["even money offered" if rules.even_money else "no even money"]
    return "; ".join(parts)


def _merged(table: StrategyTable, prefix: str) -> list[tuple[str, tuple[str, ...]]]:
    """Chart rows, consecutive identical rows of one kind merged ('hard 5-8'), in the chart's order."""
    merged: list[tuple[str, str, str, tuple[str, ...]]] = []  # kind, first, last, actions
    for label, actions in table.rows:
        kind, _, number = label.rpartition(" ")
        if kind and number.isdigit() and merged and merged[-1][0] == kind and merged[-1][3] == actions:
            merged[-1] = (kind, merged[-1][1], number, actions)
        else:
            merged.append((kind, number if kind else label, number if kind else label, actions))
    rows = []
    for kind, first, last, actions in merged:
        label = f"{kind} {first}" + (f"-{last}" if last != first else "") if kind else first
        rows.append((f"{prefix}{label}", actions))
    return rows


CHART_CODES = "H hit, S stand, D double (else hit), Ds double (else stand), P split, R surrender, - not offered"
#: What a column of the blackjack base game's chart is.
UP_CARD_COLUMNS = "dealer up card"


def strategy_chart(tables: StrategyTables, basis: str) -> StrategyGrid:
    """The basic-strategy charts as one grid: a row per chart line (identical lines of one kind merged), a column
    per dealer up card; ``basis`` says what the chart is beside the figures."""
    from pacomply.checker.wager_math.strategy_grid import StrategyGrid

    rows = _merged(tables.hard, "")
    rows += _merged(tables.soft, "")
    rows += [(f"pair {label}", actions) for label, actions in tables.pairs.rows]
    rows += [(f"surrender {label}", actions) for label, actions in tables.surrender.rows if "R" in actions]
    rows += _merged(tables.multi_card, "3+ cards ")
    return StrategyGrid(
        columns=tables.hard.columns, rows=tuple(rows), codes=CHART_CODES, columns_are=UP_CARD_COLUMNS, basis=basis
    )


def options_from_flags(
    strategy: Strategy | str | None = None,
    hit_soft_17: bool = False,
    no_surrender: bool = False,
    blackjack_pays: str | None = None,
    no_double_after_split: bool = False,
    max_split_hands: int | None = None,
    hit_split_aces: bool = False,
    resplit_aces: bool = False,
    even_money: bool = False,
    rule_effects: bool = False,
) -> BaseGameOptions:
    """The command line's base-game options; :class:`AnalysisUnavailable` naming every bad value at once."""
    problems: list[str] = []
    changes: list[RuleChange] = []
    if strategy is not None and strategy not in STRATEGIES:  # a StrEnum member equals its string
        problems.append(f"--strategy '{strategy}' is not one of {', '.join(STRATEGIES)}")
    for given, name, value in (
        (hit_soft_17, "dealer_hits_soft_17", True),
        (no_surrender, "late_surrender", False),
        (no_double_after_split, "double_after_split", False),
        (hit_split_aces, "hit_split_aces", True),
        (resplit_aces, "resplit_aces", True),
        (even_money, "even_money", True),
    ):
        if given:
            changes.append(RuleChange(name, value, FLAG_OF_FIELD[name]))
    if blackjack_pays is not None:
        try:
            changes.append(RuleChange("blackjack_pays", parse_odds(blackjack_pays), FLAG_OF_FIELD["blackjack_pays"]))
        except AnalysisUnavailable as error:
            problems.append(str(error))
    if max_split_hands is not None:
        if 1 <= max_split_hands <= 4:
            changes.append(RuleChange("max_split_hands", max_split_hands, FLAG_OF_FIELD["max_split_hands"]))
        else:
            problems.append(f"--max-split-hands {max_split_hands}: the analyzer models 1 (no splitting) to 4 hands")
    if problems:
        raise AnalysisUnavailable("; ".join(problems))
    return BaseGameOptions(
        strategy=Strategy.BASIC if strategy == Strategy.BASIC else Strategy.OPTIMAL,
        strategy_given=strategy is not None,
        changes=tuple(changes),
        rule_effects=rule_effects,
    )
