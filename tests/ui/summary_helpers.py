"""Helpers for the end-of-hand summary on the table: a window whose computer players
move only when told, is the summary shown, and a real click on one of its buttons,
through the view, where a player would click."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt

from spades_desktop.controller import GameController
from spades_desktop.engine import Seat
from spades_desktop.ui.main_window import MainWindow
from spades_desktop.ui.table.summary import NEXT_HAND, REVIEW, SCORE_SHEET, HandSummary

from .helpers import ManualRunner

__all__ = ["NEXT_HAND", "REVIEW", "SCORE_SHEET", "Table", "click_summary_button",
           "manual_table", "next_hand", "summary_shown"]


@dataclass
class Table:
    """A window, its controller and the stand-in for every seat's player."""

    qtbot: object
    runner: ManualRunner
    controller: GameController
    window: MainWindow


def manual_table(qtbot, make_window) -> Table:
    """A window of conftest.py's ``make_window`` where every seat is a computer player
    answering through a :class:`ManualRunner` (the test plays each move)."""
    runner = ManualRunner()
    controller, window = make_window(runner=runner, bot_seats=frozenset(Seat))
    return Table(qtbot, runner, controller, window)


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
