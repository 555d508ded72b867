"""The law as data: one rulebook per chapter of 58 Pa. Code Subpart K, every fact with its citation.

Chapters register here by module path; a rulebook module is imported only when asked for.
"""

from __future__ import annotations

from importlib import import_module

from pacomply.regulations.citation import Citation, cite
from pacomply.regulations.rulebook import Rulebook

__all__ = ["CHAPTER_TITLES", "Citation", "Rulebook", "UnknownChapterError", "cite", "known_chapters", "rulebook"]

#: Every chapter pacomply knows of, with its title. A chapter is supported once its module is listed below.
CHAPTER_TITLES: dict[str, str] = {
    "633a": "Blackjack",
    "645a": "Pai Gow Poker",
    "681a": "21 Baccarat",
    "685a": "Down Under Blackjack",
    "686a": "Over/Under",
    "687a": "DJ Wild Stud Poker",
    "688a": "Face Up Pai Gow Poker",
}

_RULEBOOK_MODULES: dict[str, str] = {
    "633a": "pacomply.regulations.chapter_633a",
    "645a": "pacomply.regulations.chapter_645a",
    "681a": "pacomply.regulations.chapter_681a",
    "685a": "pacomply.regulations.chapter_685a",
    "686a": "pacomply.regulations.chapter_686a",
    "687a": "pacomply.regulations.chapter_687a",
    "688a": "pacomply.regulations.chapter_688a",
}


class UnknownChapterError(KeyError):
    """A chapter id that pacomply has no rulebook for."""

    def __init__(self, chapter: str) -> None:
        supported = ", ".join(known_chapters())
        super().__init__(f"chapter '{chapter}' is not supported (supported: {supported})")
        self.chapter = chapter

    def __str__(self) -> str:
        return str(self.args[0])


def known_chapters() -> tuple[str, ...]:
    """Chapters with a rulebook, sorted."""
    return tuple(sorted(_RULEBOOK_MODULES))


def normalise_chapter(text: str) -> str:
    """'686A', ' 686a ', 'Chapter 686a' → '686a'."""
    cleaned = text.strip().lower().removeprefix("chapter").strip()
    return cleaned


def rulebook(chapter: str) -> Rulebook:
    """The rulebook of a chapter; :class:`UnknownChapterError` when pacomply does not support it."""
    module_name = _RULEBOOK_MODULES.get(normalise_chapter(chapter))
    if module_name is None:
        raise UnknownChapterError(chapter)
    book = import_module(module_name).RULEBOOK
    assert isinstance(book, Rulebook)
    return book
