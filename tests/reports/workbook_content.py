"""What a reader of a workbook sees, as openpyxl loads it: for comparing two workbooks' content whatever their bytes."""

from __future__ import annotations

import io
from typing import Any

from openpyxl import load_workbook


def _font(font: Any) -> tuple[Any, ...]:
    colour = font.color
    return (
        font.name, font.sz, font.b, font.i, font.u, font.strike, font.vertAlign, font.family, font.scheme,
        None if colour is None else (colour.type, colour.value, colour.tint),
    )  # fmt: skip


def _fill(fill: Any) -> tuple[Any, ...]:
    return (fill.fill_type, fill.fgColor.type, fill.fgColor.value, fill.bgColor.type, fill.bgColor.value)


def _alignment(alignment: Any) -> tuple[Any, ...]:
    return (
        alignment.horizontal, alignment.vertical, alignment.wrap_text, alignment.shrink_to_fit, alignment.indent,
        alignment.text_rotation,
    )  # fmt: skip


def _sheet_content(sheet: Any) -> dict[str, Any]:
    cells = {}
    for row in sheet.iter_rows():
        for cell in row:
            if cell.value is None and not cell.has_style:
                continue
            cells[cell.coordinate] = (
                cell.value,
                cell.data_type,
                _font(cell.font),
                _fill(cell.fill),
                _alignment(cell.alignment),
                cell.number_format,
                cell.style,  # the named style (Normal, Hyperlink)
                None if cell.hyperlink is None else cell.hyperlink.target,
            )
    setup = sheet.page_setup
    return {
        "cells": cells,
        "dimensions": sheet.dimensions,
        "widths": {
            letter: (dimension.width, dimension.customWidth)
            for letter, dimension in sheet.column_dimensions.items()
            if dimension.customWidth
        },
        "freeze_panes": sheet.freeze_panes,
        "auto_filter": sheet.auto_filter.ref,
        "print_title_rows": sheet.print_title_rows,
        "print_title_cols": sheet.print_title_cols,
        "page_setup": (setup.orientation, setup.fitToWidth, setup.fitToHeight, setup.paperSize, setup.scale),
        "fit_to_page": sheet.sheet_properties.pageSetUpPr.fitToPage,
        "margins": (sheet.page_margins.left, sheet.page_margins.top, sheet.page_margins.header),
        "state": sheet.sheet_state,
    }


def workbook_content(data: bytes) -> dict[str, Any]:
    """The sheets in order, each one's cells (value, type, font, fill, alignment, number format, named style, link
    target), its range, column widths, frozen pane, filter, printed titles and page setup; and the document
    properties."""
    workbook = load_workbook(io.BytesIO(data))
    properties = workbook.properties
    return {
        "sheets": [(sheet.title, _sheet_content(sheet)) for sheet in workbook.worksheets],
        "properties": (properties.created, properties.modified, properties.creator, properties.lastModifiedBy),
        "active": workbook.active.title if workbook.active is not None else None,
    }
