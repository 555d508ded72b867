"""Lookup tables behind every evaluator: how they are built, cached and fingerprinted.

Tables are pure functions of this module's code. They are built at first use (a few seconds of Python), then kept
in memory and in an ``.npz`` cache file (``$PACOMPLY_CACHE_DIR`` or ``~/.cache/pacomply``) named after a hash of
this file, so a code change never loads stale tables and a missing file is simply rebuilt. Nothing binary is
committed. :func:`table_digest` (sha256 over the table bytes, in a fixed order) is pinned by the tests.

Rank multisets are indexed by a *quinary perfect hash*: a vector of per-rank counts (0..4 each, ``k`` in total) is
mapped to its position in lexicographic order among all such vectors, by summing ``OFFSETS[i, count_i, remaining]``
over the 13 ranks. For seven cards that is 49,205 slots, small enough to stay in cache.
"""

from __future__ import annotations

import hashlib
import itertools
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
from pacomply.engine.evaluator.categories import (
    CATEGORY_SHIFT,
    HandCategory,
    PaiGowCategory,
    WildHandCategory,
)

RANK_COUNT = 13
ACE = 12
MAX_CARDS = 7
ROYAL_MASK = 0b1111100000000
WHEEL_MASK = 0b1000000001111
MASK_COUNT = 1 << RANK_COUNT


@dataclass(frozen=True)
class Ranking:
    """How one game orders hands: its category numbers and where A-2-3-4-5 sits."""

    name: str
    straight_flush: int
    royal_flush: int
    four_of_a_kind: int
    full_house: int
    flush: int
    straight: int
    three_of_a_kind: int
    two_pair: int
    pair: int
    high_card: int
    five_of_a_kind: int
    five_aces: int
    wheel_is_second_highest: bool

    def straight_tiebreak(self, top: int, is_wheel: bool) -> int:
        """Tiebreak of a straight whose top card has rank index ``top``; see categories module docstring."""
        if is_wheel:
            return 2 * ACE - 1 if self.wheel_is_second_highest else 2 * 3
        return 2 * top


def _ranking(
    name: str, enum: type[HandCategory] | type[WildHandCategory] | type[PaiGowCategory], wheel_is_second_highest: bool
) -> Ranking:
    five_of_a_kind = getattr(enum, "FIVE_OF_A_KIND", None)
    five_aces = getattr(enum, "FIVE_ACES", five_of_a_kind)
    return Ranking(
        name=name,
        straight_flush=int(enum.STRAIGHT_FLUSH),
        royal_flush=int(enum.ROYAL_FLUSH),
        four_of_a_kind=int(enum.FOUR_OF_A_KIND),
        full_house=int(enum.FULL_HOUSE),
        flush=int(enum.FLUSH),
        straight=int(enum.STRAIGHT),
        three_of_a_kind=int(enum.THREE_OF_A_KIND),
        two_pair=int(enum.TWO_PAIR),
        pair=int(enum.PAIR),
        high_card=int(enum.HIGH_CARD),
        five_of_a_kind=-1 if five_of_a_kind is None else int(five_of_a_kind),
        five_aces=-1 if five_aces is None else int(five_aces),
        wheel_is_second_highest=wheel_is_second_highest,
    )


STANDARD = _ranking("standard", HandCategory, wheel_is_second_highest=False)
DEUCES_WILD = _ranking("deuces_wild", WildHandCategory, wheel_is_second_highest=False)
PAI_GOW = _ranking("pai_gow", PaiGowCategory, wheel_is_second_highest=True)
RANKINGS: tuple[Ranking, ...] = (STANDARD, DEUCES_WILD, PAI_GOW)


def pack(category: int, *fields: int) -> int:
    """Pack a category and up to five 4-bit tiebreak fields (most significant first)."""
    tiebreak = 0
    for position in range(5):
        tiebreak = (tiebreak << 4) | (fields[position] if position < len(fields) else 0)
    return (category << CATEGORY_SHIFT) | tiebreak


def pack_straight(category: int, ranking: Ranking, top: int, is_wheel: bool) -> int:
    """Pack a straight or straight flush (the tiebreak is one number, see :meth:`Ranking.straight_tiebreak`)."""
    return (category << CATEGORY_SHIFT) | ranking.straight_tiebreak(top, is_wheel)


