"""DJ Wild Stud Poker (58 Pa. Code chapter 687a): the raise/fold decision and settlement of every wager.

Hands are valued by the shared evaluator (:mod:`engine.evaluator`, deuces and the joker wild): the strength used
against the dealer uses every wild card to best effect, and the Trips payout takes the interpretation that pays
most (natural or with-wild column, reading 687a-wild-may-be-used). Settlement follows § 687a.11: Ante, Blind and
Raise on the comparison (e), then the optional wagers (f), with the fold rules of (b) deciding which of them survive
a fold. Every settlement cites the subsection that decided it. Paytable numbers come from
:mod:`regulations.chapter_687a`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum, unique
from fractions import Fraction

from pacomply.engine.cards import JOKER, Card, CardParseError
from pacomply.engine.evaluator import (
    WildHandCategory,
    WildPaytable,
    best_payout,
    evaluate_deuces_wild,
    evaluate_standard,
)
from pacomply.engine.replay_input import read_wager
from pacomply.engine.settlement import Outcome, ReplayError, RoundResult, Settlement, money_text
from pacomply.regulations.chapter_687a import (
    BAD_BEAT_ODDS,
    BLIND_ODDS,
    CARDS_PER_HAND,
    HAND_NAMES,
    PROGRESSIVE_METER_PERCENT,
    PROGRESSIVE_ODDS,
    PROGRESSIVE_SEED,
    PROGRESSIVE_WAGER,
    RAISE_MULTIPLE,
    TRIPS_ODDS,
)
from pacomply.regulations.citation import cite
from pacomply.regulations.rulebook import odds_text

CHAPTER = "687a"
WAGER_IDS = ("ante", "blind", "trips", "bad_beat", "progressive")


@unique
class Decision(StrEnum):
    """The player's choice after examining five cards (§ 687a.11(b))."""

    RAISE = "raise"
    """Place a Raise of two times the Ante."""
    FOLD = "fold"
    """Forfeit the Ante and Blind."""


def category_key(category: WildHandCategory) -> str:
    """The rulebook's name for an evaluator category: ``WildHandCategory.ROYAL_FLUSH`` → ``'royal_flush'``."""
    return category.name.lower()


def category_of_key(key: str) -> WildHandCategory:
    """Inverse of :func:`category_key`."""
    return WildHandCategory[key.upper()]


def trips_paytable(paytable_id: str) -> WildPaytable:
    """A § 687a.12(d) Trips paytable as the evaluator's two-column paytable."""
    natural, with_wild = TRIPS_ODDS[paytable_id]
    return WildPaytable(
        natural={category_of_key(key): float(value) for key, value in natural.items()},
        with_wild={category_of_key(key): float(value) for key, value in with_wild.items()},
        name=paytable_id,
    )


def _name(category: WildHandCategory) -> str:
    return HAND_NAMES[category_key(category)]


def _shown(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards)


def progressive_hand(player: Sequence[Card], replacement: Card | None) -> tuple[Card, ...]:
    """§ 687a.11(f)(1): the player's hand with the joker, if dealt, replaced by the card set aside."""
    if JOKER not in player:
        return tuple(player)
    if replacement is None:
        raise ValueError("the player holds the joker; the Progressive needs the replacement card")
    return tuple(replacement if card == JOKER else card for card in player)


def progressive_payout(category: str, paytable: str, meter: Fraction) -> Fraction | None:
    """Payout, per unit wagered, of a Progressive hand by its natural category name (None when it loses); meter
    percentages are converted to odds on the paytable's fixed wager (reading 687a-progressive)."""
    if category in PROGRESSIVE_METER_PERCENT:
        return Fraction(meter) * PROGRESSIVE_METER_PERCENT[category] / 100 / Fraction(PROGRESSIVE_WAGER[paytable])
    if category in PROGRESSIVE_ODDS:
        return Fraction(PROGRESSIVE_ODDS[category])
    return None


