"""One running Spades Desktop per data folder: the lock file (docs/architecture.md,
Persistence).

Two copies of the game on one data folder would overwrite each other's autosave, so
the app takes ``<data folder>/spades-desktop.lock`` before it reads any file and lets it
go when it quits.

How the lock is decided, so that no file left behind can lock the player out:

* The operating system's lock on the open file decides (``flock`` on POSIX, a byte
  lock with ``msvcrt.locking`` on Windows). The system drops it when its process ends,
  however it ends, so a lock can only be held by a live process that holds it: an
  empty file, garbage, a huge PID, another host's name, or a PID that now belongs to
  some other program never block. Older versions of the game (Qt's ``QLockFile``)
  take the same ``flock`` on POSIX, and on Windows keep the file open without
  sharing, so they are still recognised as running.
* What the file says (``<pid>\\n<app>\\n<host>\\n``, the shape of Qt's lock files) is
  only read to name the holder in the log, except where the file system has no locks
  at all (some network shares): then :func:`judge_lock` verifies the holder. The lock
  counts as stale when the content is empty or unparsable, names another host (the
  game does not reach across machines: a folder shared by two computers is their
  owner's choice), names a PID that does not run, or one whose command line
  (``/proc/<pid>/cmdline`` on Linux) is not Spades Desktop's. Where no command line
  can be read (no ``/proc``) a running PID is trusted, as Qt does.
* The lock file is never opened through a link, and never written unless it is a
  regular file with one name: a symbolic link (which could lead to any file of the
  player's), a hard link to another file, a folder, a FIFO or a device at the lock's
  path is set aside as ``spades-desktop.lock.corrupt-<time>`` (the link itself is
  renamed; what it leads to is never opened) and the lock is taken; only when that
  fails is the player told (code ``LOCK_UNUSABLE``) which file to delete.

A lock that is held gives :class:`InstanceLockError` with code ``ALREADY_RUNNING``,
whose sentence names the data folder and the lock file and says how to go on.
"""

from __future__ import annotations

import contextlib
import enum
import errno
import logging
import os
import re
import socket
import stat
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from spades_desktop.persistence.atomic import set_aside
from spades_desktop.persistence.notices import Notice, NoticeCode
from spades_desktop.persistence.paths import DataPaths

if sys.platform != "win32":
    import fcntl

__all__ = [
    "LOCK_APP_NAME",
    "InstanceLock",
    "InstanceLockError",
    "LockHolder",
    "Verdict",
    "acquire_instance_lock",
    "judge_lock",
    "lock_content",
    "looks_like_spades_desktop",
    "parse_lock_content",
    "process_command_line",
    "process_running",
]

log = logging.getLogger(__name__)

LOCK_APP_NAME = "spades-desktop"
"""The program name written into the lock file (its second line)."""

#: The largest process ID any supported system gives (Windows: a 32-bit value).
_MAX_PID = 2**32 - 1
#: How much of a lock file is read: a lock of ours is a few dozen bytes.
_MAX_CONTENT = 4096
#: Tries to open and lock the file, when another process replaces it meanwhile.
_ATTEMPTS = 5
#: Windows: the byte locked, far beyond the content, so the content stays readable.
_WINDOWS_LOCK_OFFSET = 1 << 30
#: Windows' ERROR_SHARING_VIOLATION: the file is open without sharing (an older
#: version's lock).
_SHARING_VIOLATION = 32
#: errno values of a file system without locks.
_NO_LOCKS = frozenset(
    code for code in (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS, errno.EINVAL,
                      getattr(errno, "ENOTSUP", None))
    if code is not None
)

#: Lock files this process holds where the file system has no locks (keyed by path).
_HELD_WITHOUT_OS_LOCK: set[str] = set()


@dataclass(frozen=True)
class LockHolder:
    """What a lock file says about the process that wrote it.

    Fields: ``pid`` (1 … 2**32 − 1), ``app`` (the program name, non-empty), ``host``
    (the computer's name, non-empty).
    """

    pid: int
    app: str
    host: str


def lock_content(holder: LockHolder) -> bytes:
    """The lock file's content for ``holder``: ``"<pid>\\n<app>\\n<host>\\n"`` in UTF-8.

    >>> lock_content(LockHolder(42, "spades-desktop", "desk"))
    b'42\\nspades-desktop\\ndesk\\n'
    """
    return f"{holder.pid}\n{holder.app}\n{holder.host}\n".encode()


