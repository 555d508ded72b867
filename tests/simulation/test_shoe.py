"""The real shoe: cover card, burn card, reshuffle at the cover card, batches, continuous shuffler."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from pacomply.engine.cards import shoe_cards
from pacomply.engine.simulation.shoe import MAX_PENETRATION, Shoe, ShoeSpec
from pacomply.regulations.rulebook import Shuffler


def _generator(seed: int = 11) -> np.random.Generator:
    return np.random.default_rng(seed)


def _deal_shoe(shoe: Shoe) -> list:
    """Every card of the current shoe up to and including the round that brings out the cover card."""
    dealt = []
    while not shoe.cover_card_out:
        dealt.append(shoe.draw())
    return dealt


def test_686a_5_d_cover_card_at_least_a_quarter_in_from_the_bottom() -> None:
    spec = ShoeSpec(decks=6, penetration_min=0.5, penetration_max=MAX_PENETRATION)
    shoe = Shoe(spec, _generator())
    size = spec.cards_per_batch
    positions = set()
    for _ in range(200):
        shoe.begin_round()
        # At least a quarter of the stack stays behind the cover card (§ 686a.5(d)).
        assert size - shoe.cover_position >= size / 4
        assert shoe.cover_position >= int(0.5 * size)
        positions.add(shoe.cover_position)
        _deal_shoe(shoe)
    assert len(positions) > 20, "the cover card's position is drawn across the permitted range"


def test_686a_5_d_cover_card_deeper_than_three_quarters_is_refused() -> None:
    spec = ShoeSpec(decks=6, penetration_min=0.8, penetration_max=0.8)
    assert any("1/4 of the way in from the bottom" in problem for problem in spec.problems())
    with pytest.raises(ValueError, match="penetration"):
        Shoe(spec, _generator())


def test_686a_7_c_first_card_of_each_shoe_is_burnt() -> None:
    shoe = Shoe(ShoeSpec(decks=6), _generator())
    assert shoe.cards_dealt == 1, "the burn card is out before the first round"
    dealt = _deal_shoe(shoe)
    # The cover card sits behind floor(0.75 * 312) = 234 cards, the burn card among them.
    assert len(dealt) == int(0.75 * 312) - 1
    shoe.begin_round()
    assert shoe.shoes_dealt == 2 and shoe.cards_dealt == 1


def test_686a_7_d_round_in_progress_is_completed_past_the_cover_card() -> None:
    shoe = Shoe(ShoeSpec(decks=1), _generator())
    _deal_shoe(shoe)
    assert shoe.cover_card_out
    before = shoe.cards_dealt
    shoe.draw()  # the round in progress still gets its cards
    assert shoe.cards_dealt == before + 1 and shoe.shoes_dealt == 1
    shoe.begin_round()  # the next round starts from a reshuffled shoe
    assert shoe.shoes_dealt == 2 and not shoe.cover_card_out


def test_686a_7_d_no_reshuffle_before_the_cover_card() -> None:
    shoe = Shoe(ShoeSpec(decks=6), _generator())
    for _ in range(10):
        shoe.begin_round()
        shoe.draw()
    assert shoe.shoes_dealt == 1 and shoe.cards_dealt == 11


def test_686a_5_a_each_shoe_is_the_whole_batch_shuffled() -> None:
    spec = ShoeSpec(decks=2, jokers_per_deck=1, penetration_min=0.75)
    shoe = Shoe(spec, _generator())
    order = [shoe.draw() for _ in range(spec.cards_per_batch - 1)]  # the burn card is already out
    expected = Counter(shoe_cards(2, jokers_per_deck=1))
    dealt = Counter(order)
    assert sum((expected - dealt).values()) == 1, "all but the burn card came out, each as often as the batch holds"
    assert not dealt - expected


def test_686a_3_b_two_batches_alternate_shoe_by_shoe() -> None:
    shoe = Shoe(ShoeSpec(decks=6, shuffler=Shuffler.AUTOMATED, batches=2), _generator())
    seen = [shoe.batch_in_play]
    for _ in range(4):
        _deal_shoe(shoe)
        shoe.begin_round()
        seen.append(shoe.batch_in_play)
    assert seen == [0, 1, 0, 1, 0]


def test_686a_3_a_one_batch_is_always_the_same_batch() -> None:
    shoe = Shoe(ShoeSpec(decks=6), _generator())
    _deal_shoe(shoe)
    shoe.begin_round()
    assert shoe.batch_in_play == 0


def test_686a_3_a_continuous_shuffler_deals_every_round_from_the_whole_batch() -> None:
    shoe = Shoe(ShoeSpec(decks=1, shuffler=Shuffler.CONTINUOUS), _generator())
    for _ in range(100):
        shoe.begin_round()
        hand = [shoe.draw() for _ in range(40)]
        assert len(set(hand)) == 40, "no card twice within a round from a one-deck batch"
        assert not shoe.cover_card_out, "a continuous shuffler has no cover card"
    assert shoe.shoes_dealt == 0, "no shoe is ever started: the device holds the cards"


def test_same_generator_seed_deals_the_same_shoe() -> None:
    first = Shoe(ShoeSpec(decks=6), _generator(5))
    second = Shoe(ShoeSpec(decks=6), _generator(5))
    other = Shoe(ShoeSpec(decks=6), _generator(6))
    cards = [first.draw() for _ in range(50)]
    assert cards == [second.draw() for _ in range(50)]
    assert cards != [other.draw() for _ in range(50)]


def test_633a_14_f_a_round_the_shoe_runs_out_during_is_completed_from_the_shuffled_discard_rack():
    """§ 633a.14(f) (§ 685a.12(e), § 686a.9(b)): too few cards left for the round, the discards (burn card and the
    earlier rounds' cards) are shuffled and cut, one burnt, and the round goes on; the round's own cards stay out."""
    from pacomply.engine.simulation.shoe import ShoeExhausted

    shoe = Shoe(ShoeSpec(decks=1), _generator(29))
    shoe.begin_round()
    first_round = [shoe.draw() for _ in range(30)]  # the cover card (39 cards in) is not reached
    assert not shoe.cover_card_out
    shoe.begin_round()
    second_round = [shoe.draw() for _ in range(30)]  # 21 cards are left: the last 9 come from the discard rack
    assert shoe.discard_reshuffles == 1 and shoe.cover_card_out
    # One deck: no card of a round is dealt twice, and the 9 drawn after the shuffle were in the rack: the first
    # round's cards, or the card burnt when the deck went into the shoe (at most one).
    assert len(set(second_round)) == 30
    assert len(set(second_round[21:]) - set(first_round)) <= 1
    # The next round starts a new shoe of the whole deck.
    shoe.begin_round()
    assert len({shoe.draw() for _ in range(51)}) == 51
    # A round that needs more than the whole deck cannot be completed.
    shoe = Shoe(ShoeSpec(decks=1), _generator(29))
    shoe.begin_round()
    with pytest.raises(ShoeExhausted):
        for _ in range(53):
            shoe.draw()


def _state(shoe: Shoe) -> tuple:
    return (shoe.cards_dealt, shoe.cover_card_out, shoe.shoes_dealt, shoe.discard_reshuffles, shoe.batch_in_play)


@pytest.mark.parametrize(
    "spec",
    [
        ShoeSpec(decks=1, jokers_per_deck=1, burn_cards=0),  # a Pai Gow deck: 49 of 53 cards a round
        ShoeSpec(decks=1),  # runs out mid-round: the discard rack is shuffled in
        ShoeSpec(decks=6, shuffler=Shuffler.AUTOMATED, batches=2, penetration_min=0.5),
        ShoeSpec(decks=2, shuffler=Shuffler.CONTINUOUS),
    ],
    ids=["pai-gow-deck", "short-shoe", "two-batches", "continuous"],
)
def test_dealing_several_cards_at_once_deals_what_as_many_draws_deal(spec: ShoeSpec) -> None:
    """A round that takes its cards in one call (Pai Gow's 49) gets the cards, and leaves the shoe (cover card,
    reshuffles, discard rack) as one draw per card would, round after round, the same generator seed in both."""
    at_once, one_by_one = Shoe(spec, _generator(31)), Shoe(spec, _generator(31))
    round_sizes = [49, 30, 7, 49, 0, 12, 49, 3] * 6 if spec.cards_per_batch >= 49 else [30, 7, 12, 3] * 12
    for size in round_sizes:
        at_once.begin_round()
        one_by_one.begin_round()
        assert at_once.draw_indices(size) == [one_by_one.draw().index for _ in range(size)]
        assert _state(at_once) == _state(one_by_one)
    assert one_by_one.shoes_dealt > 2 or spec.shuffler == Shuffler.CONTINUOUS
