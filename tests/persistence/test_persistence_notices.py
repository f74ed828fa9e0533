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
        "autosave_set_aside",
        "settings_set_aside",
        "stats_set_aside",
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


@pytest.mark.parametrize(
    ("code", "folder", "reason"),
    [
        (NoticeCode.DATA_DIR_READ_ONLY, None, None),  # the folder is missing
        (NoticeCode.DATA_DIR_NOT_CREATED, FOLDER, None),  # the reason is missing
        (NoticeCode.DATA_DIR_READ_ONLY, FOLDER, "Permission denied"),  # no reason here
        (NoticeCode.SETTINGS_SET_ASIDE, FOLDER, None),  # no folder here
    ],
)
def test_arguments_must_fit_the_code(
    code: NoticeCode, folder: Path | None, reason: str | None
) -> None:
    with pytest.raises(ValueError):
        Notice(code, folder=folder, reason=reason)
