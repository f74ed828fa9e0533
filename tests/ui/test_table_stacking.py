"""What lies on top of what on the table: a raised card takes a click on all of its face,
a click on a card through the last trick shown acts on the card, every card's index in
a trick stays in sight (the winner's card on top of the last trick), the Play and Hint
buttons keep one place all hand long, the hint's headline is drawn in one style and
the end-of-hand summary leaves the plates readable."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtWidgets import QPushButton

import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
from spades_desktop.engine import (
    Card,
    GameState,
    HandScore,
    Rules,
    Seat,
    Team,
    TeamScores,
    apply_action,
    legal_actions,
    new_game,
    observe,
)
from spades_desktop.ui.coach_text import hint_title
from spades_desktop.ui.table.card_item import CardItem
from spades_desktop.ui.table.scene import TableScene
from spades_desktop.ui.table.snapshot import CardShot

from .helpers import click_card, sample_hint
from .table_driver import Game


def south_to_play(g: Game) -> None:
    """Game 12 at Easy: South bids 3, the computer players play up to South's card."""
    g.controller.start_new_game(Rules(), 12, "easy")
    g.key(Qt.Key.Key_3)
    g.key(Qt.Key.Key_Return)
    g.bots_until_south()


def play_legal(g: Game) -> None:
    """South plays its first legal card by keys (raised by the right arrow)."""
    g.key(Qt.Key.Key_Right)
    g.key(Qt.Key.Key_Return)


def button_rect(button: QPushButton) -> QRectF:
    proxy = button.window().graphicsProxyWidget()
    assert proxy is not None
    return QRectF(proxy.sceneBoundingRect())


