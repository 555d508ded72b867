"""Side-wager and variation chapters pacomply recognises but does not encode (law as data, recognition only).

Pennsylvania keeps many wagers casinos offer apart from the base game's chapter: Blackjack side wagers in 633b and
633c, Pai Gow Poker variations in 645c, Baccarat side wagers in 631b and 631c, and so on. Only fragments of these
chapters are available to this project, so nothing here is a paytable, a payout or a requirement: each entry says
which chapter (and section, where known) a wager a filing may list belongs to, which base chapters it modifies, and
where that is known from. A filing listing such a wager is told it was not checked and must be reviewed by hand,
instead of being told the wager is unknown.

A section carrying an effective-until date (a temporary regulation, such as § 633b.17, "effective until" 23 March
2026 on its Code page) is judged as of the filing's date: after that date the filing is told the section had
lapsed, so that the reviewer confirms which regulation authorises the wager now.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from pacomply.regulations.citation import Citation


@dataclass(frozen=True, slots=True)
class OtherChapterWager:
    """A wager or variation of a chapter pacomply does not encode, by the names a filing may give it."""

    name: str
    """The name the chapter (or its Code page) gives the wager."""
    chapter: str
    """The chapter holding it, e.g. ``633b``."""
    section: Citation | None
    """The section where it is known (``None`` where only the chapter is known)."""
    aliases: tuple[str, ...] = ()
    """Other ways a filing may write it, besides the name itself."""
    effective_until: date | None = None
    """The last day a temporary section is in force, where its Code page gives one."""

    def in_force_on(self, day: date) -> bool:
        """Whether the section is in force on ``day`` (always, where no effective-until date is known)."""
        return self.effective_until is None or day <= self.effective_until

    @property
    def where(self) -> str:
        """'§ 633b.17' or 'chapter 633b'."""
        return f"§ {self.section.short}" if self.section is not None else f"chapter {self.chapter}"


@dataclass(frozen=True, slots=True)
class OtherChapter:
    """A side-wager or variation chapter: what it modifies and where what is known of it comes from."""

    chapter: str
    title: str
    game: str
    """The game whose wagers it adds to or varies."""
    base_chapters: tuple[str, ...]
    """The chapters of that game (encoded or not) whose tables may offer its wagers."""
    source: str
    """Where the chapter, or what is known of it, was published."""
    temporary: bool = False
    """Whether it is a temporary regulation (its sections may lapse)."""


OTHER_CHAPTERS: tuple[OtherChapter, ...] = (
    OtherChapter("617b", "Roulette variations", "Roulette", ("617a",), "58 Pa. Code ch. 617b (Code pages)"),
    OtherChapter(
        "623b",
        "Craps and Mini-Craps side wagers and variations (temporary regulations)",
        "Craps",
        ("623a",),
        "58 Pa. Code ch. 623b, amended by 52 Pa.B. 3224 (June 4, 2022), which corrected a Hot Shooter payout",
        temporary=True,
    ),
    OtherChapter("629b", "Midibaccarat side wagers", "Midibaccarat", ("629a",), "58 Pa. Code ch. 629b (Code pages)"),
    OtherChapter("631b", "Baccarat side wagers", "Baccarat", ("631a",), "58 Pa. Code ch. 631b (Code pages)"),
    OtherChapter(
        "631c", "Baccarat side wagers and variations", "Baccarat", ("631a",), "58 Pa. Code ch. 631c (Code pages)"
    ),
    OtherChapter(
        "633b",
        "Blackjack side wagers and variations (temporary regulations)",
        "Blackjack",
        ("633a",),
        "58 Pa. Code ch. 633b (Code pages through 54 Pa.B. 488, January 27, 2024)",
        temporary=True,
    ),
    OtherChapter(
        "633c", "Blackjack side wagers and variations", "Blackjack", ("633a",), "58 Pa. Code ch. 633c (cited by 633b)"
    ),
    OtherChapter("635c", "Spanish 21 side wagers", "Spanish 21", ("635a",), "58 Pa. Code ch. 635c (not retrieved)"),
    OtherChapter(
        "645c",
        "Pai Gow Poker side wagers and variations",
        "Pai Gow Poker",
        ("645a",),
        "54 Pa.B. 2923 (added May 24, 2024, effective May 25, 2024)",
    ),
)


def _section(text: str) -> Citation:
    return Citation.parse(text)


#: Every wager recognised, with its chapter and (where known) section. Names and sections come from the chapters'
#: tables of contents and section headings; no payout is recorded.
OTHER_CHAPTER_WAGERS: tuple[OtherChapterWager, ...] = (
    OtherChapterWager("Lightning Roulette", "617b", _section("617b.3")),
    OtherChapterWager("Roulette X", "617b", _section("617b.5")),
    OtherChapterWager("Hot Shooter Jackpot", "623b", None, ("Hot Shooter",)),
    OtherChapterWager("Perfect Pairs", "629b", _section("629b.1"), ("Perfect Pairs Wager",)),
    OtherChapterWager("Golden Talons", "631b", _section("631b.9"), ("Golden Talons Wager",)),
    OtherChapterWager(
        "Heavenly 9 progressive", "631c", _section("631c.2"), ("Heavenly 9", "Heavenly 9 Progressive Baccarat Wager")
    ),
    OtherChapterWager(
        "Blackjack Match Progressive",
        "633b",
        _section("633b.10"),
        ("Match Progressive", "Blackjack Match Progressive Wager"),
    ),
    OtherChapterWager("EZ Bust Blackjack", "633b", _section("633b.16"), ("EZ Bust",)),
    OtherChapterWager("Blackjack played on a hybrid gaming table", "633b", _section("633b.5"), ("Hybrid Blackjack",)),
    OtherChapterWager(
        "21+3 progressive",
        "633b",
        _section("633b.17"),
        ("21 + 3 progressive", "21 plus 3 progressive"),
        # The section's Code page (casetext) reads "effective until 3/23/2026".
        effective_until=date(2026, 3, 23),
    ),
    OtherChapterWager("21+3", "633b", None, ("21 + 3", "21 plus 3", "21+3 Wager")),
    OtherChapterWager("Switch Hands", "633c", _section("633c.4")),
    OtherChapterWager("Blackjack Premium", "633c", _section("633c.4")),
    OtherChapterWager("Must-Hit-By Mystery bonus", "633c", _section("633c.14"), ("Must Hit By Mystery",)),
    OtherChapterWager("Match the Dealer progressive", "635c", None, ("Match-the-Dealer Progressive",)),
    OtherChapterWager("Tiger 9", "645c", _section("645c.1(c)(2)"), ("Tiger 9 Wager",)),
    OtherChapterWager("Commission-free Pai Gow Poker", "645c", _section("645c.1"), ("Commission free",)),
    OtherChapterWager("Player-activated Pai Gow Poker", "645c", _section("645c.2"), ("Player-activated shaker",)),
    OtherChapterWager("Sum", "645c", _section("645c.2(g)"), ("Sum Wager", "Sum of the dice")),
    OtherChapterWager("Beat It", "645c", _section("645c.2(g)"), ("Beat It Wager",)),
    OtherChapterWager("Must-Hit-By Mystery bonus", "645c", _section("645c.3"), ("Must Hit By Mystery",)),
)


def recognition_key(text: str) -> str:
    """A wager's name reduced for comparison: case, spaces, hyphens, apostrophes and underscores dropped, '+' kept
    as 'plus' ('21+3', '21 + 3' and '21_plus_3' → '21plus3')."""
    return re.sub(r"[^0-9a-z]", "", text.lower().replace("+", "plus"))


def chapter_info(chapter: str) -> OtherChapter:
    """The recorded chapter; KeyError if it is not one pacomply recognises."""
    for other in OTHER_CHAPTERS:
        if other.chapter == chapter:
            return other
    raise KeyError(f"chapter {chapter} is not a side-wager or variation chapter pacomply recognises")


def recognise(wager: str, table_chapter: str) -> OtherChapterWager | None:
    """The side-wager chapter's wager a filing's wager name stands for, or None when it is none of them.

    A name two chapters share (Must-Hit-By Mystery bonus: 633c and 645c) is taken from the chapter whose base game
    the table deals, else the first recorded.
    """
    key = recognition_key(wager)
    candidates = [
        entry
        for entry in OTHER_CHAPTER_WAGERS
        if key in {recognition_key(name) for name in (entry.name, *entry.aliases)}
    ]
    if not candidates:
        return None
    for entry in candidates:
        if table_chapter in chapter_info(entry.chapter).base_chapters:
            return entry
    return candidates[0]
