"""Hand categories of every ranking pacomply evaluates, and the packed hand value they share.

A *hand value* is one non-negative ``int``: ``category << 20 | tiebreak``. Larger is better, so comparing two
values of the same ranking (standard, DJ Wild, Pai Gow) compares the hands. The ``tiebreak`` holds rank indices
(0 two .. 12 ace) four bits each in order of significance, except straights and straight flushes, whose tiebreak
is ``2 * top_rank_index`` with the five-high straight placed where its ranking puts it (lowest in standard poker
and DJ Wild, 58 Pa. Code § 687a.6(a); second highest in Pai Gow, § 645a.6(b)(3) and (7)).

Category numbers differ between rankings because the regulations order the rare hands differently: DJ Wild puts
five of a kind below a royal flush (§ 687a.12 paytables), Face Up Pai Gow's fully wild joker puts it above
(§ 688a.6(f)).
"""

from __future__ import annotations

from enum import IntEnum, unique

CATEGORY_SHIFT = 20
TIEBREAK_MASK = (1 << CATEGORY_SHIFT) - 1


@unique
class HandCategory(IntEnum):
    """Standard five-card poker categories, lowest to highest (the 7,462 classes fall into these)."""

    HIGH_CARD = 0
    """No pair."""
    PAIR = 1
    """One pair."""
    TWO_PAIR = 2
    """Two pairs."""
    THREE_OF_A_KIND = 3
    """Three cards of one rank."""
    STRAIGHT = 4
    """Five consecutive ranks, not all one suit (A-2-3-4-5 is the lowest)."""
    FLUSH = 5
    """Five cards of one suit, not consecutive."""
    FULL_HOUSE = 6
    """Three of a kind and a pair."""
    FOUR_OF_A_KIND = 7
    """Four cards of one rank."""
    STRAIGHT_FLUSH = 8
    """Five consecutive cards of one suit, other than a royal flush."""
    ROYAL_FLUSH = 9
    """A-K-Q-J-10 of one suit (the highest straight flush, kept apart because paytables pay it apart)."""


@unique
class WildHandCategory(IntEnum):
    """DJ Wild Stud Poker categories (58 Pa. Code § 687a.6(c) and the § 687a.12 paytables), lowest to highest."""

    HIGH_CARD = 0
    """No pair."""
    PAIR = 1
    """One pair."""
    TWO_PAIR = 2
    """Two pairs."""
    THREE_OF_A_KIND = 3
    """Three of a kind."""
    STRAIGHT = 4
    """Straight."""
    FLUSH = 5
    """Flush."""
    FULL_HOUSE = 6
    """Full house."""
    FOUR_OF_A_KIND = 7
    """Four of a kind."""
    STRAIGHT_FLUSH = 8
    """Straight flush other than a royal flush."""
    FIVE_OF_A_KIND = 9
    """Five cards of one rank (needs a wild card); paid between straight flush and royal flush."""
    ROYAL_FLUSH = 10
    """Royal flush, natural or with wild cards."""
    FIVE_WILDS = 11
    """All five wild cards: the four deuces and the joker (§ 687a.6(c)(1))."""


@unique
class PaiGowCategory(IntEnum):
    """Pai Gow five-card (high hand) categories (58 Pa. Code § 645a.6(b), § 688a.6(b) and (f)), lowest to highest."""

    HIGH_CARD = 0
    """No pair."""
    PAIR = 1
    """One pair."""
    TWO_PAIR = 2
    """Two pairs."""
    THREE_OF_A_KIND = 3
    """Three of a kind."""
    STRAIGHT = 4
    """Straight; A-2-3-4-5 ranks second, below A-K-Q-J-10."""
    FLUSH = 5
    """Flush."""
    FULL_HOUSE = 6
    """Full house."""
    FOUR_OF_A_KIND = 7
    """Four of a kind."""
    STRAIGHT_FLUSH = 8
    """Straight flush other than a royal; A-2-3-4-5 suited is the highest of these."""
    ROYAL_FLUSH = 9
    """A-K-Q-J-10 suited, or K-Q-J-10 suited and the joker."""
    FIVE_OF_A_KIND = 10
    """Four of one rank other than aces and the joker: only with the fully wild joker (§ 688a.6(f)(6))."""
    FIVE_ACES = 11
    """Four aces and the joker."""


@unique
class SevenCardBonusCategory(IntEnum):
    """Seven-card bonus categories for Fortune, Emperor's Treasure and progressive wagers, lowest to highest.

    The Fortune-style rankings (58 Pa. Code § 645a.6(d)-(f), § 688a.6(e)-(f)) put the seven-card hands above five
    aces. Each hand gets exactly one of these; a paytable that does not list a category (three pair outside
    § 688a Fortune, ace-king suited outside Emperor's Treasure) values it as the five-card category it contains,
    which :func:`engine.evaluator.pai_gow.fallback_bonus_category` gives.
    """

    HIGH_CARD = 0
    """No pair."""
    PAIR = 1
    """One pair."""
    TWO_PAIR = 2
    """Two pairs (exactly two)."""
    THREE_PAIR = 3
    """Three pairs among the seven cards (§ 688a.6(b)(9)); otherwise a two-pair hand."""
    THREE_OF_A_KIND = 4
    """Three of a kind."""
    STRAIGHT = 5
    """Straight."""
    FLUSH = 6
    """Flush."""
    FULL_HOUSE = 7
    """Full house."""
    FOUR_OF_A_KIND = 8
    """Four of a kind."""
    STRAIGHT_FLUSH = 9
    """Five-card straight flush other than a royal."""
    ROYAL_FLUSH = 10
    """Royal flush with no suited extra pair that a seven-card category pays."""
    FIVE_OF_A_KIND = 11
    """Four of a rank other than aces and the joker (fully wild joker only)."""
    FIVE_ACES = 12
    """Four aces and the joker."""
    SEVEN_CARD_STRAIGHT_FLUSH_WITH_JOKER = 13
    """Seven suited consecutive cards with the joker completing them."""
    ROYAL_FLUSH_AND_KING_QUEEN_SUITED = 14
    """Royal flush and the other two cards a suited king-queen (Royal Match, § 645a.6(d)(2)(ii), § 688a.6(e)(2))."""
    ROYAL_FLUSH_AND_ACE_KING_SUITED = 15
    """Royal flush and the other two cards a suited ace-king (§ 645a.6(d)(2)(i), § 645a.6(e)(2))."""
    SEVEN_CARD_STRAIGHT_FLUSH_NATURAL = 16
    """Seven suited consecutive cards without the joker (A-2-3-4-5-6-7 is the lowest)."""


def category_of(value: int) -> int:
    """The category number held in a packed hand value."""
    return value >> CATEGORY_SHIFT