_PID = re.compile(r"[0-9]{1,10}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def parse_lock_content(raw: bytes) -> LockHolder | None:
    """The holder a lock file names, or None when ``raw`` is empty, not UTF-8, has fewer
    than three lines, a PID outside 1 … 2**32 − 1, or an empty or garbled name.

    Extra lines (Qt writes a machine ID) are ignored. Never raises.

    >>> parse_lock_content(b"42\\nspades-desktop\\ndesk\\n")
    LockHolder(pid=42, app='spades-desktop', host='desk')
    >>> parse_lock_content(b"99999999999999999999\\nspades-desktop\\ndesk\\n") is None
    True
    """
    try:
        lines = raw.decode("utf-8").split("\n")
    except UnicodeDecodeError:
        return None
    if len(lines) < 3 or not _PID.fullmatch(lines[0]):
        return None
    pid, app, host = int(lines[0]), lines[1].strip(), lines[2].strip()
    if not 1 <= pid <= _MAX_PID or not app or not host:
        return None
    if _CONTROL.search(app) or _CONTROL.search(host):
        return None
    return LockHolder(pid, app, host)


class Verdict(enum.Enum):
    """What :func:`judge_lock` makes of a lock file's content."""

    NO_HOLDER = "no_holder"
    """Empty, garbage or unparsable: nobody can be verified, the lock is stale."""
    OTHER_HOST = "other_host"
    """Written on another computer: treated as stale (see the module)."""
    NOT_RUNNING = "not_running"
    """No process with that PID (or it is this very process): stale."""
    OTHER_PROGRAM = "other_program"
    """The PID now belongs to another program: stale."""
    RUNNING = "running"
    """A live Spades Desktop (or a live process that cannot be examined) holds it."""

    @property
    def is_stale(self) -> bool:
        """True for every verdict but :attr:`RUNNING`."""
        return self is not Verdict.RUNNING


_LAUNCH_SUFFIXES = (".exe", ".pyw", ".py", ".app")


def looks_like_spades_desktop(command_line: Sequence[str]) -> bool:
    """True when one word of ``command_line`` (a process's arguments) names Spades
    Desktop as a program: ``python -m spades_desktop``, the ``spades-desktop`` script, a
    frozen ``SpadesDesktop.exe`` or ``Spades Desktop.app``'s program.

    The word's last path part is compared with case, ``-``, ``_``, spaces and a
    program suffix ignored, so a file such as ``spades-desktop.lock`` does not count.

    >>> looks_like_spades_desktop(["/usr/bin/python3", "-m", "spades_desktop"])
    True
    >>> looks_like_spades_desktop(["python3", "-c", "import time; time.sleep(30)"])
    False
    """
    for word in command_line:
        name = re.split(r"[\\/]", word)[-1].lower()
        for suffix in _LAUNCH_SUFFIXES:
            if name.endswith(suffix):
                name = name[: -len(suffix)]
                break
        if re.sub(r"[-_ ]", "", name) == "spadesdesktop":
            return True
    return False


def process_running(pid: int) -> bool:
    """True when a process with ID ``pid`` exists on this computer (also one of another
    user, or a zombie). Never raises; a PID no system can have is not running."""
    if not 1 <= pid <= _MAX_PID:
        return False
    if sys.platform == "win32":
        return _windows_process_running(pid)
    try:
        os.kill(pid, 0)
    except PermissionError:
        return True  # it exists, and belongs to someone else
    except (OSError, OverflowError, ValueError):
        return False
    return True


def _windows_process_running(pid: int) -> bool:
    if sys.platform != "win32":
        return False
    import ctypes

    kernel32 = ctypes.windll.kernel32
    query_limited_information, still_active, access_denied = 0x1000, 259, 5
    handle = kernel32.OpenProcess(query_limited_information, False, pid)
    if not handle:
        return bool(kernel32.GetLastError() == access_denied)
    try:
        code = ctypes.c_ulong()
        if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
            return True
        return code.value == still_active
    finally:
        kernel32.CloseHandle(handle)


def process_command_line(pid: int, proc: Path = Path("/proc")) -> tuple[str, ...] | None:
    """The arguments of process ``pid`` from ``<proc>/<pid>/cmdline`` (Linux), or None
    when they cannot be read (no such process, no ``/proc`` on this system). A process
    without arguments (a kernel thread, a zombie) gives ``()``. Never raises."""
    try:
        raw = (proc / str(pid) / "cmdline").read_bytes()
    except (OSError, ValueError):
        return None
    return tuple(part.decode("utf-8", "replace") for part in raw.split(b"\0") if part)


def judge_lock(
    raw: bytes,
    *,
    this_host: str,
    this_pid: int,
    is_running: Callable[[int], bool] = process_running,
    command_line: Callable[[int], Sequence[str] | None] = process_command_line,
) -> tuple[Verdict, LockHolder | None]:
    """Decide from a lock file's content ``raw`` whether its writer still holds it,
    where the file system cannot say (see the module).

    ``this_host`` and ``this_pid`` are the computer's name and the caller's process ID;
    ``is_running(pid)`` says whether a process exists, ``command_line(pid)`` gives its
    arguments or None when they cannot be read (then a running process counts as
    Spades Desktop). Returns the verdict and the holder named (None when unparsable).
    Never raises for any ``raw``.
    """
    holder = parse_lock_content(raw)
    if holder is None:
        return Verdict.NO_HOLDER, None
    if holder.host != this_host:
        return Verdict.OTHER_HOST, holder
    if holder.pid == this_pid or not is_running(holder.pid):
        return Verdict.NOT_RUNNING, holder
    arguments = command_line(holder.pid)
    if arguments is not None and not looks_like_spades_desktop(arguments):
        return Verdict.OTHER_PROGRAM, holder
    return Verdict.RUNNING, holder


class InstanceLockError(OSError):
    """The lock of the data folder cannot be taken.

    ``notice`` (also ``code``) says why: ``ALREADY_RUNNING`` (another Spades Desktop
    holds it; ``holder`` is what its lock file says, or None) or ``LOCK_UNUSABLE``
    (something in the way that could not be set aside; with the system's reason).
    ``str(error)`` is :attr:`Notice.message`.
    """

    def __init__(self, notice: Notice, holder: LockHolder | None = None) -> None:
        super().__init__(notice.message)
        self.notice = notice
        self.holder = holder

    @property
    def code(self) -> NoticeCode:
        """``ALREADY_RUNNING`` or ``LOCK_UNUSABLE``."""
        return self.notice.code


class InstanceLock:
    """The lock of one data folder, held by this process until :meth:`release`.

    Made by :func:`acquire_instance_lock`. ``path`` is the lock file, ``holder`` what it
    says (this process); ``os_lock`` is False where the file system has no locks (the
    content alone then guards the folder). Usable as a context manager.
    """

    def __init__(self, path: Path, fd: int, holder: LockHolder, os_lock: bool) -> None:
        self.path = path
        self.holder = holder
        self.os_lock = os_lock
        self._fd = fd

    @property
    def held(self) -> bool:
        """True until :meth:`release`."""
        return self._fd >= 0

    def release(self) -> None:
        """Let the lock go and delete the lock file (if it is still ours). Never raises;
        a second call does nothing."""
        fd, self._fd = self._fd, -1
        if fd < 0:
            return
        _HELD_WITHOUT_OS_LOCK.discard(str(self.path))
        if sys.platform == "win32":
            with contextlib.suppress(OSError):
                _windows_unlock(fd)
            with contextlib.suppress(OSError):
                os.close(fd)
            with contextlib.suppress(OSError):
                self.path.unlink()
            return
        # Delete while still locked: whoever opened the old file meanwhile sees, once
        # it holds the lock, that the path no longer leads to it, and tries again.
        with contextlib.suppress(OSError):
            if _same_file(self.path, os.fstat(fd)):
                self.path.unlink()
        with contextlib.suppress(OSError):
            os.close(fd)

    def __enter__(self) -> InstanceLock:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.release()


def _not_a_lock_file(path: Path) -> str | None:
    """What is in the way at ``path`` (a few words), or None when nothing is there or a
    regular file with a single name is. Looks with ``lstat``: follows no link."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        return None  # the open that follows says why
    mode = found.st_mode
    if stat.S_ISLNK(mode):
        return "a link, not a file"
    if stat.S_ISDIR(mode):
        return "a folder, not a file"
    if not stat.S_ISREG(mode):
        return "a pipe or a device, not a file"
    if found.st_nlink > 1:
        return "a second name of another file (a hard link)"
    return None


def _same_file(path: Path, opened: os.stat_result) -> bool:
    try:
        now = os.lstat(path)
    except OSError:
        return False
    return (now.st_dev, now.st_ino) == (opened.st_dev, opened.st_ino)


def _os_lock(fd: int) -> bool | None:
    """Lock ``fd`` without waiting: True when locked, False when another holds it, None
    when the file system has no locks."""
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError as exc:
            if exc.errno in (errno.EACCES, errno.EDEADLK):
                return False
            if exc.errno in _NO_LOCKS:
                return None
            raise
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError as exc:
        if exc.errno in _NO_LOCKS:
            return None
        raise
    return True


def _windows_unlock(fd: int) -> None:
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


def _read_content(fd: int) -> bytes:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        return os.read(fd, _MAX_CONTENT)
    except OSError:
        return b""


def _write_content(fd: int, content: bytes, path: Path) -> None:
    """Best effort: the content only names the holder (a full disk may refuse it)."""
    try:
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, content)
    except OSError as exc:
        log.warning("could not write the lock file %s: %s", path, exc)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc) or type(exc).__name__


def acquire_instance_lock(
    paths: DataPaths,
    *,
    host: str | None = None,
    pid: int | None = None,
    is_running: Callable[[int], bool] = process_running,
    command_line: Callable[[int], Sequence[str] | None] = process_command_line,
) -> InstanceLock:
    """Take the lock of the data folder ``paths.root`` (the file ``paths.lock_file``).

    ``host`` and ``pid`` (default this computer's name and this process's ID) are
    written into the lock file. ``is_running`` and ``command_line`` verify a holder
    where the file system has no locks (see :func:`judge_lock`). The folder must
    exist. Returns the held lock; a stale lock is taken over (logged), something that
    is not a regular file at the lock's path is set aside first.

    Raises:
        InstanceLockError: code ``ALREADY_RUNNING`` when a live process holds the
            lock (``holder`` is what its file says), ``LOCK_UNUSABLE`` when the lock
            file can be neither opened nor set aside (with the system's reason).
    """
    path = paths.lock_file
    me = LockHolder(os.getpid() if pid is None else pid, LOCK_APP_NAME,
                    socket.gethostname() if host is None else host)
    running = Notice(NoticeCode.ALREADY_RUNNING, folder=paths.root, file=path)
    flags = (os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
             | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
             | getattr(os, "O_BINARY", 0))
    set_aside_once = False
    last_error: BaseException | None = None
    for _ in range(_ATTEMPTS):
        in_the_way = _not_a_lock_file(path)
        if in_the_way is not None:
            # Never opened: a link would lead the write elsewhere, a device could act.
            last_error = OSError(errno.EINVAL, in_the_way)
            if set_aside_once:
                break
            set_aside_once = True
            kept = set_aside(path)
            log.warning("%s was %s; set aside as %s", path, in_the_way, kept)
            if kept is None:
                break
            continue
        try:
            fd = os.open(path, flags, 0o644)
        except OSError as exc:
            if getattr(exc, "winerror", None) == _SHARING_VIOLATION:
                raise InstanceLockError(running) from exc  # an older version's lock
            last_error = exc
            if set_aside_once or not os.path.lexists(path):
                break
            set_aside_once = True
            kept = set_aside(path)
            log.warning("the lock file %s could not be opened (%s); set aside as %s",
                        path, _reason(exc), kept)
            if kept is None:
                break
            continue
        try:
            opened = os.fstat(fd)
            if not stat.S_ISREG(opened.st_mode) or opened.st_nlink > 1:
                os.close(fd)  # replaced since the check above
                fd = -1
                code = errno.EISDIR if stat.S_ISDIR(opened.st_mode) else errno.EINVAL
                last_error = OSError(code, os.strerror(code))
                if set_aside_once:
                    break
                set_aside_once = True
                kept = set_aside(path)
                log.warning("%s was not a regular file; set aside as %s", path, kept)
                if kept is None:
                    break
                continue
            locked = _os_lock(fd)
            if locked is False:
                holder = parse_lock_content(_read_content(fd))
                raise InstanceLockError(running, holder)
            if locked is None:
                key = str(path)
                verdict, holder = judge_lock(
                    _read_content(fd), this_host=me.host, this_pid=me.pid,
                    is_running=is_running, command_line=command_line)
                if key in _HELD_WITHOUT_OS_LOCK or verdict is Verdict.RUNNING:
                    raise InstanceLockError(running, holder)
                log.info("no file locks on %s: lock taken over (%s)", path, verdict.value)
                _HELD_WITHOUT_OS_LOCK.add(key)
            elif sys.platform != "win32" and not _same_file(path, opened):
                os.close(fd)  # deleted or replaced by its holder meanwhile: again
                fd = -1
                continue
            _write_content(fd, lock_content(me), path)
            lock = InstanceLock(path, fd, me, os_lock=locked is True)
            fd = -1
            return lock
        except OSError as exc:
            if isinstance(exc, InstanceLockError):
                raise
            last_error = exc
            break
        finally:
            if fd >= 0:
                os.close(fd)
    reason = _reason(last_error) if last_error is not None else "it keeps changing"
    raise InstanceLockError(Notice(NoticeCode.LOCK_UNUSABLE, file=path, reason=reason))
