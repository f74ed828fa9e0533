"""Helpers for the end-of-hand summary on the table: is it shown, and a real click on
one of its buttons, through the view, where a player would click."""

from __future__ import annotations

from PySide6.QtCore import Qt

from spades_desktop.ui.main_window import MainWindow
from spades_desktop.ui.table.summary import NEXT_HAND, REVIEW, SCORE_SHEET, HandSummary

__all__ = ["NEXT_HAND", "REVIEW", "SCORE_SHEET", "click_summary_button", "next_hand",
           "summary_shown"]


def summary_shown(window: MainWindow) -> bool:
    """Whether the end-of-hand summary is on the table."""
    return window.scene.snapshot().summary.visible


def click_summary_button(qtbot, window: MainWindow, which: str) -> None:
    """A real left click in the middle of the summary's button ``which``."""
    summary = window.scene.snapshot().summary
    assert summary.visible, "no summary on the table"
    point = window.table.mapFromScene(summary.buttons[which][1].center())
    assert isinstance(window.table.itemAt(point), HandSummary), "something covers the summary"
    qtbot.mouseClick(window.table.viewport(), Qt.MouseButton.LeftButton, pos=point)


def next_hand(qtbot, window: MainWindow) -> None:
    """Click "Next hand" on the summary; returns once the summary said so."""
    with qtbot.waitSignal(window.scene.hand_summary_closed, timeout=5000):
        click_summary_button(qtbot, window, NEXT_HAND)
    assert not summary_shown(window)
