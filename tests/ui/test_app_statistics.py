"""``app.main`` and the statistics at start: an unreadable statistics file is set aside
and the player is told once, like for the autosave; a finished game left in the
autosave is counted once (docs/architecture.md, Persistence; SPEC.md §7). Run
in-process with ``QApplication.exec`` replaced, so the event loop is never entered."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from spades_desktop import app
from spades_desktop.engine import Bid, Rules, apply_action, legal_actions, new_game
from spades_desktop.persistence import (
    STATS_RESET_MESSAGE,
    DataPaths,
    load_stats,
    prepare,
    record_from_state,
    save_record,
)
from spades_desktop.ui.main_window import MainWindow


def run_main(monkeypatch: pytest.MonkeyPatch, qtbot, data: Path,
             inside: Callable[[MainWindow], None]) -> None:
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
            window.close()
        return 0

    monkeypatch.setattr(QApplication, "exec", fake_exec)
    assert app.main(["--data-dir", str(data)]) == 0
    assert len(seen) == 1, "the window was never shown"


def boxes_saying(window: MainWindow, text: str) -> list[QMessageBox]:
    return [box for box in window.findChildren(QMessageBox) if box.text() == text]


def test_an_unreadable_statistics_file_is_told_at_start(tmp_path, qtbot,
                                                        monkeypatch) -> None:
    paths = DataPaths(tmp_path / "data")
    prepare(paths)
    paths.stats_file.write_text('{"kind": "spades-desktop-statistics", "format": 1, ')

    def inside(window: MainWindow) -> None:
        assert window.status.text() == STATS_RESET_MESSAGE
        assert len(boxes_saying(window, STATS_RESET_MESSAGE)) == 1
        assert list(paths.root.glob("statistics.json.corrupt-*"))
        assert not paths.stats_file.exists()

    run_main(monkeypatch, qtbot, paths.root, inside)

    # the next start has nothing to say
    def quiet(window: MainWindow) -> None:
        assert not boxes_saying(window, STATS_RESET_MESSAGE)

    run_main(monkeypatch, qtbot, paths.root, quiet)


def test_a_finished_game_in_the_autosave_is_counted_at_start(tmp_path, qtbot,
                                                             monkeypatch) -> None:
    paths = DataPaths(tmp_path / "data")
    prepare(paths)
    paths.stats_file.write_text("not statistics")
    state = new_game(Rules(target_score=100), 8)
    actions = []
    while not state.is_terminal:
        legal = legal_actions(state)
        action = Bid(3) if Bid(3) in legal else legal[0]
        actions.append(action)
        state = apply_action(state, action)
    save_record(paths, record_from_state(state, "easy", actions, game_id="ended"))

    def inside(window: MainWindow) -> None:
        assert window.controller.state is None  # nothing to resume: a new game is offered
        assert len(boxes_saying(window, STATS_RESET_MESSAGE)) == 1
        assert not paths.autosave_file.exists()

    run_main(monkeypatch, qtbot, paths.root, inside)
    stats, notice = load_stats(paths)
    assert notice is None
    assert stats["easy"].played == 1 and stats.counted == ("ended",)
