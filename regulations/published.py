"""The Board's published figures for the chapters pacomply covers: law as data, each with its source.

When the Pennsylvania Gaming Control Board adopted these chapters it published house-edge, hold and payback
figures in the rulemaking's preamble or its Regulatory Analysis Form. They are not part of the Code, but a reviewer
expects a filing's math to agree with them, so pacomply reconciles each one with its own exact figures
(``checker.reconciliation``; ``pacomply published``).

Every figure here is copied digit for digit as the Board printed it, as a decimal string, so that the printed
precision is kept: "reproduced" means equal at that precision. Nothing else is copied from the Board's sentences:
``note`` says in our words what the figure covers. ``citation`` is the subsection of the chapter that sets the wager
or paytable the figure belongs to.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from enum import StrEnum, unique

from pacomply.regulations.citation import Citation, cite


@unique
class Measure(StrEnum):
    """What the Board called its figure."""

    PAYBACK = "payback"
    """The share of the money wagered that returns to players (100 % minus the hold)."""
    MAXIMUM_PAYBACK = "maximum payback"
    """A payback the Board called the most a wager returns: an option left open taken at its most generous."""
    HOLD = "hold"
    """The share of the money wagered the house keeps."""
    HOUSE_EDGE = "house edge"
    """The player's expected loss as a share of the wager."""
    RULE_EFFECT = "rule effect"
    """How much one change of the rules adds to the house edge, in percentage points."""
    NO_FIGURE = "no figure"
    """The Board published nothing that is a figure of the game's math."""


@unique
class Basis(StrEnum):
    """How the Board defined its figure, as far as its words say."""

    PER_TOTAL_WAGERED = "per total wagered"
    PER_INITIAL_WAGER = "per initial wager"
    LONG_RUN = "long run"
    """A progressive's return once the meter's growth is counted (what a payback percentage of one means)."""
    AT_SEED = "at seed"
    UNSTATED = "unstated"
    """The Board did not say: every basis is a fair reading of it."""


@unique
class RangeEnd(StrEnum):
    """Which end of a range a figure is, where the Board published a range."""

    LOW = "low"
    HIGH = "high"


@dataclass(frozen=True, slots=True)
class PublishedSource:
    """Where the Board published a figure."""

    key: str
    """The short name reports print, e.g. ``RAF 125-223``."""
    document: str
    published: date
    """The date of the document (filed, submitted or published, as ``document`` says)."""
    item: str
    """Where in the document the figure is."""

    def __str__(self) -> str:
        return f"{self.key}, {self.item} ({self.document}, {self.published.isoformat()})"


@dataclass(frozen=True, slots=True)
class PublishedFigure:
    """One number the Board published, with what it belongs to and how it is defined."""

    id: str
    """Stable, e.g. ``687a-trips-DJWT-07``."""
    chapter: str
    wager: str | None
    """The docs/math.md wager id; None where the Board published no figure for the chapter."""
    paytable: str | None
    """The docs/math.md paytable id; None where the figure covers every paytable of the wager (or there is none)."""
    measure: Measure
    basis: Basis
    percent: str | None
    """The figure in percent exactly as printed ("98.843"); None for a row without a figure."""
    source: PublishedSource
    citation: Citation
    """The chapter's subsection for the wager or paytable the figure belongs to."""
    note: str
    """What the figure covers, in our words."""
    range_end: RangeEnd | None = None
    decks: tuple[int, ...] = ()
    """The deck counts the figure refers to; empty where the Board did not say (every count the chapter allows)."""
    strategy: str | None = None
    """The player strategy the Board names for the figure ("basic", "perfect"); None where it names none."""
    rule_change: tuple[str, str] | None = None
    """For a rule effect: the rule changed, as a field of the blackjack rule set and its new value ("yes", "no" or
    odds such as "6/5")."""
    order: int = 0
    """The figure's place in the Board's list, for sibling figures printed together."""

    @property
    def value(self) -> Decimal | None:
        """The figure as printed, in percent; None for a row without a figure."""
        return None if self.percent is None else Decimal(self.percent)

    @property
    def places(self) -> int:
        """Digits after the decimal point the Board printed (its precision)."""
        if self.percent is None:
            return 0
        exponent = Decimal(self.percent).as_tuple().exponent
        assert isinstance(exponent, int)
        return max(0, -exponent)

    @property
    def group(self) -> tuple[str, str, str, str]:
        """Figures printed together for one wager in one source: the siblings a misprint is judged against."""
        return (self.chapter, self.wager or "", self.source.key, self.measure.value)


