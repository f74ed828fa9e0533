"""Every dialog the window opens is freed when the player closes it: opening and closing
one many times leaves no widget behind (each closed score sheet used to
stay in memory as a hidden child of the window)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialog,
    QDialogButtonBox,
    QMessageBox,
    QWidget,
)

import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
from spades_desktop.engine import (
    Rules,
    legal_actions,
)
from spades_desktop.ui.dialogs import (
    NewGameDialog,
    RulesDialog,
    ScoreSheetWidget,
    SettingsDialog,
)
from spades_desktop.ui.main_window import MainWindow
from spades_desktop.ui.window_dialogs import open_dialog

from .helpers import child, one_card_left
from .summary_helpers import (
    SCORE_SHEET,
    Table,
    click_summary_button,
    manual_table,
    next_hand,
    summary_shown,
)

REPEATS = 50
STEP_TIMEOUT_MS = 10_000


@pytest.fixture
def table(qtbot, make_window) -> Table:
    return manual_table(qtbot, make_window)  # the last card is the test's to play


def deferred_deletes() -> None:
    """Run the deletes Qt postponed (``deleteLater``, close with ``WA_DeleteOnClose``)."""
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def counts(window: MainWindow) -> dict[str, int]:
    return {
        "dialogs": len(window.findChildren(QDialog)),
        "message boxes": len(window.findChildren(QMessageBox)),
        "top-level widgets": len(QApplication.topLevelWidgets()),
        "window QObjects": len(window.findChildren(QObject)),
    }


def the_open(window: MainWindow, kind: type[QWidget]) -> QWidget:
    shown = [w for w in window.findChildren(kind) if w.isVisible()]
    assert len(shown) == 1, f"{len(shown)} visible {kind.__name__}"
    return shown[0]


def click(qtbot, button: QAbstractButton | None) -> None:
    assert button is not None
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def close_button(dialog: QWidget) -> QAbstractButton | None:
    box = dialog.findChild(QDialogButtonBox)
    assert box is not None
    return box.button(QDialogButtonBox.StandardButton.Close)


# -- one open-and-close per dialog -------------------------------------------------------------
def sheet_from_the_menu(t: Table) -> None:
    t.window.action("sheet").trigger()
    sheet = open_dialog(t.window, "score_sheet")
    assert sheet is not None and sheet.isVisible()
    click(t.qtbot, close_button(sheet))
    assert open_dialog(t.window, "score_sheet") is None


def sheet_after_a_hand(t: Table) -> None:
    """The sheet opened from the end-of-hand summary, closed, then Next hand."""
    state, actions = one_card_left(Rules(floor_score=None), 7)  # no floor: the game goes on
    t.controller.resume(state, actions, "easy")
    t.runner.answer(legal_actions(state)[0])
    t.qtbot.waitUntil(lambda: summary_shown(t.window), timeout=STEP_TIMEOUT_MS)
    click_summary_button(t.qtbot, t.window, SCORE_SHEET)
    sheet = open_dialog(t.window, "score_sheet")
    assert sheet is not None and sheet.isVisible()
    assert child(sheet, ScoreSheetWidget, "sheet").hand_count() == 1
    click(t.qtbot, close_button(sheet))
    assert open_dialog(t.window, "score_sheet") is None and summary_shown(t.window)
    next_hand(t.qtbot, t.window)
    assert t.controller.state.hand_number == 2 and not t.window.scene.waiting_for_deal


def game_over(t: Table) -> None:
    state, actions = one_card_left(Rules(max_hands=1), 11)
    t.controller.resume(state, actions, "easy")
    t.runner.answer(legal_actions(state)[0])
    t.qtbot.waitUntil(lambda: open_dialog(t.window, "game_over") is not None,
                      timeout=STEP_TIMEOUT_MS)
    dialog = open_dialog(t.window, "game_over")
    t.qtbot.waitUntil(dialog.isVisible, timeout=STEP_TIMEOUT_MS)
    assert t.controller.state.is_terminal
    click(t.qtbot, close_button(dialog))
    assert open_dialog(t.window, "game_over") is None


def new_game_cancelled(t: Table) -> None:
    t.window.action("new").trigger()
    dialog = the_open(t.window, NewGameDialog)
    box = dialog.findChild(QDialogButtonBox)
    click(t.qtbot, box.button(QDialogButtonBox.StandardButton.Cancel))
    assert not dialog.isVisible()


def settings(t: Table) -> None:
    t.window.action("settings").trigger()
    click(t.qtbot, close_button(the_open(t.window, SettingsDialog)))


def rules(t: Table) -> None:
    t.window.action("rules").trigger()
    click(t.qtbot, close_button(the_open(t.window, RulesDialog)))


def about(t: Table) -> None:
    seen: list[str] = []

    def close_box() -> None:  # the About box runs its own event loop until closed
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox) and box.isVisible():
            seen.append(box.text())
            box.accept()
        else:
            QTimer.singleShot(10, close_box)

    QTimer.singleShot(0, close_box)
    t.window.action("about").trigger()
    assert seen and "Spades Desktop" in seen[0]


def notify(t: Table) -> None:
    t.window.notify("Something to tell.")
    box = the_open(t.window, QMessageBox)
    assert isinstance(box, QMessageBox) and box.text() == "Something to tell."
    click(t.qtbot, box.button(QMessageBox.StandardButton.Ok))


CASES: dict[str, Callable[[Table], None]] = {
    "score sheet (Ctrl+S)": sheet_from_the_menu,
    "score sheet after a hand": sheet_after_a_hand,
    "game over": game_over,
    "new game, cancelled": new_game_cancelled,
    "settings": settings,
    "rules": rules,
    "about": about,
    "notify": notify,
}


@pytest.mark.parametrize("open_and_close", CASES.values(), ids=CASES.keys())
def test_a_closed_dialog_leaves_nothing_behind(table: Table,
                                                open_and_close: Callable[[Table], None]) -> None:
    t = table
    t.controller.start_new_game(Rules(), 3, "easy")  # a game, so the score sheet opens
    open_and_close(t)  # the first time may create what the window keeps for good
    deferred_deletes()
    before = counts(t.window)
    for _ in range(REPEATS):
        open_and_close(t)
    deferred_deletes()
    assert counts(t.window) == before
    assert not [w for w in QApplication.topLevelWidgets()
                if isinstance(w, QDialog) and w.isVisible()]


def test_a_closed_score_sheet_is_destroyed(table: Table) -> None:
    """The dialog itself goes, not only its Python reference."""
    t = table
    t.controller.start_new_game(Rules(), 3, "easy")
    t.window.action("sheet").trigger()
    sheet = open_dialog(t.window, "score_sheet")
    assert sheet is not None
    with t.qtbot.waitSignal(sheet.destroyed, timeout=STEP_TIMEOUT_MS):
        click(t.qtbot, close_button(sheet))
    assert open_dialog(t.window, "score_sheet") is None
    assert not t.window.findChildren(QDialog)


def test_a_new_game_clears_an_open_score_sheet(table: Table) -> None:
    """A sheet still open when another game starts is closed and freed too."""
    t = table
    t.controller.start_new_game(Rules(), 3, "easy")
    t.window.action("sheet").trigger()
    sheet = open_dialog(t.window, "score_sheet")
    assert sheet is not None
    with t.qtbot.waitSignal(sheet.destroyed, timeout=STEP_TIMEOUT_MS):
        t.controller.start_new_game(Rules(), 4, "easy")
    assert open_dialog(t.window, "score_sheet") is None
    assert not t.window.findChildren(QDialog)
