"""An input storm: random clicks on the table and random keys while the table animates
(speed > 0), for a fixed seed and a bounded count (docs/architecture.md, "One path for
every change"; docs/rules.md §7).

After each burst the controller's position is the engine's replay of the controller's
actions and the autosave holds those same actions; once the table is idle it shows
South's hand as it is. After the storm the game goes on: it is played on by ordinary
clicks until the next hand has begun.

The computer players answer only when the storm says so (``ManualRunner``), at seeded
moments among the clicks and keys: what the storm does is fixed by the seed; what it
hits depends on how far the animations have run, which the checks do not assume.
``SPADES_LONG_TESTS=1`` runs more seeds and longer storms.
"""

from __future__ import annotations

import os
import random

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, QSizeF, Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QWidget

import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
from spades_desktop.controller import GameController
from spades_desktop.engine import DECK, Phase, Rules, Seat, action_to_str, replay
from spades_desktop.persistence import DataPaths, load_record
from spades_desktop.ui.main_window import MainWindow
from spades_desktop.ui.window_dialogs import open_dialog

from .helpers import ManualRunner, click_card, click_embedded
from .summary_helpers import next_hand, summary_shown

LONG = os.environ.get("SPADES_LONG_TESTS") == "1"
BURSTS = 40 if LONG else 12
EVENTS_PER_BURST = 25
STEP_TIMEOUT_MS = 20_000
"""Generous bound for the table to settle (never reached when healthy)."""

KEYS = (
    [getattr(Qt.Key, f"Key_{d}") for d in range(10)]
    + [Qt.Key.Key_N, Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down,
       Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space, Qt.Key.Key_Escape,
       Qt.Key.Key_Tab, Qt.Key.Key_A, Qt.Key.Key_Q]
)
"""Keys without modifiers: none of them is a menu shortcut."""


@pytest.fixture
def storm_window(make_window, paths: DataPaths) -> tuple[GameController, MainWindow,
                                                          ManualRunner, DataPaths]:
    runner = ManualRunner()
    controller, window = make_window(speed=0.15, runner=runner)
    return controller, window, runner, paths


def modal() -> QWidget | None:
    """The dialog a player would be answering (the score sheet, the game's end), if any."""
    return QApplication.activeModalWidget()


def random_point(window: MainWindow, rng: random.Random) -> QPoint:
    """Anywhere on the table, or more often on something a player aims at: one of
    South's cards (legal or not), a bid button, the Play button."""
    view = window.table
    viewport = view.viewport()
    scene = window.scene
    targets: list[QRectF] = [item.rect for item in scene.snapshot().hand.values()]
    for widget in (*(scene.bid_panel.button_for(n) for n in range(14)), scene.play_button):
        proxy = widget.window().graphicsProxyWidget()
        if widget.isVisible() and proxy is not None and proxy.isVisible():
            top_left = widget.mapTo(widget.window(), QPoint(0, 0))
            targets.append(proxy.mapRectToScene(
                QRectF(QPointF(top_left), QSizeF(widget.size()))))
    if targets and rng.random() < 0.7:
        rect = rng.choice(targets)
        point = view.mapFromScene(QPointF(rect.left() + rng.random() * rect.width(),
                                          rect.top() + rng.random() * rect.height()))
        if viewport.rect().contains(point):
            return point
    return QPoint(rng.randrange(viewport.width()), rng.randrange(viewport.height()))


def random_click(qtbot, window: MainWindow, rng: random.Random) -> None:
    """A click on the table (a player cannot click past an open dialog)."""
    if modal() is not None:
        return
    viewport = window.table.viewport()
    point = random_point(window, rng)
    if rng.random() < 0.3:
        # QTest's double click ends on the second press; a player's ends on a release
        qtbot.mouseDClick(viewport, Qt.MouseButton.LeftButton, pos=point)
        qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=point)
    else:
        button = Qt.MouseButton.RightButton if rng.random() < 0.1 else Qt.MouseButton.LeftButton
        qtbot.mouseClick(viewport, button, pos=point)


def random_key(qtbot, window: MainWindow, rng: random.Random) -> None:
    """A key to whatever has the focus: the open dialog, the bid panel, the table."""
    target = modal() or QApplication.focusWidget() or window.table
    qtbot.keyClick(target, rng.choice(KEYS))


