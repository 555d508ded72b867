"""The Board's published figures for the chapters pacomply covers: law as data, each with its source.

When the Pennsylvania Gaming Control Board adopted these chapters it published house-edge, hold and payback
figures in the rulemaking's preamble or its Regulatory Analysis Form. They are not part of the Code, but a reviewer
expects a filing's math to agree with them, so pacomply reconciles each one with its own exact figures
(``checker.reconciliation``; ``pacomply published``).

Every figure here is copied digit for digit as the Board printed it, as a decimal string, so that the printed
precision is kept: "reproduced" means equal at that precision. Nothing else is copied from the Board's sentences:
``note`` says in our words what the figure covers. ``citation`` is the subsection of the chapter that sets the wager
or paytable the figure belongs to.

This module holds what a figure is and where it was published; each chapter's rows are in its own module
(``regulations/published_figures/chapter_NNNa.py``, the descriptor's ``published_figures_module``), and
``FIGURES`` joins them in chapter order.
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
    published: date | None
    """The date of the document (filed, submitted or published, as ``document`` says); None where no document
    is held (:data:`NOT_PUBLISHED`)."""
    item: str
    """Where in the document the figure is."""

    def __str__(self) -> str:
        if self.published is None:
            return f"{self.key}: {self.document}"
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
    published=None,
    item="none",
)


def series(
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


def __getattr__(name: str) -> tuple[PublishedFigure, ...]:
    """``FIGURES``: every supported chapter's figures, chapter by chapter in id order, each chapter's in the order its
    own module lists them (``FIGURES`` of its published-figures module, ``regulations.chapters``)."""
    if name != "FIGURES":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from pacomply.regulations import chapters

    return tuple(row for descriptor in chapters.chapters() for row in descriptor.load("published figures"))


def figures(chapter: str | None = None) -> tuple[PublishedFigure, ...]:
    """The Board's figures, of one chapter or all, in the register's order."""
    every: tuple[PublishedFigure, ...] = globals().get("FIGURES") or __getattr__("FIGURES")
    return tuple(figure for figure in every if chapter is None or figure.chapter == chapter)


def figure(figure_id: str) -> PublishedFigure:
    """One figure by id; KeyError if none."""
    for candidate in figures():
        if candidate.id == figure_id:
            return candidate
    raise KeyError(f"the register holds no Board figure '{figure_id}'")