def best_straight(mask: int) -> tuple[int, bool] | None:
    """``(top rank index, is_wheel)`` of the highest-topped straight in a rank mask, wheel last; None if none."""
    for top in range(ACE, 3, -1):
        window = 0b11111 << (top - 4)
        if mask & window == window:
            return top, False
    if mask & WHEEL_MASK == WHEEL_MASK:
        return 3, True
    return None


@cache
def _straights_in(mask: int) -> tuple[tuple[int, bool], ...]:
    """``(top rank index, is_wheel)`` of every straight a rank mask holds: the part of :func:`straight_value` that no
    ranking changes, worked out once per mask (the table build asks for each of the 8,192 masks many times)."""
    found = [(top, False) for top in range(ACE, 3, -1) if mask & (0b11111 << (top - 4)) == 0b11111 << (top - 4)]
    if mask & WHEEL_MASK == WHEEL_MASK:
        found.append((3, True))
    return tuple(found)


def straight_value(mask: int, ranking: Ranking, category: int) -> int:
    """Best straight (or straight flush, by ``category``) value in a rank mask under ``ranking``; 0 if none."""
    straights = _straights_in(mask)
    if not straights:
        return 0
    return max(pack_straight(category, ranking, top, is_wheel) for top, is_wheel in straights)


def _top_bits(mask: int, count: int) -> list[int]:
    return [rank for rank in range(ACE, -1, -1) if mask >> rank & 1][:count]


def flush_value(mask: int, ranking: Ranking) -> int:
    """Value of the best five cards of one suit whose ranks are ``mask`` (at least five bits)."""
    straight_flush = straight_value(mask, ranking, ranking.straight_flush)
    if straight_flush:
        if mask & ROYAL_MASK == ROYAL_MASK:
            return pack(ranking.royal_flush)
        return straight_flush
    return pack(ranking.flush, *_top_bits(mask, 5))


#: A rank multiset's best five cards apart from the ranking: a category that no straight can beat (five of a kind,
#: four of a kind, a full house) with its ranks, or the rank mask a straight is looked for in and the category (by
#: its field of :class:`Ranking`) with its ranks where there is none.
Shape = tuple[str, tuple[int, ...], int]


def multiset_shape(counts: list[int] | tuple[int, ...]) -> Shape:
    """The best five cards of a multiset of ranks (five to seven cards), ignoring flushes, as :data:`Shape`: the
    part of :func:`multiset_value` that does not depend on the ranking, so a table for several rankings works it out
    once per multiset. The mask is 0 where no straight is to be looked for."""
    present = 0
    for rank in range(RANK_COUNT):
        if counts[rank]:
            present |= 1 << rank
    descending = [rank for rank in range(ACE, -1, -1) if counts[rank]]
    for rank in descending:
        if counts[rank] >= 5:
            return ("five_aces" if rank == ACE else "five_of_a_kind", (rank,), 0)
    quads = [rank for rank in descending if counts[rank] == 4]
    if quads:
        kicker = next(rank for rank in descending if rank != quads[0])
        return ("four_of_a_kind", (quads[0], kicker), 0)
    trips = [rank for rank in descending if counts[rank] == 3]
    pairs_or_better = [rank for rank in descending if counts[rank] >= 2]
    if trips:
        others = [rank for rank in pairs_or_better if rank != trips[0]]
        if others:
            return ("full_house", (trips[0], others[0]), 0)
        kickers = [rank for rank in descending if rank != trips[0]][:2]
        return ("three_of_a_kind", (trips[0], *kickers), present)
    if len(pairs_or_better) >= 2:
        high, low = pairs_or_better[:2]
        kicker = next(rank for rank in descending if rank not in (high, low))
        return ("two_pair", (high, low, kicker), present)
    if pairs_or_better:
        kickers = [rank for rank in descending if rank != pairs_or_better[0]][:3]
        return ("pair", (pairs_or_better[0], *kickers), present)
    return ("high_card", tuple(descending[:5]), present)


def shape_value(shape: Shape, ranking: Ranking) -> int:
    """A :data:`Shape`'s value under ``ranking``: its straight where the mask holds one, else its category."""
    category, ranks, present = shape
    if present:
        straight = straight_value(present, ranking, ranking.straight)
        if straight:
            return straight
    return pack(getattr(ranking, category), *ranks)


