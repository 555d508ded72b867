"""``pacomply edge --format json``: one object per wager, paytable and deck count (``WagerMath.to_json``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pacomply.checker.wager_math import WagerMath


def edge_json(results: Sequence[WagerMath]) -> str:
    """The rows as a JSON array, in the order computed, ending in a newline."""
    return json.dumps([result.to_json() for result in results], indent=2, ensure_ascii=False) + "\n"
