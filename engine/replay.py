"""Replay of a recorded round: the JSON record names its chapter, and that game's rules of play settle it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module

from pacomply.engine.settlement import ReplayError, RoundResult

_GAME_MODULES: dict[str, str] = {
    "633a": "pacomply.engine.games.blackjack",
    "645a": "pacomply.engine.games.pai_gow_poker",
    "681a": "pacomply.engine.games.twenty_one_baccarat",
    "685a": "pacomply.engine.games.down_under_blackjack",
    "686a": "pacomply.engine.games.over_under",
    "687a": "pacomply.engine.games.dj_wild_stud_poker",
    "688a": "pacomply.engine.games.face_up_pai_gow_poker",
}


def replay_chapters() -> tuple[str, ...]:
    """Chapters whose rounds can be replayed."""
    return tuple(sorted(_GAME_MODULES))


def replay_round(data: object) -> RoundResult:
    """Settle a recorded round; :class:`ReplayError` lists everything impossible or unreadable in it."""
    if not isinstance(data, Mapping):
        raise ReplayError(["the round must be a JSON object with chapter, cards, wagers and the decisions"])
    chapter = str(data.get("chapter", "")).strip().lower()
    module_name = _GAME_MODULES.get(chapter)
    if module_name is None:
        raise ReplayError([f"chapter: '{chapter}' cannot be replayed (supported: {', '.join(replay_chapters())})"])
    replay: Callable[[Mapping[str, object]], RoundResult] = import_module(module_name).replay
    return replay(data)
