"""Whole games played through the real main window, the human's moves made with the
mouse exactly where a player would click (docs/architecture.md, Tests; docs/rules.md §7)."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QLabel

import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
from spades_desktop.controller import GameController
from spades_desktop.engine import Phase, Rules, Seat, Team, finished_scores
from spades_desktop.persistence import resume_game
from spades_desktop.ui.dialogs import ScoreSheetWidget
from spades_desktop.ui.main_window import MainWindow
from spades_desktop.ui.table.transitions import DEAL_FLY_MS, DEAL_INTERVAL_MS
from spades_desktop.ui.texts import signed_number
from spades_desktop.ui.window_dialogs import open_dialog

from .helpers import child, click_card, click_embedded
from .summary_helpers import SCORE_SHEET, click_summary_button, next_hand, summary_shown

STEP_TIMEOUT_MS = 20_000
"""Generous bound for one bot move / animation to finish (never reached when healthy)."""


# -- window and mouse helpers ------------------------------------------------------------

def close_score_sheet(qtbot, window: MainWindow) -> None:
    sheet = open_dialog(window, "score_sheet")
    assert sheet is not None and sheet.isVisible()
    button = sheet.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert open_dialog(window, "score_sheet") is None


def human_can_act(controller: GameController, window: MainWindow) -> bool:
    scene = window.scene
    state = controller.state
    if state is None or scene.busy:
        return False
    if state.current_player != Seat.SOUTH:
        return False
    return scene.bid_panel.isVisible() or scene.play_button.isVisible()


def something_to_do(controller: GameController, window: MainWindow) -> bool:
    return (open_dialog(window, "game_over") is not None
            or summary_shown(window)
            or human_can_act(controller, window))


def play_one_turn(qtbot, controller: GameController, window: MainWindow) -> None:
    """South's bid (the recommended one) or card, by mouse, with checks on the way."""
    scene = window.scene
    view = controller.view()
    assert view is not None
    before = controller.state
    if view.phase is Phase.BIDDING:
        rec = scene.bid_panel.recommended()
        bid = 3 if rec is None else rec
        click_embedded(qtbot, window, scene.bid_panel.button_for(bid))
        assert controller.state is not before
        assert controller.state.bids[Seat.SOUTH].tricks == bid
        return
    legal = list(view.legal)
    items = scene.snapshot().hand
    assert set(items) == set(view.hand)
    assert {c for c, it in items.items() if it.dimmed} == set(view.hand) - set(legal)
    card = legal[(len(view.tricks) * 7) % len(legal)]
    if len(legal) == 1:
        # The lone legal card is raised already, so one click plays it.
        assert scene.snapshot().raised_card == card
    else:
        y0 = items[card].rect.top()
        click_card(qtbot, window, card)
        assert controller.state is before  # the first click only raises the card
        assert scene.snapshot().hand[card].rect.top() < y0
        assert scene.snapshot().raised_card == card
    click_card(qtbot, window, card)
    assert controller.state is not before
    assert controller.actions[-1] == card


def drive_game(qtbot, controller: GameController, window: MainWindow,
               max_turns: int = 2000) -> list[int]:
    """Play until the game-over dialog shows; returns the hand numbers whose end-of-hand
    summary was shown (and continued: by the Score sheet button then a click on Next
    hand after the first hand, by the Enter key after the others)."""
    summaries: list[int] = []
    for _ in range(max_turns):
        qtbot.waitUntil(lambda: something_to_do(controller, window), timeout=STEP_TIMEOUT_MS)
        if open_dialog(window, "game_over") is not None:
            return summaries
        if summary_shown(window):
            state = controller.state
            assert not state.is_terminal
            assert window.scene.snapshot().summary.record == state.hand_records[-1]
            for team in Team:
                assert (f"Running total: {signed_number(state.scores[team])}"
                        in window.scene.snapshot().summary.teams[team][1])
            summaries.append(window.scene.snapshot().summary.record.hand_number)
            if len(summaries) == 1:
                click_summary_button(qtbot, window, SCORE_SHEET)
                sheet = child(open_dialog(window, "score_sheet"), ScoreSheetWidget, "sheet")
                assert sheet.hand_count() == len(state.hand_records) == 1
                for team in Team:
                    assert sheet.cell_text(team, "running", 0) == signed_number(
                        state.scores[team])
                close_score_sheet(qtbot, window)
                assert summary_shown(window)
                next_hand(qtbot, window)
            else:
                with qtbot.waitSignal(window.scene.hand_summary_closed, timeout=5000):
                    qtbot.keyClick(window.table, Qt.Key.Key_Return)
            continue
        play_one_turn(qtbot, controller, window)
    raise AssertionError("the game did not end")