def multiset_value(counts: list[int] | tuple[int, ...], ranking: Ranking) -> int:
    """Value of the best five cards from a multiset of ranks (five to seven cards), ignoring flushes.

    A count of five is five of a kind (five aces where the ranking names them apart); that needs a wild card.
    """
    return shape_value(multiset_shape(counts), ranking)


# --- quinary perfect hash ---------------------------------------------------------------------------------------


def _ways() -> np.ndarray:
    """``ways[length, total]``: count vectors of ``length`` entries in 0..4 summing to ``total``."""
    ways = np.zeros((RANK_COUNT + 1, MAX_CARDS + 1), dtype=np.int64)
    ways[0, 0] = 1
    for length in range(1, RANK_COUNT + 1):
        for total in range(MAX_CARDS + 1):
            ways[length, total] = sum(ways[length - 1, total - count] for count in range(min(4, total) + 1))
    return ways


def _offsets(ways: np.ndarray) -> np.ndarray:
    offsets = np.zeros((RANK_COUNT, 5, MAX_CARDS + 1), dtype=np.int32)
    for rank in range(RANK_COUNT):
        later = RANK_COUNT - 1 - rank
        for count in range(5):
            for remaining in range(MAX_CARDS + 1):
                offsets[rank, count, remaining] = sum(
                    ways[later, remaining - below] for below in range(count) if remaining - below >= 0
                )
    return offsets


def quinary_hash(counts: list[int] | tuple[int, ...], offsets: np.ndarray) -> int:
    """Position of a count vector among all vectors with the same total (Python twin of the compiled hash)."""
    index, remaining = 0, sum(counts)
    for rank in range(RANK_COUNT):
        index += int(offsets[rank, counts[rank], remaining])
        remaining -= counts[rank]
    return index


def count_vectors(total: int, max_count: int = 4, ranks: range = range(RANK_COUNT)) -> list[tuple[int, ...]]:
    """All 13-rank count vectors with the given total, counts at most ``max_count``, nonzero only on ``ranks``."""
    vectors: list[tuple[int, ...]] = []
    allowed = list(ranks)

    def extend(position: int, remaining: int, prefix: list[int]) -> None:
        if position == len(allowed):
            if remaining == 0:
                vector = [0] * RANK_COUNT
                for rank, count in zip(allowed, prefix, strict=True):
                    vector[rank] = count
                vectors.append(tuple(vector))
            return
        for count in range(min(max_count, remaining) + 1):
            extend(position + 1, remaining - count, [*prefix, count])

    extend(0, total, [])
    return vectors


# --- table construction -----------------------------------------------------------------------------------------


def _hashed_vectors() -> dict[int, list[tuple[tuple[int, ...], int]]]:
    """Every k-card rank multiset (k = 5..7) with its hash: the same for each ranking's table, so made once.

    :func:`count_vectors` lists the vectors in the order the hash numbers them (lexicographic, the first rank's count
    first), so a vector's hash is its position in that list (``test_tables.py`` checks both against
    :func:`quinary_hash`, and the tables' pinned digest checks every entry)."""
    return {
        total: [(vector, position) for position, vector in enumerate(count_vectors(total))]
        for total in range(5, MAX_CARDS + 1)
    }


def _multiset_tables(
    rankings: tuple[Ranking, ...], ways: np.ndarray, hashed: dict[int, list[tuple[tuple[int, ...], int]]]
) -> list[np.ndarray]:
    """For each ranking, ``table[k, hash]``: best non-flush value of every k-card rank multiset, k = 5..7
    (``hashed``: :func:`_hashed_vectors`); each multiset's shape is worked out once for all the rankings."""
    tables = [np.zeros((MAX_CARDS + 1, int(ways[RANK_COUNT, MAX_CARDS])), dtype=np.int32) for _ in rankings]
    for total, vectors in hashed.items():
        rows = [table[total] for table in tables]
        for vector, key in vectors:
            shape = multiset_shape(vector)
            for row, ranking in zip(rows, rankings, strict=True):
                row[key] = shape_value(shape, ranking)
    return tables


