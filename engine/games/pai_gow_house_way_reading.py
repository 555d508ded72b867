"""The Pai Gow house way as a filing states it: its value type and the reader of its text (no kernels here, so
a review that reads a filed house way loads no compiled code; :mod:`engine.games.pai_gow_house_way` sets hands
by it).

**The structured house way.** A house way is read from text such as
``"standard; two_pair_together_with_ace_max=6; quads_together_max=6"`` (``;``-separated ``key=value`` pairs after an
optional leading ``standard``). Every house way is applied the same way: the hand's shape decides the *least
category the high hand must keep*, and among the valid settings whose high hand keeps it, the dealer takes the
one with the best low hand (then the best high hand). The keys (ranks as 2-10, J, Q, K, A):

=================================  =======  ==================================================================
key                                default  meaning
=================================  =======  ==================================================================
two_pair_together_with_ace_max     6        two pair stay together (an ace goes low) when the higher pair is at
                                            most this rank and an ace (or the joker) is single; else split
quads_together_max                 6        four of a kind of this rank or lower stay together
quads_together_with_ace_max        10       up to this rank they stay together when an ace can go low; above,
                                            they split into two pairs
split_full_house                   yes      full house: the pair goes low (no: keep the full house)
split_three_aces                   yes      three aces: a pair of aces high, an ace low
split_five_aces                    yes      five aces without another pair: three aces high, two low
play_straights_and_flushes         yes      with no pair or one pair, keep a straight or flush in the high hand
=================================  =======  ==================================================================

The standard house way is these defaults: the common casino way (pairs split or kept by rank, straights and
flushes kept with the best possible low hand).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np


_RANK_TEXT = {"J": 11, "Q": 12, "K": 13, "A": 14}


class HouseWayError(ValueError):
    """A filed house way that cannot be read."""


@dataclass(frozen=True, slots=True)
class HouseWay:
    """The parameters of a house way (see the module docstring); ranks are 2..14."""

    name: str = "standard"
    two_pair_together_with_ace_max: int = 6
    quads_together_max: int = 6
    quads_together_with_ace_max: int = 10
    split_full_house: bool = True
    split_three_aces: bool = True
    split_five_aces: bool = True
    play_straights_and_flushes: bool = True

    def as_array(self) -> np.ndarray:
        """The parameters as the kernels take them (rank indices 0..12)."""
        import numpy as np  # lazy: only a simulation hands the house way to the kernels

        return np.array(
            [
                self.two_pair_together_with_ace_max - 2,
                self.quads_together_max - 2,
                self.quads_together_with_ace_max - 2,
                int(self.split_full_house),
                int(self.split_three_aces),
                int(self.split_five_aces),
                int(self.play_straights_and_flushes),
            ],
            dtype=np.int64,
        )


STANDARD_HOUSE_WAY = HouseWay()


def _read_rank(text: str, key: str) -> int:
    cleaned = text.strip().upper()
    if cleaned in _RANK_TEXT:
        return _RANK_TEXT[cleaned]
    if cleaned.isdigit() and 2 <= int(cleaned) <= 14:
        return int(cleaned)
    raise HouseWayError(f"{key}: '{text}' is not a rank 2-10, J, Q, K or A")


def _read_bool(text: str, key: str) -> bool:
    cleaned = text.strip().lower()
    if cleaned in {"yes", "y", "true", "1"}:
        return True
    if cleaned in {"no", "n", "false", "0"}:
        return False
    raise HouseWayError(f"{key}: '{text}' is not yes or no")


def parse_house_way(text: str) -> HouseWay:
    """Read 'standard' or 'standard; key=value; ...'; :class:`HouseWayError` names every problem."""
    parts = [part.strip() for part in text.replace("\n", ";").split(";") if part.strip()]
    values: dict[str, object] = {}
    problems: list[str] = []
    known = {field.name: field for field in fields(HouseWay) if field.name != "name"}
    name = "standard"
    for position, part in enumerate(parts):
        if "=" not in part:
            if position == 0 and part.lower() in {"standard", "standard house way"}:
                continue
            problems.append(f"'{part}' is not 'standard' or key=value")
            continue
        key, _, raw = (piece.strip() for piece in part.partition("="))
        key = key.lower()
        if key not in known:
            problems.append(f"unknown key '{key}' (keys: {', '.join(sorted(known))})")
            continue
        try:
            values[key] = _read_bool(raw, key) if known[key].type in ("bool", bool) else _read_rank(raw, key)
        except HouseWayError as error:
            problems.append(str(error))
        name = "filed"
    if not parts:
        problems.append("the house way is empty")
    if problems:
        raise HouseWayError("; ".join(problems))
    return HouseWay(name=name, **values)  # type: ignore[arg-type]
