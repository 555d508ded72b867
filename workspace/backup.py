"""Backups of the store that restore: SQLite through its online backup API (a consistent copy while the server
runs), PostgreSQL through ``pg_dump`` and ``pg_restore`` (the custom format). ``pacomply store verify`` then says
whether what was restored is intact (:meth:`store.Store.verify`)."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

from sqlalchemy.engine import URL, make_url


class BackupError(Exception):
    """A backup or restore that could not be made; the message says why and where."""


def _sqlite_path(url: URL) -> Path:
    if not url.database or url.database == ":memory:":
        raise BackupError("an in-memory SQLite database has nothing to back up")
    return Path(url.database)


def _pg_command(tool: str, url: URL) -> tuple[list[str], dict[str, str]]:
    """A PostgreSQL client tool's command naming the database of ``url``; the password (if any) goes in the
    environment, never on the command line where other users' ``ps`` would show it."""
    program = shutil.which(tool)
    if program is None:
        raise BackupError(
            f"'{tool}' is not installed (PostgreSQL's client tools; on Debian: apt install postgresql-client)"
        )
    arguments = [program, "--no-password"]
    if url.host:
        arguments += ["--host", url.host]
    if url.port:
        arguments += ["--port", str(url.port)]
    if url.username:
        arguments += ["--username", url.username]
    environment = dict(os.environ)
    if url.password is not None:
        environment["PGPASSWORD"] = str(url.password)
    return arguments, environment


def _run(arguments: list[str], environment: dict[str, str], what: str) -> None:
    try:
        finished = subprocess.run(arguments, env=environment, capture_output=True, text=True, timeout=3600)
    except (OSError, subprocess.SubprocessError) as error:
        raise BackupError(f"{what} could not run: {error}") from None
    if finished.returncode != 0:
        detail = (finished.stderr or finished.stdout).strip().splitlines()
        raise BackupError(f"{what} failed: {detail[-1] if detail else f'exit status {finished.returncode}'}")


def backup(database: str, destination: Path) -> None:
    """Write a backup of the store at ``database`` to ``destination`` (a SQLite file, or a ``pg_dump`` custom-format
    archive); an existing file there is refused."""
    url = make_url(database)
    if destination.exists():
        raise BackupError(f"{destination} exists already; a backup never overwrites a file")
    if url.get_backend_name() == "sqlite":
        source = _sqlite_path(url)
        if not source.is_file():
            raise BackupError(f"there is no SQLite store at {source}")
        with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as reading, sqlite3.connect(destination) as written:
            reading.backup(written)
        return
    if url.get_backend_name() == "postgresql":
        arguments, environment = _pg_command("pg_dump", url)
        _run([*arguments, "--format=custom", "--file", str(destination), str(url.database)], environment, "pg_dump")
        return
    raise BackupError(f"'{url.get_backend_name()}' databases are not supported; the store is SQLite or PostgreSQL")


def restore(database: str, source: Path) -> None:
    """Replace the store at ``database`` with the backup at ``source``. Stop the server first: a server still
    running keeps what it has in memory (sessions in use, reviews under way) and writes it into the restored
    store."""
    url = make_url(database)
    if not source.is_file():
        raise BackupError(f"there is no backup at {source}")
    if url.get_backend_name() == "sqlite":
        target = _sqlite_path(url)
        try:
            with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as reading:
                tables = {row[0] for row in reading.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                if "alembic_version" not in tables or "submissions" not in tables:
                    raise BackupError(f"{source} is a SQLite database but not a backup of a pacomply store")
                with sqlite3.connect(target) as written:
                    reading.backup(written)
        except sqlite3.DatabaseError as error:
            raise BackupError(f"{source} is not a SQLite backup ({error})") from None
        return
    if url.get_backend_name() == "postgresql":
        arguments, environment = _pg_command("pg_restore", url)
        _run(
            [*arguments, "--clean", "--if-exists", "--single-transaction", "--exit-on-error", "--no-owner",
             "--dbname", str(url.database), str(source)],
            environment,
            "pg_restore",
        )
        return
    raise BackupError(f"'{url.get_backend_name()}' databases are not supported; the store is SQLite or PostgreSQL")
