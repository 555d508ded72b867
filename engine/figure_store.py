"""The figure store: every figure a review needs, computed once per (rulebook, inputs, method) and kept.

A figure (a wager's math, a priced reading, an enumerated count, a seeded simulation of a base game) is a pure
function of its inputs, the chapter's law as encoded (the rulebook version and the chapter's data) and the method
that computes it; never of the filing. Each one is registered here with :func:`figure` and looked up by a key, the
SHA-256 of those things written canonically:

1. the **shipped** figures (``engine/shipped_figures/SHELF.json.gz``, read-only package data made by
   ``pacomply figures build``), one shelf per chapter and one (``engine``) for figures of no chapter;
2. the **user cache** (``$PACOMPLY_CACHE_DIR/figures/``; one file per figure, written to a temporary file and moved
   into place with ``os.replace``, so processes writing the same figure at once never leave a torn file);
3. otherwise the figure is **computed once**, stored in the user cache, and the run is told (:func:`set_reporter`).

Values are kept exactly: a Fraction as its numerator and denominator, a float by its ``repr`` (JSON's own), tuples as
tuples, dataclasses and enums by their pacomply class. Each entry records its inputs, the rulebook it was made under,
the method version and the pacomply version that made it (docs/figure-store.md).
"""

from __future__ import annotations

import dataclasses
import enum
import gzip
import hashlib
import json
import os
import re
import tempfile
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any, Protocol, TypeVar

#: The layout of keys and entries; a new one never reads an old entry (part of every key).
STORE_FORMAT = 1
#: The shelf of figures that belong to no chapter (the Pai Gow evaluator's counts).
ENGINE_SHELF = "engine"
SHIPPED_FOLDER = Path(__file__).resolve().parent / "shipped_figures"
_ALLOWED_MODULE = re.compile(r"^pacomply(\.[A-Za-z_][A-Za-z0-9_]*)+$")


class FigureStoreError(RuntimeError):
    """A stored figure that cannot be read back (a damaged file, a class pacomply no longer has)."""


# --------------------------------------------------------------------------------------------------------------------
# Exact encoding


_STORED_BY_VALUE: set[type[enum.Enum]] = set()

_Enum = TypeVar("_Enum", bound=type[enum.Enum])


def stored_by_value(enum_class: _Enum) -> _Enum:
    """Class decorator: the store writes this ``StrEnum``'s members as their plain string values.

    For a choice that was a plain string in figures' inputs before it became an enum (the blackjack ``Strategy``):
    the keys, and so the stored and shipped figures, stay the same. Such a member reads back as its string, which is
    equal to it (and hashes alike), so a value read back is still equal to the one written.
    """
    if not issubclass(enum_class, enum.StrEnum):
        raise TypeError(f"{enum_class.__name__} is not a StrEnum: only a string enum is stored as its value")
    _STORED_BY_VALUE.add(enum_class)
    return enum_class


def encode(value: Any) -> Any:
    """``value`` as JSON that :func:`decode` turns back into an equal value of the same types (the members of a
    :func:`stored_by_value` enum as their strings)."""
    if type(value) in _STORED_BY_VALUE:
        return str(value.value)
    if isinstance(value, enum.Enum):  # first: a StrEnum or IntEnum is also a str or an int
        return {"@enum": _class_name(type(value)), "value": encode(value.value)}
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)  # json writes float.__repr__, which reads back to the same float
    if isinstance(value, Fraction):
        return {"@fraction": f"{value.numerator}/{value.denominator}"}
    if isinstance(value, Decimal):
        return {"@decimal": str(value)}
    if isinstance(value, tuple):
        return {"@tuple": [encode(item) for item in value]}
    if isinstance(value, list):
        return [encode(item) for item in value]
    if isinstance(value, frozenset | set):
        items = sorted((encode(item) for item in value), key=_canonical)
        return {"@frozenset" if isinstance(value, frozenset) else "@set": items}
    if isinstance(value, dict):
        pairs = [[encode(key), encode(item)] for key, item in value.items()]
        pairs.sort(key=lambda pair: _canonical(pair[0]))
        return {"@dict": pairs}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {field.name: encode(getattr(value, field.name)) for field in dataclasses.fields(value)}
        return {"@dataclass": _class_name(type(value)), "fields": fields}
    number = _numpy_scalar(value)
    if number is not None:
        return number
    raise TypeError(f"the figure store cannot keep a {type(value).__name__} exactly")


