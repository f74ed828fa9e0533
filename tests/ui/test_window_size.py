"""The first window fits the screen (found at 800×600 and at scale 1.5, where a fixed
1100×800 window hid the hand and the status line)."""

from __future__ import annotations

from PySide6.QtCore import QSize

import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
from spades_desktop.controller import GameController
from spades_desktop.persistence import Settings
from spades_desktop.ui.main_window import MainWindow


def test_the_first_window_fits_in_the_screen(qtbot, paths) -> None:
    controller = GameController(paths)
    window = MainWindow(controller, Settings(animation_speed=0.0), paths)
    qtbot.addWidget(window)
    room = window.screen().availableGeometry().size()
    assert window.size().width() <= room.width() and window.size().height() <= room.height()
    assert window.first_size() == QSize(1100, 800).boundedTo(
        QSize(room.width() - 16, room.height() - 48))
    # the offscreen screen (800×800) is smaller than 1100×800: the window was made smaller
    assert window.size().width() < 1100
    window.close()
