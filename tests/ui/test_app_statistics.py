"""``app.main`` and the statistics at start: an unreadable statistics file is set aside
and the player is told once, like for the autosave; a finished game left in the
autosave is counted once (docs/architecture.md, Persistence; docs/rules.md §7). Run
in-process with ``QApplication.exec`` replaced, so the event loop is never entered."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

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

from .app_runner import run_main


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

    first = run_main(monkeypatch, qtbot, paths.root, inside)
    assert first.code == 0 and first.messages == [STATS_RESET_MESSAGE]
    # the next start has nothing to say
    again = run_main(monkeypatch, qtbot, paths.root)
    assert again.code == 0 and again.messages == []


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

    assert run_main(monkeypatch, qtbot, paths.root, inside).code == 0
    stats, notice = load_stats(paths)
    assert notice is None
    assert stats["easy"].played == 1 and stats.counted == ("ended",)
