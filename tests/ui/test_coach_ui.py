"""The coach on screen: the Hint command on the table and the hand review window. Small
budgets keep the searches short; every wait is on a signal."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMessageBox, QPushButton, QTableWidget

from spades_desktop.bots import coach
from spades_desktop.controller import BotRunner
from spades_desktop.controller.coach_runner import CoachRunner
from spades_desktop.engine import (
    DECK,
    Action,
    Bid,
    Card,
    HandRecord,
    Phase,
    PlayerView,
    Rules,
    Seat,
    apply_action,
    legal_actions,
    new_game,
    observe,
    parse_card,
)
from spades_desktop.ui.coach_text import candidates_text, hint_candidates_text, reason_text
from spades_desktop.ui.dialogs import NewGameDialog
from spades_desktop.ui.main_window import MainWindow
from spades_desktop.ui.review import ReviewScene, ReviewWindow
from spades_desktop.ui.review.scene import ORDER_ROLE, PLACE_ROLE, SEAT_ROLE
from spades_desktop.ui.table.card_item import CardItem
from spades_desktop.ui.texts import bid_text
from spades_desktop.ui.window_dialogs import open_dialog, open_dialogs

from .helpers import HeldBot, analysing, child, click_embedded, plain_text

SMALL = 6
"""Deals per search in these tests."""






@pytest.fixture
def window(make_window, release) -> Iterator[MainWindow]:
    _controller, win = make_window(runner=BotRunner(lambda level: HeldBot(release)))
    win.coach.hints.budget = SMALL
    win.coach.review_budget = SMALL
    yield win
    release.set()
    win.coach.hints.shutdown()


def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


SOUTH = cards("2C 2H 3H 4H 6S 7S 8S 9S TS JS QS KS AS")


def fixed_deal() -> dict[Seat, list[Card]]:
    """South: one club, three small hearts, nine spades; East holds the club and heart
    aces, so East wins the first trick and leads hearts."""
    fixed = {Seat.WEST: cards("3C"), Seat.NORTH: cards("4C"), Seat.EAST: cards("AC AH")}
    used = set(SOUTH) | {c for hand in fixed.values() for c in hand}
    rest = [c for c in DECK if c not in used]
    deal = {Seat.SOUTH: list(SOUTH), **{s: list(h) for s, h in fixed.items()}}
    for seat in (Seat.WEST, Seat.NORTH, Seat.EAST):
        while len(deal[seat]) < 13:
            deal[seat].append(rest.pop())
    return deal


def south_to_play(window: MainWindow) -> None:
    """East has led the ace of hearts; South holds three hearts (2, 3, 4) to follow."""
    controller = window.controller
    controller.start_new_game(Rules(), 5, "easy", deal=fixed_deal())
    for action in [Bid(3), Bid(3), Bid(3), Bid(3), *cards("2C 3C 4C AC"), parse_card("AH")]:
        assert controller.submit(action)
    state = controller.state
    assert state.current_player == Seat.SOUTH and state.phase is Phase.PLAYING
    assert window.scene.hint_offered


def south_to_bid(window: MainWindow) -> None:
    controller = window.controller
    controller.start_new_game(Rules(), 5, "easy", deal=fixed_deal())
    state = controller.state  # East deals the first hand: South bids first
    assert state.current_player == Seat.SOUTH and state.phase is Phase.BIDDING
    assert window.scene.hint_offered


# -- the Hint ------------------------------------------------------------------------------


def test_hint_button_shows_only_on_souths_turn(qtbot, window) -> None:
    controller = window.controller
    controller.start_new_game(Rules(), 5, "easy", deal=fixed_deal())
    assert controller.submit(Bid(3))  # South bids first, then West
    assert controller.state.current_player == Seat.WEST
    assert not window.scene.hint_button.isVisible()
    window.coach.request_hint()  # does nothing but say when a hint can be had
    assert window.coach.hints.pending_view is None
    assert window.scene.snapshot().hint == ""
    south_to_play(window)
    assert window.scene.hint_button.isVisible()


def test_hint_in_play_raises_the_card_and_enter_plays_it(qtbot, window) -> None:
    south_to_play(window)
    with qtbot.waitSignal(window.coach.hints.hint_ready, timeout=30_000) as ready:
        qtbot.keyClick(window.table, Qt.Key.Key_H)
    view, hint = ready.args
    assert view.seat == Seat.SOUTH and view.current_player == Seat.SOUTH
    # South must follow hearts: the hint is one of the three hearts
    assert hint.best in cards("2H 3H 4H")
    assert window.scene.snapshot().raised_card == hint.best
    text = window.scene.snapshot().hint.replace("\n", " ")  # its lines, as one text
    assert hint.best.label in text
    assert reason_text(hint.reason, hint.reason_arg) in text
    assert hint_candidates_text(hint.candidates) in text
    # the numbers are named: a "0" is an expected score difference, not a blank
    assert (f"Expected points this hand (your side minus theirs): "
            f"{hint_candidates_text(hint.candidates)}") in text
    assert 1 <= len(hint.candidates) <= 3
    played = len(window.controller.actions)
    qtbot.keyClick(window.table, Qt.Key.Key_Return)
    assert len(window.controller.actions) == played + 1
    assert window.controller.actions[-1] == hint.best
    assert window.scene.snapshot().hint == ""  # the position changed: the bubble is gone


def test_hint_menu_action_and_button_ask_the_same(qtbot, window) -> None:
    south_to_play(window)
    with qtbot.waitSignal(window.coach.hints.hint_ready, timeout=30_000):
        window.action("hint").trigger()
    first = window.scene.snapshot().hint
    assert first
    # asked again in the same position: the same hint, no new search
    with qtbot.assertNotEmitted(window.coach.hints.hint_ready, wait=50):
        click_embedded(qtbot, window, window.scene.hint_button)
    assert window.scene.snapshot().hint == first


def test_hint_during_bidding_shows_a_bid_and_its_reason(qtbot, window) -> None:
    south_to_bid(window)
    with qtbot.waitSignal(window.coach.hints.hint_ready, timeout=30_000) as ready:
        click_embedded(qtbot, window, window.scene.hint_button)
    _view, hint = ready.args
    assert isinstance(hint.best, Bid) and not hint.best.blind
    text = window.scene.snapshot().hint.replace("\n", " ")
    assert bid_text(hint.best) in text
    assert reason_text(hint.reason, hint.reason_arg) in text
    assert window.scene.bid_panel.isVisible()
    assert window.controller.state.current_player == Seat.SOUTH  # nothing was bid


def test_hint_runs_off_the_ui_thread_and_a_move_cancels_it(qtbot, window) -> None:
    south_to_play(window)
    started = threading.Event()
    seen: dict[str, object] = {}

    def slow_hint(view: PlayerView, *, budget: int, cancel) -> coach.Hint:
        seen["thread"] = threading.current_thread()
        seen["view"] = view
        started.set()
        while not cancel():  # polls like the real search
            threading.Event().wait(0.002)
        seen["cancelled"] = True
        raise coach.Cancelled

    window.coach.hints.hint_fn = slow_hint
    ready: list[object] = []
    window.coach.hints.hint_ready.connect(lambda *args: ready.append(args))
    window.coach.request_hint()  # returns while the search runs
    assert started.wait(10)
    assert seen["thread"] is not threading.main_thread()
    view = seen["view"]
    assert isinstance(view, PlayerView) and view.seat == Seat.SOUTH
    assert view.hand == window.controller.view(Seat.SOUTH).hand  # South's own view
    assert window.coach.hints.pending_view == view
    with qtbot.waitSignal(window.coach.hints.hint_finished, timeout=10_000) as finished:
        assert window.controller.submit_human(parse_card("2H"))  # the position changes
    assert finished.args == ["cancelled"]
    assert seen.get("cancelled") is True
    assert ready == []
    assert window.scene.snapshot().hint == ""


def test_a_late_answer_for_an_old_position_is_dropped(qtbot, window) -> None:
    south_to_play(window)
    go = threading.Event()
    started = threading.Event()
    answer = coach.Hint(parse_card("4H"), coach.Reason.PLAY_LOW, None,
                        (coach.Candidate(parse_card("4H"), 1.0),))

    def stubborn_hint(view: PlayerView, *, budget: int, cancel) -> coach.Hint:
        started.set()
        go.wait(10)
        return answer  # ignores the cancel: the runner must drop it

    window.coach.hints.hint_fn = stubborn_hint
    ready: list[object] = []
    window.coach.hints.hint_ready.connect(lambda *args: ready.append(args))
    window.coach.request_hint()
    assert started.wait(10)
    assert window.controller.submit_human(parse_card("3H"))
    with qtbot.waitSignal(window.coach.hints.hint_finished, timeout=10_000) as finished:
        go.set()
    assert finished.args == ["cancelled"]
    assert ready == []
    assert window.scene.snapshot().raised_card is None
    assert window.scene.snapshot().hint == ""


def test_h_typed_in_a_dialog_asks_for_no_hint(qtbot, window) -> None:
    south_to_play(window)
    window.dialogs.new_game()
    box = open_dialog(window, "confirm_new_game")  # a game is in progress: first "Abandon it?"
    assert box is not None
    with qtbot.assertNotEmitted(window.scene.hint_requested, wait=50):
        qtbot.keyClick(box, Qt.Key.Key_H)
    box.button(QMessageBox.StandardButton.Yes).click()
    dialog = window.findChild(NewGameDialog)
    assert dialog is not None and dialog.isVisible()
    with qtbot.assertNotEmitted(window.scene.hint_requested, wait=50):
        qtbot.keyClick(dialog, Qt.Key.Key_H)
    assert window.coach.hints.pending_view is None
    dialog.reject()
    with qtbot.waitSignal(window.scene.hint_requested, timeout=1000):
        qtbot.keyClick(window.table, Qt.Key.Key_H)


# -- the review ------------------------------------------------------------------------------


def played_game(hands: int = 2) -> tuple[tuple[HandRecord, ...], Rules]:
    """``hands`` finished hands: everyone bids 3 and plays its first legal card."""
    rules = Rules()
    state = new_game(rules, 17)
    while len(state.hand_records) < hands:
        if state.phase is Phase.BIDDING:
            state = apply_action(state, Bid(3))
        else:
            state = apply_action(state, legal_actions(state)[0])
    return state.hand_records, rules


def shown_step(review: ReviewWindow) -> int:
    """The step ``review`` shows, read from its ``step`` line: 0 for "The deal and the
    bidding", ``k`` for "Trick k of n: …"."""
    text = child(review, QLabel, "step").text()
    if text == "The deal and the bidding":
        return 0
    match = re.match(r"Trick (\d+) of \d+: ", text)
    assert match is not None, text
    return int(match.group(1))


