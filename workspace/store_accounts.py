"""The store's accounts: users and their roles, passwords, sign-ins and their throttle's failures (counted for
every server), and web sessions."""


from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from pacomply.workspace.models import (
    Event,
    Role,
    SignInFailure,
    User,
    WebSession,
)
from pacomply.workspace.passwords import WeakPassword, check_password
from pacomply.workspace.store_common import (
    SESSION_ABSOLUTE,
    SESSION_IDLE,
    SESSION_TOUCH,
    Conflict,
    Forbidden,
    NotFound,
    StoreBase,
    WorkspaceError,
    _utc,
    now,
)
from sqlalchemy import delete, func, insert, or_, select, update
from sqlalchemy.orm import Session

HASH_PARAMETERS: dict[str, Any] = {}
"""Overrides of argon2-cffi's defaults (RFC 9106's low-memory profile) for new hashes; a stored hash carries its
own parameters, so a change here never locks anyone out."""


def _impossible_name(username: str) -> bool:
    """A name no account can have (over 80 characters, or holding a NUL), refused before the database is asked."""
    return len(username) > 80 or "\x00" in username


def _hasher() -> Any:
    from argon2 import PasswordHasher

    return PasswordHasher(**HASH_PARAMETERS)


class AccountStore(StoreBase):
    """Accounts, passwords, sign-ins and web sessions."""

    # -- accounts -------------------------------------------------------------------------------------------

    def add_user(
        self, username: str, password: str, role: Role | str, licensee: str | None = None, actor: str = "cli"
    ) -> User:
        """A new local account; a licensee account must name its licensee (exactly as its filings do)."""
        role = Role(role)
        if not username.strip() or _impossible_name(username):
            raise WorkspaceError("a user name is 1 to 80 characters")
        self._check_password(password, username)
        if role is Role.LICENSEE and not licensee:
            raise WorkspaceError("a licensee account needs --licensee, the licensee's name as its filings give it")
        with self.session() as session:
            if session.scalar(select(User).where(User.username == username)) is not None:
                raise Conflict(f"the user '{username}' already exists")
            user = User(
                username=username,
                password_hash=_hasher().hash(password),
                role=role.value,
                licensee=licensee if role is Role.LICENSEE else None,
                active=True,
                created_at=now(),
            )
            session.add(user)
            self._event(session, actor, "user added", None, username=username, role=role.value, licensee=licensee)
        return user

    @staticmethod
    def _check_password(password: str, username: str) -> None:
        try:
            check_password(password, username)
        except WeakPassword as error:
            raise WorkspaceError(str(error)) from None

    @staticmethod
    def _account(session: Session, username: str) -> User:
        user = session.scalar(select(User).where(User.username == username))
        if user is None:
            raise NotFound(f"there is no user '{username}'")
        return user

    @staticmethod
    def _keep_an_admin(session: Session, user: User) -> None:
        """Refuse to take the last active administrator away (nobody could manage accounts after it)."""
        others = session.scalar(
            select(func.count()).select_from(User).where(
                User.role == Role.ADMIN.value, User.active.is_(True), User.id != user.id
            )
        )
        if user.role == Role.ADMIN and user.active and not others:
            raise Conflict(
                f"'{user.username}' is the last active administrator; make another account an administrator first"
            )

    def set_role(self, username: str, role: Role | str, actor: str, licensee: str | None = None) -> User:
        """Change an account's role (an audited action); the last administrator keeps its role."""
        role = Role(role)
        with self.session() as session:
            user = self._account(session, username)
            if role is Role.LICENSEE and not (licensee or user.licensee):
                raise WorkspaceError("a licensee account needs the licensee's name")
            if role is not Role.ADMIN:
                self._keep_an_admin(session, user)
            before = user.role
            user.role = role.value
            user.licensee = (licensee or user.licensee) if role is Role.LICENSEE else None
            self._event(session, actor, "role changed", None, username=username, old=before, new=role.value)
            if before != role.value:
                self._end_sessions(session, user.id, "role changed")
        return user

    def set_active(self, username: str, active: bool, actor: str) -> User:
        """Deactivate an account (its sessions end, it can no longer sign in) or activate it again."""
        with self.session() as session:
            user = self._account(session, username)
            if not active:
                self._keep_an_admin(session, user)
            user.active = active
            self._event(session, actor, "account activated" if active else "account deactivated", None,
                        username=username)
            if not active:
                self._end_sessions(session, user.id, "deactivated")
        return user

    def change_password(self, user_id: int, current: str, new: str, keep_session: str | None = None) -> None:
        """The account's own change: the current password is checked; every other session of it ends."""
        from argon2.exceptions import VerificationError

        with self.session() as session:
            user = session.get(User, user_id)
            if user is None or not user.active:
                raise NotFound("there is no such account")
            try:
                _hasher().verify(user.password_hash, current)
            except VerificationError:
                raise Forbidden("the current password is wrong; nothing was changed") from None
            self._check_password(new, user.username)
            user.password_hash = _hasher().hash(new)
            self._event(session, user.username, "password changed", None, username=user.username)
            self._end_sessions(session, user.id, "password changed", keep=keep_session)

    def reset_password(self, username: str, new: str, actor: str) -> None:
        """An administrator sets a new password for an account (every session of the account ends)."""
        with self.session() as session:
            user = self._account(session, username)
            self._check_password(new, user.username)
            user.password_hash = _hasher().hash(new)
            self._event(session, actor, "password reset", None, username=username)
            self._end_sessions(session, user.id, "password reset")

    def authenticate(self, username: str, password: str) -> User | None:
        """The active account with that name and password, or None (the same answer for either mismatch)."""
        from argon2.exceptions import VerificationError

        if _impossible_name(username) or len(password) > 1024:
            return None
        with self.session() as session:
            user = session.scalar(select(User).where(User.username == username, User.active.is_(True)))
        hasher = _hasher()
        if user is None:
            # Spend the time of a real check (one hash), so a wrong name and a wrong password look alike.
            hasher.hash(password)
            return None
        try:
            hasher.verify(user.password_hash, password)
        except VerificationError:
            return None
        return user

    def can_sign_in(self, username: str) -> bool:
        """Whether an active account has this name (no password checked; the sign-in throttle asks it only of a
        sign-in it refused as busy, to count one for a name that could not sign in as a failure)."""
        if _impossible_name(username):
            return False
        with self.session() as session:
            return session.scalar(
                select(User.id).where(User.username == username, User.active.is_(True))
            ) is not None

    def record_sign_in(self, username: str, address: str, outcome: str, detail: str = "") -> None:
        """An audit event for a sign-in: 'sign-in', 'sign-in failed' or 'sign-in throttled'."""
        with self.session() as session:
            self._event(session, username[:80].replace("\x00", ""), outcome, None, address=address, why=detail)

    # -- server-side sessions -------------------------------------------------------------------------------

    @staticmethod
    def _token_key(token: str) -> str:
        return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()

    def open_session(self, user: User, address: str) -> str:
        """A new session for a signed-in account; the token for its cookie (only its hash is stored)."""
        token = secrets.token_urlsafe(32)
        moment = now()
        with self.session() as session:
            session.add(
                WebSession(id=self._token_key(token), user_id=user.id, created_at=moment, last_seen_at=moment,
                           address=address[:64])
            )
        return token

    def session_user(
        self, token: str, idle: timedelta = SESSION_IDLE, absolute: timedelta = SESSION_ABSOLUTE
    ) -> tuple[User, datetime] | None:
        """The active account a session token stands for and when it signed in, or None once the session was
        ended, has been idle longer than ``idle`` or open longer than ``absolute`` (and it is ended now)."""
        moment = now()
        with self.session() as session:
            found = session.execute(  # the session and its account in one query: this runs at every request
                select(WebSession, User)
                .outerjoin(User, User.id == WebSession.user_id)
                .where(WebSession.id == self._token_key(token))
            ).first()
            if found is None or found[0].ended_at is not None:
                return None
            row, user = found[0], found[1]
            ended = None
            if moment - _utc(row.last_seen_at) > idle:
                ended = "idle timeout"
            elif moment - _utc(row.created_at) > absolute:
                ended = "absolute timeout"
            elif user is None or not user.active:
                ended = "deactivated"
            if ended is not None:
                row.ended_at, row.ended_why = moment, ended
                return None
            if moment - _utc(row.last_seen_at) > min(SESSION_TOUCH, idle / 10):
                row.last_seen_at = moment
            return user, _utc(row.created_at)

    def end_session(self, token: str, why: str = "signed out") -> None:
        with self.session() as session:
            row = session.get(WebSession, self._token_key(token))
            if row is not None and row.ended_at is None:
                row.ended_at, row.ended_why = now(), why

    @classmethod
    def _end_sessions(cls, session: Session, user_id: int, why: str, keep: str | None = None) -> None:
        statement = (
            update(WebSession)
            .where(WebSession.user_id == user_id, WebSession.ended_at.is_(None))
            .values(ended_at=now(), ended_why=why)
        )
        if keep is not None:
            statement = statement.where(WebSession.id != cls._token_key(keep))
        session.execute(statement.execution_options(synchronize_session=False))

    def has_admin(self) -> bool:
        """Whether an active administrator exists (the sign-in page says how to make the first one until then)."""
        with self.session() as session:
            return session.scalar(
                select(User.id).where(User.role == Role.ADMIN.value, User.active.is_(True)).limit(1)
            ) is not None

    def user(self, user_id: int) -> User | None:
        with self.session() as session:
            return session.get(User, user_id)

    def users(self) -> list[User]:
        with self.session() as session:
            return list(session.scalars(select(User).order_by(User.username)))

    # -- sign-in failures, counted for every server ------------------------------------------------------------

    def sign_in_failures(
        self, keys: Iterable[tuple[str, str]], since: datetime
    ) -> dict[tuple[str, str], list[datetime]]:
        """The failed sign-ins since ``since`` of each (kind, key), oldest first."""
        wanted = list(keys)
        found: dict[tuple[str, str], list[datetime]] = {key: [] for key in wanted}
        if not wanted:
            return found
        condition = or_(*(
            (SignInFailure.kind == kind) & (SignInFailure.key == key[:255]) for kind, key in wanted
        ))
        with self.session() as session:
            rows = session.execute(
                select(SignInFailure.kind, SignInFailure.key, SignInFailure.at)
                .where(condition, SignInFailure.at > since)
                .order_by(SignInFailure.at)
            )
            by_stored = {(kind, key[:255]): (kind, key) for kind, key in wanted}
            for kind, key, at in rows:
                found[by_stored[(kind, key)]].append(_utc(at))
        return found

    def record_sign_in_failure(self, keys: Iterable[tuple[str, str]], at: datetime, forget_before: datetime) -> None:
        """Count one failed sign-in against each (kind, key); failures before ``forget_before`` (out of every
        window) are deleted now and then."""
        with self.session() as session:
            session.execute(insert(SignInFailure), [
                {"kind": kind, "key": key[:255], "at": at} for kind, key in keys
            ])
            if secrets.randbelow(50) == 0:
                session.execute(delete(SignInFailure).where(SignInFailure.at < forget_before))

    def clear_sign_in_failures(self, kind: str, key: str) -> None:
        """Forget the failures of one account (it signed in)."""
        with self.session() as session:
            session.execute(delete(SignInFailure).where(SignInFailure.kind == kind, SignInFailure.key == key[:255]))

    def account_events(self, limit: int = 100) -> list[Event]:
        """The latest events that concern accounts rather than a filing (sign-ins, role and password changes)."""
        with self.session() as session:
            return list(
                session.scalars(select(Event).where(Event.submission_id.is_(None)).order_by(Event.id.desc()).limit(limit))
            )
