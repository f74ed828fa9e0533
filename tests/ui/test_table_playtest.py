"""The table after the play-test: the last trick over the end-of-hand summary, a
resize during the summary, the status line that always ends on the current prompt,
and the refusal note above the bid panel."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt

from spades_desktop.engine import Phase, Rules, Seat
from spades_desktop.ui.texts import seat_name

from .helpers import click_card
from .table_driver import Game

NEXT_HAND_PROMPT = "Hand 1 is over: choose Next hand to deal the next hand."




def bid_three(g: Game) -> None:
    g.controller.start_new_game(Rules(), 12, "easy")  # South bids and leads (docs/rules.md §1)
    g.bots_until_south()
    g.key(Qt.Key.Key_3)
    g.key(Qt.Key.Key_Return)


def play_hand_one(g: Game) -> None:
    bid_three(g)
    while g.controller.state.hand_number == 1:
        g.bots_until_south(hand=1)
        if g.controller.state.hand_number > 1:
            break
        g.key(Qt.Key.Key_Right)
        g.key(Qt.Key.Key_Return)
    assert g.window.scene.waiting_for_deal and g.window.scene.snapshot().summary.visible


@pytest.mark.slow
def test_the_last_trick_hides_the_summary_until_dismissed(game: Game) -> None:
    g = game
    scene = g.window.scene
    play_hand_one(g)
    assert g.window.status.text() == NEXT_HAND_PROMPT
    g.key(Qt.Key.Key_L)
    assert scene.last_trick_shown is not None
    assert not scene.snapshot().summary.visible  # nothing covers the trick
    # the first key dismisses the trick (it does not press Next hand) ...
    g.key(Qt.Key.Key_Return)
    assert scene.last_trick_shown is None
    assert scene.snapshot().summary.visible and scene.waiting_for_deal
    assert g.window.status.text() == NEXT_HAND_PROMPT
    # ... the same with Ctrl+L and a click on a plate
    g.window.action("last").trigger()
    assert not scene.snapshot().summary.visible
    g.window.action("last").trigger()
    assert scene.snapshot().summary.visible
    plate = scene.snapshot().plates[Seat.WEST].rect
    g.qtbot.mouseClick(g.window.table.viewport(), Qt.MouseButton.LeftButton,
                       pos=g.window.table.mapFromScene(plate.center()))
    assert scene.last_trick_shown is not None and not scene.snapshot().summary.visible
    g.qtbot.mouseClick(g.window.table.viewport(), Qt.MouseButton.LeftButton)
    assert scene.snapshot().summary.visible
    assert g.window.status.text() == NEXT_HAND_PROMPT
    # then the summary takes the keys: Enter is Next hand
    g.key(Qt.Key.Key_Return)
    assert not scene.waiting_for_deal


@pytest.mark.slow
def test_a_resize_during_the_summary_lays_out_the_plates(game: Game) -> None:
    g = game
    scene = g.window.scene
    play_hand_one(g)
    g.window.resize(1600, 1000)
    g.qtbot.waitUntil(lambda: scene.sceneRect().width() > 1300)
    width, height = scene.sceneRect().width(), scene.sceneRect().height()
    summary = scene.snapshot().summary.rect
    for seat in Seat:
        plate = scene.snapshot().plates[seat].rect
        assert not plate.intersects(summary), seat
    # every plate hangs from its anchor on the new table (a layout rule, not a game rule:
    # TableGeometry.label_anchor), not from the old size's
    g_ = scene.geometry
    assert (g_.width, g_.height) == (width, height)
    east_x, east_y, _ = g_.label_anchor(Seat.EAST)
    west_x, west_y, _ = g_.label_anchor(Seat.WEST)
    assert scene.snapshot().plates[Seat.EAST].rect.right() == pytest.approx(east_x, abs=8)
    assert scene.snapshot().plates[Seat.EAST].rect.center().y() == pytest.approx(east_y, abs=8)
    assert scene.snapshot().plates[Seat.WEST].rect.left() == pytest.approx(west_x, abs=8)


def test_the_status_line_returns_to_the_prompt(game: Game) -> None:
    g = game
    scene = g.window.scene
    status = g.window.status
    bid_three(g)
    g.bots_until_south()
    assert g.controller.state.phase is Phase.PLAYING
    # a card chosen by keys: Enter plays it
    view = g.controller.view()
    card = view.legal[0]
    g.key(getattr(Qt.Key, f"Key_{'T' if card.label[:-1] == '10' else card.label[0]}"))
    suit = {"♠": Qt.Key.Key_S, "♥": Qt.Key.Key_H, "♦": Qt.Key.Key_D, "♣": Qt.Key.Key_C}
    g.key(suit[card.label[-1]])
    assert scene.snapshot().raised_card == card
    assert status.text() == "Enter plays the raised card."
    g.key(Qt.Key.Key_Return)
    # the computer players' turn: the line says who is playing
    state = g.controller.state
    assert state.current_player != Seat.SOUTH
    assert status.text() == f"{seat_name(state.current_player)} is playing…"
    g.bots_until_south()
    # the last trick dismissed: back to the prompt
    prompt = status.text()
    assert prompt.startswith("Your turn")
    g.key(Qt.Key.Key_L)
    assert status.text().startswith("Last trick")
    g.key(Qt.Key.Key_Escape)
    assert status.text() == prompt


def test_the_refusal_note_is_above_the_bid_panel_and_fades_to_the_prompt(game: Game) -> None:
    g = game
    scene = g.window.scene
    g.controller.start_new_game(Rules(), 12, "easy")
    g.bots_until_south()
    assert scene.bid_panel.isVisible()
    card = next(iter(scene.snapshot().hand))
    click_card(g.qtbot, g.window, card)
    text = scene.snapshot().refusal
    assert text.startswith("Bidding is not finished")
    assert g.window.status.text() == text
    proxy = scene.bid_panel.graphicsProxyWidget()
    rect = scene.snapshot().refusal_rect
    for fx in (0.1, 0.5, 0.9):
        for fy in (0.2, 0.5, 0.8):
            point = QPointF(rect.left() + fx * rect.width(), rect.top() + fy * rect.height())
            top = scene.items(point)[0]  # the topmost item there
            assert top is not proxy
    # once the note has faded, the line asks for the bid again
    g.qtbot.waitUntil(lambda: scene.snapshot().refusal == "", timeout=15_000)
    assert g.window.status.text() == "Your turn: make your bid."
