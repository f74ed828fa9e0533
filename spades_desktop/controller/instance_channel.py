"""The line between two copies of the game on one data folder (docs/architecture.md,
Persistence: one running instance per data folder).

The copy that holds the data folder's lock listens (:class:`InstanceServer`) with the
standard library's :mod:`multiprocessing.connection`: a Unix domain socket in a folder
only this user may use on Linux and macOS, a named pipe on Windows
(:func:`server_address`), named after the folder (:func:`server_name`). A second copy
started on the same folder, refused by the lock, asks it to come forward
(:func:`ask_to_activate`) and exits quietly when it answers; two different data folders
are two independent games, with two names.

Both sides prove that they know the folder's key (:func:`server_authkey`, the
``authkey`` handshake of :mod:`multiprocessing.connection`); then the exchange is one
message each way: the second copy sends :data:`ACTIVATE`, the running copy emits
:attr:`InstanceServer.activation_requested` in the Qt main thread and answers
:data:`ACTIVATED`. The sockets are served in daemon threads, never in the main thread.
QtCore only: Qt's own local sockets (QtNetwork) would add some 5 MB to the packaged
game for what the standard library does.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import stat
import sys
import tempfile
import threading
from multiprocessing import AuthenticationError
from multiprocessing.connection import (
    Client,
    Connection,
    Listener,
    answer_challenge,
    deliver_challenge,
)
from pathlib import Path

from PySide6.QtCore import QEventLoop, QObject, Qt, QTimer, Signal, Slot

__all__ = [
    "ACTIVATE",
    "ACTIVATED",
    "ANSWER_TIMEOUT_MS",
    "FAMILY",
    "ActivationRequest",
    "InstanceServer",
    "ask_to_activate",
    "server_address",
    "server_authkey",
    "server_name",
]

log = logging.getLogger(__name__)

ACTIVATE = b"activate\n"
"""What a second copy sends: bring your window forward."""
ACTIVATED = b"activated\n"
"""What the running copy answers once it has asked its window to come forward."""
ANSWER_TIMEOUT_MS = 3000
"""How long a second copy waits for the running copy's answer, in milliseconds, before
it gives up and says that the game is already running."""
FAMILY = "AF_PIPE" if sys.platform == "win32" else "AF_UNIX"
"""The :mod:`multiprocessing.connection` family: a named pipe on Windows, else a Unix
domain socket."""
_MAX_MESSAGE = 64
_SERVE_TIMEOUT_S = 10.0
"""How long the running copy waits for a connected peer's message, and for its main
thread to take the request, before it drops the connection."""
_POLL_MS = 10
_THREAD_NAME = "spades-desktop-instance-server"
# What a peer can make either side raise: a broken line, an early end, a wrong key, a
# malformed challenge (multiprocessing.connection checks it with an assert).
_DROPPED = (OSError, EOFError, AuthenticationError, AssertionError)


def _digest(data_dir: str | os.PathLike[str]) -> bytes:
    folder = os.path.normcase(os.path.realpath(os.fspath(data_dir)))
    user = str(os.getuid()) if hasattr(os, "getuid") else ""
    return hashlib.sha256(f"{user}\0{folder}".encode("utf-8", "surrogatepass")).digest()


def server_name(data_dir: str | os.PathLike[str]) -> str:
    """The line's name for the data folder ``data_dir``: ``spades-desktop-`` and 32 hex
    digits of the SHA-256 of the folder's real path (links resolved, and, on POSIX, the
    user's id), so that it holds no character a socket or pipe name may not have, stays
    short (a Unix socket's path is limited to about 100 bytes) and differs between
    folders and users.

    >>> server_name("/tmp/a") == server_name("/tmp/a/") != server_name("/tmp/b")
    True
    """
    return f"spades-desktop-{_digest(data_dir).hex()[:32]}"


def server_authkey(data_dir: str | os.PathLike[str]) -> bytes:
    """The ``authkey`` both copies on ``data_dir`` use, derived from the same hash as
    :func:`server_name`. It keeps out whatever else connects to the line (it is not a
    secret from this user: the folder and the user's id give it)."""
    return hashlib.sha256(b"spades-desktop authkey\0" + _digest(data_dir)).digest()


def _is_private(folder: str) -> bool:
    """``folder`` is a real folder (not a link) of this user that no one else may
    write in or list."""
    try:
        info = os.lstat(folder)
    except OSError:
        return False
    return (stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid()
            and not info.st_mode & 0o077)


def _socket_folder() -> str:
    """Where the sockets go (POSIX): the temporary folder when it is this user's alone
    (macOS), else ``spades-desktop-<uid>`` in it (made by :func:`_make_socket_folder`)."""
    temp = tempfile.gettempdir()
    if _is_private(temp):
        return temp
    return os.path.join(temp, f"spades-desktop-{os.getuid()}")


def _make_socket_folder(folder: str) -> None:
    with contextlib.suppress(FileExistsError):
        os.mkdir(folder, 0o700)
    if not _is_private(folder):
        raise OSError(f"{folder} is not a folder of this user's alone")


def server_address(data_dir: str | os.PathLike[str]) -> str:
    """Where the copy running on ``data_dir`` listens: ``\\\\.\\pipe\\`` and
    :func:`server_name` on Windows; elsewhere a socket file of that name in a folder
    only this user may use (the temporary folder if it is this user's alone, else
    ``spades-desktop-<uid>`` in it, mode 0700)."""
    if FAMILY == "AF_PIPE":
        return "\\\\.\\pipe\\" + server_name(data_dir)
    return os.path.join(_socket_folder(), server_name(data_dir))


class _Asked:
    """A second copy's request, handed by a connection's thread to the main thread."""

    def __init__(self) -> None:
        self.taken = threading.Event()


class InstanceServer(QObject):
    """Listens, for the running copy, for a second copy on the same data folder.

    ``data_dir`` is the data folder whose lock this process holds. :meth:`listen`
    starts a daemon thread that accepts connections, each then served in a daemon
    thread of its own; a socket file left by a copy that was killed is removed first
    (only the lock's holder listens, so any file of that name is stale).

    Signals:
    - ``activation_requested()``: a second copy asked this one to bring its window
      forward; emitted in this object's (the main) thread, before the answer is sent.
    """

    activation_requested = Signal()
    _asked = Signal(object)  # an _Asked, from a connection's thread

    def __init__(self, data_dir: str | os.PathLike[str], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._name = server_name(data_dir)
        self._address = server_address(data_dir)
        self._authkey = server_authkey(data_dir)
        self._listener: Listener | None = None
        self._thread: threading.Thread | None = None
        self._closing = threading.Event()
        # Queued: the slot runs in this object's thread whichever thread emits.
        self._asked.connect(self._on_asked, Qt.ConnectionType.QueuedConnection)

    @property
    def name(self) -> str:
        """The line's name (:func:`server_name` of the data folder)."""
        return self._name

    @property
    def address(self) -> str:
        """Where it listens (:func:`server_address` of the data folder)."""
        return self._address

    def listen(self) -> bool:
        """Start listening; returns whether it does. A failure is logged and harmless:
        a second copy then falls back to saying that the game is running."""
        if self._listener is not None:
            return True
        try:
            if FAMILY == "AF_UNIX":
                _make_socket_folder(os.path.dirname(self._address))
                with contextlib.suppress(FileNotFoundError):  # left by a killed copy
                    os.unlink(self._address)
            listener = Listener(self._address, FAMILY, backlog=4)
        except OSError as exc:
            log.warning("cannot listen for a second copy on %s: %s", self._address, exc)
            return False
        self._listener = listener
        self._closing.clear()
        self._thread = threading.Thread(
            target=self._accept, args=(listener,), name=_THREAD_NAME, daemon=True
        )
        self._thread.start()
        log.info("listening for a second copy on %s", self._address)
        return True

    def close(self) -> None:
        """Stop listening: the accepting thread ends and the socket file is removed.
        A request already being served is dropped (its copy gets no answer)."""
        listener, thread = self._listener, self._thread
        self._listener = self._thread = None
        if listener is None:
            return
        self._closing.set()
        with contextlib.suppress(OSError):  # wakes the accepting thread: it sees _closing
            Client(self._address, FAMILY).close()
        if thread is not None:
            thread.join(timeout=5)
        try:
            listener.close()  # on POSIX, also removes the socket file
        except OSError as exc:
            log.info("closing the line for a second copy: %s", exc)

    def _accept(self, listener: Listener) -> None:
        while not self._closing.is_set():
            try:
                connection = listener.accept()
            except OSError as exc:
                if self._closing.is_set():
                    return
                log.warning("a second copy's connection failed: %s", exc)
                self._closing.wait(0.5)
                continue
            if self._closing.is_set():
                connection.close()
                return
            threading.Thread(
                target=self._serve, args=(connection,), name=f"{_THREAD_NAME}-connection",
                daemon=True,
            ).start()

    def _serve(self, connection: Connection) -> None:
        with connection:
            try:
                deliver_challenge(connection, self._authkey)
                answer_challenge(connection, self._authkey)
                if not connection.poll(_SERVE_TIMEOUT_S):
                    log.info("a local connection sent nothing: dropped")
                    return
                message = connection.recv_bytes(_MAX_MESSAGE)
            except _DROPPED as exc:
                log.info("a local connection was dropped: %s", exc or type(exc).__name__)
                return
            if message != ACTIVATE:
                log.info("a local connection sent %r: ignored", message[:_MAX_MESSAGE])
                return
            if self._closing.is_set():
                return
            asked = _Asked()
            try:
                self._asked.emit(asked)
            except RuntimeError:  # the server object is gone
                return
            if not asked.taken.wait(_SERVE_TIMEOUT_S):
                return
            try:
                connection.send_bytes(ACTIVATED)
            except OSError as exc:
                log.info("a second copy left before the answer: %s", exc)

    @Slot(object)
    def _on_asked(self, asked: _Asked) -> None:
        if self._listener is None:
            return  # closed since: no answer
        log.info("a second copy asked to bring the window forward")
        self.activation_requested.emit()
        asked.taken.set()


def _exchange(address: str, authkey: bytes) -> tuple[bool, str]:
    """A second copy's side of the line (blocking): whether :data:`ACTIVATED` came back,
    and what happened."""
    if FAMILY == "AF_UNIX" and not _is_private(os.path.dirname(address)):
        return False, f"{os.path.dirname(address)} is not a folder of this user's alone"
    try:
        with Client(address, FAMILY, authkey=authkey) as connection:
            connection.send_bytes(ACTIVATE)
            answer = connection.recv_bytes(_MAX_MESSAGE)
    except _DROPPED as exc:
        return False, str(exc) or type(exc).__name__
    return answer == ACTIVATED, f"answered {answer[:_MAX_MESSAGE]!r}"


class ActivationRequest(QObject):
    """A second copy's request to the copy running on ``data_dir``, driven by the event
    loop: :meth:`start` connects and sends :data:`ACTIVATE` from a daemon thread;
    ``finished(answered)`` is emitted once, in this object's thread, True when
    :data:`ACTIVATED` came back, False when nothing listens, the line was hung up or
    ``timeout_ms`` milliseconds passed first (the thread is then left to end alone)."""

    finished = Signal(bool)

    def __init__(
        self,
        data_dir: str | os.PathLike[str],
        timeout_ms: int = ANSWER_TIMEOUT_MS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._folder = Path(data_dir)
        self._address = server_address(data_dir)
        self._authkey = server_authkey(data_dir)
        self._done = False
        self._answered = threading.Event()
        self._answer: tuple[bool, str] = (False, "")
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(timeout_ms)
        self._timer.timeout.connect(lambda: self._finish(False, "no answer in time"))
        self._poll = QTimer(self)  # the thread only sets _answered: no Qt call there
        self._poll.setInterval(_POLL_MS)
        self._poll.timeout.connect(self._on_poll)

    @property
    def done(self) -> bool:
        """True once ``finished`` was emitted."""
        return self._done

    def start(self) -> None:
        """Connect and ask; ``finished`` comes from the event loop."""
        self._timer.start()
        self._poll.start()
        threading.Thread(target=self._ask, name="spades-desktop-activation", daemon=True).start()

    def _ask(self) -> None:
        self._answer = _exchange(self._address, self._authkey)
        self._answered.set()

    @Slot()
    def _on_poll(self) -> None:
        if self._answered.is_set():
            self._finish(*self._answer)

    def _finish(self, answered: bool, why: str) -> None:
        if self._done:
            return
        self._done = True
        self._timer.stop()
        self._poll.stop()
        if not answered:
            log.info("no copy answered on %s: %s", self._folder, why)
        self.finished.emit(answered)


def ask_to_activate(data_dir: str | os.PathLike[str], timeout_ms: int = ANSWER_TIMEOUT_MS) -> bool:
    """Ask the copy running on ``data_dir`` to bring its window forward and wait (in a
    local event loop, at most ``timeout_ms`` milliseconds) for its answer: True once it
    answered :data:`ACTIVATED`, False when nothing listens, it hung up or it did not
    answer in time. A QCoreApplication must exist. Never raises for what the other side
    does."""
    request = ActivationRequest(data_dir, timeout_ms)
    loop = QEventLoop()
    answers: list[bool] = []
    request.finished.connect(answers.append)
    request.finished.connect(loop.quit)
    request.start()
    if not request.done:
        loop.exec()
    request.deleteLater()
    return answers == [True]
