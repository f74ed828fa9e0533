"""Fixtures for the window tests: a prepared data folder and a window factory."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
from spades_desktop.controller import BotRunner, GameController
from spades_desktop.engine import Seat
from spades_desktop.persistence import DataPaths, Settings, prepare
from spades_desktop.ui import i18n
from spades_desktop.ui.main_window import MainWindow

from .table_driver import Game, open_game

# The AT-SPI client runs under the system's python3 (it needs pyatspi, which the test
# environment does not have); it is a program the screen-reader test starts, not a module
# of tests or doctests.
collect_ignore = ["atspi_player.py"]


@pytest.fixture
def language(qapp, monkeypatch):
    """``language(code)`` installs that interface language (as if a CJK font were
    present); the translators are removed afterwards."""
    monkeypatch.setattr(i18n, "has_cjk_font", lambda: True)

    def apply(code: str) -> None:
        assert i18n.apply_language(code).language == code

    yield apply
    i18n.remove_translators()


@pytest.fixture
def paths(tmp_path) -> DataPaths:
    p = DataPaths(tmp_path / "data")
    prepare(p)
    return p


@pytest.fixture
def make_window(qtbot, paths) -> Iterator:
    controllers: list[GameController] = []

    def make(speed: float = 0.0, runner: BotRunner | None = None, *,
             bot_seats: frozenset[Seat] | None = None,
             **settings: Any) -> tuple[GameController, MainWindow]:
        """A shown 1100×800 window at animation ``speed`` on the ``paths`` folder, its
        computer players asked through ``runner`` (the controller's own by default) for
        the ``bot_seats`` (the controller's by default); any other keyword is a
        :class:`Settings` field (``language="en"``)."""
        controller = GameController(paths, runner)
        if bot_seats is not None:
            controller.bot_seats = bot_seats
        controllers.append(controller)
        window = MainWindow(controller, Settings(animation_speed=speed, **settings), paths)
        qtbot.addWidget(window)
        window.resize(1100, 800)
        window.show()
        qtbot.waitExposed(window)
        return controller, window

    yield make
    for controller in controllers:
        controller.shutdown()


@pytest.fixture
def release() -> Iterator[threading.Event]:
    """Set to let a :class:`tests.ui.helpers.HeldBot` answer (set at the end of the test)."""
    event = threading.Event()
    yield event
    event.set()


@pytest.fixture
def game(qtbot, make_window) -> Iterator[Game]:
    """A window of :func:`make_window` whose computer players move only when a test says
    so (``table_driver.Game``), the table focused."""
    yield from open_game(qtbot, make_window)
