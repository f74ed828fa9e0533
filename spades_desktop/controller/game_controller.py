"""The one path for every game change (docs/architecture.md, "One path for every change").

Human input and bot results both go through :meth:`GameController.submit`:
validate (engine) → new state → autosave → emit ``state_changed(old, new, action)``.

A finished game is saved, kept among the recent games, then counted in the statistics,
and only then is the autosave deleted (:func:`~spades_desktop.persistence.end_game`, the
sequence resuming a finished autosave also runs): a crash in between neither loses the
result nor counts it twice. A game given up for a new one is kept among the
recent games and counted as abandoned (:meth:`GameController.abandon_game`); quitting
abandons nothing (the autosave resumes the game). The hints used in a game
(:meth:`GameController.record_hint`) are kept in its autosave and counted with it.

Undo (:meth:`GameController.undo`, docs/rules.md §7) takes back South's last bid or card
of the current hand and every action after it; the game becomes a practice game
(:attr:`GameController.practice`), kept in its autosave, its recent-games file and
counted apart in the statistics, without ranking points.

A computer player's answer that fails (the bot raised) or that the engine refuses is
logged and replaced by the fallback move for its seat
(:func:`~spades_desktop.bots.fallback_action`); it is never reported as the human's.

A claim (:meth:`GameController.claim`, docs/rules.md §3 "Claims") is checked on a worker
thread by the referee's search on the real hands (:class:`~spades_desktop.bots.claim.ClaimSearch`);
granted, the rest of the hand is played through :meth:`GameController.submit` like any
move: South's and North's cards from the search's line, East's and West's by their
computer players, at :data:`CLAIM_PACE` of the usual pauses. With
:attr:`GameController.play_forced_cards`, South's only legal card is played after
:data:`FORCED_PAUSE_MS` (docs/rules.md §7).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime, timezone
from typing import cast

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from ..bots import fallback_action
from ..bots.claim import CLAIM_NODES, ClaimSearch
from ..engine import (
    LOOK_AT_HAND,
    Action,
    Bid,
    Card,
    GameState,
    IllegalActionError,
    Phase,
    PlayerView,
    Refusal,
    RuleCode,
    Rules,
    Seat,
    action_to_str,
    apply_action,
    new_game,
    observe,
    preset_of,
)
from ..persistence import (
    DataPaths,
    GameFigures,
    Notice,
    Stats,
    count_abandoned,
    delete_autosave,
    end_game,
    game_from_state,
    record_from_state,
    save_game,
    save_record,
)
from .bot_runner import BotRunner
from .coach_runner import CoachRunner

log = logging.getLogger(__name__)

HUMAN_SEAT = Seat.SOUTH
"""The human plays South (docs/rules.md §1)."""

BOT_PAUSE_MS = 450
"""Minimum time a computer player's move waits before it is shown, at speed 1."""

CLAIM_PACE = 0.35
"""A granted claim is played out at this fraction of the usual pauses and animations."""

CLAIM_PLAY_NODES = 4 * CLAIM_NODES
"""Search nodes for each of South's and North's cards of a granted claim's play-out
(the position is known to be won; a card the check did not settle may need more)."""

FORCED_PAUSE_MS = 600
"""With ``play_forced_cards``, South's only legal card waits this long, at speed 1."""

THINKING_MARK_MS = 300
"""A computer player still deciding this long after it was asked is said to be thinking
(``bot_thinking``), so the table can mark it."""


