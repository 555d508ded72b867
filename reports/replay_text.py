"""``pacomply replay`` as text: the round's cards and facts, then each wager's amount, outcome, net and the
subsection that decided it, in columns, and the round's net."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from decimal import Decimal
    from fractions import Fraction

    from pacomply.engine.settlement import RoundResult


def dollars(amount: Fraction | Decimal | int) -> str:
    """'$12.50', '$2,000.00': the engine's amount in cents (``engine.settlement.dollars``), as money."""
    from pacomply.engine import settlement
    from pacomply.reports import wording

    return wording.money(settlement.dollars(amount), cents=True)


def signed_dollars(amount: Fraction | Decimal | int) -> str:
    """'+$12.50', '-$5.00', '$0.00'."""
    from pacomply.engine import settlement
    from pacomply.reports import wording

    return wording.money(settlement.dollars(amount), signed=True, cents=True)


def replay_text(result: RoundResult) -> str:
    """The settled round for a terminal."""
    lines = [
        f"{result.chapter}: cards {' '.join(str(card) for card in result.cards)}; "
        + ", ".join(f"{name} {value}" for name, value in result.facts)
    ]
    # Columns as wide as their longest entry, so a long wager name ('seat 1 progressive') keeps them in line.
    settlements = result.settlements
    from pacomply.reports import wording

    names = [wording.identifier_words(settlement.wager) for settlement in settlements]
    wager_width = max((len(name) for name in names), default=0)
    amount_width = max((len(dollars(settlement.amount)) for settlement in settlements), default=0)
    net_width = max((len(signed_dollars(settlement.net)) for settlement in settlements), default=0)
    outcome_width = max((len(settlement.outcome.value) for settlement in settlements), default=0)
    lines.extend(
        f"  {name:<{wager_width}}  {dollars(settlement.amount):>{amount_width}}  "
        f"{settlement.outcome.value:<{outcome_width}}  {signed_dollars(settlement.net):>{net_width}}"
        f"  {settlement.citation}: {settlement.explanation}"
        for name, settlement in zip(names, settlements, strict=True)
    )
    lines.append(f"  net {signed_dollars(result.net)}")
    return "".join(f"{line}\n" for line in lines)
