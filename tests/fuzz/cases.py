"""Structure-aware hostile cases: each kind builds an input the way an attacker (or a damaged export) would, from
a seeded ``random.Random``, so the CI sample, the hypothesis property and ``bench/fuzz.py`` try the same inputs.

Kinds: PDF streams and filters (bombs in every spelling, shared streams, encryption), JSON size and nesting and
unreadable numbers, TOML/YAML bombs in waiver and configuration files, Unicode categories (surrogates,
noncharacters, controls, bidi, zero-width) in every text field and in file names, sheet-name collisions,
workbook cell defects, and byte mutations of a workbook, a JSON filing and a PDF.

:func:`run_case` runs ``pacomply validate`` in-process on a case in a fresh folder; :func:`violations` lists every
broken promise: a traceback or exception, an exit code other than 0/1/2, an unlocated exit-2 problem, an input
modified, a file written other than the requested report.
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from random import Random

from tests.io.hostile_pdf import StreamSpec, pdf_with_stream
from tests.io.support import EXAMPLES, run_pacomply

FORMATS = ("text", "json", "sarif", "junit", "pdf", "xlsx")


@dataclass(frozen=True)
class Case:
    """One input: the filing's name and bytes, side files (waivers, configuration) and the options that use them."""

    kind: str
    filing_name: str
    filing: bytes
    side_files: dict[str, bytes] = field(default_factory=dict)
    arguments: tuple[str, ...] = ()
    output_format: str = "json"


@dataclass(frozen=True)
class Outcome:
    """What one run did."""

    exit_code: int
    stdout: str
    stderr: str
    exception: str | None
    seconds: float
    written: tuple[str, ...]
    input_unchanged: bool
    report_expected: str


# --- bases ---------------------------------------------------------------------------------------------------


@cache
def base_json() -> str:
    return (EXAMPLES / "686a-violations.json").read_text(encoding="utf-8")


@cache
def base_xlsx() -> bytes:
    return (EXAMPLES / "686a-violations.xlsx").read_bytes()


@cache
def base_pdf() -> bytes:
    from pacomply.submissions import read_filing
    from pacomply.submissions.print_pdf import filing_pdf_bytes

    return filing_pdf_bytes(read_filing(EXAMPLES / "686a-violations.xlsx"))


#: Filings written by other programs (tests/fixtures/producers/README.md and tests/fixtures/pdf_forms/README.md say
#: how each was made): the byte-level cases mutate these as often as pacomply's own, since a reader must survive the
#: damage of any producer's layout (shared strings, strict namespaces, inline text, AcroForm fields, incremental
#: updates), not only its own.
PRODUCER_FIXTURES = EXAMPLES.parent / "tests" / "fixtures"
PRODUCER_XLSX = (
    "producers/libreoffice/686a-violations.xlsx",
    "producers/xlsxwriter/686a-violations.xlsx",
    "producers/minimal/686a-violations.xlsx",
    "producers/strict/686a-violations.xlsx",
    "producers/xlsm/686a-violations.xlsm",
)
PRODUCER_PDF = (
    "pdf_forms/board-686a-acroform-filled.pdf",
    "pdf_forms/board-686a-acroform-values-only.pdf",
    "pdf_forms/board-686a-incremental.pdf",
    "pdf_forms/board-686a-rotate-90.pdf",
)


def producer_xlsx(rng: Random) -> bytes:
    """pacomply's own 686a workbook or one another program wrote, chosen by the case's seed."""
    choice = rng.choice((None, *PRODUCER_XLSX))
    return base_xlsx() if choice is None else (PRODUCER_FIXTURES / choice).read_bytes()


def producer_pdf(rng: Random) -> bytes:
    """pacomply's own printed 686a filing or a filled form of the Board's checklist, chosen by the case's seed."""
    choice = rng.choice((None, *PRODUCER_PDF))
    return base_pdf() if choice is None else (PRODUCER_FIXTURES / choice).read_bytes()


