"""What persistence tells the player: a machine-readable code with its arguments.

Persistence never words a message for the screen: a data-folder problem, a file set
aside or the lock of another running instance is a :class:`Notice`, naming the case by a
:class:`NoticeCode` and its arguments (the folder, a file, the operating system's
reason), and the user interface translates the code. :attr:`Notice.message` gives an
English sentence for logs, tests and tools.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from pathlib import Path

__all__ = ["IMPORT_REFUSALS", "Notice", "NoticeCode"]


class NoticeCode(enum.Enum):
    """What happened to the data folder, a data file or the lock of the running instance
    (docs/architecture.md, Persistence; docs/rules.md §7). The value is a stable text code;
    :attr:`arguments` names the arguments a :class:`Notice` of this code carries."""

    DATA_DIR_NOT_A_FOLDER = "data_dir_not_a_folder"
    """The data folder's path names a file, not a folder; argument ``folder``."""
    DATA_DIR_NOT_CREATED = "data_dir_not_created"
    """The data folder could not be created or reached (a folder on the way that may not
    be read, a name too long); arguments ``folder`` and ``reason``."""
    DATA_DIR_READ_ONLY = "data_dir_read_only"
    """No file can be written in the data folder; argument ``folder``."""
    DATA_DIR_NO_DELETE = "data_dir_no_delete"
    """Files in the data folder cannot be deleted; argument ``folder``."""
    DATA_DIR_FOREIGN = "data_dir_foreign"
    """The data folder holds another program's file where a file of the game belongs
    (``file``, e.g. another program's ``settings.json``): the folder is refused and
    nothing in it is touched; argument ``folder`` too."""
    DATA_DIR_FULL = "data_dir_full"
    """The disk of the data folder is full: the game starts, but nothing is saved;
    argument ``folder``."""
    AUTOSAVE_SET_ASIDE = "autosave_set_aside"
    """The saved game was unusable and has been set aside; a new game starts."""
    SETTINGS_SET_ASIDE = "settings_set_aside"
    """The settings file was unreadable and has been set aside; defaults apply."""
    STATS_SET_ASIDE = "stats_set_aside"
    """The statistics file was unreadable and has been set aside; counting restarts."""
    AUTOSAVE_NEWER = "autosave_newer"
    """The saved game was made by a newer version; it is kept, unchanged, as ``file``."""
    SETTINGS_NEWER = "settings_newer"
    """The settings were made by a newer version; they are kept, unchanged, as ``file``."""
    STATS_NEWER = "stats_newer"
    """The statistics were made by a newer version; they are kept, unchanged, as
    ``file``."""
    ALREADY_RUNNING = "already_running"
    """Another Spades Desktop holds the lock of the data folder; arguments ``folder`` and
    ``file`` (the lock file)."""
    LOCK_UNUSABLE = "lock_unusable"
    """The lock file can be neither taken nor set aside; arguments ``file`` (the lock
    file) and ``reason``."""

    RECENT_GAME_SET_ASIDE = "recent_game_set_aside"
    """A file among the recent games was unreadable or does not replay by the rules; it
    has been set aside as ``file`` and is no longer listed."""
    IMPORT_UNREADABLE = "import_unreadable"
    """The file ``file`` to import cannot be opened or read (no such file, a folder, no
    permission). Nothing was imported."""
    IMPORT_TOO_LARGE = "import_too_large"
    """The file ``file`` to import is far larger than any game file; it was not read.
    Nothing was imported."""
    IMPORT_NOT_A_GAME = "import_not_a_game"
    """The file ``file`` to import is not a Spades Desktop game file (not JSON, not an
    object, another kind, no format version). Nothing was imported."""
    IMPORT_DAMAGED = "import_damaged"
    """The game file ``file`` to import has missing or bad entries (a difficulty, a
    score, a list of actions that is no list). Nothing was imported."""
    IMPORT_NEWER = "import_newer"
    """The game file ``file`` to import was made by a newer version; nothing was
    imported."""
    IMPORT_AGAINST_RULES = "import_against_rules"
    """The game in ``file`` does not replay by the rules (a card or bid that does not
    exist, an action not allowed, or a result that is not the one its actions reach).
    Nothing was imported."""
    IMPORT_BAD_DATE = "import_bad_date"
    """The game in ``file`` is dated before 2000 or after tomorrow, as no game of Spades
    Desktop is; nothing was imported."""
    IMPORT_ALREADY_KEPT = "import_already_kept"
    """The game in ``file`` is already among the recent games: the same id, or a copy
    (the same rules, game number, deal and actions) under another id. Nothing was
    imported."""
    IMPORT_TOO_OLD = "import_too_old"
    """The recent games are full, and the game in ``file`` is older than all of them (it
    would be removed at once); nothing was imported."""
    IMPORT_FOLDER_FULL = "import_folder_full"
    """The recent games are full: importing the game in ``file`` would remove the
    player's oldest one, so nothing was imported (the player may remove a game first)."""
    IMPORT_NOT_WRITTEN = "import_not_written"
    """The game in ``file`` was accepted but could not be written among the recent games
    (a full disk, a folder that may not be written); nothing was imported."""
    RECENT_GAME_NOT_REMOVED = "recent_game_not_removed"
    """The player's choice to remove a recent game failed: ``file`` could not be
    deleted; argument ``reason``."""
    EXPORT_FAILED = "export_failed"
    """A game could not be written to ``file``; argument ``reason``."""

    @property
    def arguments(self) -> frozenset[str]:
        """The names of the arguments a notice of this code carries: a subset of
        ``{"folder", "reason", "file"}``."""
        return _ARGUMENTS.get(self, frozenset())


