"""``pacomply replay --format json``: the round's cards, facts, each settlement and the net, money as decimal
strings ('12.50')."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pacomply.engine.settlement import RoundResult


def replay_json(result: RoundResult) -> str:
    """One JSON object, ending in a newline."""
    from pacomply.engine.settlement import dollars

    document = {
        "chapter": result.chapter,
        "cards": [str(card) for card in result.cards],
        "facts": dict(result.facts),
        "settlements": [
            {
                "wager": settlement.wager,
                "amount": dollars(settlement.amount),
                "outcome": settlement.outcome.value,
                "net": dollars(settlement.net),
                "citation": str(settlement.citation),
                "explanation": settlement.explanation,
            }
            for settlement in result.settlements
        ],
        "net": dollars(result.net),
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
