"""Game ▸ Undo (Ctrl+Z) in the window (docs/rules.md §7): the earlier position is on the
table at once, the computer player asked meanwhile is forgotten, the menu item is offered
only when there is something to take back, and Help ▸ Keyboard shortcuts lists it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QLabel

from spades_desktop.engine import (
    Bid,
    Phase,
    Rules,
    Seat,
    Team,
    apply_action,
    legal_actions,
    new_game,
)
from spades_desktop.persistence import load_stats
from spades_desktop.ui.dialogs.shortcuts import menu_shortcuts
from spades_desktop.ui.window_dialogs import open_dialog

from .helpers import ManualRunner, child, one_card_left, trailing_position
from .table_driver import STEP_MS, Game

CTRL = Qt.KeyboardModifier.ControlModifier


def test_ctrl_z_takes_back_the_card_and_the_computer_players_after_it(qtbot, game: Game
                                                                       ) -> None:
    g, controller, window = game, game.controller, game.window
    undo = window.action("undo")
    assert not undo.isEnabled()  # no game yet
    with qtbot.waitSignal(controller.game_started, timeout=STEP_MS):
        controller.start_new_game(Rules(), 17, "normal")  # South bids first
    qtbot.waitUntil(g.south_asked, timeout=STEP_MS)
    assert not undo.isEnabled()  # the start of the hand
    g.key(Qt.Key.Key_3)
    g.key(Qt.Key.Key_Return)
    assert controller.actions == (Bid(3),) and undo.isEnabled()
    g.bots_until_south()
    assert g.playing()
    lead_position = controller.state
    g.key(Qt.Key.Key_Right)  # raise the first card South may play, then play it
    raised = window.scene.snapshot().raised_card
    assert raised is not None
    g.key(Qt.Key.Key_Return)
    assert controller.actions[-1] == raised
    # West and North answer; East is still thinking when South takes the card back
    for _ in range(2):
        qtbot.waitUntil(lambda: g.runner.request_view is not None, timeout=STEP_MS)
        before = len(controller.actions)
        g.runner.answer(g.runner.request_view.legal[0])
        qtbot.waitUntil(lambda b=before: len(controller.actions) > b, timeout=STEP_MS)
    qtbot.waitUntil(lambda: g.runner.request_view is not None, timeout=STEP_MS)
    assert g.runner.request_view.seat == Seat.EAST
    asked_id = g.runner.request_id
    assert len(window.scene.snapshot().trick) == 3

    with qtbot.waitSignal(controller.undone, timeout=STEP_MS):
        g.key(Qt.Key.Key_Z, CTRL)

    assert controller.state == lead_position and controller.practice
    assert g.runner.request_id is None  # East's computation was cancelled
    shot = window.scene.snapshot()
    assert not shot.animating and not shot.trick and raised in shot.hand
    assert len(shot.hand) == 13 and window.scene.play_button.isVisible()
    assert "practice game" in window.status.text()
    with qtbot.assertNotEmitted(controller.state_changed, wait=100):
        g.runner.move_ready.emit(asked_id, Bid(1))  # East's late answer is dropped
    assert controller.state == lead_position

    assert undo.isEnabled()  # South's bid is still there to take back
    with qtbot.waitSignal(controller.undone, timeout=STEP_MS):
        g.key(Qt.Key.Key_Z, CTRL)
    assert controller.actions == () and controller.state.phase is Phase.BIDDING
    qtbot.waitUntil(g.south_asked, timeout=STEP_MS)
    assert window.scene.bid_panel.isVisible() and not undo.isEnabled()
    with qtbot.assertNotEmitted(controller.undone, wait=50):
        g.key(Qt.Key.Key_Z, CTRL)  # nothing left: the key does nothing


def test_undo_while_the_cards_fly_shows_the_earlier_position_at_once(qtbot, make_window
                                                                      ) -> None:
    runner = ManualRunner()
    controller, window = make_window(speed=1.0, runner=runner)
    state, actions = new_game(Rules(), 17), []
    for action in (Bid(3), Bid(2), Bid(4), Bid(3)):
        actions.append(action)
        state = apply_action(state, action)
    assert state.current_player == Seat.SOUTH and state.phase is Phase.PLAYING
    with qtbot.waitSignal(controller.game_started, timeout=STEP_MS):
        controller.resume(state, actions, "normal")
    qtbot.waitUntil(lambda: not window.scene.busy, timeout=STEP_MS)
    card = legal_actions(state)[0]
    assert controller.submit_human(card)
    assert window.scene.animating  # South's card is on its way to the trick

    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.action("undo").trigger()

    shot = window.scene.snapshot()
    assert not shot.animating and not shot.busy and not shot.trick
    assert card in shot.hand and shot.hand[card].visible
    assert shot.view is not None and shot.view.current_player == Seat.SOUTH
    assert controller.state == state
    assert window.action("undo").isEnabled()  # South's bid of this hand is still there


def test_the_shortcuts_window_lists_undo(qtbot, make_window) -> None:
    _controller, window = make_window()
    assert window.action("undo").shortcut() == QKeySequence("Ctrl+Z")
    menus = [a.menu() for a in window.menuBar().actions() if a.menu() is not None]
    assert ("Ctrl+Z", "Undo") in menu_shortcuts(menus)


def test_a_practice_game_ends_without_ranking_points(qtbot, make_window) -> None:
    # game 7 of one hand, every seat playing its first legal card: North–South win by
    # 291 (tests/controller/test_controller_stats.py), Expert's +100 if it were no practice
    runner = ManualRunner()
    controller, window = make_window(runner=runner)
    state, actions = one_card_left(Rules(max_hands=1), 7)
    with qtbot.waitSignal(controller.game_started, timeout=STEP_MS):
        controller.resume(state, actions, "expert", practice=True)
    qtbot.waitUntil(lambda: not window.scene.busy, timeout=STEP_MS)
    if state.current_player == Seat.SOUTH:
        assert controller.submit_human(legal_actions(state)[0])
    else:
        runner.answer(legal_actions(state)[0])
    qtbot.waitUntil(lambda: open_dialog(window, "game_over") is not None, timeout=STEP_MS)
    result = controller.state.result
    assert result is not None and result.winner is Team.NS
    dialog = open_dialog(window, "game_over")
    assert not child(dialog, QLabel, "points").isVisible()
    note = child(dialog, QLabel, "practice")
    assert note.isVisible() and "no ranking points" in note.text()
    stats, _ = load_stats(window.paths)
    assert stats.practice.won == 1 and stats.total().played == 0
    assert not window.action("undo").isEnabled()


def test_undo_is_off_while_the_hand_summary_is_shown(qtbot, make_window) -> None:
    runner = ManualRunner()
    controller, window = make_window(runner=runner)
    state, actions = one_card_left(Rules(floor_score=None), 7)  # no end at −200
    with qtbot.waitSignal(controller.game_started, timeout=STEP_MS):
        controller.resume(state, actions, "normal")
    qtbot.waitUntil(lambda: not window.scene.busy, timeout=STEP_MS)
    assert window.action("undo").isEnabled()  # South's bid and cards of this hand
    if state.current_player == Seat.SOUTH:
        assert controller.submit_human(legal_actions(state)[0])
    else:
        runner.answer(legal_actions(state)[0])
    qtbot.waitUntil(lambda: window.scene.snapshot().summary.visible, timeout=STEP_MS)
    assert window.scene.waiting_for_deal
    assert not window.action("undo").isEnabled()
    with qtbot.assertNotEmitted(controller.undone, wait=50):
        window.action("undo").trigger()
        window.undo()  # asked all the same (a stale menu): nothing happens
    assert controller.state.hand_number == 2


def test_after_a_blind_nil_is_taken_back_the_cards_stay_shown(qtbot, make_window) -> None:
    runner = ManualRunner()
    controller, window = make_window(runner=runner)
    state, actions = trailing_position()  # Blind Nil open to South, the cards face down
    with qtbot.waitSignal(controller.game_started, timeout=STEP_MS):
        controller.resume(state, actions, "normal")
    qtbot.waitUntil(lambda: window.scene.blind_question.isVisible(), timeout=STEP_MS)
    assert not any(shot.face_up for shot in window.scene.snapshot().hand.values())
    assert controller.submit_human(Bid(0, blind=True))
    qtbot.waitUntil(lambda: runner.request_view is not None, timeout=STEP_MS)  # West leads

    with qtbot.waitSignal(controller.undone, timeout=STEP_MS):
        window.action("undo").trigger()

    shot = window.scene.snapshot()
    assert len(shot.hand) == 13 and all(card.face_up for card in shot.hand.values())
    assert not window.scene.blind_question.isVisible()
    assert window.scene.bid_panel.isVisible()
    assert shot.view is not None and shot.view.cards_seen and not shot.view.blind_nil_allowed
    assert not window.action("undo").isEnabled()  # the look is not taken back
