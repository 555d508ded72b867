"""The filing store: accounts, submissions with their original bytes, reviews, dispositions, sign-offs and the
audit trail, on SQLite (the default) or PostgreSQL. Every rule about who may do what lives here, so the pages, the
JSON endpoints and the command line enforce the same ones.

Changes of a submission's state are optimistic: each carries the version the actor saw, and the update applies
only where the row still has it (``UPDATE ... WHERE version = :seen``), so two reviewers acting at once never
lose an update; the second is told what changed instead.

:class:`Store` is put together from one part per concern, each in its own module: ``store_common`` (errors, limits,
the clock, transactions and their seals), ``store_accounts`` (users, passwords, sessions, sign-in throttle,
settings), ``store_claims`` (the pending-review queue among several servers), ``store_submissions`` (uploads,
reviews, renderings, the queue page) and ``store_decisions`` (dispositions, sign-offs, letters, re-reviews). Every
name they define for other modules is importable from here.
"""

from __future__ import annotations

from typing import Any

from pacomply.workspace.store_accounts import HASH_PARAMETERS
from pacomply.workspace.store_common import (
    APPROVING,
    BOARD_REFERENCE,
    MAX_PENDING_PER_ACCOUNT,
    MAX_REVIEW_ATTEMPTS,
    MAX_TABLES,
    MIGRATIONS,
    REVIEW_DAYS,
    REVIEW_LEASE,
    SEALED_MODELS,
    SERVERS_RECENT,
    SESSION_ABSOLUTE,
    SESSION_IDLE,
    SESSION_KEY,
    SESSION_TOUCH,
    ClaimLost,
    Conflict,
    DispositionRequest,
    Forbidden,
    NotFound,
    QueuePage,
    QuotaExceeded,
    ServerStatus,
    StoreStatus,
    TooLarge,
    WorkspaceError,
    board_date,
    board_today,
    default_database_url,
    due_date,
    finding_key,
    is_overdue,
    newest_revision,
    now,
)
from pacomply.workspace.store_decisions import DecisionStore
from sqlalchemy import create_engine, event

__all__ = [
    "APPROVING",
    "BOARD_REFERENCE",
    "HASH_PARAMETERS",
    "MAX_PENDING_PER_ACCOUNT",
    "MAX_REVIEW_ATTEMPTS",
    "MAX_TABLES",
    "MIGRATIONS",
    "REVIEW_DAYS",
    "REVIEW_LEASE",
    "SEALED_MODELS",
    "SERVERS_RECENT",
    "SESSION_ABSOLUTE",
    "SESSION_IDLE",
    "SESSION_KEY",
    "SESSION_TOUCH",
    "ClaimLost",
    "Conflict",
    "DispositionRequest",
    "Forbidden",
    "NotFound",
    "QueuePage",
    "QuotaExceeded",
    "ServerStatus",
    "Store",
    "StoreStatus",
    "TooLarge",
    "WorkspaceError",
    "board_date",
    "board_today",
    "default_database_url",
    "due_date",
    "finding_key",
    "is_overdue",
    "newest_revision",
    "now",
    "open_store",
]


class Store(DecisionStore):
    """The database behind the workspace; open it with :func:`open_store`."""


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    # Every commit reaches the disk before it returns: NORMAL would lose the last commits in a power cut, after
    # their uploads were answered as received (reviews are committed in batches, so the syncs are few).
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def open_store(url: str | None = None, upgrade: bool = True) -> Store:
    """Open the store at a database URL (the default SQLite file when None), upgraded to the newest schema."""
    url = url or default_database_url()
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = create_engine(url, pool_pre_ping=True)
    store = Store(engine)
    if upgrade:
        store.upgrade()
    return store