def shown_cards(review: ReviewWindow, place: str) -> list[tuple[Seat, Card]]:
    """The cards of ``review``'s scene lying in ``place`` ("hand" or "trick"), by their
    item data: (seat, card), each seat's in order (left to right, or in play order)."""
    scene = child(review, ReviewScene, "review_scene")
    items = sorted((i for i in scene.items()
                    if isinstance(i, CardItem) and i.data(PLACE_ROLE) == place),
                   key=lambda i: i.data(ORDER_ROLE))
    return [(Seat(i.data(SEAT_ROLE)), i.card) for i in items]


def hand_shown(review: ReviewWindow, seat: Seat) -> tuple[Card, ...]:
    """``seat``'s cards in ``review``'s scene, left to right."""
    return tuple(card for s, card in shown_cards(review, "hand") if s == seat)


def trick_shown(review: ReviewWindow) -> tuple[tuple[Seat, Card], ...]:
    """The trick in the middle of ``review``'s scene: (seat, card) in play order."""
    return tuple(shown_cards(review, "trick"))


def test_review_steps_through_the_tricks_with_the_keys(qtbot, window) -> None:
    records, rules = played_game(2)
    record = records[1]
    review = window.coach.open_review(records, 1, rules)
    qtbot.waitExposed(review)
    assert shown_step(review) == 0
    for seat in Seat:  # the deal, face up
        assert set(hand_shown(review, seat)) == set(record.deal[seat])
    assert trick_shown(review) == ()
    qtbot.keyClick(review, Qt.Key.Key_Right)
    assert shown_step(review) == 1
    first = record.tricks[0]
    assert trick_shown(review) == first.plays  # in play order, in front of each player
    for seat, card in first.plays:
        assert card not in hand_shown(review, seat)
        assert len(hand_shown(review, seat)) == 12
    qtbot.keyClick(review, Qt.Key.Key_End)
    assert shown_step(review) == 13
    assert trick_shown(review) == record.tricks[12].plays
    assert all(hand_shown(review, s) == () for s in Seat)
    qtbot.keyClick(review, Qt.Key.Key_Left)
    assert shown_step(review) == 12
    assert trick_shown(review) == record.tricks[11].plays
    assert all(len(hand_shown(review, s)) == 1 for s in Seat)
    qtbot.keyClick(review, Qt.Key.Key_Right)
    qtbot.keyClick(review, Qt.Key.Key_Right)  # stays on the last trick
    assert shown_step(review) == 13
    qtbot.keyClick(review, Qt.Key.Key_Home)
    assert shown_step(review) == 0
    assert "3" in child(review, QLabel, "bidding").text()
    with qtbot.waitSignal(review.analysis_finished, timeout=60_000) as done:
        pass
    assert done.args == ["done"]