def check_consistent(controller: GameController, paths: DataPaths, rules: Rules,
                     number: int) -> None:
    """The controller's position is the engine's replay of its actions, all saved."""
    state = controller.state
    assert state is not None
    assert replay(rules, number, controller.actions) == state
    record = load_record(paths)
    if state.is_terminal:
        assert record is None  # counted, then deleted
    else:
        assert record is not None
        assert list(record.actions) == [action_to_str(a) for a in controller.actions]


def settled(controller: GameController, window: MainWindow) -> bool:
    return modal() is not None or summary_shown(window) or not window.scene.busy


def check_table_shows_the_hand(controller: GameController, window: MainWindow) -> None:
    """Once idle, the table shows South's hand as the position has it."""
    scene = window.scene
    if modal() is not None or scene.busy:
        return
    view = controller.view()
    assert view is not None
    assert set(scene.snapshot().hand) == set(view.hand)


def close_dialogs(qtbot, window: MainWindow) -> None:
    sheet = open_dialog(window, "score_sheet")
    if sheet is not None and sheet.isVisible():
        button = sheet.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close)
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    if summary_shown(window):
        next_hand(qtbot, window)


def play_on(qtbot, controller: GameController, window: MainWindow, runner: ManualRunner,
            hand: int) -> None:
    """Ordinary play (a bot answers when asked, South's bid or card by mouse) until
    hand ``hand`` has begun or the game is over."""
    for _ in range(400):
        state = controller.state
        assert state is not None
        if state.is_terminal or state.hand_number >= hand:
            return
        close_dialogs(qtbot, window)
        qtbot.waitUntil(lambda: settled(controller, window), timeout=STEP_TIMEOUT_MS)
        if modal() is not None:
            continue
        before = len(controller.actions)
        if state.current_player != Seat.SOUTH:
            if runner.request_view is not None:
                runner.answer(runner.request_view.legal[0])
            # the answer is applied after a short pause, or the computer player is asked
            qtbot.waitUntil(lambda b=before: (len(controller.actions) > b
                                              or runner.request_view is not None),
                            timeout=STEP_TIMEOUT_MS)
            continue
        view = controller.view()
        assert view is not None and view.current_player == Seat.SOUTH
        if view.phase is Phase.BIDDING:
            click_embedded(qtbot, window, window.scene.bid_panel.button_for(3))
        else:
            card = view.legal[0]
            click_card(qtbot, window, card)
            if len(controller.actions) == before:  # it was not raised by the storm
                click_card(qtbot, window, card)
        assert len(controller.actions) == before + 1
    raise AssertionError("the game did not go on")


SEEDS = range(1, 6) if LONG else (7,)


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
def test_an_input_storm_leaves_the_game_consistent(qtbot, storm_window, seed: int) -> None:
    controller, window, runner, paths = storm_window
    rng = random.Random(seed)
    rules, number = Rules(target_score=150), 1000 + seed
    controller.start_new_game(rules, number, "easy")
    assert window.scene.busy  # the deal animates

    for _ in range(BURSTS):
        for _ in range(EVENTS_PER_BURST):
            roll = rng.random()
            if roll < 0.45:
                random_click(qtbot, window, rng)
            elif roll < 0.8:
                random_key(qtbot, window, rng)
            elif runner.request_view is not None:
                # mostly a legal move; now and then one the engine refuses, which the
                # controller replaces by the fallback move
                legal = runner.request_view.legal
                answer = (legal[rng.randrange(len(legal))] if rng.random() < 0.9
                          else rng.choice(DECK))
                runner.answer(answer)
            # let the animations and the computer players' pauses run a little
            qtbot.wait(rng.randrange(0, 12))
            if controller.state is not None and controller.state.is_terminal:
                break
        check_consistent(controller, paths, rules, number)
        if controller.state is not None and controller.state.is_terminal:
            break
        qtbot.waitUntil(lambda: settled(controller, window), timeout=STEP_TIMEOUT_MS)
        check_table_shows_the_hand(controller, window)
        check_consistent(controller, paths, rules, number)

    # the game goes on: ordinary play reaches the next hand
    state = controller.state
    assert state is not None
    if not state.is_terminal:
        actions = len(controller.actions)
        play_on(qtbot, controller, window, runner, state.hand_number + 1)
        assert len(controller.actions) > actions
        check_consistent(controller, paths, rules, number)
