"""Rounds per second of every simulated game, this checkout against another commit, in the same run.

Run from the repository root::

    python bench/simulation_compare.py --baseline 8fa07b1^ [--seconds 4] [--repeats 3] [--chapters 633a 685a]
    python bench/simulation_compare.py --baseline-worktree ../other-checkout

``--baseline REV`` checks the commit out into a temporary ``git worktree`` (removed afterwards);
``--baseline-worktree PATH`` uses a checkout that is already there. Each case is measured in a fresh Python process
whose working directory and ``PYTHONPATH`` are the checkout being measured, so each side runs its own code with the
same interpreter and packages. Both sides play exactly the same plan (rounds, chunks, seed) on one worker in that
process, after a warm-up plan that builds the strategy tables and numba caches; the two sides alternate,
``--repeats`` times, and the best time of each side is kept, so a burst of load on a shared machine hits both alike.

Cases: every game registered for simulation with its default table (every wager, the chapter's deck count, a
hand-shuffled shoe, one seat, meters at the chapter's reset and rate — as ``bench/simulation.py``), and the three
blackjack tables the analyzer cross-checks play (one Blackjack Wager from a continuous shuffler: 633a standard,
633a Switch, 685a). The last column says whether both sides returned identical estimates: seeded output that must
not change (``tests/golden``) shows ``True`` where the code of a game changed only in speed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The measurement, run inside the checkout being measured; only the simulation API both sides share.
_MEASURE = r"""
import dataclasses, json, sys, time
from pacomply.engine.simulation.registry import MeterChoice, ProgressiveRoundGame, TableSetup, game_module, load_game
from pacomply.engine.simulation.runner import SimulationPlan, run
from pacomply.engine.simulation.shoe import ShoeSpec
from pacomply.regulations.rulebook import Shuffler

request = json.loads(sys.argv[1])
results = {}
for name, chapter, wagers, shuffler, rounds in request["cases"]:
    module = game_module(chapter)
    game = load_game(module)
    shoe = ShoeSpec(decks=game.default_decks, jokers_per_deck=game.jokers_per_deck, shuffler=Shuffler[shuffler])
    setup = TableSetup(chapter, tuple(wagers), None, shoe)
    if isinstance(game, ProgressiveRoundGame):
        setup = dataclasses.replace(setup, meters=game.meters(setup, MeterChoice()))
    run(SimulationPlan(module, setup, 200, 2, 100), workers=1)  # warm-up: strategy tables, numba caches
    plan = SimulationPlan(module, setup, rounds, 1, max(rounds // 8, 1))
    started = time.perf_counter()
    outcome = run(plan, workers=1)
    elapsed = time.perf_counter() - started
    results[name] = [elapsed, repr(outcome.estimates)]
print(json.dumps(results))
"""


def _cases(chapters: list[str]) -> list[tuple[str, str, list[str], str]]:
    cases = [(f"{chapter} every wager, hand shuffle", chapter, [], "NONE") for chapter in chapters]
    if "633a" in chapters:
        cases.append(("633a base, continuous shuffler", "633a", ["base"], "CONTINUOUS"))
        cases.append(("633a switch, continuous shuffler", "633a", ["switch"], "CONTINUOUS"))
    if "685a" in chapters:
        cases.append(("685a base, continuous shuffler", "685a", ["base"], "CONTINUOUS"))
    return cases


def _measure(checkout: Path, cases: list[list[object]]) -> dict[str, tuple[float, str]]:
    environment = {**os.environ, "PYTHONPATH": str(checkout)}
    completed = subprocess.run(
        [sys.executable, "-c", _MEASURE, json.dumps({"cases": cases})],
        cwd=checkout,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    if completed.returncode != 0:
        raise SystemExit(f"measuring {checkout} failed:\n{completed.stderr[-4000:]}")
    return {name: (elapsed, estimates) for name, (elapsed, estimates) in json.loads(completed.stdout).items()}


def _simulated_chapters(checkout: Path) -> list[str]:
    code = "from pacomply.engine.simulation.registry import simulated_chapters; print(*simulated_chapters())"
    environment = {**os.environ, "PYTHONPATH": str(checkout)}
    output = subprocess.run(
        [sys.executable, "-c", code], cwd=checkout, env=environment, capture_output=True, text=True, check=True
    )
    return output.stdout.split()


def compare(baseline: Path, chapters: list[str] | None, seconds: float, repeats: int) -> None:
    """Print rounds/s of both checkouts per case and the ratio this/baseline (above 1: this checkout is faster)."""
    chosen = chapters or [chapter for chapter in _simulated_chapters(ROOT) if chapter in _simulated_chapters(baseline)]
    cases = _cases(chosen)
    # Size every case on this checkout (about ``seconds`` each); both sides then play the same rounds.
    probe = _measure(ROOT, [[name, chapter, wagers, shuffler, 2_000] for name, chapter, wagers, shuffler in cases])
    sized = [
        [name, chapter, wagers, shuffler, max(int(2_000 * seconds / max(probe[name][0], 1e-6)) // 8 * 8, 800)]
        for name, chapter, wagers, shuffler in cases
    ]
    best: dict[str, dict[str, float]] = {"this": {}, "baseline": {}}
    estimates: dict[str, dict[str, str]] = {"this": {}, "baseline": {}}
    for _ in range(repeats):
        for side, checkout in (("this", ROOT), ("baseline", baseline)):
            for name, (elapsed, estimate) in _measure(checkout, sized).items():
                best[side][name] = min(elapsed, best[side].get(name, float("inf")))
                estimates[side][name] = estimate
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    print(f"this checkout: {ROOT}\nbaseline: {baseline}\nload average after: {load}; best of {repeats} per side")
    print(f"{'case':<36} {'rounds':>9} {'this r/s':>10} {'baseline r/s':>13} {'this/baseline':>14}  identical")
    for name, _chapter, _wagers, _shuffler, rounds in sized:
        this_rate, old_rate = rounds / best["this"][name], rounds / best["baseline"][name]
        same = estimates["this"][name] == estimates["baseline"][name]
        print(f"{name:<36} {rounds:>9,} {this_rate:>10,.0f} {old_rate:>13,.0f} {this_rate / old_rate:>14.2f}  {same}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--baseline", help="a git revision, checked out into a temporary worktree")
    where.add_argument("--baseline-worktree", type=Path, help="an existing checkout of the baseline")
    parser.add_argument("--chapters", nargs="*", help="default: every chapter both sides simulate")
    parser.add_argument("--seconds", type=float, default=4.0, help="target time per case and side")
    parser.add_argument("--repeats", type=int, default=3)
    arguments = parser.parse_args()
    if arguments.baseline_worktree is not None:
        compare(arguments.baseline_worktree.resolve(), arguments.chapters, arguments.seconds, arguments.repeats)
        return
    with tempfile.TemporaryDirectory(prefix="pacomply-baseline-") as folder:
        checkout = Path(folder) / "checkout"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(checkout), arguments.baseline],
                       check=True, capture_output=True)  # fmt: skip
        try:
            compare(checkout, arguments.chapters, arguments.seconds, arguments.repeats)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(checkout)], check=False)


if __name__ == "__main__":
    main()