def settle(
    player: Sequence[Card],
    dealer: Sequence[Card],
    wagers: Mapping[str, Fraction],
    decision: Decision,
    paytables: Mapping[str, str],
    replacement: Card | None = None,
    folded_hands_qualify: bool = False,
    meter: Fraction | None = None,
) -> RoundResult:
    """Settle one player's wagers. ``wagers`` holds ante (blind defaults to the ante), trips, bad_beat, progressive;
    ``paytables`` names the chosen paytable per optional wager."""
    ante = wagers["ante"]
    blind = wagers.get("blind", ante)
    player_hand = evaluate_deuces_wild(player)
    dealer_hand = evaluate_deuces_wild(dealer)
    settlements: list[Settlement] = []
    raised = decision == Decision.RAISE
    comparison = (player_hand.value > dealer_hand.value) - (player_hand.value < dealer_hand.value)
    verdict = f"player {_name(player_hand.category)} against dealer {_name(dealer_hand.category)}"
    if not raised:
        folded = "the player folded and forfeits the Ante and Blind"
        settlements.append(Settlement("ante", ante, Outcome.LOSE, -ante, cite("687a.11(b)"), folded))
        settlements.append(Settlement("blind", blind, Outcome.LOSE, -blind, cite("687a.11(b)"), folded))
    else:
        raise_amount = ante * RAISE_MULTIPLE
        if comparison > 0:
            citation = cite("687a.11(e)(1)")
            settlements.append(Settlement("ante", ante, Outcome.WIN, ante, citation, f"{verdict}: pays 1 to 1"))
            settlements.append(
                Settlement("raise", raise_amount, Outcome.WIN, raise_amount, citation, f"{verdict}: pays 1 to 1")
            )
            blind_odds = BLIND_ODDS.get(category_key(player_hand.category))
            if blind_odds is None:
                settlements.append(
                    Settlement(
                        "blind", blind, Outcome.PUSH, Fraction(0), cite("687a.12(b)"),
                        f"{verdict}: a winning {_name(player_hand.category)} pushes the Blind",
                    )
                )  # fmt: skip
            else:
                settlements.append(
                    Settlement(
                        "blind", blind, Outcome.WIN, blind * blind_odds, cite("687a.12(b)"),
                        f"{verdict}: a winning {_name(player_hand.category)} pays {odds_text(blind_odds)} on the Blind",
                    )
                )  # fmt: skip
        elif comparison == 0:
            citation = cite("687a.11(e)(2)")
            for name, amount in (("ante", ante), ("blind", blind), ("raise", raise_amount)):
                settlements.append(Settlement(name, amount, Outcome.PUSH, Fraction(0), citation, f"{verdict}: equal"))
        else:
            citation = cite("687a.11(e)(3)")
            for name, amount in (("ante", ante), ("blind", blind), ("raise", raise_amount)):
                settlements.append(Settlement(name, amount, Outcome.LOSE, -amount, citation, f"{verdict}: lower"))
    if wagers.get("trips", 0) > 0:
        settlements.append(_settle_trips(player, wagers["trips"], paytables["trips"], raised))
    if wagers.get("bad_beat", 0) > 0:
        settlements.append(
            _settle_bad_beat(player_hand.category, comparison, wagers["bad_beat"], paytables["bad_beat"], raised)
        )
    if wagers.get("progressive", 0) > 0:
        paytable = paytables["progressive"]
        settlements.append(
            _settle_progressive(
                player, replacement, wagers["progressive"], paytable, raised, folded_hands_qualify,
                meter if meter is not None else Fraction(PROGRESSIVE_SEED[paytable]),
            )
        )  # fmt: skip
    facts = [
        ("player hand", f"{_shown(player)} ({_name(player_hand.category)})"),
        ("dealer hand", f"{_shown(dealer)} ({_name(dealer_hand.category)})"),
        ("decision", decision.value),
    ]
    if (
        player_hand.category == WildHandCategory.FIVE_OF_A_KIND
        or dealer_hand.category == WildHandCategory.FIVE_OF_A_KIND
    ):
        facts.append(("reading", "687a-five-of-a-kind: ranks between a royal flush and a straight flush"))
    cards = (*player, *dealer, *((replacement,) if replacement is not None else ()))
    return RoundResult(chapter=CHAPTER, cards=tuple(cards), settlements=tuple(settlements), facts=tuple(facts))


