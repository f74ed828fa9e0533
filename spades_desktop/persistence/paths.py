"""Where Spades Desktop keeps its files (docs/architecture.md, Persistence).

The data folder holds the settings, the autosaved game, the statistics and
the single-instance lock file. It is chosen, in this order, by a
``--data-dir`` command-line option, the ``SPADES_DESKTOP_DATA_DIR``
environment variable, or the platform's user data directory.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from spades_desktop.persistence.notices import Notice, NoticeCode

__all__ = [
    "APP_NAME",
    "ENV_VAR",
    "DataDirError",
    "DataPaths",
    "prepare",
    "resolve_data_dir",
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
    def lock_file(self) -> Path:
        """``<root>/spades-desktop.lock``: one running instance per data folder."""
        return self.root / "spades-desktop.lock"


def prepare(paths: DataPaths) -> None:
    """Create ``paths.root`` (with parents) and check that it is writable.

    The check writes and deletes a small probe file; nothing else in the
    folder is touched.

    Raises:
        DataDirError: the folder is not a folder (code ``DATA_DIR_NOT_A_FOLDER``),
            cannot be created (``DATA_DIR_NOT_CREATED``, with the operating
            system's reason), is read-only (``DATA_DIR_READ_ONLY``) or does not
            allow deleting files (``DATA_DIR_NO_DELETE``); ``notice.folder`` is
            ``paths.root``. The message is one sentence naming the folder and
            suggesting ``--data-dir``.
    """
    root = paths.root
    if root.exists() and not root.is_dir():
        raise DataDirError(Notice(NoticeCode.DATA_DIR_NOT_A_FOLDER, folder=root))
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise DataDirError(
            Notice(NoticeCode.DATA_DIR_NOT_CREATED, folder=root, reason=reason)
        ) from exc
    probe = root / f".write-probe-{os.getpid()}-{uuid.uuid4().hex}"
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(fd, b"ok")
        finally:
            os.close(fd)
    except OSError as exc:
        raise DataDirError(Notice(NoticeCode.DATA_DIR_READ_ONLY, folder=root)) from exc
    try:
        probe.unlink()
    except OSError as exc:
        raise DataDirError(Notice(NoticeCode.DATA_DIR_NO_DELETE, folder=root)) from exc
