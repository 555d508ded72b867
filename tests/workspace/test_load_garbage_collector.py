"""The server under load keeps the garbage collector's collections short: ``serve`` sets the objects its start-up
made (the imported modules, the application, the store's engine) aside from the collector before it answers the
first request (``gc.freeze``), so a collection, which holds the interpreter lock while a page's request waits for
it, traverses what the requests keep rather than the whole heap; and the collections are made by a thread of their
own at the server's priority (``workspace.collector``), the automatic ones in the allocating threads switched off.
What the requests make is still collected."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.workspace.conftest import EXAMPLES

SERVE_AND_REPORT = """
import gc, json, os, signal, sys, threading, time, weakref
from pacomply.workspace.serve import serve

# Ctrl-C raises KeyboardInterrupt, as in a terminal, even where this test runs in the background: a shell starts a
# background job with SIGINT ignored, and a process inherits that (Python then leaves it ignored).
signal.signal(signal.SIGINT, signal.default_int_handler)

class Node:
    pass

def ready(url):
    frozen, tracked = gc.get_freeze_count(), len(gc.get_objects())
    automatic = gc.isenabled()
    collector = [thread for thread in threading.enumerate() if thread.name == "pacomply-collector"]
    niceness = {
        "collector": os.getpriority(os.PRIO_PROCESS, collector[0].native_id) if collector else None,
        "server": os.getpriority(os.PRIO_PROCESS, threading.get_native_id()),
    }
    # A cycle made once serving: only the collector frees it.
    first, second = Node(), Node()
    first.other, second.other = second, first
    alive = weakref.ref(first)
    del first, second
    kept = []
    for _ in range(100):  # objects kept, as requests keep them, until the collecting thread has freed the cycle
        if alive() is None:
            break
        kept.extend(Node() for _ in range(1000))
        time.sleep(0.05)
    print(json.dumps({
        "frozen": frozen, "tracked": tracked, "cycle_collected": alive() is None, "automatic": automatic,
        "collector": len(collector), "niceness": niceness,
    }), flush=True)
    threading.Thread(target=interrupt_once_serving, args=(url,)).start()

def interrupt_once_serving(url):
    # Ctrl-C once the server answers (serve stops, exit status 130), not at a fixed delay that a busy machine may
    # spend before the server runs.
    import urllib.error, urllib.request
    for _ in range(1200):
        try:
            urllib.request.urlopen(url + "/healthz", timeout=5).close()
            break
        except urllib.error.HTTPError:
            break
        except OSError:
            time.sleep(0.05)
    os.kill(os.getpid(), signal.SIGINT)

serve("127.0.0.1", 0, sys.argv[1], workers=1, on_ready=ready)
"""


def test_serve_sets_its_start_up_objects_aside_and_collects_in_a_thread_at_the_pages_priority(
    tmp_path: Path,
) -> None:
    """A real ``serve`` (one review process) reports, once ready: how many objects are set aside (frozen) against
    how many the collector still tracks, whether the automatic collections are on, the collecting thread and its
    niceness against the server's, and whether a reference cycle made after start-up is freed (by the collecting
    thread: nothing here calls ``gc.collect``)."""
    database = f"sqlite:///{tmp_path / 'served.sqlite3'}"
    environment = {**os.environ, "PYTHONPATH": str(EXAMPLES.parent)}
    # The server's exit is awaited, not the end of its output: its review processes inherit the output and run
    # under the idle scheduling policy, so on a machine kept busy by other work one may take minutes to end after
    # the server has (the report is read from a file, the server's status from the process itself).
    output, errors = tmp_path / "stdout.txt", tmp_path / "stderr.txt"
    with output.open("w") as out, errors.open("w") as err:
        process = subprocess.Popen(
            [sys.executable, "-c", SERVE_AND_REPORT, database], stdout=out, stderr=err, text=True, env=environment,
            cwd=EXAMPLES.parent,
        )
        try:
            returncode = process.wait(timeout=120)
        finally:
            process.kill()
    assert returncode == 130, errors.read_text()
    report = json.loads(output.read_text().strip().splitlines()[-1])
    # The start-up's heap (tens of thousands of objects: Flask, SQLAlchemy, the workspace) is set aside; what the
    # collector still traverses is the few made since.
    assert report["frozen"] > 10_000, report
    assert report["frozen"] > 5 * report["tracked"], report
    assert report["cycle_collected"] is True, report
    assert report["automatic"] is False and report["collector"] == 1, report
    assert report["niceness"]["collector"] == report["niceness"]["server"], report  # the pages' priority
