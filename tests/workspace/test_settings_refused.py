"""Each of the workspace's numeric settings from the environment, given a value outside its range or not a number,
stops `serve` before the store is opened, naming the setting and what it takes (one reader for them all:
workspace/settings.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REFUSED = [
    *[("PACOMPLY_REVIEW_NICENESS", written, "a whole number from 0 to 19") for written in ("20", "-1", "ten", "1.5")],
    *[
        ("PACOMPLY_SWITCH_INTERVAL", written, "a number of milliseconds from 0.05 to 5")
        for written in ("0", "0.01", "6", "fast", "nan", "-1")
    ],
    *[("PACOMPLY_UPLOAD_NICENESS", written, "a whole number from 0 to 19") for written in ("20", "-1", "five", "2.5")],
    *[("PACOMPLY_IDLE_POLICY", written, "a whole number from 0 to 1") for written in ("2", "-1", "yes", "0.5")],
    *[("PACOMPLY_UPLOADS_AT_ONCE", written, "a whole number from 1 to 64") for written in ("0", "65", "two", "2.5")],
]


@pytest.mark.parametrize(("setting", "written", "takes"), REFUSED)
def test_a_setting_out_of_its_range_stops_the_server_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, setting: str, written: str, takes: str
) -> None:
    from pacomply.workspace.serve import build

    monkeypatch.setenv(setting, written)
    with pytest.raises(ValueError, match=re.escape(f"${setting} must be {takes}")):
        build(f"sqlite:///{tmp_path / 'store.sqlite3'}", workers=1, processes=False)
    assert not (tmp_path / "store.sqlite3").exists()  # refused before the store was opened
