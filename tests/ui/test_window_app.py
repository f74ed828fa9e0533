"""``app.main`` wiring, run in-process with ``QApplication.exec`` replaced, so the event
loop is never entered: one instance per data folder (and no lock file left behind can lock
the player out), a bad data folder, resuming the autosave and starting fresh
(docs/architecture.md, Persistence; docs/rules.md §7)."""

from __future__ import annotations

import random
import socket
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLockFile
from PySide6.QtWidgets import QApplication, QMessageBox

from spades_desktop import app
from spades_desktop.engine import Bid, Phase, Rules, Seat, apply_action, new_game
from spades_desktop.persistence import (
    RESUME_FAILED_MESSAGE,
    DataPaths,
    InstanceLockError,
    Notice,
    NoticeCode,
    acquire_instance_lock,
    load_record,
    prepare,
    record_from_state,
    save_record,
)
from spades_desktop.ui import i18n
from spades_desktop.ui.dialogs import NewGameDialog
from spades_desktop.ui.main_window import MainWindow
from spades_desktop.ui.window_dialogs import open_dialog, open_dialogs

from .app_runner import Calls, patch_boxes, run_main


@pytest.fixture
def no_event_loop(monkeypatch: pytest.MonkeyPatch, qapp) -> None:
    """``app.main`` must return before ``app.exec()`` in these tests."""

    def fail(self: QApplication) -> int:
        raise AssertionError("app.exec() was reached")

    monkeypatch.setattr(QApplication, "exec", fail)


@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> dict[str, Calls]:
    return patch_boxes(monkeypatch)


def run_main_with(monkeypatch: pytest.MonkeyPatch, qtbot, data: Path,
                  inside: Callable[[MainWindow], None]) -> int:
    """Run ``app.main`` on ``data``; ``inside(window)`` runs where the event loop would."""
    run = run_main(monkeypatch, qtbot, data, inside)
    assert run.window_shown, "the window was never shown"
    return run.code


# -- one instance per data folder ----------------------------------------------------------

def _running_notice(paths: DataPaths) -> str:
    return i18n.notice_text(Notice(NoticeCode.ALREADY_RUNNING, folder=paths.root,
                                   file=paths.lock_file))


def _assert_refused(paths: DataPaths, boxes: dict[str, Calls]) -> None:
    assert boxes["warning"].texts == [_running_notice(paths)]
    text = boxes["warning"].texts[0]
    # names the folder and the lock file, and says how to go on
    assert str(paths.root) in text and str(paths.lock_file) in text
    assert "already running" in text and "delete the lock file" in text
    assert not boxes["critical"].args


def test_second_instance_on_the_same_folder_is_refused(tmp_path, no_event_loop, boxes) -> None:
    paths = DataPaths(tmp_path / "data")
    prepare(paths)
    with acquire_instance_lock(paths):
        assert app.main(["--data-dir", str(paths.root)]) == 1
    _assert_refused(paths, boxes)


@pytest.fixture
def other_instance(tmp_path) -> Iterator[tuple[DataPaths, subprocess.Popen[str]]]:
    """Another process holding the lock of a data folder, as a running game does."""
    paths = DataPaths(tmp_path / "data")
    prepare(paths)
    code = textwrap.dedent(f"""
        import time
        from pathlib import Path
        from spades_desktop.persistence import DataPaths, acquire_instance_lock
        lock = acquire_instance_lock(DataPaths(Path({str(paths.root)!r})))
        print("ready", flush=True)
        time.sleep(60)
    """)
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stdout.readline().strip() == "ready"
    yield paths, process
    process.kill()
    process.communicate(timeout=30)


def test_an_instance_in_another_process_is_refused(other_instance, no_event_loop,
                                                   boxes) -> None:
    paths, _process = other_instance
    assert app.main(["--data-dir", str(paths.root)]) == 1
    _assert_refused(paths, boxes)


