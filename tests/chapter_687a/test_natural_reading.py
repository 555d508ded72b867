"""§ 687a.12(d)'s Natural column read two ways (reading 687a-natural-hand): a deuce standing as a two leaves a hand
natural (relied on, 93.843 % on DJWT-04), or a Natural hand holds no wild card at all (91.2506 %).

The expected figures are counted here through the evaluator's own batch functions over every five-card hand of the
53-card deck (the standard evaluator for a hand without wild cards, the deuces-wild evaluator for the rest), an
independent path from the Trips pricing, which reads the hand table's natural values and reachable categories.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
from pacomply.checker.wager_math import analyse
from pacomply.engine.cards import Card
from pacomply.engine.evaluator import HandCategory, WildHandCategory, standard_values
from pacomply.engine.evaluator.categories import CATEGORY_SHIFT
from pacomply.engine.evaluator.deuces_wild import deuces_wild_values
from pacomply.engine.games.dj_wild_stud_poker import category_key
from pacomply.regulations.chapter_687a import RULEBOOK, TRIPS_ODDS

JOKER = 52


def _no_wild_card_return(paytable: str) -> Fraction:
    """Every hand without a deuce or the joker is paid from the Natural column by its standard category; every other
    hand from the With Wild column by its best wild category (each With Wild column pays more for a higher hand)."""
    natural, with_wild = TRIPS_ODDS[paytable]
    deuces = [index for index in range(52) if Card.from_index(index).rank == 2]
    hands = np.array(list(itertools.combinations(range(53), 5)), dtype=np.uint8)
    wild = np.isin(hands, [*deuces, JOKER]).any(axis=1)
    paid = 0
    categories = standard_values(hands[~wild]).astype(np.int64) >> CATEGORY_SHIFT
    for value, count in zip(*np.unique(categories, return_counts=True), strict=True):
        paid += natural.get(HandCategory(int(value)).name.lower(), -1) * int(count)
    categories = deuces_wild_values(hands[wild]).astype(np.int64) >> CATEGORY_SHIFT
    for value, count in zip(*np.unique(categories, return_counts=True), strict=True):
        paid += with_wild.get(category_key(WildHandCategory(int(value))), -1) * int(count)
    return 1 + Fraction(paid, len(hands))


def test_687a_12_d_the_readings_wild_columns_pay_more_for_a_higher_hand():
    # The counting above takes a hand's best wild category as its best-paid one: true of every With Wild column.
    order = [category_key(category) for category in sorted(WildHandCategory, reverse=True)]
    for _, with_wild in TRIPS_ODDS.values():
        pays = [with_wild[key] for key in order if key in with_wild]
        assert pays == sorted(pays, reverse=True)


@pytest.mark.slow
@pytest.mark.parametrize("paytable", ["DJWT-04", "DJWT-05", "DJWT-06"])
def test_687a_12_d_natural_column_priced_under_both_readings(paytable: str):
    [row] = analyse("687a", "trips", paytable, 1)
    priced = {p.candidate: p for p in row.priced_readings if p.reading == "687a-natural-hand"}
    assert set(priced) == {"deuce-as-itself", "no-wild-card"}
    assert priced["deuce-as-itself"].relied_on and not priced["no-wild-card"].relied_on
    assert priced["no-wild-card"].exact_return == _no_wild_card_return(paytable)
    # The review's own figure is the relied-on reading's.
    assert float(priced["deuce-as-itself"].exact_return) == pytest.approx(row.return_, abs=1e-12)  # type: ignore[arg-type]


def test_687a_12_d_djwt_04_natural_readings_are_93_843_and_91_2506_percent():
    # The two figures of the issue: 93.843 % with a deuce standing as itself, 91.2506 % with no wild card at all
    # (rounded here from the exact returns; the slow test above counts the second one hand by hand).
    [row] = analyse("687a", "trips", "DJWT-04", 1)
    priced = {p.candidate: p.exact_return for p in row.priced_readings if p.reading == "687a-natural-hand"}
    assert f"{float(priced['deuce-as-itself']) * 100:.3f}" == "93.843"  # type: ignore[arg-type]
    assert f"{float(priced['no-wild-card']) * 100:.4f}" == "91.2506"  # type: ignore[arg-type]
    reading = RULEBOOK.reading("687a-natural-hand")
    assert reading.relied_on == "deuce-as-itself"
    assert "687a.6(b)" in reading.reason  # why: wild cards may, not must, take another rank
