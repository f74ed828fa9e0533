"""Where the coach's hint bubble goes on the table: between North's and South's hands,
never over either, and out of the way while the last trick is shown (play-test)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
from spades_desktop.bots.coach import Candidate, Hint, Reason
from spades_desktop.engine import (
    Bid,
    GameState,
    Phase,
    PlayerView,
    Rules,
    Seat,
    apply_action,
    legal_actions,
    new_game,
    observe,
)
from spades_desktop.ui.table.scene import TableScene

from .helpers import sample_hint

SIZES = [(800, 600), (1600, 1000)]


def _south_to_bid() -> PlayerView:
    state = new_game(Rules(), 11)
    while state.current_player != Seat.SOUTH:
        state = apply_action(state, legal_actions(state)[-1])
    view = observe(state, Seat.SOUTH)
    if not any(isinstance(a, Bid) and not a.blind for a in view.legal):
        # South is asked first whether to look at the cards (Blind Nil offered)
        state = apply_action(state, next(a for a in view.legal if not isinstance(a, Bid)))
    return observe(state, Seat.SOUTH)


def _south_to_play(tricks_done: int) -> PlayerView:
    state: GameState = new_game(Rules(), 11)
    while (state.phase is not Phase.PLAYING or len(state.tricks) < tricks_done
           or len(state.current_trick) != 3 or state.current_player != Seat.SOUTH):
        state = apply_action(state, legal_actions(state)[-1])
    return observe(state, Seat.SOUTH)


def _scene(qtbot, w: int, h: int, view: PlayerView) -> TableScene:
    scene = TableScene()
    scene.set_speed(0)
    scene.set_size(w, h)
    scene.show_view(view)
    assert scene.show_hint(view, sample_hint(view))
    return scene


def _assert_clear_of_the_hands(scene: TableScene) -> None:
    bubble = scene.snapshot().hint_rect
    assert not bubble.isEmpty()
    north = scene.snapshot().backs[Seat.NORTH]
    south = list(scene.snapshot().hand.values())
    assert north and south
    for seat, items in ((Seat.NORTH, north), (Seat.SOUTH, south)):
        for item in items:
            card: QRectF = item.rect
            assert not bubble.intersects(card), (seat, bubble, card)
    # and inside the table
    assert QRectF(scene.sceneRect()).contains(bubble), (bubble, scene.sceneRect())


@pytest.mark.parametrize(("w", "h"), SIZES)
def test_the_bid_hint_bubble_covers_neither_norths_nor_souths_hand(qtbot, w, h) -> None:
    scene = _scene(qtbot, w, h, _south_to_bid())
    assert scene.bid_panel.isVisible()
    _assert_clear_of_the_hands(scene)
    # the bid panel's buttons stay in sight too
    panel = scene.bid_panel.graphicsProxyWidget().sceneBoundingRect()
    assert not scene.snapshot().hint_rect.intersects(panel), (scene.snapshot().hint_rect, panel)
    assert scene.snapshot().hint.startswith("Hint:")


@pytest.mark.parametrize(("w", "h"), SIZES)
def test_the_play_hint_bubble_covers_neither_norths_nor_souths_hand(qtbot, w, h) -> None:
    view = _south_to_play(0)
    scene = _scene(qtbot, w, h, view)
    assert scene.snapshot().raised_card is not None  # the hinted card is raised, still uncovered
    _assert_clear_of_the_hands(scene)


def test_the_hint_bubble_waits_hidden_while_the_last_trick_is_shown(qtbot) -> None:
    view = _south_to_play(2)
    scene = _scene(qtbot, 800, 600, view)
    text = scene.snapshot().hint
    assert text
    assert scene.show_last_trick()
    assert scene.last_trick_shown is not None
    assert scene.snapshot().hint == ""
    assert scene.snapshot().hint_rect.isEmpty()
    scene.dismiss_last_trick()
    assert scene.last_trick_shown is None
    assert scene.snapshot().hint == text  # the same hint comes back
    _assert_clear_of_the_hands(scene)


def test_a_bid_hint_that_agrees_with_the_advice_keeps_its_detailed_reason(qtbot) -> None:
    """The advice recommends 4 with its own reason; a hint for 4 keeps that reason on the
    panel; a hint for another bid shows the coach's reason for it."""
    from PySide6.QtWidgets import QLabel

    from spades_desktop.ui.coach_text import reason_text

    view = _south_to_bid()
    scene = TableScene()
    scene.set_speed(0)
    scene.set_size(1600, 1000)
    scene.advice = lambda _view: (Bid(4), "4 sure tricks: two aces and two spades")
    scene.show_view(view)
    advice = scene.bid_panel.findChild(QLabel, "advice")
    assert "two aces and two spades" in advice.text()
    same = Hint(Bid(4), Reason.BID_STRENGTH, 4, (Candidate(Bid(4), 20.0),))
    assert scene.show_hint(view, same)
    assert "two aces and two spades" in advice.text()
    other = Hint(Bid(3), Reason.BID_STRENGTH, 3, (Candidate(Bid(3), 20.0),))
    assert scene.show_hint(view, other)
    assert reason_text(Reason.BID_STRENGTH, 3) in advice.text()
    assert "two aces" not in advice.text()


def test_asking_for_a_hint_takes_the_refusal_note_away(qtbot) -> None:
    """A refused card's note would cover the hint bubble's first line: the hint goes
    first."""
    view = _south_to_play(0)
    scene = TableScene()
    scene.set_speed(0)
    scene.set_size(800, 600)
    scene.show_view(view)
    scene.show_refusal("You must follow hearts.")
    assert scene.snapshot().refusal == "You must follow hearts."
    scene.show_hint_pending()
    assert scene.snapshot().refusal == "" and scene.snapshot().refusal_rect.isEmpty()
    assert scene.show_hint(view, sample_hint(view))
    shot = scene.snapshot()
    assert shot.hint.startswith("Hint:") and shot.refusal == ""
