"""The sample chapter's coverage matrix: Over/Under's, under the id 699a."""

from __future__ import annotations

from dataclasses import replace

from pacomply.regulations.coverage.chapter_686a import MATRIX as OVER_UNDER

MATRIX = replace(OVER_UNDER, chapter="699a")
