"""The Pai Gow base-game simulation deals each chapter as its rules of play say (``BASE_GAME``, a
``BaseGameDeal``), never by its chapter id: Face Up Pai Gow Poker shows the dealer's hands before the player sets
(§ 688a.11(a)) and pushes on a dealer's Ace High Pai Gow (§ 688a.11(f)(2)(iii)); Pai Gow Poker does neither
(§ 645a.11(c))."""

from __future__ import annotations

import pytest
from pacomply.engine.games import face_up_pai_gow_poker, pai_gow_poker
from pacomply.engine.games.pai_gow_poker import BaseGameDeal
from pacomply.engine.simulation.pai_gow_poker import base_game, simulate_shard
from pacomply.regulations import chapters


def test_688a_11_and_645a_11_c_each_pai_gow_chapter_deals_as_its_rules_of_play_say() -> None:
    assert base_game("688a") == BaseGameDeal(dealer_face_up=True, dealer_ace_high_pushes=True)
    assert base_game("645a") == BaseGameDeal(dealer_face_up=False, dealer_ace_high_pushes=False)


@pytest.mark.parametrize("chapter", chapters.chapter_ids())
def test_a_chapter_whose_rules_of_play_have_no_pai_gow_deal_has_no_base_game_to_simulate(chapter: str) -> None:
    if isinstance(chapters.chapter(chapter).hook("rules of play", "BASE_GAME"), BaseGameDeal):
        assert base_game(chapter) is chapters.chapter(chapter).hook("rules of play", "BASE_GAME")
        return
    with pytest.raises(ValueError, match=f"no Pai Gow base game for chapter {chapter}"):
        base_game(chapter)


def test_688a_11_f_2_iii_the_dealers_ace_high_push_is_the_rules_of_plays_not_the_chapter_ids(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The same seeded deal with the push taken from 688a's rules of play: the rounds where the dealer held an Ace
    # High Pai Gow (counted by the first three Ace High outcomes) are settled instead of pushed, and no Ace High
    # outcome is counted; every other round is dealt and set alike, so its result is unchanged.
    pushing = simulate_shard("688a", 3_000, 688)
    ace_high_rounds = sum(pushing.ace_high[:3])
    assert ace_high_rounds > 0 and sum(pushing.ace_high) == pushing.rounds
    monkeypatch.setattr(
        face_up_pai_gow_poker, "BASE_GAME", BaseGameDeal(dealer_face_up=True, dealer_ace_high_pushes=False)
    )
    settled = simulate_shard("688a", 3_000, 688)
    assert settled.ace_high == (0, 0, 0, 0)
    assert settled.wins >= pushing.wins and settled.losses >= pushing.losses
    regained = (settled.wins - pushing.wins) + (settled.losses - pushing.losses)
    assert regained > 0
    assert settled.pushes == pushing.pushes - regained
    assert regained <= ace_high_rounds


def test_the_645a_players_setting_follows_its_rules_of_play_not_the_chapter_id(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The player who sets the best way against the dealer's known hands wins at least as often as one following
    # the house way, on the same seeded deal, where the setting differs at all.
    house_way = simulate_shard("645a", 3_000, 645)
    monkeypatch.setattr(pai_gow_poker, "BASE_GAME", BaseGameDeal(dealer_face_up=True, dealer_ace_high_pushes=False))
    against_the_dealer = simulate_shard("645a", 3_000, 645)
    assert against_the_dealer.ace_high == (0, 0, 0, 0)
    assert against_the_dealer.losses < house_way.losses
