"""A window at instant speed whose computer players move only when told (the test
answers for them), activated so the keyboard focus is real: the table tests drive a
game with it (tests/ui/test_table_*.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from PySide6.QtCore import Qt

import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
from spades_desktop.controller import GameController
from spades_desktop.engine import Phase, Seat
from spades_desktop.ui.main_window import MainWindow

from .helpers import ManualRunner

STEP_MS = 20_000
"""Generous bound for one move to be applied (never reached when healthy)."""


@dataclass
class Game:
    """The window, its controller and the computer players' stand-in."""

    qtbot: object
    controller: GameController
    window: MainWindow
    runner: ManualRunner

    def key(self, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
            ) -> None:
        """A key pressed and released on the table."""
        self.qtbot.keyClick(self.window.table, key, modifier)  # type: ignore[attr-defined]

    def south_asked(self) -> bool:
        """South is to act and the table asks for it (a prompt is shown)."""
        state = self.controller.state
        scene = self.window.scene
        return (state is not None and state.current_player == Seat.SOUTH
                and not scene.animating and not scene.waiting_for_deal
                and (scene.bid_panel.isVisible() or scene.play_button.isVisible()
                     or scene.blind_question.isVisible()))

    def bots_until_south(self, hand: int | None = None) -> None:
        """Each computer player to act plays its first legal move, until South is asked
        to act (or hand ``hand`` is over: the table waits for the next deal)."""
        for _ in range(60):
            state = self.controller.state
            assert state is not None
            if self.south_asked():
                return
            if hand is not None and (state.hand_number > hand or state.is_terminal):
                return
            if self.runner.request_view is not None and state.current_player != Seat.SOUTH:
                before = len(self.controller.actions)
                self.runner.answer(self.runner.request_view.legal[0])
                self.qtbot.waitUntil(  # type: ignore[attr-defined]
                    lambda b=before: len(self.controller.actions) > b, timeout=STEP_MS)
            else:
                self.qtbot.waitUntil(  # type: ignore[attr-defined]
                    lambda: self.south_asked() or self.runner.request_view is not None,
                    timeout=STEP_MS)
        raise AssertionError("the game did not come to South")

    def playing(self) -> bool:
        state = self.controller.state
        return state is not None and state.phase is Phase.PLAYING


def open_game(qtbot, make_window: Callable[..., tuple[GameController, MainWindow]]
              ) -> Iterator[Game]:
    """The body of a test module's ``game`` fixture (``yield from open_game(...)``), on
    the window of conftest.py's ``make_window``."""
    runner = ManualRunner()
    controller, window = make_window(runner=runner)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.table.setFocus()
    yield Game(qtbot, controller, window, runner)
