"""The table by keyboard alone: the Blind Nil question, the bid, every card of a hand,
and a visible focus ring on each button of the table (docs/rules.md §2, §3, §7)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QWidget

from spades_desktop.engine import (
    LOOK_AT_HAND,
    Action,
    Bid,
    Card,
    GameState,
    Phase,
    Rules,
    Seat,
    apply_action,
    legal_actions,
    new_game,
)
from spades_desktop.ui.table.prompts import FOCUS_RING

from .helpers import trailing_position
from .table_driver import Game

RING = QColor(FOCUS_RING)


def ring_pixels(widget: QWidget) -> int:
    """How many pixels of ``widget`` as drawn now have the focus ring's colour."""
    image = QImage(widget.size(), QImage.Format.Format_ARGB32)
    image.fill(0)
    widget.render(image)
    count = 0
    for y in range(image.height()):
        for x in range(image.width()):
            c = image.pixelColor(x, y)
            if (abs(c.red() - RING.red()) < 12 and abs(c.green() - RING.green()) < 12
                    and abs(c.blue() - RING.blue()) < 12):
                count += 1
    return count


def ring_is_drawn(widget: QWidget) -> bool:
    """A 2-pixel ring around a button of at least 20×20 has well over 100 pixels."""
    return ring_pixels(widget) > 100


def south_to_play_after_bidding_3(g: Game) -> None:
    """Game 12 at Easy: South bids 3 by keys, then the computer players play up to
    South's first card."""
    g.controller.start_new_game(Rules(), 12, "easy")
    g.key(Qt.Key.Key_3)
    g.key(Qt.Key.Key_Return)
    g.bots_until_south()


@pytest.mark.slow
def test_a_whole_hand_by_keyboard_with_the_blind_nil_question(game: Game) -> None:
    g = game
    scene = g.window.scene
    state, actions = trailing_position()  # hand 2, South trails by 100+ and bids last
    g.controller.resume(state, actions, "easy")
    question = scene.blind_question
    assert question.isVisible()
    # the question has the focus at once, on the safe answer
    assert question.show_button.hasFocus()
    g.key(Qt.Key.Key_Tab)
    assert question.blind_button.hasFocus() and not question.show_button.hasFocus()
    g.key(Qt.Key.Key_Tab)
    assert question.show_button.hasFocus()
    g.key(Qt.Key.Key_Return)  # Show my cards
    assert g.controller.actions[-1] == LOOK_AT_HAND
    assert scene.bid_panel.isVisible()

    g.key(Qt.Key.Key_1)
    g.key(Qt.Key.Key_1)  # "1" then "1": eleven
    assert scene.bid_panel.button_for(11).hasFocus()
    g.key(Qt.Key.Key_4)
    g.key(Qt.Key.Key_Return)
    assert g.controller.actions[-1] == Bid(4)
    assert g.controller.state.phase is Phase.PLAYING

    played: list[Card] = []
    while True:
        g.bots_until_south(hand=2)
        state = g.controller.state
        if state.hand_number > 2:
            break
        view = g.controller.view()
        first_legal = next(c for c in view.sorted_hand if c in view.legal)
        g.key(Qt.Key.Key_Right)  # raises the first legal card, as shown left to right
        assert scene.snapshot().hand[first_legal].rect.top() < min(
            (it.rect.top() for c, it in scene.snapshot().hand.items() if c != first_legal),
            default=10_000)
        g.key(Qt.Key.Key_Return)
        assert g.controller.actions[-1] == first_legal
        played.append(first_legal)
    record = g.controller.state.hand_records[-1]
    assert record.hand_number == 2 and len(record.tricks) == 13
    south = [t.card_of(Seat.SOUTH) for t in record.tricks]
    assert south == played and len(set(played)) == 13
    assert scene.waiting_for_deal


def test_blind_nil_is_bid_with_tab_and_space(game: Game) -> None:
    g = game
    state, actions = trailing_position()
    g.controller.resume(state, actions, "easy")
    question = g.window.scene.blind_question
    g.key(Qt.Key.Key_Tab)
    assert question.blind_button.hasFocus()
    g.key(Qt.Key.Key_Space)
    assert g.controller.state.bids[Seat.SOUTH] == Bid(0, blind=True)
    assert not question.isVisible()


def test_enter_on_bid_blind_nil_bids_it(game: Game) -> None:
    g = game
    state, actions = trailing_position()
    g.controller.resume(state, actions, "easy")
    g.key(Qt.Key.Key_Backtab)
    assert g.window.scene.blind_question.blind_button.hasFocus()
    g.key(Qt.Key.Key_Enter)
    assert g.controller.state.bids[Seat.SOUTH] == Bid(0, blind=True)