def _flush_tables(ranking: Ranking) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per 13-bit rank mask: flush value (5+ bits), flush value with one wild filler (4+ bits), straight with one
    wild filler (any mask; 0 where even a filler cannot make a straight)."""
    flush = np.zeros(MASK_COUNT, dtype=np.int32)
    for mask in range(MASK_COUNT):
        if mask.bit_count() >= 5:
            flush[mask] = flush_value(mask, ranking)
    flush_with_wild = np.zeros(MASK_COUNT, dtype=np.int32)
    straight_with_wild = np.zeros(MASK_COUNT, dtype=np.int32)
    for mask in range(MASK_COUNT):
        best_flush, best_straight = 0, 0
        for rank in range(RANK_COUNT):
            widened = mask | (1 << rank)
            if widened != mask and widened.bit_count() >= 5:
                best_flush = max(best_flush, int(flush[widened]))
            best_straight = max(best_straight, straight_value(widened, ranking, ranking.straight))
        if mask.bit_count() >= 4:
            flush_with_wild[mask] = best_flush
        straight_with_wild[mask] = best_straight
    return flush, flush_with_wild, straight_with_wild


def _seven_card_straight_flush_tables() -> tuple[np.ndarray, np.ndarray]:
    """Per rank mask: 1 where the mask is seven consecutive ranks (natural), or six that one filler completes."""
    windows = [0b1111111 << low for low in range(RANK_COUNT - 6)] + [0b1000000111111]  # A-2-...-7 is the lowest
    natural = np.zeros(MASK_COUNT, dtype=np.uint8)
    with_joker = np.zeros(MASK_COUNT, dtype=np.uint8)
    for window in windows:
        natural[window] = 1
        for rank in range(RANK_COUNT):
            if window >> rank & 1:
                with_joker[window & ~(1 << rank)] = 1
    return natural, with_joker


def _deuces_wild_tables(offsets: np.ndarray, ways: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For DJ Wild hands with ``w`` >= 1 wild cards: best value and the set of reachable categories.

    Indexed ``[w, suited, hash of the natural (non-deuce) ranks]``; ``suited`` is 1 when the naturals share one
    suit (so the wild cards can complete a flush). Each wild card may become any rank (five of a kind included);
    suits matter only through ``suited``. ``reachable`` is a bit set over :class:`WildHandCategory`.
    """
    width = int(ways[RANK_COUNT, 5])
    best = np.zeros((6, 2, width), dtype=np.int32)
    reachable = np.zeros((6, 2, width), dtype=np.int32)
    ranking = DEUCES_WILD
    five_wilds_bit = 1 << int(WildHandCategory.FIVE_WILDS)
    # The same five-card multiset is reached from many naturals and fillers (6,175 multisets, over 200,000 times).
    value_of: dict[tuple[int, ...], int] = {}
    for wild_count in range(1, 6):
        natural_count = 5 - wild_count
        for vector in count_vectors(natural_count, ranks=range(1, RANK_COUNT)):
            key = quinary_hash(vector, offsets)
            for suited in (0, 1):
                if suited and max(vector) > 1:
                    continue
                top, categories = 0, 0
                for filler in itertools.combinations_with_replacement(range(RANK_COUNT), wild_count):
                    counts = list(vector)
                    for rank in filler:
                        counts[rank] += 1
                    multiset = tuple(counts)
                    value = value_of.get(multiset, -1)
                    if value < 0:
                        value = value_of[multiset] = multiset_value(multiset, ranking)
                    top = max(top, value)
                    categories |= 1 << (value >> CATEGORY_SHIFT)
                    if suited and max(counts) == 1:
                        mask = sum(1 << rank for rank in range(RANK_COUNT) if counts[rank])
                        value = flush_value(mask, ranking)
                        top = max(top, value)
                        categories |= 1 << (value >> CATEGORY_SHIFT)
                if wild_count == 5:
                    top = pack(int(WildHandCategory.FIVE_WILDS))
                    categories |= five_wilds_bit
                best[wild_count, suited, key] = top
                reachable[wild_count, suited, key] = categories
    return best, reachable


