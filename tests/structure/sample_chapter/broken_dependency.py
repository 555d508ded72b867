"""A part whose module exists but imports something missing: that is not a half-added chapter, and must not be
reported as one (``test_chapter_completeness``)."""

from __future__ import annotations

import pacomply_no_such_dependency  # noqa: F401
