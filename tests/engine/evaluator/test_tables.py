"""Lookup tables: deterministic, digest-pinned, cached but never required on disk, not built at import."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
from pacomply.engine.evaluator import tables

# sha256 over every table (tables.table_digest). It pins determinism: the counts and reference tests establish
# that the tables are right; this catches any later change to them. Update it only with a reviewed table change.
TABLE_DIGEST = "93911f8b67d580b46ef02862867bc0fb61a27348f531c8c4b50f938e50bdb0d4"


def test_cached_tables_have_the_pinned_digest() -> None:
    assert tables.table_digest(tables.get_tables()) == TABLE_DIGEST


def test_a_fresh_build_reproduces_the_digest_and_a_missing_cache_is_rebuilt(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("PACOMPLY_CACHE_DIR", str(tmp_path))
    assert not tables.cache_path().exists()
    tables.get_tables.cache_clear()
    try:
        built = tables.get_tables()
        assert tables.table_digest(built) == TABLE_DIGEST
        assert tables.cache_path().exists()
        tables.get_tables.cache_clear()
        reloaded = tables.get_tables()
        assert tables.table_digest(reloaded) == TABLE_DIGEST
    finally:
        tables.get_tables.cache_clear()


def test_importing_the_package_builds_no_table() -> None:
    code = (
        "import engine.evaluator, engine.evaluator.tables as t; "
        "assert t.get_tables.cache_info().currsize == 0, 'tables built at import'"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parents[3])


def test_quinary_hash_is_a_bijection_onto_each_slot_range() -> None:
    # In the order count_vectors lists the vectors, which the table build relies on (a vector's hash is its position).
    ways = tables._ways()
    offsets = tables._offsets(ways)
    for total in (5, 6, 7):
        slots = [tables.quinary_hash(vector, offsets) for vector in tables.count_vectors(total)]
        assert slots == list(range(int(ways[13, total])))
    assert int(ways[13, 7]) == 49_205


def test_tables_are_read_only() -> None:
    table = tables.get_tables().standard_flush
    assert isinstance(table, np.ndarray) and not table.flags.writeable