def _json_paths(value: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    paths = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            paths += _json_paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            paths += _json_paths(child, (*prefix, index))
    return paths


@cache
def _base_paths() -> tuple[tuple[object, ...], ...]:
    return tuple(_json_paths(json.loads(base_json()))[1:])


def _text_paths() -> list[tuple[object, ...]]:
    data = json.loads(base_json())
    result = []
    for path in _base_paths():
        value: object = data
        for part in path:
            value = value[part]  # type: ignore[index]
        if isinstance(value, str):
            result.append(path)
    return result


def _set(data: object, path: tuple[object, ...], value: object) -> None:
    parent = data
    for part in path[:-1]:
        parent = parent[part]  # type: ignore[index]
    parent[path[-1]] = value  # type: ignore[index]


def _with_hole(rng: Random, raw_literal: str, paths: list[tuple[object, ...]] | None = None) -> bytes:
    """The base JSON with one value replaced by raw JSON text (which json.dumps could not write: NaN, 5000 digits)."""
    data = json.loads(base_json())
    path = rng.choice(paths or list(_base_paths()))
    _set(data, path, "__HOLE__")
    return json.dumps(data).replace('"__HOLE__"', raw_literal, 1).encode("utf-8")


# --- PDF streams and filters ---------------------------------------------------------------------------------

_CHAINS = [
    ("FlateDecode",),
    ("FlateDecode", "FlateDecode"),
    ("ASCII85Decode", "FlateDecode"),
    ("ASCIIHexDecode", "FlateDecode"),
    ("ASCIIHexDecode", "ASCII85Decode", "FlateDecode"),
    ("RunLengthDecode",),
    ("ASCII85Decode", "RunLengthDecode"),
    ("FlateDecode", "RunLengthDecode"),
]


def pdf_stream_case(rng: Random, large: bool = True) -> Case:
    sizes = [200, 40_000, 1_500_000, 3_000_000] + ([9_000_000, 20_000_000] if large else [])
    spec = StreamSpec(
        payload_size=rng.choice(sizes),
        filters=rng.choice(_CHAINS),
        spelling=rng.choice(["plain", "escaped", "abbreviated", "indirect"]),
        padding=rng.choice([0, 0, 600, 3000]),
        line_end=rng.choice([b"\n", b"\r\n", b"\r"]),
    )
    pages = rng.choice([1, 2, 12, 61])
    content = pdf_with_stream(spec, pages=pages, encrypted=rng.random() < 0.1)
    return Case("pdf_stream", "filing.pdf", content, output_format=rng.choice(FORMATS))


# --- JSON size, nesting and numbers --------------------------------------------------------------------------

_NUMBER_LITERALS = ["NaN", "Infinity", "-Infinity", "1e999", "-1e999", "1e-999", "-0.0", "9" * 39, "9" * 41,
                    "9" * 4301, "-" + "9" * 5000, "0." + "1" * 400, "1" * 20 + "e" + "9" * 20]  # fmt: skip


def json_size_case(rng: Random, large: bool = True) -> Case:
    operation = rng.choice(["long_list", "deep", "number", "duplicate", "long_string", "wide_object"])
    if operation == "long_list":
        count = rng.choice([0, 3, 2_001] + ([100_000, 1_000_000] if large else [20_000]))
        literal = "[" + ",".join([rng.choice(["0", "null", '"x"', "{}"])] * count) + "]"
    elif operation == "deep":
        depth = rng.choice([5, 31, 33, 1_000] + ([100_000] if large else [5_000]))
        opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
        literal = opener * depth + "0" + closer * depth
    elif operation == "number":
        literal = rng.choice(_NUMBER_LITERALS)
    elif operation == "duplicate":
        literal = '{"a": 1, "a": 2}'
    elif operation == "wide_object":
        count = rng.choice([10, 2_001, 50_000 if large else 5_000])
        literal = "{" + ",".join(f'"k{n}": {n}' for n in range(count)) + "}"
    else:
        literal = json.dumps("x" * rng.choice([100, 20_000, 2_000_000 if large else 200_000]))
    return Case("json_size", "filing.json", _with_hole(rng, literal), output_format=rng.choice(FORMATS))


# --- Unicode categories in every text field and in file names ----------------------------------------------

HOSTILE_CHARACTERS = {
    "surrogate": ["\\ud800", "\\udfff", "\\udc80"],  # written as JSON escapes: lone halves
    "noncharacter": ["\ufffe", "\uffff", "\ufdd0", "\U0010ffff"],
    "control": ["\x00", "\x07", "\x1b[2J", "\x1b]0;title\x07", "\n", "\r", "\x85", "\x9b"],
    "bidi": ["\u202e", "\u202d", "\u2066", "\u2067", "\u2068", "\u2069", "\u200f"],
    "invisible": ["\u200b", "\u200d", "\ufeff", "\u2060", "\u00ad", "\u180e"],
    "other": ["\u0301", "\U0001f600", "\u4e2d", "\u05d0", "\uff19", "[/]", "[bold]", "=cmd|' /C calc'!A0", "%s%n"],
}


def _hostile_text(rng: Random) -> str:
    parts = []
    for _ in range(rng.randint(1, 4)):
        category = rng.choice(sorted(HOSTILE_CHARACTERS))
        parts.append(rng.choice(HOSTILE_CHARACTERS[category]))
    text = "".join(parts)
    return rng.choice(["", "OU-1", "Keystone ", "Yes", "A"]) + text if rng.random() < 0.7 else text


def _file_name(rng: Random, suffix: str) -> str:
    if rng.random() < 0.6 or sys.platform == "win32":
        return "filing" + suffix
    stem = rng.choice(["\x1b[31mred", "bell\x07", "two\nlines", "a[\\]b", "caf\u00e9", "\u202eevil", "tab\tname"])
    name = stem + suffix
    if rng.random() < 0.3:
        name = os.fsdecode(b"bad-\xff\xfe-" + name.encode("utf-8"))  # not UTF-8 on disk
    return name


def unicode_case(rng: Random) -> Case:
    data = json.loads(base_json())
    paths = _text_paths()
    for _ in range(rng.randint(1, 5)):
        _set(data, rng.choice(paths), f"__TEXT__{len(paths)}")
    if rng.random() < 0.3:  # a location recorded in the JSON, shown in every report
        data["tables"][0]["locations"] = {"decks": {"file": _hostile_text(rng), "sheet": _hostile_text(rng)}}
    text = json.dumps(data, ensure_ascii=rng.random() < 0.5)
    while f'"__TEXT__{len(paths)}"' in text:
        value = json.dumps(_hostile_text(rng), ensure_ascii=False).replace("\\\\u", "\\u")  # keep surrogate escapes
        text = text.replace(f'"__TEXT__{len(paths)}"', value, 1)
    content = text.encode("utf-8", "surrogatepass")
    return Case("unicode", _file_name(rng, ".json"), content, output_format=rng.choice(FORMATS))


# --- waiver and configuration files --------------------------------------------------------------------------

_WAIVER_TOML = (
    'rule = "{rule}"\ntable = "OU-4"\njustification = {justification}\napproval = "W-1"\nexpires = {expires}\n'
)


def _bomb_value(rng: Random, yaml: bool) -> str:
    choice = rng.choice(["digits", "deep", "deep_block", "string", "date", "bool"])
    if choice == "digits":
        return rng.choice(["9" * 41, "9" * 4301, "9" * 5000, "-" + "1" * 10_000])
    if choice == "deep":
        depth = rng.choice([10, 33, 10_000])
        return "[" * depth + "1" + "]" * depth
    if choice == "deep_block" and yaml:
        return "\n" + "".join("  " * (level + 3) + "- \n" for level in range(rng.choice([5, 40])))
    if choice == "string":
        return json.dumps(rng.choice(["", "\u200b\u200b", "later", "2027-13-45", "x" * 100_000]))
    if choice == "date":
        return rng.choice(["2099-01-01", "2001-01-01", "1999-12-31T10:00:00", "0001-01-01"])
    return rng.choice(["true", "false", "0"])


def _yaml_alias_bomb(levels: int) -> str:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for level in range(1, levels):
        lines.append(f"a{level}: &a{level} [" + ",".join([f"*a{level - 1}"] * 9) + "]")
    return "\n".join(lines) + f"\nwaiver:\n  - rule: 686A-004\n    expires: *a{levels - 1}\n"


def side_file_case(rng: Random) -> Case:
    kind = rng.choice(["waiver_toml", "waiver_yaml", "config"])
    if kind == "waiver_toml":
        entries = []
        for _ in range(rng.randint(1, 3)):
            entries.append(
                "[[waiver]]\n"
                + _WAIVER_TOML.format(
                    rule=rng.choice(["686A-004", "686A-103", "FIL-003", "999A-001", "686a-004"]),
                    justification=json.dumps(rng.choice(["Rack on order.", "\u200b", " ", _hostile_text(rng)])),
                    expires=_bomb_value(rng, yaml=False) if rng.random() < 0.6 else "2099-01-01",
                )
            )
        if rng.random() < 0.4:
            entries.append("x = " + _bomb_value(rng, yaml=False) + "\n")
        return Case(kind, "filing.xlsx", base_xlsx(), {"waivers.toml": "\n".join(entries).encode()},
                    ("--waivers", "waivers.toml"), rng.choice(FORMATS))  # fmt: skip
    if kind == "waiver_yaml":
        choice = rng.choice(["alias", "duplicate", "value", "anchor_only"])
        if choice == "alias":
            text = _yaml_alias_bomb(rng.choice([2, 5, 9]))
        elif choice == "duplicate":
            text = (
                "waiver:\n  - rule: 686A-004\n    table: OU-4\n    justification: ok\n    approval: W-1\n"
                "    expires: 2099-01-01\n    " + rng.choice(["table: null", "rule: 686A-103", "expires: 2000-01-01"])
            )
        elif choice == "anchor_only":
            text = "waiver:\n  - &w {rule: 686A-004, justification: ok, approval: W-1, expires: 2099-01-01}\n"
        else:
            text = (
                "waiver:\n  - rule: 686A-004\n    justification: "
                + json.dumps(_hostile_text(rng))
                + "\n    approval: W-1\n    expires: "
                + _bomb_value(rng, yaml=True)
                + "\n"
            )
        return Case(kind, "filing.xlsx", base_xlsx(), {"waivers.yaml": text.encode("utf-8", "surrogatepass")},
                    ("--waivers", "waivers.yaml"), rng.choice(FORMATS))  # fmt: skip
    key = rng.choice(["rack_tolerance", "card_thickness_mm", "format", "waivers", "colour", "severity"])
    text = f"{key} = {_bomb_value(rng, yaml=False)}\n"
    if rng.random() < 0.3:
        text += '[severity]\n"686A-104" = ' + json.dumps(rng.choice(["warning", "fatal", "\u200b"])) + "\n"
    return Case(kind, "filing.xlsx", base_xlsx(), {"pacomply.toml": text.encode()}, ("--config", "pacomply.toml"),
                rng.choice(FORMATS))  # fmt: skip


# --- workbooks: sheet-name collisions and cell defects -------------------------------------------------------


def _rename_variants(name: str, rng: Random) -> str:
    variant = rng.choice([name.upper(), name.lower(), f" {name}", f"{name} ", name.title(), f"{name}  ", name])
    return variant[:31]


def sheet_name_case(rng: Random) -> Case:
    from openpyxl import load_workbook

    workbook = load_workbook(io.BytesIO(base_xlsx()))
    for _ in range(rng.randint(1, 3)):
        source = rng.choice(workbook.sheetnames)
        operation = rng.choice(["copy", "rename", "hostile"])
        if operation == "copy":
            copy = workbook.copy_worksheet(workbook[source])
            name = _rename_variants(source.strip(), rng)
            if name.lower() not in {sheet.lower() for sheet in workbook.sheetnames}:
                copy.title = name
            else:
                copy.title = name.strip() + " "  # differs only in spacing
        elif operation == "rename":
            name = _rename_variants(source.strip(), rng)
            if name.lower() not in {sheet.lower() for sheet in workbook.sheetnames}:
                workbook[source].title = name
        else:
            text = re.sub(r"[\[\]:*?/\\\x00-\x1f]", "", _hostile_text(rng).replace("\\u", ""))[:31]
            text = "".join(character for character in text if not 0xD800 <= ord(character) <= 0xDFFF)
            text = text.replace("\ufffe", "").replace("\uffff", "")
            if text.strip() and text.lower() not in {sheet.lower() for sheet in workbook.sheetnames}:
                workbook[source].title = text
    stream = io.BytesIO()
    workbook.save(stream)
    return Case("sheet_names", "filing.xlsx", stream.getvalue(), output_format=rng.choice(FORMATS))


_CELL_VALUES = [
    '<v>NaN</v>', '<v>INF</v>', '<v>-inf</v>', '<v>' + "9" * 5000 + "</v>", "<v>1e309</v>", "<v>0x10</v>",
    '<v>&#0;</v>', '<v>&#xFFFF;</v>', '<v>&#xD800;</v>', "<v>&amp;</v>", "<v></v>", "<v>-5</v>", "<v>1E+400</v>",
]  # fmt: skip


def cell_defect_case(rng: Random) -> Case:
    from tests.io.support import rewrite_member, sheet_member

    base = base_xlsx()
    sheet = rng.choice(["Filing", "Tables", "686a"])
    member = sheet_member(base, sheet)

    def change(text: str) -> str:
        cells = list(re.finditer(r'<c r="([A-Z]+\d+)"[^>]*?(?:/>|>.*?</c>)', text))
        for _ in range(rng.randint(1, 3)):
            target = rng.choice(cells)
            kind = rng.choice(["", ' t="n"', ' t="s"', ' t="d"', ' t="b"', ' t="e"', ' t="str"'])
            value = rng.choice([*_CELL_VALUES, f"<v>{rng.randint(-5, 10**7)}</v>"])
            replacement = f'<c r="{target[1]}"{kind}>{value}</c>'
            text = text.replace(target[0], replacement, 1)
        return text

    return Case("cell_defects", "filing.xlsx", rewrite_member(base, member, change), output_format=rng.choice(FORMATS))


# --- byte mutations --------------------------------------------------------------------------------------------


def _mutate(rng: Random, data: bytes) -> bytes:
    buffer = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        operation = rng.choice(["flip", "insert", "delete", "truncate", "overwrite"])
        position = rng.randrange(max(1, len(buffer)))
        if operation == "flip" and buffer:
            buffer[position] ^= 1 << rng.randrange(8)
        elif operation == "insert":
            buffer[position:position] = rng.randbytes(rng.randint(1, 16))
        elif operation == "delete":
            del buffer[position : position + rng.randint(1, 32)]
        elif operation == "truncate":
            del buffer[position:]
        else:
            patch = rng.randbytes(rng.randint(1, 16))
            buffer[position : position + len(patch)] = patch
    return bytes(buffer)


def byte_mutation_case(rng: Random) -> Case:
    target = rng.choice(["xlsx_part", "xlsx_zip", "json", "pdf"])
    if target == "xlsx_part":
        source = zipfile.ZipFile(io.BytesIO(producer_xlsx(rng)))
        names = sorted(info.filename for info in source.infolist())
        chosen = rng.choice(names)
        output = io.BytesIO()
        with zipfile.ZipFile(output, "w", zipfile.ZIP_DEFLATED) as archive:
            for name in names:
                data = source.read(name)
                archive.writestr(name, _mutate(rng, data) if name == chosen else data)
        return Case("bytes", "filing.xlsx", output.getvalue(), output_format=rng.choice(FORMATS))
    if target == "xlsx_zip":
        return Case("bytes", "filing.xlsx", _mutate(rng, producer_xlsx(rng)), output_format=rng.choice(FORMATS))
    if target == "json":
        return Case("bytes", "filing.json", _mutate(rng, base_json().encode()), output_format=rng.choice(FORMATS))
    return Case("bytes", "filing.pdf", _mutate(rng, producer_pdf(rng)), output_format=rng.choice(FORMATS))


GENERATORS: dict[str, Callable[[Random], Case]] = {
    "pdf_stream": pdf_stream_case,
    "json_size": json_size_case,
    "unicode": unicode_case,
    "side_files": side_file_case,
    "sheet_names": sheet_name_case,
    "cell_defects": cell_defect_case,
    "bytes": byte_mutation_case,
}
SMALL: dict[str, Callable[[Random], Case]] = GENERATORS | {
    "pdf_stream": lambda rng: pdf_stream_case(rng, large=False),
    "json_size": lambda rng: json_size_case(rng, large=False),
}


def make_case(kind: str, seed: int, large: bool = True) -> Case:
    """The case of ``kind`` for ``seed``: the same on every machine and run."""
    return (GENERATORS if large else SMALL)[kind](Random(f"{kind}:{seed}"))


# --- running and judging ---------------------------------------------------------------------------------------


def run_case(case: Case) -> Outcome:
    """``pacomply validate`` on the case, in-process, in a fresh folder; what it did."""
    with tempfile.TemporaryDirectory(prefix="pacomply-fuzz-") as folder_name:
        folder = Path(folder_name)
        filing = folder / case.filing_name
        filing.write_bytes(case.filing)
        for name, content in case.side_files.items():
            (folder / name).write_bytes(content)
        report = folder / "out" / f"report.{case.output_format}"
        before = {path for path in folder.rglob("*")}
        previous = Path.cwd()
        os.chdir(folder)  # side files are named relative to it; a stray relative write would land here
        started = time.perf_counter()
        try:
            run = run_pacomply(
                "validate", filing, "--format", case.output_format, "--output", report, *case.arguments
            )
        finally:
            seconds = time.perf_counter() - started
            os.chdir(previous)
        written = tuple(sorted(str(path.relative_to(folder)) for path in set(folder.rglob("*")) - before
                               if path.is_file()))  # fmt: skip
        exception = None
        if run.exception is not None:
            exception = f"{type(run.exception).__name__}: {str(run.exception)[:300]}"
        return Outcome(
            exit_code=run.exit_code,
            stdout=run.stdout[-4000:] if case.output_format in ("text",) else "",
            stderr=run.stderr[-20_000:],
            exception=exception,
            seconds=seconds,
            written=written,
            input_unchanged=filing.read_bytes() == case.filing,
            report_expected=str(report.relative_to(folder)),
        )


# A problem line names where: a sheet (and cell), a page, a JSON path or a line ('Field ...'), or the file itself
# when the defect is the whole file's (not a PDF, not UTF-8, larger than the bound).
_LOCATED = re.compile(r"^  (Sheet .+?|Page \d+.*?|Field \S.*?|File \S.*?): \S")
_FINE = re.compile(r"^  (Sheet .+?|Page \d+.*?|Field \S.*?): \S")


def problem_lines(outcome: Outcome) -> list[str]:
    return [line for line in outcome.stderr.splitlines() if line.startswith("  ")]


def violations(outcome: Outcome) -> list[str]:
    """Every promise the run broke (an empty list when it kept them all)."""
    found = []
    if outcome.exception is not None:
        found.append(f"raised {outcome.exception}")
    if "Traceback" in outcome.stderr + outcome.stdout:
        found.append("printed a traceback")
    if outcome.exit_code not in (0, 1, 2):
        found.append(f"exit {outcome.exit_code}")
    if not outcome.input_unchanged:
        found.append("modified its input")
    if any(character in outcome.stderr for character in "\x1b\x07\x00"):
        found.append("echoed a control character to the terminal")
    if outcome.exit_code == 2:
        if outcome.written:
            found.append(f"wrote {outcome.written} for an unusable input")
        lines = problem_lines(outcome)
        if not lines and "pacomply:" not in outcome.stderr:
            found.append("exit 2 without a message")
        found.extend(f"unlocated problem: {line.strip()[:200]}" for line in lines if not _LOCATED.match(line))
    elif outcome.exit_code in (0, 1) and outcome.written != (outcome.report_expected,):
        found.append(f"wrote {outcome.written}, expected only {outcome.report_expected}")
    return found


def finely_located(outcome: Outcome) -> tuple[int, int]:
    """(problem lines, those located finer than the whole file)."""
    lines = problem_lines(outcome)
    return len(lines), sum(1 for line in lines if _FINE.match(line))