def _settle_trips(player: Sequence[Card], amount: Fraction, paytable: str, raised: bool) -> Settlement:
    kept = "" if raised else " (kept after a fold, § 687a.11(b)(1))"
    payout = best_payout(player, trips_paytable(paytable))
    if payout.category is None:
        return Settlement(
            "trips", amount, Outcome.LOSE, -amount, cite("687a.11(f)(2)(i)"), f"less than three of a kind{kept}"
        )
    column = "natural" if payout.natural else "with wild"
    paid = Fraction(int(payout.payout))
    return Settlement(
        "trips", amount, Outcome.WIN, amount * paid, cite("687a.12(d)"),
        f"{_name(payout.category)} ({column}) pays {odds_text(paid)} on {paytable} (§ 687a.11(f)(2)(ii); reading "
        f"687a-wild-may-be-used){kept}",
    )  # fmt: skip


def _settle_bad_beat(
    category: WildHandCategory, comparison: int, amount: Fraction, paytable: str, raised: bool
) -> Settlement:
    if not raised:
        return Settlement(
            "bad_beat", amount, Outcome.LOSE, -amount, cite("687a.11(b)(2)"), "forfeited with the fold"
        )  # fmt: skip
    odds = BAD_BEAT_ODDS[paytable].get(category_key(category))
    if odds is None or comparison >= 0:
        why = "less than three of a kind" if odds is None else f"{_name(category)} did not lose to the dealer"
        return Settlement("bad_beat", amount, Outcome.LOSE, -amount, cite("687a.11(f)(3)(i)"), why)
    return Settlement(
        "bad_beat", amount, Outcome.WIN, amount * odds, cite("687a.12(e)"),
        f"{_name(category)} lost to the dealer: pays {odds_text(odds)} on {paytable} (§ 687a.11(f)(3)(ii))",
    )  # fmt: skip


def _settle_progressive(
    player: Sequence[Card],
    replacement: Card | None,
    amount: Fraction,
    paytable: str,
    raised: bool,
    folded_hands_qualify: bool,
    meter: Fraction,
) -> Settlement:
    if not raised and not folded_hands_qualify:
        return Settlement(
            "progressive", amount, Outcome.LOSE, -amount, cite("687a.11(b)(3)"),
            "folded hands do not qualify at this casino",
        )  # fmt: skip
    hand = progressive_hand(player, replacement)
    category = evaluate_standard(hand).category.name.lower()
    swapped = f" (joker replaced by {replacement})" if JOKER in player else ""
    payout = progressive_payout(category, paytable, meter)
    if payout is None:
        return Settlement(
            "progressive", amount, Outcome.LOSE, -amount, cite("687a.11(f)(1)(i)"),
            f"{_shown(hand)}{swapped}: less than a natural three of a kind (reading 687a-progressive)",
        )  # fmt: skip
    return Settlement(
        "progressive", amount, Outcome.WIN, amount * payout, cite("687a.12(c)"),
        f"{_shown(hand)}{swapped}: natural {HAND_NAMES[category]} pays {odds_text(payout)} on paytable {paytable} "
        f"(meter {money_text(meter)}; § 687a.11(f)(1)(ii); Envy bonuses not included)",
    )  # fmt: skip


def _cards(raw: object, field: str, problems: list[str]) -> list[Card]:
    if not isinstance(raw, list):
        problems.append(f'{field}: expected a list of five cards such as ["2c", "JK", "Ah", "Kd", "9s"]')
        return []
    cards = []
    for position, text in enumerate(raw):
        try:
            cards.append(Card.parse(str(text)))
        except CardParseError as error:
            problems.append(f"{field}[{position}]: {error}")
    if len(raw) != CARDS_PER_HAND:
        problems.append(f"{field}: a DJ Wild hand has exactly five cards; {len(raw)} given (§ 687a.13(c))")
    return cards


_amount = read_wager