class GameController(QObject):
    """Owns the current game and is the only thing that changes it.

    Signals:
    - ``game_started(state)``: a new or resumed game is in place (draw it without diffing).
    - ``state_changed(old, new, action)``: one action was applied.
    - ``undone(state)``: :meth:`undo` took actions back; ``state`` is the earlier
      position now current, South to act (draw it at once, without diffing).
    - ``action_rejected(refusal)``: the human's action was illegal (a ``Refusal``: the rule's
      code and argument); nothing changed.
    - ``game_over(result)``: the game just ended.
    - ``message(text)``: something the player should read (e.g. a failed autosave).
    - ``notice(notice)``: a persistence ``Notice`` the player should read, told once per
      run (the statistics file was unreadable and has been set aside when a finished
      game was counted); the window words it (``i18n.notice_text``).
    - ``game_kept(game)``: a finished or abandoned game was written among the recent games
      (a :class:`~spades_desktop.persistence.GameFile`).
    - ``bot_thinking(seat, thinking)``: ``True`` when the computer player at ``seat`` has
      been deciding for :data:`THINKING_MARK_MS` without an answer; ``False`` once its
      answer arrives (or the game is replaced). Never ``False`` without a ``True``.
    - ``claim_granted()``: South's claim (:meth:`claim`) holds; the rest of the hand is
      being played out (:attr:`claiming`).
    - ``claim_refused()``: South's claim does not hold (or could not be settled within
      the search's budget); nothing changed.
    - ``claim_over()``: a granted claim's play-out ended (its hand is scored, or the
      game was replaced).

    The table reports when it is busy animating with :meth:`set_table_busy`; a computer
    player's move is applied only while the table is idle and after a short pause scaled
    by the animation speed.
    """

    game_started = Signal(object)
    state_changed = Signal(object, object, object)
    undone = Signal(object)
    action_rejected = Signal(object)
    game_over = Signal(object)
    message = Signal(str)
    notice = Signal(object)
    game_kept = Signal(object)
    bot_thinking = Signal(object, bool)
    claim_granted = Signal()
    claim_refused = Signal()
    claim_over = Signal()

    def __init__(
        self,
        paths: DataPaths | None,
        runner: BotRunner | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._paths = paths
        self._runner = runner if runner is not None else BotRunner(parent=self)
        self._runner.move_ready.connect(self._on_move_ready)
        self._runner.move_failed.connect(self._on_move_failed)
        self._state: GameState | None = None
        self._actions: list[Action] = []
        self._hand_start = 0
        self._hand_before: list[GameState] = []
        self._practice = False
        self._deal: Mapping[Seat, Sequence[Card]] | None = None
        self._game_id: str | None = None
        self._started: datetime | None = None
        self._hints = 0
        self.difficulty = "normal"
        self.speed = 1.0
        self._busy = False
        self._request_id = 0
        self._pending: tuple[int, Action] | None = None
        self._pause_over = True
        self._pause = QTimer(self)
        self._pause.setSingleShot(True)
        self._pause.timeout.connect(self._on_pause_over)
        self._asked: Seat | None = None
        self._thinking: Seat | None = None
        self._thinking_timer = QTimer(self)
        self._thinking_timer.setSingleShot(True)
        self._thinking_timer.timeout.connect(self._on_thinking_timeout)
        self._autosave_warned = False
        self._stats_notice_told = False
        self.bot_seats: frozenset[Seat] = frozenset(s for s in Seat if s != HUMAN_SEAT)
        self.last_stats: Stats | None = None
        self._play_forced_cards = False
        self._claim_runner = CoachRunner("claim-worker", self)
        self._claim_runner.job_done.connect(self._on_claim_job_done)
        self._claim_runner.job_failed.connect(self._on_claim_job_failed)
        self._claim_job: int | None = None
        self._claim_job_state: GameState | None = None
        self._claim_search: ClaimSearch | None = None

    # -- queries ---------------------------------------------------------------------------
    @property
    def state(self) -> GameState | None:
        """The current position (immutable), or None before the first game."""
        return self._state

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action of the current game, in order."""
        return tuple(self._actions)

    @property
    def game_id(self) -> str | None:
        """The current game's id (saved with it; the statistics count a game once by
        it), or None before the first game."""
        return self._game_id

    @property
    def hints_used(self) -> int:
        """Hints used in the current game so far (0 before the first game); kept in the
        autosave and counted in the statistics when the game ends or is abandoned."""
        return self._hints

    @property
    def in_progress(self) -> bool:
        """True when a game has begun and not ended: at least one bid made and the game
        not over. Starting a new game then gives this one up (:meth:`abandon_game`)."""
        return (self._state is not None and not self._state.is_terminal
                and bool(self._actions))

    @property
    def practice(self) -> bool:
        """True when :meth:`undo` has been used in the current game (also before a
        restart): a practice game, counted apart in the statistics and earning no
        ranking points (docs/rules.md §7). False before the first game."""
        return self._practice

    @property
    def can_undo(self) -> bool:
        """True when :meth:`undo` has something to take back: a bid or card of South's
        in the current hand, the game not over, South at the table. False at the start
        of a hand (also between two hands, while the finished hand's summary is shown:
        the next hand has no action yet) and once the game is over."""
        return self._undo_point() is not None

    @property
    def play_forced_cards(self) -> bool:
        """Whether South's card is played for South when it is the only legal one, after
        :data:`FORCED_PAUSE_MS` (``Settings.play_forced_cards``; docs/rules.md §7); off
        until :meth:`set_play_forced_cards`."""
        return self._play_forced_cards

    def set_play_forced_cards(self, on: bool) -> None:
        """Switch :attr:`play_forced_cards`; switched on while South waits with one
        legal card, that card is played after the pause."""
        was, self._play_forced_cards = self._play_forced_cards, bool(on)
        state = self._state
        if on and not was and state is not None and state.current_player == HUMAN_SEAT \
                and self._pending is None and self._claim_search is None:
            self._maybe_request_bot()

    @property
    def can_claim(self) -> bool:
        """True when South may claim the rest of the hand (:meth:`claim`): South to play
        a card with at least one trick of the hand completed, South at the table, no
        claim being checked or played out (docs/rules.md §3, "Claims")."""
        state = self._state
        return (state is not None and state.phase is Phase.PLAYING
                and state.current_player == HUMAN_SEAT and HUMAN_SEAT not in self.bot_seats
                and bool(state.tricks) and self._claim_job is None
                and self._claim_search is None)

    @property
    def claim_checking(self) -> bool:
        """True while South's claim is being checked (its answer not yet given)."""
        return self._claim_job is not None and self._claim_search is None

    @property
    def claiming(self) -> bool:
        """True while a granted claim's hand is being played out."""
        return self._claim_search is not None

    def view(self, seat: Seat = HUMAN_SEAT) -> PlayerView | None:
        """What ``seat`` may see of the current position."""
        return None if self._state is None else observe(self._state, seat)

    # -- commands --------------------------------------------------------------------------
    def start_new_game(self, rules: Rules, game_number: int, difficulty: str,
                       deal: Mapping[Seat, Sequence[Card]] | None = None) -> None:
        """Abandon the current game (cancelling any bot; a game begun and not over is kept
        among the recent games, see :meth:`abandon_game`) and start a new one, with a new
        game id. Raises ``ValueError`` for a bad game number or deal (nothing changes)."""
        state = new_game(rules, game_number, deal)
        self.abandon_game()
        self._install(state, [], difficulty, deal, None)
        self._started = datetime.now(timezone.utc)
        self._autosave()

    def resume(self, state: GameState, actions: Sequence[Action], difficulty: str,
               deal: Mapping[Seat, Sequence[Card]] | None = None,
               game_id: str | None = None, hints: int = 0, practice: bool = False) -> None:
        """Continue a game rebuilt from the autosave; ``game_id`` is the saved game's id
        (``ResumeResult.game_id``), None gives the game a new one; ``hints`` the hints
        used in it so far (``ResumeResult.hints``); ``practice`` whether it is a practice
        game (``ResumeResult.practice``). ``actions`` lead from the game's start (with
        ``deal``) to ``state``; when they do not, no move before ``state`` can be
        undone."""
        self._install(state, list(actions), difficulty, deal, game_id)
        self._hints = hints
        self._practice = practice

    def undo(self) -> bool:
        """Take back South's last bid or card of the current hand and every action after
        it (docs/rules.md §7): the game goes back to the position before that action,
        South to act, and the computer players will choose again from it (they are
        deterministic, so the same way). A Blind Nil question answered without a look
        is not asked again: South saw the cards once the bid was made, so the position
        returned to is the same turn after ``LOOK_AT_HAND``. A computer player's
        pending move is cancelled (its answer is dropped), the game becomes a practice
        game (:attr:`practice`), is saved, and ``undone(state)`` is emitted. The hints
        used stay counted. Returns False, changing nothing, when :attr:`can_undo` is
        false."""
        point = self._undo_point()
        state = self._state
        if point is None or state is None:
            return False
        before = self._hand_before[point]
        actions = self._actions[:self._hand_start + point]
        hand_before = self._hand_before[:point]
        if observe(before, HUMAN_SEAT).blind_nil_allowed:
            # South's cards were face down until that bid: they have been seen since
            hand_before.append(before)
            actions.append(LOOK_AT_HAND)
            before = apply_action(before, LOOK_AT_HAND)
        self._drop_bot_request()
        self._state = before
        self._actions = actions
        self._hand_before = hand_before
        self._practice = True
        self._autosave()
        self.undone.emit(before)
        return True

    def claim(self) -> bool:
        """South claims every remaining trick of the hand (docs/rules.md §3, "Claims").

        The claim holds when North–South, playing their best, take every trick left
        (the one in play included) whatever East and West play, all four hands known:
        :class:`~spades_desktop.bots.claim.ClaimSearch` decides it on the worker thread
        within :data:`~spades_desktop.bots.claim.CLAIM_NODES` nodes. Granted
        (``claim_granted``), the hand is played out through :meth:`submit`; refused
        (``claim_refused``, also when the search did not settle it), nothing changes.
        A move made meanwhile (South plays on) drops the check without an answer.
        Returns False, doing nothing, unless :attr:`can_claim`."""
        state = self._state
        if state is None or not self.can_claim:
            return False
        search = ClaimSearch(int(HUMAN_SEAT.team))
        position = _claim_position(state)

        def check(cancelled: Callable[[], bool], _progress: object) -> object:
            search.cancel_check = cancelled
            return (search, search.takes_every_trick(*position))

        self._claim_job_state = state
        self._claim_job = self._claim_runner.submit(check)
        return True

    def record_hint(self) -> None:
        """Count one hint used in the current game (:attr:`hints_used`) and save it with
        the game, so that the count survives a restart. Nothing happens when no game is
        in progress (none yet, or it is over)."""
        if self._state is None or self._state.is_terminal:
            return
        self._hints += 1
        self._autosave()

    def abandon_game(self) -> bool:
        """Give up the current game: keep it among the recent games as abandoned
        (docs/rules.md §7; keeping it again replaces its file) and count it as abandoned in the
        statistics (once, by its game id: asking again changes nothing), with its
        finished hands' figures and the hints used. :meth:`start_new_game` calls it
        first; never called on quit (the autosave resumes the game). Returns True when
        the game was counted now; False when no game is :attr:`in_progress`, no human is
        at the table, there is no data folder, the game was counted already, or the
        statistics could not be written (logged). The game itself is not changed.
        """
        state = self._state
        if (self._paths is None or state is None or not self.in_progress
                or self._game_id is None or not self._counts_in_statistics()):
            return False
        self._keep_recent(state)
        try:
            counted = count_abandoned(self._paths, self.difficulty, self._game_id,
                                      figures=GameFigures.from_records(state.hand_records),
                                      hints=self._hints, practice=self._practice,
                                      preset=preset_of(state.rules))
        except (OSError, ValueError) as exc:
            log.warning("abandoned game not counted: %s", exc)
            return False
        self.last_stats = counted.stats
        if counted.notice is not None:
            self._tell_once(counted.notice)
        return counted.added

    def submit_human(self, action: Action) -> bool:
        """The human's bid or card. Rejected (``action_rejected``) when it is not South's
        turn or the action is illegal; nothing changes then."""
        if self._state is None or self._claim_search is not None:
            return False  # a granted claim plays South's cards itself
        if self._state.current_player != HUMAN_SEAT or HUMAN_SEAT in self.bot_seats:
            self.action_rejected.emit(Refusal(RuleCode.NOT_YOUR_TURN))
            return False
        return self.submit(action)

    def submit(self, action: Action) -> bool:
        """Apply ``action`` for the current player: validate → new state → autosave → emit.

        Returns False (and emits ``action_rejected``) for an illegal action.
        """
        old = self._state
        if old is None:
            return False
        try:
            new = apply_action(old, action)
        except IllegalActionError as exc:
            self.action_rejected.emit(exc.refusal)
            return False
        self._state = new
        self._actions.append(action)
        self._note_position(old, new, len(self._actions))
        self._drop_claim_check()  # the position it was asked about is gone
        self._autosave()
        self.state_changed.emit(old, new, action)
        if self._claim_search is not None and (new.is_terminal
                                               or new.hand_number != old.hand_number):
            self._end_claim()
        if new.is_terminal:
            self._finish_game(new)
        else:
            self._maybe_request_bot()
        return True

    @Slot(bool)
    def set_table_busy(self, busy: bool) -> None:
        """The table is animating (or waiting for the player to close a sheet)."""
        self._busy = busy
        if not busy:
            self._maybe_apply_pending()

    def shutdown(self) -> None:
        """Cancel the bot and the claim's search and stop their threads (call on quit)."""
        self._thinking_timer.stop()
        self._runner.shutdown()
        self._claim_runner.shutdown()

    # -- internals -------------------------------------------------------------------------
    def _install(self, state: GameState, actions: list[Action], difficulty: str,
                 deal: Mapping[Seat, Sequence[Card]] | None, game_id: str | None) -> None:
        self._track_hand(state, actions, deal)
        self._game_id = game_id if game_id is not None else secrets.token_hex(16)
        self._started = None  # not known for a resumed game; start_new_game sets it
        self._hints = 0
        self._practice = False
        self._drop_bot_request()
        self._drop_claim_check()
        self._end_claim()
        self._state = state
        self._actions = actions
        self._deal = deal
        self.difficulty = difficulty
        self.game_started.emit(state)
        self._maybe_request_bot()

    def _drop_bot_request(self) -> None:
        """Cancel the computer player's computation and forget its queued move: an answer
        still to come carries an older request id and is dropped."""
        self._runner.cancel()
        self._stop_thinking()
        self._pending = None
        self._request_id += 1

    def _track_hand(self, state: GameState, actions: Sequence[Action],
                    deal: Mapping[Seat, Sequence[Card]] | None) -> None:
        """Find where the current hand of ``state`` begins in ``actions`` (replayed from
        the game's start) and the position before each of its actions, for :meth:`undo`.
        Actions that do not lead to ``state`` leave nothing to undo."""
        self._hand_start, self._hand_before = 0, []
        try:
            position = new_game(state.rules, state.game_number, deal)
            for index, action in enumerate(actions, start=1):
                after = apply_action(position, action)
                self._note_position(position, after, index)
                position = after
        except (IllegalActionError, ValueError):
            position = None
        if position != state:
            self._hand_start, self._hand_before = len(actions), []

    def _note_position(self, old: GameState, new: GameState, count: int) -> None:
        """Remember ``old``, the position before the action that led to ``new`` (the
        game's ``count``-th action), while the hand goes on; a finished hand (``new``
        is the next deal or the game's end) starts the list again after it."""
        if new.is_terminal or new.hand_number != old.hand_number:
            self._hand_start = count
            self._hand_before = []
        else:
            self._hand_before.append(old)

    def _undo_point(self) -> int | None:
        """The place, among the current hand's actions, of South's last bid or card (the
        one :meth:`undo` takes back with all after it), or None when there is none."""
        state = self._state
        if (state is None or state.is_terminal or HUMAN_SEAT in self.bot_seats
                or self._claim_search is not None or self._claim_job is not None):
            return None  # nor while a claim is checked or played out
        hand = self._actions[self._hand_start:]
        for place in range(len(self._hand_before) - 1, -1, -1):
            if (self._hand_before[place].current_player == HUMAN_SEAT
                    and isinstance(hand[place], (Bid, Card))):
                return place
        return None

    def _maybe_request_bot(self) -> None:
        state = self._state
        if state is None or state.current_player is None:
            return
        seat = state.current_player
        if self._claim_search is not None and seat.team == HUMAN_SEAT.team:
            self._request_claim_card(state)
            return
        if seat not in self.bot_seats:
            if seat == HUMAN_SEAT and self._play_forced_cards:
                self._queue_forced_card(state)
            return
        self._request_id += 1
        self._pending = None
        self._pause_over = False
        self._pause.start(int(BOT_PAUSE_MS * self.speed))
        self._stop_thinking()
        self._asked = state.current_player
        self._thinking_timer.start(THINKING_MARK_MS)
        self._runner.request(self._request_id, self.difficulty,
                             observe(state, state.current_player))

    @Slot()
    def _on_thinking_timeout(self) -> None:
        if self._asked is not None:
            self._thinking = self._asked
            self.bot_thinking.emit(self._thinking, True)

    def _stop_thinking(self) -> None:
        """The answer came (or the request was dropped): no seat is thinking now."""
        self._thinking_timer.stop()
        self._asked = None
        seat, self._thinking = self._thinking, None
        if seat is not None:
            self.bot_thinking.emit(seat, False)

    @Slot(int, object)
    def _on_move_ready(self, request_id: int, action: Action) -> None:
        if request_id != self._request_id:
            return  # stale: the game moved on
        self._stop_thinking()
        self._queue_bot_move(request_id, action, None)

    @Slot(int, str)
    def _on_move_failed(self, request_id: int, text: str) -> None:
        if request_id != self._request_id:
            return  # stale: the game moved on
        self._stop_thinking()
        self._queue_bot_move(request_id, None, f"it failed ({text})")

    def _queue_bot_move(self, request_id: int, answer: object, failure: str | None) -> None:
        """Queue a computer player's ``answer`` for the current position, or the fallback
        move for its seat (:func:`~spades_desktop.bots.fallback_action`) when the bot
        failed (``failure`` says how) or the engine refuses its answer.

        A refused or failed move is logged (warning, with the seat and the refused
        answer) and never reported as the human's (no ``action_rejected``): the game
        goes on with the fallback.
        """
        state = self._state
        if state is None or state.current_player is None:
            return
        seat = state.current_player
        if failure is None:
            try:
                apply_action(state, cast(Action, answer))
            except IllegalActionError as exc:
                shown = action_to_str(answer) if isinstance(answer, (Bid, Card)) else repr(answer)
                failure = f"its answer {shown} was refused ({exc})"
            else:
                self._pending = (request_id, cast(Action, answer))
                self._maybe_apply_pending()
                return
        action = fallback_action(observe(state, seat))
        log.warning("computer player %s: %s; it plays %s instead (fallback)",
                    seat.name, failure, action_to_str(action))
        self._pending = (request_id, action)
        self._maybe_apply_pending()

    @Slot()
    def _on_pause_over(self) -> None:
        self._pause_over = True
        self._maybe_apply_pending()

    def _maybe_apply_pending(self) -> None:
        if self._pending is None or self._busy or not self._pause_over:
            return
        request_id, action = self._pending
        self._pending = None
        if request_id == self._request_id:
            self.submit(action)

    # -- claims and forced cards ---------------------------------------------------------
    def _start_pause(self, ms: float) -> int:
        """A new request (an older answer is dropped) whose move waits ``ms`` at least."""
        self._request_id += 1
        self._pending = None
        self._pause_over = False
        self._pause.start(int(ms))
        return self._request_id

    def _queue_forced_card(self, state: GameState) -> None:
        """South's only legal card, played after :data:`FORCED_PAUSE_MS` (scaled by the
        speed) once the table is still; nothing while South bids or has a choice."""
        if state.phase is not Phase.PLAYING:
            return
        legal = [a for a in observe(state, HUMAN_SEAT).legal if isinstance(a, Card)]
        if len(legal) != 1:
            return
        request_id = self._start_pause(FORCED_PAUSE_MS * self.speed)
        self._pending = (request_id, legal[0])
        self._maybe_apply_pending()

    def _request_claim_card(self, state: GameState) -> None:
        """Ask the claim's search, on its worker, for the card of South or North."""
        search = self._claim_search
        assert search is not None
        request_id = self._start_pause(BOT_PAUSE_MS * self.speed * CLAIM_PACE)
        position = _claim_position(state)

        def find(cancelled: Callable[[], bool], _progress: object) -> object:
            search.cancel_check = cancelled
            search.node_limit = CLAIM_PLAY_NODES
            return (request_id, search.winning_card(*position))

        self._claim_job_state = state
        self._claim_job = self._claim_runner.submit(find)

    def _drop_claim_check(self) -> None:
        """Cancel the claim's search in flight, if any: its answer is dropped."""
        if self._claim_job is not None:
            self._claim_runner.cancel(self._claim_job)
        self._claim_job = None
        self._claim_job_state = None

    def _end_claim(self) -> None:
        if self._claim_search is not None:
            self._claim_search = None
            self.claim_over.emit()

    @Slot(int, object)
    def _on_claim_job_done(self, job_id: int, result: object) -> None:
        state = self._state
        if job_id != self._claim_job or state is None or state is not self._claim_job_state:
            return  # dropped: the position moved on
        self._claim_job = None
        self._claim_job_state = None
        if self._claim_search is None:  # the check
            search, holds = cast(tuple[ClaimSearch, "bool | None"], result)
            if holds is not True:
                self.claim_refused.emit()
                return
            self._claim_search = search
            self.claim_granted.emit()
            self._maybe_request_bot()
            return
        request_id, index = cast(tuple[int, "int | None"], result)
        seat = state.current_player
        assert seat is not None
        if index is None:  # not settled within the nodes: the seat's fallback move
            action: Action = fallback_action(observe(state, seat))
            log.warning("claim: no card found for %s within the search's nodes; it "
                        "plays %s", seat.name, action_to_str(action))
        else:
            action = Card.from_index(index)
        self._pending = (request_id, action)
        self._maybe_apply_pending()

    @Slot(int, str)
    def _on_claim_job_failed(self, job_id: int, message: str) -> None:
        if job_id != self._claim_job:
            return
        log.warning("claim: the search failed (%s)", message)
        state = self._state
        granted = self._claim_search is not None
        self._drop_claim_check()
        if not granted:
            self.claim_refused.emit()
        elif state is not None and state.current_player is not None:
            request_id = self._start_pause(0)
            self._pending = (request_id, fallback_action(observe(state, state.current_player)))
            self._on_pause_over()

    def _counts_in_statistics(self) -> bool:
        # a game with no human at the table (all four seats computer) has no statistics
        return HUMAN_SEAT not in self.bot_seats

    def _autosave(self) -> None:
        """Save the game; a finished game is saved too when it is to be counted (the
        autosave is deleted once it has been counted, in :meth:`_finish_game`)."""
        if self._paths is None or self._state is None:
            return
        try:
            if self._state.is_terminal and not self._counts_in_statistics():
                delete_autosave(self._paths)
            else:
                save_record(self._paths, record_from_state(
                    self._state, self.difficulty, self._actions, self._deal,
                    self._game_id, self._hints, self._practice))
        except OSError as exc:
            log.warning("autosave failed: %s", exc)
            if not self._autosave_warned:
                self._autosave_warned = True
                self.message.emit(self.tr(
                    "The game could not be saved ({0}); it goes on, but will not be resumed "
                    "if you quit.").format(exc.strerror or exc))

    def _finish_game(self, state: GameState) -> None:
        """End the finished game (saved by :meth:`_autosave` just before): kept among the
        recent games, counted, then the autosave deleted
        (:func:`~spades_desktop.persistence.end_game`, in the order that keeps the result
        through a crash)."""
        result = state.result
        if (self._paths is not None and result is not None and self._game_id is not None
                and self._counts_in_statistics()):
            ended = end_game(self._paths, state, self.difficulty, self._actions,
                             game_id=self._game_id, deal=self._deal, started=self._started,
                             hints=self._hints, practice=self._practice)
            if ended.kept is not None:
                self.game_kept.emit(ended.kept)
            if ended.counted is not None:
                self.last_stats = ended.counted.stats
                if ended.counted.notice is not None:
                    self._tell_once(ended.counted.notice)
        self.game_over.emit(result)

    def _keep_recent(self, state: GameState) -> bool:
        """Write ``state`` (finished, or abandoned when not over) among the recent games;
        a game without a human at the table is not kept. A failure is logged."""
        if (self._paths is None or self._game_id is None
                or not self._counts_in_statistics()):
            return False
        try:
            game = game_from_state(state, self.difficulty, self._actions,
                                   game_id=self._game_id, deal=self._deal,
                                   started=self._started, practice=self._practice)
            save_game(self._paths, game)
        except (OSError, ValueError) as exc:
            log.warning("recent game not kept: %s", exc)
            return False
        self.game_kept.emit(game)
        return True

    def _tell_once(self, notice: Notice) -> None:
        if not self._stats_notice_told:
            self._stats_notice_told = True
            self.notice.emit(notice)


def _claim_position(state: GameState) -> tuple[list[int], list[int], int, bool]:
    """The real position for the referee's claim search: the four hands (masks, by
    seat), the card indices of the trick in play, its leader's seat, spades broken."""
    return (list(state.hand_masks), [card.index for _seat, card in state.current_trick],
            int(state.leader), state.spades_broken)
