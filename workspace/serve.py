"""Run the workspace: open (and upgrade) the store, start the review pool, serve with waitress."""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

LOG = logging.getLogger("pacomply.workspace")
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})


class RemoteRefused(ValueError):
    """A host beyond loopback without the flag that allows it."""


def is_loopback(host: str) -> bool:
    """True for localhost and every loopback address (127.0.0.0/8, ::1)."""
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_host(host: str, allow_remote: bool) -> None:
    """Refuse to listen beyond this machine unless asked explicitly: the workspace holds licensees' filings."""
    if not is_loopback(host) and not allow_remote:
        raise RemoteRefused(
            f"refusing to listen on '{host}': only this machine (127.0.0.1) is served unless you pass "
            "--allow-remote, and then put the workspace behind TLS (--secure-cookies)"
        )


SWITCH_INTERVAL = 0.0005
"""Seconds a thread may hold the interpreter lock while another waits for it (Python's default is 0.005), unless
$PACOMPLY_SWITCH_INTERVAL says otherwise (:func:`switch_interval_from_environment`)."""


def switch_interval_from_environment() -> float:
    """$PACOMPLY_SWITCH_INTERVAL, in milliseconds from 0.05 to 5 (Python's own), as seconds; :data:`SWITCH_INTERVAL`
    when unset; ValueError naming it otherwise. A shorter interval hands the lock to a waiting page sooner and
    costs the server more switches between its threads."""
    from pacomply.workspace.settings import number_setting

    return number_setting("PACOMPLY_SWITCH_INTERVAL", SWITCH_INTERVAL * 1000, 0.05, 5, "milliseconds") / 1000


def build(
    database: str | None,
    workers: int = 2,
    processes: bool = True,
    max_upload_bytes: int | None = None,
    secure_cookies: bool = False,
    secret_key: str | None = None,
    configurations: Path | None = None,
    trusted_proxies: int | None = None,
    lease: timedelta | None = None,
    **options: Any,
) -> tuple[Any, Any]:
    """The application and its review worker, over the store at ``database`` (upgraded first).

    Sessions are signed with ``secret_key``, else $PACOMPLY_SECRET_KEY, else the deployment's key, made once and
    kept in the store, which every server over it shares. ``lease`` (else $PACOMPLY_REVIEW_LEASE, else a minute) is
    how long a server's claim on a review lasts unless renewed. ``configurations`` (else
    $PACOMPLY_WORKSPACE_CONFIGURATIONS) is the folder of licensees' configurations, ``<licensee>/pacomply.toml`` with
    the waivers each names, applied to their reviews as ``validate`` applies them. ``trusted_proxies`` (else
    $PACOMPLY_TRUSTED_PROXIES, else 0) is how many reverse proxies stand in front (:func:`create_app`). ``options``
    go to :func:`create_app` (session limits, the sign-in throttle, quotas). The process's interpreter switch
    interval is set to $PACOMPLY_SWITCH_INTERVAL, else :data:`SWITCH_INTERVAL`."""
    import os
    import sys

    from pacomply.workspace.priority import idle_policy_from_environment, upload_niceness_from_environment
    from pacomply.workspace.store import open_store
    from pacomply.workspace.web import DEFAULT_MAX_UPLOAD, create_app
    from pacomply.workspace.web_common import uploads_at_once_from_environment
    from pacomply.workspace.worker import ReviewWorker, lease_from_environment, review_niceness_from_environment

    # A page's request gives up the interpreter lock at every query and must win it back from the threads handling
    # uploads; at the default 5 ms switch interval a page of ten queries waits up to 50 ms under load.
    sys.setswitchinterval(switch_interval_from_environment())  # a wrong value stops the start, naming it
    review_niceness_from_environment()  # a wrong $PACOMPLY_REVIEW_NICENESS stops the start, naming it
    upload_niceness_from_environment()  # and so does a wrong $PACOMPLY_UPLOAD_NICENESS
    idle_policy_from_environment()  # and a wrong $PACOMPLY_IDLE_POLICY
    uploads_at_once_from_environment()  # and a wrong $PACOMPLY_UPLOADS_AT_ONCE
    store = open_store(database)
    folder = configurations or os.environ.get("PACOMPLY_WORKSPACE_CONFIGURATIONS") or None
    worker = ReviewWorker(
        store, workers=workers, processes=processes, configurations=Path(folder).resolve() if folder else None,
        lease=lease or lease_from_environment(),
    )
    if store.engine.dialect.name == "sqlite":
        others = store.other_servers(worker.claimant)
        if others:
            LOG.warning(
                "another server (%s) was seen on this SQLite store within five minutes: SQLite keeps one server; "
                "run several over PostgreSQL", others[0].id,
            )
    worker.resume()
    worker.render_missing()
    worker.keep_claims()
    app = create_app(
        store,
        worker,
        secret_key=secret_key or os.environ.get("PACOMPLY_SECRET_KEY") or None,
        max_upload_bytes=max_upload_bytes or DEFAULT_MAX_UPLOAD,
        secure_cookies=secure_cookies,
        trusted_proxies=trusted_proxies if trusted_proxies is not None else proxies_from_environment(),
        **options,
    )
    return app, worker


