"""The sample chapter's version entry: Over/Under's, since its law is Over/Under's text."""

from __future__ import annotations

from pacomply.regulations.versions.chapter_686a import VERSION

__all__ = ["VERSION"]
