"""The one place the workspace calls the review engine: read an upload, review it, render its reports, diff two.

Everything the workspace knows about a review comes through these functions, as plain values (bytes, dicts) that
cross a process boundary and go into the database unchanged. The upload is read by ``read_filing``, with every
defence the readers have against hostile files; nothing here parses a filing itself.
"""

from __future__ import annotations

import hashlib
import json
import re
import tempfile
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from pacomply.checker.diff import FilingDiff, FindingSummary, diff_filings
from pacomply.checker.registry import Waiver
from pacomply.checker.review import Review
from pacomply.checker.waivers import read_waivers
from pacomply.reports.interface import ReportFormat, renderer
from pacomply.submissions import Filing, InputError, read_filing

from pacomply.config import Config, load_config
from pacomply.review_service import Collection, ReviewPolicy, configured_settings, review_under_policy

SUFFIXES = (".xlsx", ".xlsm", ".json", ".pdf")


class UploadRefused(ValueError):
    """An upload that is not a readable filing; ``problems`` says every reason, each naming where."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


class RenderingRefused(ValueError):
    """A review's download could not be derived from its sealed review (the re-review gave another document)."""


DOWNLOADS = ("pdf", "xlsx")
"""The renderings of a review made after it and sealed when made (:func:`render_downloads`)."""
_FORMATS = {"pdf": ReportFormat.PDF, "xlsx": ReportFormat.XLSX}


@dataclass(frozen=True, slots=True, init=False)
class StoredReview:
    """A review as the store keeps it: the JSON document. The PDF and the workbook (nine tenths of a review's CPU)
    are made later from the sealed review (:func:`render_downloads`); ``pdf`` and ``xlsx`` are empty then (a review
    sealed before revision 0004, or made whole by :func:`review_upload_whole`, carries them here).

    It holds the document as the text the store keeps, with the few fields the store's row has besides (verdict,
    tool, rulebooks), all made where the review is made: a review process sends the server only what it stores,
    and the server neither parses nor writes the document again."""

    text: str
    """The document as stored: JSON, non-ASCII characters as they are."""
    pdf: bytes
    xlsx: bytes
    reused: bool
    """Whether the document was not made again but reused from an earlier review in this process of the same bytes
    under the same name, on the same review date, with the same configuration (:func:`review_upload`)."""
    compliant: bool
    summary: str
    """The verdict's summary."""
    tool_version: str
    """The pacomply version that made the review."""
    rulebooks: tuple[dict[str, str], ...]
    """The rulebook (chapter, version, effective date) of every chapter reviewed."""

    def __init__(self, document: dict[str, Any], pdf: bytes = b"", xlsx: bytes = b"", reused: bool = False) -> None:
        for name, value in (
            ("text", json.dumps(document, ensure_ascii=False)),
            ("pdf", pdf),
            ("xlsx", xlsx),
            ("reused", reused),
            ("compliant", bool(document["verdict"]["compliant"])),
            ("summary", str(document["verdict"]["summary"])),
            ("tool_version", str(document["tool"]["version"])),
            ("rulebooks", tuple(document.get("rulebooks", []))),
        ):
            object.__setattr__(self, name, value)

    @property
    def document(self) -> dict[str, Any]:
        """The document (parsed anew at each call: each caller gets its own copy)."""
        return json.loads(self.text)


def safe_name(name: str) -> str:
    """The upload's file name reduced to its last part and to letters, digits, '.', '-' and '_', so that it can
    name a temporary file and appear in messages; the suffix is kept, since it decides the reader."""
    base = re.split(r"[\\/]", name)[-1]
    cleaned = re.sub(r"[^A-Za-z0-9._-]+", "_", base).strip("._") or "upload"
    return cleaned[-120:]


def _with_file(name: str, data: bytes, action: Any) -> Any:
    with tempfile.TemporaryDirectory(prefix="pacomply-upload-") as folder:
        path = Path(folder) / safe_name(name)
        path.write_bytes(data)
        return action(path)


def _read(path: Path) -> Filing:
    try:
        return read_filing(path)
    except InputError as error:
        raise UploadRefused([str(problem) for problem in error.problems]) from None
    except OSError as error:
        raise UploadRefused([f"{path.name}: {error.strerror or error}"]) from None


REUSABLE_READINGS = 32
"""Filings read from uploads kept per process for an upload of the same bytes under the same name."""
_readings: OrderedDict[tuple[str, str], Filing] = OrderedDict()
_readings_lock = threading.Lock()


def read_upload(name: str, data: bytes) -> Filing:
    """The filing in an upload; :class:`UploadRefused` with every problem when it cannot be read.

    Reading is deterministic for the bytes and the name (the name decides the reader and is in every location), and
    a :class:`Filing` is frozen, so the filing of an upload read before in this process (the same SHA-256 under the
    same name; the latest :data:`REUSABLE_READINGS`) is handed out again instead of read again: a client sending
    the same file again costs a hash, not a reading. A refusal is never kept: it is read again each time."""
    kept = kept_reading(name, data)
    if kept is not None:
        return kept
    filing: Filing = _with_file(name, data, _read)
    keep_reading(name, data, filing)
    return filing


