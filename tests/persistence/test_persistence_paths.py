"""Data folder resolution and preparation (docs/architecture.md, Persistence)."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import platformdirs
import pytest

from spades_desktop.persistence.notices import Notice, NoticeCode
from spades_desktop.persistence.paths import (
    APP_NAME,
    ENV_VAR,
    DataDirError,
    DataPaths,
    prepare,
    remove_leftovers,
    resolve_data_dir,
)


def test_override_beats_environment(tmp_path: Path) -> None:
    env = {ENV_VAR: str(tmp_path / "from-env")}
    assert resolve_data_dir(tmp_path / "from-option", env) == tmp_path / "from-option"


def test_environment_beats_platform_default(tmp_path: Path) -> None:
    env = {ENV_VAR: str(tmp_path / "from-env")}
    assert resolve_data_dir(None, env) == tmp_path / "from-env"


def test_empty_override_and_environment_are_ignored() -> None:
    expected = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)).absolute()
    assert resolve_data_dir("", {ENV_VAR: ""}) == expected


def test_platform_default_uses_app_name_without_author() -> None:
    result = resolve_data_dir(None, {})
    assert result == Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)).absolute()
    assert APP_NAME in result.parts
    assert APP_NAME == "SpadesDesktop"
    assert ENV_VAR == "SPADES_DESKTOP_DATA_DIR"


def test_default_environment_is_os_environ(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "real-env"))
    assert resolve_data_dir(None) == tmp_path / "real-env"


def test_relative_and_home_paths_become_absolute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert resolve_data_dir("rel", {}) == tmp_path / "rel"
    if sys.platform != "win32":
        assert resolve_data_dir("~/d", {}) == tmp_path / "home" / "d"


def test_data_paths_file_names(tmp_path: Path) -> None:
    p = DataPaths(tmp_path)
    assert p.settings_file == tmp_path / "settings.json"
    assert p.autosave_file == tmp_path / "autosave.json"
    assert p.stats_file == tmp_path / "statistics.json"
    assert p.lock_file == tmp_path / "spades-desktop.lock"


def test_prepare_creates_nested_folder_and_leaves_no_probe(tmp_path: Path) -> None:
    root = tmp_path / "a" / "b" / "c"
    prepare(DataPaths(root))
    assert root.is_dir()
    assert list(root.iterdir()) == []
    prepare(DataPaths(root))  # an existing folder is fine too
    assert list(root.iterdir()) == []


def test_prepare_under_a_regular_file_fails_and_changes_nothing(tmp_path: Path) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("keep me", encoding="utf-8")
    root = blocker / "data"
    with pytest.raises(DataDirError) as info:
        prepare(DataPaths(root))
    notice = info.value.notice
    assert info.value.code is notice.code is NoticeCode.DATA_DIR_NOT_CREATED
    assert notice.folder == root and notice.reason  # the OS's words, e.g. "Not a directory"
    assert notice.args == {"folder": str(root), "reason": notice.reason}
    message = str(info.value)
    assert message == notice.message == (
        f"The data folder {root} could not be created ({notice.reason}); "
        "choose another with --data-dir."
    )
    assert "--data-dir" in message
    assert message.count(". ") == 0 and message.endswith(".")
    assert blocker.read_text(encoding="utf-8") == "keep me"
    assert {p.name for p in tmp_path.iterdir()} == {"blocker"}


def test_prepare_on_a_file_says_it_is_not_a_folder(tmp_path: Path) -> None:
    root = tmp_path / "file"
    root.write_text("x", encoding="utf-8")
    with pytest.raises(DataDirError, match="is not a folder") as info:
        prepare(DataPaths(root))
    assert info.value.code is NoticeCode.DATA_DIR_NOT_A_FOLDER
    assert info.value.notice.args == {"folder": str(root)}
    assert str(info.value) == (
        f"The data folder {root} is not a folder; choose another with --data-dir."
    )
    assert root.read_text(encoding="utf-8") == "x"


def test_prepare_names_the_reason_a_folder_could_not_be_created(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "denied"

    def deny(self: Path, mode: int = 0o777, parents: bool = False, exist_ok: bool = False) -> None:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "mkdir", deny)
    with pytest.raises(DataDirError) as info:
        prepare(DataPaths(root))
    assert info.value.code is NoticeCode.DATA_DIR_NOT_CREATED
    assert info.value.notice.args == {"folder": str(root), "reason": "Permission denied"}
    assert str(info.value) == (
        f"The data folder {root} could not be created (Permission denied); "
        "choose another with --data-dir."
    )


def test_prepare_folder_that_forbids_deleting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "keep"
    root.mkdir()
    real_unlink = Path.unlink

    def deny_probe(self: Path, missing_ok: bool = False) -> None:
        if ".write-probe-" in self.name:
            raise PermissionError(1, "Operation not permitted", str(self))
        real_unlink(self, missing_ok)

    monkeypatch.setattr(Path, "unlink", deny_probe)
    with pytest.raises(DataDirError) as info:
        prepare(DataPaths(root))
    assert info.value.code is NoticeCode.DATA_DIR_NO_DELETE
    assert info.value.notice.args == {"folder": str(root)}
    assert str(info.value) == (
        f"The data folder {root} does not allow deleting files; choose another with --data-dir."
    )


def test_data_dir_error_is_an_os_error() -> None:
    assert issubclass(DataDirError, OSError)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permission bits")
def test_prepare_read_only_folder(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("running as root: chmod 0o500 does not block writes")
    root = tmp_path / "ro"
    root.mkdir()
    (root / "settings.json").write_text("{}", encoding="utf-8")
    root.chmod(0o500)
    try:
        with pytest.raises(DataDirError) as info:
            prepare(DataPaths(root))
        assert info.value.code is NoticeCode.DATA_DIR_READ_ONLY
        assert str(info.value) == (
            f"The data folder {root} is read-only; choose another with --data-dir."
        )
        assert {p.name for p in root.iterdir()} == {"settings.json"}
    finally:
        root.chmod(0o700)


def test_prepare_read_only_folder_simulated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Works as root too: the probe file cannot be created."""
    root = tmp_path / "ro"
    root.mkdir()
    real_open = os.open

    def deny_probe(path: str | os.PathLike[str], flags: int, mode: int = 0o777) -> int:
        if ".write-probe-" in os.fspath(path):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_open(path, flags, mode)

    monkeypatch.setattr(os, "open", deny_probe)
    with pytest.raises(DataDirError) as info:
        prepare(DataPaths(root))
    assert info.value.code is NoticeCode.DATA_DIR_READ_ONLY
    assert info.value.notice.args == {"folder": str(root)}
    assert str(info.value) == (
        f"The data folder {root} is read-only; choose another with --data-dir."
    )
    assert list(root.iterdir()) == []