def test_review_draws_the_trick_winner_on_top_in_its_own_outline(qtbot) -> None:
    from spades_desktop.ui.review.scene import ReviewScene
    from spades_desktop.ui.table.card_item import CardItem

    records, _rules = played_game(1)
    record = records[0]
    scene = ReviewScene()
    seen_winners = set()
    for step, trick in enumerate(record.tricks, start=1):
        later = record.tricks[step].plays[0][1] if step < len(record.tricks) else None
        marked = frozenset({later}) if later is not None else frozenset()
        scene.show_step(record, step, marked)
        items = {seat: scene.trick_item(seat) for seat, _card in trick.plays}
        winner = items[trick.winner]
        seen_winners.add(trick.plays.index(next(p for p in trick.plays
                                                if p[0] == trick.winner)))
        assert all(winner.zValue() > item.zValue()
                   for seat, item in items.items() if seat != trick.winner), step
        assert winner.glowing
        assert not any(item.glowing for seat, item in items.items() if seat != trick.winner)
        if later is not None:  # the coach's best card, in a hand: outlined in another colour
            best = next(i for i in scene.items()
                        if isinstance(i, CardItem) and i.card == later)
            assert best.glowing
            assert best.glow_colour != winner.glow_colour
    # the winner was not always the last card played (else the test would prove nothing)
    assert seen_winners - {3}


