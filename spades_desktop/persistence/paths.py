"""Where Spades Desktop keeps its files (DESIGN.md, Persistence).

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

    ``str(error)`` is one sentence suitable for showing to the user.
    """


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
        DataDirError: the folder cannot be created, is not a folder, or is
            read-only. The message is one sentence naming the folder and
            suggesting ``--data-dir``.
    """
    root = paths.root
    if root.exists() and not root.is_dir():
        raise DataDirError(
            f"The data folder {root} is not a folder; choose another with --data-dir."
        )
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DataDirError(
            f"The data folder {root} could not be created ({exc.strerror or exc}); "
            "choose another with --data-dir."
        ) from exc
    probe = root / f".write-probe-{os.getpid()}-{uuid.uuid4().hex}"
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(fd, b"ok")
        finally:
            os.close(fd)
    except OSError as exc:
        raise DataDirError(
            f"The data folder {root} is read-only; choose another with --data-dir."
        ) from exc
    try:
        probe.unlink()
    except OSError as exc:
        raise DataDirError(
            f"The data folder {root} does not allow deleting files; "
            "choose another with --data-dir."
        ) from exc
