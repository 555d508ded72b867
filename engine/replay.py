"""Replay of a recorded round: the JSON record names its chapter, and that game's rules of play settle it (the
chapter descriptor's ``game_module``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from pacomply.engine.settlement import ReplayError, RoundResult
from pacomply.regulations import chapters


def replay_chapters() -> tuple[str, ...]:
    """Chapters whose rounds can be replayed."""
    return chapters.chapter_ids()


def replay_round(data: object) -> RoundResult:
    """Settle a recorded round; :class:`ReplayError` lists everything impossible or unreadable in it."""
    if not isinstance(data, Mapping):
        raise ReplayError(["the round must be a JSON object with chapter, cards, wagers and the decisions"])
    chapter = str(data.get("chapter", "")).strip().lower()
    if chapter not in replay_chapters():
        raise ReplayError([f"chapter: '{chapter}' cannot be replayed (supported: {', '.join(replay_chapters())})"])
    replay: Callable[[Mapping[str, object]], RoundResult] = chapters.chapter(chapter).load("rules of play")
    return replay(data)