def decode(data: Any) -> Any:
    """The value :func:`encode` wrote."""
    if data is None or isinstance(data, bool | str | int | float):
        return data
    if isinstance(data, list):
        return [decode(item) for item in data]
    if "@fraction" in data:
        numerator, denominator = data["@fraction"].split("/")
        return Fraction(int(numerator), int(denominator))
    if "@tuple" in data:
        return tuple(decode(item) for item in data["@tuple"])
    if "@dict" in data:
        return {decode(key): decode(item) for key, item in data["@dict"]}
    if "@dataclass" in data:
        cls = _class(data["@dataclass"])
        fields = {name: decode(item) for name, item in data["fields"].items()}
        init = {field.name for field in dataclasses.fields(cls) if field.init}
        made = cls(**{name: item for name, item in fields.items() if name in init})
        for name, item in fields.items():
            if name not in init:
                object.__setattr__(made, name, item)
        return made
    if "@enum" in data:
        return _class(data["@enum"])(decode(data["value"]))
    if "@decimal" in data:
        return Decimal(data["@decimal"])
    if "@frozenset" in data:
        return frozenset(decode(item) for item in data["@frozenset"])
    if "@set" in data:
        return {decode(item) for item in data["@set"]}
    raise FigureStoreError(f"unknown stored value {sorted(data)[:3]}")


def _numpy_scalar(value: Any) -> int | float | bool | None:
    module = type(value).__module__
    if module == "numpy" and hasattr(value, "item"):
        item = value.item()
        if isinstance(item, bool | int | float):
            return item
    return None


def _class_name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


@cache
def _class(name: str) -> type:
    module_name, _, qualname = name.rpartition(".")
    if not _ALLOWED_MODULE.match(module_name):
        raise FigureStoreError(f"a stored figure names {name}, not a pacomply class")
    try:
        found: Any = import_module(module_name)
        for part in qualname.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError) as error:
        raise FigureStoreError(f"a stored figure names {name}, which pacomply does not have") from error
    return found


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


# --------------------------------------------------------------------------------------------------------------------
# Keys


@cache
def rulebook_version(chapter: str | None) -> str:
    """The law a chapter's figures are made under: the rulebook's version and a digest of the chapter's encoded data
    (its ``regulations/chapter_NNNa.py`` and the chapter modules it reads), so an edited paytable is a new rulebook
    even before the version is raised. ``-`` for a figure of no chapter."""
    if chapter is None:
        return "-"
    from pacomply import regulations

    book = regulations.rulebook(chapter)
    digest = hashlib.sha256()
    for source in _law_sources(chapter):
        digest.update(source.read_bytes().replace(b"\r\n", b"\n"))
    return f"{book.version} data:{digest.hexdigest()[:16]}"


def _law_sources(chapter: str) -> list[Path]:
    """The chapter's data module and the other chapter data modules it imports (688a reads 645a's tables)."""
    folder = Path(import_module("pacomply.regulations").__file__ or "").resolve().parent
    seen: list[Path] = []
    pending = [chapter]
    while pending:
        path = folder / f"chapter_{pending.pop()}.py"
        if path in seen or not path.is_file():
            continue
        seen.append(path)
        pending.extend(re.findall(r"pacomply\.regulations\.chapter_(\d{3}a)\b", path.read_text(encoding="utf-8")))
    return sorted(seen)


def pacomply_version() -> str:
    """The version of pacomply that makes a figure (recorded with it, never part of its key)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("pacomply")
    except PackageNotFoundError:
        return "source"


@dataclass(frozen=True, slots=True)
class FigureKey:
    """What identifies one figure: its kind, the chapter whose law it follows, the method and the inputs."""

    figure: str
    chapter: str | None
    method: int
    rulebook: str
    inputs: Any
    """The inputs, encoded (:func:`encode`)."""

    @property
    def digest(self) -> str:
        """The content address: SHA-256 of everything above, written canonically."""
        return hashlib.sha256(
            _canonical(
                {
                    "format": STORE_FORMAT,
                    "figure": self.figure,
                    "chapter": self.chapter,
                    "method": self.method,
                    "rulebook": self.rulebook,
                    "inputs": self.inputs,
                }
            ).encode("ascii")
        ).hexdigest()

    @property
    def shelf(self) -> str:
        """The shipped file the figure lives in."""
        return self.chapter or ENGINE_SHELF

    def entry(self, value: Any) -> dict[str, Any]:
        """The stored record of the figure's value."""
        return {
            "figure": self.figure,
            "chapter": self.chapter,
            "method": self.method,
            "rulebook": self.rulebook,
            "inputs": self.inputs,
            "pacomply": pacomply_version(),
            "value": encode(value),
        }


# --------------------------------------------------------------------------------------------------------------------
# Registered figures


