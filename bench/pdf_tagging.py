"""What tagging costs the PDF review: size and build time of the tagged PDF against an untagged build of the same
review, in the same run. Prints figures and ratios; asserts nothing.

The two builds alternate (tagged, untagged, tagged, …) so that a busy machine slows both alike; the best and the
median of ``--repeat`` are shown, wall and process CPU time, and the share of the tagged build spent writing the
file with its structure tree (``TaggedWriting.write``: reportlab's objects and the tree's, packed into an object
stream). The object stream compresses reportlab's own dictionaries too: the tagged file's size can come out below
the untagged file's.

    python bench/pdf_tagging.py [--filing examples/633a-violations.xlsx] [--repeat 5]
"""

from __future__ import annotations

import argparse
import functools
import io
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY))

import pacomply.reports.pdf.document as pdf_module  # noqa: E402
from pacomply.checker.review import review_filing  # noqa: E402
from pacomply.reports import pdf_tagging  # noqa: E402
from pacomply.submissions import read_filing  # noqa: E402


def _timed(build: Callable[[], bytes]) -> tuple[float, float, bytes]:
    wall, cpu = time.perf_counter(), time.process_time()
    data = build()
    return time.perf_counter() - wall, time.process_time() - cpu, data


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--filing", default="examples/633a-violations.xlsx")
    parser.add_argument("--repeat", type=int, default=5)
    arguments = parser.parse_args()
    review = review_filing(read_filing(REPOSITORY / arguments.filing))

    post_processing: list[float] = []
    write = pdf_tagging.TaggedWriting.write

    def timed_write(self: pdf_tagging.TaggedWriting, *args: object, **keywords: object) -> bytes:
        start = time.perf_counter()
        data = write(self, *args, **keywords)  # type: ignore[arg-type]
        post_processing.append(time.perf_counter() - start)
        return data

    pdf_tagging.TaggedWriting.write = timed_write  # type: ignore[method-assign]
    pdf_module.render_pdf(review)  # fonts registered, modules imported: neither build pays for them
    post_processing.clear()
    runs: dict[bool, list[tuple[float, float, bytes]]] = {True: [], False: []}
    for repeat in range(arguments.repeat):
        # Each build goes first half of the time: the second pays for collecting the first one's garbage.
        for tagged in (True, False) if repeat % 2 == 0 else (False, True):
            runs[tagged].append(_timed(functools.partial(pdf_module.render_pdf, review, tagged=tagged)))

    tagged_data, untagged_data = runs[True][0][2], runs[False][0][2]
    import pikepdf

    pages = len(pikepdf.open(io.BytesIO(tagged_data)).pages)
    print(f"{arguments.filing}: {len(review.wager_math)} wagers, {len(review.findings)} findings")
    print(
        f"  size: tagged {len(tagged_data):,} B, untagged {len(untagged_data):,} B, "
        f"ratio {len(tagged_data) / len(untagged_data):.3f}, {pages} pages"
    )
    for label, index in (("wall", 0), ("cpu", 1)):
        tagged_times = [float(run[index]) for run in runs[True]]
        untagged_times = [float(run[index]) for run in runs[False]]
        print(
            f"  {label}: tagged best {min(tagged_times):.3f} s median {statistics.median(tagged_times):.3f} s; "
            f"untagged best {min(untagged_times):.3f} s median {statistics.median(untagged_times):.3f} s; "
            f"ratio of medians {statistics.median(tagged_times) / statistics.median(untagged_times):.3f}"
        )
    print(
        f"  file written with its structure tree (tagged build): median {statistics.median(post_processing):.3f} s, "
        f"{statistics.median(post_processing) / statistics.median([run[0] for run in runs[True]]):.1%} of its wall time"
    )
    print(f"  identical bytes across tagged builds: {len({run[2] for run in runs[True]}) == 1}")


if __name__ == "__main__":
    main()
