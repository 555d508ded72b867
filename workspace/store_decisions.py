"""The store's decisions on a submission: dispositions of findings, sign-offs and countersignatures, letters and
re-review requests, with the submission's events."""


from __future__ import annotations

from typing import Any

from pacomply.workspace.models import (
    FINAL_STATUSES,
    Decision,
    Disposition,
    Event,
    Letter,
    LetterKind,
    ReviewRecord,
    Role,
    SignOff,
    Status,
    Submission,
    User,
)
from pacomply.workspace.store_common import (
    APPROVING,
    BOARD_REFERENCE,
    Conflict,
    DispositionRequest,
    Forbidden,
    NotFound,
    WorkspaceError,
    _rows_changed,
    _utc,
    finding_key,
    now,
)
from pacomply.workspace.store_submissions import SubmissionStore
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, selectinload


class DecisionStore(SubmissionStore):
    """Dispositions, sign-offs, letters and re-reviews of a submission."""

    def dispositions(self, submission_id: int) -> dict[str, Disposition]:
        """The standing disposition of each finding (the latest row for its key)."""
        with self.session() as session:
            rows = session.scalars(
                select(Disposition)
                .options(selectinload(Disposition.user))
                .where(Disposition.submission_id == submission_id)
                .order_by(Disposition.id)
            )
            return {row.finding_key: row for row in rows}

    def finding_versions(self, submission_id: int) -> dict[str, int]:
        """Each finding's version: how many dispositions it has had (0 for none)."""
        with self.session() as session:
            return self._standing(session, submission_id)[1]

    def signoffs(self, submission_id: int) -> list[SignOff]:
        with self.session() as session:
            return list(
                session.scalars(
                    select(SignOff)
                    .options(selectinload(SignOff.user))
                    .where(SignOff.submission_id == submission_id)
                    .order_by(SignOff.id)
                )
            )

    def events(self, submission_id: int) -> list[Event]:
        """The audit trail of a submission, oldest first."""
        with self.session() as session:
            return list(session.scalars(select(Event).where(Event.submission_id == submission_id).order_by(Event.id)))

    @staticmethod
    def _standing(session: Session, submission_id: int) -> tuple[dict[str, Disposition], dict[str, int]]:
        """Each finding's standing disposition and its version (how many dispositions it has had)."""
        standing: dict[str, Disposition] = {}
        counts: dict[str, int] = {}
        rows = session.scalars(
            select(Disposition).where(Disposition.submission_id == submission_id).order_by(Disposition.id)
        )
        for row in rows:
            standing[row.finding_key] = row
            counts[row.finding_key] = counts.get(row.finding_key, 0) + 1
        return standing, counts

    @staticmethod
    def unresolved_errors(document: dict[str, Any], standing: dict[str, Any]) -> list[dict[str, Any]]:
        """The review's errors the Board has not resolved: an error is resolved when waived (with the Board's
        reference) or when a reviewer's dispute of it is upheld by a supervisor; 'agreed' means the licensee
        must correct it."""
        resolved = (Decision.WAIVED.value, Decision.UPHELD.value)
        return [
            finding
            for finding in document.get("findings", [])
            if finding.get("severity") == "error"
            and (standing.get(finding_key(finding)) is None or standing[finding_key(finding)].decision not in resolved)
        ]

    def _validated(self, request: DispositionRequest, user: User) -> DispositionRequest:
        try:
            decision = Decision(request.decision)
        except ValueError:
            raise WorkspaceError(
                f"'{request.decision}' is not a disposition; use 'agreed', 'disputed', 'waived' or 'dispute upheld'"
            ) from None
        note, reference = request.note.strip(), request.board_reference.strip()
        if decision is Decision.DISPUTED and not note:
            raise WorkspaceError("a disputed finding needs a note saying why")
        if decision is Decision.WAIVED and not reference:
            raise WorkspaceError("a waived finding needs the Board's reference for the waiver (§ 601a.4)")
        if decision is Decision.WAIVED and not BOARD_REFERENCE.fullmatch(reference):
            raise WorkspaceError(
                f"'{reference[:60]}' is not a Board reference for a waiver; write it as the Board issued it, e.g. "
                "W-2026-117 or BGO-2026-117 (letters, the year, a number)"
            )
        if decision is Decision.UPHELD and user.role != Role.SUPERVISOR:
            raise Forbidden("only a supervisor upholds a dispute")
        return DispositionRequest(request.finding, decision.value, note, reference, request.seen_sequence)

    def dispose_many(
        self, user: User, submission_id: int, seen_version: int | None, requests: list[DispositionRequest]
    ) -> list[Disposition]:
        """Record decisions about findings of the latest review, all or none.

        Each request carries the version of its finding as the sender saw it (``seen_sequence``), so two
        reviewers may work on different findings at once; without it, the filing's ``seen_version`` is checked
        instead. A change after an approving sign-off withdraws that sign-off (it rested on what was changed)."""
        if not requests:
            raise WorkspaceError("choose a disposition for at least one finding")
        if seen_version is None and any(request.seen_sequence is None for request in requests):
            raise WorkspaceError("the request lacks the filing's version or each finding's version; reload and retry")
        keys = [request.finding for request in requests]
        if len(set(keys)) != len(keys):
            raise WorkspaceError("a finding is named twice in one request")
        requests = [self._validated(request, user) for request in requests]
        try:
            with self.session() as session:
                submission = self._for_action(session, user, submission_id, seen_version)
                record = self._latest_review(session, submission_id)
                present = {finding_key(finding) for finding in self._document(session, record).get("findings", [])}
                standing, counts = self._standing(session, submission_id)
                for request in requests:
                    if request.finding not in present:
                        raise NotFound("that finding is not in the latest review of this filing")
                    if request.seen_sequence is not None and counts.get(request.finding, 0) != request.seen_sequence:
                        latest = standing[request.finding]
                        who = session.get(User, latest.user_id)
                        raise Conflict(
                            f"a finding changed after you opened it ({latest.decision} by "
                            f"{who.username if who else '?'} at {_utc(latest.created_at):%Y-%m-%d %H:%M:%S} UTC); "
                            "nothing you sent was saved. Reload the page, check the change, and act again."
                        )
                    if request.decision == Decision.UPHELD:
                        disputed = standing.get(request.finding)
                        if disputed is None or disputed.decision != Decision.DISPUTED:
                            raise WorkspaceError("only a disputed finding's dispute can be upheld")
                        if disputed.user_id == user.id:
                            raise Forbidden("a dispute is upheld by a supervisor other than the one who disputed")
                status = Status.IN_REVIEW.value if submission.status == Status.RECEIVED else submission.status
                self._withdraw_sign_off(session, user, submission_id)
                made = []
                for index, request in enumerate(requests):
                    disposition = Disposition(
                        submission_id=submission_id,
                        review_id=record.id,
                        finding_key=request.finding,
                        sequence=counts.get(request.finding, 0) + 1,
                        decision=request.decision,
                        note=request.note,
                        board_reference=request.board_reference,
                        user_id=user.id,
                        created_at=now(),
                    )
                    session.add(disposition)
                    made.append(disposition)
                    self._event(
                        session,
                        user.username,
                        "disposition",
                        submission_id,
                        moves_to=status if index == 0 and status != submission.status else None,
                        finding=request.finding,
                        decision=request.decision,
                        note=request.note,
                        board_reference=request.board_reference,
                    )
                session.flush()
                if seen_version is not None:
                    self._advance(session, submission, seen_version, status)
                else:
                    session.execute(
                        update(Submission)
                        .where(Submission.id == submission_id)
                        .values(status=status, version=Submission.version + 1)
                        .execution_options(synchronize_session=False)
                    )
        except IntegrityError:
            raise Conflict(
                "another reviewer recorded a disposition of the same finding at the same moment; nothing you sent "
                "was saved. Reload the page, check the change, and act again."
            ) from None
        return made

    def dispose(
        self,
        user: User,
        submission_id: int,
        seen_version: int | None,
        key: str,
        decision: Decision | str,
        note: str = "",
        board_reference: str = "",
        finding_version: int | None = None,
    ) -> Disposition:
        """Record a decision about one finding of the latest review (see :meth:`dispose_many`)."""
        request = DispositionRequest(key, str(decision), note, board_reference, finding_version)
        return self.dispose_many(user, submission_id, seen_version, [request])[0]

    def _withdraw_sign_off(self, session: Session, user: User, submission_id: int) -> None:
        last = session.scalar(
            select(SignOff).where(SignOff.submission_id == submission_id).order_by(SignOff.id.desc()).limit(1)
        )
        if last is not None and last.kind == "sign-off" and last.decision in APPROVING:
            session.add(
                SignOff(
                    submission_id=submission_id,
                    review_id=last.review_id,
                    kind="withdrawal",
                    decision="withdrawn",
                    note="a disposition changed after the approving sign-off",
                    user_id=user.id,
                    created_at=now(),
                )
            )
            self._event(session, user.username, "sign-off withdrawn", submission_id, signoff=last.id)

    def sign_off(self, user: User, submission_id: int, seen_version: int, decision: str, note: str = "") -> SignOff:
        """A reviewer's sign-off of the latest review.

        'approve': every finding has a disposition and every error is resolved; 'approve in part': every finding
        has a disposition and the errors not resolved are named as not approved; either awaits a supervisor's
        countersignature. 'request changes': a deficiency notice goes to the licensee."""
        if decision not in (*APPROVING, "request changes"):
            raise WorkspaceError("a sign-off is 'approve', 'approve in part' or 'request changes'")
        with self.session() as session:
            submission = self._for_action(session, user, submission_id, seen_version)
            record = self._latest_review(session, submission_id)
            document = self._document(session, record)
            standing, _counts = self._standing(session, submission_id)
            open_findings = [
                finding_key(finding) for finding in document.get("findings", []) if finding_key(finding) not in standing
            ]
            unresolved = [finding_key(finding) for finding in self.unresolved_errors(document, standing)]
            if decision in APPROVING and open_findings:
                raise WorkspaceError(
                    f"{len(open_findings)} finding(s) have no disposition yet; dispose of every finding before "
                    "approving"
                )
            if decision == "approve" and unresolved:
                raise WorkspaceError(
                    f"{len(unresolved)} error(s) are not resolved (waived with the Board's reference, or disputed and "
                    f"the dispute upheld): {'; '.join(unresolved[:5])}{' …' if len(unresolved) > 5 else ''}. "
                    "Sign off 'approve in part', which names them as not approved, or 'request changes'"
                )
            if decision == "approve in part" and not unresolved:
                raise WorkspaceError("every error is resolved; sign off 'approve' (in total)")
            status = Status.IN_REVIEW.value if decision in APPROVING else Status.CHANGES_REQUESTED.value
            detail: dict[str, Any] = {"decision": decision, "review": record.id}
            if decision != "approve":
                detail["not_approved"] = unresolved
            moves_to = status if status != submission.status else None
            self._event(session, user.username, "sign-off", submission_id, moves_to=moves_to, **detail)
            self._advance(session, submission, seen_version, status)
            signoff = SignOff(
                submission_id=submission_id,
                review_id=record.id,
                kind="sign-off",
                decision=decision,
                note=note.strip(),
                user_id=user.id,
                created_at=now(),
            )
            session.add(signoff)
            if decision == "request changes":
                self._letter(session, user, submission, record, document, standing, LetterKind.DEFICIENCY_NOTICE)
        return signoff

    def countersign(self, user: User, submission_id: int, seen_version: int, note: str = "") -> SignOff:
        """A supervisor's countersignature of an approving sign-off by someone else: the filing is approved (in
        total or in part), its decision letter is made, and it no longer changes."""
        if user.role != Role.SUPERVISOR:
            raise Forbidden("only a supervisor countersigns")
        with self.session() as session:
            submission = self._for_action(session, user, submission_id, seen_version)
            record = self._latest_review(session, submission_id)
            last = session.scalar(
                select(SignOff).where(SignOff.submission_id == submission_id).order_by(SignOff.id.desc()).limit(1)
            )
            if last is None or last.kind != "sign-off" or last.decision not in APPROVING or last.review_id != record.id:
                raise WorkspaceError("there is no standing approving sign-off of the latest review to countersign")
            if last.user_id == user.id:
                raise Forbidden("a countersignature must come from someone other than the reviewer who signed off")
            document = self._document(session, record)
            standing, _counts = self._standing(session, submission_id)
            unresolved = self.unresolved_errors(document, standing)
            if last.decision == "approve" and unresolved:
                raise WorkspaceError("an error is not resolved; the sign-off cannot be countersigned as an approval")
            final = Status.APPROVED if last.decision == "approve" else Status.APPROVED_IN_PART
            self._event(
                session, user.username, "countersign", submission_id, moves_to=final.value, review=record.id,
                decision=last.decision,
            )
            self._advance(session, submission, seen_version, final.value)
            signoff = SignOff(
                submission_id=submission_id,
                review_id=record.id,
                kind="countersignature",
                decision=last.decision,
                note=note.strip(),
                user_id=user.id,
                created_at=now(),
            )
            session.add(signoff)
            kind = LetterKind.APPROVAL if final is Status.APPROVED else LetterKind.APPROVAL_IN_PART
            self._letter(session, user, submission, record, document, standing, kind)
        return signoff

    def _letter(
        self,
        session: Session,
        user: User,
        submission: Submission,
        record: ReviewRecord,
        document: dict[str, Any],
        standing: dict[str, Disposition],
        kind: LetterKind,
    ) -> None:
        from pacomply.workspace.letters import LetterFinding, render_letter

        unresolved = {finding_key(finding) for finding in self.unresolved_errors(document, standing)}
        cited = []
        for finding in document.get("findings", []):
            key = finding_key(finding)
            disposition = standing.get(key)
            if key in unresolved:
                outcome = "to be corrected"
            elif disposition is not None and disposition.decision == Decision.WAIVED:
                outcome = f"waived ({disposition.board_reference})"
            elif disposition is not None and disposition.decision == Decision.UPHELD:
                outcome = "withdrawn by the Board"
            else:
                continue
            cited.append(LetterFinding.from_json(finding, outcome))
        moment = now()
        session.flush()
        pdf = render_letter(
            kind=kind,
            submission_id=submission.id,
            licensee=submission.licensee,
            file_name=submission.original_name,
            sha256=submission.sha256,
            chapters=[chapter.chapter for chapter in submission.chapters],
            date_filed=submission.date_filed,
            review_id=record.id,
            verdict=str(document.get("verdict", {}).get("summary", "")),
            findings=cited,
            issued=moment,
        )
        letter = Letter(
            submission_id=submission.id, review_id=record.id, kind=kind.value, created_at=moment, user_id=user.id,
            pdf=pdf,
        )
        session.add(letter)
        session.flush()
        self._event(session, user.username, "letter", submission.id, kind=kind.value, letter=letter.id,
                    findings=len(cited))

    def letters(self, submission_id: int) -> list[Letter]:
        """A submission's decision letters, newest first (without their PDFs)."""
        with self.session() as session:
            return list(
                session.scalars(select(Letter).where(Letter.submission_id == submission_id).order_by(Letter.id.desc()))
            )

    def letter_pdf(self, submission_id: int, letter_id: int) -> tuple[Letter, bytes]:
        with self.session() as session:
            row = session.execute(
                select(Letter, Letter.pdf).where(Letter.id == letter_id, Letter.submission_id == submission_id)
            ).first()
        if row is None:
            raise NotFound("there is no such letter for this filing")
        return row[0], row[1]

    def request_rereview(self, user: User, submission_id: int, seen_version: int) -> tuple[str, bytes]:
        """Mark a submission for a new review run (the worker adds a review row); its name and bytes. Refused
        while a review is pending and once the filing is approved (the countersigned review stays the latest)."""
        if user.role not in (Role.REVIEWER, Role.SUPERVISOR, Role.ADMIN):
            raise Forbidden("only the Board's staff re-run a review")
        with self.session() as session:
            submission = session.get(Submission, submission_id)
            if submission is None:
                raise NotFound(f"there is no filing {submission_id}")
            if submission.status in FINAL_STATUSES:
                raise WorkspaceError(
                    f"this filing is {submission.status}; its countersigned review stays the latest. A change comes "
                    "as a new submission"
                )
            if submission.review_state == "pending":
                raise WorkspaceError("a review of this filing is already under way")
            changed = _rows_changed(session.execute(
                update(Submission)
                .where(
                    Submission.id == submission_id,
                    Submission.version == seen_version,
                    Submission.review_state != "pending",
                    Submission.status.not_in([item.value for item in FINAL_STATUSES]),
                )
                .values(
                    review_state="pending", review_attempts=0, version=Submission.version + 1, queued_at=now(),
                    claimed_by=None, claim_expires_at=None,
                )
                .execution_options(synchronize_session=False)
            ))
            if changed != 1:
                self._conflict(session, submission_id)
            self._event(session, user.username, "re-review requested", submission_id)
            content = session.scalar(select(Submission.content).where(Submission.id == submission_id))
            if content is None:
                raise WorkspaceError(f"submission {submission_id} has no stored file")
            return submission.original_name, content
