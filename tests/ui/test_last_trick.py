"""Game ▸ Last trick reads the engine's record: it works after every trick of a hand,
including the 13th, until the table deals the next hand (docs/rules.md §3, §7)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
from spades_desktop.engine import Bid, Card, Phase, Rules, Seat
from spades_desktop.ui.texts import seat_name
from spades_desktop.ui.window_dialogs import open_dialog

from .table_driver import Game

STEP_MS = 20_000


@pytest.mark.slow
def test_last_trick_after_the_13th_trick_until_the_next_deal(qtbot, make_window) -> None:
    controller, window = make_window()
    controller.start_new_game(Rules(target_score=500), 77, "easy")
    scene = window.scene
    qtbot.waitUntil(lambda: controller.state.current_player == Seat.SOUTH
                    and not scene.busy, timeout=STEP_MS)
    window.show_last_trick()
    assert window.scene.last_trick() is None
    assert window.status.text() == "No trick has been completed in this hand yet."

    with qtbot.waitSignal(scene.hand_finished, timeout=60_000):
        controller.submit_human(Bid(3))
        while controller.state.hand_number == 1:
            qtbot.waitUntil(lambda: controller.state.hand_number > 1
                            or (controller.state.current_player == Seat.SOUTH
                                and controller.state.phase is Phase.PLAYING
                                and not scene.animating), timeout=STEP_MS)
            if controller.state.hand_number > 1:
                break
            tricks_before = len(controller.state.tricks)
            card = controller.view().legal[0]
            assert isinstance(card, Card)
            controller.submit_human(card)
            if tricks_before >= 1:
                # mid-hand: the last trick is this hand's last completed one
                last = window.scene.last_trick()
                assert last is not None
                assert last == controller.state.hand_record.tricks[-1]

    # The 13th trick is over: the engine is already in hand 2, the table waits to deal.
    state = controller.state
    assert state.hand_number == 2 and state.tricks == ()
    assert scene.waiting_for_deal
    thirteenth = state.hand_records[0].tricks[12]
    assert window.scene.last_trick() == thirteenth
    # The summary shown on the table after the hand leaves the window usable: Game ▸
    # Last trick (and Quit) can be reached while it is shown.
    assert scene.snapshot().summary.visible and open_dialog(window, "score_sheet") is None
    assert QApplication.activeModalWidget() is None
    window.action("last").trigger()
    text = window.status.text()
    # the seat name stands mid-sentence: "won by West.", but "you won it." for South
    ending = ("you won it." if thirteenth.winner == Seat.SOUTH
              else f"won by {seat_name(thirteenth.winner)}.")
    assert text.startswith("Last trick: ") and text.endswith(ending)
    for seat, card in thirteenth.plays:
        assert f"{seat_name(seat)} {card.label}" in text

    # The last trick is shown over the summary (which waits hidden): the first key
    # dismisses it, the next one reaches the summary.
    assert not scene.snapshot().summary.visible
    qtbot.keyClick(window.table, Qt.Key.Key_Space)
    assert scene.last_trick_shown is None and scene.snapshot().summary.visible
    # Next hand (the Space key) deals hand 2: no trick of this hand yet.
    with qtbot.waitSignal(scene.hand_summary_closed, timeout=STEP_MS):
        qtbot.keyClick(window.table, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: not scene.waiting_for_deal, timeout=STEP_MS)
    assert window.scene.last_trick() is None


# -- the last trick on the table ------------------------------------------------------------------
def on_its_side(scene, seat: Seat, item) -> bool:
    """``item`` lies on ``seat``'s side of the table's centre, as the live trick's card."""
    cx, cy = scene.geometry.centre
    c = item.rect.center()
    return {Seat.SOUTH: c.y() > cy, Seat.NORTH: c.y() < cy,
            Seat.WEST: c.x() < cx, Seat.EAST: c.x() > cx}[seat]


def check_shown(scene, trick) -> None:
    """``trick`` is shown: its four cards before the seats that played them, the
    winner's outlined and named."""
    assert scene.last_trick_shown == trick
    items = scene.snapshot().last_trick_cards
    assert {s: it.card for s, it in items.items()} == dict(trick.plays)
    for seat, item in items.items():
        assert item.visible and item.face_up
        assert on_its_side(scene, seat, item), seat
        assert item.glowing == (seat == trick.winner)
    assert (scene.snapshot().last_trick_note
            == f"Last trick \u2014 won by {seat_name(trick.winner)}")


