"""Claiming the rest of the hand and playing South's forced cards (docs/rules.md §3
"Claims", §7).

The deals are fixed and worked by hand: in ``STRONG`` North–South hold all thirteen
spades and the top hearts, diamonds and clubs, so East–West can never take a trick; in
``WEST_ACE`` West holds the ace of spades instead, which wins a trick wherever it is
played, so a claim cannot hold. The computer players are the test's (``AutoRunner``:
each answers at once with a set bid or its first legal card)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QTimer

from spades_desktop.controller import GameController
from spades_desktop.engine import (
    Bid,
    Card,
    GameState,
    Phase,
    PlayerView,
    Rules,
    Seat,
    Team,
    apply_action,
    apply_preset,
    legal_actions,
    new_game,
    parse_card,
)

from .fakes import FakeRunner

WAIT_MS = 20_000


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
BIDS = {Seat.WEST: Bid(1), Seat.NORTH: Bid(5), Seat.EAST: Bid(1)}
"""The computer players' bids; South bids 7 (East deals hand 1, South bids first)."""


class AutoRunner(FakeRunner):
    """Answers each request at once (from the event loop): the set bid, else the
    first legal card."""

    def request(self, request_id: int, level: str, view: PlayerView) -> None:
        super().request(request_id, level, view)
        action = BIDS[view.seat] if view.phase is Phase.BIDDING else view.legal[0]
        QTimer.singleShot(0, lambda: self.move_ready.emit(request_id, action))


@pytest.fixture
def made() -> Iterator[list[GameController]]:
    """Controllers to shut down after the test (the claim's search has a thread)."""
    controllers: list[GameController] = []
    yield controllers
    for controller in controllers:
        controller.shutdown()


def after_first_trick(qtbot, made, deal) -> GameController:
    """A game on ``deal``: the bids, then South leads the ace of hearts and wins the
    first trick (West, North and East follow hearts; no spade can be played), and South
    is to lead again."""
    controller = GameController(None, AutoRunner())
    made.append(controller)
    controller.speed = 0.0
    controller.start_new_game(Rules(), 5, "normal", deal)
    assert controller.state.current_player == Seat.SOUTH
    assert not controller.can_claim  # bidding
    controller.submit_human(Bid(7))
    qtbot.waitUntil(lambda: controller.state.phase is Phase.PLAYING
                    and controller.state.current_player == Seat.SOUTH, timeout=WAIT_MS)
    assert not controller.can_claim and not controller.claim()  # no trick played yet
    controller.submit_human(parse_card("AH"))
    qtbot.waitUntil(lambda: len(controller.state.tricks) == 1
                    and controller.state.current_player == Seat.SOUTH, timeout=WAIT_MS)
    assert controller.state.trick_winners == (Seat.SOUTH,)
    return controller


def test_a_granted_claim_plays_the_hand_out_and_scores_it(qtbot, made) -> None:
    controller = after_first_trick(qtbot, made, STRONG)
    assert controller.can_claim
    played: list[tuple[Seat, object]] = []
    controller.state_changed.connect(lambda old, _new, action: played.append(
        (old.current_player, action)))
    with qtbot.waitSignal(controller.claim_granted, timeout=WAIT_MS):
        assert controller.claim()
    assert controller.claiming and not controller.can_claim and not controller.can_undo
    assert not controller.submit_human(controller.view().legal[0])  # South is played for
    with qtbot.waitSignal(controller.claim_over, timeout=WAIT_MS):
        pass
    state = controller.state
    assert not controller.claiming and state.hand_number == 2
    record = state.hand_records[0]
    # every one of the 48 cards left was played through the controller, in turn
    assert len(played) == 48 and [s for s, _ in played[:4]] == [
        Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST]
    assert record.tricks_won[Seat.SOUTH] + record.tricks_won[Seat.NORTH] == 13
    # North–South bid 7 + 5 = 12 and took 13: 120 points and one bag; East–West bid
    # 1 + 1 and took none: set, −20 (docs/rules.md §4)
    assert state.scores == {Team.NS: 121, Team.EW: -20}
    assert state.bags == {Team.NS: 1, Team.EW: 0}


def test_a_refused_claim_changes_nothing(qtbot, made) -> None:
    controller = after_first_trick(qtbot, made, WEST_ACE)
    before, actions = controller.state, controller.actions
    changes: list[object] = []
    controller.state_changed.connect(lambda *args: changes.append(args))
    with qtbot.waitSignal(controller.claim_refused, timeout=WAIT_MS):
        assert controller.claim()
        assert controller.claim_checking and not controller.can_claim
    assert controller.state is before and controller.actions == actions and not changes
    assert not controller.claiming and controller.can_claim  # South plays on
    assert controller.submit_human(parse_card("KH"))


def forced_position(rules: Rules) -> tuple[GameState, list]:
    """Game 17 played by first legal actions up to South's first turn with one legal
    card (found by the engine's own legal actions)."""
    state, actions = new_game(rules, 17), []
    while not (state.phase is Phase.PLAYING and state.current_player == Seat.SOUTH
               and len(legal_actions(state)) == 1):
        actions.append(legal_actions(state)[0])
        state = apply_action(state, actions[-1])
    return state, actions


def test_a_forced_card_is_played_after_the_pause(qtbot) -> None:
    state, actions = forced_position(Rules())
    controller = GameController(None, FakeRunner())
    controller.speed = 0.0
    controller.set_play_forced_cards(True)
    with qtbot.waitSignal(controller.state_changed, timeout=WAIT_MS) as signal:
        controller.resume(state, actions, "normal")
        assert controller.state is state  # not played at once: after the pause
    old, new, action = signal.args
    assert old is state and action == legal_actions(state)[0]
    assert action not in controller.view().hand


def test_a_forced_card_waits_when_the_setting_is_off_and_goes_once_switched_on(qtbot) -> None:
    state, actions = forced_position(Rules())
    controller = GameController(None, FakeRunner())
    controller.speed = 0.0
    assert not controller.play_forced_cards  # off by default
    controller.resume(state, actions, "normal")
    qtbot.wait(100)
    assert controller.state is state
    with qtbot.waitSignal(controller.state_changed, timeout=WAIT_MS) as signal:
        controller.set_play_forced_cards(True)
    assert signal.args[2] == legal_actions(state)[0]


def test_the_one_legal_bid_is_never_made_for_south(qtbot) -> None:
    # under Mirror South's bid is its count of spades, the one legal bid: it waits
    mirror = apply_preset("mirror")
    state, actions = new_game(mirror, 17), []
    while state.current_player != Seat.SOUTH:
        actions.append(legal_actions(state)[0])
        state = apply_action(state, actions[-1])
    assert state.phase is Phase.BIDDING
    assert len([a for a in legal_actions(state) if isinstance(a, Bid)]) == 1
    controller = GameController(None, FakeRunner())
    controller.speed = 0.0
    controller.set_play_forced_cards(True)
    controller.resume(state, actions, "normal")
    qtbot.wait(100)
    assert controller.state is state