@dataclass(frozen=True)
class Figure:
    """A registered figure function: calling it looks the figure up, computing and storing it only when absent."""

    name: str
    compute: Callable[..., Any]
    method: Callable[[Mapping[str, Any]], int]
    chapter: Callable[[Mapping[str, Any]], str | None]
    describe: Callable[[Mapping[str, Any]], str]

    def key(self, **inputs: Any) -> FigureKey:
        """The key of the figure for these inputs (keyword arguments of the compute function)."""
        chapter = self.chapter(inputs)
        return FigureKey(self.name, chapter, self.method(inputs), rulebook_version(chapter), encode(inputs))

    def key_and_digest(self, inputs: Mapping[str, Any]) -> tuple[FigureKey, str]:
        """The key of the figure for these inputs and its digest, remembered for inputs of plain values.

        A review looks the same few figures up hundreds of times (a 633a review asks for the blackjack spread at
        each deck count of each candidate, 480 times for 24 figures); encoding the inputs and hashing them each
        time cost about 0.1 ms a lookup. The memory is keyed by the inputs' exact types as well as their values
        (``1``, ``1.0`` and ``True`` are equal but encode differently) and by the rulebook the key is made under,
        so it gives the very key :meth:`key` makes."""
        plain = _plain_inputs(inputs)
        if plain is None:
            key = self.key(**inputs)
            return key, key.digest
        chapter = self.chapter(inputs)
        remembered = (self, plain, rulebook_version(chapter))
        found = _keys.get(remembered)
        if found is None:
            key = self.key(**inputs)
            found = _keys[remembered] = (key, key.digest)
        return found

    def __call__(self, **inputs: Any) -> Any:
        return lookup(self, inputs)

    def recompute(self, inputs: Mapping[str, Any]) -> Any:
        """The figure computed now, whatever is stored."""
        return self.compute(**inputs)

    def __reduce__(self) -> tuple[Callable[[str, str], Figure], tuple[str, str]]:
        # Pickled by name and registering module, so a figure travels to another process (a cluster's worker),
        # which imports the module and finds the same registered figure there.
        return _registered_in, (self.name, self.compute.__module__)


_REGISTRY: dict[str, Figure] = {}

#: The values a figure's inputs may hold for its key to be remembered (:meth:`Figure.key_and_digest`). Not
#: float: ``0.0`` and ``-0.0`` are equal but encode differently, and a NaN is equal to nothing.
_PLAIN_TYPES = frozenset({str, int, bool, type(None)})
_keys: dict[tuple[Figure, tuple[tuple[str, type, Any], ...], str], tuple[FigureKey, str]] = {}


def _plain_inputs(inputs: Mapping[str, Any]) -> tuple[tuple[str, type, Any], ...] | None:
    """The inputs as (name, exact type, value) triples where every value is of a plain type, else None."""
    plain = []
    for name, value in inputs.items():
        kind = type(value)
        if kind not in _PLAIN_TYPES:
            return None
        plain.append((name, kind, value))
    return tuple(plain)


_Value = TypeVar("_Value")


def _constant(value: _Value) -> Callable[[Mapping[str, Any]], _Value]:
    """A function of a figure's inputs that is always ``value`` (a fixed method version or chapter)."""

    def fixed(_inputs: Mapping[str, Any]) -> _Value:
        return value

    return fixed


def figure(
    name: str,
    *,
    method: int | Callable[[Mapping[str, Any]], int],
    chapter: str | Callable[[Mapping[str, Any]], str | None] | None = None,
    describe: Callable[[Mapping[str, Any]], str] | None = None,
) -> Callable[[Callable[..., Any]], Figure]:
    """Register ``compute`` (called with keyword arguments only) as the figure ``name``.

    ``method`` is the version of the way it is computed: raise it whenever a change of the code changes the figure,
    so that no stored figure of the old method is used. ``chapter`` names the rulebook the figure follows (a
    function of the inputs where they name it).
    """

    def register(compute: Callable[..., Any]) -> Figure:
        method_of = method if callable(method) else _constant(method)
        chapter_of = chapter if callable(chapter) else _constant(chapter)
        made = Figure(
            name=name,
            compute=compute,
            method=method_of,
            chapter=chapter_of,
            describe=describe or (lambda inputs: f"{name} {_describe_inputs(inputs)}"),
        )
        _REGISTRY[name] = made
        return made

    return register


def registered(name: str) -> Figure:
    """The figure registered as ``name`` (its module must have been imported)."""
    return _REGISTRY[name]


def _registered_in(name: str, module: str) -> Figure:
    """The figure registered as ``name`` by ``module`` (imported first): how a pickled figure is read back."""
    if name not in _REGISTRY:
        if not _ALLOWED_MODULE.match(module):
            raise FigureStoreError(f"a figure named {name} comes from {module}, not a pacomply module")
        import_module(module)
    return _REGISTRY[name]


