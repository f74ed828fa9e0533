"""The review window by keys: the focused button wears the table's blue ring and is the
one Space and Enter press; no button is pressed by Enter from elsewhere; Tab moves the
ring through the enabled buttons; the arrows, Home / End and Page Up / Page Down move
through the hand and the game whatever has the focus; Esc closes."""

from __future__ import annotations

import threading

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QLabel, QPushButton

from spades_desktop.ui.review import ReviewWindow
from spades_desktop.ui.table.prompts import FOCUS_RING

from .helpers import child
from .test_coach_ui import shown_step
from .test_review_window import open_review as open_stopped_review
from .test_review_window import stop  # noqa: F401 (a fixture)

# ruff: noqa: F811 (the tests take the imported fixture ``stop``)

BUTTONS = ("previousHand", "first", "back", "forward", "last", "nextHand", "close")


def open_review(qtbot, stop: threading.Event, hands: int = 1) -> ReviewWindow:
    """The review of the first of ``hands`` played, at 800 × 600, its analysis running
    until ``stop`` is set, in the active window (where the focus and its ring are
    drawn)."""
    review = open_stopped_review(qtbot, stop, hands)
    review.activateWindow()
    qtbot.waitUntil(review.isActiveWindow, timeout=5000)
    return review


def button(review: ReviewWindow, name: str) -> QPushButton:
    return child(review, QPushButton, name)


def focused(review: ReviewWindow) -> str:
    """The object name of the widget with the keyboard focus, in ``review``."""
    widget = QApplication.focusWidget()
    assert widget is not None and review.isAncestorOf(widget)
    return widget.objectName()


def ring_pixels(widget: QPushButton) -> int:
    """The pixels of ``widget``, as drawn, within a few steps of the focus ring's blue."""
    image = widget.grab().toImage()
    ring = QColor(FOCUS_RING)
    count = 0
    for y in range(image.height()):
        for x in range(image.width()):
            c = image.pixelColor(x, y)
            if (abs(c.red() - ring.red()) + abs(c.green() - ring.green())
                    + abs(c.blue() - ring.blue())) <= 30:
                count += 1
    return count


def test_the_focused_button_wears_the_ring_from_the_start(qtbot, stop) -> None:
    """On opening, Forward has the focus and the ring (a frame of at least its
    perimeter's worth of blue pixels); no other button is blue, none is the default."""
    review = open_review(qtbot, stop)
    assert focused(review) == "forward"
    forward = button(review, "forward")
    assert ring_pixels(forward) >= forward.width() + forward.height()
    for name in BUTTONS:
        b = button(review, name)
        assert not b.isDefault() and not b.autoDefault(), name
        if name != "forward":
            assert ring_pixels(b) == 0, name


def test_tab_moves_the_ring_through_the_enabled_buttons(qtbot, stop) -> None:
    """At the bidding of the first of two hands: Forward, Last, Next hand, Close, and
    round to Forward; Shift+Tab goes back. The ring follows the focus."""
    review = open_review(qtbot, stop, hands=2)
    seen = [focused(review)]
    for _ in range(4):
        qtbot.keyClick(review.focusWidget(), Qt.Key.Key_Tab)
        seen.append(focused(review))
    assert seen == ["forward", "last", "nextHand", "close", "forward"]
    qtbot.keyClick(review.focusWidget(), Qt.Key.Key_Backtab)
    assert focused(review) == "close"
    close = button(review, "close")
    assert ring_pixels(close) >= close.width() + close.height()
    assert ring_pixels(button(review, "forward")) == 0
    assert shown_step(review) == 0  # Tab moved the focus only


def test_space_and_enter_press_the_focused_button_only(qtbot, stop) -> None:
    """Space and Enter on Forward step forward and the window stays open; at the last
    trick Forward is disabled and the ring goes to Back (not to Close), where Enter steps
    back; Enter on a label (clicked) presses nothing, the arrows still step."""
    review = open_review(qtbot, stop)
    forward = button(review, "forward")
    qtbot.keyClick(forward, Qt.Key.Key_Space)
    assert shown_step(review) == 1
    for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
        with qtbot.waitSignal(review.step_changed, timeout=1000):
            qtbot.keyClick(review.focusWidget(), key)
    assert shown_step(review) == 3 and review.isVisible()
    qtbot.keyClick(review.focusWidget(), Qt.Key.Key_End)
    assert shown_step(review) == 13
    assert not forward.isEnabled() and focused(review) == "back"
    qtbot.keyClick(review.focusWidget(), Qt.Key.Key_Return)
    assert shown_step(review) == 12 and review.isVisible()
    label = child(review, QLabel, "decision")
    assert label.focusPolicy() == Qt.FocusPolicy.ClickFocus  # selectable by the mouse
    label.setFocus(Qt.FocusReason.MouseFocusReason)  # as a click gives it
    with qtbot.assertNotEmitted(review.step_changed, wait=50):
        qtbot.keyClick(label, Qt.Key.Key_Return)
    assert review.isVisible() and shown_step(review) == 12
    qtbot.keyClick(label, Qt.Key.Key_Right)  # the arrows still step
    assert shown_step(review) == 13


def test_the_navigation_keys_work_whatever_has_the_focus(qtbot, stop) -> None:
    """Right / Left, End / Home on a button, and Page Down / Page Up between the hands;
    at the first hand's bidding Back and Bidding are disabled, the ring stays on an
    enabled button."""
    review = open_review(qtbot, stop, hands=2)
    qtbot.keyClick(review.focusWidget(), Qt.Key.Key_Tab)  # Last
    assert focused(review) == "last"
    qtbot.keyClick(review.focusWidget(), Qt.Key.Key_Right)
    assert shown_step(review) == 1 and focused(review) == "last"
    qtbot.keyClick(review.focusWidget(), Qt.Key.Key_End)
    assert shown_step(review) == 13 and focused(review) == "back"  # Last is disabled
    qtbot.keyClick(review.focusWidget(), Qt.Key.Key_Left)
    assert shown_step(review) == 12
    qtbot.keyClick(review.focusWidget(), Qt.Key.Key_Home)
    assert shown_step(review) == 0 and focused(review) == "forward"  # Back is disabled
    qtbot.keyClick(review.focusWidget(), Qt.Key.Key_PageDown)
    assert review.index == 1 and shown_step(review) == 0
    qtbot.keyClick(review.focusWidget(), Qt.Key.Key_PageUp)
    assert review.index == 0


def test_esc_closes_and_enter_on_close_closes(qtbot, stop) -> None:
    """Esc closes the window from any button; Enter closes it only from Close, which
    then wears the ring."""
    review = open_review(qtbot, stop)
    with qtbot.waitSignal(review.finished, timeout=1000):
        qtbot.keyClick(review.focusWidget(), Qt.Key.Key_Escape)
    assert not review.isVisible()
    again = open_review(qtbot, stop)
    close = button(again, "close")
    close.setFocus(Qt.FocusReason.TabFocusReason)
    assert ring_pixels(close) > 0
    with qtbot.waitSignal(again.finished, timeout=1000):
        qtbot.keyClick(close, Qt.Key.Key_Return)
    assert not again.isVisible()