def replay(data: Mapping[str, object]) -> RoundResult:
    """Settle a recorded round: ``player`` and ``dealer`` (five cards each), ``decision`` (raise/fold), ``wagers``
    (ante, blind, trips, bad_beat, progressive), ``paytables`` per optional wager, and for the Progressive the
    ``replacement`` card, ``folded_hands_qualify`` and ``meter`` (the seed when absent)."""
    problems: list[str] = []
    player = _cards(data.get("player"), "player", problems)
    dealer = _cards(data.get("dealer"), "dealer", problems)
    replacement = None
    if data.get("replacement") is not None:
        try:
            replacement = Card.parse(str(data["replacement"]))
        except CardParseError as error:
            problems.append(f"replacement: {error}")
    everything = [*player, *dealer, *([replacement] if replacement else [])]
    repeated = sorted({str(card) for card in everything if everything.count(card) > 1})
    if repeated:
        problems.append(f"cards: {', '.join(repeated)} dealt twice from one 53-card deck (§ 687a.3(a))")
    if replacement is not None and replacement.is_joker:
        problems.append("replacement: the card set aside replaces the joker, so it cannot be the joker")
    decision = None
    try:
        decision = Decision(str(data.get("decision", "")).lower())
    except ValueError:
        problems.append(f"decision: '{data.get('decision')}' is not raise or fold (§ 687a.11(b))")
    raw_wagers = data.get("wagers")
    if not isinstance(raw_wagers, dict):
        problems.append('wagers: expected an object such as {"ante": 10, "blind": 10, "trips": 5}')
        raw_wagers = {}
    unknown = sorted(set(raw_wagers) - set(WAGER_IDS))
    if unknown:
        problems.append(f"wagers: {', '.join(unknown)} not a wager placed before the deal ({', '.join(WAGER_IDS)})")
    amounts = {name: _amount(raw_wagers, name, problems) for name in WAGER_IDS}
    ante, blind = amounts["ante"], amounts["blind"]
    if not ante:
        problems.append("wagers.ante: an Ante is required to play (§ 687a.7(d)(1))")
    elif blind is not None and blind != ante:
        problems.append(f"wagers.blind: the Blind equals the Ante ({ante}); {blind} given (§ 687a.1)")
    raw_paytables = data.get("paytables", {})
    paytables: dict[str, str] = {}
    if not isinstance(raw_paytables, dict):
        problems.append('paytables: expected an object such as {"trips": "DJWT-04"}')
        raw_paytables = {}
    permitted: dict[str, Mapping[str, object]] = {
        "trips": TRIPS_ODDS, "bad_beat": BAD_BEAT_ODDS, "progressive": PROGRESSIVE_WAGER
    }
    for name, choices in permitted.items():
        if not amounts[name]:
            continue
        chosen = str(raw_paytables.get(name, "")).strip().upper().removeprefix("PAYTABLE ").strip()
        if chosen not in choices:
            problems.append(f"paytables.{name}: '{raw_paytables.get(name)}' is not one of {', '.join(choices)}")
        else:
            paytables[name] = chosen
    if "progressive" in paytables and amounts["progressive"] != PROGRESSIVE_WAGER[paytables["progressive"]]:
        chosen = paytables["progressive"]
        problems.append(
            f"wagers.progressive: paytable {chosen} takes a {money_text(PROGRESSIVE_WAGER[chosen])} wager "
            "(§ 687a.12(c))"
        )
    if amounts["progressive"] and JOKER in player and replacement is None:
        problems.append("replacement: the player holds the joker, so the Progressive needs the card set aside")
    meter = None
    if data.get("meter") is not None:
        try:
            meter = Fraction(str(data["meter"]))
        except ValueError:
            problems.append(f"meter: '{data['meter']}' is not an amount")
        if meter is not None and "progressive" in paytables and meter < PROGRESSIVE_SEED[paytables["progressive"]]:
            seed = PROGRESSIVE_SEED[paytables["progressive"]]
            problems.append(f"meter: {money_text(meter)} is below the {money_text(seed)} seed")
    folded_qualify = data.get("folded_hands_qualify", False)
    if not isinstance(folded_qualify, bool):
        problems.append(f"folded_hands_qualify: '{folded_qualify}' is not true or false")
    if problems:
        raise ReplayError(problems)
    assert decision is not None and ante is not None
    wagers = {name: amount for name, amount in amounts.items() if amount}
    return settle(player, dealer, wagers, decision, paytables, replacement, bool(folded_qualify), meter)
