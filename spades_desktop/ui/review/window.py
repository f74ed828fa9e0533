"""The hand review window: a finished hand trick by trick, with the coach's verdict on
each of South's decisions.

The window reads :class:`~spades_desktop.engine.HandRecord` objects only; it changes
neither the game nor the statistics. The analysis
(:func:`spades_desktop.bots.coach.review_hand`) runs on a worker thread
(:class:`~spades_desktop.controller.coach_runner.CoachRunner`) with a progress bar, and
is cancelled when the window closes.
"""

from __future__ import annotations

import html
from collections import OrderedDict
from collections.abc import Callable, Iterator, MutableMapping, Sequence

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal, Slot
from PySide6.QtGui import QCloseEvent, QKeyEvent, QPainter, QResizeEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...bots import coach
from ...bots.coach import Decision, HandReview, TrickReview
from ...controller.coach_runner import DONE, CoachRunner, Progress
from ...engine import Card, HandRecord, Rules, Seat
from ...looks import DEFAULT_FELT
from ..coach_text import action_text, candidates_text, reason_text
from ..dialogs.common import fit_screen
from ..table.card_item import CardRenderer
from ..table.prompts import FOCUS_RING
from ..texts import bid_text, card_label, seat_name, seat_name_mid
from .scene import BEST_OUTLINE, WINNER_OUTLINE, ReviewScene

__all__ = ["ReviewCache", "ReviewView", "ReviewWindow"]

BUTTON_STYLE = (
    "QPushButton{color:#14241a;background:#f7f4ea;border:2px solid #9fb8a6;"
    "border-radius:6px;padding:4px 10px;outline:none;}"
    " QPushButton:hover{background:#ffffff;border-color:#14241a;}"
    " QPushButton:pressed{background:#cfdcd2;}"
    f" QPushButton:focus{{border:2px solid {FOCUS_RING};background:#e3f1ff;}}"
    " QPushButton:disabled{color:#7d877f;background:#dde1dc;border-color:#c8ccc6;}"
)
"""The review's buttons: the table's buttons' faces, and the table's 2-pixel blue ring
(:data:`~spades_desktop.ui.table.prompts.FOCUS_RING`) on the one that has the keyboard
focus, the button Enter and Space press."""

_ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)

ReviewKey = tuple[int, int, tuple[HandRecord, ...]]
"""A review's key: ``(game number, budget, records up to the hand)``."""


class ReviewCache(MutableMapping[ReviewKey, HandReview]):
    """Finished reviews by :data:`ReviewKey`, the ``size`` used last (≥ 1; default
    :attr:`SIZE`): the owner keeps one so that a hand analysed once opens at once when
    reviewed again, and a long session of reviews holds no more than ``size`` of them.
    Reading or storing a review makes it the newest; storing one more than ``size``
    drops the oldest. Raises ``ValueError`` for a ``size`` below 1."""

    SIZE = 32
    """Reviews kept by default: every hand of a long game, and a few more."""

    def __init__(self, size: int = SIZE) -> None:
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise ValueError(f"A review cache holds at least one review, not {size!r}.")
        self.size = size
        self._reviews: OrderedDict[ReviewKey, HandReview] = OrderedDict()

    def __getitem__(self, key: ReviewKey) -> HandReview:
        review = self._reviews[key]
        self._reviews.move_to_end(key)
        return review

    def __setitem__(self, key: ReviewKey, review: HandReview) -> None:
        self._reviews[key] = review
        self._reviews.move_to_end(key)
        while len(self._reviews) > self.size:
            self._reviews.popitem(last=False)

    def __delitem__(self, key: ReviewKey) -> None:
        del self._reviews[key]

    def __iter__(self) -> Iterator[ReviewKey]:
        return iter(self._reviews)

    def __len__(self) -> int:
        return len(self._reviews)


ReviewFunction = Callable[..., HandReview]
"""``review_fn(record, rules, earlier_records, *, seat, budget, cancel, progress,
game_number)``:
:func:`spades_desktop.bots.coach.review_hand` or a stand-in with its shape."""


