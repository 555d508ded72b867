"""Reading the small TOML and YAML files beside a filing (waivers, configuration) without trusting them.

A hand-written file of a few keys must not be able to exhaust memory or the stack: TOML integers of thousands of
digits and arrays nested thousands deep, YAML anchors and aliases that expand a 452-byte file into gigabytes, and
YAML keys given twice (where the last silently wins) are refused as :class:`InputError`, located by line. Values
are never stringified whole into a message (:func:`short`).
"""

from __future__ import annotations

import re
from typing import Any

from pacomply.submissions.errors import InputError
from pacomply.submissions.model import SourceLocation

MAX_INTEGER_DIGITS = 40
MAX_DEPTH = 32


def short(value: object, limit: int = 60) -> str:
    """A value as a message may quote it: text cut to ``limit`` characters, containers named by their size."""
    if isinstance(value, dict | list | tuple | set):
        return f"a {type(value).__name__} of {len(value):,} entries"
    text = value if isinstance(value, str) else repr(value) if isinstance(value, float | bool) else None
    if text is None:
        text = str(value) if isinstance(value, int) and value.bit_length() < 200 else type(value).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _deepest_line(text: str, opening: str, closing: str) -> int | None:
    """The line where brackets first nest deeper than MAX_DEPTH (strings are not told apart: close enough)."""
    depth = 0
    for offset, character in enumerate(text):
        if character in opening:
            depth += 1
            if depth > MAX_DEPTH:
                return _line_of(text, offset)
        elif character in closing:
            depth = max(0, depth - 1)
    return None


def load_toml(text: str, file_name: str, what: str) -> Any:
    """Parse TOML; over-long integers and deep nesting are refused at their line before tomllib sees them."""
    import tomllib

    location = SourceLocation(file=file_name)
    long_number = re.search(rf"(?<![\w.\"'])[+-]?\d[\d_]{{{MAX_INTEGER_DIGITS},}}", text)
    if long_number:
        raise InputError.single(
            location.model_copy(update={"field": f"line {_line_of(text, long_number.start())}"}),
            f"a number of {len(long_number[0]):,} digits; no setting in {what} needs more than "
            f"{MAX_INTEGER_DIGITS}",
        )
    deep = _deepest_line(text, "[{", "]}")
    if deep is not None:
        raise InputError.single(
            location.model_copy(update={"field": f"line {deep}"}),
            f"arrays or tables nested more than {MAX_DEPTH} deep; {what} is a few flat entries",
        )
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"line (\d+)", str(error))
        line = int(found[1]) if found else text.count("\n") + 1  # tomllib says "at end of document" otherwise
        lines = text.splitlines()
        key = re.match(r"\s*\"?([A-Za-z0-9_-]+)\"?\s*=", lines[line - 1]) if 0 < line <= len(lines) else None
        where = location.model_copy(update={"field": f"line {line}" + (f", {key[1]}" if key else "")})
        raise InputError.single(where, f"not valid TOML ({short(str(error), 160)})") from None
    except (ValueError, RecursionError, MemoryError) as error:
        raise InputError.single(location, f"not valid TOML ({type(error).__name__})") from None


def load_yaml(text: str, file_name: str, what: str) -> Any:
    """Parse YAML safely: no anchors or aliases, no key given twice, no integer of thousands of digits; plain
    scalars other than null, true and false are text (no octal, sexagesimal, float or date guesses)."""
    import yaml

    class _Loader(yaml.SafeLoader):
        """SafeLoader that refuses what a waiver or configuration never needs and a hostile file abuses."""

        def compose_node(self, parent: Any, index: Any) -> Any:
            if self.check_event(yaml.AliasEvent) or getattr(self.peek_event(), "anchor", None):
                event = self.peek_event()
                raise yaml.MarkedYAMLError(
                    problem=f"anchors and aliases (&, *) are refused in {what}; write each value out",
                    problem_mark=event.start_mark,
                )
            self.depth = getattr(self, "depth", 0) + 1
            try:
                if self.depth > MAX_DEPTH:
                    raise yaml.MarkedYAMLError(
                        problem=f"entries nested more than {MAX_DEPTH} deep; {what} is a few flat entries",
                        problem_mark=self.peek_event().start_mark,
                    )
                return super().compose_node(parent, index)
            finally:
                self.depth -= 1

        def construct_mapping(self, node: Any, deep: bool = False) -> Any:
            seen: set[object] = set()
            for key_node, _ in node.value:
                key = key_node.value if isinstance(key_node, yaml.ScalarNode) else id(key_node)
                if key in seen:
                    raise yaml.MarkedYAMLError(
                        problem=f"the key '{short(key)}' appears twice in one entry; keys are unique",
                        problem_mark=key_node.start_mark,
                    )
                seen.add(key)
            return super().construct_mapping(node, deep=deep)

        def construct_yaml_int(self, node: Any) -> Any:
            digits = sum(character.isdigit() for character in str(node.value))
            if digits > MAX_INTEGER_DIGITS:
                raise yaml.MarkedYAMLError(
                    problem=f"a number of {digits:,} digits; no setting needs more than {MAX_INTEGER_DIGITS}",
                    problem_mark=node.start_mark,
                )
            return super().construct_yaml_int(node)

    _Loader.add_constructor("tag:yaml.org,2002:int", _Loader.construct_yaml_int)
    # Plain scalars are text except null and true/false (spelled as YAML 1.2's core schema spells them). PyYAML's
    # YAML 1.1 resolvers turn 'table: 010' into the octal 8, 'table: 1:20' into the sexagesimal 80, '1.50' into
    # 1.5 and 'no' into False, losing what the filer wrote, and an impossible date such as 2027-02-30 into a
    # ValueError with no line. Left as text, each value is read by the field that expects it, which names its line.
    _Loader.yaml_implicit_resolvers = {}
    _Loader.add_implicit_resolver(
        "tag:yaml.org,2002:null", re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""]
    )
    _Loader.add_implicit_resolver(
        "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), ["t", "T", "f", "F"]
    )
    location = SourceLocation(file=file_name)
    deep = _deepest_line(text, "[{", "]}")
    if deep is not None:
        raise InputError.single(
            location.model_copy(update={"field": f"line {deep}"}),
            f"lists or mappings nested more than {MAX_DEPTH} deep; {what} is a few flat entries",
        )
    try:
        return yaml.load(text, Loader=_Loader)  # _Loader is a SafeLoader, narrowed further
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = location.model_copy(update={"field": f"line {mark.line + 1}"}) if mark is not None else location
        problem = getattr(error, "problem", None) or str(error)
        raise InputError.single(where, f"not valid YAML ({short(str(problem), 160)})") from None
    except (ValueError, RecursionError, MemoryError) as error:
        message = f"{what} is nested too deeply or too large ({type(error).__name__})"
        raise InputError.single(location.model_copy(update={"field": "line 1"}), message) from None
