"""Game ▸ Hand so far (Ctrl+H): every trick of the hand on the table, its leader, the card
each seat played and its winner, and the cards of each suit still out; never a card the
table has not shown yet (docs/rules.md §3, §6)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QKeySequence, QScreen
from PySide6.QtWidgets import QDialogButtonBox, QLabel, QScrollArea, QWidget

import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
from spades_desktop.engine import Bid, Card, Phase, Rules, Seat, Suit, parse_card
from spades_desktop.ui.dialogs.hand_so_far import LEAD_MARK, HandSoFarDialog
from spades_desktop.ui.dialogs.shortcuts import menu_shortcuts, table_keys
from spades_desktop.ui.texts import seat_name
from spades_desktop.ui.window_dialogs import open_dialog

from .helpers import ManualRunner, child
from .table_driver import STEP_MS, Game

PlayedCard = tuple[Seat, Card]

RANKS_HIGH_TO_LOW = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")




def record_cards(g: Game) -> list[PlayedCard]:
    """The cards played from now on, (seat, card) in the order the engine applied them."""
    played: list[PlayedCard] = []

    def on_move(old, _new, action) -> None:
        if isinstance(action, Card):
            played.append((old.current_player, action))

    g.controller.state_changed.connect(on_move)
    return played


def play_until(g: Game, played: list[PlayedCard], cards: int) -> None:
    """Every seat bids 3; then South plays its first legal card and the others their last
    (the highest by suit, then rank), until ``cards`` cards are played and the table is
    still."""
    scene = g.window.scene

    def done() -> bool:
        return len(played) >= cards and not scene.animating

    for _ in range(200):
        if done():
            return
        state = g.controller.state
        if g.south_asked():
            view = g.controller.view()
            g.controller.submit_human(Bid(3) if view.phase is Phase.BIDDING else view.legal[0])
        elif g.runner.request_view is not None and state.current_player != Seat.SOUTH:
            view = g.runner.request_view
            before = len(g.controller.actions)
            g.runner.answer(Bid(3) if view.phase is Phase.BIDDING else view.legal[-1])
            g.qtbot.waitUntil(lambda b=before: len(g.controller.actions) > b, timeout=STEP_MS)
        else:
            g.qtbot.waitUntil(
                lambda: done() or g.south_asked() or g.runner.request_view is not None,
                timeout=STEP_MS,
            )
    raise AssertionError("the game did not get there")


def winner_by_hand(plays: list[PlayedCard]) -> Seat:
    """docs/rules.md §3, written out again: the highest spade wins, else the highest card
    of the suit led."""
    led = plays[0][1].suit
    return max(plays, key=lambda p: (p[1].suit == Suit.SPADES, p[1].suit == led, p[1].rank))[0]


def expected_rows(played: list[PlayedCard]) -> list[tuple[dict[Seat, str], str]]:
    """Per trick (completed ones, then the one in play): the text of each seat's cell
    (the leader's card after the lead mark) and of the "Won by" cell."""
    rows = []
    for start in range(0, len(played), 4):
        plays = played[start : start + 4]
        cells = {s: "" for s in Seat}
        for i, (seat, card) in enumerate(plays):
            cells[seat] = f"{LEAD_MARK} {card.label}" if i == 0 else card.label
        rows.append((cells, seat_name(winner_by_hand(plays)) if len(plays) == 4 else "in play"))
    return rows


def check_rows(dialog: HandSoFarDialog, played: list[PlayedCard]) -> None:
    rows = expected_rows(played)
    assert dialog.tricks_table().rowCount() == len(rows)
    for row, (cells, won_by) in enumerate(rows):
        for seat in Seat:
            assert dialog.card_text(row, seat) == cells[seat], (row, seat)
        assert dialog.winner_text(row) == won_by, row


def test_the_tricks_and_the_cards_still_out_three_tricks_in(game: Game, qtbot) -> None:
    g = game
    played = record_cards(g)
    # game 12: East deals, so South, on the dealer's left, leads the first trick
    g.controller.start_new_game(Rules(), 12, "easy")
    qtbot.waitUntil(lambda: g.controller.state.phase is Phase.BIDDING)
    dealt = set(g.controller.view().hand)
    play_until(g, played, 14)  # three tricks, and two cards of the fourth
    assert played[0][0] == Seat.SOUTH
    # each trick is led by the winner of the one before (the record checks the oracle)
    for n in (1, 2, 3):
        assert played[4 * n][0] == winner_by_hand(played[4 * n - 4 : 4 * n])

    qtbot.keyClick(g.window.table, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    dialog = open_dialog(g.window, "hand_so_far")
    assert isinstance(dialog, HandSoFarDialog)
    check_rows(dialog, played)
    table = dialog.tricks_table()
    for row in range(3):
        winner = winner_by_hand(played[4 * row : 4 * row + 4])
        for seat in Seat:
            assert table.item(row, int(seat)).font().bold() == (seat == winner), (row, seat)
    assert not any(
        table.item(3, int(s)) and table.item(3, int(s)).font().bold() for s in Seat
    )  # no winner marked in the trick in play
    assert table.verticalHeaderItem(0).text() == "1"
    assert table.verticalHeaderItem(3).text() == "4"

    # still out: neither in South's dealt hand nor played, by suit, high to low
    gone = dealt | {card for _, card in played}
    for suit in Suit:
        out = [r for r in RANKS_HIGH_TO_LOW if parse_card(f"{r}{suit.letter}") not in gone]
        assert dialog.out_text(suit) == (" ".join(out) or "\u2014"), suit
    others_played = sum(1 for seat, _ in played if seat != Seat.SOUTH)
    assert (
        sum(len(dialog.out_text(s).split()) for s in Suit if dialog.out_text(s) != "\u2014")
        == 39 - others_played
    )

    # it follows the hand: the next two cards complete trick 4
    play_until(g, played, 16)
    check_rows(dialog, played)
    assert table.rowCount() == 4 and dialog.winner_text(3) == seat_name(
        winner_by_hand(played[12:16])
    )


def test_it_never_shows_a_card_the_table_has_not_shown(qtbot, make_window) -> None:
    """While the table still animates a card, the window shows the position before it;
    the card appears once it has landed."""
    runner = ManualRunner()
    controller, window = make_window(speed=1.0, runner=runner)
    scene = window.scene
    controller.start_new_game(Rules(), 12, "easy")
    qtbot.waitUntil(
        lambda: controller.state.current_player == Seat.SOUTH and not scene.busy, timeout=STEP_MS
    )
    controller.submit_human(Bid(3))
    while controller.state.phase is Phase.BIDDING:
        qtbot.waitUntil(lambda: runner.request_view is not None, timeout=STEP_MS)
        with qtbot.waitSignal(controller.state_changed, timeout=STEP_MS):
            runner.answer(Bid(3))
    qtbot.waitUntil(
        lambda: controller.state.current_player == Seat.SOUTH and not scene.busy, timeout=STEP_MS
    )
    window.action("hand").trigger()
    dialog = open_dialog(window, "hand_so_far")
    assert isinstance(dialog, HandSoFarDialog)
    assert dialog.tricks_table().rowCount() == 0
    assert dialog.findChild(QLabel, "empty").isVisible()

    lead = controller.view().legal[0]
    assert isinstance(lead, Card)
    with qtbot.waitSignal(controller.state_changed, timeout=STEP_MS):
        controller.submit_human(lead)
    assert scene.animating  # the card is on its way to the middle
    assert dialog.tricks_table().rowCount() == 0
    window.hand_so_far.show()  # opened (raised) again meanwhile: still not shown
    assert dialog.tricks_table().rowCount() == 0
    assert window.hand_so_far.shown_hand().current == ()
    with qtbot.waitSignal(scene.animations_idle, timeout=STEP_MS):
        pass
    assert dialog.card_text(0, Seat.SOUTH) == f"{LEAD_MARK} {lead.label}"
    assert dialog.winner_text(0) == "in play"
    assert not dialog.findChild(QLabel, "empty").isVisible()

    # a computer player's card: not before it has landed either
    qtbot.waitUntil(lambda: runner.request_view is not None, timeout=STEP_MS)
    card = runner.request_view.legal[0]
    with qtbot.waitSignal(controller.state_changed, timeout=STEP_MS):
        runner.answer(card)
    assert scene.animating
    assert dialog.card_text(0, Seat.WEST) == ""
    with qtbot.waitSignal(scene.animations_idle, timeout=STEP_MS):
        pass
    assert dialog.card_text(0, Seat.WEST) == card.label


def test_keyboard_open_back_to_the_table_and_escape(game: Game, qtbot) -> None:
    g = game
    window = g.window
    with qtbot.waitSignal(g.controller.game_started, timeout=STEP_MS):
        g.controller.start_new_game(Rules(), 12, "easy")
    qtbot.keyClick(window.table, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    dialog = open_dialog(window, "hand_so_far")
    assert isinstance(dialog, HandSoFarDialog)
    qtbot.waitUntil(dialog.isActiveWindow)
    assert dialog.tricks_table().hasFocus()
    assert dialog.accessibleName() == "Hand so far"
    assert dialog.findChild(QLabel, "empty").isVisible()  # nothing played yet

    # Ctrl+H in the window: back to the table, the window stays open
    qtbot.keyClick(dialog.tricks_table(), Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(window.isActiveWindow)
    assert open_dialog(window, "hand_so_far") is dialog
    # and Ctrl+H on the table: to it again (the same window, not a second one)
    qtbot.keyClick(window.table, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(dialog.isActiveWindow)
    assert len(window.findChildren(HandSoFarDialog)) == 1

    qtbot.keyClick(dialog.tricks_table(), Qt.Key.Key_Escape)
    assert open_dialog(window, "hand_so_far") is None
    qtbot.waitUntil(window.isActiveWindow)


def test_disabled_without_a_game_and_listed_among_the_shortcuts(qtbot, make_window) -> None:
    controller, window = make_window()
    action = window.action("hand")
    assert not action.isEnabled()
    assert action.shortcut() == QKeySequence("Ctrl+H")
    action.trigger()
    assert open_dialog(window, "hand_so_far") is None
    menus = [a.menu() for a in window.menuBar().actions() if a.menu() is not None]
    assert ("Ctrl+H", "Hand so far") in menu_shortcuts(menus)
    assert "Hand so far" in dict(table_keys())["Ctrl+H, Esc"]
    with qtbot.waitSignal(controller.game_started, timeout=STEP_MS):
        controller.start_new_game(Rules(), 5, "easy")
    assert action.isEnabled()


def test_a_new_game_replaces_the_hand_shown(game: Game, qtbot) -> None:
    g = game
    played = record_cards(g)
    g.controller.start_new_game(Rules(), 12, "easy")
    play_until(g, played, 5)
    g.window.action("hand").trigger()
    dialog = open_dialog(g.window, "hand_so_far")
    assert dialog.tricks_table().rowCount() == 2
    g.controller.abandon_game()
    with qtbot.waitSignal(g.controller.game_started, timeout=STEP_MS):
        g.controller.start_new_game(Rules(), 13, "easy")
    qtbot.waitUntil(lambda: dialog.tricks_table().rowCount() == 0, timeout=STEP_MS)
    assert dialog.findChild(QLabel, "heading").text().startswith("Hand 1 ")
    assert all(len(dialog.out_text(s).split()) for s in Suit)  # no card played yet


@pytest.mark.slow
def test_after_the_13th_trick_until_the_next_deal(game: Game, qtbot) -> None:
    """Between two hands it shows the finished hand, every card played; the next deal
    starts the new hand."""
    g = game
    played = record_cards(g)
    g.controller.start_new_game(Rules(), 12, "easy")
    g.window.action("hand").trigger()
    dialog = open_dialog(g.window, "hand_so_far")
    play_until(g, played, 52)
    qtbot.waitUntil(lambda: g.window.scene.waiting_for_deal, timeout=STEP_MS)
    assert g.controller.state.hand_number == 2  # the engine is in the next hand already
    check_rows(dialog, played)
    assert dialog.findChild(QLabel, "heading").text() == "Hand 1 \u2014 13 trick(s) completed"
    assert all(dialog.out_text(s) == "\u2014" for s in Suit)
    with qtbot.waitSignal(g.window.scene.hand_summary_closed, timeout=STEP_MS):
        g.key(Qt.Key.Key_Return)  # Next hand
    qtbot.waitUntil(lambda: dialog.tricks_table().rowCount() == 0, timeout=STEP_MS)
    assert dialog.findChild(QLabel, "heading").text().startswith("Hand 2 ")


def south_cards_on_screen(g: Game) -> list[QRect]:
    """South's cards as the table shows them (``TableScene.snapshot()``), in global
    coordinates."""
    view = g.window.table
    rects = []
    for shot in g.window.scene.snapshot().hand.values():
        local = view.mapFromScene(shot.rect).boundingRect()
        rects.append(QRect(view.viewport().mapToGlobal(local.topLeft()), local.size()))
    return rects


def in_sight(widget: QWidget, scroll: QScrollArea) -> bool:
    """The whole of ``widget`` lies inside ``scroll``'s viewport."""
    viewport = scroll.viewport()
    top_left = widget.mapTo(viewport, widget.rect().topLeft())
    return viewport.rect().contains(QRect(top_left, widget.size()))


@pytest.mark.parametrize("screen", [(800, 600), (640, 460)])
def test_on_a_small_screen_it_keeps_clear_of_south_hand(game: Game, qtbot, monkeypatch,
                                                        screen) -> None:
    """With no room beside the main window, the window is compact, inside the screen and
    above South's cards, a raised one included; its text scrolls into sight."""
    room = QRect(0, 0, *screen)
    monkeypatch.setattr(QScreen, "availableGeometry", lambda _self: QRect(room))
    g = game
    g.window.setGeometry(room)  # the main window fills the screen
    with qtbot.waitSignal(g.controller.game_started, timeout=STEP_MS):
        g.controller.start_new_game(Rules(), 12, "easy")  # South bids first, then leads
    g.bots_until_south()
    g.controller.submit_human(Bid(3))
    g.bots_until_south()
    assert g.playing() and g.controller.state.current_player == Seat.SOUTH

    g.key(Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    dialog = open_dialog(g.window, "hand_so_far")
    assert isinstance(dialog, HandSoFarDialog)
    qtbot.waitExposed(dialog)
    frame = dialog.frameGeometry()
    assert room.contains(frame), (frame, room)
    assert dialog.is_compact()
    for card in south_cards_on_screen(g):
        assert not frame.intersects(card), (frame, card)

    # back on the table, a card raised: still in sight
    qtbot.keyClick(dialog.tricks_table(), Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(g.window.isActiveWindow)
    g.key(Qt.Key.Key_Right)
    raised = g.window.scene.snapshot().raised_card
    assert raised is not None
    cards = south_cards_on_screen(g)
    assert len(cards) == 13
    for card in cards:
        assert not dialog.frameGeometry().intersects(card), (dialog.frameGeometry(), card)

    # every part of it can be scrolled into sight, the Close button is always there
    scroll = child(dialog, QScrollArea, "body")
    parts = [child(dialog, QLabel, "heading"), dialog.tricks_table(),
             *(child(dialog, QLabel, f"out_{s.name.lower()}") for s in Suit),
             child(dialog, QLabel, "legend")]
    for part in parts:
        scroll.ensureWidgetVisible(part, 0, 0)
        assert in_sight(part, scroll), part.objectName()
    close = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close)
    assert close.isVisible()
    assert dialog.rect().contains(QRect(close.mapTo(dialog, QPoint(0, 0)), close.size()))


def test_beside_the_main_window_where_the_screen_has_room(game: Game, qtbot,
                                                         monkeypatch) -> None:
    room = QRect(0, 0, 1600, 1000)
    monkeypatch.setattr(QScreen, "availableGeometry", lambda _self: QRect(room))
    g = game
    g.window.setGeometry(QRect(0, 0, 900, 700))
    with qtbot.waitSignal(g.controller.game_started, timeout=STEP_MS):
        g.controller.start_new_game(Rules(), 12, "easy")
    g.window.action("hand").trigger()
    dialog = open_dialog(g.window, "hand_so_far")
    qtbot.waitExposed(dialog)
    frame, main = dialog.frameGeometry(), g.window.frameGeometry()
    assert not dialog.is_compact()
    assert room.contains(frame) and not frame.intersects(main)
    assert frame.left() > main.right()