class ReviewView(QGraphicsView):
    """Shows the whole review scene, scaled to the view's size: the scene first takes the
    view's shape (:meth:`ReviewScene.fit_to`), so that the cards are as large as the
    room allows."""

    def __init__(self, scene: ReviewScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
            | QPainter.RenderHint.TextAntialiasing
        )
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the arrows step through the tricks
        self.setMinimumSize(440, 290)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt name)
        super().resizeEvent(event)
        scene = self.scene()
        if isinstance(scene, ReviewScene):  # as high as the view's shape asks (fitInView
            # keeps 2 pixels free on each side)
            scene.fit_to(self.viewport().width() - 4, self.viewport().height() - 4)
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        if isinstance(scene, ReviewScene):
            scene.set_view_scale(self.transform().m11())


class ReviewWindow(QDialog):
    """Review hand ``records[index]`` of a game played with ``rules`` (the records of
    the current game or of any finished one; ``records[:index]`` are the hands before,
    which give the scores the hand was played at).

    Step 0 shows the deal and the bidding, step ``k`` trick ``k``; the buttons, Left /
    Right (whatever has the focus) and Home / End move between steps, Page Up / Page
    Down between the hands. The button with the keyboard focus wears the table's blue
    ring (:data:`BUTTON_STYLE`), Forward on opening; Space and Enter press it and no
    other (no button is the default: Enter with the focus elsewhere presses nothing); a
    focused button that becomes disabled hands the focus to its opposite (Forward and
    Back, one hand's button and the other's); Tab and Shift+Tab move between the enabled
    buttons; Esc closes. ``budget``
    (deals per decision, None: the coach's default) sets the analysis' depth;
    ``game_number`` (the game's number) seeds the coach's draws as it seeded the hints
    during play, so that a review and a hint of the same position agree. ``cache``
    (:data:`ReviewCache`, kept by the owner) holds finished reviews: a hand found there
    is shown at once, without a new analysis. ``felt`` (a key of
    :data:`spades_desktop.looks.FELTS`) is the felt the cards lie on (:meth:`set_felt`).

    Signals: ``step_changed(step)``; ``review_ready(review)`` (a ``coach.HandReview``);
    ``analysis_finished(outcome)``: the analysis is over, ``"done"``, ``"failed"`` or
    ``"cancelled"`` (also after the window has closed: the worker finished).
    Raises ``ValueError`` for an index outside ``records`` or a hand not finished.

    Object names (tests and tools may rely on them): ``review_scene``, the
    :class:`ReviewScene` (a child object of the window); ``review_worker``, the
    :class:`CoachRunner` analysing the hand (until the window closes: then it passes to
    the application and deletes itself once its thread has stopped); the buttons
    ``previousHand``, ``first``, ``back``, ``forward``, ``last``, ``nextHand`` and
    ``close`` (``QPushButton``); the ``QLabel`` children under the table: ``legend``
    (rich text, one line: the outlines' colours and what they mark), ``bidding``,
    ``step`` ("The deal and the bidding" or "Trick k of n: …"), ``decision`` (the
    coach's verdict on South's decision at this step, in points), ``doubleDummy`` (the
    double-dummy count of the trick shown, in tricks with every card known, and whether
    South's card reaches it; empty at the bidding) and ``summary`` (the review's totals;
    it says so while the coach is analysing); ``progress``, the ``QProgressBar`` beside
    the summary, shown while the analysis runs (hidden once it is done or failed, and
    for a review found in the cache), wide enough for its whole text ("Analysing…
    100%").
    """

    step_changed = Signal(int)
    review_ready = Signal(object)
    analysis_finished = Signal(str)

    def __init__(
        self,
        records: Sequence[HandRecord],
        index: int,
        rules: Rules,
        parent: QWidget | None = None,
        *,
        budget: int | None = None,
        review_fn: ReviewFunction | None = None,
        renderer: CardRenderer | None = None,
        game_number: int = 0,
        cache: ReviewCache | None = None,
        felt: str = DEFAULT_FELT,
    ) -> None:
        super().__init__(parent)
        self._game_number = game_number
        self._cache: ReviewCache = cache if cache is not None else ReviewCache()
        self._records = tuple(records)
        record = self._checked(index)
        self.setWindowFlag(Qt.WindowType.WindowMaximizeButtonHint, True)
        self._index = index
        self._record = record
        self._earlier = self._records[:index]
        self._rules = rules
        self._budget = budget if budget is not None else coach.REVIEW_BUDGET
        self._review_fn: ReviewFunction = review_fn or coach.review_hand
        self._review: HandReview | None = None
        self._failure: str | None = None
        self._step = 0

        self._scene = ReviewScene(renderer)
        self._scene.setObjectName("review_scene")
        self._scene.setParent(self)
        self._scene.set_felt(felt)
        self._view = ReviewView(self._scene, self)

        self._bidding = QLabel()
        self._bidding.setObjectName("bidding")
        self._where = QLabel()
        self._where.setObjectName("step")
        font = self._where.font()
        font.setBold(True)
        self._where.setFont(font)
        self._decision = QLabel()
        self._decision.setObjectName("decision")
        self._double_dummy = QLabel()
        self._double_dummy.setObjectName("doubleDummy")
        self._summary = QLabel()
        self._summary.setObjectName("summary")
        self._legend = QLabel()
        self._legend.setObjectName("legend")
        self._legend.setTextFormat(Qt.TextFormat.RichText)
        for label in (self._bidding, self._decision, self._double_dummy, self._summary):
            label.setWordWrap(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self._progress = QProgressBar()
        self._progress.setObjectName("progress")
        self._progress.setRange(0, 0)
        self._progress.setTextVisible(True)

        self._previous_hand = QPushButton()
        self._first = QPushButton()
        self._back = QPushButton()
        self._forward = QPushButton()
        self._last = QPushButton()
        self._next_hand = QPushButton()
        self._previous_hand.clicked.connect(self.previous_hand)
        self._first.clicked.connect(self.first)
        self._back.clicked.connect(self.back)
        self._forward.clicked.connect(self.forward)
        self._last.clicked.connect(self.last)
        self._next_hand.clicked.connect(self.next_hand)
        nav = QHBoxLayout()
        for button, name in (
            (self._previous_hand, "previousHand"),
            (self._first, "first"),
            (self._back, "back"),
            (self._forward, "forward"),
            (self._last, "last"),
            (self._next_hand, "nextHand"),
        ):
            button.setObjectName(name)
            nav.addWidget(button)
        nav.addStretch(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        assert isinstance(close, QPushButton)
        close.setObjectName("close")
        self._close = close
        nav.addWidget(buttons)
        # No button is the dialog's default: Enter and Space press the focused button
        # only (eventFilter), the one with the ring; Esc closes.
        for button in self._buttons():
            button.setAutoDefault(False)
            button.setDefault(False)
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            button.setStyleSheet(BUTTON_STYLE)

        layout = QVBoxLayout(self)
        layout.addWidget(self._view, 1)
        layout.addWidget(self._legend)
        layout.addWidget(self._bidding)
        layout.addWidget(self._where)
        layout.addWidget(self._decision)
        layout.addWidget(self._double_dummy)
        summary_row = QHBoxLayout()
        summary_row.addWidget(self._summary, 1)
        summary_row.addWidget(self._progress)
        layout.addLayout(summary_row)
        layout.addLayout(nav)

        # The arrows step through the tricks whatever has the focus: a button's own use
        # of them (moving the focus ring) gives way; Tab moves between the buttons.
        for button in self._buttons():
            button.installEventFilter(self)
        self._forward.setFocus(Qt.FocusReason.OtherFocusReason)

        self._runner = CoachRunner("review-worker", self)
        self._runner.setObjectName("review_worker")
        self._runner.job_progress.connect(self._on_progress)
        self._runner.job_done.connect(self._on_done)
        self._runner.job_failed.connect(self._on_failed)
        self._runner.job_finished.connect(self._on_finished)
        self.finished.connect(self._stop_analysis)
        self._job: int | None = None

        fit_screen(self, QSize(1000, 860))  # an 800×600 screen shows it whole
        self.retranslate()
        self._start_analysis()
        # a review found in the cache shows its comments at once; else "analysing…"
        # from the start, not "stopped"
        self._show()

    def _checked(self, index: int) -> HandRecord:
        if not 0 <= index < len(self._records):
            raise ValueError(f"No hand {index} among {len(self._records)} records.")
        record = self._records[index]
        if not record.finished or any(d is None for d in record.deal):
            raise ValueError(f"Hand {record.hand_number} is not finished.")
        return record

    # -- reading (tests, other windows) -------------------------------------------------------
    @property
    def index(self) -> int:
        """The reviewed hand's place in the game's records (0-based)."""
        return self._index

    @property
    def record(self) -> HandRecord:
        """The hand reviewed."""
        return self._record

    @property
    def game_number(self) -> int:
        """The number of the game whose hand is reviewed."""
        return self._game_number

    @property
    def review(self) -> HandReview | None:
        """The coach's review once the analysis is done, else None."""
        return self._review

    @property
    def steps(self) -> int:
        """The last step (the number of tricks)."""
        return len(self._record.tricks)

    # -- stepping ------------------------------------------------------------------------------
    @Slot()
    def first(self) -> None:
        """The deal and the bidding (Home)."""
        self.go_to(0)

    @Slot()
    def back(self) -> None:
        """The step before (Left)."""
        self.go_to(self._step - 1)

    @Slot()
    def forward(self) -> None:
        """The next trick (Right)."""
        self.go_to(self._step + 1)

    @Slot()
    def last(self) -> None:
        """The last trick (End)."""
        self.go_to(self.steps)

    @Slot()
    def previous_hand(self) -> None:
        """The game's hand before this one (Page Up), from its deal."""
        if self._index > 0:
            self.show_hand(self._index - 1)

    @Slot()
    def next_hand(self) -> None:
        """The game's next finished hand (Page Down), from its deal."""
        if self._index + 1 < len(self._records):
            self.show_hand(self._index + 1)

    def show_hand(self, index: int) -> None:
        """Review hand ``records[index]`` instead, from its deal and bidding: the running
        analysis is cancelled and the new hand's starts. Raises ``ValueError`` for an
        index outside the records or a hand not finished (nothing changes)."""
        record = self._checked(index)
        if self._job is not None:
            self._runner.cancel(self._job)
            self._job = None
        self._index, self._record = index, record
        self._earlier = self._records[:index]
        self._review, self._failure, self._step = None, None, 0
        self._progress.setRange(0, 0)
        self._progress.show()
        self.retranslate()
        self._start_analysis()
        self._show()
        self.step_changed.emit(0)
        if self._review is not None:  # from the cache
            self.review_ready.emit(self._review)

    def go_to(self, step: int) -> None:
        """Show ``step``, clamped to 0..:attr:`steps`."""
        step = max(0, min(self.steps, step))
        changed = step != self._step
        self._step = step
        self._show()
        if changed:
            self.step_changed.emit(step)

    def _buttons(self) -> tuple[QPushButton, ...]:
        """The window's buttons in their row's order, Close last."""
        return (self._previous_hand, self._first, self._back, self._forward, self._last,
                self._next_hand, self._close)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        ):
            if event.key() in (Qt.Key.Key_Left, Qt.Key.Key_Right):
                if event.key() == Qt.Key.Key_Left:
                    self.back()
                else:
                    self.forward()
                return True
            if event.key() in _ENTER_KEYS and isinstance(watched, QPushButton):
                if watched.isEnabled() and not event.isAutoRepeat():
                    watched.click()
                return True
        return super().eventFilter(watched, event)

    def _keep_focus(self, enabled: dict[QPushButton, bool]) -> None:
        """Before the buttons take their ``enabled`` states: a focused button about to
        be disabled hands the focus to its opposite (Forward to Back, Last to Back,
        Back and Bidding to Forward, one hand's button to the other), else to the first
        button left enabled, so that the ring never jumps to Close by itself."""
        focused = self.focusWidget()
        if not isinstance(focused, QPushButton) or enabled.get(focused, True):
            return
        opposite = {
            self._forward: self._back,
            self._last: self._back,
            self._back: self._forward,
            self._first: self._forward,
            self._previous_hand: self._next_hand,
            self._next_hand: self._previous_hand,
        }
        order = (opposite.get(focused), self._forward, self._back, *self._buttons())
        target = next(b for b in order if b is not None and enabled.get(b, True))
        target.setFocus(Qt.FocusReason.OtherFocusReason)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt name)
        key = event.key()
        if key in _ENTER_KEYS:  # the focus is on no button: Enter presses nothing
            event.accept()
            return
        moves = (
            (Qt.Key.Key_Left, self.back),
            (Qt.Key.Key_Right, self.forward),
            (Qt.Key.Key_Home, self.first),
            (Qt.Key.Key_End, self.last),
            (Qt.Key.Key_PageUp, self.previous_hand),
            (Qt.Key.Key_PageDown, self.next_hand),
        )
        for wanted, move in moves:
            if key == wanted:
                move()
                event.accept()
                return
        super().keyPressEvent(event)

    # -- the analysis ---------------------------------------------------------------------------
    def _cache_key(self) -> ReviewKey:
        return (self._game_number, self._budget, self._records[: self._index + 1])

    def _start_analysis(self) -> None:
        cached = self._cache.get(self._cache_key())
        if cached is not None:
            self._review = cached
            self._progress.hide()
            return
        record, rules, earlier = self._record, self._rules, self._earlier
        review_fn, budget = self._review_fn, self._budget
        game_number = self._game_number

        def job(cancelled: Callable[[], bool], progress: Progress) -> object:
            return review_fn(
                record,
                rules,
                earlier,
                seat=Seat.SOUTH,
                budget=budget,
                cancel=cancelled,
                progress=progress,
                game_number=game_number,
            )

        self._job = self._runner.submit(job)

    @Slot()
    def _stop_analysis(self) -> None:
        """The window closes: cancel the analysis; the worker stops at its next poll and
        the runner deletes itself once its thread has stopped."""
        if self._runner.parent() is self:
            self._runner.release()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt name)
        super().closeEvent(event)
        if event.isAccepted():
            self._stop_analysis()

    @Slot(int, int, int)
    def _on_progress(self, job_id: int, done: int, total: int) -> None:
        if job_id == self._job:
            self._progress.setRange(0, max(1, total))
            self._progress.setValue(done)

    @Slot(int, object)
    def _on_done(self, job_id: int, review: object) -> None:
        if job_id != self._job or not isinstance(review, HandReview):
            return
        self._review = review
        self._cache[self._cache_key()] = review
        self._show()
        self.review_ready.emit(review)

    @Slot(int, str)
    def _on_failed(self, job_id: int, message: str) -> None:
        if job_id == self._job:
            self._failure = message
            self._show()

    @Slot(int, str)
    def _on_finished(self, job_id: int, outcome: str) -> None:
        if job_id != self._job:
            return
        self._job = None
        if outcome == DONE or self._failure is not None:
            self._progress.hide()
        self._show_summary()
        self.analysis_finished.emit(outcome)

    # -- texts ----------------------------------------------------------------------------------
    def retranslate(self) -> None:
        """Set every text in the current language (also on ``LanguageChange``)."""
        self.setWindowTitle(self.tr("Hand {0} — review").format(self._record.hand_number))
        self._previous_hand.setText(self.tr("‹ Previous hand"))
        self._next_hand.setText(self.tr("Next hand ›"))
        self._previous_hand.setToolTip(self.tr("The hand before this one (Page Up)"))
        self._next_hand.setToolTip(self.tr("The next hand of the game (Page Down)"))
        self._first.setText(self.tr("« Bidding"))
        self._back.setText(self.tr("◀ Back"))
        self._forward.setText(self.tr("Forward ▶"))
        self._last.setText(self.tr("Last »"))
        self._first.setToolTip(self.tr("The deal and the bidding (Home)"))
        self._back.setToolTip(self.tr("The trick before (Left arrow)"))
        self._forward.setToolTip(self.tr("The next trick (Right arrow)"))
        self._last.setToolTip(self.tr("The last trick (End)"))
        self._progress.setFormat(self.tr("Analysing… %p%"))
        self._fit_progress()
        winner = self.tr("won the trick", "legend of the review's gold outline")
        best = self.tr("the coach's best card", "legend of the review's blue outline")
        self._legend.setText(
            f'<span style="color:{WINNER_OUTLINE.name()}">■</span> {html.escape(winner)}'
            f'&nbsp;&nbsp;&nbsp;<span style="color:{BEST_OUTLINE.name()}">■</span> '
            f"{html.escape(best)}"
        )
        self._show()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        elif event.type() == QEvent.Type.FontChange:
            self._fit_progress()
        super().changeEvent(event)

    def _fit_progress(self) -> None:
        """Size the progress bar from its font: its text at 100 %, two letters' room on
        each side, and a line's height with room for the frame."""
        bar = self._progress
        fm = bar.fontMetrics()
        text = bar.format().replace("%p", "100").replace("%v", "100").replace("%m", "100")
        bar.setMinimumSize(fm.horizontalAdvance(text) + 4 * fm.averageCharWidth(), fm.height() + 8)

    def set_four_colour(self, on: bool) -> None:
        """Draw the faces from the four-colour deck (``on``) or the standard one."""
        self._scene.set_four_colour(on)

    def set_felt(self, felt: str) -> None:
        """Lay the cards on ``felt``, a key of :data:`spades_desktop.looks.FELTS`, at
        once. Raises ``ValueError`` for another key (nothing changes)."""
        self._scene.set_felt(felt)

    def _show(self) -> None:
        record, step = self._record, self._step
        decision = self._decision_at(step)
        marked: frozenset[Card] = frozenset()
        if decision is not None and decision.mistake and isinstance(decision.best, Card):
            marked = frozenset({decision.best})
        self._scene.show_step(record, step, marked)
        self._bidding.setText(self._bidding_text())
        if step == 0:
            self._where.setText(self.tr("The deal and the bidding"))
        else:
            trick = record.tricks[step - 1]
            self._where.setText(
                self.tr("Trick {0} of {1}: {2} led, {3} won it.").format(
                    step, len(record.tricks), seat_name(trick.leader), seat_name_mid(trick.winner)
                )
            )
        self._decision.setText(self._decision_text(decision, step))
        self._double_dummy.setText(self._double_dummy_text(step, decision))
        enabled = {
            self._previous_hand: self._index > 0,
            self._next_hand: self._index + 1 < len(self._records),
            self._first: step > 0,
            self._back: step > 0,
            self._forward: step < self.steps,
            self._last: step < self.steps,
        }
        self._keep_focus(enabled)
        for button, on in enabled.items():
            button.setEnabled(on)
        self._show_summary()

    def _show_summary(self) -> None:
        review = self._review
        if review is not None:
            self._summary.setText(
                self.tr("Decisions reviewed: {0} · mistakes: {1} · points lost: {2}").format(
                    review.reviewed, review.mistakes, round(review.points_lost)
                )
            )
        elif self._failure is not None:
            self._summary.setText(self.tr("The analysis failed: {0}").format(self._failure))
        elif self._job is not None:
            self._summary.setText(self.tr("The coach is analysing your decisions…"))
        else:
            self._summary.setText(self.tr("The analysis was stopped."))

    def _bidding_text(self) -> str:
        record = self._record
        order = [Seat((record.dealer + i) & 3) for i in range(1, 5)]
        bids = self.tr(", ").join(
            self.tr("{0} {1}", "seat and bid").format(seat_name(s), bid_text(record.bids[s]))
            for s in order
        )
        return self.tr("Bidding (dealer: {0}): {1}").format(seat_name(record.dealer), bids)

    def _decision_at(self, step: int) -> Decision | None:
        review = self._review
        if review is None:
            return None
        if step == 0:  # the bid (after a look at the cards, the bid is the last decision)
            bids = [d for d in review.decisions if d.kind == "bid"]
            return bids[-1] if bids else None
        return next((d for d in review.decisions if d.kind == "card" and d.trick == step), None)

    def _decision_text(self, decision: Decision | None, step: int) -> str:
        if self._review is None:
            return ""
        if decision is None:
            if step == 0:
                return self.tr("Your bid: no real choice to review.")
            return self.tr("Your card: no real choice to review.")
        made, best = action_text(decision.made), action_text(decision.best)
        if decision.mistake:
            reason = (
                reason_text(decision.reason, decision.reason_arg)
                if decision.reason is not None
                else ""
            )
            cost = self.tr("%n point(s)", "", round(decision.cost))
            verdict = self.tr("✗ Mistake: you chose {0}; best: {1} — cost {2}; {3}.").format(
                made, best, cost, reason
            )
        elif decision.best == decision.made:
            verdict = self.tr("✓ You chose {0}: the best choice (cost 0).").format(made)
        else:
            # Not a mistake: the difference is within the coach's noise (bots/coach.py,
            # NOISE_SIGMAS), so the expected points below may still differ a little.
            verdict = self.tr(
                "✓ You chose {0}; {1} was about as good: the difference is "
                "within the coach's margin of error."
            ).format(made, best)
        return self.tr(
            "{0}\nExpected points this hand, your team's score minus the other team's: {1}"
        ).format(verdict, candidates_text(decision.candidates))

    def _double_dummy_text(self, step: int, decision: Decision | None) -> str:
        """The trick's double-dummy line: the count in tricks with every card known, the
        cards that reach it, and, when South's card was reviewed (``decision``), whether
        that card reaches it, said so that it never reads as the verdict on points."""
        review = self._review
        if review is None or step == 0:
            return ""
        trick: TrickReview | None = next((t for t in review.tricks if t.trick == step), None)
        if trick is None:
            return ""
        if trick.double_dummy_tricks is None:
            if len(self._record.tricks) - step + 1 > coach.DOUBLE_DUMMY_TRICKS:
                return self.tr(
                    "Exact analysis with all cards known: from %n tricks left.",
                    "",
                    coach.DOUBLE_DUMMY_TRICKS,
                )
            return self.tr("Exact analysis with all cards known: too long for this trick.")
        best = " ".join(card_label(c, short=True) for c in trick.best_cards)
        count = self.tr(
            "With all cards known, counting tricks only: North–South take %n trick(s) "
            "from here, this one included; most tricks with: {0}.",
            "",
            trick.double_dummy_tricks,
        ).format(best)
        if decision is None or not isinstance(decision.made, Card):
            return count
        made = action_text(decision.made)
        keeps = trick.keeps_most_tricks(decision.made)
        if keeps and decision.mistake:
            mine = self.tr(
                "Your {0} is one of them: its cost is in points (bags, Nil, contracts), "
                "on the deals that fit what you saw."
            ).format(made)
        elif keeps:
            mine = self.tr("Your {0} is one of them.").format(made)
        elif decision.mistake:
            mine = self.tr("Your {0} takes fewer.").format(made)
        else:
            mine = self.tr(
                "Your {0} takes fewer, yet scores as well in points (bags, Nil, "
                "contracts) on the deals that fit what you saw."
            ).format(made)
        return self.tr("{0} {1}", "the double-dummy count, then what it says of your card").format(
            count, mine
        )
