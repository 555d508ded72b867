"""The sample chapter's law: the Over/Under rulebook under the id 699a."""

from __future__ import annotations

from dataclasses import replace

from pacomply.regulations.chapter_686a import RULEBOOK as OVER_UNDER

CHAPTER = "699a"
RULEBOOK = replace(OVER_UNDER, chapter=CHAPTER, title="Sample Over/Under")
