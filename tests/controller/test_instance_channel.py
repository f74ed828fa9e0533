"""The line between a running copy and a second one on the same data folder
(spades_desktop/controller/instance_channel.py), both sides in this process and its
event loop (tests/test_second_copy.py runs two real processes)."""

from __future__ import annotations

import os
import re
import socket
import sys
import threading
from multiprocessing import AuthenticationError
from multiprocessing.connection import Client, Listener
from pathlib import Path

import pytest

from spades_desktop.controller.instance_channel import (
    ACTIVATE,
    ACTIVATED,
    FAMILY,
    ActivationRequest,
    InstanceServer,
    ask_to_activate,
    server_address,
    server_authkey,
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
    assert server_address(a).endswith(name) and server_address(b) != server_address(a)
    assert len(os.fsencode(server_address(tmp_path / ("é" * 300)))) < 100  # a socket's limit
    assert server_authkey(a) == server_authkey(str(a) + "/") != server_authkey(b)


@pytest.mark.skipif(sys.platform == "win32", reason="named pipes are not files")
def test_the_socket_is_in_a_folder_of_this_user_alone(server) -> None:
    assert server.listen()
    folder = os.lstat(os.path.dirname(server.address))
    assert folder.st_uid == os.getuid() and not folder.st_mode & 0o077


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
    address = server_address(tmp_path / "data")
    if FAMILY == "AF_UNIX":
        os.makedirs(os.path.dirname(address), mode=0o700, exist_ok=True)
        if os.path.exists(address):
            os.unlink(address)
    stuck = Listener(address, FAMILY)  # never accepts
    try:
        assert ask(qtbot, tmp_path / "data", timeout_ms=200) is False
    finally:
        stuck.close()


def test_a_message_other_than_activate_is_ignored(qtbot, server, tmp_path) -> None:
    assert server.listen()
    told: list[str] = []
    server.activation_requested.connect(lambda: told.append("activate"))
    key = server_authkey(tmp_path / "data")
    with Client(server.address, FAMILY, authkey=key) as client:
        client.send_bytes(b"hello\n")
        with pytest.raises(EOFError):  # the running copy hangs up without answering
            client.recv_bytes()
    assert told == []
    with Client(server.address, FAMILY, authkey=key) as client:
        client.send_bytes(ACTIVATE)
        # the answer needs the main thread (activation_requested first): wait in its loop
        qtbot.waitUntil(lambda: client.poll(), timeout=30_000)
        assert client.recv_bytes() == ACTIVATED
    assert told == ["activate"]


def test_a_peer_without_the_folder_s_key_is_refused(qtbot, server, tmp_path) -> None:
    assert server.listen()
    told: list[str] = []
    server.activation_requested.connect(lambda: told.append("activate"))
    with pytest.raises(AuthenticationError):
        Client(server.address, FAMILY, authkey=server_authkey(tmp_path / "other"))
    assert ask(qtbot, tmp_path / "data") is True  # still answers the right key
    assert told == ["activate"]


def test_activation_is_requested_in_the_main_thread(qtbot, server, tmp_path) -> None:
    """The connection is served in a daemon thread; the signal comes in the main one, so
    a plain function connected to it (a lambda) may touch the window."""
    assert server.listen()
    threads: list[threading.Thread] = []
    server.activation_requested.connect(lambda: threads.append(threading.current_thread()))
    assert ask(qtbot, tmp_path / "data") is True
    assert threads == [threading.main_thread()]


@pytest.mark.skipif(sys.platform == "win32", reason="named pipes leave no file behind")
def test_a_socket_left_by_a_crashed_copy_does_not_stop_the_next(qtbot, server, tmp_path) -> None:
    path = Path(server.address)
    path.parent.mkdir(mode=0o700, exist_ok=True)
    stale = socket.socket(socket.AF_UNIX)
    stale.bind(str(path))  # the file stays when a copy dies without closing
    stale.close()
    assert path.exists()
    assert ask(qtbot, tmp_path / "data") is False  # a socket file with nobody behind it
    assert server.listen()
    assert ask(qtbot, tmp_path / "data") is True
    server.close()
    assert not path.exists()


def test_closing_stops_the_thread_and_the_answers(qtbot, server, tmp_path) -> None:
    def serving() -> list[threading.Thread]:
        return [t for t in threading.enumerate() if t.name == "spades-desktop-instance-server"]

    assert server.listen()
    assert ask(qtbot, tmp_path / "data") is True
    assert len(serving()) == 1
    server.close()
    assert serving() == []
    if FAMILY == "AF_UNIX":
        assert not os.path.exists(server.address)
    assert ask(qtbot, tmp_path / "data") is False
    server.close()  # twice is harmless


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
