"""Every window fits an 800×600 screen (play-test F3), and the hand review says it is
analysing from the moment it opens (F10)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QScreen
from PySide6.QtWidgets import QDialog, QLabel

from spades_desktop.engine import Rules, apply_action, legal_actions, new_game

from .helpers import analysing, child

SCREEN = QRect(0, 0, 800, 600)


@pytest.fixture
def small_screen(monkeypatch):
    """The screen's available area is 800×600 (the offscreen screen is larger)."""
    monkeypatch.setattr(QScreen, "availableGeometry", lambda _self: QRect(SCREEN))


def one_hand():
    rules = Rules(target_score=500)
    state = new_game(rules, 5)
    while state.hand_number == 1 and not state.is_terminal:
        state = apply_action(state, legal_actions(state)[0])
    return state.hand_records, rules


def check_fits(qtbot, window) -> None:
    qtbot.waitExposed(window)
    size = window.size()
    assert size.width() <= SCREEN.width() and size.height() <= SCREEN.height() - 40, size


@pytest.mark.parametrize("command", ["stats", "recent", "sheet", "rules"])
def test_each_window_fits_an_800_by_600_screen(qtbot, make_window, small_screen,
                                              command) -> None:
    controller, window = make_window()
    if command == "sheet":
        controller.start_new_game(Rules(), 3, "easy")
    window.action(command).trigger()
    opened = [w for w in window.findChildren(QDialog) if w.isVisible()]
    assert opened
    check_fits(qtbot, opened[0])


def test_the_review_fits_and_says_it_is_analysing(qtbot, make_window, small_screen) -> None:
    _controller, window = make_window()
    records, rules = one_hand()
    review = window.coach.open_review(records, 0, rules)
    assert analysing(review)
    assert child(review, QLabel, "summary").text() == "The coach is analysing your decisions…"
    check_fits(qtbot, review)
    review.close()
