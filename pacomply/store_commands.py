"""``pacomply store``: the workspace's filing store and its accounts from the command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from pacomply import choices
from pacomply.choices import AccountRole, FilingStatus, TextOrJson
from pacomply.command_group import Command, sub_app
from pacomply.terminal import EXIT_INPUT, fail

DatabaseOption = Annotated[
    str | None,
    typer.Option(
        "--database",
        envvar="PACOMPLY_DATABASE",
        metavar="URL",
        help="SQLAlchemy URL of the store, e.g. postgresql+psycopg://user@host/pacomply "
        "(default: a SQLite file in this user's data folder).",
    ),
]
Username = Annotated[str, typer.Argument(metavar="USERNAME", help="The sign-in name.")]

store_app = sub_app(help="The workspace's filing store from the command line.", no_args_is_help=True)
user_app = sub_app(help="Workspace accounts.", no_args_is_help=True)
store_app.add_typer(user_app, name="user")


def open_store(database: str | None) -> Any:
    """The store at ``database`` (upgraded to the newest schema), or exit 2 naming why it could not be opened."""
    from pacomply.workspace.store import open_store as open_

    try:
        return open_(database)
    except Exception as error:  # SQLAlchemy's and the drivers' errors have no common public base
        fail(f"could not open the store at '{database or 'the default SQLite file'}': {error}")


@store_app.command("upgrade", cls=Command)
def store_upgrade(database: DatabaseOption = None) -> None:
    """Create the store, or bring its schema to this pacomply's newest revision."""
    store = open_store(database)
    typer.echo(f"store at schema revision {store.revision()}")


@store_app.command("add", cls=Command)
def store_add(
    paths: Annotated[list[Path], typer.Argument(metavar="FILING...", help="Filings, or folders of filings.")],
    database: DatabaseOption = None,
) -> None:
    """Store and review filings (a folder's filings directly inside it); unreadable ones are reported, not stored,
    and every entry of a folder that is no filing is named with the reason it is skipped."""
    from pacomply.workspace import reviewing
    from pacomply.workspace.worker import server_id

    store = open_store(database)
    claimant = f"cli:{server_id()}"[:80]  # each filing is claimed as stored, so no running server reviews it too
    collection = reviewing.collect(paths)
    for entry in collection.skipped:
        typer.echo(f"{entry.path}: skipped, {entry.reason}", err=True)
    for entry in collection.unlisted:
        typer.echo(f"{entry.path}: {entry.reason}", err=True)
    refused = len(collection.unlisted)
    for path in collection.filings:
        try:
            data = path.read_bytes()
            filing = reviewing.read_upload(path.name, data)
        except OSError as error:
            refused += 1
            typer.echo(f"{path}: could not be read ({error.strerror or error})", err=True)
            continue
        except reviewing.UploadRefused as error:
            refused += 1
            typer.echo(f"{path}: not stored ({len(error.problems)} problem(s)):", err=True)
            for problem in error.problems:
                typer.echo(f"  {problem}", err=True)
            continue
        submission = store.add_submission(path.name, data, filing, None, actor="cli", claimant=claimant)
        stored = reviewing.review_upload(path.name, data)
        store.record_review(submission.id, stored, actor="cli", claimant=claimant)
        typer.echo(f"{submission.id}\t{filing.metadata.licensee}\t{path.name}\t{stored.document['verdict']['summary']}")
    if refused:
        raise typer.Exit(EXIT_INPUT)


def _database_url(database: str | None) -> str:
    from pacomply.workspace.store import default_database_url

    return database or default_database_url()


@store_app.command("backup", cls=Command)
def store_backup(
    destination: Annotated[Path, typer.Argument(metavar="FILE", help="Where to write the backup (a new file).")],
    database: DatabaseOption = None,
) -> None:
    """Back up the store while it runs: SQLite's online backup API, or pg_dump's custom format for PostgreSQL."""
    from pacomply.workspace.backup import BackupError, backup

    url = _database_url(database)
    open_store(url)  # upgraded first: a backup is always of a store at this pacomply's schema
    try:
        backup(url, destination)
    except BackupError as error:
        fail(str(error))
    typer.echo(f"backed up to {destination}; check a restore with: pacomply store verify")


