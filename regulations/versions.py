"""Which text of each chapter the rulebooks encode, where that version comes from, and what has changed since.

A Board reviewer must know which version of the law a review applied. Each chapter's entry names the
Pennsylvania Bulletin notice the encoded text comes from, its effective date, how that date was established when
the text itself carries none, the amendments and related chapters published since that pacomply knows of but does
not encode, and the terms the encoded definitions section defines (``pacomply regulations verify`` compares them
with an official text's).
"""

from __future__ import annotations

from datetime import date
from typing import TypedDict

from pacomply.regulations.citation import Citation
from pacomply.regulations.rulebook import LaterAmendment


class VersionFields(TypedDict):
    """The version fields of a :class:`~pacomply.regulations.rulebook.Rulebook`."""

    version: str
    effective: date
    source: str
    version_basis: str
    later_amendments: tuple[LaterAmendment, ...]
    defined_terms: tuple[str, ...]


_PA_B_55_261 = "55 Pa.B. 261"
_PA_B_55_261_DATE = date(2025, 1, 11)

_VERSIONS: dict[str, VersionFields] = {
    "633a": VersionFields(
        version="633a/2012-05-19",
        effective=date(2012, 5, 19),
        source="42 Pa.B. 2922",
        version_basis=(
            "The text carries no Source note. It is dated by 42 Pa.B. 2922 (May 19, 2012), the final-form "
            "rulemaking that added the chapter; it lacks the paytable 44 Pa.B. 7057 added (November 8, 2014), so "
            "it is the chapter as it stood before that amendment."
        ),
        later_amendments=(
            LaterAmendment("44 Pa.B. 7057", date(2014, 11, 8), "adds a paytable to an existing Blackjack side wager"),
            LaterAmendment(_PA_B_55_261, _PA_B_55_261_DATE, "final-form rulemaking amending Chapter 633a"),
            LaterAmendment(
                "58 Pa. Code § 633a.1 (Code pages current to June 2024)",
                None,
                "defines 'Ace-king suited', which the encoded text lacks: a wager or paytable was added or changed",
                citation=Citation("633a", "1"),
            ),
            LaterAmendment("Chapter 633b", None, "Blackjack variations, progressives and bonuses", True),
            LaterAmendment("Chapter 633c", None, "Blackjack variations, progressives and bonuses", True),
        ),
        defined_terms=(
            "Any 20",
            "Blackjack",
            "Card reader device",
            "Crown Treasure Bonus",
            "Determinant card",
            "Double shoe",
            "Flush",
            "Four-of-a-kind",
            "Hard total",
            "Hole card",
            "Lucky Player Bonus",
            "Magic Card Bonus",
            "Matched 20",
            "Pair",
            "Royal Match",
            "Soft total",
            "Straight",
            "Straight flush",
            "Suited Match",
            "Suited pair",
            "Suited 20",
            "Three-of-a-kind",
            "Triple Match",
        ),
    ),
    "645a": VersionFields(
        version="645a/2012-05-19",
        effective=date(2012, 5, 19),
        source="42 Pa.B. 2922",
        version_basis=(
            "The text carries no Source note. It is dated by 42 Pa.B. 2922 (May 19, 2012), the final-form "
            "rulemaking that added Chapters 633a and 645a."
        ),
        later_amendments=(
            LaterAmendment(
                "Chapter 645c (54 Pa.B. 2923)",
                date(2024, 5, 25),
                "commission-free Pai Gow Poker and dice wagers",
                True,
            ),
        ),
        defined_terms=(
            "Bank",
            "Co-banking",
            "Envy Bonus",
            "Envy Bonus Qualifying Hand",
            "High hand",
            "Low hand",
            "Qualifying Wager",
            "Setting the hands",
        ),
    ),
    "681a": VersionFields(
        version="681a/2016-11-19",
        effective=date(2016, 11, 19),
        source="46 Pa.B. 7323, 7448",
        version_basis="The text's Source note: adopted November 18, 2016, effective November 19, 2016.",
        later_amendments=(),
        defined_terms=("Hard total", "Natural", "Soft total"),
    ),
    "685a": VersionFields(
        version="685a/2020-11-21",
        effective=date(2020, 11, 21),
        source="50 Pa.B., Pa.B. Doc. No. 20-1607",
        version_basis=(
            "The text carries no Source note; it ends with the notice's filing line (Pa.B. Doc. No. 20-1607, filed "
            "November 20, 2020). It is dated by the Bulletin issue that published the notice, Saturday November "
            "21, 2020."
        ),
        later_amendments=(),
        defined_terms=(
            "Blackjack",
            "Hard total",
            "Hole card",
            "Large",
            "Masque Card Reader device",
            "Medium",
            "Small",
            "Soft value",
        ),
    ),
    "686a": VersionFields(
        version="686a/2021-05-29",
        effective=date(2021, 5, 29),
        source="51 Pa.B. 2975",
        version_basis="The text's Source note: adopted May 28, 2021, effective May 29, 2021.",
        later_amendments=(),
        defined_terms=("Ante Wager", "Bonus Wager", "Hand", "Over 23 Wager", "Surrender", "Under 18 Wager"),
    ),
    "687a": VersionFields(
        version="687a/2021-05-29",
        effective=date(2021, 5, 29),
        source="51 Pa.B. 2975",
        version_basis=(
            "The text carries no Source note. Chapters 686a, 687a and 688a were adopted by one rulemaking "
            "(Regulatory Analysis Form 125-223, IRRC 3239); it is dated by 686a's Source note for that rulemaking: "
            "adopted May 28, 2021, effective May 29, 2021, 51 Pa.B. 2975."
        ),
        later_amendments=(
            LaterAmendment(_PA_B_55_261, _PA_B_55_261_DATE, "final-form rulemaking amending Chapter 687a"),
        ),
        defined_terms=(
            "Ante Wager",
            "Blind Wager",
            "Fold",
            "Progressive Bonus Wager",
            "Raise Wager",
            "Trips Bonus Wager",
            "Two-Way Bad Beat Bonus Wager",
        ),
    ),
    "688a": VersionFields(
        version="688a/2021-05-29",
        effective=date(2021, 5, 29),
        source="51 Pa.B. 2975",
        version_basis=(
            "The text carries no Source note. Chapters 686a, 687a and 688a were adopted by one rulemaking "
            "(Regulatory Analysis Form 125-223, IRRC 3239); it is dated by 686a's Source note for that rulemaking: "
            "adopted May 28, 2021, effective May 29, 2021, 51 Pa.B. 2975."
        ),
        later_amendments=(),
        defined_terms=(
            "Ace High Pai Gow",
            "Ace High Bonus Wager",
            "Envy Bonus",
            "Envy Bonus Qualifying Hand",
            "Fortune Bonus Wager",
            "High hand",
            "Low hand",
            "Progressive Payout Wager",
            "Qualifying Wager",
            "Setting the hands",
        ),
    ),
}


def version_fields(chapter: str) -> VersionFields:
    """The version fields of a chapter's rulebook: ``Rulebook(..., **version_fields(CHAPTER))``;
    :class:`IncompleteChapterError` naming this module when the chapter has no entry here."""
    fields = _VERSIONS.get(chapter)
    if fields is None:
        from pacomply.regulations.chapters import IncompleteChapterError

        raise IncompleteChapterError(
            chapter, "version", f"regulations/versions.py has no entry for it (entries: {', '.join(versioned())})"
        )
    return fields


def versioned() -> tuple[str, ...]:
    """The chapters with a version entry, sorted."""
    return tuple(sorted(_VERSIONS))
