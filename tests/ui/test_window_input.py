"""The human's input on the table: lit and dimmed cards, why a card may not be played,
raising and playing a card, and the Blind Nil question (docs/rules.md §2, §7)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QLabel, QPushButton

import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
from spades_desktop.controller import BotRunner, GameController
from spades_desktop.engine import (
    DECK,
    LOOK_AT_HAND,
    Action,
    Bid,
    Card,
    GameState,
    Phase,
    Rules,
    Seat,
    parse_card,
)
from spades_desktop.persistence import Settings
from spades_desktop.ui.main_window import MainWindow
from spades_desktop.ui.window_dialogs import open_dialog

from .helpers import HeldBot, child, click_card, click_embedded, trailing_position


@pytest.fixture
def window_with_held_bots(make_window, release) -> Iterator[tuple[GameController,
                                                                   MainWindow]]:
    yield make_window(runner=BotRunner(lambda level: HeldBot(release)))
    release.set()



def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


# South: one club to lead, three small hearts, nine spades. East wins the club trick
# with the ace and leads the ace of hearts: South must follow hearts.
SOUTH = cards("2C 2H 3H 4H 6S 7S 8S 9S TS JS QS KS AS")


def follow_hearts_deal() -> dict[Seat, list[Card]]:
    fixed = {Seat.WEST: cards("3C"), Seat.NORTH: cards("4C"), Seat.EAST: cards("AC AH")}
    used = set(SOUTH) | {c for hand in fixed.values() for c in hand}
    rest = [c for c in DECK if c not in used]
    deal = {Seat.SOUTH: list(SOUTH), **{s: list(h) for s, h in fixed.items()}}
    for seat in (Seat.WEST, Seat.NORTH, Seat.EAST):
        while len(deal[seat]) < 13:
            deal[seat].append(rest.pop())
    assert not rest
    return deal


SCRIPT: list[Action] = [Bid(3), Bid(3), Bid(3), Bid(3),
                        *cards("2C 3C 4C AC"),  # trick 1: East wins
                        parse_card("AH")]       # East leads hearts


@pytest.fixture
def south_must_follow_hearts(window_with_held_bots) -> tuple[GameController, MainWindow]:
    controller, window = window_with_held_bots
    controller.start_new_game(Rules(), 5, "easy", deal=follow_hearts_deal())
    for action in SCRIPT:  # the one path every move takes, bots' included
        assert controller.submit(action)
    state = controller.state
    assert state.current_player == Seat.SOUTH and state.trick_winners == (Seat.EAST,)
    assert window.scene.play_button.isVisible()
    return controller, window


def test_dimmed_cards_are_exactly_the_illegal_ones(south_must_follow_hearts) -> None:
    controller, window = south_must_follow_hearts
    items = window.scene.snapshot().hand
    assert set(items) == set(SOUTH) - {parse_card("2C")}
    dimmed = {c for c, it in items.items() if it.dimmed}
    assert dimmed == set(items) - set(controller.view().legal)
    assert dimmed == {c for c in items if c.suit.letter == "S"}
    assert window.status.text() == "Your turn: play a lit card."


def test_clicking_an_illegal_card_says_why_and_changes_nothing(
        qtbot, south_must_follow_hearts) -> None:
    controller, window = south_must_follow_hearts
    before, actions = controller.state, controller.actions
    spade = parse_card("AS")
    y0 = window.scene.snapshot().hand[spade].rect.top()
    click_card(qtbot, window, spade)
    click_card(qtbot, window, spade)
    assert "You must follow hearts." in window.status.text()
    assert controller.state is before and controller.actions == actions
    assert window.scene.snapshot().hand[spade].rect.top() == y0
    assert not window.scene.play_button.isEnabled()


def test_a_lit_card_rises_and_the_play_button_plays_it(qtbot, south_must_follow_hearts) -> None:
    controller, window = south_must_follow_hearts
    scene = window.scene
    before = controller.state
    heart = parse_card("4H")
    y0 = scene.snapshot().hand[heart].rect.top()
    others = {c: it.rect.top() for c, it in scene.snapshot().hand.items() if c != heart}

    click_card(qtbot, window, heart)
    assert scene.snapshot().hand[heart].rect.top() < y0
    assert {c: it.rect.top() for c, it in scene.snapshot().hand.items() if c != heart} == others
    assert controller.state is before
    assert scene.play_button.isEnabled()
    assert window.status.text() == "Click the card again or press Play."

    changes: list[tuple[GameState, GameState, Action]] = []
    controller.state_changed.connect(lambda o, n, a: changes.append((o, n, a)))
    click_embedded(qtbot, window, scene.play_button)
    assert len(changes) == 1 and changes[0][0] is before and changes[0][2] == heart
    assert heart not in scene.snapshot().hand
    assert scene.snapshot().trick[Seat.SOUTH].card == heart
    assert controller.state.current_trick == ((Seat.EAST, parse_card("AH")),
                                              (Seat.SOUTH, heart))


def test_a_click_out_of_turn_says_wait(qtbot, south_must_follow_hearts) -> None:
    controller, window = south_must_follow_hearts
    click_card(qtbot, window, parse_card("3H"))
    click_card(qtbot, window, parse_card("3H"))  # played; West (held) is to play now
    state = controller.state
    assert state.current_player == Seat.WEST
    assert not window.scene.play_button.isVisible()
    assert not any(it.dimmed for it in window.scene.snapshot().hand.values())
    click_card(qtbot, window, parse_card("2H"))
    assert window.status.text() == "Wait for your turn."
    assert controller.state is state


def test_bot_moves_wait_for_the_release(qtbot, south_must_follow_hearts, release) -> None:
    """Sanity check of the held bots: once released, the game goes on by itself."""
    controller, window = south_must_follow_hearts
    click_card(qtbot, window, parse_card("3H"))
    click_card(qtbot, window, parse_card("3H"))
    release.set()
    qtbot.waitUntil(lambda: controller.state.current_player == Seat.SOUTH, timeout=10_000)
    assert len(controller.state.trick_winners) == 2


# -- Blind Nil ------------------------------------------------------------------------------
@pytest.fixture
def blind_nil_offered(window_with_held_bots) -> tuple[GameController, MainWindow]:
    controller, window = window_with_held_bots
    state, actions = trailing_position()
    controller.resume(state, actions, "easy")
    assert controller.view().blind_nil_allowed
    return controller, window


def test_blind_nil_question_hides_the_cards(qtbot, blind_nil_offered) -> None:
    controller, window = blind_nil_offered
    scene = window.scene
    items = scene.snapshot().hand
    assert len(items) == 13
    assert not any(it.face_up for it in items.values())
    assert scene.blind_question.isVisible()
    assert not scene.bid_panel.isVisible()
    before = controller.state
    click_card(qtbot, window, next(iter(items)))
    assert window.status.text() == "Decide on Blind Nil first."
    assert controller.state is before


def test_show_my_cards_then_bid_without_blind_nil(qtbot, blind_nil_offered) -> None:
    controller, window = blind_nil_offered
    scene = window.scene
    click_embedded(qtbot, window, scene.blind_question.show_button)
    # the look is an action of the game (saved like a bid): Blind Nil is closed
    assert controller.actions[-1] == LOOK_AT_HAND
    assert controller.state.cards_seen[Seat.SOUTH]
    assert controller.state.current_player is Seat.SOUTH
    assert all(it.face_up for it in scene.snapshot().hand.values())
    assert not scene.blind_question.isVisible()
    assert scene.bid_panel.isVisible()
    assert child(scene.bid_panel, QPushButton, "blindNil").isHidden()
    click_embedded(qtbot, window, scene.bid_panel.button_for(0))
    assert controller.state.bids[Seat.SOUTH] == Bid(0)


def test_bid_blind_nil_then_play_the_hand_face_up(qtbot, blind_nil_offered, release) -> None:
    controller, window = blind_nil_offered
    scene = window.scene
    click_embedded(qtbot, window, scene.blind_question.blind_button)
    state = controller.state
    assert state.bids[Seat.SOUTH] == Bid(0, blind=True)
    assert state.phase is Phase.PLAYING
    assert not scene.blind_question.isVisible()
    # the bid is made: South may look at the cards and must be able to play them
    assert all(it.face_up for it in scene.snapshot().hand.values())
    release.set()
    qtbot.waitUntil(lambda: controller.state.current_player == Seat.SOUTH
                    and scene.play_button.isVisible(), timeout=10_000)
    card = controller.view().legal[0]
    click_card(qtbot, window, card)
    click_card(qtbot, window, card)
    assert card in controller.actions


def test_a_card_is_played_by_keyboard(qtbot, south_must_follow_hearts) -> None:
    """The arrows raise South's legal cards in the order they are shown (here the hearts:
    South must follow them), Enter plays the raised one; illegal cards are skipped."""
    controller, window = south_must_follow_hearts
    scene = window.scene
    view = controller.view()
    legal = [c for c in view.sorted_hand if c in view.legal]
    assert all(c.suit.letter == "H" for c in legal) and len(legal) >= 2
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_Right)
    assert scene.play_button.isEnabled()
    qtbot.keyClick(window.table, Qt.Key.Key_Right)
    qtbot.keyClick(window.table, Qt.Key.Key_Left)
    qtbot.keyClick(window.table, Qt.Key.Key_Left)  # stops at the first legal card
    qtbot.keyClick(window.table, Qt.Key.Key_Right)
    assert controller.actions[-1] != legal[1]
    qtbot.keyClick(window.table, Qt.Key.Key_Return)
    assert controller.actions[-1] == legal[1]


def test_switching_bid_advice_updates_the_open_bid_panel(qtbot, window_with_held_bots) -> None:
    """Display settings apply at once: an open bid panel gains or loses its recommended
    bid when the advice setting changes."""
    controller, window = window_with_held_bots
    controller.start_new_game(Rules(), 12, "easy")  # South bids first (docs/rules.md §1)
    panel = window.scene.bid_panel
    qtbot.waitUntil(lambda: panel.isVisible(), timeout=10_000)
    assert window.settings.show_bid_advice and panel.recommended() is not None
    recommended = panel.recommended()
    window.apply_display_settings(window.settings.replace(show_bid_advice=False))
    assert panel.recommended() is None and child(panel, QLabel, "advice").text() == ""
    window.apply_display_settings(window.settings.replace(show_bid_advice=True))
    assert panel.recommended() == recommended


def test_with_one_click_play_a_click_plays_a_legal_card_at_once(
        qtbot, south_must_follow_hearts) -> None:
    """Settings ▸ Play a card with one click: the 4♥ is played by its first click; the
    A♠ (South must follow hearts) is still refused with the reason, and nothing moves."""
    controller, window = south_must_follow_hearts
    window.apply_display_settings(window.settings.replace(one_click_play=True))
    before = controller.state
    click_card(qtbot, window, parse_card("AS"))
    assert controller.state is before and "You must follow hearts." in window.status.text()
    heart = parse_card("4H")
    click_card(qtbot, window, heart)
    assert controller.state is not before and controller.actions[-1] == heart
    assert window.scene.snapshot().trick[Seat.SOUTH].card == heart


def test_one_click_play_is_off_by_default_and_switched_in_the_settings(
        qtbot, south_must_follow_hearts) -> None:
    controller, window = south_must_follow_hearts
    assert Settings().one_click_play is False  # a slip over the fanned hand plays nothing
    window.dialogs.show_settings()
    dialog = open_dialog(window, "settings")
    box = child(dialog, QCheckBox, "oneClickPlay")
    assert not box.isChecked() and box.text() == "Play a card with one click"
    box.setChecked(True)  # applies at once
    assert window.settings.one_click_play
    before = controller.state
    dialog.close()
    click_card(qtbot, window, parse_card("3H"))
    assert controller.state is not before and controller.actions[-1] == parse_card("3H")
