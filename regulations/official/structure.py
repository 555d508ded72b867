"""The shape of a chapter as published: its sections and the lettered and numbered paragraphs inside them.

The PA Code prints each section as ``§ 687a.3. Title.`` followed by paragraphs marked ``(a)``, ``(1)``, ``(i)`` and
``(A)``, nested in that order. Copies of the Code differ in layout: the website's HTML keeps one paragraph per
block, the print version and copied text often run paragraphs and tables together on one line. So a paragraph
marker is recognised by what it must be, not by where it sits: the next label at some open level (``(d)`` after
``(c)``), or the first child of the deepest one (``(1)`` after ``(c)``), followed by the start of a sentence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_LOWER = "lower"
_DIGIT = "digit"
_ROMAN = "roman"
_UPPER = "upper"
_CHILD_KIND = {None: _LOWER, _LOWER: _DIGIT, _DIGIT: _ROMAN, _ROMAN: _UPPER, _UPPER: None}
_FIRST_LABEL = {_LOWER: "a", _DIGIT: "1", _ROMAN: "i", _UPPER: "A"}
_ROMANS = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii", "xiv", "xv")

# A marker opens a paragraph when it follows a line start, a sentence end, a colon or a table figure, and is
# followed by the first word of a sentence. References such as "subsection (a)" or "§ 601a.10(a)" are not.
_MARKER = re.compile(r"(?:(?<=^)|(?<=\s))\((?P<label>[a-z]{1,4}|\d{1,2}|[A-Z])\)(?=\s+[\"“A-Z0-9$])", re.MULTILINE)


def _successor(kind: str, label: str) -> str | None:
    if kind == _DIGIT:
        return str(int(label) + 1)
    if kind == _ROMAN:
        index = _ROMANS.index(label)
        return _ROMANS[index + 1] if index + 1 < len(_ROMANS) else None
    if len(label) != 1 or label in "zZ":
        return None
    return chr(ord(label) + 1)


@dataclass(frozen=True, slots=True)
class Subsection:
    """One section or paragraph of the published chapter: ``13(f)(2)`` and its text, children included."""

    subsection: str
    start: int
    end: int
    text: str


@dataclass(frozen=True, slots=True)
class ChapterStructure:
    """Every section and paragraph found in a published chapter, by subsection (``'3'``, ``'13(f)(2)'``)."""

    chapter: str
    text: str
    subsections: dict[str, Subsection]

    def find(self, subsection: str) -> Subsection | None:
        """The paragraph at ``subsection``, or None when the published text has none there."""
        return self.subsections.get(subsection)

    def children(self, subsection: str) -> tuple[str, ...]:
        """The paragraphs directly below ``subsection``, in order."""
        found = []
        for name in self.subsections:
            if name.startswith(subsection + "(") and name.count("(") == subsection.count("(") + 1:
                found.append(name)
        return tuple(found)


def _section_starts(text: str, chapter: str) -> list[tuple[int, int, int]]:
    """(section number, start of its heading, start of its body) for each section heading, in order."""
    heading = re.compile(rf"§\.?\s*{re.escape(chapter)}\.(\d+)\.(?=\s+[A-Z0-9])")
    candidates: dict[int, list[tuple[bool, int, int]]] = {}
    for match in heading.finditer(text):
        line_start = text.rfind("\n", 0, match.start()) + 1
        at_line_start = not text[line_start : match.start()].strip(" \t-#*>")
        candidates.setdefault(int(match.group(1)), []).append((at_line_start, match.start(), match.end()))
    starts: list[tuple[int, int, int]] = []
    last_position = -1
    for number in sorted(candidates):
        usable = [candidate for candidate in candidates[number] if candidate[1] > last_position]
        if not usable:
            continue
        # A heading on its own line wins over a cross-reference that happens to end a sentence.
        chosen = next((candidate for candidate in usable if candidate[0]), usable[0])
        starts.append((number, chosen[1], chosen[2]))
        last_position = chosen[1]
    return starts


def _paragraphs(body: str, offset: int) -> list[tuple[str, int]]:
    """(relative path like '(f)(2)', absolute start) of every paragraph marker in a section body."""
    markers = list(_MARKER.finditer(body))
    stack: list[tuple[str, str]] = []  # (kind, label) per open level
    found: list[tuple[str, int]] = []
    for index, match in enumerate(markers):
        label = match.group("label")
        options: list[int] = []  # depth at which the marker would sit
        child_kind = _CHILD_KIND[stack[-1][0] if stack else None]
        if child_kind is not None and label == _FIRST_LABEL[child_kind]:
            options.append(len(stack))
        for depth in range(len(stack) - 1, -1, -1):
            open_kind, open_label = stack[depth]
            if _successor(open_kind, open_label) == label:
                options.append(depth)
        if not options:
            continue
        depth = options[0]
        if len(options) > 1 and label == "i":
            # '(i)' is a roman first child or the letter after '(h)': the marker after it decides.
            following = next((other.group("label") for other in markers[index + 1 :]), None)
            if following in ("j", "1"):
                depth = options[-1]
        new_kind = child_kind if depth == len(stack) else stack[depth][0]
        assert new_kind is not None  # a new level is only offered where the deepest one has a child kind
        del stack[depth:]
        stack.append((new_kind, label))
        found.append(("".join(f"({open_label})" for _, open_label in stack), offset + match.start()))
    return found


def parse_structure(text: str, chapter: str) -> ChapterStructure:
    """Split a published chapter into its sections and paragraphs."""
    sections = _section_starts(text, chapter)
    entries: list[tuple[str, int, int]] = []  # (subsection, depth, start)
    bounds: list[tuple[int, int, int]] = []
    for index, (number, start, body_start) in enumerate(sections):
        end = sections[index + 1][1] if index + 1 < len(sections) else len(text)
        bounds.append((number, start, end))
        entries.append((str(number), 0, start))
        for path, position in _paragraphs(text[body_start:end], body_start):
            entries.append((f"{number}{path}", path.count("("), position))
    subsections: dict[str, Subsection] = {}
    section_end = {str(number): end for number, _, end in bounds}
    for index, (name, depth, start) in enumerate(entries):
        section = name.split("(", 1)[0]
        end = section_end[section]
        for later_name, later_depth, later_start in entries[index + 1 :]:
            if later_name.split("(", 1)[0] != section or later_depth <= depth:
                end = min(end, later_start)
                break
        if name not in subsections:
            subsections[name] = Subsection(name, start, end, text[start:end])
    return ChapterStructure(chapter, text, subsections)
