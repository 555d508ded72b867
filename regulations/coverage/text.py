"""Reading a chapter's text into its subsections, so a test can hold the coverage matrix against the text.

The published texts are plain text with each paragraph on its own line, labelled ``(a)``, ``(1)``, ``(i)``; some
pages run a paytable and the next subsection onto one line. Only the lettered level is needed here: a subsection
is what the matrix must place in one of its two columns.
"""

from __future__ import annotations

import re

_SECTION = re.compile(r"^\s*(?:-\s*)?§\.?\s*(?P<chapter>\d{3}a)\.(?P<section>\d+)\.\s")
_DEFINITIONS = re.compile(r"^\s*The following words and terms, when used in this chapter")
_LABEL = re.compile(r"(?:^|\s)(?:-\s*)?\((?P<label>[a-z]{1,4})\)\s+(?=\S)")
_LEADING = re.compile(r"^\s*(?:-\s*)?\((?P<label>[a-z0-9]{1,5})\)\s")


def _next_letter(letter: str | None) -> str:
    return "a" if letter is None else chr(ord(letter) + 1)


def _roman_follows(lines: list[str], index: int, label: str) -> bool:
    """True when the next labelled line after ``lines[index]`` continues a roman list begun by ``label``."""
    following = {"i": "ii", "v": "vi", "x": "xi"}[label]
    for line in lines[index + 1 :]:
        match = _LEADING.match(line)
        if match is not None:
            return match["label"] == following
    return False


def subsections(text: str, chapter: str) -> tuple[str, ...]:
    """Every lettered subsection of the chapter, as citations' short form ('686a.3(b)'), in text order; a section
    with no lettered subsection (definitions) appears as the section ('686a.1')."""
    found: list[str] = []
    section: str | None = None
    letter: str | None = None
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if section is None and _DEFINITIONS.match(line):
            # Some texts print § NNNa.1 only in the contents; its definitions open without a heading.
            section, letter = "1", None
            continue
        heading = _SECTION.match(line)
        if heading is not None and heading["chapter"] == chapter:
            if section is not None and letter is None:
                found.append(f"{chapter}.{section}")
            section, letter = heading["section"], None
            continue
        if section is None or not line.strip():
            continue
        for match in _LABEL.finditer(line):
            label = match["label"]
            if label != _next_letter(letter):
                continue
            at_start = _LEADING.match(line) is not None and match.start() <= len(line) - len(line.lstrip()) + 2
            if not at_start and not line[match.end() :][:1].isupper():
                continue  # a reference such as "subsection (b) of" in running text
            # (i), (v), (x) may open a roman list inside a paragraph: then the next labelled line is (ii), (vi), (xi).
            if label in {"i", "v", "x"} and at_start and _roman_follows(lines, index, label):
                continue
            letter = label
            found.append(f"{chapter}.{section}({label})")
    if section is not None and letter is None:
        found.append(f"{chapter}.{section}")
    return tuple(found)
