"""The store's foundation: its errors, limits and clock, the Board's review days, and :class:`StoreBase` (the
engine, transactions with their seals, the schema, the audit trail's events and the integrity check) that each part of
:class:`~pacomply.workspace.store.Store` builds on."""


from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from pacomply.workspace.models import (
    FINAL_STATUSES,
    Disposition,
    Event,
    Letter,
    ReviewRecord,
    ReviewRendering,
    Seal,
    SignOff,
    Submission,
)
from sqlalchemy import CursorResult, Engine, Result, event, func, insert, select
from sqlalchemy.orm import Session, sessionmaker

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


class WorkspaceError(Exception):
    """Something the user asked for that cannot be done; the message says why, for the person who asked."""

    status = 400


class NotFound(WorkspaceError):
    status = 404


class Forbidden(WorkspaceError):
    status = 403


class Conflict(WorkspaceError):
    status = 409


class QuotaExceeded(WorkspaceError):
    """More than an account may have under way at once; nothing was stored."""

    status = 429


class ClaimLost(WorkspaceError):
    """A review recorded by a server whose claim another server took over (its lease expired); nothing was written,
    since the other server reviews the filing."""

    status = 409

    @classmethod
    def of(cls, submission_id: int) -> ClaimLost:
        """The review of ``submission_id``, taken over."""
        return cls(
            f"the review of submission {submission_id} was taken over by another server (this server's lease "
            "expired); nothing of this one was recorded"
        )


class TooLarge(WorkspaceError):
    """A filing beyond what the workspace reviews (too many tables); nothing was stored."""

    status = 413


REVIEW_DAYS = 15
"""The Board's review clock under § 601a.10(c): a filing is due 15 calendar days after the Board's day
(America/New_York) on which the workspace received it (the day of receipt is day 0; the chapter gives no business-day
rule)."""

MAX_TABLES = 200
"""Tables one filing may list; a review's CPU time grows with them (a 2,000-table filing held a process ~70 s)."""

MAX_PENDING_PER_ACCOUNT = 10
"""Reviews one account may have waiting or running at once."""

MAX_REVIEW_ATTEMPTS = 3
"""A filing whose review ended its process this often is recorded as a failure instead of being tried again."""

BOARD_REFERENCE = re.compile(r"(PGCB waiver )?[A-Z]{1,8}-(19|20)\d\d-\d{1,6}")
"""The Board's reference for a waiver under § 601a.4: an office or series prefix, the year and a number, as in
``W-2026-117`` or ``BGO-2026-117``, optionally written ``PGCB waiver W-2026-117``."""

SESSION_IDLE = timedelta(minutes=30)
SESSION_ABSOLUTE = timedelta(hours=12)
SESSION_TOUCH = timedelta(seconds=60)
"""A session's last use is written at most this often (a page load is not a database write), and at most a tenth
of the idle limit apart, so a session in use is never taken for an idle one."""

APPROVING = ("approve", "approve in part")

REVIEW_LEASE = timedelta(seconds=60)
"""How long a server's claim on a pending review or a background rendering lasts unless renewed; a server renews its
claims every third of it, so another server takes them over only from a server that stopped renewing (killed, or
cut off from the database)."""

SESSION_KEY = "session signing key"
"""The name of the deployment's session-signing key in ``workspace_settings``."""

SERVERS_RECENT = timedelta(minutes=5)
"""A server seen within this is listed by ``pacomply store status`` as running."""


@functools.cache
def newest_revision() -> str | None:
    """The newest schema revision this pacomply's migrations make."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(config).get_current_head()


def default_database_url() -> str:
    """A SQLite file in the platform's data folder (created when missing)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("pacomply", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'workspace.sqlite3'}"


def now() -> datetime:
    """The store's one clock: every time it writes, and every date it reckons (:func:`board_today`), reads it."""
    return datetime.now(UTC)


def board_date(moment: datetime) -> date:
    """The Board's calendar day of a moment: its date in America/New_York (the zone reviews are dated in), whatever
    the server's own time zone."""
    from zoneinfo import ZoneInfo

    from pacomply.checker.registry import REVIEW_TIME_ZONE

    return _utc(moment).astimezone(ZoneInfo(REVIEW_TIME_ZONE)).date()


def board_today() -> date:
    """Today in the Board's days, from :func:`now`: what "overdue" is measured against on every page, in the JSON
    and in the queue's filter alike."""
    return board_date(now())


