"""What the store does for several servers sharing one database: the queue of pending reviews with its claims and
their leases, renewal and release, background renderings' claims, the servers' heartbeats, ``pacomply store status``
and the deployment's settings (its session-signing key)."""


from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from pacomply.workspace.models import (
    RenderingClaim,
    Server,
    Submission,
    WorkspaceSetting,
)
from pacomply.workspace.store_common import (
    REVIEW_LEASE,
    SERVERS_RECENT,
    ClaimLost,
    ServerStatus,
    StoreBase,
    StoreStatus,
    _rows_changed,
    _utc,
    now,
)
from sqlalchemy import Select, delete, func, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session


class ClaimStore(StoreBase):
    """Claims on pending reviews and renderings among several servers, their status, and the deployment's settings."""

    # -- several servers: claims, heartbeats, the deployment's settings ----------------------------------------

    @staticmethod
    def _write_lock(session: Session) -> None:
        """On SQLite, take the database's write lock before the transaction reads (``BEGIN IMMEDIATE``), so what it
        reads and what it writes are one step; PostgreSQL locks rows instead."""
        connection = session.connection()
        if connection.dialect.name == "sqlite":
            connection.exec_driver_sql("BEGIN IMMEDIATE")

    def _upsert(self, session: Session, model: Any, values: dict[str, Any], keys: list[str], changes: dict[str, Any],
                where: Any = None) -> bool:
        """INSERT a row, or on a key conflict UPDATE it with ``changes`` where ``where`` holds (one statement, so
        the database's row lock decides between servers); whether a row was written."""
        from sqlalchemy.dialects import postgresql, sqlite

        dialect_insert: Any = postgresql.insert if session.connection().dialect.name == "postgresql" else sqlite.insert
        statement = dialect_insert(model).values(**values)
        statement = statement.on_conflict_do_update(index_elements=keys, set_=changes, where=where)
        first_key = getattr(model, keys[0])
        return session.execute(statement.returning(first_key)).first() is not None

    def pending_reviews(self, exclude: Iterable[int] = ()) -> list[tuple[int, str, bytes]]:
        """Submissions waiting for a review, oldest first: the durable queue, read at start-up and whenever the
        review processes are rebuilt (``exclude``: those already handed to a process)."""
        statement = select(Submission.id, Submission.original_name, Submission.content).where(
            Submission.review_state == "pending"
        )
        excluded = list(exclude)
        if excluded:
            statement = statement.where(Submission.id.not_in(excluded))
        with self.session() as session:
            rows = session.execute(statement.order_by(Submission.id))
            return [(row[0], row[1], row[2]) for row in rows]

    def pending_content(self, submission_id: int) -> tuple[str, bytes] | None:
        """A submission's name and bytes while its review is pending, else None."""
        with self.session() as session:
            row = session.execute(
                select(Submission.original_name, Submission.content).where(
                    Submission.id == submission_id, Submission.review_state == "pending"
                )
            ).first()
        return (row[0], row[1]) if row else None

    @staticmethod
    def _free_for(claimant: str, moment: datetime) -> Any:
        """A pending review nobody holds: unclaimed, its lease expired, or already this claimant's."""
        return or_(
            Submission.claimed_by.is_(None), Submission.claim_expires_at < moment, Submission.claimed_by == claimant
        )

    @classmethod
    def _release_review(cls, session: Session, submission_id: int, claimant: str | None) -> None:
        """Check, in the recording transaction, that ``claimant`` still holds the pending review (its row locked
        until the transaction ends); :class:`ClaimLost` otherwise. Nothing is checked without a claimant (a
        review recorded directly, as ``store add`` and the tests do)."""
        if submission_id not in cls._held_reviews(session, [submission_id], claimant):
            raise ClaimLost.of(submission_id)

    @staticmethod
    def _held_reviews(session: Session, submission_ids: Iterable[int], claimant: str | None) -> set[int]:
        """Of ``submission_ids``, those ``claimant`` still holds pending, read in one query with their rows locked
        until the transaction ends (every one without a claimant: a review recorded directly, as ``store add`` and
        the tests do)."""
        wanted = sorted(set(submission_ids))
        if claimant is None:
            return set(wanted)
        return set(session.scalars(_pending_held_by(claimant).where(Submission.id.in_(wanted))))

    def claim_review(self, submission_id: int, claimant: str, lease: timedelta = REVIEW_LEASE) -> bool:
        """Claim one pending review for ``claimant`` until ``lease`` from now; False when it is not pending or
        another server holds it. One UPDATE: the database's row lock decides between servers claiming at once."""
        moment = now()
        with self.session() as session:
            changed = _rows_changed(session.execute(
                update(Submission)
                .where(
                    Submission.id == submission_id,
                    Submission.review_state == "pending",
                    self._free_for(claimant, moment),
                )
                .values(claimed_by=claimant, claim_expires_at=moment + lease)
                .execution_options(synchronize_session=False)
            ))
        return changed == 1

    def claim_reviews(
        self, claimant: str, limit: int, lease: timedelta = REVIEW_LEASE, exclude: Iterable[int] = ()
    ) -> list[tuple[int, str, bytes]]:
        """Claim up to ``limit`` pending reviews nobody holds (unclaimed, or their lease expired), oldest first, for
        ``claimant`` until ``lease`` from now; their ids, names and bytes (``exclude``: those this server already
        runs). On PostgreSQL the rows are read ``FOR UPDATE SKIP LOCKED``, so servers claiming at once each take
        other rows and none waits on another; on SQLite the transaction holds the database's write lock."""
        moment = now()
        excluded = list(exclude)
        statement = select(Submission.id).where(Submission.review_state == "pending", self._free_for(claimant, moment))
        if excluded:
            statement = statement.where(Submission.id.not_in(excluded))
        with self.session() as session:  # a look without a lock first: most looks find nothing free
            if session.scalar(statement.limit(1)) is None:
                return []
        statement = statement.order_by(Submission.id).limit(max(0, limit)).with_for_update(skip_locked=True)
        with self.session() as session:
            self._write_lock(session)
            ids = list(session.scalars(statement))
            if not ids:
                return []
            session.execute(
                update(Submission)
                .where(Submission.id.in_(ids))
                .values(claimed_by=claimant, claim_expires_at=moment + lease)
                .execution_options(synchronize_session=False)
            )
            rows = session.execute(
                select(Submission.id, Submission.original_name, Submission.content)
                .where(Submission.id.in_(ids))
                .order_by(Submission.id)
            )
            return [(row[0], row[1], row[2]) for row in rows]

    def renew_claims(self, claimant: str, lease: timedelta = REVIEW_LEASE) -> int:
        """Extend every claim ``claimant`` still holds (reviews pending, renderings) to ``lease`` from now; how many
        reviews it holds. A claim another server has taken over is not renewed."""
        moment = now()
        with self.session() as session:
            ids = self._lock_claimed(session, claimant)
            held = _rows_changed(session.execute(
                update(Submission)
                .where(Submission.id.in_(ids))
                .values(claim_expires_at=moment + lease)
                .execution_options(synchronize_session=False)
            )) if ids else 0
            session.execute(
                update(RenderingClaim)
                .where(RenderingClaim.claimed_by == claimant)
                .values(expires_at=moment + lease)
                .execution_options(synchronize_session=False)
            )
        return held

    @staticmethod
    def _lock_claimed(session: Session, claimant: str) -> list[int]:
        """The pending reviews ``claimant`` holds, their rows locked in the order of their ids, as the recorder of
        reviews locks its batch (:meth:`_held_reviews`): an UPDATE alone would lock them in the order it finds them,
        and two transactions each holding a row the other wants deadlock on PostgreSQL."""
        return list(session.scalars(_pending_held_by(claimant)))

    def release_claims(self, claimant: str) -> int:
        """Give up every claim of ``claimant`` (a server stopping): its pending reviews are at once free for another
        server; how many. The server's heartbeat row goes with them."""
        with self.session() as session:
            ids = self._lock_claimed(session, claimant)
            released = _rows_changed(session.execute(
                update(Submission)
                .where(Submission.id.in_(ids))
                .values(claimed_by=None, claim_expires_at=None)
                .execution_options(synchronize_session=False)
            )) if ids else 0
            session.execute(delete(RenderingClaim).where(RenderingClaim.claimed_by == claimant))
            session.execute(delete(Server).where(Server.id == claimant))
        return released

    def claim_rendering(self, review_id: int, claimant: str, lease: timedelta = REVIEW_LEASE) -> bool:
        """Claim the background rendering of a sealed review's downloads for ``claimant``; False while another
        server holds it."""
        moment = now()
        with self.session() as session:
            return self._upsert(
                session, RenderingClaim,
                {"review_id": review_id, "claimed_by": claimant, "expires_at": moment + lease},
                ["review_id"],
                {"claimed_by": claimant, "expires_at": moment + lease},
                where=or_(RenderingClaim.expires_at < moment, RenderingClaim.claimed_by == claimant),
            )

    def release_rendering(self, review_id: int, claimant: str) -> None:
        """Give up a rendering's claim (made, or given up: a download makes it when first asked)."""
        with self.session() as session:
            session.execute(
                delete(RenderingClaim).where(
                    RenderingClaim.review_id == review_id, RenderingClaim.claimed_by == claimant
                )
            )

    def heartbeat(self, server_id: str, host: str, pid: int, started_at: datetime) -> None:
        """Record that a server is running (``pacomply store status`` lists the servers seen recently); servers not
        seen for a day are forgotten."""
        moment = now()
        with self.session() as session:
            self._upsert(
                session, Server,
                {"id": server_id, "host": host[:255], "pid": pid, "started_at": started_at, "seen_at": moment},
                ["id"], {"seen_at": moment},
            )
            session.execute(delete(Server).where(Server.seen_at < moment - timedelta(days=1)))

    def other_servers(self, server_id: str, recent: timedelta = SERVERS_RECENT) -> list[Server]:
        """The servers other than ``server_id`` seen within ``recent``."""
        with self.session() as session:
            return list(session.scalars(
                select(Server).where(Server.id != server_id, Server.seen_at >= now() - recent).order_by(Server.id)
            ))

    def status(self, recent: timedelta = SERVERS_RECENT) -> StoreStatus:
        """The servers seen within ``recent`` and the claims each holds, and the review queue: its length, the
        pending reviews nobody holds, the claims whose lease has expired, and the oldest wait."""
        moment = now()
        with self.session() as session:
            held: dict[str, int] = {str(claimant): count for claimant, count in session.execute(
                select(Submission.claimed_by, func.count())
                .where(Submission.review_state == "pending", Submission.claimed_by.is_not(None))
                .group_by(Submission.claimed_by)
            ).all()}
            rendering: dict[str, int] = dict(session.execute(
                select(RenderingClaim.claimed_by, func.count()).group_by(RenderingClaim.claimed_by)
            ).all())
            servers = [
                ServerStatus(
                    row.id, row.host, row.pid, _utc(row.started_at), _utc(row.seen_at), int(held.get(row.id, 0)),
                    int(rendering.get(row.id, 0)),
                )
                for row in session.scalars(select(Server).where(Server.seen_at >= moment - recent).order_by(Server.id))
            ]
            pending = session.scalar(
                select(func.count()).select_from(Submission).where(Submission.review_state == "pending")
            ) or 0
            unclaimed = session.scalar(
                select(func.count()).select_from(Submission).where(
                    Submission.review_state == "pending", Submission.claimed_by.is_(None)
                )
            ) or 0
            expired = session.scalar(
                select(func.count()).select_from(Submission).where(
                    Submission.review_state == "pending", Submission.claimed_by.is_not(None),
                    Submission.claim_expires_at < moment,
                )
            ) or 0
            oldest = session.scalar(
                select(func.min(func.coalesce(Submission.queued_at, Submission.uploaded_at))).where(
                    Submission.review_state == "pending"
                )
            )
            dialect = session.connection().dialect.name
        return StoreStatus(
            database=dialect,
            checked_at=moment,
            servers=tuple(servers),
            pending=int(pending),
            unclaimed=int(unclaimed),
            expired=int(expired),
            oldest_wait=(moment - _utc(oldest)) if oldest is not None else None,
        )

    def deployment_setting(self, name: str, make: Any) -> str:
        """A value made once for the whole deployment and kept in the database (``make()`` makes it when there is
        none yet): every server reads the same one, whichever made it first."""
        with self.session() as session:
            found = session.get(WorkspaceSetting, name)
            if found is not None:
                return found.value
        try:
            with self.session() as session:
                session.add(WorkspaceSetting(name=name, value=str(make())))
        except IntegrityError:
            pass  # another server made it at the same moment: its value stands
        with self.session() as session:
            return session.get(WorkspaceSetting, name).value  # type: ignore[union-attr]


def _pending_held_by(claimant: str) -> Select[int]:
    """The ids of the pending reviews ``claimant`` holds, in id order, their rows locked until the transaction ends:
    every transaction that locks claimed rows locks them in this one order, so two never deadlock."""
    return (
        select(Submission.id)
        .where(Submission.claimed_by == claimant, Submission.review_state == "pending")
        .order_by(Submission.id)
        .with_for_update()
    )