def test_the_blind_nil_buttons_show_the_focus(game: Game) -> None:
    g = game
    state, actions = trailing_position()
    g.controller.resume(state, actions, "easy")
    question = g.window.scene.blind_question
    assert ring_is_drawn(question.show_button)
    assert not ring_is_drawn(question.blind_button)
    g.key(Qt.Key.Key_Tab)
    assert ring_is_drawn(question.blind_button)
    assert not ring_is_drawn(question.show_button)


def test_the_bid_buttons_show_the_focus(game: Game) -> None:
    g = game
    g.window.apply_display_settings(g.window.settings.replace(show_bid_advice=False))
    g.controller.start_new_game(Rules(), 12, "easy")  # South bids first (docs/rules.md §1)
    panel = g.window.scene.bid_panel
    assert panel.isVisible()
    # without advice no bid has the focus: no button shows a ring
    assert not any(ring_is_drawn(panel.button_for(n)) for n in (0, 5, 13))
    g.key(Qt.Key.Key_5)
    assert ring_is_drawn(panel.button_for(5))
    assert not ring_is_drawn(panel.button_for(6))
    g.key(Qt.Key.Key_Right)
    assert ring_is_drawn(panel.button_for(6))
    assert not ring_is_drawn(panel.button_for(5))
    g.key(Qt.Key.Key_N)
    assert ring_is_drawn(panel.button_for(0))
    g.key(Qt.Key.Key_Return)
    assert g.controller.state.bids[Seat.SOUTH] == Bid(0)


def test_the_recommended_bid_shows_the_focus_too(game: Game) -> None:
    g = game
    g.controller.start_new_game(Rules(), 12, "easy")
    panel = g.window.scene.bid_panel
    rec = panel.recommended()
    assert rec is not None
    assert ring_is_drawn(panel.button_for(rec))  # it has the focus: Enter takes it
    other = (rec + 1) % 14
    g.key(Qt.Key.Key_0 + other if other < 10 else Qt.Key.Key_N)
    if other >= 10:  # reach it with the arrows from Nil
        for _ in range(other):
            g.key(Qt.Key.Key_Right)
    assert panel.button_for(other).hasFocus()
    assert not ring_is_drawn(panel.button_for(rec))


def test_the_play_button_shows_the_focus(game: Game) -> None:
    g = game
    south_to_play_after_bidding_3(g)
    scene = g.window.scene
    button = scene.play_button
    assert button.isVisible() and not button.hasFocus()
    g.key(Qt.Key.Key_Right)
    assert button.isEnabled()
    assert not ring_is_drawn(button)
    g.key(Qt.Key.Key_Tab)  # the Play button is the table's one focusable control now
    assert button.hasFocus()
    assert ring_is_drawn(button)
    hand = scene.snapshot().hand
    raised = next(c for c, it in hand.items()
                  if it.rect.top() < min(o.rect.top() for d, o in hand.items() if d != c))
    g.key(Qt.Key.Key_Space)
    assert g.controller.actions[-1] == raised


def test_a_card_is_chosen_by_rank_then_suit(game: Game) -> None:
    g = game
    south_to_play_after_bidding_3(g)
    view = g.controller.view()
    card = next(c for c in reversed(view.sorted_hand) if c in view.legal)
    rank = {10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}.get(card.rank, str(card.rank))
    g.qtbot.keyClicks(g.window.table, rank.lower() + card.suit.letter.lower())
    items = g.window.scene.snapshot().hand
    assert items[card].rect.top() < min(it.rect.top() for c, it in items.items() if c != card)
    assert g.controller.view().current_player == Seat.SOUTH  # typing only raises it
    g.key(Qt.Key.Key_Return)
    assert g.controller.actions[-1] == card


def test_the_arrows_move_across_the_bid_grid_and_stay_on_it(game: Game) -> None:
    """Seven bids a row (Nil–6, 7–13): the arrows move by one or by a row and stop at
    the edges; every bid 0–13 can be reached by digits."""
    g = game
    g.controller.start_new_game(Rules(), 12, "easy")
    panel = g.window.scene.bid_panel

    def focused() -> list[int]:
        return [n for n in range(14) if panel.button_for(n).hasFocus()]

    for n in range(14):
        g.key(Qt.Key.Key_N)  # any other key ends a number: "1" then "2" is twelve
        for digit in str(n):
            g.key(Qt.Key.Key_0 + int(digit))
        assert focused() == [n], n
    g.key(Qt.Key.Key_Right)
    assert focused() == [13]
    g.key(Qt.Key.Key_N)
    g.key(Qt.Key.Key_Left)
    assert focused() == [0]
    top = panel.button_for(0).y()  # the bids on the top row: 7, or fewer on a small table
    columns = sum(panel.button_for(n).y() == top for n in range(14))  # (the panel re-flows)
    assert columns in (7, 5, 4)
    g.key(Qt.Key.Key_Down)
    assert focused() == [columns]
    g.key(Qt.Key.Key_Right)
    g.key(Qt.Key.Key_Up)
    assert focused() == [1]
    g.key(Qt.Key.Key_Up)
    assert focused() == [1]
    g.key(Qt.Key.Key_Return)
    assert g.controller.state.bids[Seat.SOUTH] == Bid(1)


