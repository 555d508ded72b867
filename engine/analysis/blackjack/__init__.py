"""Exact house edge of the 633a Blackjack base game (issue #6): composition-dependent optimal play and
total-dependent basic strategy, the basic-strategy charts, and the effect of each rule a filing chooses.

Method ("exact", the standard combinatorial analysis)
----------------------------------------------------
* Every round is dealt from a full shoe of ``decks`` decks. For each dealer up card and each player
  composition (multiset of cards; 3,082 of them with a hard total of at most 21) the dealer's final-total
  distribution is computed exactly from the shoe with the up card and the player's cards removed, by
  summing over every dealer drawing sequence (grouped into multisets with a count of admissible orders,
  see :mod:`.combinatorics`). Because the card reader has already ruled out a dealer Blackjack before any
  player decision (633a.7(h)), the distributions are conditioned on the hole card not completing one.
* Stand, hit, double and surrender values follow from a backward sweep over compositions. ``optimal`` play
  picks the best action for every exact composition (CD play); ``basic`` play is a total-dependent
  strategy: two-card decisions by (hard/soft total), pairs by pair, and hit/stand for hands of three or
  more cards by (hard/soft total), each class choosing the action with the larger probability-weighted EV
  (fixed-point iteration on the reach weights). The EV of that fixed strategy is then computed exactly.
* The expected total wagered (for the element of risk) is tracked alongside every value.

Split approximation (the only non-exact step)
---------------------------------------------
* Post-split hands are valued from the *pre-split composition*: the shoe with the up card and both pair
  cards removed (the other hand's later cards are not removed). Each post-split hand is played
  composition-dependently (optimal) or by the charts (basic) given its own cards and that shoe.
* Resplitting uses a fixed strategy (always resplit up to ``max_split_hands``); the expected number of
  finished hands is exact in the removal of further pair cards and ignores removal of the other hands'
  non-pair cards (:func:`.core.split_hand_counts`).
* Size: the whole house edge differs from the Wizard of Odds calculator's composition-dependent figures by
  -0.0001 % to +0.0018 % of the initial wager (1, 2, 6 and 8 decks; each figure is in the test module),
  so the split approximation — together with whatever split method the published analyzer uses — is worth
  at most a few thousandths of a percent there. It is not separately bounded: a seeded simulation of the
  same strategy, which splits with exact card removal, agrees only to its 95 % interval (about ±0.1 %
  at 2-4 million rounds).
* In ``basic`` play the post-split hands follow the two-card chart of their total (doubling only where
  allowed after a split) and are left out of the reach weights that choose the charts.

What the players know about the hole card
-----------------------------------------
After the card reader check the hole card is known not to complete a Blackjack (and in 685a its Masque
range is known). That changes the odds of the player's own draws, not only the dealer's: the chance the
next card is rank r is n_r (G - [r allowed]) / (G (M - 1)), G being the allowed hole cards left
(:func:`.kernels.draw_probabilities`). Leaving this out moves the six-deck figure by about 0.002 % and the
one-deck figure by about 0.009 %.

Not modelled: insurance as part of the base game (a separate wager; :func:`insurance_edge` gives its house
edge off the top). The record's ``std_dev`` and ``hit_frequency`` stay ``None``; the whole distribution of a round,
and so both, is :mod:`.spread`'s (the same sweep carrying the chances of each result beside the mean).
Blackjack Switch (633a.12(a)) is in :mod:`.switch`, with its own
readings and one more approximation (each hand valued with only its own cards removed).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pacomply.engine.analysis.blackjack.analyzer import (
        BlackjackAnalysis,
        RuleEffect,
        StrategyTable,
        StrategyTables,
        analyse,
        insurance_edge,
        rule_effects,
    )
    from pacomply.engine.analysis.blackjack.rules import READINGS, BlackjackRules, DoubleOn
    from pacomply.engine.analysis.blackjack.switch import SWITCH_READINGS, SwitchAnalysis, analyse_switch

#: Where each name is defined: imported on first use, so that a review reading a filing's rules
#: (:class:`~.rules.BlackjackRules`) loads no analyser and no numba.
_DEFINED_IN = {
    "BlackjackAnalysis": "analyzer",
    "RuleEffect": "analyzer",
    "StrategyTable": "analyzer",
    "StrategyTables": "analyzer",
    "analyse": "analyzer",
    "insurance_edge": "analyzer",
    "rule_effects": "analyzer",
    "READINGS": "rules",
    "BlackjackRules": "rules",
    "DoubleOn": "rules",
    "SWITCH_READINGS": "switch",
    "SwitchAnalysis": "switch",
    "analyse_switch": "switch",
}


def __getattr__(name: str) -> Any:
    module = _DEFINED_IN.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = [
    "READINGS",
    "SWITCH_READINGS",
    "BlackjackAnalysis",
    "BlackjackRules",
    "DoubleOn",
    "RuleEffect",
    "StrategyTable",
    "StrategyTables",
    "SwitchAnalysis",
    "analyse",
    "analyse_switch",
    "insurance_edge",
    "rule_effects",
]
