"""The Master level on screen (docs/rules.md §6): in the New Game dialog (with a line saying how
each level plays, usable by keys), a game started at Master asks the Master bot, and the
quiet "thinking…" mark by the plate of a computer player still deciding after 300 ms.
Every wait is on a signal or on what the table shows (qtbot.waitUntil); no test depends
on how fast the machine is."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QRadioButton

from spades_desktop.bots import MasterBot, make_bot
from spades_desktop.controller import BotRunner
from spades_desktop.engine import Bid, Rules, Seat
from spades_desktop.levels import LEVELS
from spades_desktop.ui.dialogs import NewGameDialog, level_description
from spades_desktop.ui.main_window import MainWindow

from .helpers import HeldBot


@pytest.fixture
def asked() -> list[tuple[str, type]]:
    """(level, class of the bot that level makes) for every bot the runner made."""
    return []


@pytest.fixture
def window(make_window, release, asked) -> Iterator[MainWindow]:
    def factory(level: str) -> HeldBot:
        asked.append((level, type(make_bot(level))))
        return HeldBot(release)

    _controller, win = make_window(runner=BotRunner(factory))
    yield win
    release.set()


def test_the_dialog_offers_master_with_a_line_per_level(qtbot) -> None:
    dialog = NewGameDialog(None, levels=LEVELS, difficulty="expert", target_score=500,
                           floor_enabled=True, bag_penalty=True, blind_nil=False)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    expected = {
        "easy": "Plays the obvious card, never bids Nil.",
        "normal": "Counts its sure tricks, ducks bags.",
        "expert": "Simulates the hidden hands before each card.",
        "master": "Searches four times deeper; usually thinks under a second.",
    }
    for level in LEVELS:
        line = dialog.findChild(QLabel, f"level_{level}_description")
        assert line is not None and line.isVisible()
        assert line.text() == expected[level] == level_description(level)
    master = dialog.findChild(QRadioButton, "level_master")
    assert master.text() == "Master" and master.isVisible()
    # keys: the arrow moves from Expert (selected) to Master, below it
    expert = dialog.findChild(QRadioButton, "level_expert")
    assert expert.isChecked()
    dialog.activateWindow()
    qtbot.waitActive(dialog)
    expert.setFocus()
    qtbot.waitUntil(expert.hasFocus)
    qtbot.keyClick(expert, Qt.Key.Key_Down)
    assert master.isChecked()
    assert dialog.options().difficulty == "master"


def test_a_game_started_at_master_asks_the_master_bot(qtbot, window, asked) -> None:
    window.dialogs.new_game()
    dialog = window.findChild(NewGameDialog)
    assert dialog is not None
    dialog.findChild(QRadioButton, "level_master").setChecked(True)
    with qtbot.waitSignal(window.controller.game_started, timeout=5000):
        dialog.accept()
    controller = window.controller
    assert controller.difficulty == "master" and window.settings.difficulty == "master"
    if controller.state.current_player == Seat.SOUTH:
        assert controller.submit(Bid(3))
    qtbot.waitUntil(lambda: bool(asked), timeout=5000)
    assert asked[0] == ("master", MasterBot)


def test_the_thinking_mark_shows_for_a_slow_bot_and_goes_with_its_bid(
        qtbot, window, release) -> None:
    controller, scene = window.controller, window.scene
    controller.start_new_game(Rules(), 5, "master")
    assert controller.state.current_player == Seat.SOUTH  # East deals hand 1
    assert all(scene.snapshot().plates[seat].thinking == "" for seat in Seat)
    with qtbot.waitSignal(controller.bot_thinking, timeout=5000,
                          check_params_cb=lambda seat, on: (seat, on) == (Seat.WEST, True)):
        assert controller.submit(Bid(3))  # West is asked and holds its answer
    qtbot.waitUntil(lambda: scene.snapshot().plates[Seat.WEST].thinking == "thinking\u2026",
                    timeout=5000)
    plates = scene.snapshot().plates
    assert plates[Seat.NORTH].thinking == plates[Seat.EAST].thinking == ""
    with qtbot.waitSignal(controller.bot_thinking, timeout=5000,
                          check_params_cb=lambda seat, on: (seat, on) == (Seat.WEST, False)):
        release.set()
    assert scene.snapshot().plates[Seat.WEST].thinking == ""
    # the bid arrives and is played; no mark is left behind once South is to act again
    qtbot.waitUntil(lambda: controller.state.current_player == Seat.SOUTH, timeout=10000)
    assert all(scene.snapshot().plates[seat].thinking == "" for seat in Seat)


def test_a_new_game_removes_the_thinking_mark(qtbot, window) -> None:
    controller, scene = window.controller, window.scene
    controller.start_new_game(Rules(), 5, "master")
    with qtbot.waitSignal(controller.bot_thinking, timeout=5000):
        assert controller.submit(Bid(3))
    qtbot.waitUntil(lambda: scene.snapshot().plates[Seat.WEST].thinking != "", timeout=5000)
    with qtbot.waitSignal(controller.bot_thinking, timeout=5000,
                          check_params_cb=lambda seat, on: not on):
        controller.start_new_game(Rules(), 6, "master")
    assert scene.snapshot().plates[Seat.WEST].thinking == ""


def test_the_mark_waits_until_the_table_shows_that_seats_turn(qtbot, make_window,
                                                              release) -> None:
    """Play-test finding: the mark appeared under West while the table was still showing
    South's bid and the status line named the previous seat. The mark now shows once the
    table has caught up, together with "West is bidding…"."""
    controller, win = make_window(speed=1.0,
                                  runner=BotRunner(lambda level: HeldBot(release)))
    scene = win.scene
    controller.start_new_game(Rules(), 5, "master")
    assert controller.state.current_player == Seat.SOUTH  # East deals hand 1
    qtbot.waitUntil(lambda: not scene.busy, timeout=10000)  # the deal is shown
    assert controller.submit(Bid(3))
    assert scene.busy  # South's bid is still being shown
    scene.set_thinking(Seat.WEST, True)  # as the controller's bot_thinking says
    assert scene.snapshot().plates[Seat.WEST].thinking == ""
    qtbot.waitUntil(lambda: scene.snapshot().plates[Seat.WEST].thinking == "thinking\u2026",
                    timeout=10000)
    assert win.status_line.text == "West is bidding\u2026"
    scene.set_thinking(Seat.WEST, False)
    assert scene.snapshot().plates[Seat.WEST].thinking == ""