RAF_125_223 = PublishedSource(
    key="RAF 125-223",
    document=(
        "Regulatory Analysis Form, Agency Number 125, Identification Number 223, IRRC Number 3239 "
        "(58 Pa. Code Chapters 686a, 687a and 688a)"
    ),
    published=date(2019, 6, 20),
    item="item (17)",
)
PA_B_42_2922 = PublishedSource(
    key="42 Pa.B. 2922",
    document="final-form rulemaking adding Chapters 633a and 645a",
    published=date(2012, 5, 19),
    item="preamble, Chapter 633a, response to the comment on the dealer standing on soft 17",
)
PA_B_42_2922_645A = PublishedSource(
    key="42 Pa.B. 2922",
    document="final-form rulemaking adding Chapters 633a and 645a",
    published=date(2012, 5, 19),
    item="preamble, Chapter 645a",
)
PA_B_50_DOC_20_1607 = PublishedSource(
    key="50 Pa.B., Doc. 20-1607",
    document=(
        "final-form rulemaking adding Chapter 685a (proposed at 48 Pa.B. 5860); the preamble cites § 682a.11, "
        "a misprint for § 685a.11"
    ),
    published=date(2020, 11, 20),
    item="preamble, Purpose of this Final-Form Rulemaking",
)
NOT_PUBLISHED = PublishedSource(
    key="none held",
    document="no rulemaking document held publishes a game-math figure for this chapter",
    published=date(2014, 1, 1),
    item="none",
)


def _series(
    prefix: str,
    chapter: str,
    wager: str,
    paytables: tuple[str | None, ...],
    percents: tuple[str, ...],
    measure: Measure,
    basis: Basis,
    citation: str,
    note: str,
) -> tuple[PublishedFigure, ...]:
    """A list the Board printed for one wager, one figure per paytable (in its order)."""
    return tuple(
        PublishedFigure(
            id=f"{prefix}-{paytable if paytable is not None else position + 1}",
            chapter=chapter,
            wager=wager,
            paytable=paytable,
            measure=measure,
            basis=basis,
            percent=percent,
            source=RAF_125_223,
            citation=cite(citation),
            note=note,
            order=position + 1,
        )
        for position, (paytable, percent) in enumerate(zip(paytables, percents, strict=True))
    )


