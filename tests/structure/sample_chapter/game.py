"""The sample chapter's rules of play: a recorded 699a round is settled as an Over/Under round."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from pacomply.engine.games import over_under
from pacomply.engine.settlement import RoundResult


def replay(data: Mapping[str, object]) -> RoundResult:
    """Settle a recorded round as Over/Under settles it, under the sample chapter's id."""
    return replace(over_under.replay({**data, "chapter": over_under.CHAPTER}), chapter="699a")