def _describe_inputs(inputs: Mapping[str, Any]) -> str:
    return ", ".join(f"{key}={value}" for key, value in inputs.items() if value is not None)


# --------------------------------------------------------------------------------------------------------------------
# Where figures are kept


class FigureReporter(Protocol):
    """What is told about a figure computed because it was not stored (``Reporter`` is the silent default)."""

    def computing(self, description: str) -> None: ...

    def computed(self, description: str, seconds: float) -> None: ...

    def abandoned(self, description: str) -> None: ...


class Reporter:
    """Told when a figure is not stored and has to be computed (the CLI shows it on stderr; the default is silent)."""

    def computing(self, description: str) -> None:  # pragma: no cover - the silent default
        """A figure is being computed."""

    def computed(self, description: str, seconds: float) -> None:  # pragma: no cover - the silent default
        """The figure is computed and stored."""

    def abandoned(self, description: str) -> None:  # pragma: no cover - the silent default
        """Computing the figure raised (a configuration the wager math refuses, or a defect): nothing was stored."""


_reporter: FigureReporter = Reporter()
_memory: dict[str, Any] = {}
_given: dict[str, dict[str, Any]] = {}
_lock = threading.Lock()
_recordings = threading.local()


def set_reporter(reporter: FigureReporter) -> None:
    """Who is told about figures computed because they were not stored."""
    global _reporter
    _reporter = reporter


def current_reporter() -> FigureReporter:
    """Who is told now."""
    return _reporter


class TouchedKeys:
    """Within ``with``: the key of every figure looked up in this process, in order, once each (``figures build``
    writes exactly these to the shipped shelves)."""

    def __init__(self) -> None:
        self.keys: list[FigureKey] = []
        self._seen: set[str] = set()

    def add(self, key: FigureKey, digest: str) -> None:
        if digest not in self._seen:
            self._seen.add(digest)
            self.keys.append(key)

    def __enter__(self) -> TouchedKeys:
        _collectors.append(self)
        return self

    def __exit__(self, *_exc: object) -> None:
        _collectors.remove(self)


_collectors: list[TouchedKeys] = []


def touched_keys() -> TouchedKeys:
    """A collector of the keys looked up while it is entered."""
    return TouchedKeys()


class Recording:
    """Within ``with``, in this thread only: the key of every figure looked up and the entry of every figure computed
    (a cluster's worker hands both back with the figure it was asked for: ``engine/cluster_build.py``)."""

    def __init__(self) -> None:
        self.touched: dict[str, FigureKey] = {}
        self.computed: dict[str, dict[str, Any]] = {}

    def __enter__(self) -> Recording:
        _thread_recordings().append(self)
        return self

    def __exit__(self, *_exc: object) -> None:
        _thread_recordings().remove(self)


def _thread_recordings() -> list[Recording]:
    found: list[Recording] | None = getattr(_recordings, "stack", None)
    if found is None:
        found = _recordings.stack = []
    return found


def recording() -> Recording:
    """A record of the figures this thread looks up and computes while it is entered."""
    return Recording()


def give_entries(entries: Mapping[str, Mapping[str, Any]]) -> None:
    """Entries made elsewhere (by key), read as stored from now on in this process, after the shipped figures and
    before the user cache: what a cluster's client sends its workers, which may share no cache with it.
    :func:`forget_memory` drops them."""
    with _lock:
        for digest, entry in entries.items():
            _given.setdefault(digest, dict(entry))


def user_folder() -> Path:
    """The user cache's figures (``$PACOMPLY_CACHE_DIR/figures``, else the platform cache)."""
    configured = os.environ.get("PACOMPLY_CACHE_DIR", "").strip()
    if configured:
        return Path(configured) / "figures"
    import platformdirs

    return platformdirs.user_cache_path("pacomply", appauthor=False) / "figures"


def shipped_folder() -> Path | None:
    """The shipped figures' folder; ``PACOMPLY_SHIPPED_FIGURES=off`` leaves them out (to time or test without)."""
    if os.environ.get("PACOMPLY_SHIPPED_FIGURES", "").strip().lower() in {"off", "0", "no"}:
        return None
    return SHIPPED_FOLDER


def read_shelf(folder: Path, shelf: str) -> dict[str, dict[str, Any]]:
    """The entries of one shipped shelf file, by key (none where it does not exist)."""
    path = folder / f"{shelf}.json.gz"
    try:
        document = json.loads(gzip.decompress(path.read_bytes()))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as error:
        raise FigureStoreError(f"the shipped figures {path} cannot be read: {error}") from error
    if document.get("format") != STORE_FORMAT:
        return {}
    return document["entries"]


