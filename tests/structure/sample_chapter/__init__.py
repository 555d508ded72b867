"""A chapter that exists only in the tests: Over/Under re-dressed as chapter 699a, with every part a chapter has.

``tests/structure/test_sample_chapter.py`` registers it with one descriptor (:data:`DESCRIPTOR`) and runs it through
every command and the workspace filters: the proof that adding a chapter needs its parts and one line, nothing else.
Each part reuses the Over/Under part and gives it the chapter id 699a, so the figures are Over/Under's.
"""

from __future__ import annotations

from pacomply.regulations.chapters import Capability, Chapter

PACKAGE = __name__

#: The one line that registers the chapter (here inside ``regulations.chapters.registered``).
DESCRIPTOR = Chapter(
    "699a",
    "Sample Over/Under",
    game=f"{PACKAGE}.game",
    simulation=f"{PACKAGE}.simulation",
    capabilities=frozenset({Capability.FILING_OPTIONS}),
    rulebook_module=f"{PACKAGE}.law",
    coverage_module=f"{PACKAGE}.coverage",
    rules_module=f"{PACKAGE}.rules",
    wager_math_module=f"{PACKAGE}.wager_math",
    version_module=f"{PACKAGE}.version",
    published_figures_module=f"{PACKAGE}.published",
)
