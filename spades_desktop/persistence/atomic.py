"""Atomic JSON files with a ``kind`` and a ``format`` version (docs/architecture.md, Persistence).

Every file written by Spades Desktop is a UTF-8 JSON object of the shape
``{"kind": <str>, "format": <int >= 1>, ...}``. Writes are atomic: the
new content goes to a temporary file in the same folder, is flushed and
fsync'ed, then replaces the old file with ``os.replace``, so a crash leaves
either the old or the new file, never a mix. Never pickle.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any

__all__ = [
    "MAX_FILE_BYTES",
    "OWN_KIND_PREFIX",
    "CorruptFileError",
    "NewerFormatError",
    "TooLargeFileError",
    "UnreadableFileError",
    "is_foreign_file",
    "is_temp_file_name",
    "quarantine",
    "read_json",
    "set_aside",
    "write_json_atomic",
]

#: Files larger than this (bytes) are treated as corrupt instead of being parsed.
MAX_FILE_BYTES = 16 * 1024 * 1024

_REPLACE_ATTEMPTS = 10
_REPLACE_DELAY_S = 0.05


class CorruptFileError(ValueError):
    """A data file exists but cannot be used.

    ``str(error)`` is one sentence saying what is wrong with which file.
    """


class UnreadableFileError(CorruptFileError):
    """What is at a data file's path cannot be read: a folder, a pipe, a device, a link
    where none is followed, or the system refuses (no permission)."""


class TooLargeFileError(CorruptFileError):
    """A data file is larger than :data:`MAX_FILE_BYTES`; it was not parsed."""


class NewerFormatError(CorruptFileError):
    """A data file of the right kind, written by a newer version of Spades Desktop.

    ``found`` is the file's format version, ``supported`` the newest this version
    reads (``found > supported``). The file is not damaged: it is kept, never
    overwritten (see the loaders in settings, autosave and stats).
    """

    def __init__(self, message: str, found: int, supported: int) -> None:
        super().__init__(message)
        self.found = found
        self.supported = supported


#: The names :func:`write_json_atomic` gives its temporary files: ``.<target name>.``, the
#: random part of ``tempfile.mkstemp`` (letters, digits, ``_``), then ``.tmp``.
_TEMP_NAME = re.compile(r"\.(?P<target>.+)\.[a-z0-9_]{6,}\.tmp")


def temp_file_target(name: str) -> str | None:
    """The name of the file a temporary file of :func:`write_json_atomic` named ``name``
    was on its way to, or None when ``name`` is not such a name.

    >>> temp_file_target(".20240601T120000Z-kept.json.k2_x9q1a.tmp")
    '20240601T120000Z-kept.json'
    """
    match = _TEMP_NAME.fullmatch(name)
    return None if match is None else match["target"]


def is_temp_file_name(name: str, target_name: str) -> bool:
    """True when ``name`` is a temporary file that :func:`write_json_atomic` makes (and
    a killed process leaves behind) on the way to the file ``target_name``.

    >>> is_temp_file_name(".autosave.json.k2_x9q1a.tmp", "autosave.json")
    True
    >>> is_temp_file_name("autosave.json", "autosave.json")
    False
    """
    return temp_file_target(name) == target_name


def _fsync_dir(folder: Path) -> None:
    """Flush a folder entry to disk on POSIX; best effort, never raises."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _replace(src: str, dst: Path) -> None:
    """``os.replace`` with a few retries on Windows, where a reader briefly locks ``dst``."""
    attempts = _REPLACE_ATTEMPTS if sys.platform == "win32" else 1
    for attempt in range(attempts):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if attempt == attempts - 1:
                raise
            time.sleep(_REPLACE_DELAY_S * (attempt + 1))