def _reading_key(name: str, data: bytes) -> tuple[str, str]:
    cleaned = safe_name(name)
    if Path(cleaned).suffix.lower() not in SUFFIXES:
        raise UploadRefused([f"{cleaned}: not a filing format; expected .xlsx, .json or .pdf"])
    return hashlib.sha256(data).hexdigest(), cleaned


def kept_reading(name: str, data: bytes) -> Filing | None:
    """The filing this process read from the same bytes under the same name, if it keeps it; :class:`UploadRefused`
    at once for a name that is no filing format."""
    key = _reading_key(name, data)
    with _readings_lock:
        kept = _readings.get(key)
        if kept is not None:
            _readings.move_to_end(key)
        return kept


def keep_reading(name: str, data: bytes, filing: Filing) -> None:
    """Keep a filing read from an upload (elsewhere, too: the server's reading process) for :func:`kept_reading`."""
    key = _reading_key(name, data)
    with _readings_lock:
        _readings[key] = filing
        _readings.move_to_end(key)
        while len(_readings) > REUSABLE_READINGS:
            _readings.popitem(last=False)


LICENSEE_CONFIGURATION = "pacomply.toml"


def licensee_configuration(folder: Path | None, licensee: str) -> tuple[Config, tuple[Waiver, ...]]:
    """The configuration and waivers a licensee's filings are reviewed with: ``FOLDER/<licensee>/pacomply.toml``
    (the licensee's name reduced as :func:`safe_name` reduces a file name), with the waiver file it names, as
    ``validate`` reads them; none when there is no folder or no file. :class:`UploadRefused` naming the file when
    either cannot be read (the review is then recorded as failed, with the reason)."""
    if folder is None:
        return Config(), ()
    path = folder / safe_name(licensee) / LICENSEE_CONFIGURATION
    if not path.is_file():
        return Config(), ()
    try:
        config = load_config(path)
        waivers = tuple(read_waivers(config.waivers)) if config.waivers is not None else ()
    except InputError as error:
        raise UploadRefused(
            [f"the configuration of {licensee} ({path.parent.name}/{path.name}): {item}" for item in error.problems]
        ) from None
    return config, waivers


def _review(name: str, data: bytes, review_date: date | None = None, configurations: Path | None = None) -> Review:
    """The review of an upload through the review service, as ``validate`` makes it: with the licensee's
    configuration and waivers where ``configurations`` holds them (:func:`licensee_configuration`)."""
    return _review_configured(name, data, review_date, configurations)[0]


def _review_configured(
    name: str, data: bytes, review_date: date | None, configurations: Path | None
) -> tuple[Review, str | None]:
    """:func:`_review`, with the :func:`configuration_digest` of the files the review read: taken before they are
    read and again after the review, None unless both agree (a file changed meanwhile, or could not be read)."""

    def review(path: Path) -> tuple[Review, str | None]:
        filing = _read(path)
        before = configuration_digest(configurations, filing.metadata.licensee)
        config, waivers = licensee_configuration(configurations, filing.metadata.licensee)
        chosen = configured_settings(config, review_date=review_date)
        made = review_under_policy(filing, ReviewPolicy(chosen, config, waivers))
        after = configuration_digest(configurations, filing.metadata.licensee)
        return made, before if before == after else None

    if Path(safe_name(name)).suffix.lower() not in SUFFIXES:
        raise UploadRefused([f"{safe_name(name)}: not a filing format; expected .xlsx, .json or .pdf"])
    return _with_file(name, data, review)


REUSABLE_REVIEWS = 128
"""Review documents a review process keeps for reuse (the most recently made)."""


@dataclass(frozen=True, slots=True)
class ReviewKey:
    """What a review document depends on besides the pacomply that makes it (one process runs one pacomply, with
    its rulebooks and figures): the upload's bytes, its file name (the document names the file), and the review
    date (which decides the rulebook versions and waivers in force)."""

    sha256: str
    name: str
    review_date: date


@dataclass(frozen=True, slots=True)
class _Reusable:
    licensee: str
    configuration: str
    """The SHA-256 of the licensee's configuration and waiver files as the review read them ('' without any)."""
    document: str


_reusable: OrderedDict[ReviewKey, _Reusable] = OrderedDict()
_reusable_lock = threading.Lock()


def configuration_digest(folder: Path | None, licensee: str) -> str | None:
    """The SHA-256 of a licensee's configuration file and the waiver file it names, as
    :func:`licensee_configuration` reads them ('' when there are none); None when either cannot be read."""
    if folder is None:
        return ""
    path = folder / safe_name(licensee) / LICENSEE_CONFIGURATION
    if not path.is_file():
        return ""
    try:
        digest = hashlib.sha256(path.read_bytes())
        config = load_config(path)
        if config.waivers is not None:
            digest.update(b"\0" + Path(config.waivers).read_bytes())
    except (InputError, OSError):
        return None
    return digest.hexdigest()


