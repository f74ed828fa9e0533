"""Atomic JSON writes, strict reads and quarantine (docs/architecture.md, Persistence)."""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from spades_desktop.persistence import atomic
from spades_desktop.persistence.atomic import (
    CorruptFileError,
    NewerFormatError,
    is_temp_file_name,
    quarantine,
    read_json,
    set_aside,
    write_json_atomic,
)

from .conftest import files_in

DOC: dict[str, Any] = {"kind": "test-kind", "format": 1, "text": "黑桃 ♠", "n": [1, 2.5, None]}


def test_round_trip_is_indented_utf8_json(tmp_path: Path) -> None:
    target = tmp_path / "f.json"
    write_json_atomic(target, DOC)
    raw = target.read_bytes()
    assert "黑桃 ♠".encode() in raw  # not \u escapes
    assert raw.endswith(b"\n")
    assert b'\n  "kind"' in raw  # indented
    assert read_json(target, "test-kind", 1) == DOC
    assert files_in(tmp_path) == {"f.json"}


def test_overwrite_leaves_no_temp_files(tmp_path: Path) -> None:
    target = tmp_path / "f.json"
    for i in range(5):
        write_json_atomic(target, {**DOC, "i": i})
    assert read_json(target, "test-kind", 1)["i"] == 4
    assert files_in(tmp_path) == {"f.json"}


def test_crash_in_replace_keeps_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "f.json"
    write_json_atomic(target, {**DOC, "v": "old"})
    before = target.read_bytes()

    def crash(src: object, dst: object) -> None:
        raise OSError("simulated crash during replace")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="simulated crash"):
        write_json_atomic(target, {**DOC, "v": "new"})
    assert target.read_bytes() == before
    assert files_in(tmp_path) == {"f.json"}


def test_crash_in_fsync_keeps_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "f.json"
    write_json_atomic(target, {**DOC, "v": "old"})
    before = target.read_bytes()

    def broken_fsync(fd: int) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="disk full"):
        write_json_atomic(target, {**DOC, "v": "new"})
    assert target.read_bytes() == before
    assert files_in(tmp_path) == {"f.json"}


@pytest.mark.parametrize("bad", [{"x": object()}, {"x": float("nan")}, {"x": float("inf")}])
def test_unserializable_object_writes_nothing(tmp_path: Path, bad: dict[str, Any]) -> None:
    target = tmp_path / "f.json"
    with pytest.raises((TypeError, ValueError)):
        write_json_atomic(target, bad)
    assert files_in(tmp_path) == set()


def test_windows_replace_is_retried_on_permission_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "f.json"
    real_replace = os.replace
    calls: list[int] = []

    def flaky(src: str, dst: Path) -> None:
        calls.append(1)
        if len(calls) < 3:
            raise PermissionError(13, "in use by a virus scanner")
        real_replace(src, dst)

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(time, "sleep", lambda s: None)
    monkeypatch.setattr(os, "replace", flaky)
    write_json_atomic(target, DOC)
    assert len(calls) == 3
    assert read_json(target, "test-kind", 1) == DOC
    assert files_in(tmp_path) == {"f.json"}


def test_windows_replace_gives_up_and_cleans_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "f.json"
    write_json_atomic(target, {**DOC, "v": "old"})
    before = target.read_bytes()

    def always_locked(src: str, dst: Path) -> None:
        raise PermissionError(13, "locked")

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(time, "sleep", lambda s: None)
    monkeypatch.setattr(os, "replace", always_locked)
    with pytest.raises(PermissionError):
        write_json_atomic(target, DOC)
    assert target.read_bytes() == before
    assert files_in(tmp_path) == {"f.json"}


