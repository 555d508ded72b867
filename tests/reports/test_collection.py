"""A document is made with the cycle collector paused (pacomply.reports.collection): no automatic collection runs
over a render's short-lived objects, and the collector is on again afterwards, as it was before."""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Iterator

import pytest
from pacomply.checker.review import Review
from pacomply.reports.collection import collection_paused
from pacomply.reports.interface import ReportFormat, renderer


@pytest.fixture
def automatic_collections() -> Iterator[list[int]]:
    """The generation of every collection the interpreter starts while the test runs."""
    generations: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            generations.append(info["generation"])

    gc.callbacks.append(note)
    try:
        yield generations
    finally:
        gc.callbacks.remove(note)


def _collections_during_render(
    review: Review, report_format: ReportFormat, automatic_collections: list[int]
) -> tuple[int, bool]:
    """How many collections start from the render's first allocation to the first after it (the one that resuming
    may set off), under a threshold that makes one due every hundred allocations, and whether the collector is
    on after."""
    document = renderer(report_format)  # its modules imported here, outside the render
    threshold = gc.get_threshold()
    gc.set_threshold(100, 2, 2)
    automatic_collections.clear()
    try:
        rendered = document.render(review)
        [[0] for _ in range(150)]  # the allocations after the render: a collection that is due starts here
        count = len(automatic_collections)
        enabled = gc.isenabled()
    finally:
        gc.set_threshold(*threshold)
    assert rendered
    return count, enabled


@pytest.mark.parametrize("report_format", [ReportFormat.PDF, ReportFormat.XLSX])
def test_a_document_is_rendered_with_no_automatic_collection_and_the_collector_on_after(
    violations_review: Review,
    report_format: ReportFormat,
    automatic_collections: list[int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    paused, enabled = _collections_during_render(violations_review, report_format, automatic_collections)
    assert enabled
    # Without the pause (gc.disable made to do nothing) the same render starts collections all along.
    monkeypatch.setattr(gc, "disable", lambda: None)
    unpaused, _ = _collections_during_render(violations_review, report_format, automatic_collections)
    # Paused: only the collections after it (the young one due on resuming, the ones the 150 allocations set off).
    # Unpaused, a PDF sets off many more: at least four times the paused bound. A workbook, written as markup from
    # tuples of plain values (reports.xlsx_package), makes too few tracked objects to set off more than a few.
    assert paused <= 5, paused
    if report_format is ReportFormat.PDF:
        assert unpaused >= 20, unpaused
    else:
        assert unpaused <= 5, unpaused


def test_a_collector_turned_off_by_the_caller_stays_off_and_nested_pauses_resume_it_once() -> None:
    gc.disable()
    try:
        with collection_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()
    with collection_paused():
        with collection_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_the_collector_is_on_again_after_a_render_that_fails() -> None:
    @collection_paused()
    def failing() -> None:
        raise ValueError("a render that fails")

    with pytest.raises(ValueError):
        failing()
    assert gc.isenabled()


def _left_to_the_collector(review: Review, report_format: ReportFormat) -> list[object]:
    """What a render of ``review`` leaves to the cycle collector: the collector made to save what it finds
    unreachable instead of freeing it, around the render and a collection after it."""
    document = renderer(report_format)
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        assert document.render(review)
        gc.collect()
        return list(gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def test_a_pdf_render_leaves_its_marks_and_structure_elements_to_reference_counting(
    violations_review: Review,
) -> None:
    """The canvas outlives the build in reportlab's reference cycles (its paragraphs' text objects point at it), so
    whatever it still holds waits for the cycle collector; the marked content recorded (thousands of marks, with
    their structure nodes and the flowables drawn) is taken off it, and the structure tree's plan and the writer
    that writes it with the file are made without a closure that refers to itself, so all of them are freed by
    reference counting as soon as the file is written. Counted with the collector saving what it finds unreachable
    instead of freeing it."""
    from pacomply.reports.pdf_tagging import Mark, Recorder, TaggedWriting, _TreePlan

    left = Counter(
        type(found).__name__
        for found in _left_to_the_collector(violations_review, ReportFormat.PDF)
        if isinstance(found, Mark | Recorder | _TreePlan | TaggedWriting)
    )
    assert left == Counter()


def test_a_workbook_render_leaves_nothing_to_the_cycle_collector(violations_review: Review) -> None:
    """The review workbook is written from tuples of plain values, with no reference cycles (an openpyxl workbook
    was held together by them: each cell named its sheet, each sheet its workbook), so none of its objects waits
    for the cycle collector (nor is kept by a batch that freezes what each filing leaves). Counted with the
    collector saving what it finds unreachable instead of freeing it."""
    from openpyxl.cell.cell import Cell
    from openpyxl.workbook.workbook import Workbook
    from openpyxl.worksheet.worksheet import Worksheet

    garbage = _left_to_the_collector(violations_review, ReportFormat.XLSX)
    left = Counter(type(found).__name__ for found in garbage)
    openpyxl_left = Counter(type(found).__name__ for found in garbage if isinstance(found, Cell | Worksheet | Workbook))
    assert openpyxl_left == Counter()
    # An openpyxl review workbook, not taken apart, left some ten thousand objects here.
    assert sum(left.values()) < 50, left.most_common(10)
