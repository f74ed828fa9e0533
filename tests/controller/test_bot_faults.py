"""A computer player's fault never stalls the game nor is blamed on the human: an answer
the engine refuses, or a bot that raises, is logged and replaced by
``fallback_action`` for that seat, in bidding and in play (docs/rules.md §6)."""

from __future__ import annotations

import logging
import threading

import pytest

from spades_desktop.bots import fallback_action, make_bot
from spades_desktop.bots.base import Bot
from spades_desktop.controller import BotRunner, GameController
from spades_desktop.engine import (
    Action,
    Bid,
    Card,
    GameState,
    Phase,
    PlayerView,
    Rules,
    Seat,
    Suit,
    action_to_str,
    apply_action,
    new_game,
    observe,
    parse_card,
)

from .fakes import FakeRunner

WAIT_MS = 10_000
GAME_MS = 120_000
LOGGER = "spades_desktop.controller.game_controller"


# -- bots and fakes ------------------------------------------------------------------------
def off_suit_answer(view: PlayerView) -> Card:
    """A card of the seat's hand outside the led suit whenever it holds one: refused
    whenever the seat could follow. While bidding it answers a card (refused too);
    leading, a spade (refused before spades are broken unless the hand is all spades)."""
    hand = view.hand
    if view.phase is Phase.BIDDING:
        return hand[0]
    if view.current_trick:
        led = view.current_trick[0][1].suit
        off = [c for c in hand if c.suit is not led]
        return off[0] if off else hand[0]
    spades = [c for c in hand if c.suit is Suit.SPADES]
    return spades[0] if spades else hand[0]


class OffSuitBot:
    name = "off-suit"

    def choose_action(self, view: PlayerView, game_number: int,
                      cancel: threading.Event | None = None) -> Action:
        return off_suit_answer(view)


class RaisingBot:
    name = "raising"

    def choose_action(self, view: PlayerView, game_number: int,
                      cancel: threading.Event | None = None) -> Action:
        raise RuntimeError("the bot broke")


class SouthPlaysEasy:
    """South (the human's seat) is played by the Easy bot, every other seat by ``faulty``."""

    name = "mixed"

    def __init__(self, faulty: Bot) -> None:
        self.faulty = faulty
        self.easy = make_bot("easy")

    def choose_action(self, view: PlayerView, game_number: int,
                      cancel: threading.Event | None = None) -> Action:
        bot = self.easy if view.seat is Seat.SOUTH else self.faulty
        return bot.choose_action(view, game_number, cancel)


def _cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


DEAL = {
    Seat.SOUTH: _cards("9H 6H 2S 3S 7S 2C 3C 4C 8D 9D 10D JD QD"),
    Seat.WEST: _cards("10H 8H 2H AS 5C 6C 7C 8C 2D 3D 4D 5D 6D"),
    Seat.NORTH: _cards("3H 4H 5H 7H JH QH KH AH 9C 10C JC QC 7D"),
    Seat.EAST: _cards("4S 5S 6S 8S 9S 10S JS QS KS KC AC KD AD"),
}
"""A fixed first deal. West's only counted trick while bidding is the ♠A (the advice
bids 1); after South's 9♥ lead West must follow hearts (10♥ 8♥ 2♥)."""


def _position(actions: list[Action]) -> GameState:
    state = new_game(Rules(), 1, DEAL)
    for a in actions:
        state = apply_action(state, a)
    return state


def _watch(controller: GameController) -> tuple[list[str], list[str]]:
    rejected: list[str] = []
    messages: list[str] = []
    controller.action_rejected.connect(rejected.append)
    controller.message.connect(messages.append)
    return rejected, messages


def _fallback_records(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.name == LOGGER and r.levelno == logging.WARNING]


# -- one position, answered by hand --------------------------------------------------------
FOLLOW = [Bid(2), Bid(2), Bid(2), Bid(2), parse_card("9H")]


@pytest.mark.parametrize(("actions", "answer", "expected"), [
    pytest.param([Bid(2)], parse_card("5C"), Bid(1), id="a card while bidding"),
    pytest.param([Bid(2)], Bid(0, blind=True), Bid(1), id="Blind Nil switched off"),
    pytest.param(FOLLOW, parse_card("5C"), parse_card("2H"), id="off-suit while following"),
    pytest.param(FOLLOW, "not an action", parse_card("2H"), id="not an action"),
])
def test_a_refused_answer_is_replaced_by_the_fallback(
        qtbot, paths, caplog, actions: list[Action], answer: object, expected: Action) -> None:
    """West (a bot) answers something the engine refuses. Worked by hand: while bidding
    the advice bids 1 (only the ♠A counts); after the 9♥ lead, second hand low: 2♥."""
    caplog.set_level(logging.WARNING, logger=LOGGER)
    state = _position(actions)
    assert state.current_player is Seat.WEST
    view = observe(state, Seat.WEST)
    assert answer not in view.legal
    runner = FakeRunner()
    controller = GameController(paths, runner)
    controller.speed = 0.0
    rejected, messages = _watch(controller)
    controller.resume(state, [], "easy", DEAL)
    rid = runner.requests[-1][0]

    with qtbot.waitSignal(controller.state_changed, timeout=WAIT_MS) as blocker:
        runner.move_ready.emit(rid, answer)

    assert blocker.args[0] is state
    assert blocker.args[2] == fallback_action(view) == expected
    assert rejected == [] and messages == []
    records = _fallback_records(caplog)
    assert len(records) == 1
    shown = action_to_str(answer) if isinstance(answer, (Bid, Card)) else str(answer)
    assert "WEST" in records[0] and shown in records[0] and "refused" in records[0]
    assert action_to_str(expected) in records[0]


