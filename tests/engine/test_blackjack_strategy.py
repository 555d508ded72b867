"""One blackjack ``Strategy``: the analyzer, the wager math, the reconciliation and ``edge --strategy`` share the
StrEnum, and figures keyed by a strategy keep the keys they had when it was a plain string (so the shipped 633a
Blackjack Wager figures are still found, and ``figures build`` computes nothing new)."""

from __future__ import annotations

import json

from pacomply.checker.reconciliation import requests as reconciliation_requests
from pacomply.checker.wager_math import blackjack_base
from pacomply.checker.wager_math.chapter_633a import _stored_base_math
from pacomply.engine import figure_store
from pacomply.engine.analysis.blackjack import BlackjackRules, analyse, analyzer
from pacomply.engine.analysis.blackjack_strategy import Strategy

from pacomply import choices


def test_the_command_line_the_analyzer_and_the_wager_math_share_one_strategy_enum() -> None:
    assert choices.Strategy is Strategy
    assert analyzer.Strategy is Strategy
    assert blackjack_base.Strategy is Strategy
    assert reconciliation_requests.Strategy is Strategy
    assert [member.value for member in Strategy] == ["optimal", "basic"]
    # JSON and text write the plain string, as before the enum.
    assert json.dumps({"strategy": Strategy.BASIC}) == '{"strategy": "basic"}'
    assert f"--strategy {Strategy.BASIC}" == "--strategy basic"


def test_a_figure_keyed_by_a_strategy_has_the_key_it_had_when_the_strategy_was_a_string() -> None:
    rules = BlackjackRules(decks=6)
    as_enum = _stored_base_math.key(rules=rules, strategy=Strategy.OPTIMAL, effects=False)
    as_string = _stored_base_math.key(rules=rules, strategy="optimal", effects=False)
    assert as_enum.digest == as_string.digest
    assert figure_store.encode(Strategy.BASIC) == "basic"
    # The shipped shelf holds the 6-deck Blackjack Wager under that key: nothing is recomputed on a fresh install.
    assert figure_store.stored_entry(as_enum) is not None


def test_base_game_options_read_back_from_the_store_hold_the_enum() -> None:
    options = blackjack_base.BaseGameOptions(strategy=Strategy.BASIC, strategy_given=True)
    encoded = figure_store.encode(options)
    assert encoded["fields"]["strategy"] == "basic"  # the key's form, unchanged
    decoded = figure_store.decode(encoded)
    assert decoded == options and decoded.strategy is Strategy.BASIC
    assert blackjack_base.options_from_flags("basic").strategy is Strategy.BASIC
    assert blackjack_base.options_from_flags().strategy is Strategy.OPTIMAL


def test_the_analyzer_takes_the_strategy_read_back_as_a_string_and_refuses_another() -> None:
    import pytest

    assert analyse(BlackjackRules(decks=1), "basic").strategy is Strategy.BASIC  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="'optimal' or 'basic'"):
        analyse(BlackjackRules(decks=1), "perfect")  # type: ignore[arg-type]