@dataclass(frozen=True)
class EvaluatorTables:
    """Every lookup table, as read-only numpy arrays. Field order is the digest order."""

    offsets: np.ndarray
    standard_multiset: np.ndarray
    standard_flush: np.ndarray
    deuces_wild_multiset: np.ndarray
    deuces_wild_flush: np.ndarray
    deuces_wild_best: np.ndarray
    deuces_wild_reachable: np.ndarray
    pai_gow_multiset: np.ndarray
    pai_gow_flush: np.ndarray
    pai_gow_flush_with_wild: np.ndarray
    pai_gow_straight_with_wild: np.ndarray
    seven_card_straight_flush_natural: np.ndarray
    seven_card_straight_flush_with_joker: np.ndarray
    standard_classes: np.ndarray
    """The 7,462 distinct standard five-card values, ascending: ``searchsorted`` gives a dense 1..7462 strength."""


_FIELDS = tuple(EvaluatorTables.__dataclass_fields__)


def build_tables() -> EvaluatorTables:
    """Build every table from scratch (deterministic; a few seconds)."""
    ways = _ways()
    offsets = _offsets(ways)
    standard_flush, _, _ = _flush_tables(STANDARD)
    deuces_flush, _, _ = _flush_tables(DEUCES_WILD)
    pai_gow_flush, pai_gow_flush_wild, pai_gow_straight_wild = _flush_tables(PAI_GOW)
    hashed = _hashed_vectors()
    standard_multiset, deuces_multiset, pai_gow_multiset = _multiset_tables(
        (STANDARD, DEUCES_WILD, PAI_GOW), ways, hashed
    )
    deuces_best, deuces_reachable = _deuces_wild_tables(offsets, ways)
    natural_seven, joker_seven = _seven_card_straight_flush_tables()
    five_card_masks = [mask for mask in range(MASK_COUNT) if mask.bit_count() == 5]
    five_card_values = {int(standard_flush[mask]) for mask in five_card_masks}
    five_card_values |= {int(standard_multiset[5, key]) for _vector, key in hashed[5]}
    return EvaluatorTables(
        offsets=offsets,
        standard_multiset=standard_multiset,
        standard_flush=standard_flush,
        deuces_wild_multiset=deuces_multiset,
        deuces_wild_flush=deuces_flush,
        deuces_wild_best=deuces_best,
        deuces_wild_reachable=deuces_reachable,
        pai_gow_multiset=pai_gow_multiset,
        pai_gow_flush=pai_gow_flush,
        pai_gow_flush_with_wild=pai_gow_flush_wild,
        pai_gow_straight_with_wild=pai_gow_straight_wild,
        seven_card_straight_flush_natural=natural_seven,
        seven_card_straight_flush_with_joker=joker_seven,
        standard_classes=np.array(sorted(five_card_values), dtype=np.int32),
    )


def table_digest(tables: EvaluatorTables) -> str:
    """sha256 over every table's dtype, shape and bytes, in field order."""
    digest = hashlib.sha256()
    for name in _FIELDS:
        array = np.ascontiguousarray(getattr(tables, name))
        digest.update(f"{name}:{array.dtype.str}:{array.shape}".encode())
        digest.update(array.tobytes())
    return digest.hexdigest()


def cache_path() -> Path:
    """Where the table cache lives; the name changes whenever this module's source does."""
    source_hash = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]
    base = Path(os.environ.get("PACOMPLY_CACHE_DIR") or Path.home() / ".cache" / "pacomply")
    return base / f"evaluator-tables-{source_hash}.npz"


def _load(path: Path) -> EvaluatorTables | None:
    try:
        with np.load(path) as stored:
            arrays = {name: stored[name] for name in _FIELDS}
    except (OSError, KeyError, ValueError):
        return None
    return EvaluatorTables(**arrays)


def _store(tables: EvaluatorTables, path: Path) -> None:
    # A failed write only costs a rebuild next time, so it must never fail the caller.
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez(temporary, **{name: getattr(tables, name) for name in _FIELDS})
        temporary.replace(path)
    except OSError:
        pass


@cache
def get_tables() -> EvaluatorTables:
    """The tables, loaded from the cache file or built (and cached) on first call."""
    path = cache_path()
    tables = _load(path)
    if tables is None:
        tables = build_tables()
        _store(tables, path)
    for name in _FIELDS:
        getattr(tables, name).setflags(write=False)
    return tables
