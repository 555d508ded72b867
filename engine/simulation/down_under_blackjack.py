"""``pacomply simulate 685a``: Down Under Blackjack dealt round by round from a real shoe (issue #10).

What one round does, and where each step comes from:

* **Deal** (§ 685a.7(e)): a first card face up to every seat in play, the dealer's up card, a second card to every
  seat, the dealer's hole card — all with :meth:`~engine.simulation.shoe.Shoe.draw`, in that order.
* **Match-the-Dealer** (§ 685a.7(f)) is decided on those cards; **Insurance** (§ 685a.7(g), § 685a.8) is offered
  only when the up card is an ace, and then every seat places it (half the Bet Wager, § 685a.8(b)). Its figures
  are per Insurance Wager, and its ``rounds`` counts the offered rounds — as ``edge`` prices it, the chance of a
  10-K hole card given an ace up. Every seat's Insurance is decided by the same hole card, so one result is
  counted per round whatever the seats (counting each seat would narrow the interval by √seats with no new
  information).
* **Masque reading** (§ 685a.7(h)): each seat decides knowing the up card and the hole card's range (Small 2-5,
  Medium 6-9, Large 10-A) — the hole card itself when both dealer cards are Large, so a dealer Blackjack is known
  and no card is dealt.
* **Play** (§ 685a.7(i)-(k), § 685a.9, § 685a.10): seat by seat from the dealer's left, with the decisions of the
  exact analysis ``pacomply edge 685a --wager base`` prices (:mod:`engine.analysis.down_under`): composition-dependent
  optimal given the up card and the range, one split (each split hand completed before the next gets its second
  card, § 685a.10(b)), split aces one card each, doubling after the split too, no surrender. ``edge`` reports no
  basic (total-dependent) chart for 685a, so this is the strategy compared with.
* **Dealer** (§ 685a.7(m)): draws while :func:`engine.games.down_under_blackjack.dealer_must_draw` — to a hard or
  soft 17-22, an ace-ace counting 22 (§ 685a.3(d)(3)) — and always completes the hand (the text makes no
  exception when every seat has busted; it changes only how fast the shoe is used).
* **Settlement**: every wager of every seat by :func:`engine.games.down_under_blackjack.settle`, the function
  ``pacomply replay 685a`` settles a recorded round with (readings ``685a-match-per-card``,
  ``685a-two-large-cards``; no even money, reading ``685a-even-money``).

The dealer's ace pair (reading ``685a-dealer-ace-pair``): the chapter as written (A-A a dealer 22) is dealt unless
the Python API asks for the soft-12 candidate (``TableSetup.options`` ``reading_685a_dealer_ace_pair`` =
``ace-pair-is-soft-12``). Then the dealer counts at most one ace as 11 (A-A a soft 12 that draws), the players use
the analyzer's decisions for that candidate, and the round is settled by the chapter's own
:func:`engine.games.down_under_blackjack.settle` — so the figure ``edge`` prints beside the relied-on one is
cross-checked the same way. The reading lives here, not in ``settle`` (which settles disputes and knows only the
chapter): the candidate changes only when the dealer draws, and a hand the dealer stands on under it has the same total
either way (the two counts differ only on a hand with an ace and 12 hard points, which the candidate draws to), so the
chapter's settlement of the final hands is the candidate's. It is a reading priced for comparison, never a filing's
choice: the CLI, a filing and ``replay`` always deal the chapter as written.
(Under the soft 12 the strategy hits A-A against an exposed dealer A-A that can still reach 22, where the analyzer
and the two-Large reading part; that needs an up ace, an ace in the hole and a player A-A, well under 1 round in
10,000, and moves the figure far less than the interval of any run.)

What is not the replay path: the decision lookup (the analyzer's policy arrays, converted to lists once per
process) and the card-to-rank mapping. Where the simulated figure and ``edge``'s exact one could part:

* the exact analysis approximates a split hand's draws by the pre-split composition; they are dealt exactly here
  (a difference far below the interval of any feasible run);
* the analysis reads § 685a.7(n)(1)'s "exactly two original Large value range cards" as a hand with no card drawn,
  while the rules module (reading ``685a-two-large-cards``) also pays an unbusted hand that began with two Large
  cards and drew. Under the strategy played this never decides a hand: the only two-Large hand it draws to is A-A
  (hit, never doubled), and only where the dealer's two cards already stand on 17 to 21, so there is no dealer 22
  (``test_685a_7_n_1_the_strategy_never_draws_to_two_large_cards_against_a_possible_22`` checks it).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum, unique
from fractions import Fraction
from typing import TYPE_CHECKING

from pacomply.engine.cards import Card, Rank
from pacomply.engine.games import down_under_blackjack as rules
from pacomply.engine.games.blackjack_hand import hand_total, is_blackjack, point_value
from pacomply.engine.simulation.registry import RoundPlayer, SimulationUnavailable, TableSetup, WagerFacts, WagerPlay
from pacomply.engine.simulation.shoe import Shoe
from pacomply.regulations import chapter_685a as book
from pacomply.regulations.rulebook import odds_text

if TYPE_CHECKING:
    from pacomply.engine.analysis.down_under.analyzer import PolicyTables

#: Every 685a wager id (docs/math.md), in report order.
_WAGER_IDS = ("base", "match_the_dealer", "insurance")
#: Edge's default deck count for a 685a table (the one ``replay`` assumes); Match-the-Dealer needs 6 or 8.
DEFAULT_DECKS = 6

# What ``edge`` shows for the Bet Wager (checker.wager_math.chapter_685a; engine may not import checker, so a test
# compares the two JSON records field by field).
BASE_CITATION = "58 Pa. Code § 685a.7, § 685a.11(a)"
RULES_LINE = (
    "dealer stands on 17 to 22, hard or soft; a dealer 22 pushes except against a player 21 or two original Large "
    "cards; no surrender; one split (split aces one card each); double on any first two cards, after the split "
    f"too; Blackjack pays {odds_text(book.BLACKJACK_ODDS)}; a dealer Blackjack is exposed before the players act"
)
PLAY_LINE = (
    "composition-dependent optimal, each decision using the up card and the hole card's Masque range (Small 2-5, "
    "Medium 6-9, Large 10-A)"
)
BASE_ROWS = (
    ("Blackjack", odds_text(book.BLACKJACK_ODDS)),
    ("21 or two original Large cards against a dealer 22", "1 to 1"),
    ("any other hand against a dealer 22", "push"),
    ("any other winning hand", "1 to 1"),
)
INSURANCE_ROWS = (("dealer hole card 10, J, Q or K", "2 to 1"),)
INSURANCE_OFFERED = (
    "offered",
    "only when the dealer's first card is an ace (§ 685a.7(g), § 685a.8(a)); every seat then places it. The "
    "figures are per Insurance Wager, and 'rounds' counts the offered rounds: every seat's Insurance is decided by "
    "the same hole card, so one result is counted per round whatever the seats",
)

# Action codes of engine.analysis.down_under.analyzer.ClassPolicy.
_STAND, _HIT, _DOUBLE, _SPLIT = 0, 1, 2, 3
_ACE_INDEX = 0  # rank index of the ace in engine.analysis.blackjack.combinatorics (0 ace, 1-8 two-nine, 9 ten)
_TEN_INDEX = 9

_UNIT = Fraction(1)
_HALF = Fraction(1, 2)  # § 685a.8(b): Insurance up to half the Bet Wager


def _rank_index(card: Card) -> int:
    """The analyzer's rank index: 0 the ace, 1-8 two to nine, 9 every ten-valued card."""
    return point_value(card) - 1


