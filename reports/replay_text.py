"""``pacomply replay`` as text: the round's cards and facts, then each wager's amount, outcome, net and the
subsection that decided it, in columns, and the round's net."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from decimal import Decimal
    from fractions import Fraction

    from pacomply.engine.settlement import RoundResult


def signed_dollars(amount: Fraction | Decimal | int) -> str:
    """'+12.50', '-5.00', '0.00'."""
    from pacomply.engine.settlement import dollars

    text = dollars(amount)
    return f"+{text}" if not text.startswith("-") and text != "0.00" else text


def replay_text(result: RoundResult) -> str:
    """The settled round for a terminal."""
    from pacomply.engine.settlement import dollars

    lines = [
        f"{result.chapter}: cards {' '.join(str(card) for card in result.cards)}; "
        + ", ".join(f"{name} {value}" for name, value in result.facts)
    ]
    # Columns as wide as their longest entry, so a long wager name ('seat 1 progressive') keeps them in line.
    settlements = result.settlements
    wager_width = max((len(settlement.wager) for settlement in settlements), default=0)
    amount_width = max((len(dollars(settlement.amount)) for settlement in settlements), default=0)
    net_width = max((len(signed_dollars(settlement.net)) for settlement in settlements), default=0)
    outcome_width = max((len(settlement.outcome.value) for settlement in settlements), default=0)
    lines.extend(
        f"  {settlement.wager:<{wager_width}}  {dollars(settlement.amount):>{amount_width}}  "
        f"{settlement.outcome.value:<{outcome_width}}  {signed_dollars(settlement.net):>{net_width}}"
        f"  {settlement.citation}: {settlement.explanation}"
        for settlement in settlements
    )
    lines.append(f"  net {signed_dollars(result.net)}")
    return "".join(f"{line}\n" for line in lines)
