"""``app.main`` wiring, run in-process with ``QApplication.exec`` replaced, so the event
loop is never entered: one instance per data folder, a bad data folder, resuming the
autosave and starting fresh (docs/architecture.md, Persistence; SPEC.md §7)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QLockFile
from PySide6.QtWidgets import QApplication, QMessageBox

from spades_desktop import app
from spades_desktop.engine import Bid, Phase, Rules, Seat, apply_action, new_game
from spades_desktop.persistence import (
    RESUME_FAILED_MESSAGE,
    DataPaths,
    load_record,
    prepare,
    record_from_state,
    save_record,
)
from spades_desktop.ui.dialogs import NewGameDialog
from spades_desktop.ui.main_window import MainWindow


class Calls:
    """Records calls to a patched ``QMessageBox`` static function."""

    def __init__(self) -> None:
        self.args: list[tuple[object, ...]] = []

    def __call__(self, *args: object, **kwargs: object) -> QMessageBox.StandardButton:
        self.args.append(args)
        return QMessageBox.StandardButton.Ok


@pytest.fixture
def no_event_loop(monkeypatch: pytest.MonkeyPatch, qapp) -> None:
    """``app.main`` must return before ``app.exec()`` in these tests."""

    def fail(self: QApplication) -> int:
        raise AssertionError("app.exec() was reached")

    monkeypatch.setattr(QApplication, "exec", fail)


@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> dict[str, Calls]:
    calls = {"warning": Calls(), "critical": Calls(), "information": Calls()}
    for name, recorder in calls.items():
        monkeypatch.setattr(QMessageBox, name, recorder)
    return calls


def run_main_with(monkeypatch: pytest.MonkeyPatch, qtbot, data: Path,
                  inside: Callable[[MainWindow], None]) -> int:
    """Run ``app.main`` on ``data``; ``inside(window)`` runs where the event loop would."""
    seen: list[MainWindow] = []

    def fake_exec(self: QApplication) -> int:
        windows = [w for w in QApplication.topLevelWidgets()
                   if isinstance(w, MainWindow) and w.isVisible()]
        assert len(windows) == 1
        window = windows[0]
        qtbot.addWidget(window)
        seen.append(window)
        try:
            inside(window)
        finally:
            window.close()  # the player quits: the bot thread stops
        return 0

    monkeypatch.setattr(QApplication, "exec", fake_exec)
    code = app.main(["--data-dir", str(data)])
    assert len(seen) == 1, "the window was never shown"
    return code


def test_second_instance_on_the_same_folder_is_refused(tmp_path, no_event_loop, boxes) -> None:
    paths = DataPaths(tmp_path / "data")
    prepare(paths)
    lock = QLockFile(str(paths.lock_file))
    assert lock.tryLock(0)
    try:
        assert app.main(["--data-dir", str(paths.root)]) == 1
    finally:
        lock.unlock()
    assert len(boxes["warning"].args) == 1
    text = str(boxes["warning"].args[0][2])
    assert str(paths.root) in text and "already running" in text
    assert not boxes["critical"].args


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
        hand = {c for c in window.scene.card_items()}
        assert len(hand) == 13 and window.scene.play_button.isVisible()
        other = QLockFile(str(paths.lock_file))
        assert not other.tryLock(0), "the data folder is not locked while running"

    assert run_main_with(monkeypatch, qtbot, paths.root, inside) == 0
    after = QLockFile(str(paths.lock_file))
    assert after.tryLock(0), "the lock was not released on quit"
    after.unlock()
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
        # the new-game dialog opens as soon as the event loop runs
        def new_game_dialog() -> NewGameDialog | None:
            dialog = window.findChild(NewGameDialog)
            return dialog if dialog is not None and dialog.isVisible() else None

        qtbot.waitUntil(lambda: new_game_dialog() is not None, timeout=2000)
        new_game_dialog().accept()
        assert window.controller.state is not None
        assert window.controller.state.hand_number == 1

    assert run_main_with(monkeypatch, qtbot, paths.root, inside) == 0
    assert paths.autosave_file.exists()
