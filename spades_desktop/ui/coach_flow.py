"""The coach in the window: the Hint command and the hand reviews.

:class:`CoachFlow` asks the coach's worker for South's best bid or card, shows the
answer on the table while the position stands, and opens the review windows of
finished hands (the current game's or a recent game's). It changes nothing in the
game: every move still goes through the controller.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication, QObject, Qt, Slot
from PySide6.QtWidgets import QWidget

from ..bots.coach import Hint
from ..controller import HUMAN_SEAT, GameController
from ..controller.coach_runner import HintRunner
from ..engine import GameState, HandRecord, PlayerView, Rules, observe
from ..looks import DEFAULT_FELT, FELT_COLOURS
from .dialogs.common import keep_centred
from .review import ReviewCache, ReviewWindow
from .table.scene import TableScene

translate = QCoreApplication.translate
"""Strings use the context "MainWindow" (where the player meets them); each call names it
literally for lupdate."""

REVIEW_OBJECT_NAME = "review"
"""The object name of every hand review window (tests and tools find them by it)."""


class CoachFlow(QObject):
    """The Hint command and the review windows of one main window.

    ``window`` is the main window (the reviews' default parent), ``say`` shows a text
    in the status line (made again when the language changes) and ``focus_table``
    gives the keys back to the table once a review closes.
    """

    def __init__(self, window: QWidget, controller: GameController, scene: TableScene,
                 say: Callable[[Callable[[], str]], None],
                 focus_table: Callable[[], None]) -> None:
        super().__init__(window)
        self._window, self._controller, self._scene = window, controller, scene
        self._say, self._focus_table = say, focus_table
        self.hints = HintRunner(parent=self)
        """The Hint command's search (its ``budget`` sets the depth)."""
        self.hints.hint_ready.connect(self._on_hint_ready)
        self.hints.hint_failed.connect(self._on_hint_failed)
        self._shown_hint: tuple[GameState, Hint] | None = None
        self.review_budget: int | None = None
        """Deals per decision in a hand review (None: the coach's default)."""
        self._reviews: list[ReviewWindow] = []
        self._review_cache = ReviewCache()
        self._felt = DEFAULT_FELT
        self._four_colour = False

    # -- the hint ---------------------------------------------------------------------------
    @Slot()
    def request_hint(self) -> None:
        """Game ▸ Hint, the Hint button or H on the table: ask the coach for South's best
        bid or card. Returns at once; the search runs on a worker thread and the answer
        is shown on the table (``hints.hint_ready``). Outside South's turn the status
        line says when a hint can be had."""
        controller = self._controller
        state = controller.state
        if (state is None or state.current_player != HUMAN_SEAT
                or HUMAN_SEAT in controller.bot_seats or not self._scene.hint_offered):
            self._say(lambda: translate("MainWindow", "A hint can be had when it is your "
                                                      "turn to bid or play."))
            return
        view = observe(state, HUMAN_SEAT)
        shown = self._shown_hint
        if shown is not None and shown[0] is state:  # asked again: show it again
            self._scene.show_hint(view, shown[1])
            return
        if self.hints.pending_view == view:
            return  # already searching this position
        controller.record_hint()  # counted in the statistics with the game
        self._scene.show_hint_pending()
        self.hints.request(view)

    @Slot(object, object)
    def _on_hint_ready(self, view: PlayerView, hint: Hint) -> None:
        state = self._controller.state
        if state is None or observe(state, HUMAN_SEAT) != view:
            return  # the game moved on
        if self._scene.show_hint(view, hint):
            self._shown_hint = (state, hint)

    @Slot(str)
    def _on_hint_failed(self, message: str) -> None:
        self._scene.clear_hint()
        self._say(lambda: translate("MainWindow", "No hint could be found ({0}).").format(
            message))

    def drop_hint(self) -> None:
        """The position changed: cancel a pending hint and forget the shown one."""
        self.hints.cancel()
        self._shown_hint = None
        self._scene.clear_hint()

    # -- the reviews ------------------------------------------------------------------------
    def open_review(self, records: Sequence[HandRecord], index: int,
                    rules: Rules, game_number: int = 0, *,
                    parent: QWidget | None = None) -> ReviewWindow:
        """Open the review of hand ``records[index]`` (0-based) of a game played with
        ``rules`` and numbered ``game_number`` (it seeds the coach as the hints were
        seeded): the current game's ``state.hand_records`` or those of any finished
        game. The window analyses the hand in the background and changes neither the
        game nor the statistics; it is deleted when closed. A hand analysed before in
        this session (same game, records and budget) is shown at once. Raises
        ``ValueError`` for a hand that is not there or not finished. ``parent``: the
        window it opens over (the main window by default; the game-over dialog, which
        is modal, when asked from there). The review of that hand, already open, is
        brought forward instead."""
        for shown in self._reviews:
            if (shown.isVisible() and shown.index == index and index < len(records)
                    and shown.record == records[index] and shown.game_number == game_number):
                shown.raise_()
                shown.activateWindow()
                return shown
        window = ReviewWindow(records, index, rules, parent or self._window,
                              budget=self.review_budget,
                              game_number=game_number, cache=self._review_cache,
                              felt=self._felt)
        window.setObjectName(REVIEW_OBJECT_NAME)
        window.set_four_colour(self._four_colour)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._reviews.append(window)
        window.finished.connect(lambda _result, w=window: self._forget_review(w))
        window.finished.connect(self._focus_table)
        keep_centred(window)
        window.show()
        return window

    def set_felt(self, felt: str) -> None:
        """The reviews' felt, a key of :data:`spades_desktop.looks.FELTS` (the table's):
        the open reviews change at once, the next ones open on it. Raises ``ValueError``
        for another key (nothing changes)."""
        if felt not in FELT_COLOURS:
            raise ValueError(f"Unknown felt {felt!r}.")
        self._felt = felt
        for review in self._reviews:
            review.set_felt(felt)

    def set_four_colour(self, on: bool) -> None:
        """Draw the reviews' faces from the four-colour deck (diamonds blue, clubs
        green; docs/rules.md §7) or the standard one: the open reviews at once, the
        next ones when they open."""
        self._four_colour = bool(on)
        for review in self._reviews:
            review.set_four_colour(on)

    def review_last_hand(self, parent: QWidget | None = None) -> ReviewWindow | None:
        """The review of the hand just finished ("Review hand" on the end-of-hand
        summary or on the game-over dialog, ``parent``); None before the first hand is
        over."""
        state = self._controller.state
        if state is None or not state.hand_records:
            return None
        return self.open_review(state.hand_records, len(state.hand_records) - 1,
                                state.rules, state.game_number, parent=parent)

    def _forget_review(self, window: ReviewWindow) -> None:
        if window in self._reviews:
            self._reviews.remove(window)

    def shutdown(self) -> None:
        """The window closes: stop the hint's search and close every review."""
        self.hints.shutdown()
        for review in list(self._reviews):
            review.close()