def proxies_from_environment() -> int:
    """$PACOMPLY_TRUSTED_PROXIES as a whole number (0 when unset); ValueError naming it otherwise."""
    from pacomply.workspace.settings import whole_setting

    return whole_setting("PACOMPLY_TRUSTED_PROXIES", 0, 0, 16)


def _stop_on_terminate() -> None:
    # A service manager stops the server with SIGTERM: end as on Ctrl-C, so the review processes are shut down
    # with it instead of being left behind.
    import signal
    import threading

    def interrupt(_signal: int, _frame: Any) -> None:
        raise KeyboardInterrupt

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, interrupt)


def serve(
    host: str,
    port: int,
    database: str | None,
    allow_remote: bool = False,
    workers: int = 2,
    threads: int = 64,
    secure_cookies: bool = False,
    on_ready: Callable[[str], None] | None = None,
    trusted_proxies: int | None = None,
) -> None:
    """Serve until interrupted (Ctrl-C, or SIGTERM from a service manager), then end the process within a second
    with exit status 130: the review processes are ended, not waited for, and the reviews they held stay pending
    in the store (a review is recorded in one transaction), handed out again at the next start. The process ends
    with ``os._exit`` once the server, the pool, the database connections, the log and the standard streams are
    closed or flushed: the interpreter's own teardown of the review engine's modules takes about a second more and
    has nothing left to do."""
    check_host(host, allow_remote)
    from pacomply.workspace import stack

    stack.require()
    from pacomply.workspace import collector, event_log
    from waitress import create_server

    event_log.to_stderr()
    app, worker = build(database, workers=workers, secure_cookies=secure_cookies, trusted_proxies=trusted_proxies)
    server = None
    try:
        server = create_server(app, host=host, port=port, threads=threads)
        # The start-up's objects set aside from the garbage collector, and the collections made from now on by a
        # thread at this (the pages') priority rather than by whichever lowered thread allocates (collector.py).
        collector.collect_at_the_pages_priority()
        _stop_on_terminate()
        if on_ready is not None:
            on_ready(f"http://{host if ':' not in host else f'[{host}]'}:{server.effective_port}")
        # waitress's run() returns after Ctrl-C (it catches the interrupt to stop its threads): returning is
        # being interrupted.
        server.run()
    except KeyboardInterrupt:
        # Interrupted before serving (Ctrl-C or SIGTERM during start-up): stopped as when serving, not through the
        # interpreter's exit, which would wait for review processes that the idle scheduling policy may leave
        # waiting for a core.
        pass
    finally:
        if server is not None:
            server.close()
        worker.shutdown(wait=False)
        worker.store.engine.dispose()
    _end_interrupted()


def _end_interrupted() -> None:
    import contextlib
    import logging
    import os
    import sys

    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed pipe: nothing more can reach its reader
            stream.flush()
    os._exit(130)
