"""The law as data: one rulebook per chapter of 58 Pa. Code Subpart K, every fact with its citation.

Chapters are registered in :mod:`regulations.chapters`, one descriptor each; a rulebook module is imported only
when asked for.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from pacomply.regulations import chapters
from pacomply.regulations.chapters import IncompleteChapterError, UnknownChapterError, normalise_chapter
from pacomply.regulations.citation import Citation, cite
from pacomply.regulations.rulebook import Rulebook

__all__ = [
    "CHAPTER_TITLES",
    "Citation",
    "IncompleteChapterError",
    "Rulebook",
    "UnknownChapterError",
    "cite",
    "known_chapters",
    "normalise_chapter",
    "rulebook",
]

class _ChapterTitles(Mapping[str, str]):
    """Every supported chapter's title by id, read from the chapter descriptors each time (a chapter registered
    later, a test's, is in it too)."""

    def __getitem__(self, chapter: str) -> str:
        try:
            return chapters.chapter(chapter).title
        except UnknownChapterError:
            raise KeyError(chapter) from None

    def __iter__(self) -> Iterator[str]:
        return iter(chapters.chapter_ids())

    def __len__(self) -> int:
        return len(chapters.chapter_ids())


#: Every chapter pacomply supports, with its title (from :mod:`regulations.chapters`).
CHAPTER_TITLES: Mapping[str, str] = _ChapterTitles()


def known_chapters() -> tuple[str, ...]:
    """Chapters with a rulebook, sorted."""
    return chapters.chapter_ids()


def rulebook(chapter: str) -> Rulebook:
    """The rulebook of a chapter; :class:`UnknownChapterError` when pacomply does not support it,
    :class:`IncompleteChapterError` when its descriptor names a rulebook module that is missing."""
    book = chapters.chapter(chapter).load("rulebook")
    assert isinstance(book, Rulebook)
    return book
