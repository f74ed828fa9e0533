"""Every menu command, button, dialog field and bid button has an accessible name and
description, in English and in Chinese, as Qt's accessibility (AT-SPI, UI Automation)
reads them: ``QAccessible.queryAccessibleInterface(widget).text(...)``."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QMenu,
    QTabBar,
    QTextBrowser,
    QWidget,
)

from spades_desktop.engine import Rules
from spades_desktop.ui.main_window import MainWindow
from spades_desktop.ui.window_dialogs import open_dialog

from .table_driver import Game

FIELDS = (QAbstractButton, QAbstractSpinBox, QComboBox, QLineEdit, QAbstractSlider,
          QAbstractItemView, QTextBrowser)
"""The widgets a player reaches with Tab or a click: each needs a name and a description."""

DIALOGS = {
    "new_game": lambda w: w.dialogs.new_game(),
    "score_sheet": lambda w: w.dialogs.show_score_sheet(),
    "statistics": lambda w: w.dialogs.show_statistics(),
    "recent_games": lambda w: w.dialogs.show_recent_games(),
    "settings": lambda w: w.dialogs.show_settings(),
    "shortcuts": lambda w: w.dialogs.show_shortcuts(),
    "rules": lambda w: w.dialogs.show_rules(),
    "hand_so_far": lambda w: w.hand_so_far.show(),
}


def accessible(widget: QWidget) -> tuple[str, str]:
    """(name, description) as Qt's accessibility gives them to a screen reader."""
    face = QAccessible.queryAccessibleInterface(widget)
    assert face is not None
    return face.text(QAccessible.Text.Name), face.text(QAccessible.Text.Description)


def fields(root: QWidget) -> Iterator[QWidget]:
    """``root``'s fields and buttons (a scroll bar's arrows and a tab bar's scroll
    buttons are part of their control, not fields of their own)."""
    for widget in root.findChildren(QWidget):
        if not isinstance(widget, FIELDS):
            continue
        parent = widget.parentWidget()
        if isinstance(parent, QTabBar) or widget.objectName().startswith("qt_"):
            continue
        if widget.window() is not root.window():
            continue  # a combo box's popup list, a window of its own: part of the box
        if widget.focusPolicy() == Qt.FocusPolicy.NoFocus and not isinstance(
                widget, QAbstractButton):
            continue
        yield widget


def lacking(root: QWidget) -> list[str]:
    """The fields of ``root`` without a name or a description, as class and text."""
    bad = []
    for widget in fields(root):
        name, description = accessible(widget)
        if not name.strip() or not description.strip() or description == name:
            bad.append(f"{type(widget).__name__} {widget.objectName()!r} "
                       f"name={name!r} description={description!r}")
    return bad


def lacking_actions(window: MainWindow) -> list[str]:
    """The menu commands without a text or a description (their tooltip, shown on the
    menu; Qt's menu items carry no accessible description of their own)."""
    bad = []
    for menu in window.menuBar().findChildren(QMenu):
        for action in menu.actions():
            if action.isSeparator():
                continue
            text = action.text().replace("&", "")
            tip = action.toolTip()
            if not text or not tip or tip.replace("&", "") == text:
                bad.append(f"{text!r} tip={tip!r}")
    return bad


def walk(g: Game) -> list[str]:
    window = g.window
    bad = [f"action {a}" for a in lacking_actions(window)]
    bad += [f"table {b}" for b in lacking(window.table.scene().bid_panel)]
    scene = window.scene
    for button in (scene.play_button, scene.hint_button, scene.new_game_button,
                   scene.blind_question.blind_button, scene.blind_question.show_button):
        name, description = accessible(button)
        if not name or not description or description == name:
            bad.append(f"table {button.objectName() or button.text()!r} {name!r} "
                       f"{description!r}")
    for key, opener in DIALOGS.items():
        opener(window)
        dialog = open_dialog(window, key)
        assert dialog is not None, key
        bad += [f"{key}: {b}" for b in lacking(dialog)]
        dialog.close()
        QApplication.processEvents()
    return bad


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_every_control_has_a_name_and_a_description(game: Game, language: str) -> None:
    g = game
    g.window.set_language(language)
    g.controller.start_new_game(Rules(), 12, "easy")
    g.bots_until_south()
    bad = walk(g)
    assert bad == [], "\n".join(bad)
