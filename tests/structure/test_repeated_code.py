"""No block of code is written out twice in ``checker/`` and ``engine/``: a run of 12 lines or more repeated, in one
module or two, is a helper to write (docs/DEVELOPING.md, "House style").

The scan reads each module's statements (comments, docstrings and imports left out) with every literal written as
one placeholder, so two copies that differ only in a number, a string or a citation are still one block written
twice, and looks for runs of statements two places share that cover 12 lines or more. The law as data is not
repeated code: a declaration is one statement however many lines it takes (a ``Rule``, a figure's ``@figure`` call,
a paytable or a reading table), so only runs of several statements count, the kind of repetition a helper removes.
"""

from __future__ import annotations

import io
import tokenize
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
LAYERS = ("checker", "engine")
#: A repeated run this long (lines of the statements both copies share) is repeated code.
MOST_LINES = 12
#: Fewer statements than this in a run is one declaration or two: data, not logic.
FEWEST_STATEMENTS = 4
#: Runs are found from windows of this many statements.
WINDOW = 3

_LITERAL = "·"
_FSTRING_START = getattr(tokenize, "FSTRING_START", None)
_FSTRING_END = getattr(tokenize, "FSTRING_END", None)


@dataclass(frozen=True, slots=True)
class Statement:
    """One logical line: its tokens with literals as placeholders, and the physical lines it spans."""

    text: str
    first_line: int
    last_line: int

    @property
    def lines(self) -> int:
        return self.last_line - self.first_line + 1


def statements(source: str) -> list[Statement]:
    """The module's statements in order, without comments, docstrings, imports and ``__all__``."""
    found: list[Statement] = []
    words: list[str] = []
    started = False
    first = last = 0
    depth = 0  # inside an f-string (Python 3.12 splits one into several tokens)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in (tokenize.COMMENT, tokenize.NL, tokenize.ENCODING, tokenize.ENDMARKER):
            continue
        if token.type == _FSTRING_START:
            depth += 1
            if depth == 1:
                if not started:
                    first, started = token.start[0], True
                words.append(_LITERAL)
            continue
        if token.type == _FSTRING_END:
            depth -= 1
            continue
        if depth:
            continue
        if token.type in (tokenize.INDENT, tokenize.DEDENT):
            words.append(tokenize.tok_name[token.type])
            continue
        if token.type == tokenize.NEWLINE:
            statement = [word for word in words if word not in ("INDENT", "DEDENT")]
            if statement and statement[0] not in ("import", "from", "__all__") and statement != [_LITERAL]:
                found.append(Statement(" ".join(words), first, last))
            words, started = [], False
            continue
        if not started:
            first, started = token.start[0], True
        words.append(_LITERAL if token.type in (tokenize.STRING, tokenize.NUMBER) else token.string)
        last = token.end[0]
    return found


@dataclass(frozen=True, slots=True)
class Repeat:
    """A run of statements written in two places."""

    first: str
    second: str
    lines: int
    statements: int

    def describe(self) -> str:
        return f"{self.first} and {self.second}: {self.statements} statements, {self.lines} lines"


def _where(path: str, run: list[Statement]) -> str:
    return f"{path}:{run[0].first_line}-{run[-1].last_line}"


def repeats(modules: dict[str, list[Statement]]) -> list[Repeat]:
    """Every maximal run of statements two places share that covers ``MOST_LINES`` lines and holds
    ``FEWEST_STATEMENTS`` statements or more, each once."""
    windows: dict[tuple[str, ...], list[tuple[str, int]]] = defaultdict(list)
    for path, found in modules.items():
        texts = [statement.text for statement in found]
        for start in range(len(texts) - WINDOW + 1):
            windows[tuple(texts[start : start + WINDOW])].append((path, start))
    found_runs: set[tuple[str, int, str, int]] = set()
    result = []
    for places in windows.values():
        for index, (path_a, start_a) in enumerate(places):
            for path_b, start_b in places[index + 1 :]:
                a, b = modules[path_a], modules[path_b]
                while start_a and start_b and a[start_a - 1].text == b[start_b - 1].text:
                    start_a, start_b = start_a - 1, start_b - 1
                if (path_a, start_a, path_b, start_b) in found_runs:
                    continue
                found_runs.add((path_a, start_a, path_b, start_b))
                length = 0
                while (
                    start_a + length < len(a)
                    and start_b + length < len(b)
                    and a[start_a + length].text == b[start_b + length].text
                    and (path_a != path_b or start_a + length < start_b)
                ):
                    length += 1
                run_a, run_b = a[start_a : start_a + length], b[start_b : start_b + length]
                lines = min(sum(s.lines for s in run_a), sum(s.lines for s in run_b))
                if lines >= MOST_LINES and length >= FEWEST_STATEMENTS:
                    result.append(Repeat(_where(path_a, run_a), _where(path_b, run_b), lines, length))
    return sorted(set(result), key=lambda repeat: (repeat.first, repeat.second))


def _modules() -> dict[str, list[Statement]]:
    return {
        path.relative_to(REPOSITORY).as_posix(): statements(path.read_text(encoding="utf-8"))
        for layer in LAYERS
        for path in sorted((REPOSITORY / layer).rglob("*.py"))
    }


def test_no_block_of_12_lines_is_written_twice_in_checker_or_engine() -> None:
    found = repeats(_modules())
    assert not found, "repeated code; write it once as a helper both places call:\n" + "\n".join(
        repeat.describe() for repeat in found
    )


_LOGIC = '''
def total(rows):
    """Sums the rows."""
    amount = 0
    for row in rows:
        if row.kind == "win":
            amount += row.value * 2
        elif row.kind == "push":
            amount += 0
        else:
            amount -= row.value
    count = len(rows)
    average = amount / count
    spread = max(rows) - min(rows)
    return amount, average, spread
'''

_DECLARATIONS = """
RULE_A = Rule(
    code="A-1",
    name="first",
    severity=Severity.ERROR,
    summary="One thing.",
    doc=make_doc(
        what="Checks one thing.",
        why="Because.",
        example="Sheet: one",
        instead="Sheet: two",
    ),
    fix="Do it.",
    check_function=check,
)
"""


def test_the_scan_finds_a_block_written_twice_with_other_numbers_and_strings_and_passes_declarations() -> None:
    logic = statements(_LOGIC)
    copied = statements(_LOGIC.replace("win", "loss").replace("* 2", "* 3").replace("Sums", "Adds"))
    (repeat,) = repeats({"one.py": logic, "two.py": copied})
    assert (repeat.first, repeat.second, repeat.lines) == ("one.py:2-15", "two.py:2-15", 13)
    # The same code shorter than MOST_LINES lines is not reported.
    assert repeats({"one.py": logic[:-2], "two.py": copied[:-2]}) == []
    # One declaration (a rule, a table) written in two modules, however long, is data.
    declared = statements(_DECLARATIONS)
    assert [statement.lines for statement in declared] == [14]
    assert repeats({"one.py": declared, "two.py": statements(_DECLARATIONS.replace("A-1", "A-2"))}) == []