IMPORT_REFUSALS = frozenset({
    NoticeCode.IMPORT_UNREADABLE, NoticeCode.IMPORT_TOO_LARGE, NoticeCode.IMPORT_NOT_A_GAME,
    NoticeCode.IMPORT_DAMAGED, NoticeCode.IMPORT_NEWER, NoticeCode.IMPORT_AGAINST_RULES,
    NoticeCode.IMPORT_BAD_DATE, NoticeCode.IMPORT_ALREADY_KEPT, NoticeCode.IMPORT_TOO_OLD,
    NoticeCode.IMPORT_FOLDER_FULL, NoticeCode.IMPORT_NOT_WRITTEN,
})
"""The codes of a refused import. Each takes the argument ``file`` (the file the player
chose) and its sentence has one form, "<the file's name> could not be imported: <a
reason in plain words>.", naming the file by its name alone (the full path and the
technical details go to the log)."""

_FOLDER = frozenset({"folder"})
_FILE = frozenset({"file"})
_ARGUMENTS: dict[NoticeCode, frozenset[str]] = {
    NoticeCode.DATA_DIR_NOT_A_FOLDER: _FOLDER,
    NoticeCode.DATA_DIR_NOT_CREATED: frozenset({"folder", "reason"}),
    NoticeCode.DATA_DIR_READ_ONLY: _FOLDER,
    NoticeCode.DATA_DIR_NO_DELETE: _FOLDER,
    NoticeCode.DATA_DIR_FOREIGN: frozenset({"folder", "file"}),
    NoticeCode.DATA_DIR_FULL: _FOLDER,
    NoticeCode.AUTOSAVE_NEWER: _FILE,
    NoticeCode.SETTINGS_NEWER: _FILE,
    NoticeCode.STATS_NEWER: _FILE,
    NoticeCode.ALREADY_RUNNING: frozenset({"folder", "file"}),
    NoticeCode.LOCK_UNUSABLE: frozenset({"file", "reason"}),
    NoticeCode.RECENT_GAME_SET_ASIDE: _FILE,
    **{code: _FILE for code in IMPORT_REFUSALS},
    NoticeCode.RECENT_GAME_NOT_REMOVED: frozenset({"file", "reason"}),
    NoticeCode.EXPORT_FAILED: frozenset({"file", "reason"}),
}

_DATA_DIR_TAIL = "choose another with --data-dir."
_IMPORT_FORM = "{file_name} could not be imported: "