def is_overdue(submission: Submission, today: date | None = None) -> bool:
    """Past its due date in the Board's days and not yet decided (approved in total or in part): the one test the
    pages, the JSON and the queue's "overdue only" filter (:meth:`Store.queue`, the same test in SQL) apply."""
    return bool(
        submission.due_date is not None
        and submission.due_date < (today or board_today())
        and submission.status not in FINAL_STATUSES
    )


def due_date(received: datetime) -> date:
    """A filing's due date: :data:`REVIEW_DAYS` calendar days after the Board's day on which it was received."""
    return board_date(received) + timedelta(days=REVIEW_DAYS)


def _utc(moment: datetime) -> datetime:
    # SQLite hands back naive datetimes; everything the store writes is UTC.
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def finding_key(finding: dict[str, Any]) -> str:
    """A finding's identity within a submission, stable across re-reviews: rule, chapter, table and place."""
    location = finding.get("location") or {}
    return "|".join(
        str(part or "")
        for part in (finding.get("rule_id"), finding.get("chapter"), finding.get("table_id"), location.get("text"))
    )


@dataclass(frozen=True, slots=True)
class QueuePage:
    """One page of the queue and how many submissions match in all."""

    submissions: list[Submission]
    total: int
    verdicts: dict[int, str]
    """The latest review's verdict of each submission on the page."""
    licensees: tuple[str, ...] = ()
    """Every licensee with a submission the user may see, sorted (the queue's filter), where asked for."""
    reviewers: tuple[str, ...] = ()
    """The active reviewers' and supervisors' names (the reviewer filter), where asked for and the user is staff."""


@dataclass(frozen=True, slots=True)
class ServerStatus:
    """A server seen recently, and the claims it holds."""

    id: str
    host: str
    pid: int
    started_at: datetime
    seen_at: datetime
    reviews: int
    """Pending reviews it has claimed."""
    renderings: int
    """Background renderings it has claimed."""


@dataclass(frozen=True, slots=True)
class StoreStatus:
    """The servers over one database and its review queue (``pacomply store status``)."""

    database: str
    checked_at: datetime
    servers: tuple[ServerStatus, ...]
    pending: int
    """Reviews waiting or running."""
    unclaimed: int
    """Pending reviews no server holds."""
    expired: int
    """Pending reviews whose claim's lease has expired (their server stopped renewing): any server takes them."""
    oldest_wait: timedelta | None
    """How long the longest-waiting pending review has waited; None when none is pending."""


def _rows_changed(result: Result[Any]) -> int:
    """How many rows an UPDATE changed (SQLAlchemy returns a CursorResult for one, typed as any Result)."""
    assert isinstance(result, CursorResult)
    return result.rowcount


SEALED_MODELS = (ReviewRecord, Letter, Event, Disposition, SignOff)
"""The models of the sealed tables (``seals.SEALED_TABLES``)."""


def _note_sealed_rows(session: Session, _context: Any, _instances: Any) -> None:
    """Before a flush: note the new rows of sealed tables, for :meth:`Store._seal` at the transaction's end."""
    new = [row for row in session.new if isinstance(row, SEALED_MODELS)]
    if new:
        session.info.setdefault("sealed_rows", []).extend(new)



