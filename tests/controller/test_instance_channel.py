"""The line between a running copy and a second one on the same data folder
(spades_desktop/controller/instance_channel.py), both sides in this process and its
event loop (tests/test_second_copy.py runs two real processes)."""

from __future__ import annotations

import re
import socket
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QDir
from PySide6.QtNetwork import QLocalServer, QLocalSocket

from spades_desktop.controller.instance_channel import (
    ACTIVATE,
    ACTIVATED,
    ActivationRequest,
    InstanceServer,
    ask_to_activate,
    server_name,
)


def ask(qtbot, folder: Path, timeout_ms: int = 30_000) -> bool:
    """What a second copy on ``folder`` hears back (``ActivationRequest.finished``)."""
    request = ActivationRequest(folder, timeout_ms)
    with qtbot.waitSignal(request.finished, timeout=60_000) as blocker:
        request.start()
    request.deleteLater()
    return bool(blocker.args[0])


@pytest.fixture
def server(qapp, tmp_path):
    listening = InstanceServer(tmp_path / "data")
    yield listening
    listening.close()


def test_the_name_is_safe_short_and_one_per_folder(tmp_path) -> None:
    a, b = tmp_path / "a", tmp_path / "b b"
    a.mkdir()
    name = server_name(a)
    assert re.fullmatch(r"spades-desktop-[0-9a-f]{32}", name)
    assert server_name(a / ".." / "a") == name == server_name(str(a) + "/")
    assert server_name(b) != name
    assert server_name(tmp_path / ("é" * 300)) != name  # any folder: still 47 characters


@pytest.mark.skipif(sys.platform == "win32", reason="links need rights on Windows")
def test_a_link_to_the_folder_gives_the_same_name(tmp_path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    assert server_name(tmp_path / "link") == server_name(tmp_path / "real")


def test_a_second_copy_asks_and_the_running_copy_is_told(qtbot, server, tmp_path) -> None:
    assert server.listen()
    told: list[str] = []
    server.activation_requested.connect(lambda: told.append("activate"))
    assert ask(qtbot, tmp_path / "data") is True
    assert told == ["activate"]


def test_the_blocking_ask_of_a_starting_copy_gets_the_answer(qtbot, server, tmp_path) -> None:
    assert server.listen()
    with qtbot.waitSignal(server.activation_requested, timeout=30_000):
        assert ask_to_activate(tmp_path / "data", 30_000) is True


def test_nobody_listening_is_no_answer(qtbot, tmp_path) -> None:
    assert ask(qtbot, tmp_path / "nobody") is False
    assert ask_to_activate(tmp_path / "nobody") is False


def test_another_folder_is_another_game(qtbot, server, tmp_path) -> None:
    assert server.listen()
    assert ask(qtbot, tmp_path / "other") is False  # no copy runs on "other"
    assert ask(qtbot, tmp_path / "data") is True  # the one on "data" still answers


def test_a_copy_that_never_answers_is_no_answer(qtbot, qapp, tmp_path) -> None:
    """A copy that accepts the connection but is stuck (it never reads nor answers):
    the second copy gives up after its time."""
    stuck = QLocalServer()
    name = server_name(tmp_path / "data")
    QLocalServer.removeServer(name)
    assert stuck.listen(name)
    try:
        assert ask(qtbot, tmp_path / "data", timeout_ms=200) is False
    finally:
        stuck.close()


def test_a_line_other_than_activate_is_ignored(qtbot, server) -> None:
    assert server.listen()
    told: list[str] = []
    server.activation_requested.connect(lambda: told.append("activate"))
    client = QLocalSocket()
    client.connectToServer(server.name)
    with qtbot.waitSignal(client.disconnected, timeout=30_000):  # the running copy hangs up
        client.write(b"hello\n")
    assert bytes(client.readAll().data()) == b"" and told == []
    client.abort()
    client.connectToServer(server.name)
    with qtbot.waitSignal(client.disconnected, timeout=30_000):
        client.write(ACTIVATE)
    assert bytes(client.readAll().data()) == ACTIVATED and told == ["activate"]


@pytest.mark.skipif(sys.platform == "win32", reason="named pipes leave no file behind")
def test_a_socket_left_by_a_crashed_copy_does_not_stop_the_next(qtbot, server, tmp_path) -> None:
    path = Path(QDir.tempPath()) / server.name
    stale = socket.socket(socket.AF_UNIX)
    stale.bind(str(path))  # the file stays when a copy dies without closing
    stale.close()
    assert path.exists()
    assert server.listen()
    assert ask(qtbot, tmp_path / "data") is True
    server.close()
    assert not path.exists()


def test_bring_forward_restores_a_minimised_window(qtbot) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QWidget

    from spades_desktop.app import bring_forward

    window = QWidget()
    qtbot.addWidget(window)
    window.showMinimized()
    assert window.windowState() & Qt.WindowState.WindowMinimized
    bring_forward(window)
    assert not window.windowState() & Qt.WindowState.WindowMinimized
    assert window.isVisible()
