"""The lock of the data folder: one running instance, and no file left behind can lock the
player out (docs/architecture.md, Persistence; persistence/instance_lock.py)."""

from __future__ import annotations

import errno
import os
import random
import socket
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from spades_desktop.persistence import (
    DataPaths,
    InstanceLockError,
    LockHolder,
    Notice,
    NoticeCode,
    Verdict,
    acquire_instance_lock,
    judge_lock,
)
from spades_desktop.persistence.instance_lock import (
    LOCK_APP_NAME,
    lock_content,
    looks_like_spades_desktop,
    parse_lock_content,
    process_command_line,
    process_running,
)

from .conftest import files_in

HOST = socket.gethostname()
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file locks, FIFOs")
linux_only = pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="needs /proc")


# -- helpers: processes that hold the lock, or merely exist --------------------------------

def _spawn(code: str, *extra: str) -> subprocess.Popen[str]:
    """Run ``code`` in a new Python; it prints "ready" once set up."""
    process = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line.strip() == "ready", (line, process.stderr.read() if process.stderr else "")
    return process


def _stop(process: subprocess.Popen[str]) -> None:
    process.kill()
    process.communicate(timeout=30)


@pytest.fixture
def unrelated_python() -> Iterator[subprocess.Popen[str]]:
    """A live Python process that is not Spades Desktop (it only sleeps)."""
    process = _spawn("import time; print('ready', flush=True); time.sleep(30)")
    yield process
    _stop(process)


def _holder_process(root: Path) -> subprocess.Popen[str]:
    """A second instance: another process that takes the lock of ``root`` and keeps it."""
    return _spawn(f"""
        import time
        from pathlib import Path
        from spades_desktop.persistence import DataPaths, acquire_instance_lock
        lock = acquire_instance_lock(DataPaths(Path({str(root)!r})))
        print("ready", flush=True)
        time.sleep(60)
    """)


def _dead_pid() -> int:
    """The PID of a process that has ended (and was reaped)."""
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait(timeout=30)
    return process.pid


# -- the lock file's content ---------------------------------------------------------------

def test_lock_content_round_trip() -> None:
    holder = LockHolder(4242, LOCK_APP_NAME, "desk-7")
    assert lock_content(holder) == b"4242\nspades-desktop\ndesk-7\n"
    assert parse_lock_content(lock_content(holder)) == holder


def test_qt_lock_files_of_older_versions_parse() -> None:
    """Qt's QLockFile writes pid, program name, host name and a machine ID."""
    raw = b"812\npython3.11\nbox\n0123456789abcdef\n"
    assert parse_lock_content(raw) == LockHolder(812, "python3.11", "box")


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"\n\n\n",
        random.Random(7).randbytes(64),
        b"\xff\xfe1\nspades-desktop\nhost\n",
        b"42\nspades-desktop\n",  # no host line
        b"0\nspades-desktop\nhost\n",
        b"-5\nspades-desktop\nhost\n",
        b"4294967296\nspades-desktop\nhost\n",  # 2**32: no system has it
        b"99999999999999999999999999\nspades-desktop\nhost\n",
        b" 42\nspades-desktop\nhost\n",
        b"42\n\nhost\n",
        b"42\nspades-desktop\n\n",
        b"42\nspades\x07desktop\nhost\n",
    ],
    ids=["empty", "blank lines", "random bytes", "not UTF-8", "two lines", "PID 0",
         "negative PID", "PID 2**32", "PID too large", "PID with a space", "no program",
         "no host", "control character"],
)
def test_unusable_content_names_no_holder(raw: bytes) -> None:
    assert parse_lock_content(raw) is None
    verdict, holder = judge_lock(raw, this_host=HOST, this_pid=1,
                                 is_running=lambda pid: True, command_line=lambda pid: None)
    assert (verdict, holder) == (Verdict.NO_HOLDER, None)
    assert verdict.is_stale


# -- judging a holder where the file system has no locks -----------------------------------

SPADES = ("/usr/bin/python3", "-m", "spades_desktop")
OTHER = ("/usr/bin/python3", "-c", "import time; time.sleep(30)")