def test_review_window_has_a_legend_of_the_outlines(qtbot, window) -> None:
    records, rules = played_game(1)
    review = window.coach.open_review(records, 0, rules)
    qtbot.waitExposed(review)
    legend = plain_text(child(review, QLabel, "legend"))
    assert "won the trick" in legend and "best card" in legend
    assert "\n" not in legend  # one line


def test_review_shows_the_analysis(qtbot, window) -> None:
    records, rules = played_game(1)
    review = window.coach.open_review(records, 0, rules)
    with qtbot.waitSignal(review.review_ready, timeout=60_000) as ready:
        pass
    result = ready.args[0]
    assert result.hand_number == 1
    assert 0 <= result.mistakes <= result.reviewed <= 14  # one bid and 13 cards at most
    summary = child(review, QLabel, "summary").text()
    assert str(result.reviewed) in summary and str(result.mistakes) in summary
    # the last trick: one card each, so the double-dummy count is known
    review.last()
    last = result.tricks[12]
    assert last.double_dummy_tricks in (0, 1)
    assert all(c.label in child(review, QLabel, "doubleDummy").text() for c in last.best_cards)
    review.first()
    assert child(review, QLabel, "doubleDummy").text() == ""  # no trick at the bidding
    card_decisions = [d for d in result.decisions if d.kind == "card"]
    if card_decisions:
        d = card_decisions[0]
        review.go_to(d.trick)
        assert d.made.label in child(review, QLabel, "decision").text()
    # Each verdict says what it is; a choice inside the coach's margin is never said to
    # cost 0 while the expected points under it differ.
    assert result.decisions
    for d in card_decisions:
        review.go_to(d.trick)
        text = child(review, QLabel, "decision").text()
        if d.mistake:
            assert "Mistake" in text and d.best.label in text
        elif d.best == d.made:
            assert "the best choice" in text
        else:
            assert "margin of error" in text and "cost 0" not in text, text


