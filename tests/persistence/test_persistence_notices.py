"""Notices for the player: a stable code with its arguments, and an English sentence
for logs (docs/architecture.md, Persistence)."""

from __future__ import annotations

from pathlib import Path

import pytest

from spades_desktop.persistence import (
    RESUME_FAILED_NOTICE,
    SETTINGS_RESET_NOTICE,
    STATS_RESET_NOTICE,
    Notice,
    NoticeCode,
)

FOLDER = Path("/srv/spades data")


def test_codes_are_stable_text() -> None:
    assert {code.value for code in NoticeCode} == {
        "data_dir_not_a_folder",
        "data_dir_not_created",
        "data_dir_read_only",
        "data_dir_no_delete",
        "data_dir_foreign",
        "data_dir_full",
        "autosave_set_aside",
        "settings_set_aside",
        "stats_set_aside",
        "autosave_newer",
        "settings_newer",
        "stats_newer",
        "already_running",
        "lock_unusable",
        "recent_game_set_aside",
        "import_unreadable",
        "import_too_large",
        "import_not_a_game",
        "import_damaged",
        "import_newer",
        "import_against_rules",
        "import_bad_date",
        "import_already_kept",
        "import_too_old",
        "import_folder_full",
        "import_not_written",
        "recent_game_not_removed",
        "export_failed",
    }
    assert NoticeCode("data_dir_read_only") is NoticeCode.DATA_DIR_READ_ONLY


def test_data_folder_notices_name_the_folder() -> None:
    cases = {
        NoticeCode.DATA_DIR_NOT_A_FOLDER:
            f"The data folder {FOLDER} is not a folder; choose another with --data-dir.",
        NoticeCode.DATA_DIR_READ_ONLY:
            f"The data folder {FOLDER} is read-only; choose another with --data-dir.",
        NoticeCode.DATA_DIR_NO_DELETE:
            f"The data folder {FOLDER} does not allow deleting files; "
            "choose another with --data-dir.",
    }
    for code, sentence in cases.items():
        notice = Notice(code, folder=FOLDER)
        assert notice.args == {"folder": str(FOLDER)}
        assert notice.message == str(notice) == sentence


def test_a_folder_not_created_gives_the_reason() -> None:
    notice = Notice(NoticeCode.DATA_DIR_NOT_CREATED, folder=FOLDER, reason="No space left")
    assert notice.args == {"folder": str(FOLDER), "reason": "No space left"}
    assert notice.message == (
        f"The data folder {FOLDER} could not be created (No space left); "
        "choose another with --data-dir."
    )


def test_set_aside_notices_take_no_arguments() -> None:
    assert Notice(NoticeCode.AUTOSAVE_SET_ASIDE) == RESUME_FAILED_NOTICE
    assert Notice(NoticeCode.SETTINGS_SET_ASIDE) == SETTINGS_RESET_NOTICE
    assert Notice(NoticeCode.STATS_SET_ASIDE) == STATS_RESET_NOTICE
    for notice in (RESUME_FAILED_NOTICE, SETTINGS_RESET_NOTICE, STATS_RESET_NOTICE):
        assert notice.args == {}
        assert "set aside" in notice.message and notice.message.endswith(".")


def test_a_full_disk_names_the_folder_and_says_nothing_is_saved() -> None:
    notice = Notice(NoticeCode.DATA_DIR_FULL, folder=FOLDER)
    assert NoticeCode.DATA_DIR_FULL.arguments == {"folder"}
    assert notice.message == (
        f"The disk of the data folder {FOLDER} is full; you can play, but nothing will be "
        "saved until you free some space and start Spades Desktop again."
    )


def test_newer_version_notices_name_the_file_kept() -> None:
    kept = FOLDER / "autosave.json.newer-20250101-120000"
    for code, start in [
        (NoticeCode.AUTOSAVE_NEWER, "The saved game was"),
        (NoticeCode.SETTINGS_NEWER, "Your settings file was"),
        (NoticeCode.STATS_NEWER, "Your statistics file was"),
    ]:
        notice = Notice(code, file=kept)
        assert code.arguments == {"file"} and notice.args == {"file": str(kept)}
        assert notice.message.startswith(
            f"{start} made by a newer version of Spades Desktop; it is kept unchanged as "
            f"{kept} and ")
        assert notice.message.count(". ") == 0 and notice.message.endswith(".")


def test_lock_notices_name_the_lock_file_and_how_to_go_on() -> None:
    lock = FOLDER / "spades-desktop.lock"
    running = Notice(NoticeCode.ALREADY_RUNNING, folder=FOLDER, file=lock)
    assert running.args == {"folder": str(FOLDER), "file": str(lock)}
    assert running.message == (
        f"Spades Desktop is already running with the data folder {FOLDER}; switch to its "
        f"window, or, if it is not running, delete the lock file {lock} and start again."
    )
    unusable = Notice(NoticeCode.LOCK_UNUSABLE, file=lock, reason="Is a directory")
    assert unusable.message == (
        f"The lock file {lock} cannot be used (Is a directory); if Spades Desktop is not "
        "running, delete it and start again."
    )


def test_a_folder_with_braces_is_not_taken_for_a_placeholder() -> None:
    odd = Path("/tmp/{file} {0}")
    assert Notice(NoticeCode.DATA_DIR_FULL, folder=odd).message.startswith(
        f"The disk of the data folder {odd} is full;")


@pytest.mark.parametrize(
    ("code", "folder", "reason"),
    [
        (NoticeCode.DATA_DIR_READ_ONLY, None, None),  # the folder is missing
        (NoticeCode.DATA_DIR_NOT_CREATED, FOLDER, None),  # the reason is missing
        (NoticeCode.DATA_DIR_READ_ONLY, FOLDER, "Permission denied"),  # no reason here
        (NoticeCode.SETTINGS_SET_ASIDE, FOLDER, None),  # no folder here
        (NoticeCode.SETTINGS_NEWER, None, None),  # the file is missing
        (NoticeCode.ALREADY_RUNNING, FOLDER, None),  # the lock file is missing
    ],
)
def test_arguments_must_fit_the_code(
    code: NoticeCode, folder: Path | None, reason: str | None
) -> None:
    with pytest.raises(ValueError):
        Notice(code, folder=folder, reason=reason)