def test_a_click_in_the_middle_of_a_raised_card_plays_it(game: Game) -> None:
    south_to_play(game)
    shot = game.window.scene.snapshot()
    assert shot.view is not None
    order = list(shot.hand)
    card = next(c for c in shot.view.legal if isinstance(c, Card) and c != order[-1])
    click_card(game.qtbot, game.window, card)  # raised
    raised = game.window.scene.snapshot()
    assert raised.raised_card == card
    centre = game.window.table.mapFromScene(raised.hand[card].rect.center())
    top = game.window.table.itemAt(centre)
    assert isinstance(top, CardItem) and top.card == card
    before = len(game.controller.actions)
    game.qtbot.mouseClick(game.window.table.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    game.qtbot.waitUntil(lambda: len(game.controller.actions) > before, timeout=5000)
    assert game.controller.actions[before] == card
    # lowered again, the hand is stacked left to right once more
    zs = [s.z for s in game.window.scene.snapshot().hand.values()]
    assert zs == sorted(zs)


def test_a_click_on_a_card_while_the_last_trick_is_shown_dismisses_it_and_raises_the_card(
        game: Game) -> None:
    south_to_play(game)
    play_legal(game)
    game.bots_until_south()
    scene = game.window.scene
    game.key(Qt.Key.Key_L)
    assert scene.snapshot().last_trick is not None
    view = scene.snapshot().view
    assert view is not None
    card = next(c for c in view.legal if isinstance(c, Card))
    click_card(game.qtbot, game.window, card)
    shot = scene.snapshot()
    assert shot.last_trick is None and shot.raised_card == card
    game.key(Qt.Key.Key_L)  # a key still only dismisses it
    game.key(Qt.Key.Key_Return)
    assert scene.snapshot().last_trick is None
    assert scene.snapshot().raised_card == card


def _assert_indices_clear(cards: dict[Seat, CardShot]) -> None:
    """No card's top-left quarter (its index) lies under a card stacked above it."""
    for seat, shot in cards.items():
        for other, above in cards.items():
            if other != seat and above.z > shot.z:
                assert not above.outline().intersects(shot.corner(0.25, 0.25)), (seat, other)


def _after_tricks(count: int) -> GameState:
    state = new_game(Rules(), 5)
    while len(state.tricks) < count or state.current_trick:
        state = apply_action(state, legal_actions(state)[0])
    return state


@pytest.mark.parametrize(("w", "h"), [(800, 600), (1067, 667), (1600, 1000)])
def test_every_index_of_a_trick_stays_in_sight(qtbot, w: int, h: int) -> None:
    scene = TableScene()
    scene.set_speed(0)
    scene.set_size(w, h)
    state = _after_tricks(3)
    while len(state.current_trick) < 3:
        state = apply_action(state, legal_actions(state)[0])
    scene.show_view(observe(state, Seat.SOUTH))
    _assert_indices_clear(dict(scene.snapshot().trick))  # the trick in play
    for trick in state.hand_record.tricks:
        assert scene.show_last_trick(trick)
        cards = dict(scene.snapshot().last_trick_cards)
        assert len(cards) == 4
        assert max(cards.values(), key=lambda s: s.z).card == dict(trick.plays)[trick.winner]
        _assert_indices_clear(cards)
        scene.dismiss_last_trick()


def test_the_play_and_hint_buttons_keep_their_place_all_hand_long(game: Game) -> None:
    south_to_play(game)
    scene = game.window.scene
    places = set()
    for _ in range(4):
        shot = scene.snapshot()
        play, hint = button_rect(scene.play_button), button_rect(scene.hint_button)
        places.add((play.getRect(), hint.getRect()))
        for button in (play, hint):
            assert not any(c.rect.intersects(button) for c in shot.hand.values())
            assert not any(p.rect.intersects(button) for p in shot.plates.values())
        play_legal(game)
        game.bots_until_south()
    assert len(places) == 1


def test_the_hint_headline_is_drawn_in_one_style_when_it_wraps(qtbot) -> None:
    scene = TableScene()
    scene.set_speed(0)
    scene.set_size(800, 600)
    state = _after_tricks(1)
    while state.current_player != Seat.SOUTH:
        state = apply_action(state, legal_actions(state)[0])
    view = observe(state, Seat.SOUTH)
    scene.show_view(view)
    hint = sample_hint(view)
    assert scene.show_hint(view, hint)
    shot = next(t for t in scene.snapshot().texts if t.kind == "hint")
    lines = shot.text.split("\n")
    assert shot.title_rows >= 2  # the headline wraps at this size
    assert " ".join(lines[:shot.title_rows]) == hint_title(hint.best, hint.reason,
                                                           hint.reason_arg)


WIDE_SCORES = TeamScores(
    HandScore(contract=40, bags=1, nil=100, bag_penalty=-100, total=41, bags_after=0,
              made=True),
    HandScore(contract=-70, bags=2, nil=-200, bag_penalty=0, total=-268, bags_after=5,
              made=False))
"""A hand's rows with a Nil and a bag penalty: the widest score lines of a summary."""


@pytest.mark.parametrize("wide", [False, True])
@pytest.mark.parametrize(("w", "h"), [(640, 460), (800, 600), (1600, 1000)])
def test_the_summary_leaves_every_plate_readable(qtbot, w: int, h: int, wide: bool) -> None:
    scene = TableScene()
    scene.set_speed(0)
    scene.set_size(w, h)
    state = _after_tricks(0)
    while not state.hand_records:
        state = apply_action(state, legal_actions(state)[0])
    record = state.hand_records[0]
    if wide:
        record = replace(record, score=WIDE_SCORES)
    scene.show_between_hands(observe(state, Seat.SOUTH))
    scene.show_hand_summary(record, state.scores)
    shot = scene.snapshot()
    assert shot.summary.visible
    table = QRectF(QPointF(0, 0), QPointF(w, h))
    assert table.contains(shot.summary.rect)
    for seat, plate in shot.plates.items():
        assert "Tricks:" in plate.text
        assert not plate.rect.intersects(shot.summary.rect), seat
    if wide:  # a score line wrapped onto two rows still reads as one line
        assert shot.summary.teams[Team.NS][0] == "  \u00b7  ".join(
            ["Contract made: +40", "Bags this hand: +1", "Nil: +100", "Bag penalty: \u2212100"])
