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


def _saved_geometry(qtbot, paths, width: int, height: int, x: int = 0, y: int = 0) -> str:
    controller = GameController(paths)
    window = MainWindow(controller, Settings(animation_speed=0.0), paths)
    qtbot.addWidget(window)
    window.setMinimumSize(0, 0)  # as a window manager may have left it
    window.setGeometry(x, y, width, height)
    saved = bytes(window.saveGeometry().toBase64().data()).decode()
    window.close()
    return saved


def _opened_with(qtbot, paths, saved: str) -> MainWindow:
    """A window started with the saved geometry ``saved``."""
    window = MainWindow(GameController(paths),
                        Settings(animation_speed=0.0, window_geometry=saved), paths)
    qtbot.addWidget(window)
    return window


def test_a_saved_size_too_small_to_read_opens_at_the_legible_size(qtbot, paths) -> None:
    """A window saved at 640×501 (shrunk by a window manager on a small screen) opens at
    least at 800×600, or as much of it as the screen has: nothing of the table is cut."""
    saved = _saved_geometry(qtbot, paths, 640, 501)
    window = _opened_with(qtbot, paths, saved)
    room = window.screen().availableGeometry()
    floor = window.legible_size()
    assert floor == QSize(800, 600).boundedTo(QSize(room.width() - 16, room.height() - 48))
    assert window.width() >= floor.width() and window.height() >= floor.height()
    assert room.contains(window.frameGeometry())
    window.close()


def test_a_saved_size_larger_than_the_screen_opens_inside_it(qtbot, paths) -> None:
    saved = _saved_geometry(qtbot, paths, 2600, 1900, 300, 200)
    window = _opened_with(qtbot, paths, saved)
    room = window.screen().availableGeometry()
    assert window.width() <= room.width() and window.height() <= room.height()
    assert room.contains(window.frameGeometry())
    window.close()


def test_a_saved_size_that_fits_is_kept(qtbot, paths) -> None:
    saved = _saved_geometry(qtbot, paths, 790, 700, 5, 40)
    window = _opened_with(qtbot, paths, saved)
    assert (window.width(), window.height()) == (790, 700)
    window.close()
