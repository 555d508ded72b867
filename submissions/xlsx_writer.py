"""Saving an openpyxl workbook to the same bytes every time: fixed document times and zip entry times.

openpyxl stamps the time of saving into the document properties and, through the temporary files it streams
worksheets to, into every zip entry. Reports and templates must be byte-identical for identical input.
"""

from __future__ import annotations

import io
import zipfile
from datetime import datetime
from typing import Any

from openpyxl.workbook.workbook import Workbook
from openpyxl.writer.excel import ExcelWriter


class _FixedTimeZip(zipfile.ZipFile):
    """A zip whose every entry carries one fixed time, so the same workbook gives the same bytes."""

    fixed_time: tuple[int, int, int, int, int, int] = (1980, 1, 1, 0, 0, 0)

    def writestr(self, zinfo_or_arcname: Any, data: Any, compress_type: Any = None, compresslevel: Any = None) -> None:
        if isinstance(zinfo_or_arcname, str):
            zinfo_or_arcname = zipfile.ZipInfo(zinfo_or_arcname, date_time=self.fixed_time)
            zinfo_or_arcname.compress_type = zipfile.ZIP_DEFLATED
        super().writestr(zinfo_or_arcname, data, compress_type, compresslevel)

    def write(self, filename: Any, arcname: Any = None, compress_type: Any = None, compresslevel: Any = None) -> None:
        # openpyxl streams each worksheet to a temporary file and adds it with write(), which would stamp the
        # temporary file's modification time.
        with open(filename, "rb") as stream:
            self.writestr(str(arcname or filename), stream.read())


def workbook_bytes(workbook: Workbook, stamp: datetime) -> bytes:
    """Save with the document properties and every zip entry stamped ``stamp`` instead of the time of saving."""
    workbook.properties.created = stamp
    workbook.properties.modified = stamp
    workbook.properties.creator = "pacomply"
    workbook.properties.lastModifiedBy = "pacomply"
    buffer = io.BytesIO()
    archive = _FixedTimeZip(buffer, "w", zipfile.ZIP_DEFLATED)
    # Zip times cannot predate 1980; a filing dated earlier keeps the zip format's earliest time.
    archive.fixed_time = max(stamp.timetuple()[:6], (1980, 1, 1, 0, 0, 0))
    # ExcelWriter is what openpyxl's save_workbook drives, minus its line that sets 'modified' to now.
    ExcelWriter(workbook, archive).save()
    return buffer.getvalue()
