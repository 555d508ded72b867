"""Regenerate every golden output: ``python -m tests.golden.regenerate [FAMILY/CHAPTER ...]`` from the repository root.

Run it after a change of output made on purpose, then review ``git diff tests/golden`` like code. With no argument
every family (reports, edge, simulate) of every chapter is rewritten, and the review JSON document
``tests/reports/test_json.py`` compares; ``reports/686a`` rewrites one family of one chapter.
"""

from __future__ import annotations

import sys

from tests.golden.outputs import CHAPTERS, FAMILIES, write


def main(selected: list[str]) -> int:
    wanted = selected or [f"{family}/{chapter}" for family in FAMILIES for chapter in CHAPTERS]
    for name in wanted:
        family, _, chapter = name.partition("/")
        if family not in FAMILIES or chapter not in CHAPTERS:
            print(f"'{name}' is not FAMILY/CHAPTER ({', '.join(FAMILIES)} / {', '.join(CHAPTERS)})", file=sys.stderr)
            return 2
        write(FAMILIES[family](chapter), family, chapter)
        print(f"regenerated {name}")
    if not selected:
        from tests.conftest import EXAMPLES
        from tests.reports.test_json import GOLDEN, write_golden

        write_golden(EXAMPLES)
        print(f"regenerated {GOLDEN.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