@unique
class DealerAcePairReading(StrEnum):
    """How the dealer's ace pair is counted: the candidates of reading ``685a-dealer-ace-pair``.

    A reading the analysis prices, not a rule a casino may choose: a recorded round (``replay``) and a filing are
    always settled as the chapter counts (``AS_WRITTEN``). The soft-12 candidate exists so that its price can be
    checked by simulation like the relied-on one.
    """

    AS_WRITTEN = "ace-pair-is-22"
    """§ 685a.3(d)(3) as printed: each ace is 11 unless that takes the hand over 22, so A-A is a dealer 22."""
    SOFT_12 = "ace-pair-is-soft-12"
    """A conventional dealer ace: an ace counts 11 only while the hand stays at 21 or under, so A-A is a soft 12
    and A-6-5 a hard 12, and both draw; a hard 22 (10-6-6) is still a dealer 22 (exactly as the analysis prices
    this candidate)."""


def dealer_total(cards: Sequence[Card], ace_pair: DealerAcePairReading) -> int:
    """The dealer's total under a candidate of the reading (the chapter's :func:`rules.dealer_total` as written)."""
    if ace_pair is DealerAcePairReading.SOFT_12:
        return hand_total(cards).total  # an ace 11 only up to 21, as in every other blackjack game
    return rules.dealer_total(cards)


