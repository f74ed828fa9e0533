"""GameController (the one path for every change) and BotRunner (the worker thread):
request ids, stale results, cancellation, shutdown, autosave failures (docs/architecture.md,
"One path for every change" and "Threads")."""

from __future__ import annotations

import threading

from PySide6.QtCore import QThread

from spades_desktop.bots import fallback_action
from spades_desktop.controller import BotRunner, GameController
from spades_desktop.engine import (
    Action,
    Bid,
    GameState,
    Phase,
    PlayerView,
    Refusal,
    RuleCode,
    Rules,
    Seat,
    apply_action,
    new_game,
    observe,
    replay,
)
from spades_desktop.persistence import load_record, resume_game

from .fakes import FakeRunner

WAIT_MS = 10_000


# -- fakes ------------------------------------------------------------------------------
class ScriptedBot:
    """Returns the actions it is given, one per call, recording the thread it runs on."""

    name = "scripted"

    def __init__(self, answers: list[Action] | None = None,
                 gate: threading.Event | None = None) -> None:
        self.answers = list(answers or [])
        self.gate = gate
        self.calls: list[PlayerView] = []
        self.threads: list[int] = []
        self.started = threading.Event()

    def choose_action(self, view: PlayerView, game_number: int,
                      cancel: threading.Event | None = None) -> Action:
        self.calls.append(view)
        self.threads.append(threading.get_ident())
        self.started.set()
        if self.gate is not None:
            assert self.gate.wait(WAIT_MS / 1000)
        return self.answers.pop(0) if self.answers else view.legal[0]


class PollingBot:
    """A slow search: runs until ``cancel`` is set, as a real search polls it."""

    name = "polling"

    def __init__(self) -> None:
        self.started = threading.Event()
        self.stopped_early = threading.Event()
        self.got_cancel: list[object] = []

    def choose_action(self, view: PlayerView, game_number: int,
                      cancel: threading.Event | None = None) -> Action:
        self.got_cancel.append(cancel)
        self.started.set()
        assert cancel is not None
        while not cancel.wait(0.002):
            pass
        self.stopped_early.set()
        return view.legal[0]


def west_to_bid() -> tuple[GameState, list[Action]]:
    state = apply_action(new_game(Rules(), 17), Bid(3))
    assert state.current_player == Seat.WEST
    return state, [Bid(3)]


def record_changes(controller: GameController) -> list[tuple[GameState, GameState, Action]]:
    changes: list[tuple[GameState, GameState, Action]] = []
    controller.state_changed.connect(lambda old, new, action: changes.append((old, new, action)))
    return changes


# -- BotRunner ---------------------------------------------------------------------------
def test_runner_computes_on_its_worker_thread(qtbot, runners) -> None:
    bot = ScriptedBot([Bid(5)])
    runner = BotRunner(lambda level: bot)
    runners.append(runner)
    state, _ = west_to_bid()
    with qtbot.waitSignal(runner.move_ready, timeout=WAIT_MS) as blocker:
        runner.request(7, "easy", observe(state, Seat.WEST))
    assert blocker.args == [7, Bid(5)]
    assert bot.threads and bot.threads[0] != threading.get_ident()
    assert bot.calls[0].seat == Seat.WEST and isinstance(bot.calls[0], PlayerView)


def test_runner_cancel_stops_a_polling_search(qtbot, runners) -> None:
    slow, quick = PollingBot(), ScriptedBot()
    runner = BotRunner(lambda level: slow if level == "normal" else quick)
    runners.append(runner)
    state, _ = west_to_bid()
    delivered: list[tuple[int, object]] = []
    runner.move_ready.connect(lambda rid, action: delivered.append((rid, action)))
    runner.request(1, "normal", observe(state, Seat.WEST))
    assert slow.started.wait(WAIT_MS / 1000)
    cancel = slow.got_cancel[0]
    assert isinstance(cancel, threading.Event) and not cancel.is_set()

    runner.cancel()

    assert cancel.is_set()
    qtbot.waitUntil(slow.stopped_early.is_set, timeout=2000)
    # the cancelled computation reports nothing, and the worker is free again
    with qtbot.waitSignal(runner.move_ready, timeout=WAIT_MS) as blocker:
        runner.request(2, "easy", observe(state, Seat.WEST))
    assert blocker.args[0] == 2
    assert [rid for rid, _ in delivered] == [2]


def test_runner_shutdown_stops_the_thread_even_while_a_bot_thinks(qtbot, runners) -> None:
    bot = PollingBot()
    runner = BotRunner(lambda level: bot)
    runners.append(runner)
    thread = runner.findChild(QThread)
    assert thread is not None and thread.isRunning()
    state, _ = west_to_bid()
    runner.request(1, "normal", observe(state, Seat.WEST))
    assert bot.started.wait(WAIT_MS / 1000)

    runner.shutdown()

    assert bot.stopped_early.is_set()
    assert thread.isFinished() and not thread.isRunning()
    runner.shutdown()  # a second call is harmless