def review_upload(
    name: str, data: bytes, configurations: Path | None = None, review_date: date | None = None
) -> StoredReview:
    """Read and review an upload and render its JSON document (run in a worker process). The PDF and workbook are
    not made here: :func:`render_downloads` derives them from the sealed review later.

    A review is deterministic for its input, date, configuration and pacomply, so the document of an upload this
    process reviewed before (the same bytes under the same name, on the same review date, its licensee's
    configuration and waiver files unchanged) is reused rather than made again; ``reused`` says so, and the store
    records it with the review."""
    from pacomply.checker.registry import board_today

    key = ReviewKey(hashlib.sha256(data).hexdigest(), safe_name(name), review_date or board_today())
    with _reusable_lock:
        kept = _reusable.get(key)
        if kept is not None:
            _reusable.move_to_end(key)
    if kept is not None and configuration_digest(configurations, kept.licensee) == kept.configuration:
        return StoredReview(document=json.loads(kept.document), pdf=b"", xlsx=b"", reused=True)
    review, configuration = _review_configured(name, data, key.review_date, configurations)
    text = renderer(ReportFormat.JSON).render(review).decode("utf-8")
    if configuration is not None:
        with _reusable_lock:
            _reusable[key] = _Reusable(review.filing.metadata.licensee, configuration, text)
            _reusable.move_to_end(key)
            while len(_reusable) > REUSABLE_REVIEWS:
                _reusable.popitem(last=False)
    return StoredReview(document=json.loads(text), pdf=b"", xlsx=b"")


def review_upload_whole(name: str, data: bytes, configurations: Path | None = None) -> StoredReview:
    """:func:`review_upload` with the PDF and workbook made at once (the anchor of the benchmark, and tests)."""
    review = _review(name, data, configurations=configurations)
    return StoredReview(
        document=json.loads(renderer(ReportFormat.JSON).render(review)),
        pdf=renderer(ReportFormat.PDF).render(review),
        xlsx=renderer(ReportFormat.XLSX).render(review),
    )


def document_digest(document: dict[str, Any]) -> str:
    """The SHA-256 of a review document in a canonical form (sorted keys), the one a download is bound to."""
    canonical = json.dumps(document, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def render_downloads(
    name: str,
    data: bytes,
    document: dict[str, Any],
    kinds: tuple[str, ...] = DOWNLOADS,
    configurations: Path | None = None,
) -> dict[str, bytes]:
    """The PDF and/or workbook of a sealed review: the original bytes reviewed again on the sealed review's date,
    rendered only when that review's JSON document is the sealed one exactly (a review is deterministic for its
    input, date and pacomply version). :class:`RenderingRefused` otherwise, e.g. when a later pacomply reviews
    differently, or the licensee's configuration changed since: the download of a sealed review is never made from
    another review."""
    try:
        sealed_date = date.fromisoformat(str(document.get("review_date", "")))
    except ValueError:
        sealed_date = None
    review = _review(name, data, sealed_date, configurations) if sealed_date else None
    again = json.loads(renderer(ReportFormat.JSON).render(review)) if review is not None else None
    if review is None or again is None or document_digest(again) != document_digest(document):
        raise RenderingRefused(
            "this review's downloads cannot be made: reviewing the stored filing again does not give the sealed "
            f"review (sealed by pacomply {document.get('tool', {}).get('version', '?')}); the sealed review stands "
            "unchanged on the filing's page. Ask for a new review to have its PDF and workbook"
        )
    return {kind: renderer(_FORMATS[kind]).render(review) for kind in kinds}


def collect(paths: list[Path]) -> Collection:
    """The filings named: files as given, folders expanded to the filings directly in them (as ``validate`` does),
    with every entry of a folder that is no filing named and why it is skipped, and every folder that could not be
    listed."""
    from pacomply.review_service import collect as collect_entries

    return collect_entries(paths)


def findings_of(document: dict[str, Any]) -> list[FindingSummary]:
    """The findings of a stored review document, as the diff compares them."""
    return [FindingSummary.from_json(finding) for finding in document.get("findings", [])]


def diff_stored(
    old: tuple[str, bytes, dict[str, Any] | None], new: tuple[str, bytes, dict[str, Any] | None]
) -> FilingDiff:
    """The diff between two stored filings (name, original bytes, latest review document or None)."""
    old_filing, new_filing = read_upload(old[0], old[1]), read_upload(new[0], new[1])
    return diff_filings(
        old_filing,
        new_filing,
        findings_of(old[2]) if old[2] else [],
        findings_of(new[2]) if new[2] else [],
    )