def test_the_hint_button_is_a_button_reached_by_tab(game: Game) -> None:
    """The Hint button looks and acts as a button: Tab goes on from Play to it, its
    focus ring shows, and Enter presses it (a hint is asked for); a click does not take
    the keys from the table."""
    g = game
    south_to_play_after_bidding_3(g)
    scene = g.window.scene
    hint, play = scene.hint_button, scene.play_button
    assert hint.isVisible() and hint.focusPolicy() == Qt.FocusPolicy.TabFocus
    assert not ring_is_drawn(hint)
    g.key(Qt.Key.Key_Right)  # a card raised: Play may be pressed
    g.key(Qt.Key.Key_Tab)
    assert play.hasFocus()
    g.key(Qt.Key.Key_Tab)
    assert hint.hasFocus() and ring_is_drawn(hint)
    with g.qtbot.waitSignal(scene.hint_requested, timeout=2000):
        g.key(Qt.Key.Key_Return)


def raised_card(g: Game) -> Card | None:
    """The card of South's fan drawn above the others (None when none is)."""
    hand = g.window.scene.snapshot().hand
    lifted = [c for c, it in hand.items()
              if it.rect.top() < min(o.rect.top() for d, o in hand.items() if d != c)]
    return lifted[0] if lifted else None


def test_a_card_chosen_after_tab_reached_hint_is_played_by_enter(game: Game) -> None:
    """Tab gave the Hint button the focus; choosing a card then (arrows, or rank and
    suit) hands the keys back to the table, so Enter plays that card and asks for no
    hint."""
    g = game
    south_to_play_after_bidding_3(g)
    scene = g.window.scene
    g.key(Qt.Key.Key_Right)
    g.key(Qt.Key.Key_Tab)
    g.key(Qt.Key.Key_Tab)
    assert scene.hint_button.hasFocus()
    g.key(Qt.Key.Key_Left)
    card = raised_card(g)
    assert card is not None and not scene.hint_button.hasFocus()
    hints: list[bool] = []
    scene.hint_requested.connect(lambda: hints.append(True))
    g.key(Qt.Key.Key_Return)
    assert g.controller.actions[-1] == card and hints == []


def test_enter_on_the_claim_button_claims_rather_than_playing(game: Game) -> None:
    """With a card raised and Tab on the Claim button, Enter presses Claim: no card is
    played."""
    g = game
    south_to_play_after_bidding_3(g)
    g.key(Qt.Key.Key_Right)
    g.key(Qt.Key.Key_Return)  # the first trick of the hand: a claim may follow it
    g.bots_until_south()
    scene = g.window.scene
    assert scene.claim_button.isVisible()
    g.key(Qt.Key.Key_Right)
    for _ in range(4):
        if scene.claim_button.hasFocus():
            break
        g.key(Qt.Key.Key_Tab)
    assert scene.claim_button.hasFocus()
    played = len(g.controller.actions)
    with g.qtbot.waitSignal(scene.claim_requested, timeout=2000):
        g.key(Qt.Key.Key_Return)
    assert len(g.controller.actions) == played


def one_legal_card_position() -> tuple[GameState, list[Action]]:
    """A hand of game 5 played by first legal moves up to a turn where South holds
    several cards but may play only one (it must follow the suit led)."""
    state = new_game(Rules(), 5)
    actions: list[Action] = []
    for _ in range(400):
        if (state.phase is Phase.PLAYING and state.current_player == Seat.SOUTH
                and len(legal_actions(state)) == 1 and state.hand_sizes[Seat.SOUTH] > 1):
            return state, actions
        action = legal_actions(state)[0]
        actions.append(action)
        state = apply_action(state, action)
    raise AssertionError("no such turn in game 5")


def test_the_one_legal_card_is_raised_for_enter(game: Game) -> None:
    """When South may play only one card, it is raised at once with Play enabled: Enter
    (or one click) plays it."""
    g = game
    state, actions = one_legal_card_position()
    g.controller.resume(state, actions, "easy")
    g.qtbot.waitUntil(g.south_asked, timeout=5000)
    (only,) = legal_actions(state)
    assert raised_card(g) == only
    assert g.window.scene.play_button.isEnabled()
    g.key(Qt.Key.Key_Return)
    assert g.controller.actions[-1] == only