def test_posix_permission_error_is_not_retried(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []

    def locked(src: str, dst: Path) -> None:
        calls.append(1)
        raise PermissionError(13, "locked")

    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(os, "replace", locked)
    with pytest.raises(PermissionError):
        write_json_atomic(tmp_path / "f.json", DOC)
    assert calls == [1]


CORRUPT_CASES: list[tuple[str, bytes, str]] = [
    ("empty", b"", "not valid JSON"),
    ("truncated", json.dumps(DOC).encode()[:-7], "not valid JSON"),
    ("not utf-8", b'{"kind": "test-kind", "format": 1, "x": "\xff\xfe"}', "not valid JSON"),
    ("nan", b'{"kind": "test-kind", "format": 1, "x": NaN}', "not valid JSON"),
    ("array", b'[{"kind": "test-kind", "format": 1}]', "not contain a JSON object"),
    ("string", b'"hello"', "not contain a JSON object"),
    ("foreign kind", b'{"kind": "other", "format": 1}', "of kind 'other'"),
    ("no kind", b'{"format": 1}', "of kind None"),
    ("no format", b'{"kind": "test-kind"}', "missing or invalid format"),
    ("text format", b'{"kind": "test-kind", "format": "1"}', "missing or invalid format"),
    ("bool format", b'{"kind": "test-kind", "format": true}', "missing or invalid format"),
    ("zero format", b'{"kind": "test-kind", "format": 0}', "missing or invalid format"),
    ("newer format", b'{"kind": "test-kind", "format": 3}', "newer than"),
]


@pytest.mark.parametrize(
    ("content", "reason"), [c[1:] for c in CORRUPT_CASES], ids=[c[0] for c in CORRUPT_CASES]
)
def test_read_json_rejects_bad_files(tmp_path: Path, content: bytes, reason: str) -> None:
    target = tmp_path / "f.json"
    target.write_bytes(content)
    with pytest.raises(CorruptFileError) as info:
        read_json(target, "test-kind", 2)
    message = str(info.value)
    assert reason in message
    assert str(target) in message
    assert message.endswith(".")
    assert target.read_bytes() == content  # reading never changes the file


def test_read_json_accepts_older_format(tmp_path: Path) -> None:
    target = tmp_path / "f.json"
    target.write_text('{"kind": "test-kind", "format": 1}', encoding="utf-8")
    assert read_json(target, "test-kind", 2) == {"kind": "test-kind", "format": 1}


def test_read_json_missing_file_is_not_corrupt(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_json(tmp_path / "absent.json", "test-kind", 1)


def test_read_json_folder_is_corrupt(tmp_path: Path) -> None:
    (tmp_path / "f.json").mkdir()
    with pytest.raises(CorruptFileError, match="could not be read"):
        read_json(tmp_path / "f.json", "test-kind", 1)


def test_read_json_newer_format_says_which(tmp_path: Path) -> None:
    target = tmp_path / "f.json"
    target.write_text('{"kind": "test-kind", "format": 7}', encoding="utf-8")
    with pytest.raises(NewerFormatError) as info:
        read_json(target, "test-kind", 2)
    assert isinstance(info.value, CorruptFileError)
    assert (info.value.found, info.value.supported) == (7, 2)


def _read_in_thread(target: Path) -> BaseException | None:
    """``read_json(target)``'s error, or AssertionError when it has not returned within
    30 s (it waits on something; the thread is left behind as a daemon)."""
    outcome: list[BaseException | None] = []

    def run() -> None:
        try:
            read_json(target, "test-kind", 1)
            outcome.append(None)
        except BaseException as exc:  # handed to the test
            outcome.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(30)
    if not outcome:
        return AssertionError(f"read_json({target}) is still waiting")
    return outcome[0]


@pytest.mark.skipif(sys.platform == "win32", reason="no FIFOs")
def test_read_json_never_waits_on_a_fifo(tmp_path: Path) -> None:
    target = tmp_path / "f.json"
    os.mkfifo(target)
    error = _read_in_thread(target)
    assert isinstance(error, CorruptFileError), error
    assert "a pipe, not a file" in str(error) and str(target) in str(error)


@pytest.mark.skipif(sys.platform == "win32", reason="no FIFOs")
def test_read_json_never_waits_on_a_link_to_a_fifo(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "f.json").symlink_to(tmp_path / "pipe")
    assert isinstance(_read_in_thread(tmp_path / "f.json"), CorruptFileError)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_read_json_refuses_a_device(tmp_path: Path) -> None:
    (tmp_path / "f.json").symlink_to("/dev/zero")
    assert isinstance(_read_in_thread(tmp_path / "f.json"), CorruptFileError)


def test_read_json_never_follows_a_link_to_a_good_file(tmp_path: Path) -> None:
    real = tmp_path / "elsewhere.json"
    write_json_atomic(real, DOC)
    before = real.read_bytes()
    (tmp_path / "f.json").symlink_to(real)
    with pytest.raises(CorruptFileError, match="a link, not a file"):
        read_json(tmp_path / "f.json", "test-kind", 1)
    assert real.read_bytes() == before
    # A file the player chose (an import) is read where its link leads.
    assert read_json(tmp_path / "f.json", "test-kind", 1, follow_links=True) == DOC


def test_read_json_refuses_a_link_replacing_the_file_between_check_and_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = tmp_path / "elsewhere.json"
    write_json_atomic(real, DOC)
    target = tmp_path / "f.json"
    write_json_atomic(target, DOC)
    lstat = os.lstat

    def swap_after_check(path: Any, *args: Any, **kwargs: Any) -> os.stat_result:
        result = lstat(path, *args, **kwargs)
        if Path(path) == target:
            target.unlink()
            target.symlink_to(real)
        return result

    monkeypatch.setattr(atomic.os, "lstat", swap_after_check)
    with pytest.raises(CorruptFileError, match="could not be read"):
        read_json(target, "test-kind", 1)


def test_read_json_accepts_a_byte_order_mark(tmp_path: Path) -> None:
    target = tmp_path / "f.json"
    target.write_bytes(b"\xef\xbb\xbf" + json.dumps(DOC).encode())
    assert read_json(target, "test-kind", 1) == DOC


@pytest.mark.parametrize(
    ("content", "foreign"),
    [
        (b'{"theme": "dark"}', True),  # another program's settings
        (b'[1, 2, 3]', False),  # no program's settings: damaged, set aside as ours
        (b'{}', False),
        (b'1e999', False),
        (b'{"kind": "vscode-settings", "format": 1}', True),
        (b'{"kind": "spades-desktop-settings", "format": 1}', False),
        (b'{"kind": "spades-desktop-statistics", "format": 99}', False),  # ours, misplaced
        (b'{"kind": "spades-desk', False),  # damaged: not JSON, set aside as ours
        (b"\xff\xfe\x00", False),
    ],
)
def test_is_foreign_file(tmp_path: Path, content: bytes, foreign: bool) -> None:
    target = tmp_path / "settings.json"
    target.write_bytes(content)
    assert atomic.is_foreign_file(target) is foreign


def test_is_foreign_file_reads_no_link_and_no_missing_file(tmp_path: Path) -> None:
    (tmp_path / "other.json").write_text('{"theme": "dark"}')
    (tmp_path / "settings.json").symlink_to(tmp_path / "other.json")
    assert atomic.is_foreign_file(tmp_path / "settings.json") is False
    assert atomic.is_foreign_file(tmp_path / "missing.json") is False


def test_read_json_symlink_loop_is_corrupt(tmp_path: Path) -> None:
    target = tmp_path / "f.json"
    target.symlink_to(target)
    with pytest.raises(CorruptFileError, match="could not be read"):
        read_json(target, "test-kind", 1)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        (".autosave.json.k2_x9q1a.tmp", True),
        (".autosave.json.abcdefgh.tmp", True),
        (".settings.json.abcdefgh.tmp", False),  # another file's
        ("autosave.json", False),
        (".autosave.json.tmp", False),
        (".autosave.json.abc.tmp", False),
        (".autosave.json.ABCDEFGH.tmp", False),
        (".autosave.json.abcdefgh.tmp.bak", False),
    ],
)
def test_temp_file_names(name: str, expected: bool) -> None:
    assert is_temp_file_name(name, "autosave.json") is expected