def write_json_atomic(path: str | os.PathLike[str], obj: Any) -> None:
    """Write ``obj`` as indented UTF-8 JSON to ``path`` atomically.

    ``obj`` must be JSON-serializable (dicts, lists, str, int, finite float,
    bool, None). The folder of ``path`` must exist. On any failure the
    temporary file is removed and the previous content of ``path`` (if any)
    is left unchanged.

    Raises:
        TypeError, ValueError: ``obj`` is not serializable (checked before
            anything is written; NaN and infinities are refused).
        OSError: the file cannot be written or replaced.
    """
    target = Path(path)
    text = json.dumps(obj, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    data = text.encode("utf-8")
    fd, tmp_name = tempfile.mkstemp(
        prefix=f".{target.name}.", suffix=".tmp", dir=target.parent
    )
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        _replace(tmp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    _fsync_dir(target.parent)


def _reject_constant(name: str) -> Any:
    raise ValueError(f"non-standard JSON constant {name}")


def read_json(
    path: str | os.PathLike[str], kind: str, max_format: int, *, follow_links: bool = False
) -> dict[str, Any]:
    """Read a JSON object of the given ``kind`` and a format in ``1..max_format``.

    A file of the data folder is read as it is, never through a link; ``follow_links``
    reads a file the player chose (an import) wherever a link at ``path`` leads.

    Returns the whole object (including ``"kind"`` and ``"format"``); the
    caller validates the remaining keys and may migrate older formats.

    Raises:
        FileNotFoundError: ``path`` does not exist (not a corruption).
        NewerFormatError: the file is of ``kind`` with a ``format`` above
            ``max_format`` (a :class:`CorruptFileError` too).
        CorruptFileError: the file cannot be read, is not a regular file (a link,
            which is never followed; a folder, a FIFO, a device: never opened, so
            nothing blocks), is larger than ``MAX_FILE_BYTES``, is not valid UTF-8
            JSON (a byte-order mark before it is accepted), is
            not an object, has another ``kind``, or has a missing or non-integer
            ``format``. The message is one sentence naming the file and the reason.
            An :class:`UnreadableFileError` when what is there cannot be read, a
            :class:`TooLargeFileError` when it is too large.
    """
    source = Path(path)
    raw = _read_regular_file(source, follow_links=follow_links)
    if len(raw) > MAX_FILE_BYTES:
        raise TooLargeFileError(
            f"The file {source} is too large to be a Spades Desktop file.")
    try:
        value = _parse(raw)
    except ValueError as exc:
        raise CorruptFileError(f"The file {source} is not valid JSON ({exc}).") from exc
    if not isinstance(value, dict):
        raise CorruptFileError(f"The file {source} does not contain a JSON object.")
    found_kind = value.get("kind")
    if found_kind != kind:
        raise CorruptFileError(
            f"The file {source} is of kind {found_kind!r}, not the expected {kind!r}."
        )
    fmt = value.get("format")
    if isinstance(fmt, bool) or not isinstance(fmt, int) or fmt < 1:
        raise CorruptFileError(f"The file {source} has a missing or invalid format version.")
    if fmt > max_format:
        raise NewerFormatError(
            f"The file {source} has format {fmt}, newer than this version of "
            f"Spades Desktop supports ({max_format}).",
            found=fmt,
            supported=max_format,
        )
    return value


#: Flags of every read of a data file: never block on a FIFO, never follow a link.
_READ_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
               | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))


def _what_is(mode: int) -> str:
    """What a file of ``mode`` is, in a few words, for the messages."""
    if stat.S_ISLNK(mode):
        return "a link, not a file"
    if stat.S_ISDIR(mode):
        return "a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "a pipe, not a file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device, not a file"
    return "not a regular file"


