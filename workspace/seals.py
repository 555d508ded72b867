"""Seals: the SHA-256 of every sealed row (reviews, letters, events, dispositions, sign-offs), kept in the
append-only ``seals`` table in one hash chain, so that ``pacomply store verify`` can say, after a restore or at any
time, which sealed row is no longer what was written: altered, deleted, added outside pacomply, or its seal itself
altered or removed.

A row's digest is the SHA-256 of a canonical JSON object of its columns that are not NULL (a column a later
revision adds, NULL in the rows before it, leaves their digests alone): bytes by their SHA-256, moments in UTC,
dates in ISO form. The chain: each seal's ``chain`` is the SHA-256 of the previous seal's chain, its kind, its row
and its digest, the first one's previous being 64 zeros. The store writes a transaction's seals last, in the same
transaction as the rows (on PostgreSQL under a transaction-level advisory lock, the last lock any transaction
takes, so the chain never forks and no two transactions wait on each other in a cycle).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

SEALED_TABLES = ("reviews", "letters", "events", "dispositions", "signoffs")
"""The tables whose rows are sealed, as seal kinds (the table's name)."""

CHAIN_START = "0" * 64
CHAIN_LOCK = 0x7061636F6D706C79
"""The PostgreSQL advisory lock that orders the chain ('pacomply' in ASCII)."""


def canonical_value(value: Any) -> Any:
    """A column's value as the digest sees it."""
    if isinstance(value, bytes | bytearray | memoryview):
        return {"sha256": hashlib.sha256(bytes(value)).hexdigest()}
    if isinstance(value, datetime):
        moment = value.astimezone(UTC) if value.tzinfo is not None else value.replace(tzinfo=UTC)
        return moment.isoformat()
    if isinstance(value, date):
        return value.isoformat()
    return value


def row_digest(row: Mapping[Any, Any]) -> str:
    """The SHA-256 of a row's columns that are not NULL, in canonical JSON."""
    fields = {str(name): canonical_value(value) for name, value in row.items() if value is not None}
    text = json.dumps(fields, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def chained(previous: str, kind: str, row_id: int, digest: str) -> str:
    return hashlib.sha256(f"{previous}|{kind}|{row_id}|{digest}".encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing that is not intact, located (the table and row, or the seal) and said in words."""

    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


@dataclass(frozen=True, slots=True)
class Verification:
    """What ``store verify`` checked and what it found."""

    checked: Mapping[str, int]
    """Rows checked per table (the sealed tables, ``submissions`` for the original bytes, ``review_renderings``)."""
    problems: tuple[Problem, ...]

    @property
    def intact(self) -> bool:
        return not self.problems


def check_chain(seals: Iterable[tuple[int, str, int, str, str]]) -> tuple[dict[tuple[str, int], str], list[Problem]]:
    """Walk the chain (seal id, kind, row id, digest, chain, in id order): the digest each sealed row must have,
    and a problem at each seal whose chain does not follow from the one before."""
    expected: dict[tuple[str, int], str] = {}
    problems: list[Problem] = []
    previous = CHAIN_START
    for seal_id, kind, row_id, digest, chain in seals:
        if chained(previous, kind, row_id, digest) != chain:
            problems.append(Problem(f"seal {seal_id} ({kind} row {row_id})",
                                    "the chain of seals breaks here: a seal was altered, removed or inserted"))
        expected[(kind, row_id)] = digest
        previous = chain
    return expected, problems


def check_rows(
    kind: str, rows: Iterable[Mapping[Any, Any]], expected: dict[tuple[str, int], str]
) -> tuple[int, list[Problem]]:
    """Compare each row of a sealed table with its seal; rows without a seal, and seals without a row (a deleted
    row), are problems too. ``expected`` loses the entries it checks."""
    problems: list[Problem] = []
    count = 0
    for row in rows:
        count += 1
        row_id = int(row["id"])
        digest = expected.pop((kind, row_id), None)
        if digest is None:
            problems.append(
                Problem(f"{kind} row {row_id}", "has no seal: written outside pacomply, or its seal removed")
            )
        elif row_digest(row) != digest:
            problems.append(Problem(f"{kind} row {row_id}", "differs from its seal: altered after it was written"))
    for (sealed_kind, row_id) in sorted(key for key in expected if key[0] == kind):
        problems.append(Problem(f"{kind} row {row_id}", "is sealed but missing: deleted"))
        del expected[(sealed_kind, row_id)]
    return count, problems