def test_a_real_temp_file_name_is_recognised(tmp_path: Path, monkeypatch) -> None:
    seen: list[str] = []

    def keep(src: str, dst: object) -> None:
        seen.append(os.path.basename(src))
        raise OSError("crash")

    monkeypatch.setattr(os, "replace", keep)
    with pytest.raises(OSError):
        write_json_atomic(tmp_path / "autosave.json", DOC)
    assert len(seen) == 1 and is_temp_file_name(seen[0], "autosave.json")


def test_read_json_refuses_huge_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "f.json"
    write_json_atomic(target, {**DOC, "pad": "x" * 200})
    monkeypatch.setattr(atomic, "MAX_FILE_BYTES", 100)
    with pytest.raises(CorruptFileError, match="too large"):
        read_json(target, "test-kind", 1)


def test_quarantine_renames_with_timestamp_and_counter(tmp_path: Path) -> None:
    now = datetime(2024, 3, 5, 7, 8, 9)
    for i in range(3):
        (tmp_path / "settings.json").write_text(f"bad {i}", encoding="utf-8")
        moved = quarantine(tmp_path / "settings.json", now=now)
        suffix = "" if i == 0 else f"-{i}"
        assert moved == tmp_path / f"settings.json.corrupt-20240305-070809{suffix}"
        assert moved.read_text(encoding="utf-8") == f"bad {i}"
        assert not (tmp_path / "settings.json").exists()
    assert len(files_in(tmp_path)) == 3


def test_quarantine_default_time_format(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text("x", encoding="utf-8")
    moved = quarantine(tmp_path / "a.json")
    stamp = moved.name.removeprefix("a.json.corrupt-")
    parsed = datetime.strptime(stamp, "%Y%m%d-%H%M%S")  # raises if the format is wrong
    assert parsed.strftime("%Y%m%d-%H%M%S") == stamp


def test_quarantine_missing_file_raises_and_set_aside_does_not(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        quarantine(tmp_path / "absent.json")
    assert set_aside(tmp_path / "absent.json") is None
