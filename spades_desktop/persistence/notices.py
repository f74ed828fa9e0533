"""What persistence tells the player: a machine-readable code with its arguments.

Persistence never words a message for the screen: a data-folder problem or a file set
aside is a :class:`Notice`, naming the case by a :class:`NoticeCode` and its arguments
(the folder, the operating system's reason), and the user interface translates the
code. :attr:`Notice.message` gives an English sentence for logs, tests and tools.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Notice", "NoticeCode"]


class NoticeCode(enum.Enum):
    """What happened to the data folder or a data file (docs/architecture.md, Persistence;
    SPEC.md §7). The value is a stable text code."""

    DATA_DIR_NOT_A_FOLDER = "data_dir_not_a_folder"
    """The data folder's path names a file, not a folder; argument ``folder``."""
    DATA_DIR_NOT_CREATED = "data_dir_not_created"
    """The data folder could not be created; arguments ``folder`` and ``reason``."""
    DATA_DIR_READ_ONLY = "data_dir_read_only"
    """No file can be written in the data folder; argument ``folder``."""
    DATA_DIR_NO_DELETE = "data_dir_no_delete"
    """Files in the data folder cannot be deleted; argument ``folder``."""
    AUTOSAVE_SET_ASIDE = "autosave_set_aside"
    """The saved game was unusable and has been set aside; a new game starts."""
    SETTINGS_SET_ASIDE = "settings_set_aside"
    """The settings file was unreadable and has been set aside; defaults apply."""
    STATS_SET_ASIDE = "stats_set_aside"
    """The statistics file was unreadable and has been set aside; counting restarts."""


_FOLDER_CODES = frozenset({
    NoticeCode.DATA_DIR_NOT_A_FOLDER,
    NoticeCode.DATA_DIR_NOT_CREATED,
    NoticeCode.DATA_DIR_READ_ONLY,
    NoticeCode.DATA_DIR_NO_DELETE,
})

_DATA_DIR_TAIL = "choose another with --data-dir."

_MESSAGES = {
    NoticeCode.AUTOSAVE_SET_ASIDE:
        "The saved game could not be read and has been set aside; a new game will start.",
    NoticeCode.SETTINGS_SET_ASIDE:
        "Your settings file was unreadable and has been set aside; defaults are in use.",
    NoticeCode.STATS_SET_ASIDE:
        "Your statistics file was unreadable and has been set aside; "
        "statistics start from zero.",
}


@dataclass(frozen=True, slots=True)
class Notice:
    """A message for the player: ``code`` and, for some codes, its arguments.

    ``folder`` (the absolute data folder) is set exactly for the ``DATA_DIR_*`` codes;
    ``reason`` (the operating system's words, e.g. "Permission denied") exactly for
    :attr:`NoticeCode.DATA_DIR_NOT_CREATED`. Raises ``ValueError`` when an argument is
    missing or given to a code that takes none.

    >>> Notice(NoticeCode.DATA_DIR_READ_ONLY, folder=Path("/data")).message
    'The data folder /data is read-only; choose another with --data-dir.'
    >>> Notice(NoticeCode.DATA_DIR_NOT_CREATED, Path("/data"), "Permission denied").args
    {'folder': '/data', 'reason': 'Permission denied'}
    """

    code: NoticeCode
    folder: Path | None = None
    reason: str | None = None

    def __post_init__(self) -> None:
        if (self.code in _FOLDER_CODES) != (self.folder is not None):
            raise ValueError("A folder is given exactly with the data-folder codes.")
        if (self.code is NoticeCode.DATA_DIR_NOT_CREATED) != (self.reason is not None):
            raise ValueError("A reason is given exactly with the code data_dir_not_created.")

    @property
    def args(self) -> dict[str, str]:
        """The arguments as text: ``{"folder": ..., "reason": ...}``, ``{"folder": ...}``
        or ``{}``."""
        args: dict[str, str] = {}
        if self.folder is not None:
            args["folder"] = str(self.folder)
        if self.reason is not None:
            args["reason"] = self.reason
        return args

    @property
    def message(self) -> str:
        """The notice as one English sentence (for logs and tools; the UI translates
        :attr:`code`)."""
        folder = self.folder
        if self.code is NoticeCode.DATA_DIR_NOT_A_FOLDER:
            return f"The data folder {folder} is not a folder; {_DATA_DIR_TAIL}"
        if self.code is NoticeCode.DATA_DIR_NOT_CREATED:
            return (f"The data folder {folder} could not be created ({self.reason}); "
                    f"{_DATA_DIR_TAIL}")
        if self.code is NoticeCode.DATA_DIR_READ_ONLY:
            return f"The data folder {folder} is read-only; {_DATA_DIR_TAIL}"
        if self.code is NoticeCode.DATA_DIR_NO_DELETE:
            return f"The data folder {folder} does not allow deleting files; {_DATA_DIR_TAIL}"
        return _MESSAGES[self.code]

    def __str__(self) -> str:
        return self.message
