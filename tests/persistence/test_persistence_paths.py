"""Data folder resolution and preparation (docs/architecture.md, Persistence)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs
import pytest

from spades_desktop.persistence.notices import NoticeCode
from spades_desktop.persistence.paths import (
    APP_NAME,
    ENV_VAR,
    DataDirError,
    DataPaths,
    prepare,
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