def play_trick_one(g: Game) -> None:
    """South bids 3 by keys, then the first trick is played (South by keys)."""
    g.controller.start_new_game(Rules(), 12, "easy")  # South bids and leads (docs/rules.md §1)
    g.key(Qt.Key.Key_3)
    g.key(Qt.Key.Key_Return)
    while len(g.controller.state.tricks) < 1:
        g.bots_until_south()
        if len(g.controller.state.tricks) >= 1:
            break
        g.key(Qt.Key.Key_Right)
        g.key(Qt.Key.Key_Return)


def test_the_last_trick_after_trick_one_until_escape(game: Game) -> None:
    g = game
    scene = g.window.scene
    play_trick_one(g)
    g.bots_until_south()
    assert not scene.busy
    trick = g.controller.state.hand_record.tricks[0]
    live = set(scene.snapshot().trick)
    assert live
    g.window.action("last").trigger()  # Game ▸ Last trick (Ctrl+L)
    check_shown(scene, trick)
    assert g.window.status.text().endswith(f"won by {seat_name(trick.winner)}.")
    assert set(scene.snapshot().trick) == live
    assert not any(it.visible for it in scene.snapshot().trick.values())  # the trick in play waits
    before = g.controller.state
    g.key(Qt.Key.Key_Escape)
    assert scene.last_trick_shown is None and scene.snapshot().last_trick_cards == {}
    assert scene.snapshot().last_trick_note == ""
    assert all(it.visible for it in scene.snapshot().trick.values())
    assert g.controller.state is before

    # L on the table shows it too; a click anywhere takes it away
    g.key(Qt.Key.Key_L)
    check_shown(scene, trick)
    g.qtbot.mouseClick(g.window.table.viewport(), Qt.MouseButton.LeftButton)
    assert scene.last_trick_shown is None
    assert g.controller.state is before

    # a click on a plate (where the tricks won are counted) shows it; any key dismisses
    plate = scene.snapshot().plates[Seat.EAST].rect
    g.qtbot.mouseClick(g.window.table.viewport(), Qt.MouseButton.LeftButton,
                       pos=g.window.table.mapFromScene(plate.center()))
    check_shown(scene, trick)
    g.key(Qt.Key.Key_A)
    assert scene.last_trick_shown is None
    assert g.controller.state is before


def test_the_next_card_dismisses_the_last_trick_first(game: Game) -> None:
    """The game never goes on under the last trick: the next card arriving (the trick
    winner's lead, a computer player's or South's) takes it away before it is shown."""
    g = game
    scene = g.window.scene
    play_trick_one(g)
    state = g.controller.state
    assert scene.show_last_trick()
    check_shown(scene, state.hand_record.tricks[0])
    shown_at_move: list[object] = []
    g.controller.state_changed.connect(
        lambda old, new, action: shown_at_move.append(scene.last_trick_shown))
    before = len(g.controller.actions)
    if state.current_player == Seat.SOUTH:
        assert g.controller.submit_human(g.controller.view().legal[0])
    else:
        g.runner.answer(g.runner.request_view.legal[0])
        g.qtbot.waitUntil(lambda: len(g.controller.actions) > before, timeout=STEP_MS)
    assert shown_at_move == [None]  # gone before the card was shown
    assert scene.last_trick_shown is None and scene.snapshot().last_trick_cards == {}


@pytest.mark.slow
def test_the_last_trick_after_trick_13_until_the_next_deal(game: Game) -> None:
    g = game
    scene = g.window.scene
    play_trick_one(g)
    while g.controller.state.hand_number == 1:
        g.bots_until_south(hand=1)
        if g.controller.state.hand_number > 1:
            break
        g.key(Qt.Key.Key_Right)
        g.key(Qt.Key.Key_Return)
    assert scene.waiting_for_deal
    thirteenth = g.controller.state.hand_records[0].tricks[12]
    g.window.action("last").trigger()
    check_shown(scene, thirteenth)
    g.window.action("last").trigger()  # Ctrl+L again: gone
    assert scene.last_trick_shown is None
    g.key(Qt.Key.Key_L)
    check_shown(scene, thirteenth)
    g.key(Qt.Key.Key_Escape)
    assert scene.last_trick_shown is None
    # the next deal (Next hand on the summary, by Enter): no trick of the new hand yet
    assert scene.snapshot().summary.visible
    g.key(Qt.Key.Key_Return)
    assert not scene.waiting_for_deal
    assert scene.last_trick() is None and not scene.show_last_trick()
    assert scene.last_trick_shown is None