@cache
def _shipped(folder: Path, shelf: str) -> dict[str, dict[str, Any]]:
    return read_shelf(folder, shelf)


def write_shelf(folder: Path, shelf: str, entries: Mapping[str, Mapping[str, Any]]) -> Path:
    """Write a shipped shelf: sorted, gzip without a timestamp, so the same figures give the same bytes."""
    document = {"format": STORE_FORMAT, "shelf": shelf, "entries": {key: entries[key] for key in sorted(entries)}}
    data = gzip.compress(_canonical(document).encode("ascii"), compresslevel=9, mtime=0)
    path = folder / f"{shelf}.json.gz"
    _write_atomically(path, data)
    _shipped.cache_clear()
    return path


def _user_path(digest: str) -> Path:
    return user_folder() / digest[:2] / f"{digest}.json"


def read_user_entry(digest: str) -> dict[str, Any] | None:
    """The user cache's entry of a key, or None (a damaged file counts as absent and is written again)."""
    try:
        return json.loads(_user_path(digest).read_text(encoding="ascii"))
    except (OSError, ValueError):
        return None


def write_user_entry(digest: str, entry: Mapping[str, Any]) -> None:
    """Store an entry in the user cache; a cache that cannot be written only means computing again next time."""
    with suppress(OSError):
        _write_atomically(_user_path(digest), _canonical(entry).encode("ascii"))


def user_entries() -> Iterator[tuple[str, dict[str, Any]]]:
    """Every entry of the user cache, by key."""
    folder = user_folder()
    if not folder.is_dir():
        return
    for path in sorted(folder.glob("??/*.json")):
        try:
            yield path.stem, json.loads(path.read_text(encoding="ascii"))
        except (OSError, ValueError):
            continue


def _write_atomically(path: Path, data: bytes) -> None:
    """Write beside the target and move into place: a reader sees the old file or the new one, never a part."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)  # as an ordinary file would be, not mkstemp's owner-only mode
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


class _Mode:
    computing_only = False
    """True inside :func:`recomputing`: nothing is read or written."""


@contextmanager
def recomputing() -> Iterator[None]:
    """Within: every figure is computed, nothing read from or written to a store (``figures verify``)."""
    previous = _Mode.computing_only
    _Mode.computing_only = True
    try:
        yield
    finally:
        _Mode.computing_only = previous


def stored_entry(key: FigureKey) -> tuple[str, dict[str, Any]] | None:
    """Where a key's figure is stored (``shipped``, ``given`` by a cluster client, or ``user``) and its entry."""
    return _stored_entry(key, key.digest)


def _stored_entry(key: FigureKey, digest: str) -> tuple[str, dict[str, Any]] | None:
    folder = shipped_folder()
    if folder is not None:
        entry = _shipped(folder, key.shelf).get(digest)
        if entry is not None:
            return "shipped", entry
    given = _given.get(digest)
    if given is not None:
        return "given", given
    entry = read_user_entry(digest)
    if entry is not None:
        return "user", entry
    return None


def lookup(registered_figure: Figure, inputs: Mapping[str, Any]) -> Any:
    """A figure from the shipped store, else the user cache, else computed now and stored in the user cache."""
    if _Mode.computing_only:
        return registered_figure.compute(**inputs)
    key, digest = registered_figure.key_and_digest(inputs)
    for collector in _collectors:
        collector.add(key, digest)
    recordings = _thread_recordings()
    for record in recordings:
        record.touched.setdefault(digest, key)
    with _lock:
        if digest in _memory:
            return _memory[digest]
    found = _stored_entry(key, digest)
    if found is not None:
        try:
            value = decode(found[1]["value"])
        except (FigureStoreError, KeyError, TypeError, ValueError):
            value = None
            found = None
    if found is None:
        import time

        description = registered_figure.describe(inputs)
        _reporter.computing(description)
        start = time.perf_counter()
        try:
            value = registered_figure.compute(**inputs)
        except BaseException:
            _reporter.abandoned(description)
            raise
        entry = key.entry(value)
        write_user_entry(digest, entry)
        for record in recordings:
            record.computed[digest] = entry
        _reporter.computed(description, time.perf_counter() - start)
    with _lock:
        _memory[digest] = value
    return value


def forget_memory() -> None:
    """Drop what this process has looked up (tests; a new shipped folder)."""
    with _lock:
        _memory.clear()
        _given.clear()
    _keys.clear()
    _shipped.cache_clear()
