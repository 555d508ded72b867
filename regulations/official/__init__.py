"""The rulebooks checked against the official chapter text: read it (text, HTML or PDF), find every fact the
rulebook encodes in the subsection it cites, and report what agrees, what differs and what is new."""

from __future__ import annotations

from pacomply.regulations.official.comparison import (
    Check,
    NotTheChapterError,
    Status,
    Verification,
    official_defined_terms,
    verify,
)
from pacomply.regulations.official.reading import OfficialText, OfficialTextError, read_official_text
from pacomply.regulations.official.rendering import verification_json, verification_text

__all__ = [
    "Check",
    "NotTheChapterError", "OfficialText", "OfficialTextError", "Status", "Verification", "official_defined_terms",
    "read_official_text", "verification_json",
    "verification_text",
    "verify",
]  # fmt: skip