def test_closing_the_review_mid_analysis_cancels_it(qtbot, window) -> None:
    records, rules = played_game(1)
    window.coach.review_budget = 100_000  # far longer than the test waits
    review = window.coach.open_review(records, 0, rules)
    runner = child(review, CoachRunner, "review_worker")
    gone: list[bool] = []
    runner.destroyed.connect(lambda *_: gone.append(True))  # before it can happen
    with qtbot.waitSignal(runner.job_finished, timeout=60_000) as finished:
        review.close()
    assert finished.args[1] == "cancelled"
    assert open_dialogs(window, "review") == ()
    qtbot.waitUntil(lambda: gone == [True], timeout=10_000)  # the thread stopped, then
    # the runner was deleted


def test_the_review_changes_neither_the_game_nor_the_statistics(qtbot, window, paths) -> None:
    south_to_play(window)
    state = window.controller.state
    stats_file = paths.stats_file
    before = stats_file.read_bytes() if stats_file.exists() else None
    records, rules = played_game(1)
    review = window.coach.open_review(records, 0, rules)
    with qtbot.waitSignal(review.analysis_finished, timeout=60_000):
        pass
    review.last()
    review.close()
    assert window.controller.state is state
    after = stats_file.read_bytes() if stats_file.exists() else None
    assert after == before


def test_score_sheet_review_button_opens_the_selected_hand(qtbot, window, release) -> None:
    controller = window.controller
    state = new_game(Rules(), 9)
    actions: list[Action] = []
    while len(state.hand_records) < 2:
        action = Bid(3) if state.phase is Phase.BIDDING else legal_actions(state)[0]
        actions.append(action)
        state = apply_action(state, action)
    controller.resume(state, actions, "easy")
    window.dialogs.show_score_sheet()
    sheet = open_dialog(window, "score_sheet")
    assert sheet is not None
    review_button = child(sheet, QPushButton, "review_button")
    assert review_button.isEnabled()
    child(sheet, QTableWidget, "scoreTable").setCurrentCell(0, 0)  # the first hand's row
    qtbot.mouseClick(review_button, Qt.MouseButton.LeftButton)
    assert len(open_dialogs(window, "review")) == 1
    review = open_dialogs(window, "review")[0]
    assert isinstance(review, ReviewWindow)
    assert review.record == state.hand_records[0]
    with qtbot.waitSignal(review.analysis_finished, timeout=60_000):
        pass
    review.close()


def test_every_reason_has_its_own_words(qapp) -> None:
    texts = {reason: reason_text(reason, 2) for reason in coach.Reason}
    assert len(set(texts.values())) == len(texts)  # none falls back to a shared line
    assert all(texts.values())
    assert "2" in texts[coach.Reason.BID_STRENGTH]  # the number given with the reason
    shown = candidates_text([coach.Candidate(parse_card("QH"), 31.6),
                             coach.Candidate(parse_card("5H"), -7.2)])
    assert shown == "Q♥\u00a0+32 · 5♥\u00a0\u22127"


def test_page_down_and_page_up_review_the_next_and_previous_hand(qtbot, window) -> None:
    records, rules = played_game(2)
    review = window.coach.open_review(records, 0, rules)
    qtbot.waitExposed(review)
    qtbot.keyClick(review, Qt.Key.Key_End)
    assert shown_step(review) == 13
    with qtbot.waitSignal(review.review_ready, timeout=60_000) as ready:
        qtbot.keyClick(review, Qt.Key.Key_PageDown)
        # the next hand, from its deal and bidding; its analysis starts afresh
        assert review.index == 1 and review.record == records[1] and shown_step(review) == 0
        assert review.windowTitle().startswith(f"Hand {records[1].hand_number}")
    assert ready.args[0].hand_number == records[1].hand_number
    qtbot.keyClick(review, Qt.Key.Key_PageDown)  # no third hand: it stays
    assert review.index == 1
    with qtbot.waitSignal(review.review_ready, timeout=60_000) as ready:
        qtbot.keyClick(review, Qt.Key.Key_PageUp)
    assert review.index == 0 and ready.args[0].hand_number == records[0].hand_number
    with pytest.raises(ValueError):
        review.show_hand(2)
    assert review.index == 0


# -- one recommendation; the arrows; hint and review agree; the review cache -----------------


