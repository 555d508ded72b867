"""House edge of the 685a Down Under Blackjack Bet Wager under optimal play given the Masque range.

See the package docstring for the rules as read, the method and the approximation.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import numpy as np
from pacomply.engine.analysis.blackjack.analyzer import (
    POST_SPLIT_ACTIONS,
    post_split_play,
    split_sweep,
    split_value,
    sweep_every_hand,
)
from pacomply.engine.analysis.blackjack.combinatorics import ACE, RANKS, TEN, full_shoe, player_compositions
from pacomply.engine.analysis.blackjack.core import (
    BaseGameRecord,
    dealer_table,
    hands_dealt_from,
    kernels,
    two_card_hands,
)
from pacomply.engine.analysis.blackjack.core import (
    two_card_index as index_of_two_cards,
)

CITATION = "58 Pa. Code § 685a.7"
PERMITTED_DECKS = (4, 5, 6, 8)  # 685a.3(a)

SMALL = (1, 2, 3, 4)  # 2-5 (blue light, 685a.3(e)(1))
MEDIUM = (5, 6, 7, 8)  # 6-9 (red light)
LARGE = (TEN, ACE)  # 10-A (yellow light)

# (topic, choice, reason, citation)
READINGS: tuple[tuple[str, str, str, str], ...] = (
    (
        "what the players know before acting",
        "the up card and the Masque range of the hole card (Small 2-5, Medium 6-9, Large 10-A); when the up "
        "card and the hole card are both Large the hole card itself is exposed",
        "685a.3(e) assigns the range before any action; 685a.7(h) exposes the hole card when both dealer cards "
        "are Large",
        "58 Pa. Code § 685a.3(e), § 685a.7(h)",
    ),
    (
        "dealer Blackjack",
        "settled before any player action (a dealer Blackjack needs two Large cards, so it is always exposed): "
        "the player's Bet Wager loses, or pushes against a player Blackjack",
        "685a.7(h)(1)-(2)",
        "58 Pa. Code § 685a.7(h)",
    ),
    (
        "dealer ace pair",
        "an up card ace with an ace in the hole is a dealer 22 (both aces count 11), not a soft 12",
        "685a.3(d)(3) counts each ace as 11 unless that would put the dealer over 22, and two aces counted 11 make "
        "22, which is not over 22; the dealer then stands (685a.7(m)). The soft-12 reading is priced beside it",
        "58 Pa. Code § 685a.3(d)(3), § 685a.7(m)",
    ),
    (
        "dealer 22: 'exactly two original Large value range cards'",
        "a hand wins against a dealer 22 if it totals 21 (any number of cards, split hands included) or if it is "
        "the player's two original cards, both Large, with no card drawn (e.g. 10-K standing, or A-A standing); "
        "split and doubled hands do not count as two original cards",
        "685a.7(n)(1) pays 'exactly two original' Large cards; a drawn or split hand no longer holds exactly the "
        "two original cards",
        "58 Pa. Code § 685a.7(n)(1)",
    ),
    (
        "busted hands against a dealer 22",
        "a busted hand loses even when the dealer makes 22",
        "685a.7(q)(1) collects a Bet Wager whose hand exceeds 21; 685a.12(h) treats returning busted wagers as "
        "an exception, so they are not among the 'remaining' wagers 685a.7(n)(1) returns",
        "58 Pa. Code § 685a.7(n)(1), (q)(1), § 685a.12(h)",
    ),
    (
        "player Blackjack",
        "paid 3 to 2 at once unless the dealer has an exposed Blackjack, even if the dealer later makes 22",
        "685a.7(i)(1) pays it before the players act",
        "58 Pa. Code § 685a.7(i)(1), § 685a.11(a)",
    ),
    (
        "doubling and splitting",
        "double on any first two cards including after the split; one split (two hands) of cards identical in "
        "value; split aces receive one card each; no surrender",
        "685a.9(a), 685a.10(a), (c), (e), 685a.7(i)(2)",
        "58 Pa. Code § 685a.9, § 685a.10",
    ),
    (
        "insurance",
        "a separate wager (not part of the Bet Wager's edge); its house edge is given separately",
        "685a.8 settles it on the hole card being ten-valued, before the Masque reading",
        "58 Pa. Code § 685a.8",
    ),
)


@dataclass(frozen=True)
class DownUnderAnalysis(BaseGameRecord):
    """House edge of the Bet Wager (docs/math.md ``edge`` fields)."""

    decks: int
    insurance_house_edge: float
    dealer_ace_pair_is_22: bool
    citation: str = CITATION
    readings: tuple[tuple[str, str, str, str], ...] = READINGS

    def edge_json(self) -> list[dict[str, object]]:
        """The docs/math.md ``edge`` objects for the ``base`` and ``insurance`` wagers."""
        base = self.base_record("685a", self.decks, self.citation, self.readings)
        insurance: dict[str, object] = dict(
            base,
            wager="insurance",
            house_edge=self.insurance_house_edge,
            element_of_risk=self.insurance_house_edge,
            **{"return": 1.0 - self.insurance_house_edge},
            citation="58 Pa. Code § 685a.8",
            reading=None,
        )
        return [base, insurance]


def hole_classes(up: int) -> tuple[tuple[int, ...], ...]:
    """What the players can learn about the hole card: its range, or the card itself when both are Large."""
    if up in LARGE:
        return SMALL, MEDIUM, (TEN,), (ACE,)
    return SMALL, MEDIUM, LARGE


def _is_dealer_blackjack(up: int, hole: tuple[int, ...]) -> bool:
    return (up, hole) in ((ACE, (TEN,)), (TEN, (ACE,)))


@dataclass(frozen=True)
class ClassPolicy:
    """The optimal decisions for one up card and one hole-card class (gathered by :func:`policy_tables`).

    Action codes: 0 stand, 1 hit, 2 double, 3 split.
    """

    two_card: np.ndarray  # (10, 10) action for the two-card hand (a, b)
    hit_more: np.ndarray  # (C,) True where a composition of three or more cards should hit
    post_split: np.ndarray  # (10, 10) action for pair card + second card after the split
    split_hit_more: np.ndarray  # (10, C) hit/stand after drawing to a post-split hand, per pair


def _class_solution(
    decks: int, up: int, hole: tuple[int, ...], ace_pair_is_22: bool, double_after_split: bool = True
) -> tuple[dict[tuple[int, int], tuple[float, float]], ClassPolicy]:
    """Optimal (EV, expected wager) of each non-Blackjack two-card hand, given the hole-card class.

    Solved once per process for each class: the cache is keyed by every argument spelled out, so the analysis
    (which passes ``double_after_split``) and the simulator's policy and the spread (which leave it at its default)
    share one solution instead of each solving the class again."""
    return _solved_class(decks, up, hole, ace_pair_is_22, double_after_split)


@lru_cache(maxsize=256)
def _solved_class(
    decks: int, up: int, hole: tuple[int, ...], ace_pair_is_22: bool, double_after_split: bool
) -> tuple[dict[tuple[int, int], tuple[float, float]], ClassPolicy]:
    k = kernels()
    comps = player_compositions()
    shoe = full_shoe(decks)
    shoe[up] -= 1
    # The conventional candidate counts an ace 11 only up to 21 (A-6-5 is a hard 12 that draws); as written an ace
    # counts 11 up to 22 (685a.3(d)(3)), so A-A and A-6-5 are a dealer 22.
    key = (up, hole, False, 22, ace_pair_is_22, False, None if ace_pair_is_22 else 21)
    allowed = np.array([r in hole for r in range(RANKS)], dtype=np.bool_)
    dist = dealer_table(shoe, key)
    stand, hit, double, hit_wager = sweep_every_hand(shoe, dist, allowed, dealer_22_pushes=False)
    split_values: dict[int, tuple[float, float]] = {}
    two_card_action = np.zeros((RANKS, RANKS), dtype=np.int64)
    post_action = np.zeros((RANKS, RANKS), dtype=np.int64)
    split_hit_more = np.zeros((RANKS, len(comps.counts)), dtype=np.bool_)
    for pair in range(RANKS):
        if shoe[pair] < 2:
            continue
        # 685a.10(e): one card to each split ace; 685a.9(a): doubling is allowed on the hands of a split
        sweep = split_sweep(shoe, key, pair, allowed)
        post, choices = post_split_play(sweep, may_draw=pair != ACE, may_double=lambda _composition: double_after_split)
        split_hit_more[pair] = sweep.hit > sweep.stand
        post_action[pair] = [POST_SPLIT_ACTIONS[choices[second]] for second in range(RANKS)]
        pre = sweep.pre_split_shoe()
        split_values[pair] = split_value(2, pair, pre, allowed, post)  # 685a.10(c): one split only

    values: dict[tuple[int, int], tuple[float, float]] = {}
    for a, b in two_card_hands():
        if (a, b) == (ACE, TEN):
            continue
        i = index_of_two_cards(comps, a, b)
        stand_ev = stand[i]
        if a in LARGE and b in LARGE:
            stand_ev = k.stand_value(int(comps.total[i]), dist[i], dist.shape[1], True, False)
        candidates = [(stand_ev, 1.0), (hit[i], hit_wager[i]), (double[i], 2.0)]
        if a == b and a in split_values:
            candidates.append(split_values[a])
        best = max(range(len(candidates)), key=lambda n: candidates[n][0])
        values[(a, b)] = candidates[best]
        two_card_action[a, b] = two_card_action[b, a] = best
    policy = ClassPolicy(two_card_action, hit > stand, post_action, split_hit_more)
    return values, policy


@dataclass(frozen=True)
class PolicyTables:
    """The optimal decisions of every up card and hole-card class, as tables a dealing loop looks up.

    Indexed by the rank index (0 ace, 1-8 two to nine, 9 ten-valued) and the hole class (the position in
    :func:`hole_classes`); action codes 0 stand, 1 hit, 2 double, 3 split. ``two_card_index[a][b]`` is the player
    composition of the two cards, ``child[c][r]`` the composition after drawing rank ``r`` (-1 a bust) and
    ``total[c]`` its best total. Nested lists: a Python dealing loop indexes them faster than numpy scalars.
    """

    two_card: list[list[list[list[int]]]]  # [up][class][a][b]
    hit_more: list[list[list[bool]]]  # [up][class][composition], hands of three or more cards
    post_split: list[list[list[list[int]]]]  # [up][class][pair][second card]
    split_hit_more: list[list[list[list[bool]]]]  # [up][class][pair][composition]
    two_card_index: list[list[int]]
    child: list[list[int]]
    total: list[int]


def policy_tables(decks: int, dealer_ace_pair_is_22: bool = True) -> PolicyTables:
    """The decisions :func:`analyse_down_under` values, for the real-shoe simulator to play (a few seconds)."""
    comps = player_compositions()
    n = len(comps.counts)
    two_card = np.zeros((RANKS, 4, RANKS, RANKS), dtype=np.int64)
    hit_more = np.zeros((RANKS, 4, n), dtype=np.bool_)
    post = np.zeros((RANKS, 4, RANKS, RANKS), dtype=np.int64)
    split_hit_more = np.zeros((RANKS, 4, RANKS, n), dtype=np.bool_)
    for up in range(RANKS):
        for ci, hole in enumerate(hole_classes(up)):
            if _is_dealer_blackjack(up, hole):
                continue
            _, policy = _class_solution(decks, up, hole, dealer_ace_pair_is_22)
            two_card[up, ci] = policy.two_card
            hit_more[up, ci] = policy.hit_more
            post[up, ci] = policy.post_split
            split_hit_more[up, ci] = policy.split_hit_more
    two_card_index = np.zeros((RANKS, RANKS), dtype=np.int64)
    for a in range(RANKS):
        for b in range(RANKS):
            two_card_index[a, b] = index_of_two_cards(comps, a, b)
    return PolicyTables(
        two_card.tolist(),
        hit_more.tolist(),
        post.tolist(),
        split_hit_more.tolist(),
        two_card_index.tolist(),
        comps.child.tolist(),
        comps.total.tolist(),
    )


@lru_cache(maxsize=16)
def analyse_down_under(
    decks: int = 6, dealer_ace_pair_is_22: bool = True, double_after_split: bool = True
) -> DownUnderAnalysis:
    """Exact house edge of the 685a Bet Wager with optimal (composition-dependent) play given the range.

    ``double_after_split=False`` prices a game without doubling after a split (685a.9(a) allows it): a candidate
    rule set the Board's published hold could rest on, never the chapter's own figure."""
    if decks not in PERMITTED_DECKS:
        raise ValueError(f"685a.3(a) permits 4, 5, 6 or 8 decks, not {decks}")
    shoe = full_shoe(decks)
    size = int(shoe.sum())
    blackjack_pays = float(Fraction(3, 2))  # 685a.11(a)
    total_ev = 0.0
    total_wager = 0.0
    for up in range(RANKS):
        p_up = shoe[up] / size
        after_up = shoe.copy()
        after_up[up] -= 1
        classes = hole_classes(up)
        values = {
            hole: _class_solution(decks, up, hole, dealer_ace_pair_is_22, double_after_split)[0]
            for hole in classes
            if not _is_dealer_blackjack(up, hole)
        }
        for a, b, p_hand, rest, left in hands_dealt_from(after_up):
            player_blackjack = (a, b) == (ACE, TEN)
            for hole in classes:
                p_hole = sum(rest[r] for r in hole) / left
                if p_hole == 0:
                    continue
                if _is_dealer_blackjack(up, hole):
                    ev, wager = (0.0 if player_blackjack else -1.0), 1.0
                elif player_blackjack:
                    ev, wager = blackjack_pays, 1.0
                else:
                    ev, wager = values[hole][(a, b)]
                total_ev += p_up * p_hand * p_hole * ev
                total_wager += p_up * p_hand * p_hole * wager
    edge = -total_ev
    from pacomply.engine.analysis.blackjack.analyzer import insurance_edge

    return DownUnderAnalysis(
        decks=decks,
        house_edge=float(edge),
        element_of_risk=float(edge / total_wager),
        expected_total_wagered=float(total_wager),
        insurance_house_edge=insurance_edge(decks),
        dealer_ace_pair_is_22=dealer_ace_pair_is_22,
    )
