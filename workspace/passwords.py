"""What a new password must be (OWASP ASVS level 2, V2.1): at least 12 characters and at most 256, not one of the
10,000 most common passwords (:mod:`common_passwords`, bundled), nor one of them dressed up with digits or
punctuation around it or repeated ("password1234", "!dragon2024!", "monkeymonkey"), and not the account's name.
Every character counts, spaces included; nothing is trimmed or truncated."""

from __future__ import annotations

import re

MINIMUM_LENGTH = 12
MAXIMUM_LENGTH = 256
"""argon2 takes any length; the bound keeps one request from hashing megabytes."""

_DECORATION = re.compile(r"^[\d\W_]*(.*?)[\d\W_]*$", re.DOTALL)


class WeakPassword(ValueError):
    """A new password the policy refuses; the message says why, never repeating the password."""


def _repeated_unit(text: str) -> str:
    """The shortest string whose repetition is ``text`` ("abcabc" gives "abc")."""
    for size in range(1, len(text) // 2 + 1):
        if len(text) % size == 0 and text[:size] * (len(text) // size) == text:
            return text[:size]
    return text


def check_password(password: str, username: str = "") -> None:
    """Raise :class:`WeakPassword` when ``password`` may not be set."""
    from pacomply.workspace.common_passwords import COMMON_PASSWORDS

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
    if any(candidate in COMMON_PASSWORDS for candidate in candidates) or len(set(folded)) < 4 or not core:
        raise WeakPassword(
            "that password is one of the most common ones (or one of them with digits or symbols added); "
            "choose another, for instance a few unrelated words"
        )
