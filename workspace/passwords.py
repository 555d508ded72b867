"""What a new password must be (OWASP ASVS level 2, V2.1): at least 12 characters and at most 256, not one of the
10,000 most common passwords, nor one of them dressed up with digits or punctuation around it or repeated
("password1234", "!dragon2024!", "monkeymonkey"), not the account's name, and of a strength of at least
:data:`MINIMUM_SCORE` as zxcvbn estimates it (Dropbox's estimator, the ``zxcvbn`` package: its list of common
passwords is the one used here, and its score counts the patterns people use, keyboard walks, dates, repeats and
words, with the account's name as a word an attacker knows). Every character counts, spaces included; nothing is
trimmed or truncated."""

from __future__ import annotations

import functools
import re

MINIMUM_LENGTH = 12
MAXIMUM_LENGTH = 256
"""argon2 takes any length; the bound keeps one request from hashing megabytes."""

COMMON_COUNT = 10_000
"""How many of zxcvbn's most common passwords are refused outright, and dressed up."""

MINIMUM_SCORE = 3
"""zxcvbn's score runs from 0 (too guessable) to 4 (very unguessable); 3 is "safely unguessable: moderate
protection from an offline slow-hash scenario", which an argon2 hash is."""

_DECORATION = re.compile(r"^[\d\W_]*(.*?)[\d\W_]*$", re.DOTALL)


class WeakPassword(ValueError):
    """A new password the policy refuses; the message says why, never repeating the password."""


@functools.cache
def common_passwords() -> frozenset[str]:
    """The :data:`COMMON_COUNT` most common passwords of zxcvbn's frequency list (already in lower case)."""
    from zxcvbn.frequency_lists import FREQUENCY_LISTS

    return frozenset(FREQUENCY_LISTS["passwords"][:COMMON_COUNT])


def _repeated_unit(text: str) -> str:
    """The shortest string whose repetition is ``text`` ("abcabc" gives "abc")."""
    for size in range(1, len(text) // 2 + 1):
        if len(text) % size == 0 and text[:size] * (len(text) // size) == text:
            return text[:size]
    return text


def check_password(password: str, username: str = "") -> None:
    """Raise :class:`WeakPassword` when ``password`` may not be set."""
    if len(password) < MINIMUM_LENGTH:
        raise WeakPassword(f"a password is at least {MINIMUM_LENGTH} characters (a passphrase of a few words is best)")
    if len(password) > MAXIMUM_LENGTH:
        raise WeakPassword(f"a password is at most {MAXIMUM_LENGTH} characters")
    if "\x00" in password:
        raise WeakPassword("a password cannot hold a NUL character")
    folded = password.casefold()
    if username and username.casefold() in folded:
        raise WeakPassword("a password must not contain the account's user name")
    core = _DECORATION.match(folded).group(1)  # type: ignore[union-attr]
    candidates = {folded, core, _repeated_unit(folded), _repeated_unit(core), folded.replace(" ", "")}
    if any(candidate in common_passwords() for candidate in candidates) or len(set(folded)) < 4 or not core:
        raise WeakPassword(
            "that password is one of the most common ones (or one of them with digits or symbols added); "
            "choose another, for instance a few unrelated words"
        )
    from zxcvbn import zxcvbn

    estimate = zxcvbn(password, user_inputs=[username] if username else [])
    if estimate["score"] < MINIMUM_SCORE:
        warning = str(estimate["feedback"].get("warning") or "").rstrip(".")
        why = f" ({warning[0].lower() + warning[1:]})" if warning else ""
        raise WeakPassword(
            f"that password is too easy to guess{why}; choose another, for instance a few unrelated words"
        )
