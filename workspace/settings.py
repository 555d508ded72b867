"""The workspace's numeric settings read from the environment ($PACOMPLY_REVIEW_LEASE, $PACOMPLY_SWITCH_INTERVAL,
$PACOMPLY_REVIEW_NICENESS, $PACOMPLY_UPLOAD_NICENESS, $PACOMPLY_IDLE_POLICY, $PACOMPLY_UPLOADS_AT_ONCE,
$PACOMPLY_TRUSTED_PROXIES): one reader, so every one of them is bounded, defaulted and refused with the same kind of
message, naming the setting and what it takes."""

from __future__ import annotations

import math
import os


def number_setting(name: str, default: float, low: float, high: float, unit: str) -> float:
    """$``name`` as a number of ``unit`` from ``low`` to ``high``; ``default`` when unset or blank; ValueError naming
    the setting otherwise (a value that is not a number included)."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not low <= value <= high:
        raise ValueError(f"${name} must be a number of {unit} from {low} to {high}, not '{text[:20]}'")
    return value


def whole_setting(name: str, default: int, low: int, high: int) -> int:
    """$``name`` as a whole number from ``low`` to ``high``; ``default`` when unset or blank; ValueError naming the
    setting otherwise."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    if not text.isdecimal() or not low <= int(text) <= high:
        raise ValueError(f"${name} must be a whole number from {low} to {high}, not '{text[:20]}'")
    return int(text)
