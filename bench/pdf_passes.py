"""What one PDF review costs, pass by pass, in this checkout and (``--baseline PYTHON``) in another, in the same run.

Each side runs in its own Python process (the interpreter of that checkout's virtual environment, which imports its
own pacomply): it reviews the filing, renders the PDF once (fonts registered, modules imported, caches warm), then
renders it ``--repeat`` times and reports the median and best wall and process CPU time of a render, how many
canvases a render makes and how often reportlab's ``BaseDocTemplate.build`` runs (one of each: one layout pass), and
the time spent in reportlab's ``Canvas.save`` and in writing the file with its structure tree (``TaggedWriting.write``,
inside the save; in a checkout before it, ``add_structure_tree``, pikepdf, after the save), and in
the cycle collections that start during a render (``gc.callbacks``: the young one that follows the render's
collector pause traverses what the render left in reference cycles) with the objects they free. With a
baseline the two sides alternate (this, baseline, baseline, this, …) ``--rounds`` times, so a busy machine slows
both alike, and the ratio of medians is printed. Prints figures; asserts nothing.

    python bench/pdf_passes.py [--filing examples/633a-compliant.xlsx] [--repeat 5] [--rounds 2]
                               [--baseline OTHER_CHECKOUT/.venv/bin/python]
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parent.parent


def _measure(filing: Path, repeat: int) -> dict[str, Any]:
    """One side's figures (run in that side's interpreter)."""
    import pacomply.reports.pdf.document as document_module
    from pacomply.checker.review import review_filing
    from pacomply.submissions import read_filing
    from reportlab.pdfgen import canvas as pdf_canvas
    from reportlab.platypus import BaseDocTemplate

    review = review_filing(read_filing(filing))
    document_module.render_pdf(review)  # warm: fonts, imports, the paragraph caches
    counts = {"canvases": 0, "builds": 0}
    spent: dict[str, list[float]] = {"save": [], "structure tree": []}
    make_canvas, build, save = pdf_canvas.Canvas.__init__, BaseDocTemplate.build, pdf_canvas.Canvas.save
    from pacomply.reports import pdf_tagging

    # The structure tree is written inside reportlab's save (TaggedWriting.write); a checkout from before that wrote
    # it after the save, with pikepdf (add_structure_tree).
    tree_owner: Any = getattr(pdf_tagging, "TaggedWriting", None) or document_module
    tree_name = "write" if tree_owner is not document_module else "add_structure_tree"
    structure_tree = getattr(tree_owner, tree_name)

    def counted_canvas(self: Any, *args: Any, **keywords: Any) -> None:
        counts["canvases"] += 1
        make_canvas(self, *args, **keywords)

    def counted_build(self: Any, *args: Any, **keywords: Any) -> Any:
        counts["builds"] += 1
        return build(self, *args, **keywords)

    def timed_save(self: Any) -> None:
        start = time.process_time()
        save(self)
        spent["save"].append(time.process_time() - start)

    def timed_structure_tree(*args: Any, **keywords: Any) -> bytes:
        start = time.process_time()
        data = structure_tree(*args, **keywords)
        spent["structure tree"].append(time.process_time() - start)
        return bytes(data)

    pdf_canvas.Canvas.__init__ = counted_canvas  # type: ignore[method-assign]
    BaseDocTemplate.build = counted_build  # type: ignore[method-assign]
    pdf_canvas.Canvas.save = timed_save  # type: ignore[method-assign]
    setattr(tree_owner, tree_name, timed_structure_tree)
    collecting = {"cpu": 0.0, "freed": 0, "started": 0.0}

    def timed_collection(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collecting["started"] = time.process_time()
        else:
            collecting["cpu"] += time.process_time() - collecting["started"]
            collecting["freed"] += info["collected"]

    walls, cpus, sizes, collections, freed = [], [], set(), [], []
    gc.collect()
    gc.callbacks.append(timed_collection)
    for _ in range(repeat):
        collecting.update(cpu=0.0, freed=0)
        wall, cpu = time.perf_counter(), time.process_time()
        data = document_module.render_pdf(review)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        sizes.add(len(data))
        collections.append(collecting["cpu"])
        freed.append(collecting["freed"])
    gc.callbacks.remove(timed_collection)
    return {
        "wall": walls,
        "cpu": cpus,
        "canvases per render": counts["canvases"] / repeat,
        "builds per render": counts["builds"] / repeat,
        "save cpu": spent["save"],
        "structure tree cpu": spent["structure tree"],
        "collections cpu": collections,
        "collected": freed,
        "bytes": sorted(sizes),
    }


def _side(python: str, filing: Path, repeat: int) -> dict[str, Any]:
    command = [python, str(Path(__file__).resolve()), "--measure", str(filing), "--repeat", str(repeat)]
    finished = subprocess.run(command, check=True, capture_output=True, text=True)
    return dict(json.loads(finished.stdout.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--filing", default="examples/633a-compliant.xlsx")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--baseline", help="the Python of another checkout's virtual environment")
    parser.add_argument("--measure", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.measure:
        print(json.dumps(_measure(Path(arguments.measure), arguments.repeat)))
        return
    filing = (REPOSITORY / arguments.filing).resolve()
    sides = {"this": sys.executable, **({"baseline": arguments.baseline} if arguments.baseline else {})}
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in sides}
    for round_number in range(arguments.rounds):
        order = list(sides) if round_number % 2 == 0 else list(reversed(sides))
        for name in order:
            runs[name].append(_side(sides[name], filing, arguments.repeat))
    medians: dict[str, float] = {}
    print(f"{arguments.filing}: {arguments.rounds} rounds of {arguments.repeat} warm renders each side")
    for name, results in runs.items():
        walls = [value for result in results for value in result["wall"]]
        cpus = [value for result in results for value in result["cpu"]]
        saves = [value for result in results for value in result["save cpu"]]
        trees = [value for result in results for value in result["structure tree cpu"]]
        collections = [value for result in results for value in result.get("collections cpu", [])]
        collected = [value for result in results for value in result.get("collected", [])]
        medians[name] = statistics.median(cpus)
        last = results[-1]
        print(
            f"  {name}: wall median {statistics.median(walls):.3f} s best {min(walls):.3f} s; cpu median "
            f"{statistics.median(cpus):.3f} s best {min(cpus):.3f} s; {last['canvases per render']:g} canvas(es) and "
            f"{last['builds per render']:g} build(s) a render; cpu median of reportlab's save "
            f"{statistics.median(saves):.3f} s, of the structure tree {statistics.median(trees):.3f} s"
            + (
                f", of the cycle collections {statistics.median(collections):.3f} s "
                f"(median {statistics.median(collected):g} objects freed)"
                if collections
                else ""
            )
            + f"; bytes {last['bytes']}"
        )
    if "baseline" in medians:
        print(f"  cpu median this/baseline: {medians['this'] / medians['baseline']:.3f}")


if __name__ == "__main__":
    main()
