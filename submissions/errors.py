"""Input problems: what could not be read, where, and what was expected. Never a traceback."""

from __future__ import annotations

from dataclasses import dataclass

from pacomply.submissions.model import ReadingNote, ReadingNoteKind, SourceLocation

MAX_MESSAGE_CHARACTERS = 400


@dataclass(frozen=True, slots=True)
class InputProblem:
    """One thing wrong with the input, located."""

    location: SourceLocation
    message: str

    def __post_init__(self) -> None:
        # A message quotes what the filer wrote; a value of a million characters must not become a message of a
        # million characters (a person reads the first words, and the terminal is not a dump).
        if len(self.message) > MAX_MESSAGE_CHARACTERS:
            cut = self.message[: MAX_MESSAGE_CHARACTERS - 40]
            object.__setattr__(self, "message", f"{cut}… ({len(self.message):,} characters in all)")

    def __str__(self) -> str:
        return printable(f"{self.location.describe()}: {self.message}")


def printable(text: str) -> str:
    """One line safe for a terminal: control and line-breaking characters (ESC, NEL, U+2028, ...) as escapes.

    A hostile filing must not be able to move the cursor, recolour the terminal or forge extra lines of output
    through the text it puts in a message.
    """
    return "".join(
        character if character.isprintable() or character == " " else ascii(character)[1:-1] for character in text
    )


# A file can hold a million wrong values; a person reads the first few dozen and fixes the pattern. The rest are
# counted in one closing line, so the output (and the memory behind it) stays small whatever the file holds.
MAX_PROBLEMS_LISTED = 50


class InputError(Exception):
    """The filing could not be read. Carries every problem found (the first 50, then one line counting the rest)."""

    def __init__(self, problems: list[InputProblem] | tuple[InputProblem, ...]) -> None:
        if not problems:
            raise ValueError("an InputError needs at least one problem")
        listed = tuple(problems[:MAX_PROBLEMS_LISTED])
        if len(problems) > MAX_PROBLEMS_LISTED:
            rest = len(problems) - MAX_PROBLEMS_LISTED
            first_unlisted = problems[MAX_PROBLEMS_LISTED].location
            listed += (
                InputProblem(first_unlisted, f"and {rest:,} more problem(s) like those above, not listed one by one"),
            )
        self.problems: tuple[InputProblem, ...] = listed
        super().__init__("\n".join(str(problem) for problem in self.problems))

    @classmethod
    def single(cls, location: SourceLocation, message: str) -> InputError:
        """An error with one problem."""
        return cls([InputProblem(location, message)])


class ProblemCollector:
    """Gathers problems while a reader keeps going, then raises them together."""

    def __init__(self) -> None:
        self.problems: list[InputProblem] = []
        self.notes: list[ReadingNote] = []

    def note(self, kind: ReadingNoteKind, location: SourceLocation, message: str) -> None:
        """Record something the reader did that the review should say (not a problem: reading goes on)."""
        if len(self.notes) <= 2 * MAX_PROBLEMS_LISTED:  # a file of a million formulas needs no million notes
            self.notes.append(ReadingNote(kind=kind, location=location, message=message))

    def add(self, location: SourceLocation, message: str) -> None:
        """Record a problem and carry on reading (past a bound, only the first few are kept in full)."""
        if len(self.problems) > 2 * MAX_PROBLEMS_LISTED:
            message = ""  # counted by InputError's closing line; the text of the hundred-and-first is never shown
        self.problems.append(InputProblem(location, message))

    def raise_if_any(self) -> None:
        """Raise an :class:`InputError` with everything collected so far."""
        if self.problems:
            raise InputError(self.problems)