class StoreBase:
    """The engine and what every part of the store uses: transactions with their seals, the schema, events and the
    integrity check."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        event.listen(self._sessions, "before_flush", _note_sealed_rows)

    # -- plumbing -------------------------------------------------------------------------------------------

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A transaction: committed when the block ends, rolled back when it raises. Every sealed row it wrote is
        sealed last, in the same transaction (:meth:`_seal`)."""
        with self._sessions() as session, session.begin():
            yield session
            self._seal(session)

    @staticmethod
    def _seal(session: Session) -> None:
        """Seal the rows of sealed tables this transaction wrote: their digests as the database holds them, each
        appended to the chain (``workspace/seals.py``). On PostgreSQL a transaction-level advisory lock orders the
        chain; it is the last lock the transaction takes. SQLite has one writer at a time, and a transaction that
        wrote holds that lock until it ends."""
        from pacomply.workspace import seals

        session.flush()
        written: list[Any] = session.info.pop("sealed_rows", [])
        if not written:
            return
        connection = session.connection()
        if connection.dialect.name == "postgresql":
            connection.execute(select(func.pg_advisory_xact_lock(seals.CHAIN_LOCK)))
        previous = connection.execute(
            select(Seal.chain).order_by(Seal.id.desc()).limit(1)
        ).scalar() or seals.CHAIN_START
        tables = {type(row).__table__.name: type(row).__table__ for row in written}
        ids: dict[str, list[int]] = {}
        for row in written:
            ids.setdefault(type(row).__table__.name, []).append(int(row.id))
        sealed: list[dict[str, Any]] = []
        for kind in seals.SEALED_TABLES:
            if kind not in ids:
                continue
            table = tables[kind]
            rows = connection.execute(select(table).where(table.c.id.in_(ids[kind])).order_by(table.c.id)).mappings()
            for row in rows:
                digest = seals.row_digest(row)
                previous = seals.chained(previous, kind, int(row["id"]), digest)
                sealed.append({"kind": kind, "row_id": int(row["id"]), "sha256": digest, "chain": previous})
        connection.execute(insert(Seal), sealed)  # one statement for the transaction's seals, in chain order

    def upgrade(self, revision: str = "head") -> None:
        """Bring the schema to a revision (the newest by default); a no-op when it is already there."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, revision)

    def revision(self) -> str | None:
        """The schema revision the database is at, or None for an empty database."""
        from alembic.runtime.migration import MigrationContext

        with self.engine.connect() as connection:
            return MigrationContext.configure(connection).get_current_revision()

    def readiness(self) -> str:
        """'ready' when the database answers and is at the newest schema; else what is wrong, in a few words (no
        connection details: the answer is public, for a load balancer)."""
        from sqlalchemy.exc import SQLAlchemyError

        try:
            current = self.revision()
        except SQLAlchemyError:
            return "the database does not answer"
        head = newest_revision()
        return "ready" if current == head else f"the schema is at {current or 'nothing'}, not {head}"

    @staticmethod
    def _event(
        session: Session, actor: str, action: str, submission_id: int | None, moves_to: str | None = None,
        **detail: Any,
    ) -> None:
        """Record an event; ``moves_to``: the status it moves its filing to, written (flushed) before the status
        itself, which the database refuses to change without such an event (revision 0005)."""
        event = Event(
            at=now(),
            actor=actor,
            action=action,
            submission_id=submission_id,
            detail=json.dumps(detail, sort_keys=True, ensure_ascii=False, default=str),
            status=moves_to,
        )
        session.add(event)
        if moves_to is not None:
            session.flush()
            # A conflict found after this (the status update) names the change someone else made, not this one.
            session.info.setdefault("own_events", []).append(event.id)

    # -- integrity ------------------------------------------------------------------------------------------

    def verify(self) -> Any:
        """Check that every sealed row is what was written (its digest against its seal, the seals' chain), that
        every submission's original bytes match their SHA-256, and every review download its own: a
        :class:`seals.Verification` naming each row or seal that is not intact."""
        from pacomply.workspace import seals
        from pacomply.workspace.models import Base

        checked: dict[str, int] = {}
        with self.engine.connect() as connection:
            chain = connection.execute(
                select(Seal.id, Seal.kind, Seal.row_id, Seal.sha256, Seal.chain).order_by(Seal.id)
            )
            expected, problems = seals.check_chain((row[0], row[1], row[2], row[3], row[4]) for row in chain)
            for kind in seals.SEALED_TABLES:
                table = Base.metadata.tables[kind]
                rows = connection.execution_options(yield_per=200).execute(select(table).order_by(table.c.id))
                checked[kind], found = seals.check_rows(kind, rows.mappings(), expected)
                problems.extend(found)
            for kind, row_id in sorted(expected):  # a seal of a table that is not sealed: a seal forged
                problems.append(seals.Problem(f"seal of {kind} row {row_id}", "names no sealed table"))
            for name, statement in (
                ("submissions", select(Submission.id, Submission.sha256, Submission.content).order_by(Submission.id)),
                ("review_renderings", select(
                    ReviewRendering.review_id, ReviewRendering.sha256, ReviewRendering.content
                ).order_by(ReviewRendering.review_id, ReviewRendering.kind)),
            ):
                checked[name] = 0
                for row_id, digest, content in connection.execution_options(yield_per=50).execute(statement):
                    checked[name] += 1
                    if hashlib.sha256(content or b"").hexdigest() != digest:
                        where = f"submission {row_id}" if name == "submissions" else f"download of review {row_id}"
                        problems.append(seals.Problem(where, "its bytes no longer match their SHA-256"))
        return seals.Verification(checked, tuple(problems))


@dataclass(frozen=True, slots=True)
class DispositionRequest:
    """One finding's disposition as a reviewer sent it."""

    finding: str
    decision: str
    note: str = ""
    board_reference: str = ""
    seen_sequence: int | None = None
    """The finding's version as the sender saw it (how many dispositions it had); None: not sent."""
