"""A data folder that holds another program's files is refused, and nothing in it is
touched (docs/architecture.md, Persistence)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spades_desktop.persistence import DataPaths, load_settings
from spades_desktop.persistence.notices import NoticeCode
from spades_desktop.persistence.paths import DataDirError, foreign_file, prepare

OTHER_PROGRAMS_SETTINGS = json.dumps({"editor.fontSize": 14, "theme": "dark"}, indent=2)


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


@pytest.mark.parametrize("name", ["settings.json", "autosave.json", "statistics.json"])
def test_another_programs_file_refuses_the_folder_and_changes_nothing(
    tmp_path: Path, name: str
) -> None:
    (tmp_path / name).write_text(OTHER_PROGRAMS_SETTINGS, encoding="utf-8")
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    before = _snapshot(tmp_path)
    paths = DataPaths(tmp_path)
    assert foreign_file(paths) == tmp_path / name
    with pytest.raises(DataDirError) as info:
        prepare(paths)
    notice = info.value.notice
    assert notice.code is NoticeCode.DATA_DIR_FOREIGN
    assert (notice.folder, notice.file) == (tmp_path, tmp_path / name)
    assert str(info.value) == (
        f"The data folder {tmp_path} holds another program's file {tmp_path / name}; it "
        "was left as it is. Choose another with --data-dir.")
    assert _snapshot(tmp_path) == before  # no probe, nothing renamed


def test_a_damaged_file_of_the_game_is_not_foreign(tmp_path: Path) -> None:
    paths = DataPaths(tmp_path)
    paths.settings_file.write_bytes(b'{"kind": "spades-desktop-settings", "format": 1, "se')
    assert foreign_file(paths) is None
    assert prepare(paths) is None
    _, notice = load_settings(paths)  # set aside as damaged, as before
    assert notice is not None and notice.code is NoticeCode.SETTINGS_SET_ASIDE


def test_a_folder_of_the_games_own_files_is_not_foreign(tmp_path: Path) -> None:
    paths = DataPaths(tmp_path)
    paths.settings_file.write_text(
        json.dumps({"kind": "spades-desktop-settings", "format": 1, "settings": {}}))
    paths.stats_file.write_text(json.dumps({"kind": "spades-desktop-statistics"}))
    assert foreign_file(paths) is None
    assert prepare(paths) is None


def test_a_games_link_is_set_aside_and_its_folder_untouched(tmp_path: Path) -> None:
    from spades_desktop.persistence import set_aside_odd_games_folder

    data, mine = tmp_path / "data", tmp_path / "mine"
    data.mkdir()
    mine.mkdir()
    (mine / "20240101T120000Z-g1.json").write_text("mine")
    paths = DataPaths(data)
    assert set_aside_odd_games_folder(paths) is None  # nothing there
    paths.games_dir.symlink_to(mine)
    kept = set_aside_odd_games_folder(paths)
    assert kept is not None and kept.name.startswith("games.corrupt-") and kept.is_symlink()
    assert not paths.games_dir.exists()
    assert [p.name for p in mine.iterdir()] == ["20240101T120000Z-g1.json"]
    paths.games_dir.mkdir()
    assert set_aside_odd_games_folder(paths) is None  # a real folder stays
    assert paths.games_dir.is_dir()
