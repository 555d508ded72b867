"""reportlab's layout package (platypus), imported without compiling a pattern that no review uses.

``reportlab.platypus.paragraph`` compiles, when it is imported, a case-insensitive pattern of URIs whose character
classes span most of Unicode (its ``uri_pat``, used only to break a long web address between its slashes at the end
of a line, with reportlab's URI waste reduction, which pacomply leaves off). Python's compiler folds the case of every
character of those ranges: some 20 ms of CPU, a third of importing platypus, paid by every process that makes a PDF
and, in a batch with its documents, by the batch's process alone before it hands the filings out to its workers.

While this module imports platypus (it is imported before any other module of the PDF review imports reportlab's
platypus), ``re.compile`` gives that one pattern, recognised by its source and flags, as a
:class:`PatternOnFirstUse`, which compiles it from the same source and flags the first time anything of it is asked
for; every other pattern is compiled as usual, and ``re.compile`` is restored as soon as the import is done. Where
platypus was imported before (by a program that imports pacomply's PDF review after reportlab), nothing changes.
"""

from __future__ import annotations

import re
import sys
from typing import Any

#: How the source of reportlab's URI pattern starts (a scheme, then ``://``): the pattern compiled case-insensitively
#: with this start is the one given as a :class:`PatternOnFirstUse`.
URI_PATTERN_START = "(^(?:[a-z0-9\\.\\-\\+]*)://)"


class PatternOnFirstUse:
    """A regular expression compiled the first time one of its methods or attributes is asked for (``match``,
    ``pattern``, ...), which are then those of the compiled pattern."""

    def __init__(self, source: str, flags: int) -> None:
        self._source = source
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        # Called only for what the instance itself lacks: everything of the pattern.
        if name.startswith("_"):
            raise AttributeError(name)
        compiled = self._compiled
        if compiled is None:
            compiled = self._compiled = re.compile(self._source, self._flags)
        return getattr(compiled, name)


def _import_platypus() -> None:
    if "reportlab.platypus.paragraph" in sys.modules:
        return
    compile_pattern = re.compile

    def compiled_or_deferred(pattern: Any, flags: Any = 0) -> Any:
        if type(pattern) is str and flags == re.IGNORECASE and pattern.startswith(URI_PATTERN_START):
            return PatternOnFirstUse(pattern, flags)
        return compile_pattern(pattern, flags)

    re.compile = compiled_or_deferred
    try:
        import reportlab.platypus  # noqa: F401  (imported here, with the pattern above deferred)
    finally:
        re.compile = compile_pattern


_import_platypus()