@pytest.mark.parametrize(("actions", "expected"), [
    pytest.param([Bid(2)], Bid(1), id="bidding"),
    pytest.param(FOLLOW, parse_card("2H"), id="playing"),
])
def test_a_failed_bot_is_replaced_by_the_fallback(
        qtbot, paths, caplog, actions: list[Action], expected: Action) -> None:
    caplog.set_level(logging.WARNING, logger=LOGGER)
    state = _position(actions)
    view = observe(state, Seat.WEST)
    runner = FakeRunner()
    controller = GameController(paths, runner)
    controller.speed = 0.0
    rejected, messages = _watch(controller)
    controller.resume(state, [], "easy", DEAL)

    with qtbot.waitSignal(controller.state_changed, timeout=WAIT_MS) as blocker:
        runner.move_failed.emit(runner.requests[-1][0], "the bot broke")

    assert blocker.args[2] == fallback_action(view) == expected
    assert rejected == [] and messages == []
    records = _fallback_records(caplog)
    assert len(records) == 1 and "WEST" in records[0] and "the bot broke" in records[0]


def test_a_stale_refused_or_failed_answer_is_dropped(qtbot, paths, caplog) -> None:
    """An answer for an old request changes nothing and is not logged as a fallback."""
    caplog.set_level(logging.WARNING, logger=LOGGER)
    state = _position([Bid(2)])
    runner = FakeRunner()
    controller = GameController(paths, runner)
    controller.speed = 0.0
    controller.resume(state, [], "easy", DEAL)
    controller.resume(state, [], "easy", DEAL)
    old_id = runner.requests[0][0]
    assert old_id != runner.requests[-1][0]

    with qtbot.assertNotEmitted(controller.state_changed, wait=100):
        runner.move_ready.emit(old_id, parse_card("5C"))
        runner.move_failed.emit(old_id, "the bot broke")
    assert controller.state is state
    assert _fallback_records(caplog) == []


# -- whole games ------------------------------------------------------------------------
@pytest.mark.parametrize("faulty", [OffSuitBot, RaisingBot], ids=["off-suit", "raising"])
def test_a_faulty_bot_never_stalls_the_game(qtbot, paths, runners, caplog, faulty) -> None:
    """West, North and East are played by a faulty bot (South by the Easy bot), through
    the real worker thread, until the game ends: every refused or failed move is logged
    with its seat and replaced by ``fallback_action`` for that position, in bidding and
    in play, and nothing is reported as the human's fault."""
    caplog.set_level(logging.WARNING, logger=LOGGER)
    bot = SouthPlaysEasy(faulty())
    runner = BotRunner(lambda level: bot)
    runners.append(runner)
    controller = GameController(paths, runner)
    controller.speed = 0.0
    controller.bot_seats = frozenset(Seat)
    changes: list[tuple[GameState, GameState, Action]] = []
    controller.state_changed.connect(lambda old, new, action: changes.append((old, new, action)))
    rejected, messages = _watch(controller)
    rules = Rules(target_score=100, max_hands=2)

    with qtbot.waitSignal(controller.game_over, timeout=GAME_MS):
        controller.start_new_game(rules, 23, "easy")

    state = controller.state
    assert state is not None and state.is_terminal and len(state.hand_records) >= 1
    assert rejected == [] and messages == []
    expected_logs: list[tuple[str, str]] = []
    replaced = {Phase.BIDDING: 0, Phase.PLAYING: 0}
    for old, _new, action in changes:
        seat = old.current_player
        assert seat is not None
        if seat is Seat.SOUTH:
            continue
        view = observe(old, seat)
        answer = off_suit_answer(view) if faulty is OffSuitBot else None
        if answer is not None and answer in view.legal:
            assert action == answer  # a legal answer is played as given
            continue
        assert action == fallback_action(view)
        replaced[old.phase] += 1
        expected_logs.append((seat.name, "the bot broke" if answer is None
                              else action_to_str(answer)))
    assert replaced[Phase.BIDDING] >= 6 and replaced[Phase.PLAYING] >= 1
    if faulty is RaisingBot:
        assert replaced[Phase.PLAYING] == 3 * 13 * len(state.hand_records)
    records = _fallback_records(caplog)
    assert len(records) == len(expected_logs)
    for text, (seat_name, what) in zip(records, expected_logs, strict=True):
        assert f"computer player {seat_name}:" in text and what in text