# English sentences; {folder}, {reason} and {file} are the arguments.
_MESSAGES = {
    NoticeCode.DATA_DIR_NOT_A_FOLDER: "The data folder {folder} is not a folder; " + _DATA_DIR_TAIL,
    NoticeCode.DATA_DIR_NOT_CREATED:
        "The data folder {folder} could not be created ({reason}); " + _DATA_DIR_TAIL,
    NoticeCode.DATA_DIR_READ_ONLY: "The data folder {folder} is read-only; " + _DATA_DIR_TAIL,
    NoticeCode.DATA_DIR_NO_DELETE:
        "The data folder {folder} does not allow deleting files; " + _DATA_DIR_TAIL,
    NoticeCode.DATA_DIR_FOREIGN:
        "The data folder {folder} holds another program's file {file}; it was left as it "
        "is. " + _DATA_DIR_TAIL.capitalize(),
    NoticeCode.DATA_DIR_FULL:
        "The disk of the data folder {folder} is full; you can play, but nothing will be "
        "saved until you free some space and start Spades Desktop again.",
    NoticeCode.AUTOSAVE_SET_ASIDE:
        "The saved game could not be read and has been set aside; a new game will start.",
    NoticeCode.SETTINGS_SET_ASIDE:
        "Your settings file was unreadable and has been set aside; defaults are in use.",
    NoticeCode.STATS_SET_ASIDE:
        "Your statistics file was unreadable and has been set aside; "
        "statistics start from zero.",
    NoticeCode.AUTOSAVE_NEWER:
        "The saved game was made by a newer version of Spades Desktop; it is kept "
        "unchanged as {file} and a new game will start.",
    NoticeCode.SETTINGS_NEWER:
        "Your settings file was made by a newer version of Spades Desktop; it is kept "
        "unchanged as {file} and defaults are in use.",
    NoticeCode.STATS_NEWER:
        "Your statistics file was made by a newer version of Spades Desktop; it is kept "
        "unchanged as {file} and statistics start from zero.",
    NoticeCode.ALREADY_RUNNING:
        "Spades Desktop is already running with the data folder {folder}; switch to its "
        "window, or, if it is not running, delete the lock file {file} and start again.",
    NoticeCode.LOCK_UNUSABLE:
        "The lock file {file} cannot be used ({reason}); if Spades Desktop is not running, "
        "delete it and start again.",
    NoticeCode.RECENT_GAME_SET_ASIDE:
        "A recent game could not be read and has been set aside as {file}; it is no "
        "longer listed.",
    NoticeCode.IMPORT_UNREADABLE:
        _IMPORT_FORM + "the file cannot be opened or read.",
    NoticeCode.IMPORT_TOO_LARGE:
        _IMPORT_FORM + "it is far too large to be a game from Spades Desktop.",
    NoticeCode.IMPORT_NOT_A_GAME:
        _IMPORT_FORM + "it is not a game file from Spades Desktop.",
    NoticeCode.IMPORT_DAMAGED:
        _IMPORT_FORM + "it is a game file from Spades Desktop, but it is damaged.",
    NoticeCode.IMPORT_NEWER:
        _IMPORT_FORM + "it was made by a newer version of Spades Desktop.",
    NoticeCode.IMPORT_AGAINST_RULES:
        _IMPORT_FORM + "its bids and cards do not make a game the rules allow, or do not "
                       "reach the result it gives.",
    NoticeCode.IMPORT_BAD_DATE:
        _IMPORT_FORM + "it is dated before 2000 or after tomorrow, and no game of Spades "
                       "Desktop is.",
    NoticeCode.IMPORT_ALREADY_KEPT:
        _IMPORT_FORM + "this game is already in your recent games.",
    NoticeCode.IMPORT_TOO_OLD:
        _IMPORT_FORM + "your recent games are full, and this game is older than all of "
                       "them.",
    NoticeCode.IMPORT_FOLDER_FULL:
        _IMPORT_FORM + "your recent games are full, and importing this game would remove "
                       "your oldest one. Remove a game you no longer need, then import "
                       "again.",
    NoticeCode.IMPORT_NOT_WRITTEN:
        _IMPORT_FORM + "it could not be written among your recent games. Check that the "
                       "disk is not full.",
    NoticeCode.RECENT_GAME_NOT_REMOVED:
        "The recent game {file} could not be removed ({reason}).",
    NoticeCode.EXPORT_FAILED: "The game could not be exported to {file} ({reason}).",
}


@dataclass(frozen=True, slots=True)
class Notice:
    """A message for the player: ``code`` and, for some codes, its arguments.

    ``folder`` (the absolute data folder), ``reason`` (the operating system's words, e.g.
    "Permission denied") and ``file`` (a file's absolute path; the sentences of
    :data:`IMPORT_REFUSALS` name it by its name alone) are set exactly when
    ``code.arguments`` names them (see :class:`NoticeCode`). Raises ``ValueError`` when
    an argument is missing or given to a code that takes none.

    >>> Notice(NoticeCode.DATA_DIR_READ_ONLY, folder=Path("/data")).message
    'The data folder /data is read-only; choose another with --data-dir.'
    >>> Notice(NoticeCode.DATA_DIR_NOT_CREATED, Path("/data"), "Permission denied").args
    {'folder': '/data', 'reason': 'Permission denied'}
    """

    code: NoticeCode
    folder: Path | None = None
    reason: str | None = None
    file: Path | None = None

    def __post_init__(self) -> None:
        given = {name for name in ("folder", "reason", "file")
                 if getattr(self, name) is not None}
        if given != self.code.arguments:
            raise ValueError(
                f"The notice {self.code.value} takes the arguments "
                f"{sorted(self.code.arguments)}, not {sorted(given)}."
            )

    @property
    def args(self) -> dict[str, str]:
        """The arguments as text, e.g. ``{"folder": ..., "reason": ...}``; ``{}`` for a
        code without arguments."""
        args: dict[str, str] = {}
        if self.folder is not None:
            args["folder"] = str(self.folder)
        if self.reason is not None:
            args["reason"] = self.reason
        if self.file is not None:
            args["file"] = str(self.file)
        return args

    @property
    def message(self) -> str:
        """The notice as one English sentence (for logs and tools; the UI translates
        :attr:`code`)."""
        file_name = "" if self.file is None else self.file.name
        return _MESSAGES[self.code].format(**self.args, file_name=file_name)

    def __str__(self) -> str:
        return self.message