@store_app.command("restore", cls=Command)
def store_restore(
    source: Annotated[Path, typer.Argument(metavar="FILE", help="A backup made by 'pacomply store backup'.")],
    yes: Annotated[bool, typer.Option("--yes", help="Replace the store's whole contents with the backup.")] = False,
    database: DatabaseOption = None,
) -> None:
    """Replace the store with a backup (stop 'pacomply serve' first), upgrade it, and verify it."""
    from pacomply.workspace.backup import BackupError, restore

    if not yes:
        fail("a restore replaces everything in the store with the backup; give --yes to do it (stop the server first)")
    url = _database_url(database)
    try:
        restore(url, source)
    except BackupError as error:
        fail(str(error))
    store = open_store(url)
    typer.echo(f"restored {source}; the store is at schema revision {store.revision()}")
    _report(store.verify(), TextOrJson.TEXT)


@store_app.command("verify", cls=Command)
def store_verify(
    output_format: Annotated[
        TextOrJson,
        typer.Option(
            "--format",
            "-f",
            case_sensitive=False,
            help="text: one line per problem found; json: the problems as a list for a script.",
        ),
    ] = TextOrJson.TEXT,
    database: DatabaseOption = None,
) -> None:
    """Check that every sealed review, letter, event, disposition and sign-off is what was written (each against
    its seal, and the seals' chain), and every filing's bytes and review download against its SHA-256; exit 1
    naming each that is not intact."""
    _report(open_store(database).verify(), output_format)


def _report(verification: Any, output_format: TextOrJson) -> None:
    if output_format == TextOrJson.JSON:
        typer.echo(
            json.dumps(
                {
                    "intact": verification.intact,
                    "checked": dict(verification.checked),
                    "problems": [{"where": problem.where, "what": problem.what} for problem in verification.problems],
                },
                indent=2,
                ensure_ascii=False,
            )
        )
    else:
        counted = ", ".join(f"{count} {name}" for name, count in verification.checked.items())
        for problem in verification.problems:
            typer.echo(f"NOT INTACT  {problem}")
        verdict = "intact" if verification.intact else f"{len(verification.problems)} problem(s)"
        typer.echo(f"{verdict}; checked {counted}")
    if not verification.intact:
        raise typer.Exit(1)


@store_app.command("status", cls=Command)
def store_status(
    output_format: Annotated[
        TextOrJson, typer.Option("--format", "-f", case_sensitive=False, help="Lines for a person, or JSON.")
    ] = TextOrJson.TEXT,
    database: DatabaseOption = None,
) -> None:
    """The servers seen in the last five minutes and the reviews each has claimed, and the review queue: how many
    reviews wait, how many no server holds, how many claims expired (their server stopped), the oldest wait."""
    status = open_store(database).status()
    servers = [
        {
            "id": server.id,
            "host": server.host,
            "pid": server.pid,
            "started": server.started_at.isoformat(timespec="seconds"),
            "seen_seconds_ago": round((status.checked_at - server.seen_at).total_seconds(), 1),
            "reviews_claimed": server.reviews,
            "renderings_claimed": server.renderings,
        }
        for server in status.servers
    ]
    oldest = round(status.oldest_wait.total_seconds(), 1) if status.oldest_wait is not None else None
    if output_format == TextOrJson.JSON:
        typer.echo(json.dumps({
            "database": status.database,
            "servers": servers,
            "queue": {"pending": status.pending, "unclaimed": status.unclaimed, "expired_claims": status.expired,
                      "oldest_wait_seconds": oldest},
        }, indent=2, ensure_ascii=False))
        return
    typer.echo(f"servers seen in the last five minutes: {len(servers)}")
    for server in servers:
        typer.echo(
            f"  {server['id']}  host {server['host']}, process {server['pid']}, started {server['started']}, seen "
            f"{server['seen_seconds_ago']} s ago; holds {server['reviews_claimed']} review(s) and "
            f"{server['renderings_claimed']} rendering(s)"
        )
    typer.echo(
        f"reviews pending: {status.pending} ({status.unclaimed} unclaimed, {status.expired} with an expired claim); "
        + (f"the oldest has waited {oldest} s" if oldest is not None else "none waiting")
    )
    if status.database == "sqlite" and len(servers) > 1:
        typer.echo("note: SQLite keeps one server; run several servers over PostgreSQL")


