"""Citations into 58 Pa. Code: the one way every fact, rule and settlement names its source."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

_SUBSECTION_PATTERN = re.compile(r"^(?P<section>\d+)(?P<paragraphs>(\([0-9a-zA-Z]+\))*)$")
_CITATION_PATTERN = re.compile(r"^(?:58 Pa\. Code § )?(?P<chapter>\d{3}[a-z])\.(?P<subsection>\d+(\([0-9a-zA-Z]+\))*)$")


@dataclass(frozen=True, order=True, slots=True)
class Citation:
    """A subsection of 58 Pa. Code, e.g. chapter ``686a`` and subsection ``3(c)`` → § 686a.3(c).

    Chapters end in a letter: ``a`` for a game's own chapter, ``b`` or ``c`` for its side wagers and variations
    (``633b``), which pacomply recognises without encoding."""

    chapter: str
    subsection: str

    def __post_init__(self) -> None:
        if not re.fullmatch(r"\d{3}[a-z]", self.chapter):
            raise ValueError(f"chapter '{self.chapter}' is not of the form 686a or 633b")
        if not _SUBSECTION_PATTERN.match(self.subsection):
            raise ValueError(f"subsection '{self.subsection}' is not of the form 3(c)(1)")

    @classmethod
    def parse(cls, text: str) -> Citation:
        """Read ``'686a.3(c)'`` or ``'58 Pa. Code § 686a.3(c)'``."""
        match = _CITATION_PATTERN.match(text.strip())
        if match is None:
            raise ValueError(f"'{text}' is not a citation like '58 Pa. Code § 686a.3(c)'")
        return cls(match["chapter"], match["subsection"])

    @classmethod
    def written(cls, text: str) -> Citation | None:
        """The subsection a filer's text cites, or None: ``'686a.3(c)'``, ``'§ 686a.3(c)'`` or ``'58 Pa. Code §
        686a.3(c)'``, spaces aside."""
        try:
            return cls.parse(" ".join(text.replace("58 Pa. Code", "").replace("§", "").split()))
        except ValueError:
            return None

    @property
    def section(self) -> str:
        """The section number alone, e.g. ``686a.3``."""
        match = _SUBSECTION_PATTERN.match(self.subsection)
        assert match is not None  # validated in __post_init__
        return f"{self.chapter}.{match['section']}"

    @property
    def short(self) -> str:
        """``686a.3(c)`` — the form the Board's checklists use in their Section column."""
        return f"{self.chapter}.{self.subsection}"

    @property
    def uri(self) -> str:
        """The section's page in the Pennsylvania Code & Bulletin."""
        return (
            "https://www.pacodeandbulletin.gov/Display/pacode?file=/secure/pacode/data/058/"
            f"chapter{self.chapter}/s{self.section}.html"
        )

    def is_within(self, enclosing: Citation) -> bool:
        """Whether this is the enclosing subsection or a paragraph of it (§ 633a.3(b)(1) is within § 633a.3(b), and
        § 688a.12(d) within § 688a.12)."""
        return self == enclosing or (
            self.chapter == enclosing.chapter and self.subsection.startswith(enclosing.subsection + "(")
        )

    def child(self, paragraph: str) -> Citation:
        """A deeper paragraph: ``Citation('686a', '7(k)').child('1')`` is § 686a.7(k)(1)."""
        return Citation(self.chapter, f"{self.subsection}({paragraph})")

    def __str__(self) -> str:
        return f"58 Pa. Code § {self.chapter}.{self.subsection}"


@cache
def cite(text: str) -> Citation:
    """Shorthand used throughout the rulebooks: ``cite('686a.3(c)')``."""
    return Citation.parse(text)


RULES_SUBMISSIONS = Citation("601a", "2")
"""§ 601a.2, the section that makes each chapter's options a matter of the Rules Submission."""

WAIVERS = Citation("601a", "4")
"""§ 601a.4, under which the Board may waive a requirement."""