# -- a data folder that cannot be reached, a full disk, leftovers of a killed run ----------

def test_a_name_longer_than_the_file_system_allows_is_a_message(tmp_path: Path) -> None:
    root = tmp_path / ("x" * 300) / "data"  # one part of 300 bytes (the usual limit: 255)
    with pytest.raises(DataDirError) as info:
        prepare(DataPaths(root))
    notice = info.value.notice
    assert notice.code is NoticeCode.DATA_DIR_NOT_CREATED and notice.folder == root
    assert notice.reason  # the system's words, e.g. "File name too long"
    assert str(info.value) == (
        f"The data folder {root} could not be created ({notice.reason}); "
        "choose another with --data-dir."
    )
    assert list(tmp_path.iterdir()) == []


def _deny_stat_below(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """A folder the user may not read: looking up anything inside it fails (simulated,
    as the tests may run as root, whom permissions do not stop)."""
    real_stat = os.stat

    def stat(path: str | os.PathLike[str] | int, *args: object, **kwargs: object
             ) -> os.stat_result:
        if not isinstance(path, int) and Path(os.fspath(path)).is_relative_to(folder) \
                and Path(os.fspath(path)) != folder:
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_stat(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "stat", stat)


def test_a_data_folder_below_a_folder_that_may_not_be_read_is_a_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    closed = tmp_path / "closed"
    closed.mkdir()
    root = closed / "spades" / "data"
    _deny_stat_below(monkeypatch, closed)
    with pytest.raises(DataDirError) as info:
        prepare(DataPaths(root))
    assert info.value.notice == Notice(NoticeCode.DATA_DIR_NOT_CREATED, folder=root,
                                       reason="Permission denied")


class _FailingProbe:
    """Makes the probe file's creation or its writing fail with ``error``; everything
    else works (the disk is not really full)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, error: int, at: str) -> None:
        self.fds: set[int] = set()
        real_open, real_write = os.open, os.write

        def open_(path: str | os.PathLike[str], flags: int, mode: int = 0o777,
                  **kwargs: object) -> int:
            probe = ".write-probe-" in os.fspath(path)
            if probe and at == "create":
                raise OSError(error, os.strerror(error), os.fspath(path))
            fd = real_open(path, flags, mode, **kwargs)  # type: ignore[arg-type]
            if probe:
                self.fds.add(fd)
            return fd

        def write(fd: int, data: bytes) -> int:
            if fd in self.fds:
                raise OSError(error, os.strerror(error))
            return real_write(fd, data)

        monkeypatch.setattr(os, "open", open_)
        monkeypatch.setattr(os, "write", write)


@pytest.mark.parametrize("at", ["create", "write"])
@pytest.mark.parametrize("error", [errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)],
                         ids=["disk full", "quota"])
def test_a_full_disk_is_told_from_read_only_and_leaves_no_probe(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: int, at: str
) -> None:
    root = tmp_path / "data"
    root.mkdir()
    (root / "autosave.json").write_text("{}", encoding="utf-8")
    _FailingProbe(monkeypatch, error, at)
    notice = prepare(DataPaths(root))
    assert notice == Notice(NoticeCode.DATA_DIR_FULL, folder=root)
    assert {p.name for p in root.iterdir()} == {"autosave.json"}


def test_a_read_only_folder_that_lets_the_probe_be_created_leaves_no_probe(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "data"
    root.mkdir()
    _FailingProbe(monkeypatch, errno.EROFS, "write")
    with pytest.raises(DataDirError) as info:
        prepare(DataPaths(root))
    assert info.value.code is NoticeCode.DATA_DIR_READ_ONLY
    assert list(root.iterdir()) == []


def test_prepare_on_a_good_folder_says_nothing(tmp_path: Path) -> None:
    assert prepare(DataPaths(tmp_path / "data")) is None


def _killed_save(target: Path) -> None:
    """A process killed between writing a save's temporary file and renaming it."""
    code = textwrap.dedent(f"""
        import os
        from spades_desktop.persistence import write_json_atomic
        os.replace = lambda src, dst: os._exit(9)
        write_json_atomic({str(target)!r}, {{"kind": "x", "format": 1}})
    """)
    result = subprocess.run([sys.executable, "-c", code], timeout=60)
    assert result.returncode == 9


def test_leftovers_of_a_killed_save_are_removed(tmp_path: Path) -> None:
    paths = DataPaths(tmp_path / "data")
    prepare(paths)
    paths.autosave_file.write_text("the game", encoding="utf-8")
    for target in (paths.autosave_file, paths.settings_file, paths.stats_file):
        _killed_save(target)
    left = {p.name for p in paths.root.iterdir()} - {"autosave.json"}
    assert len(left) == 3 and all(name.endswith(".tmp") for name in left)
    old_probe = paths.root / f".write-probe-123-{'0' * 32}"
    old_probe.write_bytes(b"ok")
    # what is not ours stays: other names, a folder named like a temporary file
    keep = {"autosave.json", "notes.tmp", ".autosave.json.tmp", "autosave.json.corrupt-1",
            ".other.json.abcdefgh.tmp", ".settings.json.folder99.tmp"}
    for name in keep - {"autosave.json", ".settings.json.folder99.tmp"}:
        (paths.root / name).write_text("mine", encoding="utf-8")
    (paths.root / ".settings.json.folder99.tmp").mkdir()
    removed = remove_leftovers(paths)
    assert {p.name for p in removed} == left | {old_probe.name}
    assert {p.name for p in paths.root.iterdir()} == keep
    assert paths.autosave_file.read_text(encoding="utf-8") == "the game"
    assert remove_leftovers(paths) == []


def test_leftovers_in_a_folder_that_cannot_be_listed_are_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = DataPaths(tmp_path)

    def deny(path: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "scandir", deny)
    assert remove_leftovers(paths) == []


def test_leftovers_of_a_killed_save_in_the_games_folder_are_removed(tmp_path: Path) -> None:
    paths = DataPaths(tmp_path / "data")
    prepare(paths)
    paths.games_dir.mkdir()
    game_name = "20240601T120000Z-kept.json"
    (paths.games_dir / game_name).write_text("the game", encoding="utf-8")
    _killed_save(paths.games_dir / "20240602T120000Z-next.json")
    left = [p.name for p in paths.games_dir.iterdir() if p.name.endswith(".tmp")]
    assert len(left) == 1 and left[0].startswith(".20240602T120000Z-next.json.")
    # not ours: a temporary name of no game file, a folder, a link to a file of the player's
    mine = tmp_path / "mine.txt"
    mine.write_text("mine", encoding="utf-8")
    keep = {game_name, ".notes.json.abcdefgh.tmp", ".20240603T120000Z-dir.json.folder9.tmp",
            ".20240604T120000Z-link.json.abcdefgh.tmp"}
    (paths.games_dir / ".notes.json.abcdefgh.tmp").write_text("x", encoding="utf-8")
    (paths.games_dir / ".20240603T120000Z-dir.json.folder9.tmp").mkdir()
    (paths.games_dir / ".20240604T120000Z-link.json.abcdefgh.tmp").symlink_to(mine)
    removed = remove_leftovers(paths)
    assert [p.name for p in removed] == left
    assert {p.name for p in paths.games_dir.iterdir()} == keep
    assert mine.read_text(encoding="utf-8") == "mine"


def test_leftovers_are_not_looked_for_through_a_games_link(tmp_path: Path) -> None:
    """A ``games`` that is a link to a folder of the player's is never looked into."""
    paths = DataPaths(tmp_path / "data")
    prepare(paths)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    theirs = elsewhere / ".20240602T120000Z-next.json.abcdefgh.tmp"
    theirs.write_text("theirs", encoding="utf-8")
    paths.games_dir.symlink_to(elsewhere, target_is_directory=True)
    assert remove_leftovers(paths) == []
    assert theirs.read_text(encoding="utf-8") == "theirs"
