"""The rule choices a 633a Rules Submission makes for the base game, and the readings the analyzer takes.

Defaults are the chapter's own rules where it fixes them (dealer stands on all 17s, Blackjack pays 3 to 2,
the dealer checks for Blackjack with the card reader, doubling on any first two cards and after a split,
late surrender) and a common filing choice where the chapter leaves the number to the filing (633a.11(c):
how many times pairs may be split).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum, unique
from fractions import Fraction

CHAPTER_633A = "58 Pa. Code § 633a"


@unique
class DoubleOn(StrEnum):
    """Which first two cards may be doubled."""

    ANY_TWO_CARDS = "any_two_cards"
    """Any first two cards except a Blackjack (633a.10(a))."""
    NINE_TO_ELEVEN = "nine_to_eleven"
    """Hard 9, 10 or 11 only (a comparison rule; not the chapter's)."""
    TEN_OR_ELEVEN = "ten_or_eleven"
    """Hard 10 or 11 only (a comparison rule; not the chapter's)."""


@dataclass(frozen=True)
class BlackjackRules:
    """One set of base-game rules to analyse. Field defaults are 633a's rules (see the module docstring)."""

    decks: int = 6
    dealer_hits_soft_17: bool = False
    blackjack_pays: Fraction = Fraction(3, 2)
    late_surrender: bool = True
    double_after_split: bool = True
    double_on: DoubleOn = DoubleOn.ANY_TWO_CARDS
    max_split_hands: int = 4
    resplit_aces: bool = False
    hit_split_aces: bool = False
    dealer_peeks: bool = True
    even_money: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.decks <= 8:
            raise ValueError("the analyzer handles 1 to 8 decks")
        if not 1 <= self.max_split_hands <= 4:
            raise ValueError("max_split_hands is 1 (no splitting) to 4")
        if self.blackjack_pays <= 0:
            raise ValueError("blackjack_pays is a positive odds ratio such as Fraction(3, 2)")
        if not self.dealer_peeks:
            # 633a.2(f) and 633a.7(h) require the card reader check, so every 633a game peeks.
            raise ValueError("633a requires the dealer to check for Blackjack with the card reader (633a.7(h))")

    @property
    def takes_even_money(self) -> bool:
        """Whether a Blackjack against a dealer ace takes even money where it is offered: 1 for sure against
        (1 - P(dealer Blackjack)) × the Blackjack odds for declining, with the up ace and the player's ace and ten
        out of a full shoe. Decided here once, for the analysis and for the simulation that cross-checks it."""
        if not self.even_money:
            return False
        dealer_blackjack = Fraction(16 * self.decks - 1, 52 * self.decks - 3)
        return (1 - dealer_blackjack) * self.blackjack_pays < 1

    def with_changes(self, **changes: object) -> BlackjackRules:
        """A copy with some fields changed."""
        return replace(self, **changes)  # type: ignore[arg-type]


# (topic, choice, reason, citation) — shown in reports next to the figures.
READINGS: tuple[tuple[str, str, str, str], ...] = (
    (
        "surrender timing",
        "late surrender: surrender is offered after the dealer has checked for Blackjack",
        "633a.7(h) settles a dealer Blackjack with the card reader before any player decision (633a.7(i)); "
        "633a.9(a)(2) only says how a surrendered wager is held when the check has not yet been made",
        "58 Pa. Code § 633a.7(h), § 633a.9",
    ),
    (
        "dealer Blackjack after doubling or splitting",
        "the player never loses more than the original wager to a dealer Blackjack",
        "the dealer peeks before any double or split, and 633a.10(b)/633a.11(d) cap the loss at the original wager",
        "58 Pa. Code § 633a.10(b), § 633a.11(d)",
    ),
    (
        "split aces",
        "split aces get one card each and may not be split again, unless the figure's rules say otherwise",
        "633a.11(c) leaves the number of splits 'including aces' to the Rules Submission and does not "
        "restrict drawing to split aces; the figure follows the common filing, and either rule can be priced the "
        "other way",
        "58 Pa. Code § 633a.11(c)",
    ),
    (
        "split limit",
        "up to four hands after splitting, unless the figure's rules say fewer",
        "633a.11(c) leaves the number of splits to the Rules Submission; the analysis models at most four hands",
        "58 Pa. Code § 633a.11(c)",
    ),
    (
        "ten-valued pairs",
        "any two ten-valued cards may be split (e.g. a king and a 10)",
        "633a.11(a) allows splitting cards identical in value and gives a king and a 10 as its example",
        "58 Pa. Code § 633a.11(a)",
    ),
    (
        "even money",
        "where offered, the player takes even money whenever it beats keeping the Blackjack (it does when "
        "Blackjack pays 6 to 5)",
        "633a.8(e) lets the filing offer even money to a Blackjack against an ace; pacomply values "
        "player choices the way that pays the player most",
        "58 Pa. Code § 633a.8(e)",
    ),
    (
        "shuffle",
        "every round is dealt from a full shoe (no cut-card effect)",
        "the house edge of the rules, not of a shoe's depletion, is what the filing is judged on",
        "58 Pa. Code § 633a.5",
    ),
)