def test_a_bid_hint_becomes_the_bid_panels_recommendation(qtbot, window) -> None:
    south_to_bid(window)
    panel = window.scene.bid_panel
    advised = panel.recommended()
    assert advised is not None  # the panel's own advice, before the hint
    other = Bid(advised + 1 if advised < 13 else advised - 1)

    def other_hint(view: PlayerView, *, budget: int, cancel) -> coach.Hint:
        return coach.Hint(other, coach.Reason.BID_STRENGTH, other.tricks,
                          (coach.Candidate(other, 5.0), coach.Candidate(Bid(advised), 2.0)))

    window.coach.hints.hint_fn = other_hint
    with qtbot.waitSignal(window.coach.hints.hint_ready, timeout=30_000):
        window.coach.request_hint()
    # one recommendation on the screen: the panel's marker and reason are the hint's
    assert panel.recommended() == other.tricks
    reason = reason_text(coach.Reason.BID_STRENGTH, other.tricks)
    assert reason in child(panel, QLabel, "advice").text()
    assert reason in window.scene.snapshot().hint.replace("\n", " ")
    assert bid_text(other) in child(panel, QLabel, "advice").text()
    qtbot.keyClick(window.table, Qt.Key.Key_Return)  # Enter bids the hint's bid
    assert window.controller.actions[-1] == other


def test_the_arrows_step_tricks_with_the_focus_on_a_button(qtbot, window) -> None:
    records, rules = played_game(1)
    review = window.coach.open_review(records, 0, rules)
    qtbot.waitExposed(review)
    review.go_to(3)
    buttons = [b for b in review.findChildren(QPushButton) if b.isEnabled()]
    forward = next(b for b in buttons if "Forward" in b.text())
    back = next(b for b in buttons if "Back" in b.text())
    for button in (forward, back):
        assert button.focusPolicy() & Qt.FocusPolicy.TabFocus  # still reached by Tab
    forward.setFocus(Qt.FocusReason.OtherFocusReason)
    assert review.focusWidget() is forward
    qtbot.keyClick(forward, Qt.Key.Key_Right)
    assert shown_step(review) == 4
    qtbot.keyClick(review.focusWidget(), Qt.Key.Key_Left)
    qtbot.keyClick(review.focusWidget(), Qt.Key.Key_Left)
    assert shown_step(review) == 2
    back.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.keyClick(back, Qt.Key.Key_Right)
    assert shown_step(review) == 3
    review.close()


def _hint_follower_game(game_number: int) -> tuple[tuple[HandRecord, ...], Rules]:
    """Hand 1 of game ``game_number`` with South always taking the coach's hint."""
    rules = Rules()
    state = new_game(rules, game_number)
    while not state.hand_records:
        if state.current_player == Seat.SOUTH:
            action = coach.hint(observe(state, Seat.SOUTH), budget=SMALL).best
        else:
            action = legal_actions(state)[0]
        state = apply_action(state, action)
    return state.hand_records, rules


def test_the_review_of_a_hint_followers_hand_finds_no_mistake(qtbot, window) -> None:
    """The review window seeds the coach with the game's number, as the hints were."""
    window.coach.hints.budget = window.coach.review_budget = SMALL
    records, rules = _hint_follower_game(2024)
    review = window.coach.open_review(records, 0, rules, 2024)
    with qtbot.waitSignal(review.review_ready, timeout=60_000) as ready:
        pass
    result = ready.args[0]
    assert result.reviewed > 0
    assert result.mistakes == 0
    assert all(d.best == d.made and d.cost == 0 for d in result.decisions)
    review.close()


def test_a_hand_reviewed_again_opens_at_once(qtbot, window) -> None:
    records, rules = played_game(1)
    first = window.coach.open_review(records, 0, rules, 17)
    with qtbot.waitSignal(first.review_ready, timeout=60_000) as ready:
        pass
    first.close()
    again = window.coach.open_review(records, 0, rules, 17)
    assert not analysing(again)  # no new analysis
    assert again.review is ready.args[0]
    assert "Decisions reviewed" in child(again, QLabel, "summary").text()
    other = window.coach.open_review(records, 0, rules, 18)  # another game: analysed afresh
    assert analysing(other) and other.review is None
    with qtbot.waitSignal(other.analysis_finished, timeout=60_000):
        pass
    other.close()
    again.close()


