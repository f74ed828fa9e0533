"""Game ▸ Claim the rest (C), the forced-card setting and Help ▸ Fair play in the window
(docs/rules.md §3 "Claims", §7).

``STRONG``: North–South hold all thirteen spades and the top hearts, diamonds and
clubs, so East–West never take a trick and a claim holds; ``WEST_ACE``: West holds the
ace of spades instead, which wins a trick wherever it is played, so it cannot."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox

from spades_desktop.engine import (
    Bid,
    Card,
    GameState,
    Rules,
    Seat,
    Team,
    apply_action,
    legal_actions,
    new_game,
    parse_card,
)
from spades_desktop.ui.dialogs.fair_play import FairPlayDialog
from spades_desktop.ui.window_dialogs import open_dialog

from .helpers import ManualRunner

STEP_MS = 20_000


def cards(text: str) -> list[Card]:
    return [parse_card(c) for c in text.split()]


STRONG = {
    Seat.SOUTH: cards("AS KS QS JS TS 9S 8S AH KH QH AD KD QD"),
    Seat.NORTH: cards("7S 6S 5S 4S 3S 2S JH TH AC KC QC JC TC"),
    Seat.WEST: cards("9H 8H 7H 6H JD TD 9D 8D 9C 8C 7C 6C 5C"),
    Seat.EAST: cards("5H 4H 3H 2H 7D 6D 5D 4D 3D 2D 4C 3C 2C"),
}
WEST_ACE = {**STRONG,
            Seat.SOUTH: cards("9H KS QS JS TS 9S 8S AH KH QH AD KD QD"),
            Seat.WEST: cards("AS 8H 7H 6H JD TD 9D 8D 9C 8C 7C 6C 5C")}


def after_first_trick(deal, first: str = "AH") -> tuple[GameState, list]:
    """Bids 7, 1, 5, 1 (South first: East deals hand 1), South leads ``first`` and the
    others follow with their first legal card: South wins and is to lead again."""
    state = new_game(Rules(), 5, deal)
    actions = [Bid(7), Bid(1), Bid(5), Bid(1), parse_card(first)]
    for action in actions:
        state = apply_action(state, action)
    while state.current_player != Seat.SOUTH:
        actions.append(legal_actions(state)[0])
        state = apply_action(state, actions[-1])
    assert len(state.tricks) == 1 and state.trick_winners == (Seat.SOUTH,)
    return state, actions


def resumed(qtbot, make_window, deal, first: str = "AH"):
    runner = ManualRunner()
    controller, window = make_window(runner=runner)
    before_trick = new_game(Rules(), 5, deal)
    for bid in (Bid(7), Bid(1), Bid(5), Bid(1)):
        before_trick = apply_action(before_trick, bid)
    controller.resume(before_trick, [Bid(7), Bid(1), Bid(5), Bid(1)], "normal", deal)
    assert not window.action("claim").isEnabled()  # no trick played yet
    state, actions = after_first_trick(deal, first)
    controller.resume(state, actions, "normal", deal)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.focus_table()
    qtbot.waitUntil(lambda: not window.scene.busy, timeout=STEP_MS)
    return controller, window, runner


def test_c_claims_and_the_hand_is_played_out_to_its_score(qtbot, make_window) -> None:
    controller, window, runner = resumed(qtbot, make_window, STRONG)
    assert window.action("claim").isEnabled()
    assert window.action("claim").shortcut().toString() == "C"
    with qtbot.waitSignal(controller.claim_granted, timeout=STEP_MS):
        qtbot.keyClick(window.table, Qt.Key.Key_C)
    assert not window.action("claim").isEnabled()
    assert "Claim granted" in window.status_line.text
    granted = "Claim granted: your side takes every remaining trick."
    assert window.scene.claim_note == granted
    seen_during: list[str] = []
    while not window.scene.waiting_for_deal:  # East and West answer when asked
        qtbot.waitUntil(lambda: window.scene.waiting_for_deal
                        or runner.request_view is not None, timeout=STEP_MS)
        if window.scene.waiting_for_deal:
            break  # the hand is over: a request now is West's bid in the next hand
        if runner.request_view is not None:
            seen_during.append(window.scene.claim_note)
            snap, note = window.scene.snapshot(), window.scene.claim_note_rect
            covered = [card for card, shot in (*snap.hand.items(), *snap.trick.items())
                       if note.intersects(shot.rect)]
            assert covered == [], covered  # the note covers no card
            runner.answer(runner.request_view.legal[0])
    # the note stayed while the hand was played out (South's cards too), and went with it
    assert len(seen_during) >= 4 and set(seen_during) == {granted}
    assert window.scene.claim_note == ""
    state = controller.state
    record = state.hand_records[0]
    assert record.tricks_won[Seat.SOUTH] + record.tricks_won[Seat.NORTH] == 13
    assert state.scores == {Team.NS: 121, Team.EW: -20}  # 12 bid, 13 taken; 2 bid, 0 taken
    summary = window.scene.snapshot().summary  # scored and shown as usual
    assert summary.visible and summary.record == record


def test_a_refused_claim_says_so_and_changes_nothing(qtbot, make_window) -> None:
    controller, window, _runner = resumed(qtbot, make_window, WEST_ACE)
    before, actions = controller.state, controller.actions
    with qtbot.waitSignal(controller.claim_refused, timeout=STEP_MS):
        window.action("claim").trigger()
    assert controller.state is before and controller.actions == actions
    note = "The claim cannot be granted; play on."
    assert window.scene.snapshot().refusal == note and window.status_line.text == note
    assert window.action("claim").isEnabled()  # South plays on, and may claim again


def test_the_claim_button_shows_on_souths_turn_clear_of_the_cards(qtbot,
                                                                  make_window) -> None:
    """The Claim button stands above Hint beside South's hand once a trick has been
    played, covers none of South's cards and no plate, and a click claims."""
    controller, window, _runner = resumed(qtbot, make_window, STRONG)
    button = window.scene.claim_button
    assert button.isVisible() and button.text() == "Claim (C)"
    hint = window.scene.hint_button
    scene_rect = window.scene.sceneRect()
    claim_rect = button.graphicsProxyWidget().sceneBoundingRect()
    hint_rect = hint.graphicsProxyWidget().sceneBoundingRect()
    assert claim_rect.bottom() <= hint_rect.top() and scene_rect.contains(claim_rect)
    snap = window.scene.snapshot()
    for card, shot in snap.hand.items():
        assert not claim_rect.intersects(shot.rect), card
    for seat, back in ((s, b) for s, bs in snap.backs.items() for b in bs):
        assert not claim_rect.intersects(back.rect), seat
    for seat, plate in snap.plates.items():
        assert not claim_rect.intersects(plate.rect), seat
    with qtbot.waitSignal(controller.claim_granted, timeout=STEP_MS):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert not button.isVisible()