@pytest.mark.parametrize(
    ("host", "pid", "running", "arguments", "verdict"),
    [
        ("far-away", 500, True, SPADES, Verdict.OTHER_HOST),
        (HOST, 500, False, None, Verdict.NOT_RUNNING),
        (HOST, 77, True, SPADES, Verdict.NOT_RUNNING),  # 77 is the caller itself
        (HOST, 500, True, OTHER, Verdict.OTHER_PROGRAM),
        (HOST, 500, True, (), Verdict.OTHER_PROGRAM),  # a zombie has no arguments
        (HOST, 500, True, SPADES, Verdict.RUNNING),
        (HOST, 500, True, None, Verdict.RUNNING),  # cannot be examined: trusted
    ],
    ids=["other host", "PID gone", "own PID", "PID reused by another program", "zombie",
         "Spades Desktop runs", "no command line to read"],
)
def test_judge_lock(host: str, pid: int, running: bool, arguments: tuple[str, ...] | None,
                    verdict: Verdict) -> None:
    raw = lock_content(LockHolder(pid, LOCK_APP_NAME, host))
    asked: list[int] = []

    def is_running(p: int) -> bool:
        asked.append(p)
        return running

    result = judge_lock(raw, this_host=HOST, this_pid=77, is_running=is_running,
                        command_line=lambda p: arguments)
    assert result == (verdict, LockHolder(pid, LOCK_APP_NAME, host))
    assert result[0].is_stale is (verdict is not Verdict.RUNNING)
    assert all(p == pid for p in asked)


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        (["/usr/bin/python3", "-m", "spades_desktop"], True),
        (["/usr/bin/python3", "/usr/local/bin/spades-desktop"], True),
        ([r"C:\Program Files\Spades Desktop\SpadesDesktop.exe"], True),
        (["/Applications/Spades Desktop.app/Contents/MacOS/Spades Desktop"], True),
        (["/usr/bin/python3", "-c", "import time; time.sleep(30)"], False),
        (["vim", "/home/me/.local/share/SpadesDesktop/spades-desktop.lock"], False),
        (["/usr/bin/python3", "-m", "pytest", "tests/spades_desktop_test.py"], False),
        ([], False),
    ],
)
def test_looks_like_spades_desktop(arguments: list[str], expected: bool) -> None:
    assert looks_like_spades_desktop(arguments) is expected


def test_a_pid_no_system_has_is_not_running() -> None:
    assert not process_running(0)
    assert not process_running(-1)
    assert not process_running(2**40)
    assert process_running(os.getpid())


@linux_only
def test_the_command_line_of_an_unrelated_python_process(unrelated_python) -> None:
    arguments = process_command_line(unrelated_python.pid)
    assert arguments is not None and "import time" in " ".join(arguments)
    assert not looks_like_spades_desktop(arguments)
    assert process_command_line(_dead_pid()) is None


# -- taking the lock -----------------------------------------------------------------------

def test_a_free_folder_is_locked_and_the_file_goes_on_release(paths: DataPaths) -> None:
    lock = acquire_instance_lock(paths)
    assert lock.held and lock.path == paths.lock_file
    assert parse_lock_content(paths.lock_file.read_bytes()) == LockHolder(
        os.getpid(), LOCK_APP_NAME, HOST)
    assert lock.holder == LockHolder(os.getpid(), LOCK_APP_NAME, HOST)
    lock.release()
    assert not lock.held
    assert files_in(paths.root) == set()
    lock.release()  # twice is harmless
    with acquire_instance_lock(paths) as again:  # and the folder is free again
        assert again.held
    assert files_in(paths.root) == set()


def test_a_second_lock_in_the_same_process_is_refused(paths: DataPaths) -> None:
    with acquire_instance_lock(paths):
        with pytest.raises(InstanceLockError) as info:
            acquire_instance_lock(paths)
        assert info.value.code is NoticeCode.ALREADY_RUNNING
        assert info.value.notice == Notice(NoticeCode.ALREADY_RUNNING, folder=paths.root,
                                           file=paths.lock_file)
        assert info.value.holder == LockHolder(os.getpid(), LOCK_APP_NAME, HOST)


