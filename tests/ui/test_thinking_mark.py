"""The thinking mark: three dots by the plate of a computer player still deciding,
on the felt beside the plate, clear of every card and panel from 800×600 to
1600×1000 (and 1066×666, a 1600×1000 window at QT_SCALE_FACTOR 1.5); its dots move
unless the table's animations are off, and it goes once the seat has played."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
from spades_desktop import engine
from spades_desktop.engine import Bid, Rules, Seat
from spades_desktop.ui.table.scene import TableScene

from .helpers import ManualRunner

THINKING = "thinking\u2026"


def _to_act(seat: Seat) -> engine.GameState:
    """Game 11 in its first hand's play, ``seat`` to play to the second trick."""
    state = engine.new_game(Rules(), 11)
    while len(state.tricks) < 1 or state.current_player != seat:
        state = engine.apply_action(state, engine.legal_actions(state)[-1])
    return state


def _distance(a: QRectF, b: QRectF) -> float:
    """The gap between two rectangles (0 when they touch or overlap)."""
    dx = max(0.0, max(a.left(), b.left()) - min(a.right(), b.right()))
    dy = max(0.0, max(a.top(), b.top()) - min(a.bottom(), b.bottom()))
    return max(dx, dy)


@pytest.mark.parametrize(("w", "h"), [(1600, 1000), (800, 600), (1066, 666), (640, 460)])
@pytest.mark.parametrize("seat", [Seat.WEST, Seat.NORTH, Seat.EAST])
def test_the_mark_lies_by_the_plate_clear_of_cards_and_panels(qtbot, w, h, seat) -> None:
    scene = TableScene()
    scene.set_speed(1.0)
    scene.set_size(w, h)
    scene.show_view(engine.observe(_to_act(seat), Seat.SOUTH))
    assert scene.snapshot().plates[seat].thinking == ""
    assert scene.snapshot().plates[seat].thinking_rect.isEmpty()
    scene.set_thinking(seat, True)
    shot = scene.snapshot()
    plate = shot.plates[seat]
    mark = plate.thinking_rect
    assert plate.thinking == THINKING and plate.thinking_moves
    assert not mark.isEmpty()
    assert mark.height() >= 12 and mark.width() >= 2 * mark.height()  # three dots' room
    assert scene.sceneRect().contains(mark)
    assert _distance(mark, plate.rect) <= 6  # at the plate
    cards = [
        *shot.hand.values(),
        *shot.trick.values(),
        *(c for backs in shot.backs.values() for c in backs),
    ]
    assert len(cards) > 30
    for card in cards:
        assert not mark.intersects(card.rect.adjusted(3, 3, -3, -3)), (card.card, mark)
    for text in shot.texts:
        if text.visible and text.kind in ("plate", "panel"):
            assert not mark.intersects(text.rect.adjusted(4, 4, -4, -4)), text.text
    for other in Seat:
        if other != seat:
            assert shot.plates[other].thinking == ""


def test_the_dots_stand_still_while_animations_are_off(qtbot) -> None:
    scene = TableScene()
    scene.set_size(1100, 760)
    scene.show_view(engine.observe(_to_act(Seat.WEST), Seat.SOUTH))
    scene.set_speed(0)
    scene.set_thinking(Seat.WEST, True)
    plate = scene.snapshot().plates[Seat.WEST]
    assert plate.thinking == THINKING and not plate.thinking_moves
    scene.set_speed(1.0)  # turned on while the mark is shown: the dots start
    assert scene.snapshot().plates[Seat.WEST].thinking_moves
    scene.set_thinking(Seat.WEST, False)
    plate = scene.snapshot().plates[Seat.WEST]
    assert plate.thinking == "" and plate.thinking_rect.isEmpty() and not plate.thinking_moves


def test_the_mark_goes_once_the_seat_has_played(qtbot, make_window) -> None:
    runner = ManualRunner()
    controller, window = make_window(speed=1.0, runner=runner)
    scene = window.scene
    controller.start_new_game(Rules(), 5, "easy")
    assert controller.state.current_player == Seat.SOUTH  # East deals hand 1
    qtbot.waitUntil(lambda: not scene.busy, timeout=10_000)  # the deal is shown
    with qtbot.waitSignal(
        controller.bot_thinking,
        timeout=10_000,
        check_params_cb=lambda seat, on: (seat, on) == (Seat.WEST, True),
    ):
        assert controller.submit(Bid(3))
    qtbot.waitUntil(lambda: scene.snapshot().plates[Seat.WEST].thinking == THINKING, timeout=10_000)
    assert scene.snapshot().plates[Seat.WEST].thinking_moves
    with qtbot.waitSignal(
        controller.bot_thinking,
        timeout=10_000,
        check_params_cb=lambda seat, on: (seat, on) == (Seat.WEST, False),
    ):
        runner.answer(Bid(2))
    assert scene.snapshot().plates[Seat.WEST].thinking == ""
    qtbot.waitUntil(lambda: controller.state.current_player == Seat.NORTH, timeout=10_000)
    assert all(scene.snapshot().plates[s].thinking == "" for s in (Seat.WEST, Seat.EAST))