def test_no_claim_button_before_the_first_trick(qtbot, make_window) -> None:
    runner = ManualRunner()
    controller, window = make_window(runner=runner)
    state = new_game(Rules(), 5, STRONG)
    for bid in (Bid(7), Bid(1), Bid(5), Bid(1)):
        state = apply_action(state, bid)
    controller.resume(state, [Bid(7), Bid(1), Bid(5), Bid(1)], "normal", STRONG)
    qtbot.waitUntil(lambda: not window.scene.busy, timeout=STEP_MS)
    assert window.scene.hint_button.isVisible()
    assert not window.scene.claim_button.isVisible()


def test_c_after_a_rank_is_clubs_not_a_claim(qtbot, make_window) -> None:
    controller, window, _runner = resumed(qtbot, make_window, STRONG)
    claims: list[object] = []
    controller.claim_granted.connect(lambda: claims.append(True))
    qtbot.keyClick(window.table, Qt.Key.Key_Q)
    qtbot.keyClick(window.table, Qt.Key.Key_C)  # the queen of clubs: not South's card
    assert not controller.claim_checking and not claims


def test_the_forced_cards_setting_reaches_the_controller(qtbot, make_window, paths) -> None:
    controller, window = make_window()
    assert not controller.play_forced_cards and not window.settings.play_forced_cards
    window.dialogs.show_settings()
    dialog = open_dialog(window, "settings")
    switch = dialog.findChild(QCheckBox, "playForcedCards")
    assert switch.text() == "Play forced cards for me" and not switch.isChecked()
    switch.setChecked(True)
    assert controller.play_forced_cards and window.settings.play_forced_cards
    dialog.close()


def test_help_fair_play_opens_from_its_menu_and_names_the_game(qtbot, make_window) -> None:
    controller, window = make_window()
    window.action("fair_play").trigger()  # before any game: no number to name
    dialog = open_dialog(window, "fair_play")
    assert isinstance(dialog, FairPlayDialog) and "This game's number" not in dialog.text()
    # where the number is shown is said once
    assert dialog.text().count("information box on the table") == 1
    dialog.close()
    with qtbot.waitSignal(controller.game_started, timeout=5000):
        controller.start_new_game(Rules(), 4242, "easy")
    assert window.action("fair_play").text() == "&Fair play"
    window.action("fair_play").trigger()
    dialog = open_dialog(window, "fair_play")
    text = dialog.text()
    assert dialog.windowTitle() == "Fair play"
    assert "This game's number is 4242." in text
    for words in ("SplitMix64", "Fisher–Yates", "Game ▸ New game", "PlayerView",
                  "tests/engine/test_determinism.py", "tests/bots/test_bots_api.py",
                  "python -m spades_desktop.arena"):
        assert words in text, words
