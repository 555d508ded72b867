"""The store's submissions and their reviews: uploads, review attempts and results, the queue page, assignment,
downloads and renderings, and the checks shared by every action on a submission."""


from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from datetime import date, timedelta
from typing import Any, ClassVar

from pacomply.submissions import Filing
from pacomply.workspace.models import (
    FINAL_STATUSES,
    Event,
    RenderingClaim,
    ReviewRecord,
    ReviewRendering,
    Role,
    Status,
    Submission,
    SubmissionChapter,
    User,
)
from pacomply.workspace.reviewing import StoredReview
from pacomply.workspace.store_accounts import AccountStore
from pacomply.workspace.store_claims import ClaimStore
from pacomply.workspace.store_common import (
    MAX_PENDING_PER_ACCOUNT,
    MAX_TABLES,
    REVIEW_LEASE,
    ClaimLost,
    Conflict,
    Forbidden,
    NotFound,
    QueuePage,
    QuotaExceeded,
    TooLarge,
    WorkspaceError,
    _rows_changed,
    _utc,
    board_today,
    due_date,
    now,
)
from sqlalchemy import func, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, selectinload


class SubmissionStore(AccountStore, ClaimStore):
    """Submissions, their reviews and renderings, and the queue."""

    # -- submissions ----------------------------------------------------------------------------------------

    @staticmethod
    def _lock_account(session: Session, user_id: int) -> None:
        """Hold the account's lock until the transaction ends, so that what it counts (its reviews waiting) and
        what it inserts are one step against every other upload of the account: on PostgreSQL a row lock on the
        account (``SELECT ... FOR UPDATE``); on SQLite, which locks the whole database, the transaction takes the
        write lock before it reads (``BEGIN IMMEDIATE``), so no two uploads count the same waiting reviews."""
        connection = session.connection()
        if connection.dialect.name == "sqlite":
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        else:
            session.execute(select(User.id).where(User.id == user_id).with_for_update())

    @staticmethod
    def _visible(statement: Any, user: User) -> Any:
        if user.role == Role.LICENSEE:
            return statement.where(Submission.licensee == user.licensee)
        return statement

    def add_submission(
        self,
        name: str,
        data: bytes,
        filing: Filing,
        user: User | None,
        actor: str,
        max_tables: int = MAX_TABLES,
        max_pending: int = MAX_PENDING_PER_ACCOUNT,
        claimant: str | None = None,
        lease: timedelta = REVIEW_LEASE,
        handed_out: bool = False,
    ) -> Submission:
        """Store an upload that has been read (its review comes later, from the worker). Refused, with nothing
        stored, when the filing lists more than ``max_tables`` tables or the uploader already has
        ``max_pending`` reviews waiting. ``claimant``: the server (or command) that reviews it, claimed with the
        row for ``lease`` (:meth:`claim_review`), so no other server takes it meanwhile. ``handed_out``: the
        claimant hands it to a review process at once, so its first attempt is counted with the row
        (:meth:`start_review_attempt` in the same write)."""
        if user is not None and user.role == Role.LICENSEE and filing.metadata.licensee != user.licensee:
            raise Forbidden(
                f"this filing is for '{filing.metadata.licensee}'; your account files for '{user.licensee}' only"
            )
        if len(filing.tables) > max_tables:
            raise TooLarge(
                f"this filing lists {len(filing.tables):,} tables; the workspace reviews at most {max_tables} in one "
                "filing. Split it into several filings; nothing was stored"
            )
        if "\x00" in filing.metadata.licensee:
            raise WorkspaceError("the filing's licensee name holds a NUL character; nothing was stored")
        digest = hashlib.sha256(data).hexdigest()
        received = now()
        with self.session() as session:
            if user is not None:
                self._lock_account(session, user.id)
                waiting = session.scalar(
                    select(func.count()).select_from(Submission).where(
                        Submission.uploaded_by_id == user.id, Submission.review_state == "pending"
                    )
                )
                if (waiting or 0) >= max_pending:
                    raise self._over_quota(waiting or 0, max_pending)
            submission = Submission(
                original_name=name,
                sha256=digest,
                size=len(data),
                content=data,
                licensee=filing.metadata.licensee,
                date_filed=filing.metadata.date_filed,
                uploaded_at=received,
                uploaded_by_id=user.id if user is not None else None,
                status=Status.RECEIVED.value,
                review_state="pending",
                version=1,
                due_date=due_date(received),
                review_attempts=1 if handed_out and claimant is not None else 0,
                queued_at=received,
                claimed_by=claimant,
                claim_expires_at=received + lease if claimant is not None else None,
                chapters=[SubmissionChapter(chapter=chapter) for chapter in filing.filed_chapters],
                assigned_to=None,  # known, so the row answers without another query once the transaction ends
            )
            session.add(submission)
            session.flush()
            self._event(session, actor, "upload", submission.id, file=name, sha256=digest, size=len(data))
        return submission

    @staticmethod
    def _over_quota(waiting: int, max_pending: int) -> QuotaExceeded:
        return QuotaExceeded(
            f"you have {waiting} filings waiting for their review; the workspace takes at most {max_pending} from "
            "one account at a time. Upload this one when one of them is reviewed; nothing was stored"
        )

    def check_quota(self, user: User, max_pending: int = MAX_PENDING_PER_ACCOUNT, **_other: int) -> None:
        """Refuse an upload at once, before its bytes are read, when the account already has ``max_pending``
        reviews waiting (a count without a lock: :meth:`add_submission` counts again under one and decides)."""
        with self.session() as session:
            waiting = session.scalar(
                select(func.count()).select_from(Submission).where(
                    Submission.uploaded_by_id == user.id, Submission.review_state == "pending"
                )
            ) or 0
        if waiting >= max_pending:
            raise self._over_quota(waiting, max_pending)

    def start_review_attempt(self, submission_id: int) -> int:
        """Count one more attempt at reviewing a submission (made when it is handed to a review process); the
        count so far."""
        with self.session() as session:
            session.execute(
                update(Submission)
                .where(Submission.id == submission_id)
                .values(review_attempts=Submission.review_attempts + 1)
                .execution_options(synchronize_session=False)
            )
            return int(session.scalar(select(Submission.review_attempts).where(Submission.id == submission_id)) or 0)

    def record_review_interrupted(self, submission_id: int, attempt: int, problem: str) -> None:
        """A review process ended under a review (killed, out of memory); it is queued again."""
        with self.session() as session:
            self._event(session, "pacomply", "review interrupted", submission_id, attempt=attempt, problem=problem)

    def record_review(
        self, submission_id: int, stored: StoredReview, actor: str, claimant: str | None = None
    ) -> ReviewRecord:
        """Keep a review run (a re-run adds a row; earlier ones stay) and release its claim. ``claimant``: the
        server that claimed the review; :class:`ClaimLost`, with nothing written, when the review is no longer
        pending under its claim (another server took it over after the lease expired)."""
        record = self.record_reviews([(submission_id, stored, actor)], claimant)[submission_id]
        if record is None:
            raise ClaimLost.of(submission_id)
        return record

    def record_reviews(
        self, reviews: Sequence[tuple[int, StoredReview, str]], claimant: str | None = None
    ) -> dict[int, ReviewRecord | None]:
        """Keep several finished reviews (submission, review, who it ran for) in one transaction, sealed in one
        pass: what :meth:`record_review` does for one, each review's rows and event as if recorded alone. A review
        no longer pending under ``claimant``'s claim (another server took it over) is left out, with nothing of it
        written: None for it in the answer, its record for every other."""
        with self.session() as session:
            self._write_lock(session)  # SQLite: the claims read and the rows written are one step
            ids = [submission_id for submission_id, _stored, _actor in reviews]
            held = self._held_reviews(session, ids, claimant)
            # The first review moves no version: nobody could act on the filing before it (every action needs a
            # finished review), so a first upload stays "version 1". A later review moves it, so an action sent
            # from a page showing the earlier review is refused instead of applied to findings its sender never saw.
            earlier = set(session.scalars(
                select(ReviewRecord.submission_id).where(ReviewRecord.submission_id.in_(held)).distinct()
            )) if held else set()
            moment = now()
            kept: dict[int, ReviewRecord | None] = dict.fromkeys(ids)
            for submission_id, stored, _actor in reviews:
                if submission_id in held and kept[submission_id] is None:
                    kept[submission_id] = ReviewRecord(
                        submission_id=submission_id,
                        created_at=moment,
                        tool_version=stored.tool_version,
                        rulebooks=json.dumps(list(stored.rulebooks), sort_keys=True),
                        compliant=stored.compliant,
                        summary=stored.summary,
                        document=stored.text,
                        pdf=stored.pdf,
                        xlsx=stored.xlsx,
                    )
            session.add_all([record for record in kept.values() if record is not None])
            session.flush()
            for moves, group in ((1, sorted(held & earlier)), (0, sorted(held - earlier))):
                if group:
                    session.execute(
                        update(Submission)
                        .where(Submission.id.in_(group))
                        .values(
                            review_state="done",
                            review_problem=None,
                            review_attempts=0,
                            version=Submission.version + moves,
                            claimed_by=None,
                            claim_expires_at=None,
                        )
                        .execution_options(synchronize_session=False)
                    )
            evented: set[int] = set()
            for submission_id, stored, actor in reviews:
                record = kept[submission_id]
                if record is None or submission_id in evented:
                    continue
                evented.add(submission_id)
                # A document reused from an earlier review of the same bytes, name, date and configuration says so.
                reused: dict[str, Any] = {"reused": True} if stored.reused else {}
                self._event(
                    session,
                    actor,
                    "review",
                    submission_id,
                    review=record.id,
                    verdict=record.summary,
                    pacomply=record.tool_version,
                    rulebooks=[f"{book['chapter']} {book['version']}" for book in stored.rulebooks],
                    **reused,
                )
        return kept

    def record_review_failure(
        self, submission_id: int, problem: str, actor: str, claimant: str | None = None
    ) -> None:
        """A review that could not be made: kept visible on the filing page, never shown as a verdict. Its claim
        is released; ``claimant`` as for :meth:`record_review`."""
        with self.session() as session:
            self._release_review(session, submission_id, claimant)
            session.execute(
                update(Submission)
                .where(Submission.id == submission_id)
                .values(
                    review_state="failed", review_problem=problem, review_attempts=0, version=Submission.version + 1,
                    claimed_by=None, claim_expires_at=None,
                )
            )
            self._event(session, actor, "review failed", submission_id, problem=problem)

    SORTS: ClassVar[dict[str, Any]] = {
        "uploaded": Submission.uploaded_at,
        "id": Submission.id,
        "licensee": Submission.licensee,
        "filed": Submission.date_filed,
        "due": Submission.due_date,
        "status": Submission.status,
    }
    """The queue's sortable columns."""

    def queue(
        self,
        user: User,
        status: str | None = None,
        licensee: str | None = None,
        chapter: str | None = None,
        filed_from: date | None = None,
        filed_to: date | None = None,
        limit: int = 50,
        offset: int = 0,
        reviewer: str | None = None,
        text: str | None = None,
        overdue: bool = False,
        sort: str = "uploaded",
        descending: bool = True,
        today: date | None = None,
        with_filters: bool = False,
    ) -> QueuePage:
        """The submissions the user may see, filtered, sorted (newest upload first by default).

        ``reviewer``: assigned to that account ('-' for unassigned); ``text``: in the licensee's name or the file
        name; ``overdue``: past its due date and not yet decided. ``with_filters``: the page's filter lists too
        (:attr:`QueuePage.licensees`, and :attr:`QueuePage.reviewers` for staff), read in the same transaction, so
        the queue page costs one transaction beside its session's check rather than three."""
        statement = self._visible(select(Submission), user)
        if status:
            statement = statement.where(Submission.status == status)
        if licensee:
            statement = statement.where(Submission.licensee == licensee)
        if chapter:
            statement = statement.where(
                Submission.id.in_(select(SubmissionChapter.submission_id).where(SubmissionChapter.chapter == chapter))
            )
        if filed_from:
            statement = statement.where(Submission.date_filed >= filed_from)
        if filed_to:
            statement = statement.where(Submission.date_filed <= filed_to)
        if reviewer == "-":
            statement = statement.where(Submission.assigned_to_id.is_(None))
        elif reviewer:
            statement = statement.where(
                Submission.assigned_to_id.in_(select(User.id).where(User.username == reviewer))
            )
        if text:
            pattern = "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
            statement = statement.where(
                or_(
                    Submission.licensee.ilike(pattern, escape="\\"),
                    Submission.original_name.ilike(pattern, escape="\\"),
                )
            )
        if overdue:
            statement = statement.where(
                Submission.due_date < (today or board_today()),
                Submission.status.not_in([item.value for item in FINAL_STATUSES]),
            )
        column = self.SORTS.get(sort, Submission.uploaded_at)
        order = [column.desc() if descending else column.asc(), Submission.id.desc() if descending else Submission.id]
        with self.session() as session:
            total = session.scalar(select(func.count()).select_from(statement.subquery())) or 0
            rows = session.scalars(
                statement.options(selectinload(Submission.chapters), selectinload(Submission.assigned_to))
                .order_by(*order)
                .limit(limit)
                .offset(offset)
            )
            submissions = list(rows)
            verdicts = {
                row[0]: row[1]
                for row in session.execute(
                    select(ReviewRecord.submission_id, ReviewRecord.summary)
                    .where(ReviewRecord.submission_id.in_([submission.id for submission in submissions]))
                    .order_by(ReviewRecord.id)
                )
            }
            if not with_filters:
                return QueuePage(submissions, total, verdicts)
            return QueuePage(
                submissions, total, verdicts, self._licensees(session, user),
                self._reviewers(session) if user.role != Role.LICENSEE else (),
            )

    def assign(self, user: User, submission_id: int, seen_version: int, reviewer: str | None) -> Submission:
        """Assign a filing to a reviewer or supervisor (None: unassign); staff only, an audited change."""
        if user.role not in (Role.REVIEWER, Role.SUPERVISOR, Role.ADMIN):
            raise Forbidden("only the Board's staff assign filings")
        with self.session() as session:
            submission = session.get(Submission, submission_id)
            if submission is None:
                raise NotFound(f"there is no filing {submission_id}")
            target = None
            if reviewer:
                target = session.scalar(select(User).where(User.username == reviewer, User.active.is_(True)))
                if target is None or target.role not in (Role.REVIEWER, Role.SUPERVISOR):
                    raise WorkspaceError(f"'{reviewer}' is not an active reviewer or supervisor")
            changed = _rows_changed(session.execute(
                update(Submission)
                .where(Submission.id == submission_id, Submission.version == seen_version)
                .values(assigned_to_id=target.id if target else None, version=Submission.version + 1)
                .execution_options(synchronize_session=False)
            ))
            if changed != 1:
                self._conflict(session, submission_id)
            self._event(session, user.username, "assigned", submission_id, to=reviewer or None)
        return self.submission(user, submission_id)

    def reviewers(self) -> list[str]:
        """The active reviewers' and supervisors' names (the assignment list)."""
        with self.session() as session:
            return list(self._reviewers(session))

    @staticmethod
    def _reviewers(session: Session) -> tuple[str, ...]:
        return tuple(
            session.scalars(
                select(User.username)
                .where(User.active.is_(True), User.role.in_([Role.REVIEWER.value, Role.SUPERVISOR.value]))
                .order_by(User.username)
            )
        )

    def licensees(self, user: User) -> list[str]:
        """Every licensee with a submission the user may see, sorted (the queue's filter)."""
        with self.session() as session:
            return list(self._licensees(session, user))

    @classmethod
    def _licensees(cls, session: Session, user: User) -> tuple[str, ...]:
        return tuple(sorted(session.scalars(cls._visible(select(Submission.licensee).distinct(), user))))

    def submission(self, user: User, submission_id: int, with_content: bool = False) -> Submission:
        """One submission the user may see; NotFound (not Forbidden) otherwise, so its existence is not told."""
        statement = self._visible(select(Submission).where(Submission.id == submission_id), user)
        statement = statement.options(
            selectinload(Submission.chapters),
            selectinload(Submission.uploaded_by),
            selectinload(Submission.assigned_to),
        )
        if with_content:
            from sqlalchemy.orm import undefer

            statement = statement.options(undefer(Submission.content))
        with self.session() as session:
            submission = session.scalar(statement)
        if submission is None:
            raise NotFound(f"there is no filing {submission_id} you may see")
        return submission

    def reviews(self, submission_id: int) -> list[ReviewRecord]:
        """Every review of a submission, newest first."""
        with self.session() as session:
            return list(
                session.scalars(
                    select(ReviewRecord)
                    .where(ReviewRecord.submission_id == submission_id)
                    .order_by(ReviewRecord.id.desc())
                )
            )

    def review_document(self, review_id: int) -> dict[str, Any]:
        with self.session() as session:
            text = session.scalar(select(ReviewRecord.document).where(ReviewRecord.id == review_id))
        return json.loads(text) if text else {}

    def review_download(self, submission_id: int, kind: str) -> tuple[ReviewRecord, bytes | None]:
        """The latest review and its PDF or workbook (``kind`` 'pdf' or 'xlsx'): sealed with the review (before
        revision 0004), or made after it and sealed in ``review_renderings``; None when not made yet (the caller
        makes it from :meth:`rendering_source` and seals it with :meth:`record_rendering`)."""
        column = ReviewRecord.pdf if kind == "pdf" else ReviewRecord.xlsx
        with self.session() as session:
            row = session.execute(
                select(ReviewRecord, column)
                .where(ReviewRecord.submission_id == submission_id)
                .order_by(ReviewRecord.id.desc())
                .limit(1)
            ).first()
            if row is None:
                raise NotFound("this filing has no review yet")
            record, sealed = row[0], row[1]
            if sealed:
                return record, sealed
            made = session.scalar(
                select(ReviewRendering.content).where(
                    ReviewRendering.review_id == record.id, ReviewRendering.kind == kind
                )
            )
        return record, made

    def rendering_source(self, review_id: int) -> tuple[str, bytes, dict[str, Any]]:
        """What a review's downloads are made from: the submission's name and original bytes, the sealed document."""
        with self.session() as session:
            row = session.execute(
                select(Submission.original_name, Submission.content, ReviewRecord.document)
                .join(ReviewRecord, ReviewRecord.submission_id == Submission.id)
                .where(ReviewRecord.id == review_id)
            ).first()
        if row is None:
            raise NotFound(f"there is no review {review_id}")
        return row[0], row[1], json.loads(row[2])

    def record_rendering(self, review_id: int, kind: str, content: bytes, document_sha256: str) -> bytes:
        """Seal a review's PDF or workbook, made after the review; what is sealed for it (another process may have
        sealed one first: the first stands, and both were made from the same sealed review)."""
        try:
            with self.session() as session:
                session.add(
                    ReviewRendering(
                        review_id=review_id, kind=kind, created_at=now(), document_sha256=document_sha256,
                        sha256=hashlib.sha256(content).hexdigest(), content=content,
                    )
                )
        except IntegrityError:
            pass
        with self.session() as session:
            return session.scalar(  # type: ignore[return-value]
                select(ReviewRendering.content).where(
                    ReviewRendering.review_id == review_id, ReviewRendering.kind == kind
                )
            )

    def reviews_without_renderings(self, limit: int = 1000, unclaimed: bool = False) -> list[int]:
        """The latest review of each filing that was sealed without its PDF and has none made since, oldest
        first (the PDF is made with the workbook, so one stands for both). ``unclaimed``: leave out those a server
        holds a live claim on (making them, or having given up on them until it restarts)."""
        latest = select(func.max(ReviewRecord.id).label("id")).group_by(ReviewRecord.submission_id).subquery()
        made = select(ReviewRendering.review_id).where(ReviewRendering.kind == "pdf")
        statement = (
            select(ReviewRecord.id)
            .join(latest, latest.c.id == ReviewRecord.id)
            .where(ReviewRecord.id.not_in(made), func.length(ReviewRecord.pdf) == 0)
            .order_by(ReviewRecord.id)
            .limit(limit)
        )
        if unclaimed:
            taken = select(RenderingClaim.review_id).where(RenderingClaim.expires_at >= now())
            statement = statement.where(ReviewRecord.id.not_in(taken))
        with self.session() as session:
            return list(session.scalars(statement))

    def history(self, user: User, licensee: str, chapter: str) -> list[Submission]:
        """A licensee's submissions of a chapter, oldest first: the amendments in the order they came."""
        statement = self._visible(
            select(Submission).where(
                Submission.licensee == licensee,
                Submission.id.in_(select(SubmissionChapter.submission_id).where(SubmissionChapter.chapter == chapter)),
            ),
            user,
        ).options(selectinload(Submission.chapters))
        with self.session() as session:
            return list(session.scalars(statement.order_by(Submission.date_filed, Submission.id)))

    # -- decisions ------------------------------------------------------------------------------------------

    def _advance(self, session: Session, submission: Submission, seen_version: int, status: str) -> None:
        changed = _rows_changed(session.execute(
            update(Submission)
            .where(Submission.id == submission.id, Submission.version == seen_version)
            .values(status=status, version=Submission.version + 1)
            .execution_options(synchronize_session=False)
        ))
        if changed != 1:
            self._conflict(session, submission.id)

    @staticmethod
    def _conflict(session: Session, submission_id: int) -> None:
        own = session.info.get("own_events", [])
        latest = session.scalar(
            select(Event)
            .where(Event.submission_id == submission_id, Event.id.not_in(own))
            .order_by(Event.id.desc())
            .limit(1)
        )
        by = f" ({latest.action} by {latest.actor} at {_utc(latest.at):%Y-%m-%d %H:%M:%S} UTC)" if latest else ""
        raise Conflict(
            f"this filing changed after you opened it{by}; nothing you sent was saved. Reload the page, check the "
            "change, and act again."
        )

    def _for_action(
        self, session: Session, user: User, submission_id: int, seen_version: int | None
    ) -> Submission:
        if user.role not in (Role.REVIEWER, Role.SUPERVISOR):
            raise Forbidden("only a reviewer or a supervisor decides on findings and signs off")
        submission = session.get(Submission, submission_id)
        if submission is None:
            raise NotFound(f"there is no filing {submission_id}")
        if seen_version is not None and submission.version != seen_version:
            self._conflict(session, submission_id)
        if submission.review_state != "done":
            raise WorkspaceError("this filing has no finished review; wait for the review to finish")
        if submission.status in FINAL_STATUSES:
            raise WorkspaceError(
                f"this filing is {submission.status} and countersigned; it no longer changes. A change comes as a new "
                "submission from the licensee"
            )
        return submission

    @staticmethod
    def _latest_review(session: Session, submission_id: int) -> ReviewRecord:
        record = session.scalar(
            select(ReviewRecord)
            .where(ReviewRecord.submission_id == submission_id)
            .order_by(ReviewRecord.id.desc())
            .limit(1)
        )
        if record is None:
            raise WorkspaceError("this filing has no review yet")
        return record

    @staticmethod
    def _document(session: Session, record: ReviewRecord) -> dict[str, Any]:
        document = session.scalar(select(ReviewRecord.document).where(ReviewRecord.id == record.id))
        if document is None:
            raise WorkspaceError(f"review {record.id} has no stored document")
        return json.loads(document)
