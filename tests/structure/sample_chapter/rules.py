"""The sample chapter's rules: the families every chapter shares, built from its rulebook (ids 699A-001 up)."""

from __future__ import annotations

from pacomply.checker.rules.common import shared_rules

from .law import RULEBOOK

RULES = shared_rules(RULEBOOK)