def test_runner_reports_a_failing_bot(qtbot, runners) -> None:
    class Broken:
        name = "broken"

        def choose_action(self, view: PlayerView, game_number: int,
                          cancel: threading.Event | None = None) -> Action:
            raise RuntimeError("boom")

    runner = BotRunner(lambda level: Broken())
    runners.append(runner)
    state, _ = west_to_bid()
    with qtbot.waitSignal(runner.move_failed, timeout=WAIT_MS) as blocker:
        runner.request(3, "easy", observe(state, Seat.WEST))
    assert blocker.args == [3, "boom"]


# -- stale results -----------------------------------------------------------------------
def test_only_the_latest_request_is_applied(qtbot, paths, runners) -> None:
    """Request 1 is overtaken by request 2 (the game was reloaded while West was
    thinking): only request 2's answer may change the game."""
    gate = threading.Event()
    bot = ScriptedBot([Bid(1), Bid(2)], gate=gate)
    runner = BotRunner(lambda level: bot)
    runners.append(runner)
    controller = GameController(paths, runner)
    controller.speed = 0.0
    changes = record_changes(controller)
    state, actions = west_to_bid()

    controller.resume(state, actions, "easy")  # request 1: West is thinking
    assert bot.started.wait(WAIT_MS / 1000)
    controller.resume(state, actions, "easy")  # request 2, queued behind it
    gate.set()

    # the bots bid for West, North and East, then it is South's (the human's) turn
    qtbot.waitUntil(lambda: controller.state.current_player == Seat.SOUTH, timeout=WAIT_MS)
    assert len(bot.calls) == 4  # West twice, North, East
    assert [action for _, _, action in changes] == [Bid(2), Bid(0), Bid(0)]
    assert controller.state.bids[Seat.WEST] == Bid(2)


def test_controller_drops_an_answer_with_an_old_request_id(qtbot, paths) -> None:
    runner = FakeRunner()
    controller = GameController(paths, runner)
    controller.speed = 0.0
    state, actions = west_to_bid()
    controller.resume(state, actions, "easy")
    controller.resume(state, actions, "easy")
    assert len(runner.requests) == 2
    old_id, new_id = runner.requests[0][0], runner.requests[1][0]
    assert old_id != new_id
    assert runner.cancels >= 2  # every (re)load cancels what was running

    with qtbot.assertNotEmitted(controller.state_changed, wait=100):
        runner.answer(Bid(7), request_id=old_id)
    assert controller.state is state

    with qtbot.waitSignal(controller.state_changed, timeout=WAIT_MS) as blocker:
        runner.answer(Bid(6), request_id=new_id)
    assert blocker.args[2] == Bid(6)
    assert runner.requests[-1][2].seat == Seat.NORTH  # North's turn is asked for

    with qtbot.assertNotEmitted(controller.state_changed, wait=100):
        runner.answer(Bid(7), request_id=old_id)
        runner.answer(Bid(8), request_id=new_id)  # West's request is old now, too
    assert controller.state.current_player == Seat.NORTH
    assert controller.actions == (Bid(3), Bid(6))


def test_bot_move_waits_for_the_table_and_the_pause(qtbot, paths) -> None:
    runner = FakeRunner()
    controller = GameController(paths, runner)
    controller.speed = 0.1  # a 45 ms minimum pause
    changes = record_changes(controller)
    state, actions = west_to_bid()
    controller.resume(state, actions, "easy")
    controller.set_table_busy(True)

    runner.answer(Bid(4))
    assert changes == []  # the minimum pause has not passed yet
    with qtbot.assertNotEmitted(controller.state_changed, wait=300):
        pass  # the pause passes, but the table is still animating
    controller.set_table_busy(False)
    qtbot.waitUntil(lambda: len(changes) == 1, timeout=WAIT_MS)
    assert changes[0][2] == Bid(4)


def test_a_failing_bot_plays_the_fallback_action(qtbot, paths, runners) -> None:
    """A bot that raises on the worker thread: its seat plays ``fallback_action``
    (the advice's bid here), not the first legal action (Nil)."""
    class Broken:
        name = "broken"

        def choose_action(self, view: PlayerView, game_number: int,
                          cancel: threading.Event | None = None) -> Action:
            raise RuntimeError("boom")

    runner = BotRunner(lambda level: Broken())
    runners.append(runner)
    controller = GameController(paths, runner)
    controller.speed = 0.0
    state, actions = west_to_bid()
    with qtbot.waitSignal(controller.state_changed, timeout=WAIT_MS) as blocker:
        controller.resume(state, actions, "easy")
    assert blocker.args[2] == fallback_action(observe(state, Seat.WEST))
    assert blocker.args[2] != Bid(0)


