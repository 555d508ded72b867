"""The review looks each chapter a filing names up once, where it starts (``review.filed_chapters``), and carries
the descriptor and the rulebook through its stages instead of looking the id up again at each."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from pacomply.checker import review
from pacomply.submissions import read_filing

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


class _Counting:
    """A module stand-in that counts the calls of one of its functions by first argument."""

    def __init__(self, module: Any, name: str) -> None:
        self._module, self._name, self.calls = module, name, Counter[str]()

    def __getattr__(self, attribute: str) -> Any:
        found = getattr(self._module, attribute)
        if attribute != self._name:
            return found

        def counted(first: str, *arguments: Any, **keywords: Any) -> Any:
            self.calls[first] += 1
            return found(first, *arguments, **keywords)

        return counted


@pytest.mark.parametrize("example", ["633a-compliant.json", "686a-violations.json"])
def test_a_review_looks_each_filed_chapter_up_once(example: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rulebooks = _Counting(review.regulations, "rulebook")
    descriptors = _Counting(review.chapters, "chapter")
    monkeypatch.setattr(review, "regulations", rulebooks)
    monkeypatch.setattr(review, "chapters", descriptors)
    filing = read_filing(EXAMPLES / example)
    result = review.review_filing(filing)
    named = set(filing.filed_chapters) | {table.chapter for table in filing.tables}
    assert result.wager_math, "the example's wager math was not computed"
    assert rulebooks.calls == Counter(dict.fromkeys(named, 1))
    assert descriptors.calls == Counter(dict.fromkeys(named, 1))


def test_filed_chapters_carries_the_descriptor_and_the_rulebook_of_each_chapter() -> None:
    filing = read_filing(EXAMPLES / "686a-compliant.json")
    [(chapter_id, filed)] = review.filed_chapters(filing).items()
    assert chapter_id == filed.id == filed.descriptor.id == filed.rulebook.chapter == "686a"