def dealer_must_draw(cards: Sequence[Card], ace_pair: DealerAcePairReading) -> bool:
    """§ 685a.7(m) (17 to 22 stands) with the dealer's total counted under the candidate."""
    return dealer_total(cards, ace_pair) < book.DEALER_STANDS_FROM


_POLICIES: dict[tuple[int, DealerAcePairReading], PolicyTables] = {}

#: The one option (``TableSetup.options``, Python API only): which candidate of reading ``685a-dealer-ace-pair``
#: the dealer's A-A is counted by. It is a reading the analysis prices, never a filing's choice, so the CLI and a
#: filing always deal the chapter as written.
ACE_PAIR_OPTION = "reading_685a_dealer_ace_pair"


def _policy(decks: int, ace_pair: DealerAcePairReading = DealerAcePairReading.AS_WRITTEN) -> PolicyTables:
    """Built once per process, deck count and reading (a few seconds: the analyzer's class solutions)."""
    policy = _POLICIES.get((decks, ace_pair))
    if policy is None:
        from pacomply.engine.analysis.down_under.analyzer import policy_tables

        as_written = ace_pair is DealerAcePairReading.AS_WRITTEN
        policy = _POLICIES[decks, ace_pair] = policy_tables(decks, dealer_ace_pair_is_22=as_written)
    return policy


def _ace_pair_reading(options: tuple[tuple[str, str], ...]) -> DealerAcePairReading:
    """The dealer-ace candidate asked for (the chapter as written unless the option names the soft-12 one)."""
    reading = DealerAcePairReading.AS_WRITTEN
    for name, value in options:
        if name != ACE_PAIR_OPTION:
            raise SimulationUnavailable(f"685a option '{name}' is not {ACE_PAIR_OPTION}")
        try:
            reading = DealerAcePairReading(str(value).strip().lower())
        except ValueError:
            every = ", ".join(candidate.value for candidate in DealerAcePairReading)
            raise SimulationUnavailable(f"685a option {ACE_PAIR_OPTION} '{value}' is not one of {every}") from None
    return reading


def hole_class(up: int, hole: int) -> int:
    """Index into :func:`engine.analysis.down_under.hole_classes` of what the Masque reader tells the players.

    Small 0, Medium 1; Large 2 — split into the ten (2) and the ace (3) when the up card is Large too, because the
    hole card is then exposed (§ 685a.7(h)).
    """
    if 1 <= hole <= 4:
        return 0
    if 5 <= hole <= 8:
        return 1
    if up in (_ACE_INDEX, _TEN_INDEX):
        return 2 if hole == _TEN_INDEX else 3
    return 2