FIGURES: tuple[PublishedFigure, ...] = (
    # 633a: a range for the basic-strategy player under the chapter's rules, and three rule effects beside it.
    PublishedFigure(
        id="633a-base-low", chapter="633a", wager="base", paytable=None, measure=Measure.HOUSE_EDGE,
        basis=Basis.PER_INITIAL_WAGER, percent="0.355", range_end=RangeEnd.LOW, strategy="basic",
        source=PA_B_42_2922, citation=cite("633a.6(d)"), order=1,
        note="lower end of the house edge a basic-strategy player faces under the chapter's rules "
        "(dealer stands on soft 17, late surrender, blackjack 3 to 2)",
    ),
    PublishedFigure(
        id="633a-base-high", chapter="633a", wager="base", paytable=None, measure=Measure.HOUSE_EDGE,
        basis=Basis.PER_INITIAL_WAGER, percent="0.371", range_end=RangeEnd.HIGH, strategy="basic",
        source=PA_B_42_2922, citation=cite("633a.6(d)"), order=2,
        note="upper end of the same range",
    ),
    PublishedFigure(
        id="633a-rule-hit-soft-17", chapter="633a", wager="base", paytable=None, measure=Measure.RULE_EFFECT,
        basis=Basis.PER_INITIAL_WAGER, percent="0.22", strategy="basic", rule_change=("dealer_hits_soft_17", "yes"),
        source=PA_B_42_2922, citation=cite("633a.7(m)"), order=1,
        note="what the dealer hitting soft 17 would add to the house edge",
    ),
    PublishedFigure(
        id="633a-rule-no-surrender", chapter="633a", wager="base", paytable=None, measure=Measure.RULE_EFFECT,
        basis=Basis.PER_INITIAL_WAGER, percent="0.08", strategy="basic", rule_change=("late_surrender", "no"),
        source=PA_B_42_2922, citation=cite("633a.9"), order=2,
        note="what taking away late surrender would add to the house edge",
    ),
    PublishedFigure(
        id="633a-rule-six-to-five", chapter="633a", wager="base", paytable=None, measure=Measure.RULE_EFFECT,
        basis=Basis.PER_INITIAL_WAGER, percent="1.39", strategy="basic", rule_change=("blackjack_pays", "6/5"),
        source=PA_B_42_2922, citation=cite("633a.13(a)"), order=3,
        note="what paying a blackjack 6 to 5 instead of 3 to 2 would add to the house edge",
    ),
    # 645a: the preamble gives casinos' monthly hold ranges, which are not a figure of the game's math.
    PublishedFigure(
        id="645a-none", chapter="645a", wager=None, paytable=None, measure=Measure.NO_FIGURE,
        basis=Basis.UNSTATED, percent=None, source=PA_B_42_2922_645A, citation=cite("645a.7"),
        note="only the monthly hold ranges of Pennsylvania and New Jersey casinos: table results, not game math",
    ),
    # 681a: nothing published in the material held.
    PublishedFigure(
        id="681a-none", chapter="681a", wager=None, paytable=None, measure=Measure.NO_FIGURE,
        basis=Basis.UNSTATED, percent=None, source=NOT_PUBLISHED, citation=cite("681a.6"),
        note="no figure for 21 Baccarat in the rulemaking material held",
    ),
    # 685a: two holds, each a range over what the chapter approves.
    PublishedFigure(
        id="685a-base-low", chapter="685a", wager="base", paytable=None, measure=Measure.HOLD,
        basis=Basis.UNSTATED, percent="0.43", range_end=RangeEnd.LOW, source=PA_B_50_DOC_20_1607,
        citation=cite("685a.11(a)"), order=1,
        note="lower end of the hold of the required wagers over the approved payout tables",
    ),
    PublishedFigure(
        id="685a-base-high", chapter="685a", wager="base", paytable=None, measure=Measure.HOLD,
        basis=Basis.UNSTATED, percent="0.49", range_end=RangeEnd.HIGH, source=PA_B_50_DOC_20_1607,
        citation=cite("685a.11(a)"), order=2,
        note="upper end of the same range",
    ),
    PublishedFigure(
        id="685a-match-the-dealer-low", chapter="685a", wager="match_the_dealer", paytable=None,
        measure=Measure.HOLD, basis=Basis.UNSTATED, percent="3.67", range_end=RangeEnd.LOW,
        source=PA_B_50_DOC_20_1607, citation=cite("685a.11(c)"), order=1,
        note="lower end of the Match-the-Dealer hold",
    ),
    PublishedFigure(
        id="685a-match-the-dealer-high", chapter="685a", wager="match_the_dealer", paytable=None,
        measure=Measure.HOLD, basis=Basis.UNSTATED, percent="4.06", range_end=RangeEnd.HIGH,
        source=PA_B_50_DOC_20_1607, citation=cite("685a.11(c)"), order=2,
        note="upper end of the Match-the-Dealer hold",
    ),
    # 686a, 687a, 688a: the Regulatory Analysis Form's item (17).
    PublishedFigure(
        id="686a-required", chapter="686a", wager="required", paytable=None, measure=Measure.PAYBACK,
        basis=Basis.UNSTATED, percent="98.95", source=RAF_125_223, citation=cite("686a.6(d)"),
        note="expected payback of the required wagers",
    ),
    PublishedFigure(
        id="686a-bonus", chapter="686a", wager="bonus", paytable="686a.8(b)", measure=Measure.PAYBACK,
        basis=Basis.UNSTATED, percent="94.393", source=RAF_125_223, citation=cite("686a.8(b)"),
        note="expected payback of the Bonus Wager on its one paytable",
    ),
    PublishedFigure(
        id="687a-base", chapter="687a", wager="base", paytable=None, measure=Measure.PAYBACK,
        basis=Basis.UNSTATED, percent="98.99", strategy="perfect", source=RAF_125_223,
        citation=cite("687a.7(d)(1)"),
        note="expected payback of the Ante, Blind and Play (Raise) with the player's best strategy",
    ),
    *_series(
        "687a-trips", "687a", "trips", ("DJWT-04", "DJWT-05", "DJWT-06", "DJWT-07"),
        ("98.843", "92.474", "92.338", "91.454"), Measure.PAYBACK, Basis.UNSTATED, "687a.12(d)",
        "expected payback of the Trips Bonus on one of the approved paytables",
    ),
    # Four figures for "the approved paytables" while the chapter prints two: which paytable each is for is unknown.
    *_series(
        "687a-bad-beat", "687a", "bad_beat", (None, None, None, None),
        ("86.8", "87.682", "85.904", "85.848"), Measure.PAYBACK, Basis.UNSTATED, "687a.12(e)",
        "expected payback of the Bad Beat Bonus on one of four approved paytables (the chapter prints two)",
    ),
    PublishedFigure(
        id="687a-progressive", chapter="687a", wager="progressive", paytable=None, measure=Measure.PAYBACK,
        basis=Basis.LONG_RUN, percent="77", source=RAF_125_223, citation=cite("687a.12(c)"),
        note="payback of the Progressive Payout Wager for the approved paytables",
    ),
    PublishedFigure(
        id="688a-base", chapter="688a", wager="base", paytable=None, measure=Measure.PAYBACK,
        basis=Basis.UNSTATED, percent="98.404", source=RAF_125_223, citation=cite("688a.7(d)"),
        note="expected payback of the required wager",
    ),
    *_series(
        "688a-ace-high", "688a", "ace_high", ("1", "2", "3", "4", "5"),
        ("96.425", "95.233", "94.169", "93.141", "92.647"), Measure.PAYBACK, Basis.UNSTATED, "688a.12(b)",
        "expected payback of the Ace High Bonus on one of its paytables",
    ),
    *_series(
        "688a-fortune", "688a", "fortune", ("1", "2", "3", "4", "5", "6"),
        ("93.94", "94.15", "94.10", "93.41", "92.62", "94.10"), Measure.MAXIMUM_PAYBACK, Basis.UNSTATED,
        "688a.12(c)", "the most the Fortune Bonus returns on one of its paytables",
    ),
    *_series(
        "688a-progressive", "688a", "progressive", ("1", "2", "3", "4", "5", "6", "7"),
        ("75.751", "78.073", "75.568", "91.937", "80.962", "75.349", "75.746"), Measure.PAYBACK, Basis.LONG_RUN,
        "688a.12(d)", "payback percentage of the Progressive Wager on one of its paytables",
    ),
)  # fmt: skip


def figures(chapter: str | None = None) -> tuple[PublishedFigure, ...]:
    """The Board's figures, of one chapter or all, in the register's order."""
    return tuple(figure for figure in FIGURES if chapter is None or figure.chapter == chapter)


def figure(figure_id: str) -> PublishedFigure:
    """One figure by id; KeyError if none."""
    for candidate in FIGURES:
        if candidate.id == figure_id:
            return candidate
    raise KeyError(f"the register holds no Board figure '{figure_id}'")
