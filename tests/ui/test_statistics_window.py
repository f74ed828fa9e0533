"""The Statistics window (Game ▸ Statistics, Ctrl+T, and the game-over dialog's button),
its reset, and the question before a new game abandons the one in progress
(ui/dialogs/statistics.py, ui/main_window.py; docs/rules.md §7)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDialogButtonBox,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
)

import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
from spades_desktop.controller import GameController
from spades_desktop.engine import Rules, legal_actions
from spades_desktop.levels import LEVELS
from spades_desktop.persistence import (
    DataPaths,
    DifficultyStats,
    Stats,
    count_result,
    load_stats,
    save_stats,
)
from spades_desktop.ui.dialogs import NewGameDialog, StatisticsDialog
from spades_desktop.ui.dialogs.statistics import PRACTICE, STAT_ROW_KEYS, TOTAL, UNKNOWN
from spades_desktop.ui.main_window import MainWindow
from spades_desktop.ui.texts import MINUS_SIGN, difficulty_name
from spades_desktop.ui.window_dialogs import open_dialog

from .helpers import ManualRunner, child, one_card_left, shown_child

TIMEOUT_MS = 10_000

# Expert: 4 games (2 won, 1 lost, 1 abandoned), 6 hands; Easy: nothing; Normal: one game
# migrated from format 1 (no hand known).
EXPERT = DifficultyStats(played=4, won=2, drawn=0, points=200, best_margin=150,
                         abandoned=1, streak=0, best_streak=2, hints=3, hands=6,
                         hand_points=-45, bags=9, contracts_made=4, contracts_set=1,
                         nil_bid=2, nil_made=1, blind_nil_bid=1, blind_nil_made=1)
NORMAL = DifficultyStats(played=1, won=0, drawn=1, points=0, best_margin=0)
STATS = Stats(levels={"expert": EXPERT, "normal": NORMAL}, streak=0, best_streak=2)


@pytest.fixture
def dialog(qtbot) -> StatisticsDialog:
    shown = StatisticsDialog(None, stats=STATS)
    qtbot.addWidget(shown)
    shown.show()
    qtbot.waitExposed(shown)
    return shown


def row_heading(dialog: StatisticsDialog, row_key: str) -> QTableWidgetItem:
    """The heading of the row of ``row_key`` in the grid of figures, as shown."""
    table = child(dialog, QTableWidget, "statisticsTable")
    return table.verticalHeaderItem(STAT_ROW_KEYS.index(row_key))


def test_one_column_per_level_the_total_and_the_practice_games(dialog: StatisticsDialog
                                                              ) -> None:
    table = child(dialog, QTableWidget, "statisticsTable")
    assert table.columnCount() == len(LEVELS) + 2 and table.rowCount() == len(STAT_ROW_KEYS)
    headers = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    assert headers == ["Easy", "Normal", "Expert", "Master", "Total", "Practice"]
    assert headers == [*(difficulty_name(level) for level in LEVELS), "Total", "Practice"]
    tip = table.horizontalHeaderItem(len(LEVELS) + 1).toolTip()
    assert "Undo" in tip and "no ranking points" in tip
    assert all(dialog.value("played", key) for key in (*LEVELS, TOTAL))  # a column each
    assert row_heading(dialog, "win_rate").text() == "Win rate"


def test_the_ranking_points_row_explains_each_levels_points(dialog: StatisticsDialog) -> None:
    # docs/rules.md §7: a won game earns Easy +10, Normal +30, Expert +100 (Master +200, levels.py).
    tip = row_heading(dialog, "points").toolTip()
    assert "won game" in tip
    for name, points in (("Easy", 10), ("Normal", 30), ("Expert", 100), ("Master", 200)):
        assert f"{name} +{points}" in tip
    assert row_heading(dialog, "win_rate").toolTip() == ""


def test_the_figures_as_shown(dialog: StatisticsDialog) -> None:
    expected_expert = {
        "played": "4", "won": "2", "lost": "1", "drawn": "0", "abandoned": "1",
        "win_rate": "50%", "points": "200", "streak": "0", "best_streak": "2",
        "best_margin": "won by 150", "points_per_hand": MINUS_SIGN + "7.5", "bags_per_hand": "1.5",
        "contracts_made": "4", "contracts_set": "1", "nil_bid": "2", "nil_made": "1",
        "blind_nil_bid": "1", "blind_nil_made": "1", "hints": "3",
    }
    assert {k: dialog.value(k, "expert") for k in STAT_ROW_KEYS} == expected_expert
    # Easy: nothing played — counts are 0, everything else unknown
    for key in ("win_rate", "best_margin", "points_per_hand", "bags_per_hand", "nil_bid",
                "contracts_made"):
        assert dialog.value(key, "easy") == UNKNOWN
    assert dialog.value("played", "easy") == "0" and dialog.value("streak", "easy") == "0"
    # Normal: one drawn game from a format-1 file: a rate and a margin, no hand known
    assert dialog.value("win_rate", "normal") == "0%"
    assert dialog.value("best_margin", "normal") == "drawn"
    assert dialog.value("points_per_hand", "normal") == UNKNOWN
    assert dialog.value("nil_made", "normal") == UNKNOWN
    # Total: 5 games, 2 won (40%), the best margin of all, the hands of Expert only
    assert dialog.value("played", TOTAL) == "5" and dialog.value("drawn", TOTAL) == "1"
    assert dialog.value("win_rate", TOTAL) == "40%"
    assert dialog.value("best_margin", TOTAL) == "won by 150"
    assert dialog.value("points_per_hand", TOTAL) == MINUS_SIGN + "7.5"
    assert dialog.value("best_streak", TOTAL) == "2"
    # Master: nothing played yet (the fourth level of docs/rules.md §6 has its own column)
    assert dialog.value("played", "master") == "0"
    assert dialog.value("points", "master") == "0"
    with pytest.raises(KeyError):
        dialog.value("played", "grandmaster")


def test_keyboard_the_grid_has_focus_and_tab_reaches_the_buttons(
        qtbot, dialog: StatisticsDialog) -> None:
    dialog.activateWindow()
    table = child(dialog, QTableWidget, "statisticsTable")
    qtbot.waitUntil(lambda: QApplication.focusWidget() is table, timeout=TIMEOUT_MS)
    assert table.focusPolicy() & Qt.FocusPolicy.TabFocus
    reset = child(dialog, QPushButton, "reset_button")
    assert reset.focusPolicy() & Qt.FocusPolicy.TabFocus
    assert child(dialog, QPushButton, "close_button").isDefault() and not reset.isDefault()
    with qtbot.waitSignal(dialog.finished, timeout=TIMEOUT_MS):
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)


def test_reset_asks_first_and_no_is_the_default(qtbot, dialog: StatisticsDialog) -> None:
    asked: list[bool] = []
    dialog.reset_requested.connect(lambda: asked.append(True))
    reset = child(dialog, QPushButton, "reset_button")
    qtbot.mouseClick(reset, Qt.MouseButton.LeftButton)
    box = shown_child(dialog, QMessageBox, "reset_question")
    assert box is not None and box.isVisible()
    assert box.defaultButton() is box.button(QMessageBox.StandardButton.No)
    qtbot.keyClick(box, Qt.Key.Key_Return)  # Enter takes the default: No
    assert shown_child(dialog, QMessageBox, "reset_question") is None and asked == []
    qtbot.mouseClick(reset, Qt.MouseButton.LeftButton)
    box = shown_child(dialog, QMessageBox, "reset_question")
    with qtbot.waitSignal(dialog.reset_requested, timeout=TIMEOUT_MS):
        qtbot.mouseClick(box.button(QMessageBox.StandardButton.Yes), Qt.MouseButton.LeftButton)


# -- in the window ------------------------------------------------------------------------
@dataclass
class Table:
    runner: ManualRunner
    controller: GameController
    window: MainWindow
    paths: DataPaths


@pytest.fixture
def table(make_window, paths: DataPaths) -> Table:
    runner = ManualRunner()
    # the test plays every seat through the controller
    controller, window = make_window(runner=runner, bot_seats=frozenset())
    return Table(runner, controller, window, paths)


def open_new_game_dialogs(window: MainWindow) -> list[NewGameDialog]:
    return [d for d in window.findChildren(NewGameDialog) if d.isVisible()]


def test_game_statistics_opens_the_window_with_the_file(qtbot, table: Table) -> None:
    save_stats(table.paths, STATS)
    # a window that leaves the dialog room on the screen on every side
    table.window.resize(760, 560)
    table.window.move(table.window.screen().availableGeometry().center()
                      - table.window.rect().center())
    action = table.window.action("stats")
    assert action.shortcut() == QKeySequence("Ctrl+T")
    assert action in table.window.menuBar().actions()[0].menu().actions()
    assert open_dialog(table.window, "statistics") is None
    action.trigger()
    shown = open_dialog(table.window, "statistics")
    assert shown is not None and shown.isVisible() and not shown.isModal()
    assert shown.value("played", "expert") == "4" and shown.value("win_rate", TOTAL) == "40%"
    # centred over the window
    centre, own = table.window.frameGeometry().center(), shown.frameGeometry().center()
    assert abs(centre.x() - own.x()) <= 30 and abs(centre.y() - own.y()) <= 30
    # opened again: the same window
    action.trigger()
    assert open_dialog(table.window, "statistics") is shown
    with qtbot.waitSignal(shown.finished, timeout=TIMEOUT_MS):
        qtbot.mouseClick(child(shown, QPushButton, "close_button"), Qt.MouseButton.LeftButton)
    assert open_dialog(table.window, "statistics") is None


def test_reset_from_the_window_empties_the_file(qtbot, table: Table) -> None:
    count_result(table.paths, "easy", 500, 100, True, "kept")
    table.window.action("stats").trigger()
    shown = open_dialog(table.window, "statistics")
    assert shown is not None and shown.value("won", "easy") == "1"
    reset = child(shown, QPushButton, "reset_button")
    qtbot.mouseClick(reset, Qt.MouseButton.LeftButton)
    box = shown_child(shown, QMessageBox, "reset_question")
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.No), Qt.MouseButton.LeftButton)
    assert load_stats(table.paths)[0]["easy"].won == 1
    qtbot.mouseClick(reset, Qt.MouseButton.LeftButton)
    box = shown_child(shown, QMessageBox, "reset_question")
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Yes), Qt.MouseButton.LeftButton)
    assert load_stats(table.paths)[0] == Stats(counted=("kept",))
    assert shown.value("won", "easy") == "0" and shown.value("win_rate", TOTAL) == UNKNOWN


def test_the_game_over_dialog_opens_the_statistics(qtbot, table: Table) -> None:
    # game 7 of one hand, everyone taking the first legal action: North–South win 2 to
    # −289 (see tests/controller/test_controller_stats.py), at Normal: +30.
    state, actions = one_card_left(Rules(max_hands=1), 7)
    table.controller.resume(state, actions, "normal", game_id="seven")
    with qtbot.waitSignal(table.controller.game_over, timeout=TIMEOUT_MS):
        table.controller.submit(legal_actions(state)[0])
    qtbot.waitUntil(lambda: open_dialog(table.window, "game_over") is not None, timeout=TIMEOUT_MS)
    over = open_dialog(table.window, "game_over")
    qtbot.waitUntil(over.isVisible, timeout=TIMEOUT_MS)
    with qtbot.waitSignal(over.statistics_requested, timeout=TIMEOUT_MS):
        qtbot.mouseClick(child(over, QPushButton, "statistics_button"),
                         Qt.MouseButton.LeftButton)
    shown = open_dialog(table.window, "statistics")
    assert shown is not None and shown.isVisible() and over.isVisible()
    assert QApplication.activeModalWidget() is not shown  # not modal itself
    assert shown.value("won", "normal") == "1" and shown.value("points", "normal") == "30"
    assert shown.value("best_margin", "normal") == "won by 291"
    # it goes with the game-over dialog
    qtbot.mouseClick(over.findChild(QDialogButtonBox).button(
        QDialogButtonBox.StandardButton.Close), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: open_dialog(table.window, "statistics") is None, timeout=TIMEOUT_MS)


def start_and_bid(table: Table) -> str:
    table.controller.start_new_game(Rules(), 42, "expert")
    state = table.controller.state
    assert state is not None
    assert table.controller.submit(legal_actions(state)[0])
    assert table.controller.in_progress
    game_id = table.controller.game_id
    assert game_id is not None
    return game_id


def test_new_game_during_a_game_asks_and_no_changes_nothing(qtbot, table: Table) -> None:
    game_id = start_and_bid(table)
    state = table.controller.state
    table.window.action("new").trigger()
    box = open_dialog(table.window, "confirm_new_game")
    assert box is not None and box.isVisible() and open_new_game_dialogs(table.window) == []
    assert box.defaultButton() is box.button(QMessageBox.StandardButton.No)
    qtbot.keyClick(box, Qt.Key.Key_Return)  # the default: No
    assert open_dialog(table.window, "confirm_new_game") is None
    assert open_new_game_dialogs(table.window) == []
    assert table.controller.state is state and table.controller.game_id == game_id
    assert not table.paths.stats_file.exists()


def test_new_game_confirmed_counts_the_old_game_abandoned(qtbot, table: Table) -> None:
    game_id = start_and_bid(table)
    table.window.action("new").trigger()
    box = open_dialog(table.window, "confirm_new_game")
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Yes), Qt.MouseButton.LeftButton)
    (chooser,) = open_new_game_dialogs(table.window)
    with qtbot.waitSignal(table.controller.game_started, timeout=TIMEOUT_MS):
        qtbot.mouseClick(chooser.findChild(QObject, "startGame"), Qt.MouseButton.LeftButton)
    assert table.controller.game_id != game_id and not table.controller.in_progress
    stats, _ = load_stats(table.paths)
    assert (stats["expert"].played, stats["expert"].abandoned, stats["expert"].won) == (1, 1, 0)
    assert stats.counted == (game_id,)


def test_confirmed_then_cancelled_keeps_the_game(qtbot, table: Table) -> None:
    game_id = start_and_bid(table)
    table.window.action("new").trigger()
    box = open_dialog(table.window, "confirm_new_game")
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Yes), Qt.MouseButton.LeftButton)
    (chooser,) = open_new_game_dialogs(table.window)
    qtbot.mouseClick(chooser.findChild(QDialogButtonBox).button(
        QDialogButtonBox.StandardButton.Cancel), Qt.MouseButton.LeftButton)
    assert table.controller.game_id == game_id and table.controller.in_progress
    assert not table.paths.stats_file.exists()


def test_new_game_without_a_game_in_progress_does_not_ask(table: Table) -> None:
    table.controller.start_new_game(Rules(), 42, "easy")  # dealt, nothing bid yet
    table.window.action("new").trigger()
    assert open_dialog(table.window, "confirm_new_game") is None
    assert len(open_new_game_dialogs(table.window)) == 1


def test_quitting_does_not_abandon_the_game(table: Table) -> None:
    start_and_bid(table)
    table.window.close()
    assert not table.paths.stats_file.exists()
    assert table.paths.autosave_file.exists()


def test_the_window_follows_the_language(qtbot, dialog: StatisticsDialog,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from spades_desktop.ui import i18n

    monkeypatch.setattr(i18n, "has_cjk_font", lambda: True)  # texts compared, not drawn
    try:
        i18n.apply_language("zh_CN")
        qtbot.waitUntil(lambda: dialog.windowTitle() == "统计", timeout=TIMEOUT_MS)
        assert row_heading(dialog, "win_rate").text() == "胜率"
        total = child(dialog, QTableWidget, "statisticsTable").horizontalHeaderItem(len(LEVELS))
        assert total.text() == "合计"
        assert dialog.value("win_rate", TOTAL) == "40%"
        assert "排名积分" in row_heading(dialog, "points").toolTip()
    finally:
        i18n.apply_language("en")
        i18n.remove_translators()
    qtbot.waitUntil(lambda: row_heading(dialog, "win_rate").text() == "Win rate",
                    timeout=TIMEOUT_MS)


def test_the_best_result_of_lost_games_reads_lost_by(qtbot) -> None:
    """One game lost by 363: the best result is "lost by 363", not a margin of −363."""
    stats = Stats(levels={"normal": DifficultyStats(played=1, won=0, drawn=0,
                                                    best_margin=-363)})
    dialog = StatisticsDialog(None, stats=stats)
    qtbot.addWidget(dialog)
    assert dialog.value("best_margin", "normal") == "lost by 363"
    header = child(dialog, QTableWidget, "statisticsTable").verticalHeaderItem(
        STAT_ROW_KEYS.index("best_margin"))
    assert header.text() == "Best result"


def test_the_practice_games_have_their_own_column(qtbot) -> None:
    # one practice game won by 120 at Expert, one abandoned: in the Practice column only
    practice = DifficultyStats(played=2, won=1, abandoned=1, best_margin=120, streak=0,
                               best_streak=1, hints=4)
    shown = StatisticsDialog(None, stats=Stats(levels={"expert": EXPERT}, best_streak=2,
                                               practice=practice))
    qtbot.addWidget(shown)
    assert shown.value("played", PRACTICE) == "2" and shown.value("won", PRACTICE) == "1"
    assert shown.value("abandoned", PRACTICE) == "1" and shown.value("points", PRACTICE) == "0"
    assert shown.value("win_rate", PRACTICE) == "50%"
    assert shown.value("best_margin", PRACTICE) == "won by 120"
    assert shown.value("hints", PRACTICE) == "4"
    assert shown.value("played", TOTAL) == "4" and shown.value("points", TOTAL) == "200"
    assert shown.value("played", PRACTICE) != shown.value("played", "expert")


def test_the_games_per_preset_in_their_order_and_hidden_without_any(qtbot) -> None:
    from spades_desktop.persistence import PresetGames
    from spades_desktop.ui.house_rules_text import preset_name

    stats = Stats(presets={"custom": PresetGames(1, 0), "whiz": PresetGames(4, 3),
                           "standard": PresetGames(7, 2)})
    shown = StatisticsDialog(None, stats=stats)
    qtbot.addWidget(shown)
    shown.show()
    qtbot.waitExposed(shown)
    table = child(shown, QTableWidget, "presetsTable")
    assert table.isVisible()
    assert shown.preset_rows() == [(preset_name("standard"), "7", "2"),
                                   (preset_name("whiz"), "4", "3"),
                                   (preset_name("custom"), "1", "0")]
    assert preset_name("whiz") == "Whiz"
    shown.set_stats(Stats())
    assert shown.preset_rows() == [] and not table.isVisible()
