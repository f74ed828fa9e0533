"""Where Spades Desktop keeps its files (docs/architecture.md, Persistence).

The data folder holds the settings, the autosaved game, the statistics, the
recent games (a ``games`` folder) and the single-instance lock file. It is chosen,
in this order, by a ``--data-dir`` command-line option, the ``SPADES_DESKTOP_DATA_DIR``
environment variable, or the platform's user data directory.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from spades_desktop.persistence.atomic import (
    is_foreign_file,
    is_temp_file_name,
    set_aside,
    temp_file_target,
)
from spades_desktop.persistence.notices import Notice, NoticeCode

__all__ = [
    "APP_NAME",
    "ENV_VAR",
    "GAME_FILE_NAME",
    "DataDirError",
    "DataPaths",
    "foreign_file",
    "prepare",
    "remove_leftovers",
    "resolve_data_dir",
    "set_aside_odd_games_folder",
]

APP_NAME = "SpadesDesktop"
ENV_VAR = "SPADES_DESKTOP_DATA_DIR"


class DataDirError(OSError):
    """The data folder cannot be created or written.

    ``notice`` (also ``code``) says what is wrong in a machine-readable form, with the
    folder (and the operating system's reason) as arguments; the user interface
    translates it. ``str(error)`` is :attr:`Notice.message`, one English sentence.
    """

    def __init__(self, notice: Notice) -> None:
        super().__init__(notice.message)
        self.notice = notice

    @property
    def code(self) -> NoticeCode:
        """What is wrong with the data folder (a ``DATA_DIR_*`` code)."""
        return self.notice.code


def resolve_data_dir(
    override: str | os.PathLike[str] | None,
    environ: Mapping[str, str] = os.environ,
) -> Path:
    """Return the data folder to use, without touching the file system.

    Precedence: ``override`` (the ``--data-dir`` option) when it is not None
    or empty, then ``environ[ENV_VAR]`` when set and non-empty, then
    ``platformdirs.user_data_dir(APP_NAME, appauthor=False)``. A leading
    ``~`` is expanded; the result is made absolute against the current
    working directory.

    Raises nothing; use :func:`prepare` to create and check the folder.

    >>> resolve_data_dir("/tmp/a", {ENV_VAR: "/tmp/b"}).name
    'a'
    >>> resolve_data_dir(None, {ENV_VAR: "/tmp/b"}).name
    'b'
    """
    chosen: str | os.PathLike[str]
    if override is not None and os.fspath(override) != "":
        chosen = override
    elif environ.get(ENV_VAR):
        chosen = environ[ENV_VAR]
    else:
        chosen = platformdirs.user_data_dir(APP_NAME, appauthor=False)
    return Path(chosen).expanduser().absolute()


@dataclass(frozen=True)
class DataPaths:
    """The files inside one data folder ``root``.

    All properties are paths; none of them is created by this class.
    """

    root: Path

    @property
    def settings_file(self) -> Path:
        """``<root>/settings.json``: the user's settings."""
        return self.root / "settings.json"

    @property
    def autosave_file(self) -> Path:
        """``<root>/autosave.json``: the game in progress."""
        return self.root / "autosave.json"

    @property
    def stats_file(self) -> Path:
        """``<root>/statistics.json``: local statistics per difficulty."""
        return self.root / "statistics.json"

    @property
    def games_dir(self) -> Path:
        """``<root>/games``: the recent games, one ``<finished time>-<game id>.json`` file
        each (:mod:`spades_desktop.persistence.recent_games`)."""
        return self.root / "games"

    @property
    def lock_file(self) -> Path:
        """``<root>/spades-desktop.lock``: one running instance per data folder."""
        return self.root / "spades-desktop.lock"


GAME_FILE_NAME = re.compile(r"(?P<stamp>\d{8}T\d{6}Z)-(?P<id>[0-9A-Za-z_-]{1,80})\.json")
"""The name of a recent game's file in :attr:`DataPaths.games_dir`: the finishing time
(UTC, ``YYYYmmddTHHMMSSZ``), ``-``, the game id, ``.json``."""


def _reason(exc: BaseException) -> str:
    """The operating system's words for ``exc`` ("Permission denied"), else its text."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc) or type(exc).__name__


#: ``errno`` values that say a disk (or the user's quota) is full, not read-only.
_FULL_ERRNOS = frozenset(
    code for code in (errno.ENOSPC, getattr(errno, "EDQUOT", None)) if code is not None
)
#: Bytes the probe writes: about one saved game, so that a disk with less room counts as
#: full.
_PROBE_BYTES = 4096
_PROBE_PREFIX = ".write-probe-"


def prepare(paths: DataPaths) -> Notice | None:
    """Create ``paths.root`` (with parents) and check that files can be written there.

    The check writes and deletes a small probe file (``.write-probe-<pid>-<random>``);
    the probe is removed in every case, and nothing else in the folder is touched.

    Returns None when all is well, or a notice with code ``DATA_DIR_FULL`` when the
    probe could not be written because the disk (or quota) is full: the folder can
    still be read, so the game can start, but nothing should be saved (the caller
    says so).

    Raises:
        DataDirError: the folder is not a folder (code ``DATA_DIR_NOT_A_FOLDER``),
            holds another program's file where one of the game's belongs
            (``DATA_DIR_FOREIGN``, see :func:`foreign_file`: nothing is written),
            cannot be reached or created (``DATA_DIR_NOT_CREATED``, with the operating
            system's reason, e.g. a folder on the way that may not be read, or a name
            longer than the file system allows), is read-only (``DATA_DIR_READ_ONLY``)
            or does not allow deleting files (``DATA_DIR_NO_DELETE``); ``notice.folder``
            is ``paths.root``. The message is one sentence naming the folder and
            suggesting ``--data-dir``.
    """
    root = paths.root
    try:
        is_folder: bool | None = stat.S_ISDIR(os.stat(root).st_mode)
    except FileNotFoundError:
        is_folder = None
    except (OSError, ValueError) as exc:  # EACCES on the way, ENAMETOOLONG, ELOOP, NUL
        raise DataDirError(
            Notice(NoticeCode.DATA_DIR_NOT_CREATED, folder=root, reason=_reason(exc))
        ) from exc
    if is_folder is False:
        raise DataDirError(Notice(NoticeCode.DATA_DIR_NOT_A_FOLDER, folder=root))
    if is_folder:
        foreign = foreign_file(paths)
        if foreign is not None:
            raise DataDirError(Notice(NoticeCode.DATA_DIR_FOREIGN, folder=root, file=foreign))
    try:
        root.mkdir(parents=True, exist_ok=True)
    except (OSError, ValueError) as exc:
        raise DataDirError(
            Notice(NoticeCode.DATA_DIR_NOT_CREATED, folder=root, reason=_reason(exc))
        ) from exc
    probe = root / f"{_PROBE_PREFIX}{os.getpid()}-{uuid.uuid4().hex}"
    failure: OSError | None = None
    created = False
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        created = True
        try:
            data = memoryview(b"\0" * _PROBE_BYTES)
            while data:  # a short write on a nearly full disk: the next one says ENOSPC
                written = os.write(fd, data)
                if written <= 0:
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(probe))
                data = data[written:]
        finally:
            os.close(fd)
    except OSError as exc:
        failure = exc
    if created:
        try:
            probe.unlink(missing_ok=True)
        except OSError as exc:
            raise DataDirError(Notice(NoticeCode.DATA_DIR_NO_DELETE, folder=root)) from exc
    if failure is None:
        return None
    if failure.errno in _FULL_ERRNOS:
        return Notice(NoticeCode.DATA_DIR_FULL, folder=root)
    raise DataDirError(Notice(NoticeCode.DATA_DIR_READ_ONLY, folder=root)) from failure


def foreign_file(paths: DataPaths) -> Path | None:
    """The first of the game's top-level files (settings, autosave, statistics) that
    belongs to another program (:func:`~spades_desktop.persistence.atomic.is_foreign_file`:
    valid JSON that is not of a Spades Desktop kind), or None. Such a folder is not the
    game's: its files are left alone rather than set aside as damaged. Never raises."""
    for path in (paths.settings_file, paths.autosave_file, paths.stats_file):
        if is_foreign_file(path):
            return path
    return None


def set_aside_odd_games_folder(paths: DataPaths) -> Path | None:
    """Set aside ``paths.games_dir`` when something other than a real folder is there:
    a link (to a folder of the player's, whose files the pruning of the recent games
    would delete), a file, a FIFO. Returns where it is now, or None when there is
    nothing to set aside (no ``games``, or a real folder) or it cannot be renamed.
    Looks with ``lstat``: follows no link. Call it while holding the instance lock.
    Never raises."""
    try:
        mode = os.lstat(paths.games_dir).st_mode
    except (OSError, ValueError):
        return None
    if stat.S_ISDIR(mode):
        return None
    return set_aside(paths.games_dir)


def remove_leftovers(paths: DataPaths) -> list[Path]:
    """Delete what an interrupted Spades Desktop left in ``paths.root`` and in
    ``paths.games_dir``: the temporary files of a save that was killed before its rename
    (``.autosave.json.<random>.tmp``, ``.<game file>.json.<random>.tmp`` and the like,
    see :func:`~spades_desktop.persistence.atomic.write_json_atomic`) and old write
    probes of :func:`prepare`.

    Call it only while holding the instance lock (no save of ours is then under way).
    Only regular files with exactly those names are removed, and ``games`` is looked into
    only when it is a real folder (never through a link); anything else, and anything
    that cannot be removed, stays. Returns the paths removed. Never raises.
    """
    targets = {p.name for p in (paths.settings_file, paths.autosave_file, paths.stats_file)}
    removed = _remove_regular_files(paths.root, lambda name: name.startswith(_PROBE_PREFIX)
                                    or any(is_temp_file_name(name, t) for t in targets))
    try:
        games_is_folder = stat.S_ISDIR(os.lstat(paths.games_dir).st_mode)
    except OSError:
        games_is_folder = False
    if games_is_folder:
        removed += _remove_regular_files(paths.games_dir, _is_game_temp_file)
    return removed


def _is_game_temp_file(name: str) -> bool:
    target = temp_file_target(name)
    return target is not None and GAME_FILE_NAME.fullmatch(target) is not None


def _remove_regular_files(folder: Path, ours: Callable[[str], bool]) -> list[Path]:
    """Delete the regular files (not links, not folders) in ``folder`` whose names
    ``ours`` accepts; returns those deleted. Never raises."""
    removed: list[Path] = []
    try:
        with os.scandir(folder) as entries:
            names = [entry.name for entry in entries]
    except OSError:
        return removed
    for name in names:
        if not ours(name):
            continue
        path = folder / name
        try:
            if not stat.S_ISREG(os.lstat(path).st_mode):
                continue
            path.unlink()
        except OSError:
            continue
        removed.append(path)
    return removed