def test_after_the_other_instance_was_killed_the_game_starts(other_instance, qtbot,
                                                             monkeypatch) -> None:
    paths, process = other_instance
    process.kill()
    process.communicate(timeout=30)
    assert paths.lock_file.exists()  # left behind by the killed process
    patch_boxes(monkeypatch)
    assert run_main(monkeypatch, qtbot, paths.root).window_shown


@pytest.mark.skipif(sys.platform == "win32", reason="QLockFile uses flock on POSIX only")
def test_an_older_version_holding_its_qt_lock_is_refused(tmp_path, no_event_loop,
                                                         boxes) -> None:
    """Older versions lock with Qt's QLockFile, which takes the same system lock."""
    paths = DataPaths(tmp_path / "data")
    prepare(paths)
    old = QLockFile(str(paths.lock_file))
    assert old.tryLock(0)
    try:
        assert app.main(["--data-dir", str(paths.root)]) == 1
    finally:
        old.unlock()
    _assert_refused(paths, boxes)


HOST = socket.gethostname()


def _unrelated_python() -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [sys.executable, "-c", "import time; print('ready', flush=True); time.sleep(30)"],
        stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stdout.readline().strip() == "ready"
    return process


def _lock_of(pid: int, host: str = HOST, program: str = "spades-desktop") -> bytes:
    return f"{pid}\n{program}\n{host}\n".encode()


STALE_LOCKS: dict[str, Callable[[Path], None]] = {
    "empty": lambda p: p.write_bytes(b""),
    "garbage": lambda p: p.write_bytes(random.Random(11).randbytes(200)),
    "PID too large": lambda p: p.write_bytes(_lock_of(10**30)),
    "from another host": lambda p: p.write_bytes(_lock_of(4242, host="another-computer")),
    "a folder": lambda p: (p.mkdir(), (p / "x").write_text("keep")),
}


@pytest.mark.parametrize("make", STALE_LOCKS.values(), ids=STALE_LOCKS.keys())
def test_a_lock_file_nobody_holds_does_not_lock_the_player_out(
    make: Callable[[Path], None], tmp_path, qtbot, monkeypatch
) -> None:
    boxes = patch_boxes(monkeypatch)
    paths = DataPaths(tmp_path / "data")
    prepare(paths)
    make(paths.lock_file)

    def inside(window: MainWindow) -> None:
        with pytest.raises(InstanceLockError):  # this start holds the lock now
            acquire_instance_lock(paths)

    assert run_main_with(monkeypatch, qtbot, paths.root, inside) == 0
    assert not boxes["warning"].args and not boxes["critical"].args
    assert not paths.lock_file.exists()  # released on quitting


def test_a_lock_naming_an_unrelated_live_python_process_does_not_block(
    tmp_path, qtbot, monkeypatch
) -> None:
    boxes = patch_boxes(monkeypatch)
    paths = DataPaths(tmp_path / "data")
    prepare(paths)
    other = _unrelated_python()
    try:
        # as an older version would have left it: Qt names the program by its executable
        paths.lock_file.write_bytes(_lock_of(other.pid, program="python3"))
        assert run_main(monkeypatch, qtbot, paths.root).window_shown
        assert other.poll() is None
    finally:
        other.kill()
        other.communicate(timeout=30)
    assert not boxes["warning"].args


def test_data_folder_below_a_file_is_refused(tmp_path, no_event_loop, boxes) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    data = blocker / "data"
    assert app.main(["--data-dir", str(data)]) == 2
    assert len(boxes["critical"].args) == 1
    assert str(data) in str(boxes["critical"].args[0][2])
    assert not boxes["warning"].args


def test_data_folder_that_is_a_file_is_refused(tmp_path, no_event_loop, boxes) -> None:
    data = tmp_path / "data"
    data.write_text("not a folder")
    assert app.main(["--data-dir", str(data)]) == 2
    assert len(boxes["critical"].args) == 1
    assert "not a folder" in str(boxes["critical"].args[0][2])


