"""Autosave and resume through the window, the way ``app.main`` does it (docs/rules.md §7;
docs/architecture.md, Persistence)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtWidgets import QPushButton

import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
from spades_desktop.controller import GameController
from spades_desktop.engine import DECK, LOOK_AT_HAND, Card, Phase, Rules, Seat, observe
from spades_desktop.persistence import (
    RESUME_FAILED_MESSAGE,
    DataPaths,
    load_record,
    resume_game,
)
from spades_desktop.ui.main_window import MainWindow

from .helpers import child, click_card, click_embedded, trailing_position

STEP_TIMEOUT_MS = 20_000

WindowFactory = Callable[[], tuple[GameController, MainWindow]]



def wait_for_south(qtbot, controller: GameController, window: MainWindow) -> None:
    scene = window.scene
    qtbot.waitUntil(lambda: (controller.state.current_player == Seat.SOUTH
                             and not scene.busy and not scene.waiting_for_deal
                             and (scene.bid_panel.isVisible()
                                  or scene.play_button.isVisible())),
                    timeout=STEP_TIMEOUT_MS)


def play_south_card(qtbot, controller: GameController, window: MainWindow) -> None:
    wait_for_south(qtbot, controller, window)
    card = controller.view().legal[-1]
    click_card(qtbot, window, card)
    click_card(qtbot, window, card)
    assert controller.actions[-1] == card


def resume_like_app_main(make_window: WindowFactory,
                         paths: DataPaths) -> tuple[GameController, MainWindow]:
    """What ``app.main`` does at start-up with an autosave."""
    resumed = resume_game(paths)
    assert resumed.message is None and resumed.state is not None
    controller, window = make_window()
    controller.resume(resumed.state, resumed.actions, resumed.difficulty or "normal",
                      resumed.deal)
    return controller, window


def split_deal() -> dict[Seat, list[Card]]:
    """A fixed first deal: every fourth card to each seat."""
    return {seat: [c for i, c in enumerate(DECK) if i % 4 == seat] for seat in Seat}


@pytest.mark.parametrize("fixed_deal", [False, True], ids=["dealt", "fixed-deal"])
def test_close_and_resume_shows_the_same_game(qtbot, make_window, paths,
                                              fixed_deal: bool) -> None:
    controller, window = make_window()
    deal = split_deal() if fixed_deal else None
    controller.start_new_game(Rules(target_score=250), 4242, "easy", deal=deal)
    wait_for_south(qtbot, controller, window)
    click_embedded(qtbot, window, window.scene.bid_panel.button_for(4))
    play_south_card(qtbot, controller, window)
    play_south_card(qtbot, controller, window)
    wait_for_south(qtbot, controller, window)  # a bot move is never half-way at closing

    state, actions = controller.state, controller.actions
    assert state.phase is Phase.PLAYING and len(state.trick_winners) >= 1
    hand = set(window.scene.snapshot().hand)
    trick = {s: it.card for s, it in window.scene.snapshot().trick.items()}
    window.close()

    record = load_record(paths)
    assert record is not None and len(record.actions) == len(actions)
    assert record.difficulty == "easy"

    controller2, window2 = resume_like_app_main(make_window, paths)
    assert controller2 is not controller
    assert controller2.state == state
    assert controller2.actions == actions
    assert controller2.difficulty == "easy"
    scene = window2.scene
    assert set(scene.snapshot().hand) == hand == set(observe(state, Seat.SOUTH).hand)
    assert all(it.face_up for it in scene.snapshot().hand.values())
    assert {s: it.card for s, it in scene.snapshot().trick.items()} == trick
    assert scene.snapshot().back_counts() == {s: n for s, n in state.hand_sizes.items()
                                   if s != Seat.SOUTH}
    before, after = scene.snapshot(), window.scene.snapshot()
    assert (before.score_panel, before.info_panel) == (after.score_panel, after.info_panel)
    # South is to play: the status line says so (not a new game's greeting)
    assert window2.status.text() in ("Your turn: play a lit card.",
                                     "Your turn: one card can be played.")

    # the resumed game goes on, and keeps being saved
    play_south_card(qtbot, controller2, window2)
    record = load_record(paths)
    assert record is not None and len(record.actions) >= len(actions) + 1


def test_a_corrupt_autosave_is_set_aside(qtbot, make_window, paths) -> None:
    paths.autosave_file.write_bytes(b"\x00{not json at all")

    resumed = resume_game(paths)

    assert resumed.state is None
    assert resumed.message == RESUME_FAILED_MESSAGE
    assert "set aside" in resumed.message
    assert not paths.autosave_file.exists()
    corrupt = list(paths.root.glob(paths.autosave_file.name + ".corrupt-*"))
    assert len(corrupt) == 1
    assert corrupt[0].read_bytes() == b"\x00{not json at all"

    # the window tells the player, and a new game can start at once
    controller, window = make_window()
    window.notify(resumed.message)
    assert window.status.text() == RESUME_FAILED_MESSAGE
    controller.start_new_game(Rules(), 1, "easy")
    assert paths.autosave_file.exists()
    assert resume_game(paths).state == controller.state


def test_a_save_that_replays_differently_is_set_aside(make_window, paths) -> None:
    controller, window = make_window()
    controller.start_new_game(Rules(), 8, "easy")
    text = paths.autosave_file.read_text()
    # same actions, another game number: the replay no longer matches the digest
    paths.autosave_file.write_text(text.replace('"game_number": 8', '"game_number": 9'))
    assert '"game_number": 9' in paths.autosave_file.read_text()

    resumed = resume_game(paths)

    assert resumed.state is None and resumed.message == RESUME_FAILED_MESSAGE
    assert list(paths.root.glob("autosave.json.corrupt-*"))


def test_cards_seen_at_the_blind_nil_offer_stay_seen_after_a_restart(
        qtbot, make_window, paths) -> None:
    """Choosing "Show my cards" at the Blind Nil offer, quitting and starting again does
    not offer Blind Nil again with the hand face down (docs/rules.md §2): the look is saved."""
    controller, window = make_window()
    state, actions = trailing_position()
    controller.resume(state, actions, "easy")
    scene = window.scene
    assert scene.blind_question.isVisible()
    assert not any(it.face_up for it in scene.snapshot().hand.values())
    click_embedded(qtbot, window, scene.blind_question.show_button)
    assert controller.actions[-1] == LOOK_AT_HAND
    window.close()

    record = load_record(paths)
    assert record is not None and record.actions[-1] == "look"
    controller2, window2 = resume_like_app_main(make_window, paths)
    assert controller2.state.cards_seen[Seat.SOUTH]
    assert not controller2.view().blind_nil_allowed
    scene2 = window2.scene
    assert not scene2.blind_question.isVisible()
    assert all(it.face_up for it in scene2.snapshot().hand.values())
    assert scene2.bid_panel.isVisible()
    assert child(scene2.bid_panel, QPushButton, "blindNil").isHidden()


def test_a_game_resumed_between_two_hands_shows_the_finished_hands_summary_first(
        qtbot, make_window) -> None:
    """Quit at the end-of-hand summary, start again: the summary of the hand just played
    is back, nothing is dealt and no computer player bids until Next hand."""
    from spades_desktop.engine import Rules, apply_action, legal_actions, new_game

    from .helpers import ManualRunner
    from .summary_helpers import next_hand, summary_shown

    state = new_game(Rules(floor_score=None), 7)
    actions = []
    while not state.hand_records:  # hand 1 played out, the first legal action each time
        action = legal_actions(state)[0]
        actions.append(action)
        state = apply_action(state, action)
    assert state.hand_number == 2 and not state.bids
    runner = ManualRunner()
    controller, window = make_window(runner=runner)
    controller.resume(state, actions, "easy")
    scene = window.scene
    shot = scene.snapshot()
    assert summary_shown(window) and shot.waiting_for_deal and shot.busy
    assert shot.summary.record == state.hand_records[0]
    assert not shot.hand and not any(shot.back_counts().values())  # nothing dealt yet
    assert state.current_player != Seat.SOUTH  # West bids first in hand 2
    qtbot.waitUntil(lambda: runner.request_view is not None, timeout=5000)  # asked early
    runner.answer(legal_actions(state)[0])
    qtbot.wait(100)
    assert not controller.state.bids  # but nobody bids under the summary
    next_hand(qtbot, window)
    qtbot.waitUntil(lambda: bool(controller.state.bids), timeout=5000)  # then West does
    qtbot.waitUntil(lambda: not scene.snapshot().waiting_for_deal, timeout=5000)
    assert len(scene.snapshot().hand) == 13


def test_a_game_resumed_on_the_summary_shows_the_finished_hand_behind_it(
        qtbot, make_window) -> None:
    """Quit on the summary of hand 1 and start again: the plates and the information box
    behind the summary show hand 1 (its bids and tricks won, no seat lit as to act), as
    they did before quitting; the score box shows the scores after it."""
    from spades_desktop.engine import Rules, apply_action, legal_actions, new_game

    from .helpers import ManualRunner
    from .summary_helpers import summary_shown

    state = new_game(Rules(floor_score=None), 7)
    actions = []
    while not state.hand_records:
        action = legal_actions(state)[0]
        actions.append(action)
        state = apply_action(state, action)
    before = new_game(Rules(floor_score=None), 7)
    for action in actions[:-1]:
        before = apply_action(before, action)
    runner = ManualRunner()
    controller, window = make_window(runner=runner)
    controller.resume(before, actions[:-1], "easy")
    if before.current_player == Seat.SOUTH:
        controller.submit_human(actions[-1])
    else:
        qtbot.waitUntil(lambda: runner.request_view is not None, timeout=STEP_TIMEOUT_MS)
        runner.answer(actions[-1])
    qtbot.waitUntil(lambda: summary_shown(window), timeout=STEP_TIMEOUT_MS)
    live = window.scene.snapshot()
    record = state.hand_records[0]

    controller2, window2 = make_window(runner=ManualRunner())
    controller2.resume(state, actions, "easy")
    resumed = window2.scene.snapshot()
    assert summary_shown(window2) and resumed.summary.record == record
    for seat in Seat:
        assert resumed.plates[seat].text == live.plates[seat].text
        assert not resumed.plates[seat].active and not live.plates[seat].active
        assert f"Tricks: {record.tricks_won[seat]}" in resumed.plates[seat].text
    assert resumed.info_panel == live.info_panel
    assert "Hand 1" in resumed.info_panel.splitlines()
    assert resumed.score_panel == live.score_panel
