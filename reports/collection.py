"""The interpreter's cycle collector, paused while a document is made.

A PDF or a workbook is hundreds of thousands of short-lived objects (flowables, text fragments, cells, structure
elements) that live as long as the document is being built and are freed by reference counting when it is done.
While they live, the collector's automatic passes scan them again and again: in the staff's batch of 28 example
filings with ``-f pdf`` it spent about a third of the CPU in a dozen full collections over a render's objects,
finding almost nothing to free. Pausing it for the render and resuming it after costs one young collection of what
the render left behind. That is kept small by leaving no more than reportlab's own objects in reference cycles: the
PDF build takes its recorder of marked content off the canvas (which reportlab's text objects keep in cycles) and
the structure tree is made without self-referring closures, so the marks, nodes, flowables and the tree's plan are
freed by reference counting (``tests/reports/test_collection.py``).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collection_paused() -> Iterator[None]:
    """Run the body (a ``with`` block, or a function decorated with ``@collection_paused()``) with automatic cycle
    collection off; it is on again after (only where it was on before, so a
    caller that turned it off keeps it off, and nested renders resume it once)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