def test_main_resumes_the_autosave_and_holds_the_lock(tmp_path, qtbot, monkeypatch,
                                                       boxes) -> None:
    paths = DataPaths(tmp_path / "data")
    prepare(paths)
    state = new_game(Rules(target_score=300), 1234)
    actions = [Bid(4), Bid(3), Bid(2), Bid(5)]
    for a in actions:
        state = apply_action(state, a)
    assert state.current_player == Seat.SOUTH and state.phase is Phase.PLAYING
    save_record(paths, record_from_state(state, "easy", actions))

    def inside(window: MainWindow) -> None:
        assert window.controller.state == state
        assert window.controller.actions == tuple(actions)
        assert window.controller.difficulty == "easy"
        hand = {c for c in window.scene.snapshot().hand}
        assert len(hand) == 13 and window.scene.play_button.isVisible()
        with pytest.raises(InstanceLockError):
            acquire_instance_lock(paths)  # the data folder is locked while running

    assert run_main_with(monkeypatch, qtbot, paths.root, inside) == 0
    with acquire_instance_lock(paths):  # the lock was released on quit
        pass
    assert load_record(paths) is not None  # quitting keeps the game for next time
    assert not boxes["warning"].args and not boxes["critical"].args


def test_main_sets_a_corrupt_autosave_aside_and_offers_a_new_game(tmp_path, qtbot,
                                                                   monkeypatch) -> None:
    paths = DataPaths(tmp_path / "data")
    prepare(paths)
    paths.autosave_file.write_text('{"kind": "spades-desktop-autosave", "format": 1')

    def inside(window: MainWindow) -> None:
        assert window.controller.state is None
        assert window.status.text() == RESUME_FAILED_MESSAGE
        assert list(paths.root.glob("autosave.json.corrupt-*"))
        assert not paths.autosave_file.exists()
        # the notice comes first, on its own: the New Game dialog waits until it is read
        def new_game_dialog() -> NewGameDialog | None:
            dialog = window.findChild(NewGameDialog)
            return dialog if dialog is not None and dialog.isVisible() else None

        notice = open_dialog(window, "notice")
        assert isinstance(notice, QMessageBox) and notice.text() == RESUME_FAILED_MESSAGE
        qtbot.wait(50)  # the event loop runs: still no New Game dialog over the notice
        assert new_game_dialog() is None
        notice.button(QMessageBox.StandardButton.Ok).click()
        qtbot.waitUntil(lambda: new_game_dialog() is not None, timeout=2000)
        assert open_dialog(window, "notice") is None
        new_game_dialog().accept()
        assert window.controller.state is not None
        assert window.controller.state.hand_number == 1

    assert run_main_with(monkeypatch, qtbot, paths.root, inside) == 0
    assert paths.autosave_file.exists()


def test_two_notices_at_start_come_before_the_new_game_dialog(tmp_path, qtbot,
                                                               monkeypatch) -> None:
    """A corrupt autosave and a corrupt statistics file: both are told at once, the
    autosave's on top, and only once both are closed does the New Game dialog open."""
    paths = DataPaths(tmp_path / "data")
    prepare(paths)
    paths.autosave_file.write_text('{"kind": "spades-desktop-autosave", "format": 1')
    paths.stats_file.write_text("not json")

    def inside(window: MainWindow) -> None:
        boxes = open_dialogs(window, "notice")
        assert len(boxes) == 2
        texts = [box.text() for box in boxes]
        assert any("statistics" in text for text in texts)
        on_top = QApplication.activeModalWidget()
        assert isinstance(on_top, QMessageBox) and on_top.text() == RESUME_FAILED_MESSAGE
        for box in (on_top, *(b for b in boxes if b is not on_top)):
            assert window.findChild(NewGameDialog) is None
            box.button(QMessageBox.StandardButton.Ok).click()
            qtbot.wait(10)
        qtbot.waitUntil(lambda: (window.findChild(NewGameDialog) is not None
                                 and window.findChild(NewGameDialog).isVisible()),
                        timeout=2000)
        assert open_dialog(window, "notice") is None

    assert run_main_with(monkeypatch, qtbot, paths.root, inside) == 0