@store_app.command("list", cls=Command)
def store_list(
    licensee: Annotated[str | None, typer.Option(metavar="NAME", help="Only this licensee's filings.")] = None,
    chapter: Annotated[
        choices.Chapter | None, typer.Option(case_sensitive=False, help="Only filings of this chapter.")
    ] = None,
    status: Annotated[
        FilingStatus | None, typer.Option(case_sensitive=False, help="Only filings in this status.")
    ] = None,
    limit: Annotated[int, typer.Option(min=1, metavar="N", help="At most this many, newest first.")] = 100,
    output_format: Annotated[
        TextOrJson, typer.Option("--format", "-f", case_sensitive=False, help="Tab-separated lines, or JSON.")
    ] = TextOrJson.TEXT,
    database: DatabaseOption = None,
) -> None:
    """The stored filings, newest first: id, licensee, chapters, date filed, status, latest verdict, file."""
    from pacomply.workspace.models import Role, User

    store = open_store(database)
    everyone = User(id=0, username="cli", role=Role.ADMIN.value, licensee=None)
    page = store.queue(
        everyone,
        status=status.value if status is not None else None,
        licensee=licensee,
        chapter=chapter.value if chapter is not None else None,
        limit=limit,
    )
    rows = [
        {
            "id": item.id,
            "licensee": item.licensee,
            "chapters": list(item.chapter_ids),
            "date_filed": item.date_filed.isoformat(),
            "status": item.status,
            "verdict": page.verdicts.get(item.id, item.review_state),
            "file": item.original_name,
        }
        for item in page.submissions
    ]
    if output_format == TextOrJson.JSON:
        typer.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    for row in rows:
        fields = (row["id"], row["licensee"], ",".join(row["chapters"]), row["date_filed"], row["status"],
                  row["verdict"], row["file"])  # fmt: skip
        typer.echo("\t".join(str(field) for field in fields))


@user_app.command("add", cls=Command)
def store_user_add(
    username: Username,
    role: Annotated[AccountRole, typer.Option(case_sensitive=False, help="What the account may do.")] = (
        AccountRole.REVIEWER
    ),
    licensee: Annotated[
        str | None, typer.Option(metavar="NAME", help="For a licensee account: its licensee, as filed.")
    ] = None,
    password: Annotated[
        str | None,
        typer.Option(envvar="PACOMPLY_PASSWORD", metavar="PASSWORD", help="The password (asked for when omitted)."),
    ] = None,
    database: DatabaseOption = None,
) -> None:
    """Add a local account to the workspace."""
    from pacomply.workspace.store import WorkspaceError

    if password is None:
        password = typer.prompt("Password", hide_input=True, confirmation_prompt=True)
    store = open_store(database)
    try:
        store.add_user(username, password, role.value, licensee, actor="cli")
    except WorkspaceError as error:
        fail(str(error))
    typer.echo(f"added {role.value} '{username}'")


@user_app.command("role", cls=Command)
def store_user_role(
    username: Username,
    role: Annotated[AccountRole, typer.Argument(metavar="ROLE", case_sensitive=False, help="The new role.")],
    licensee: Annotated[str | None, typer.Option(metavar="NAME", help="For a licensee account: its licensee.")] = None,
    database: DatabaseOption = None,
) -> None:
    """Change an account's role (recorded in the audit trail)."""
    from pacomply.workspace.store import WorkspaceError

    store = open_store(database)
    try:
        store.set_role(username, role.value, actor="cli", licensee=licensee)
    except WorkspaceError as error:
        fail(str(error))
    typer.echo(f"'{username}' is now a {role.value}")


@user_app.command("password", cls=Command)
def store_user_password(
    username: Username,
    password: Annotated[
        str | None,
        typer.Option(envvar="PACOMPLY_PASSWORD", metavar="PASSWORD", help="The new password (asked for when omitted)."),
    ] = None,
    database: DatabaseOption = None,
) -> None:
    """Set a new password for an account (its sessions end); the way back in for an administrator locked out."""
    from pacomply.workspace.store import WorkspaceError

    if password is None:
        password = typer.prompt("New password", hide_input=True, confirmation_prompt=True)
    store = open_store(database)
    try:
        store.reset_password(username, password, actor="cli")
    except WorkspaceError as error:
        fail(str(error))
    typer.echo(f"password of '{username}' reset")


@user_app.command("active", cls=Command)
def store_user_active(
    username: Username,
    active: Annotated[bool, typer.Option("--yes/--no", help="Activate (--yes) or deactivate (--no).")] = True,
    database: DatabaseOption = None,
) -> None:
    """Activate or deactivate an account (a deactivated one cannot sign in; its sessions end)."""
    from pacomply.workspace.store import WorkspaceError

    store = open_store(database)
    try:
        store.set_active(username, active, actor="cli")
    except WorkspaceError as error:
        fail(str(error))
    typer.echo(f"'{username}' is now {'active' if active else 'deactivated'}")