def test_the_review_says_where_the_exact_analysis_starts(qtbot, window) -> None:
    records, rules = played_game(1)
    review = window.coach.open_review(records, 0, rules)
    with qtbot.waitSignal(review.review_ready, timeout=60_000):
        pass
    review.go_to(1)  # 13 tricks left: more than the exact analysis takes
    assert child(review, QLabel, "doubleDummy").text() == (
        f"Exact analysis with all cards known: from {coach.DOUBLE_DUMMY_TRICKS} "
        "tricks left.")
    review.go_to(13)
    assert child(review, QLabel, "doubleDummy").text().startswith("With all cards known")
    # seat names inside the sentence: "you" in lower case
    south_won = [k + 1 for k, t in enumerate(records[0].tricks) if t.winner == Seat.SOUTH]
    for step in range(1, 14):
        review.go_to(step)
        assert ", You won it" not in child(review, QLabel, "step").text()
        if step in south_won:
            assert child(review, QLabel, "step").text().endswith(", you won it.")
    review.close()


def test_game_over_dialog_offers_the_review_of_the_last_hand(qtbot) -> None:
    from spades_desktop.engine import EndReason, GameResult, Team
    from spades_desktop.ui.dialogs.game_over import GameOverDialog
    result = GameResult(winner=Team.NS, scores=(510, 300), hands_played=4,
                        reason=EndReason.TARGET)
    dialog = GameOverDialog(None, result=result, human_team=Team.NS, ranking_points=0,
                            history=())
    qtbot.addWidget(dialog)
    review_button = child(dialog, QPushButton, "review_button")
    assert review_button.text() == "Review hand…"
    with qtbot.waitSignal(dialog.review_requested, timeout=1000):
        qtbot.mouseClick(review_button, Qt.MouseButton.LeftButton)


def test_a_review_opened_again_shows_its_comments_at_once(qtbot, window) -> None:
    """The second review of the same hand comes from the session's cache: its window
    opens with the bidding's comment and the summary, not a blank."""
    records, rules = played_game(1)
    window.coach.review_budget = 4
    first = window.coach.open_review(records, 0, rules)
    with qtbot.waitSignal(first.analysis_finished, timeout=60_000):
        pass
    comment = child(first, QLabel, "decision").text()
    assert comment and "Expected" in comment
    first.close()
    again = window.coach.open_review(records, 0, rules)
    assert not analysing(again)
    assert child(again, QLabel, "decision").text() == comment
    assert "Decisions reviewed" in child(again, QLabel, "summary").text()


def test_the_reviews_plates_stay_legible_on_a_small_window(qtbot, window) -> None:
    """On a review window as small as an 800×600 screen leaves, the plates' letters are
    at least 12 pixels high on the screen (the review's scene is scaled down to fit),
    inside the felt, and over no card."""
    from PySide6.QtWidgets import QGraphicsView

    from spades_desktop.ui.review.scene import ReviewScene
    from spades_desktop.ui.table.card_item import CardItem
    from spades_desktop.ui.table.items import PanelItem

    records, rules = played_game(1)
    window.coach.review_budget = 4
    review = window.coach.open_review(records, 0, rules)
    review.resize(700, 520)  # as small as its minimum size allows
    qtbot.wait(50)
    view = review.findChild(QGraphicsView)
    scene = view.scene()
    assert isinstance(scene, ReviewScene)
    scale = view.transform().m11()
    assert scale < 0.7  # the case: the scene is shown much smaller than its size
    plates = [i for i in scene.items() if isinstance(i, PanelItem)]
    cards = [i for i in scene.items() if isinstance(i, CardItem)]
    assert len(plates) == 4 and cards
    for plate in plates:
        for font in plate.fonts():
            assert font.pixelSize() * scale >= 11.5, (plate.text, font.pixelSize(), scale)
        rect = plate.mapRectToScene(plate.text_rect())  # the panel as drawn
        assert scene.sceneRect().contains(rect), plate.text
        faces = [c.sceneBoundingRect().adjusted(3, 3, -3, -3) for c in cards]  # no glow
        assert not any(rect.intersects(face) for face in faces), plate.text
