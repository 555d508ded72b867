"""The cost of reading PDF checklists as filers make them (issue #26): the qpdf preparation and a second reading.

Run from the repository root: ``python bench/pdf_reading.py [--repeat 15]``.

For each committed fixture of ``tests/fixtures/pdf_forms/`` (and the Board-form PDF of the compliant example,
which needs no preparation) it times ``read_filing`` (median of ``--repeat``) and, alone, the preparation
(``submissions.readers.pdf_prepare.prepare``: qpdf opens the file, draws form values, rebuilds a damaged
cross-reference table). Anchor, in the same run: the same reading with the preparation replaced by the identity,
as the reader was before it; a fixture that then cannot be read says so. Turned pages are read twice (once to find
their direction), which shows as the ratio of the rotated fixtures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _median_ms(action, repeat: int) -> tuple[float, str]:
    from pacomply.submissions import InputError

    times, outcome = [], "read"
    for _ in range(repeat):
        start = time.perf_counter()
        try:
            action()
        except InputError as error:
            outcome = f"refused: {str(error.problems[0])[:60]}"
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=15)
    arguments = parser.parse_args()

    from pacomply.submissions import read_filing
    from pacomply.submissions.readers import pdf_prepare

    from tests.io.fixtures.board_form import board_form_pdf

    folder = Path(tempfile.mkdtemp())
    board = folder / "board-686a-compliant.pdf"
    board.write_bytes(board_form_pdf(read_filing(ROOT / "examples" / "686a-compliant.xlsx")))
    paths = [board, *sorted((ROOT / "tests" / "fixtures" / "pdf_forms").glob("*.pdf"))]
    prepare = pdf_prepare.prepare
    print(f"{'file':<40} {'read ms':>8} {'prepare ms':>10} {'anchor ms':>9} {'ratio':>6}  outcome / anchor outcome")
    for path in paths:
        data = path.read_bytes()
        read, outcome = _median_ms(lambda path=path: read_filing(path), arguments.repeat)
        prepared, _ = _median_ms(lambda data=data: prepare(data, 60), arguments.repeat)
        pdf_prepare.prepare = lambda data, _pages: data  # type: ignore[assignment]
        try:
            anchor, anchor_outcome = _median_ms(lambda path=path: read_filing(path), arguments.repeat)
        finally:
            pdf_prepare.prepare = prepare
        print(
            f"{path.name:<40} {read:8.1f} {prepared:10.2f} {anchor:9.1f} {read / anchor:6.2f}  "
            f"{outcome} / {anchor_outcome}"
        )


if __name__ == "__main__":
    main()