# -- tests -----------------------------------------------------------------------------
@pytest.mark.slow
def test_whole_game_through_the_window(qtbot, make_window, paths) -> None:
    controller, window = make_window(speed=0.0)
    over: list[object] = []
    controller.game_over.connect(over.append)
    # no floor: one hand can never reach 250, so at least one score sheet is shown
    rules = Rules(target_score=250, floor_score=None)
    controller.start_new_game(rules, 20240611, "normal")
    assert paths.autosave_file.exists()

    summaries = drive_game(qtbot, controller, window)

    state = controller.state
    assert state.is_terminal and state.result is not None
    assert len(over) == 1
    assert len(state.hand_records) == state.result.hands_played
    # a summary was shown (and continued) after every hand but the last
    assert len(state.hand_records) >= 2
    assert summaries == list(range(1, len(state.hand_records)))

    dialog = open_dialog(window, "game_over")
    qtbot.waitUntil(dialog.isVisible)
    us = sum(h[Team.NS].total for h in finished_scores(state.hand_records))
    them = sum(h[Team.EW].total for h in finished_scores(state.hand_records))
    assert (us, them) == (state.scores[Team.NS], state.scores[Team.EW])
    assert (us, them) == (state.result.scores[Team.NS], state.result.scores[Team.EW])
    numbers = re.findall(r"[\u2212-]?\d+", child(dialog, QLabel, "scores").text())
    assert numbers == [signed_number(us), signed_number(them)]
    assert max(us, them) >= 250 or len(state.hand_records) == rules.max_hands
    assert us != them or state.result.winner is None
    assert child(dialog, ScoreSheetWidget, "sheet").hand_count() == len(state.hand_records)

    # a finished game is not resumed
    assert not paths.autosave_file.exists()
    assert resume_game(paths).state is None
    assert controller.last_stats is not None
    assert controller.last_stats["normal"].played == 1


@pytest.mark.slow
def test_animations_run_and_a_click_skips_the_deal(qtbot, make_window) -> None:
    controller, window = make_window(speed=1.0)
    scene = window.scene
    busy_log: list[bool] = []
    scene.busy_changed.connect(busy_log.append)

    controller.start_new_game(Rules(target_score=100), 77, "easy")
    # the deal animates: one card after another, well over 1.5 s in all
    assert 51 * DEAL_INTERVAL_MS + DEAL_FLY_MS > 1500
    assert scene.busy and busy_log == [True]
    south = scene.snapshot().hand
    assert len(south) == 13
    assert len({(it.pos.x(), it.pos.y()) for it in south.values()}) == 1  # on the dealer's pile
    assert not scene.bid_panel.isVisible()

    # a click anywhere on the table finishes the deal at once
    centre = window.table.viewport().rect().center()
    qtbot.mouseClick(window.table.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    qtbot.waitUntil(lambda: not scene.busy, timeout=500)
    south = scene.snapshot().hand
    assert len({round(it.pos.x()) for it in south.values()}) == 13  # fanned out
    assert all(it.face_up for it in south.values())
    assert scene.snapshot().back_counts() == {Seat.WEST: 13, Seat.NORTH: 13, Seat.EAST: 13}
    qtbot.waitUntil(scene.bid_panel.isVisible, timeout=1000)

    # bids animate (a bubble per bid) at speed 1
    click_embedded(qtbot, window, scene.bid_panel.button_for(3))
    assert scene.busy
    qtbot.waitUntil(lambda: human_can_act(controller, window), timeout=STEP_TIMEOUT_MS)
    assert controller.state.phase is Phase.PLAYING
    assert busy_log.count(True) >= 5  # deal + four bids

    # South leads: the card flies to its trick slot over time
    card = controller.view().legal[0]
    click_card(qtbot, window, card)
    click_card(qtbot, window, card)
    item = scene.snapshot().trick[Seat.SOUTH]
    assert item.card == card and scene.busy
    slot = scene.geometry.trick_slot(Seat.SOUTH, 0)
    assert (round(item.pos.x()), round(item.pos.y())) != (round(slot.x), round(slot.y))

    def arrived() -> bool:
        pos = scene.snapshot().trick[Seat.SOUTH].pos
        return abs(pos.x() - slot.x) < 0.5 and abs(pos.y() - slot.y) < 0.5

    qtbot.waitUntil(arrived, timeout=STEP_TIMEOUT_MS)

    # finish the hand with faster (but real) animations
    window.apply_display_settings(window.settings.replace(animation_speed=0.05))
    assert controller.speed == 0.05
    for _ in range(200):
        qtbot.waitUntil(lambda: something_to_do(controller, window), timeout=STEP_TIMEOUT_MS)
        if summary_shown(window) or open_dialog(window, "game_over") is not None:
            break
        play_one_turn(qtbot, controller, window)
    assert summary_shown(window), "no summary after the first hand"
    assert open_dialog(window, "score_sheet") is None  # the sheet no longer opens by itself
    assert controller.state.hand_number == 2
    assert scene.waiting_for_deal and not scene.snapshot().hand
    next_hand(qtbot, window)
    assert scene.busy  # the second hand is dealt with an animation
    qtbot.waitUntil(lambda: not scene.busy, timeout=STEP_TIMEOUT_MS)
    south = scene.snapshot().hand
    assert set(south) == set(controller.view().hand) and len(south) == 13