class DownUnderBlackjackRounds:
    """Down Under Blackjack dealt from a real shoe; every seat places every wager simulated (one unit each)."""

    chapter = rules.CHAPTER
    default_decks = DEFAULT_DECKS
    jokers_per_deck = 0

    def wager_ids(self) -> tuple[str, ...]:
        """The Bet Wager, Match-the-Dealer and Insurance (docs/math.md ids)."""
        return _WAGER_IDS

    def _wagers(self, setup: TableSetup) -> tuple[str, ...]:
        decks = setup.shoe.decks
        if setup.paytable is not None:
            wanted = setup.paytable.strip().upper()
            known = [table for table in book.PAYTABLES if table.id.upper() == wanted]
            if not known:
                every = ", ".join(table.id for table in book.PAYTABLES)
                raise SimulationUnavailable(f"685a has no paytable '{setup.paytable}' (Match-the-Dealer: {every})")
            if known[0].permitted_decks is not None and decks not in known[0].permitted_decks:
                raise SimulationUnavailable(
                    f"685a Match-the-Dealer paytable '{known[0].id}' is not permitted with {decks} decks (§ 685a.11(c))"
                )
            without = sorted(set(setup.wagers) - {"match_the_dealer"})
            if without:
                raise SimulationUnavailable(
                    f"685a {', '.join(without)} has no paytable (§ 685a.11(a), (b)); '{setup.paytable}' asked for"
                )
        unknown = sorted(set(setup.wagers) - set(_WAGER_IDS))
        if unknown:
            raise SimulationUnavailable(f"685a has no wager {', '.join(unknown)} (wagers: {', '.join(_WAGER_IDS)})")
        if setup.wagers:
            wagers = tuple(wager for wager in _WAGER_IDS if wager in setup.wagers)
        elif setup.paytable is not None:
            wagers = ("match_the_dealer",)
        else:
            wagers = tuple(w for w in _WAGER_IDS if w != "match_the_dealer" or decks in book.MATCH_THE_DEALER_DECKS)
        if "match_the_dealer" in wagers and decks not in book.MATCH_THE_DEALER_DECKS:
            raise SimulationUnavailable(
                f"685a Match-the-Dealer is offered only with six or eight decks (§ 685a.6(e)); {decks} asked for"
            )
        return wagers

    def table(self, setup: TableSetup) -> RoundPlayer:
        """A round player for the set-up; cheap (the strategy is built in the process that plays)."""
        decks = setup.shoe.decks
        if decks not in book.PERMITTED_DECKS:
            raise SimulationUnavailable(f"685a is dealt with 4, 5, 6 or 8 decks (§ 685a.3(a)); {decks} asked for")
        if setup.shoe.jokers_per_deck:
            raise SimulationUnavailable("Down Under Blackjack is dealt without jokers (§ 685a.3(a))")
        if not 1 <= setup.seats <= book.MAX_BETTING_POSITIONS:
            raise SimulationUnavailable(f"seats: {setup.seats} is not 1-{book.MAX_BETTING_POSITIONS} (§ 685a.2(a))")
        if setup.meters:
            raise SimulationUnavailable("685a has no progressive wager")
        return _DownUnderPlayer(self._wagers(setup), decks, setup.seats, _ace_pair_reading(setup.options))

    def shared_tables(self, setup: TableSetup) -> dict[tuple[int, DealerAcePairReading], PolicyTables]:
        """The strategy the set-up's base wager is played by (none without it), for a pool's workers to adopt."""
        if "base" not in self._wagers(setup):
            return {}
        reading = _ace_pair_reading(setup.options)
        return {(setup.shoe.decks, reading): _policy(setup.shoe.decks, reading)}

    def adopt_tables(self, tables: object) -> None:
        """Keep the strategies :meth:`shared_tables` built in another process."""
        assert isinstance(tables, dict)
        _POLICIES.update(tables)

    def facts(self, setup: TableSetup, wager: str) -> WagerFacts:
        """Citation, reading, strategy and paytable rows as ``edge`` shows them (Insurance also says when offered)."""
        decks = setup.shoe.decks
        if wager == "base":
            from pacomply.engine.analysis.down_under import READINGS
            from pacomply.engine.analysis.readings import analysis_readings

            strategy: tuple[tuple[str, str], ...] = (("play", PLAY_LINE), ("rules", f"{decks} decks; {RULES_LINE}"))
            ace_pair = _ace_pair_reading(setup.options)
            if ace_pair is not DealerAcePairReading.AS_WRITTEN:
                strategy += (("dealer ace pair", f"reading 685a-dealer-ace-pair, candidate {ace_pair.value} (priced "
                              "for comparison; the chapter as written makes A-A a dealer 22)"),)  # fmt: skip
            return WagerFacts(wager, BASE_CITATION, analysis_readings(READINGS), strategy, BASE_ROWS)
        if wager == "insurance":
            citation = book.RULEBOOK.wager("insurance").citation
            return WagerFacts(wager, str(citation), None, (INSURANCE_OFFERED,), INSURANCE_ROWS)
        paytable = book.RULEBOOK.paytable("match_the_dealer", book.MATCH_THE_DEALER_PAYTABLE_IDS[decks])
        reading = book.RULEBOOK.reading("685a-match-per-card")
        rows = tuple((row.outcome, f"{row.amount} to 1") for row in paytable.rows)
        return WagerFacts(wager, str(paytable.citation), f"{reading.id}: {reading.choice}", (), rows)


