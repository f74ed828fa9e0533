"""The table's one probe: ``TableScene.snapshot()`` says what is shown, and stays as it
was taken."""

from __future__ import annotations

import dataclasses

import pytest

import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
from spades_desktop.engine import (
    Card,
    Rules,
    Seat,
    apply_action,
    legal_actions,
    new_game,
    observe,
)
from spades_desktop.ui.table.scene import TableScene
from spades_desktop.ui.texts import seat_name


def _mid_trick():
    """Game 11 played by the last legal action until South is third or fourth to a trick."""
    state = new_game(Rules(), 11)
    while len(state.current_trick) < 2 or state.current_player != Seat.SOUTH:
        state = apply_action(state, legal_actions(state)[-1])
    return state


def test_the_snapshot_shows_the_position_of_the_view(qtbot) -> None:
    state = _mid_trick()
    view = observe(state, Seat.SOUTH)
    scene = TableScene()
    scene.set_speed(0)
    scene.set_size(1100, 760)
    scene.show_view(view)
    shot = scene.snapshot()
    assert shot.view == view and not shot.waiting_for_deal
    assert list(shot.hand) == list(view.sorted_hand)  # left to right, as sorted
    assert all(c.face_up and c.visible for c in shot.hand.values())
    assert {c for c, it in shot.hand.items() if it.dimmed} == set(view.hand) - set(view.legal)
    assert {s: it.card for s, it in shot.trick.items()} == dict(view.current_trick)
    assert shot.back_counts() == {s: view.hand_sizes[s] for s in Seat if s != Seat.SOUTH}
    assert all(b.card is None and not b.face_up for bs in shot.backs.values() for b in bs)
    for seat in Seat:
        assert seat_name(seat) in shot.plates[seat].text
        assert shot.plates[seat].active == (seat == view.current_player)
    # South may play only one card here: it is raised at once, for Enter or one click
    assert len(view.legal) == 1 and shot.raised_card == view.legal[0]
    assert shot.refusal == "" and shot.last_trick is None
    assert not shot.summary.visible and shot.summary.title == ""


def test_a_snapshot_does_not_change_with_the_table(qtbot) -> None:
    state = _mid_trick()
    scene = TableScene()
    scene.set_speed(0)
    scene.set_size(1100, 760)
    scene.show_view(observe(state, Seat.SOUTH))
    before = scene.snapshot()
    card = legal_actions(state)[0]
    assert isinstance(card, Card)
    after_state = apply_action(state, card)
    scene.show_transition(observe(state, Seat.SOUTH), observe(after_state, Seat.SOUTH), card,
                          Seat.SOUTH)
    scene.animator.skip()
    after = scene.snapshot()
    assert card in before.hand and card not in after.hand
    assert Seat.SOUTH not in before.trick
    with pytest.raises(dataclasses.FrozenInstanceError):
        before.raised_card = card  # type: ignore[misc]
    with pytest.raises(TypeError):
        before.hand[card] = before.hand[card]  # type: ignore[index]
