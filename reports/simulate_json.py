"""``pacomply simulate --format json``: one object per simulated wager, with the run (and the wager's meter) under
``simulation``."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pacomply.checker.wager_math import WagerMath
    from pacomply.checker.wager_math.simulated import MeterSummary


def simulate_json(records: Sequence[WagerMath], meters: Mapping[str, MeterSummary], details: Mapping[str, Any]) -> str:
    """The records as a JSON array, each with ``simulation`` (``details``, and ``meter`` where it has one)."""
    document = [
        {
            **record.to_json(),
            "simulation": dict(details) | ({"meter": meters[record.wager].to_json()} if record.wager in meters else {}),
        }
        for record in records
    ]
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