class _DownUnderPlayer:
    """Deals, plays and settles one round for every seat; picklable (the strategy is looked up per process)."""

    def __init__(
        self,
        wagers: tuple[str, ...],
        decks: int,
        seats: int,
        ace_pair: DealerAcePairReading = DealerAcePairReading.AS_WRITTEN,
    ) -> None:
        self._decks = decks
        self._ace_pair = ace_pair
        self._seats = seats
        self._base = "base" in wagers
        self._match = "match_the_dealer" in wagers
        self._insurance = "insurance" in wagers

    def _play(
        self, policy: PolicyTables, shoe: Shoe, first: Card, second: Card, up: int, seen: int
    ) -> list[rules.PlayerHand]:
        """The seat's final hands under the analyzer's decisions (``seen`` is the Masque class of the hole card)."""
        a, b = _rank_index(first), _rank_index(second)
        action = policy.two_card[up][seen][a][b]
        if action == _SPLIT:
            # § 685a.10(b): the first hand is completed before the second gets its second card.
            hands = []
            for card in (first, second):
                drawn = shoe.draw()
                cards = [card, drawn]
                composition = policy.two_card_index[a][_rank_index(drawn)]
                doubled = False
                if a != _ACE_INDEX:  # § 685a.10(e): split aces take one card each
                    choice = policy.post_split[up][seen][a][_rank_index(drawn)]
                    if choice == _DOUBLE:
                        cards.append(shoe.draw())
                        doubled = True
                    elif choice == _HIT:
                        self._draw_on(policy.split_hit_more[up][seen][a], policy, shoe, cards, composition)
                hands.append(rules.PlayerHand(tuple(cards), doubled, split=True))
            return hands
        cards = [first, second]
        if action == _DOUBLE:
            cards.append(shoe.draw())  # § 685a.7(k)(2): one card only
            return [rules.PlayerHand(tuple(cards), doubled=True)]
        if action == _HIT:
            drawn = shoe.draw()
            cards.append(drawn)
            composition = policy.child[policy.two_card_index[a][b]][_rank_index(drawn)]
            if composition >= 0:
                self._draw_on(policy.hit_more[up][seen], policy, shoe, cards, composition)
        return [rules.PlayerHand(tuple(cards))]

    @staticmethod
    def _draw_on(hit: list[bool], policy: PolicyTables, shoe: Shoe, cards: list[Card], composition: int) -> None:
        # § 685a.7(k)(1): no card at 21; a composition index of -1 is a bust.
        while composition >= 0 and policy.total[composition] < 21 and hit[composition]:
            drawn = shoe.draw()
            cards.append(drawn)
            composition = policy.child[composition][_rank_index(drawn)]

    def __call__(self, shoe: Shoe) -> list[WagerPlay]:
        seats = range(self._seats)
        # § 685a.7(e): first card to each box, the dealer's up card, second card to each box, the hole card.
        firsts = [shoe.draw() for _ in seats]
        up_card = shoe.draw()
        seconds = [shoe.draw() for _ in seats]
        hole_card = shoe.draw()
        dealer = [up_card, hole_card]
        offered = up_card.rank == Rank.ACE  # § 685a.7(g), § 685a.8(a)
        hands_by_seat: list[list[rules.PlayerHand]] = []
        if self._base:
            policy = _policy(self._decks, self._ace_pair)
            up = _rank_index(up_card)
            seen = hole_class(up, _rank_index(hole_card))
            dealer_blackjack = is_blackjack(dealer)
            for first, second in zip(firsts, seconds, strict=True):
                if dealer_blackjack or is_blackjack((first, second)):
                    # § 685a.7(h): exposed dealer Blackjack, no card dealt; § 685a.7(i)(1): Blackjack paid at once.
                    hands_by_seat.append([rules.PlayerHand((first, second))])
                else:
                    hands_by_seat.append(self._play(policy, shoe, first, second, up, seen))
            if not dealer_blackjack:
                while dealer_must_draw(dealer, self._ace_pair):  # § 685a.7(m), under the candidate dealt
                    dealer.append(shoe.draw())
        else:
            hands_by_seat = [[] for _ in seats]  # no Bet Wager simulated: the side wagers need only the first cards
        wagers = {"base": _UNIT} if self._base else {}
        if self._match:
            wagers["match_the_dealer"] = _UNIT
        if self._insurance and offered:
            wagers["insurance"] = _HALF
        plays: list[WagerPlay] = []
        if not wagers:
            return plays  # Insurance alone, not offered this round
        for seat, (first, second, hands) in enumerate(zip(firsts, seconds, hands_by_seat, strict=True)):
            if seat == 1:
                # Every seat's Insurance has the same result (the hole card alone decides it, § 685a.8(a)); counted
                # once per round, or the interval would treat identical results as independent.
                wagers.pop("insurance", None)
                if not wagers:
                    break
            result = rules.settle((first, second), dealer, hands, wagers, self._decks, describe=False)
            base_net = 0.0
            for settlement in result.settlements:
                if settlement.wager == "match_the_dealer":
                    plays.append(WagerPlay("match_the_dealer", float(settlement.net)))
                elif settlement.wager == "insurance":
                    plays.append(WagerPlay("insurance", float(settlement.net / _HALF)))
                else:
                    base_net += float(settlement.net)
            if self._base:
                wagered = float(sum(2 if hand.doubled else 1 for hand in hands))
                plays.append(WagerPlay("base", base_net, wagered))
        return plays


ROUND_GAME = DownUnderBlackjackRounds()
