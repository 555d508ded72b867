"""No shared code compares a chapter id or keeps a list keyed by chapter ids: a chapter's differences are its
descriptor's capabilities (``regulations.chapters``) and hooks in its own modules.

Shared code is every module of the installed layers except a chapter's own modules (``*/chapter_NNNa.py`` and the
modules a descriptor names), with no exception: the game code two chapters share tells them apart by their hooks
too (the Pai Gow base-game simulation reads each chapter's ``BASE_GAME`` and ``COMMISSION``). The scan
reads the syntax tree, so a chapter id in a docstring, a citation or a data row is not a branch; a comparison with
a chapter id (``chapter == "633a"``, ``chapter in {"645a", "688a"}``), a dict literal keyed by several chapter
ids, or a constant that is a collection of chapter ids and nothing else, is.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from pacomply.regulations import chapters

REPOSITORY = Path(__file__).resolve().parents[2]
LAYERS = ("pacomply", "checker", "reports", "submissions", "engine", "regulations", "workspace")
CHAPTER_ID = re.compile(r"^\d{3}[a-z]$")


def _chapter_ids(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and CHAPTER_ID.match(node.value):
        return [node.value]
    if isinstance(node, ast.Set | ast.Tuple | ast.List):
        return [found for element in node.elts for found in _chapter_ids(element)]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in {"frozenset", "set", "tuple"}:
        return [found for argument in node.args for found in _chapter_ids(argument)]
    return []


def _branches(path: Path) -> list[str]:
    """Each comparison with a chapter id and each dict literal keyed by several, as 'line: what'."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            compared = [chapter for operand in (node.left, *node.comparators) for chapter in _chapter_ids(operand)]
            if compared:
                found.append(f"{node.lineno}: compares with {', '.join(compared)}")
        elif isinstance(node, ast.Dict):
            keys = [chapter for key in node.keys if key is not None for chapter in _chapter_ids(key)]
            if len(keys) > 1:
                found.append(f"{node.lineno}: a dict keyed by {', '.join(keys)}")
        elif isinstance(node, ast.Assign | ast.AnnAssign) and node.value and _only_chapter_ids(node.value):
            found.append(f"{node.lineno}: a list of chapters, {', '.join(_chapter_ids(node.value))}")
    return sorted(found, key=lambda line: int(line.split(":")[0]))


def _only_chapter_ids(value: ast.AST | None) -> bool:
    """A collection written as chapter ids and nothing else (``frozenset({"633a"})``): a hand-kept list."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and len(value.args) == 1:
        value = value.args[0]
    if not isinstance(value, ast.Set | ast.Tuple | ast.List) or not value.elts:
        return False
    return all(_chapter_ids(element) for element in value.elts)


def _chapter_module_paths() -> set[str]:
    paths = set()
    for descriptor in chapters.chapters():
        for module_name, _ in descriptor.parts.values():
            relative = Path(*module_name.removeprefix("pacomply.").split("."))
            paths.add(f"{relative.as_posix()}.py")
    return paths


def _shared_modules() -> list[str]:
    own = _chapter_module_paths()
    modules = []
    for layer in LAYERS:
        for path in sorted((REPOSITORY / layer).rglob("*.py")):
            relative = path.relative_to(REPOSITORY).as_posix()
            if re.search(r"(^|/)chapter_\d{3}[a-z]\.py$", relative) or relative in own:
                continue
            modules.append(relative)
    return modules


def test_no_shared_module_branches_on_a_chapter_id() -> None:
    branching = {path: found for path in _shared_modules() if (found := _branches(REPOSITORY / path))}
    assert not branching, (
        "shared code branches on chapter ids; give the chapter a capability in regulations/chapters.py or a hook in "
        f"its own module instead: {branching}"
    )


def test_the_scan_finds_a_branch_it_is_meant_to_find(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        'def f(chapter, wager):\n    if chapter == "633a" or chapter in {"645a", "688a"}:\n        return 1\n'
        '    return {"686a": 1, "687a": 2}.get(chapter)\n\n\nTITLE = "686a"  # a value, not a branch\n'
        'BLACKJACK = frozenset({"633a", "685a"})\nRELATED = ("633a", "a side wager")  # not only chapter ids\n',
        encoding="utf-8",
    )
    assert _branches(sample) == [
        "2: compares with 633a",
        "2: compares with 645a, 688a",
        "4: a dict keyed by 686a, 687a",
        "8: a list of chapters, 633a, 685a",
    ]
