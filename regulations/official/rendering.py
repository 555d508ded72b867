"""A verification as text (for a reviewer) and as JSON (for machines), grouped by subsection."""

from __future__ import annotations

import json
from itertools import groupby

from pacomply.regulations.official.comparison import Status, Verification
from pacomply.regulations.rulebook import Rulebook

_MARK = {Status.AGREES: "agrees", Status.DIFFERS: "DIFFERS", Status.OFFICIAL_ONLY: "NEW"}


def verification_text(book: Rulebook, verification: Verification, source: str, form: str) -> str:
    """Every fact by subsection: agrees, DIFFERS (rulebook vs official) or NEW (only the official text has it)."""
    lines = [
        f"{book.chapter} {book.title}: rulebook {book.version} (effective {book.effective.isoformat()}, "
        f"{book.source}) compared with {source} ({form})",
        "",
    ]
    for citation, checks in groupby(verification.checks, key=lambda check: check.citation):
        lines.append(str(citation))
        for check in checks:
            if check.status == Status.AGREES:
                detail = f"rulebook {check.encoded}; official {check.official}"
            elif check.status == Status.DIFFERS:
                detail = f"rulebook: {check.encoded}; official text: {check.official}"
            else:
                detail = f"in the official text, not in the rulebook: {check.official}"
            lines.append(f"  {_MARK[check.status]:<8} {check.fact}: {detail}")
            if check.note:
                lines.append(f"           ({check.note})")
    counts = {status: len(verification.by_status(status)) for status in Status}
    lines += [
        "",
        f"{counts[Status.AGREES]} agree, {counts[Status.DIFFERS]} differ, {counts[Status.OFFICIAL_ONLY]} only in the "
        "official text: "
        + ("the rulebook matches this text." if verification.agrees else "the rulebook does not match this text."),
    ]
    if book.later_amendments:
        lines.append("Known later changes not encoded: " + "; ".join(a.describe() for a in book.later_amendments))
    return "\n".join(lines) + "\n"


def verification_json(book: Rulebook, verification: Verification, source: str, form: str) -> str:
    """The same as a JSON document (schema ``pacomply.verification/1``)."""
    document = {
        "schema": "pacomply.verification/1",
        "chapter": book.chapter,
        "rulebook_version": book.version,
        "effective": book.effective.isoformat(),
        "source": book.source,
        "official_file": source,
        "official_form": form,
        "agrees": verification.agrees,
        "checks": [
            {
                "citation": str(check.citation),
                "fact": check.fact,
                "status": check.status.value,
                "encoded": check.encoded,
                "official": check.official,
                "note": check.note,
            }
            for check in verification.checks
        ],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