def _read_regular_file(source: Path, *, follow_links: bool = False) -> bytes:
    """The first ``MAX_FILE_BYTES + 1`` bytes of ``source``, a regular file.

    A link is never followed (``lstat``, then ``O_NOFOLLOW`` where the system has it)
    unless ``follow_links``, and a folder, a FIFO or a device is never opened: what is
    at ``source`` is checked before it is opened and again with ``fstat`` once open (it
    may have been replaced in between). Opened without blocking, so a FIFO put in its
    place meanwhile cannot wait for a writer forever.

    Raises:
        FileNotFoundError: no such file.
        UnreadableFileError: anything else in the way (see :func:`read_json`).
    """
    flags = _READ_FLAGS & ~getattr(os, "O_NOFOLLOW", 0) if follow_links else _READ_FLAGS
    try:
        mode = (os.stat if follow_links else os.lstat)(source).st_mode
        fd = os.open(source, flags) if stat.S_ISREG(mode) else -1
    except FileNotFoundError:
        raise
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path; ELOOP: a link
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise UnreadableFileError(f"The file {source} could not be read ({reason}).") from exc
    if fd < 0:
        raise UnreadableFileError(f"The file {source} could not be read ({_what_is(mode)}).")
    try:
        opened = os.fstat(fd).st_mode
        if not stat.S_ISREG(opened):  # replaced since the check above
            raise UnreadableFileError(
                f"The file {source} could not be read ({_what_is(opened)}).")
        with os.fdopen(fd, "rb") as handle:
            fd = -1
            return handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise UnreadableFileError(
            f"The file {source} could not be read ({exc.strerror or exc})."
        ) from exc
    finally:
        if fd >= 0:
            os.close(fd)


OWN_KIND_PREFIX = "spades-desktop"
"""Every ``kind`` of a Spades Desktop file begins so (``spades-desktop-settings``, …)."""


def is_foreign_file(path: str | os.PathLike[str]) -> bool:
    """True when ``path`` is a regular file of another program: it holds a JSON object
    with entries, none of them a ``kind`` that begins with :data:`OWN_KIND_PREFIX`.

    A missing file, a link, a folder, a damaged file (not UTF-8, not JSON, too large,
    a JSON value that is not an object, an empty object) or any file of ours is not
    foreign: the loaders set those aside as damaged. Never raises.

    >>> import json, tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "a.json").write_text(json.dumps({"theme": "dark"}))
    >>> _ = (folder / "b.json").write_text(json.dumps({"kind": "spades-desktop-settings"}))
    >>> is_foreign_file(folder / "a.json"), is_foreign_file(folder / "b.json")
    (True, False)
    """
    try:
        raw = _read_regular_file(Path(path))
    except (OSError, CorruptFileError):
        return False
    if len(raw) > MAX_FILE_BYTES:
        return False
    try:
        value = _parse(raw)
    except ValueError:
        return False
    if not isinstance(value, dict) or not value:
        return False
    kind = value.get("kind")
    return not (isinstance(kind, str) and kind.startswith(OWN_KIND_PREFIX))


def _parse(raw: bytes) -> Any:
    """``raw`` as JSON: UTF-8, with or without a byte-order mark (Windows' Notepad
    writes one); NaN and infinities are refused.

    Raises:
        ValueError: not UTF-8 (``UnicodeDecodeError``), not JSON, or nested too deep.
    """
    try:
        return json.loads(raw.decode("utf-8-sig"), parse_constant=_reject_constant)
    except RecursionError as exc:
        raise ValueError("nested too deeply") from exc


def quarantine(
    path: str | os.PathLike[str], now: datetime | None = None, label: str = "corrupt"
) -> Path:
    """Rename ``path`` to ``<name>.<label>-<YYYYmmdd-HHMMSS>`` beside it.

    ``label`` is "corrupt" for a damaged file, "newer" for one made by a newer
    version. ``now`` (local time, default the current time) sets the timestamp. When
    that name is taken, ``-1``, ``-2``, … is appended. Returns the new path. Works on
    whatever is at ``path`` (a file, a folder, a FIFO) without opening it.

    Raises:
        OSError: the file does not exist or cannot be renamed.
    """
    source = Path(path)
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    base = f"{source.name}.{label}-{stamp}"
    candidate = source.with_name(base)
    counter = 0
    while candidate.exists() or candidate.is_symlink():
        counter += 1
        candidate = source.with_name(f"{base}-{counter}")
    os.rename(source, candidate)
    return candidate


def set_aside(path: str | os.PathLike[str], label: str = "corrupt") -> Path | None:
    """:func:`quarantine` that never raises: returns the new path, or None on failure.

    Used when a corrupt file must not stop the app; if the rename fails the
    file stays in place and the next save overwrites it.
    """
    try:
        return quarantine(path, label=label)
    except (OSError, ValueError):
        return None