@posix_only
def test_a_second_instance_in_another_process_is_refused(paths: DataPaths) -> None:
    holder = _holder_process(paths.root)
    try:
        with pytest.raises(InstanceLockError) as info:
            acquire_instance_lock(paths)
        assert info.value.code is NoticeCode.ALREADY_RUNNING
        assert info.value.holder is not None and info.value.holder.pid == holder.pid
        message = str(info.value)
        assert str(paths.root) in message and str(paths.lock_file) in message
        assert "already running" in message and "delete the lock file" in message
    finally:
        _stop(holder)  # killed: no chance to remove its lock file
    assert paths.lock_file.exists()
    with acquire_instance_lock(paths) as lock:  # the file left by the killed one is stale
        assert lock.held


def _write_lock(paths: DataPaths, content: bytes) -> None:
    paths.lock_file.write_bytes(content)


STALE_CONTENT = {
    "empty": b"",
    "garbage": random.Random(3).randbytes(300),
    "PID too large": b"99999999999999999999999\nspades-desktop\n" + HOST.encode() + b"\n",
    "another host": b"4242\nspades-desktop\nsome-other-computer\n",
    "Qt lock of a process that is gone": b"%d\npython3.11\n%s\nabc\n",
}


@pytest.mark.parametrize("content", STALE_CONTENT.values(), ids=STALE_CONTENT.keys())
def test_a_lock_file_nobody_holds_is_taken_over(paths: DataPaths, content: bytes) -> None:
    if b"%d" in content:
        content = content.replace(b"%d", str(_dead_pid()).encode()).replace(
            b"%s", HOST.encode())
    _write_lock(paths, content)
    with acquire_instance_lock(paths) as lock:
        assert lock.held
        assert parse_lock_content(paths.lock_file.read_bytes()) == lock.holder
    assert files_in(paths.root) == set()


def test_a_lock_naming_an_unrelated_live_python_process_is_taken_over(
    paths: DataPaths, unrelated_python
) -> None:
    _write_lock(paths, lock_content(LockHolder(unrelated_python.pid, "python3.11", HOST)))
    with acquire_instance_lock(paths) as lock:
        assert lock.held
    assert unrelated_python.poll() is None  # the other process is left alone


def test_a_folder_at_the_lock_path_is_set_aside(paths: DataPaths) -> None:
    paths.lock_file.mkdir()
    (paths.lock_file / "inside.txt").write_text("keep me", encoding="utf-8")
    with acquire_instance_lock(paths) as lock:
        assert lock.held and paths.lock_file.is_file()
    (kept,) = files_in(paths.root)
    assert kept.startswith("spades-desktop.lock.corrupt-")
    assert (paths.root / kept / "inside.txt").read_text(encoding="utf-8") == "keep me"


@posix_only
def test_a_fifo_at_the_lock_path_is_set_aside_without_waiting(paths: DataPaths) -> None:
    os.mkfifo(paths.lock_file)
    with acquire_instance_lock(paths) as lock:
        assert lock.held and paths.lock_file.is_file()
    (kept,) = files_in(paths.root)
    assert kept.startswith("spades-desktop.lock.corrupt-")


@posix_only
def test_a_link_at_the_lock_path_is_set_aside_and_its_target_never_written(
    paths: DataPaths, tmp_path: Path
) -> None:
    victim = tmp_path / "precious.txt"
    victim.write_text("the player's own words\n", encoding="utf-8")
    paths.lock_file.symlink_to(victim)
    with acquire_instance_lock(paths) as lock:
        assert lock.held
        assert paths.lock_file.is_file() and not paths.lock_file.is_symlink()
        assert f"{os.getpid()}\n" in paths.lock_file.read_text(encoding="utf-8")
    assert victim.read_text(encoding="utf-8") == "the player's own words\n"
    (kept,) = files_in(paths.root)
    assert kept.startswith("spades-desktop.lock.corrupt-")
    assert (paths.root / kept).is_symlink()  # the link itself, renamed, still intact
    assert (paths.root / kept).resolve() == victim.resolve()


@posix_only
def test_a_dangling_link_at_the_lock_path_creates_nothing_where_it_leads(
    paths: DataPaths, tmp_path: Path
) -> None:
    nowhere = tmp_path / "not-yet"
    paths.lock_file.symlink_to(nowhere)
    with acquire_instance_lock(paths) as lock:
        assert lock.held
    assert not nowhere.exists()


