"""The line between two copies of the game on one data folder (docs/architecture.md,
Persistence: one running instance per data folder).

The copy that holds the data folder's lock listens on a local socket (``QLocalServer``:
a Unix domain socket, a named pipe on Windows) named after the folder
(:func:`server_name`). A second copy started on the same folder, refused by the lock,
asks it to come forward (:func:`ask_to_activate`) and exits quietly when it answers;
two different data folders are two independent games, with two names.

The exchange is one line each way: the second copy writes :data:`ACTIVATE`, the running
copy emits :attr:`InstanceServer.activation_requested` and answers :data:`ACTIVATED`.
Qt only (QtCore, QtNetwork), no widgets.
"""

from __future__ import annotations

import hashlib
import logging
import os
from pathlib import Path

from PySide6.QtCore import QEventLoop, QObject, QTimer, Signal, Slot
from PySide6.QtNetwork import QLocalServer, QLocalSocket

__all__ = [
    "ACTIVATE",
    "ACTIVATED",
    "ANSWER_TIMEOUT_MS",
    "ActivationRequest",
    "InstanceServer",
    "ask_to_activate",
    "server_name",
]

log = logging.getLogger(__name__)

ACTIVATE = b"activate\n"
"""What a second copy writes: bring your window forward."""
ACTIVATED = b"activated\n"
"""What the running copy answers once it has asked its window to come forward."""
ANSWER_TIMEOUT_MS = 3000
"""How long a second copy waits for the running copy's answer, in milliseconds, before
it gives up and says that the game is already running."""
_MAX_LINE = 64


def server_name(data_dir: str | os.PathLike[str]) -> str:
    """The local server's name for the data folder ``data_dir``: ``spades-desktop-``
    and 32 hex digits of the SHA-256 of the folder's real path (links resolved, and, on
    POSIX, the
    user's id), so that it holds no character a socket name may not have, stays short
    (Qt puts it in the temporary folder on Unix) and differs between folders and users.

    >>> server_name("/tmp/a") == server_name("/tmp/a/") != server_name("/tmp/b")
    True
    """
    folder = os.path.normcase(os.path.realpath(os.fspath(data_dir)))
    user = str(os.getuid()) if hasattr(os, "getuid") else ""
    digest = hashlib.sha256(f"{user}\0{folder}".encode("utf-8", "surrogatepass"))
    return f"spades-desktop-{digest.hexdigest()[:32]}"


class InstanceServer(QObject):
    """Listens, for the running copy, for a second copy on the same data folder.

    ``data_dir`` is the data folder whose lock this process holds. :meth:`listen`
    starts (a stale socket left by a copy that crashed is removed first: only the
    lock's holder listens, so any socket of that name is stale).

    Signals:
    - ``activation_requested()``: a second copy asked this one to bring its window
      forward (emitted before the answer is written).
    """

    activation_requested = Signal()

    def __init__(self, data_dir: str | os.PathLike[str], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._name = server_name(data_dir)
        self._server = QLocalServer(self)
        self._server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self._server.newConnection.connect(self._on_connection)

    @property
    def name(self) -> str:
        """The local server's name (:func:`server_name` of the data folder)."""
        return self._name

    def listen(self) -> bool:
        """Start listening; returns whether it does. A failure is logged and harmless:
        a second copy then falls back to saying that the game is running."""
        QLocalServer.removeServer(self._name)
        if self._server.listen(self._name):
            log.info("listening for a second copy on %s", self._server.fullServerName())
            return True
        log.warning(
            "cannot listen for a second copy on %s: %s", self._name, self._server.errorString()
        )
        return False

    def close(self) -> None:
        """Stop listening (also removes the socket file)."""
        self._server.close()

    @Slot()
    def _on_connection(self) -> None:
        while self._server.hasPendingConnections():
            socket = self._server.nextPendingConnection()
            if socket is None:
                return
            socket.setParent(self)
            socket.readyRead.connect(lambda s=socket: self._on_ready_read(s))
            socket.disconnected.connect(socket.deleteLater)
            if socket.canReadLine():
                self._on_ready_read(socket)

    def _on_ready_read(self, socket: QLocalSocket) -> None:
        if not socket.canReadLine():
            if socket.bytesAvailable() > _MAX_LINE:
                socket.abort()  # no line of ours is this long
            return
        line = bytes(socket.readLine(_MAX_LINE).data())
        if line != ACTIVATE:
            log.info("a local connection sent %r: ignored", line[:_MAX_LINE])
            socket.disconnectFromServer()
            return
        log.info("a second copy asked to bring the window forward")
        self.activation_requested.emit()
        socket.write(ACTIVATED)
        socket.flush()
        socket.disconnectFromServer()


class ActivationRequest(QObject):
    """A second copy's request to the copy running on ``data_dir``, driven by the event
    loop: :meth:`start` connects and writes :data:`ACTIVATE`; ``finished(answered)`` is
    emitted once, True when :data:`ACTIVATED` came back, False when nothing listens, the
    line was hung up or ``timeout_ms`` milliseconds passed first."""

    finished = Signal(bool)

    def __init__(
        self,
        data_dir: str | os.PathLike[str],
        timeout_ms: int = ANSWER_TIMEOUT_MS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._folder = Path(data_dir)
        self._answer = b""
        self._done = False
        self._socket = QLocalSocket(self)
        self._socket.connected.connect(self._on_connected)
        self._socket.readyRead.connect(self._on_ready_read)
        self._socket.disconnected.connect(self._on_ready_read)
        self._socket.errorOccurred.connect(self._on_error)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(timeout_ms)
        self._timer.timeout.connect(lambda: self._finish(False, "no answer in time"))

    @property
    def done(self) -> bool:
        """True once ``finished`` was emitted."""
        return self._done

    def start(self) -> None:
        """Connect and ask (``finished`` may be emitted before this returns)."""
        self._timer.start()
        self._socket.connectToServer(server_name(self._folder))

    @Slot()
    def _on_connected(self) -> None:
        self._socket.write(ACTIVATE)
        self._socket.flush()

    @Slot()
    def _on_ready_read(self) -> None:
        if self._done:
            return  # closed by _finish (its abort() says "disconnected" too)
        self._answer += bytes(self._socket.readAll().data())
        if self._answer.endswith(b"\n") or len(self._answer) > _MAX_LINE:
            self._finish(self._answer == ACTIVATED, f"answered {self._answer[:_MAX_LINE]!r}")
        elif self._socket.state() is QLocalSocket.LocalSocketState.UnconnectedState:
            self._finish(False, "hung up")

    @Slot(QLocalSocket.LocalSocketError)
    def _on_error(self, _error: QLocalSocket.LocalSocketError) -> None:
        if not self._done and self._socket.bytesAvailable():
            self._on_ready_read()  # the answer came before the line closed
        self._finish(False, self._socket.errorString())

    def _finish(self, answered: bool, why: str) -> None:
        if self._done:
            return
        self._done = True
        self._timer.stop()
        if not answered:
            log.info("no copy answered on %s: %s", self._folder, why)
        self._socket.abort()
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
