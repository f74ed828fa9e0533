"""Game ▸ Last trick reads the engine's record: it works after every trick of a hand,
including the 13th, until the table deals the next hand (SPEC §3, §7)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
from spades_desktop.engine import Bid, Card, Phase, Rules, Seat
from spades_desktop.ui.texts import seat_name

STEP_MS = 20_000


def test_last_trick_after_the_13th_trick_until_the_next_deal(qtbot, make_window) -> None:
    controller, window = make_window()
    controller.start_new_game(Rules(target_score=500), 77, "easy")
    scene = window.scene
    qtbot.waitUntil(lambda: controller.state.current_player == Seat.SOUTH
                    and not scene.busy, timeout=STEP_MS)
    window.show_last_trick()
    assert window.last_trick() is None
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
                last = window.last_trick()
                assert last is not None
                assert last == controller.state.hand_record.tricks[-1]

    # The 13th trick is over: the engine is already in hand 2, the table waits to deal.
    state = controller.state
    assert state.hand_number == 2 and state.tricks == ()
    assert scene.waiting_for_deal
    thirteenth = state.hand_records[0].tricks[12]
    assert window.last_trick() == thirteenth
    # The summary shown on the table after the hand leaves the window usable: Game ▸
    # Last trick (and Quit) can be reached while it is shown.
    assert scene.hand_summary.isVisible() and window.score_sheet is None
    assert QApplication.activeModalWidget() is None
    window.action("last").trigger()
    text = window.status.text()
    # the seat name stands mid-sentence: "won by West.", but "you won it." for South
    ending = ("you won it." if thirteenth.winner == Seat.SOUTH
              else f"won by {seat_name(thirteenth.winner)}.")
    assert text.startswith("Last trick: ") and text.endswith(ending)
    for seat, card in thirteenth.plays:
        assert f"{seat_name(seat)} {card.label}" in text

    # Next hand (the Space key) deals hand 2: no trick of this hand yet.
    with qtbot.waitSignal(scene.hand_summary_closed, timeout=STEP_MS):
        qtbot.keyClick(window.table, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: not scene.waiting_for_deal, timeout=STEP_MS)
    assert window.last_trick() is None
