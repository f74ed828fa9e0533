"""After a dialog closes or a new game starts, the keyboard goes back to the table: the
bid panel takes digits and Enter without any Tab or click (play-test F1)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from spades_desktop.engine import Bid, Rules
from spades_desktop.ui.window_dialogs import open_dialog

from .table_driver import Game

STEP_MS = 20_000




def south_to_bid(g: Game) -> None:
    g.bots_until_south()
    assert g.window.scene.bid_panel.isVisible()


def bid_four_by_keys(g: Game) -> None:
    """4 then Enter, sent to whatever has the keyboard focus, as a player types."""
    before = len(g.controller.actions)
    for key in (Qt.Key.Key_4, Qt.Key.Key_Return):
        target = QApplication.focusWidget()
        assert target is not None, "no widget has the keyboard focus"
        g.qtbot.keyClick(target, key)
    assert len(g.controller.actions) == before + 1
    assert g.controller.actions[-1] == Bid(4)


def test_the_bid_panel_takes_keys_after_abandon_and_new_game(game: Game) -> None:
    g = game
    g.controller.start_new_game(Rules(), 12, "easy")  # South bids first
    south_to_bid(g)
    g.controller.submit_human(Bid(3))
    g.bots_until_south()
    # a game in progress: Ctrl+N asks first
    g.window.action("new").trigger()
    box = open_dialog(g.window, "confirm_new_game")
    assert box is not None
    g.qtbot.waitUntil(lambda: QApplication.activeModalWidget() is box)
    with g.qtbot.waitSignal(g.controller.game_started, timeout=STEP_MS):
        box.button(QMessageBox.StandardButton.Yes).click()
        g.qtbot.waitUntil(lambda: QApplication.activeModalWidget() is not None
                          and QApplication.activeModalWidget() is not box)
        dialog = QApplication.activeModalWidget()
        g.qtbot.keyClick(dialog, Qt.Key.Key_Return)  # Start game
    south_to_bid(g)
    g.qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    assert g.window.table.hasFocus()
    bid_four_by_keys(g)



@pytest.mark.parametrize("command", ["stats", "shortcuts", "rules", "settings", "sheet",
                                     "recent"])
def test_the_bid_panel_takes_keys_after_a_dialog_closes(game: Game, command: str) -> None:
    """Under a window manager the table's focus item can be gone while a dialog is up
    (it is the active window); once the dialog closes, the keys go to the bid panel."""
    g = game
    g.controller.start_new_game(Rules(), 12, "easy")
    south_to_bid(g)
    g.window.action(command).trigger()
    dialog = next(w for w in QApplication.topLevelWidgets()
                  if w is not g.window and w.isVisible() and w.isWindow()
                  and w.parent() is g.window)
    g.window.scene.clearFocus()  # the table lost its focus item meanwhile
    assert g.window.scene.focusItem() is None
    dialog.close()
    g.qtbot.waitUntil(lambda: not dialog.isVisible())
    bid_four_by_keys(g)


def test_the_bid_panel_takes_keys_when_the_window_comes_back(game: Game, qtbot) -> None:
    """The bid panel appears while another window is active (a dialog that has not
    yet given the activation back, under a window manager): once the window is active
    again, the keys go to the bid panel."""
    from PySide6.QtWidgets import QWidget
    other = QWidget()
    qtbot.addWidget(other)
    other.show()
    qtbot.waitExposed(other)
    other.activateWindow()
    qtbot.waitUntil(other.isActiveWindow)
    g = game
    g.controller.start_new_game(Rules(), 12, "easy")
    south_to_bid(g)
    other.close()
    g.window.activateWindow()
    qtbot.waitUntil(g.window.isActiveWindow)
    bid_four_by_keys(g)


def test_the_shortcuts_list_names_every_table_key() -> None:
    from spades_desktop.ui.dialogs.shortcuts import table_keys
    keys = dict(table_keys())
    described = " ".join(k + " " + v for k, v in table_keys())
    assert keys["L"].startswith("Show the last trick")
    assert keys["H"].startswith("Hint")
    assert "A rank, then a suit" in keys
    assert "within a second" in described
    assert "End-of-hand summary" in described and "Next hand" in described
    assert "Blind Nil offer" in described