@posix_only
def test_a_hard_link_at_the_lock_path_is_set_aside_and_the_other_name_kept(
    paths: DataPaths, tmp_path: Path
) -> None:
    victim = tmp_path / "precious.txt"
    victim.write_text("the player's own words\n", encoding="utf-8")
    os.link(victim, paths.lock_file)
    with acquire_instance_lock(paths) as lock:
        assert lock.held
    assert victim.read_text(encoding="utf-8") == "the player's own words\n"
    (kept,) = files_in(paths.root)
    assert kept.startswith("spades-desktop.lock.corrupt-")


@posix_only
def test_a_link_put_at_the_lock_path_after_the_check_is_not_followed(
    paths: DataPaths, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    victim = tmp_path / "precious.txt"
    victim.write_text("the player's own words\n", encoding="utf-8")
    real_open = os.open
    swapped: list[bool] = []

    def link_first(path: str | os.PathLike[str], flags: int, *args: int) -> int:
        if Path(path) == paths.lock_file and not swapped:
            swapped.append(True)
            paths.lock_file.symlink_to(victim)  # a race: planted after the lstat
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", link_first)
    with acquire_instance_lock(paths) as lock:
        assert lock.held
    assert swapped
    assert victim.read_text(encoding="utf-8") == "the player's own words\n"


def test_a_lock_path_that_cannot_be_set_aside_names_the_file_and_what_to_do(
    paths: DataPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths.lock_file.mkdir()
    real_rename = os.rename

    def refuse(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        if Path(src) == paths.lock_file:
            raise PermissionError(errno.EPERM, "Operation not permitted", str(src))
        real_rename(src, dst)

    monkeypatch.setattr(os, "rename", refuse)
    with pytest.raises(InstanceLockError) as info:
        acquire_instance_lock(paths)
    notice = info.value.notice
    assert notice.code is NoticeCode.LOCK_UNUSABLE and notice.file == paths.lock_file
    assert notice.reason  # the system's words, e.g. "Is a directory"
    assert str(info.value) == (
        f"The lock file {paths.lock_file} cannot be used ({notice.reason}); if Spades "
        "Desktop is not running, delete it and start again."
    )
    assert paths.lock_file.is_dir()  # nothing was deleted


# -- a file system without locks: the content is verified ---------------------------------

@pytest.fixture
def no_file_locks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every attempt at an operating-system lock fails as on a share without locks."""
    if sys.platform == "win32":
        pytest.skip("simulated on POSIX")
    import fcntl

    def unsupported(fd: int, operation: int) -> None:
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(fcntl, "flock", unsupported)


def test_without_file_locks_stale_content_is_taken_over(
    paths: DataPaths, no_file_locks, unrelated_python
) -> None:
    stale = [
        b"",
        random.Random(5).randbytes(100),
        b"99999999999999999999999\nspades-desktop\n" + HOST.encode() + b"\n",
        lock_content(LockHolder(4242, LOCK_APP_NAME, "some-other-computer")),
        lock_content(LockHolder(_dead_pid(), LOCK_APP_NAME, HOST)),
    ]
    if Path("/proc/self/cmdline").exists():  # only there can a PID be told from another
        stale.append(lock_content(LockHolder(unrelated_python.pid, LOCK_APP_NAME, HOST)))
    for content in stale:
        _write_lock(paths, content)
        lock = acquire_instance_lock(paths)
        assert not lock.os_lock
        assert parse_lock_content(paths.lock_file.read_bytes()) == lock.holder
        with pytest.raises(InstanceLockError):  # held now, also against this process
            acquire_instance_lock(paths)
        lock.release()
        assert files_in(paths.root) == set()


@linux_only
def test_without_file_locks_a_live_spades_desktop_holds_the_lock(
    paths: DataPaths, no_file_locks
) -> None:
    # a live process whose command line names Spades Desktop (its last argument)
    other = _spawn("import time; print('ready', flush=True); time.sleep(30)",
                   "spades-desktop")
    try:
        _write_lock(paths, lock_content(LockHolder(other.pid, LOCK_APP_NAME, HOST)))
        with pytest.raises(InstanceLockError) as info:
            acquire_instance_lock(paths)
        assert info.value.code is NoticeCode.ALREADY_RUNNING
        assert info.value.holder == LockHolder(other.pid, LOCK_APP_NAME, HOST)
    finally:
        _stop(other)
    with acquire_instance_lock(paths) as lock:  # once it has ended, the lock is stale
        assert lock.held