# -- the one path: submit ------------------------------------------------------------------
def test_submit_rejects_an_illegal_action_and_changes_nothing(qtbot, paths) -> None:
    runner = FakeRunner()
    controller = GameController(paths, runner)
    controller.start_new_game(Rules(), 3, "easy")
    state = controller.state
    saved = paths.autosave_file.read_bytes()
    changes = record_changes(controller)
    card = observe(state, Seat.SOUTH).hand[0]

    with qtbot.waitSignal(controller.action_rejected, timeout=1000) as blocker:
        assert controller.submit(card) is False  # a card while bidding
    assert blocker.args == [Refusal(RuleCode.BID_FIRST)]
    with qtbot.waitSignal(controller.action_rejected, timeout=1000) as blocker:
        assert controller.submit(Bid(0, blind=True)) is False  # Blind Nil is off
    assert blocker.args == [Refusal(RuleCode.BLIND_NIL_OFF)]
    assert controller.state is state and controller.actions == ()
    assert changes == []
    assert paths.autosave_file.read_bytes() == saved


def test_submit_human_out_of_turn_is_rejected(qtbot, paths) -> None:
    runner = FakeRunner()
    controller = GameController(paths, runner)
    state, actions = west_to_bid()
    controller.resume(state, actions, "easy")
    changes = record_changes(controller)
    with qtbot.waitSignal(controller.action_rejected, timeout=1000) as blocker:
        assert controller.submit_human(Bid(2)) is False
    assert blocker.args == [Refusal(RuleCode.NOT_YOUR_TURN)]
    assert controller.state is state and changes == []
    assert controller.submit(Bid(2)) is True  # the same bid is fine for West (a bot)


def test_submit_human_without_a_game_does_nothing(paths) -> None:
    controller = GameController(paths, FakeRunner())
    assert controller.submit_human(Bid(1)) is False
    assert controller.submit(Bid(1)) is False
    assert controller.state is None and controller.view() is None


def test_every_change_is_emitted_once_in_order(qtbot, paths, runners) -> None:
    """A demonstration game, all four seats played by bots through the real worker
    thread: every action is one ``state_changed(old, new, action)``, in order."""
    runner = BotRunner()
    runners.append(runner)
    controller = GameController(paths, runner)
    controller.speed = 0.0
    controller.bot_seats = frozenset(Seat)
    changes = record_changes(controller)
    over: list[object] = []
    controller.game_over.connect(over.append)
    rules = Rules(target_score=100)

    controller.start_new_game(rules, 99, "easy")
    qtbot.waitUntil(lambda: bool(over), timeout=60_000)

    state = controller.state
    assert state.is_terminal and len(over) == 1 and over[0] == state.result
    assert len(changes) == len(controller.actions)
    previous = new_game(rules, 99)
    for (old, new, action), recorded in zip(changes, controller.actions, strict=True):
        assert old == previous and action == recorded
        assert new == apply_action(old, action)
        previous = new
    assert previous is state
    assert replay(rules, 99, controller.actions) == state
    assert not paths.autosave_file.exists()  # a finished game is not resumed
    assert controller.last_stats is None  # no statistics for a game without a human


def test_autosave_after_every_action(paths) -> None:
    runner = FakeRunner()
    controller = GameController(paths, runner)
    controller.start_new_game(Rules(), 12, "normal")
    for n in range(1, 7):
        view = controller.view(controller.state.current_player)
        assert controller.submit(view.legal[2])
        record = load_record(paths)
        assert record is not None and len(record.actions) == n
    resumed = resume_game(paths)
    assert resumed.state == controller.state and resumed.difficulty == "normal"


def test_unwritable_autosave_warns_once_and_the_game_goes_on(qtbot, paths) -> None:
    paths.autosave_file.mkdir()  # writing the autosave now fails
    runner = FakeRunner()
    controller = GameController(paths, runner)
    messages: list[str] = []
    controller.message.connect(messages.append)

    controller.start_new_game(Rules(), 5, "easy")
    assert controller.state is not None
    for _ in range(8):
        view = controller.view(controller.state.current_player)
        assert controller.submit(view.legal[0])
    assert len(controller.actions) == 8
    assert controller.state.phase is Phase.PLAYING
    assert len(messages) == 1
    assert "could not be saved" in messages[0]
    assert paths.autosave_file.is_dir()
    assert [p.name for p in paths.root.iterdir() if p.name != "autosave.json"] == []
