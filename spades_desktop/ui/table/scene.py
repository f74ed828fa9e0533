"""The card table: a Graphics View scene drawn from South's ``PlayerView``.

:class:`TableScene` coordinates its parts, each in its own module: the card items
(:mod:`.cards`), the plates and corner panels (:mod:`.panels`), the animation steps
between two views (:mod:`.transitions`), the prompts (:mod:`.prompts`: the bid panel,
the Blind Nil question, the Play and Hint buttons), the overlays (:mod:`.overlays`),
the end-of-hand summary (:mod:`.summary`) and the human's keys and clicks
(:mod:`.table_input`). It animates the difference between two views through one
:class:`Animator`, ignores input while animating, and a click on the table skips the
running animation. What it shows is read through :meth:`TableScene.snapshot`. The
scene never decides a rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from PySide6.QtCore import QCoreApplication, QPointF, QRect, QRectF, Qt, Signal, Slot
from PySide6.QtGui import QBrush, QColor, QKeyEvent, QPainter, QRadialGradient
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSceneMouseEvent, QPushButton, QWidget

from ...bots.coach import Hint
from ...engine import (
    Action,
    Bid,
    Card,
    HandRecord,
    Phase,
    PlayerView,
    Seat,
    Team,
    TrickRecord,
    hand_positions,
    observe,
)
from ...looks import (
    CARD_SCALES,
    CARD_SIZES,
    DEFAULT_CARD_BACK,
    DEFAULT_CARD_SIZE,
    DEFAULT_FELT,
    FELT_COLOURS,
    HIGH_CONTRAST,
    STANDARD,
)
from ..bid_panel import BidPanel
from ..sound import Cue, hand_cue
from ..status_line import StatusLine
from ..texts import bid_text, seat_name
from .animator import Animator
from .card_item import CardItem, CardRenderer
from .cards import TableCards
from .items import BubbleItem
from .layout import TableGeometry
from .overlays import FinishedTrick, LastTrickShow, RefusalNote
from .panels import TablePanels
from .prompts import Advice, BlindNilQuestion, TablePrompts, blind_nil_pending
from .snapshot import CardShot, TableSnapshot, frozen_map, text_shot
from .speech import (
    Announcer,
    card_name,
    card_played_text,
    contract_text,
    hand_score_text,
    hand_text,
    spoken_panel,
    trick_text,
    turn_text,
)
from .summary import HandSummary
from .table_input import TableInput
from .transitions import Transitions

translate = QCoreApplication.translate
"""Table strings use the context "Table"; each call names it literally for lupdate."""

class TableScene(QGraphicsScene):
    """The table for the human at South.

    Signals:
    - ``card_play_requested(card)``: the human played a card (second click or Play).
    - ``bid_requested(action)``: the human chose a bid, or to look at the cards.
    - ``hand_finished()``: the last trick of a hand was collected; the table waits for
      :meth:`deal` to show the next hand.
    - ``busy_changed(busy)``: :attr:`busy` changed; the game may go on only while the
      table is not busy (connect it to ``GameController.set_table_busy``).
    - ``animations_idle()``: the animator's queue ran empty (from the animator).
    - ``hand_summary_closed()``: the player chose "Next hand" on the end-of-hand
      summary (:meth:`show_hand_summary`); the table still waits for :meth:`deal`.
    - ``score_sheet_requested()``: the player chose "Score sheet" on the summary.
    - ``hand_review_requested()``: the player chose "Review hand" on the summary.
    - ``hint_requested()``: the human asked for a hint (the Hint button or H) while
      South is asked for a bid or a card.
    - ``claim_requested()``: the human pressed C (not after a rank) or the Claim button
      while South is to play a card: a claim of the rest of the hand (the window decides
      whether it may be made).
    - ``new_game_requested()``: the human chose the New game button, shown on the
      felt while there is no game or once the game is over and its last hand is gone.
    - ``sound_cue(cue)``: a moment with a sound (:class:`~spades_desktop.ui.sound.Cue`)
      is shown: a deal, a bid, a card, a trick collected (as the animation shows them),
      South's turn (once per decision, when the table asks for it) and the hand's
      result (when its summary opens).

    What happens on the table is told in ``status_line`` (a bid, a trick won, what
    South is asked to do, why a click does nothing), and to a screen reader through
    ``announcer`` (:mod:`.speech`): each bid, card and trick won once the table shows
    it, the hand's score, South's turn, why a card is refused; the table's view is
    named after South's raised card and described by South's hand.
    """

    card_play_requested = Signal(object)
    bid_requested = Signal(object)
    hand_finished = Signal()
    busy_changed = Signal(bool)
    hand_summary_closed = Signal()
    score_sheet_requested = Signal()
    hand_review_requested = Signal()
    hint_requested = Signal()
    claim_requested = Signal()
    new_game_requested = Signal()
    sound_cue = Signal(object)

    def __init__(self, renderer: CardRenderer | None = None,
                 status_line: StatusLine | None = None) -> None:
        super().__init__()
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.status_line = status_line if status_line is not None else StatusLine(self)
        self.geometry = TableGeometry(1000, 700)
        self.setSceneRect(0, 0, 1000, 700)
        self._view: PlayerView | None = None
        self._awaiting_deal: PlayerView | None = None
        # A computer player said to be thinking while the table still shows an earlier
        # moment: its mark waits until the table has caught up (see set_thinking).
        self._thinking_pending: Seat | None = None
        self._busy = False
        self._felt = DEFAULT_FELT
        self._card_back = DEFAULT_CARD_BACK
        self._card_size = self._card_size_shown = DEFAULT_CARD_SIZE
        self.table_palette = STANDARD
        """The colours of the table's look (:func:`.items.palette_of` reads it)."""
        self._quiet = False
        self.animator = Animator(self)
        self.animator.animations_idle.connect(self._on_idle)
        self.animations_idle = self.animator.animations_idle
        self.animator.busy_changed.connect(self._update_busy)
        self.announcer = Announcer(self._table_view, self)
        """Speaks for the table to a screen reader (:mod:`.speech`)."""
        self._turn_said: tuple[object, ...] | None = None
        self._refusal_spoken = ""
        self._cards = TableCards(self, renderer or CardRenderer(), lambda: self.geometry,
                                 self._on_card_clicked)
        self._panels = TablePanels(self, lambda: self.geometry)
        self._transitions = Transitions(self, self.animator, self._cards, self._panels,
                                        lambda: self.geometry)
        self._transitions.trick_won.connect(self._on_trick_won)
        self._transitions.hand_over.connect(self._on_hand_over)
        self._transitions.bid_shown.connect(self._on_bid_shown)
        self._transitions.card_shown.connect(self._on_card_shown)
        self._transitions.cue.connect(self.sound_cue)
        self._turn_cued: tuple[object, ...] | None = None
        """The decision of South's whose turn cue was given (given once per decision)."""
        self._prompts = TablePrompts(self, self._cards, self._panels, self.status_line,
                                     lambda: self.geometry, self._input_open)
        self._prompts.bid_requested.connect(self.bid_requested)
        self._prompts.card_play_requested.connect(self.card_play_requested)
        self._summary = HandSummary(lambda: [self.plate_rect(s) for s in Seat])
        self.addItem(self._summary)
        self._summary.next_hand_requested.connect(self.hand_summary_closed)
        self._summary.score_sheet_requested.connect(self.score_sheet_requested)
        self._summary.review_requested.connect(self.hand_review_requested)
        self._prompts.hint_requested.connect(self.hint_requested)
        self._prompts.claim_requested.connect(self.claim_requested)
        self._prompts.new_game_requested.connect(self.new_game_requested)
        self._finished = FinishedTrick(self, self._cards, lambda: self.geometry)
        self._finished.changed.connect(self._update_busy)
        self._transitions.hold_trick = self._finished.hold
        self._transitions.bubble_centre = self._bubble_centre
        self._refusal = RefusalNote(self, lambda: self.geometry,
                                    lambda: self.plate_rect(Seat.SOUTH).right(),
                                    lambda: self.plate_rect(Seat.EAST))
        self._prompts.card_refused.connect(self._on_card_refused)
        self._claim_note = RefusalNote(self, lambda: self.geometry,
                                       lambda: self.plate_rect(Seat.SOUTH).right(),
                                       lambda: self.plate_rect(Seat.EAST),
                                       raised_card=False)
        self._last = LastTrickShow(self, self._cards, lambda: self.geometry)
        self._last.changed.connect(self._on_last_trick_changed)
        self._summary_under_last = False
        """The end-of-hand summary is hidden while the last trick is shown over it."""
        self._refusal_said = ""
        self._refusal.changed.connect(self._on_refusal_changed)
        self._input = TableInput(self, self._cards, self._prompts, self._summary, self._last,
                                 self.animator, lambda: self._view, self._input_open)
        self.retranslate()
        self._update_new_game()

    # -- state -------------------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        """True while an animation runs or is queued (input is ignored)."""
        return self.animator.busy

    @property
    def waiting_for_deal(self) -> bool:
        """True after a hand ended, until :meth:`deal` is called."""
        return self._awaiting_deal is not None

    @property
    def busy(self) -> bool:
        """True while the table has something to finish before the game may go on: it
        is :attr:`animating`, :attr:`waiting_for_deal`, or a finished trick is still
        shown at instant speed (``TableSnapshot.finished_trick``)."""
        return self.animating or self.waiting_for_deal or bool(self._finished.cards)

    # -- the embedded widgets and settings ------------------------------------------------------
    @property
    def bid_panel(self) -> BidPanel:
        """The bid panel shown on the table when South is to bid."""
        return self._prompts.bid_panel

    @property
    def blind_question(self) -> BlindNilQuestion:
        """The Blind Nil question shown before South's cards are (docs/rules.md §2)."""
        return self._prompts.blind_question

    @property
    def play_button(self) -> QPushButton:
        """The Play button beside South's hand (plays the raised card)."""
        return self._prompts.play_button

    @property
    def new_game_button(self) -> QPushButton:
        """The New game button in the middle of an empty felt (``new_game_requested``)."""
        return self._prompts.new_game_button

    @property
    def hint_button(self) -> QPushButton:
        """The Hint button beside South's hand, shown when South is to bid or play."""
        return self._prompts.hint_button

    @property
    def claim_button(self) -> QPushButton:
        """The Claim button above the Hint button, shown on South's turn to play while
        :meth:`set_claim_offered` says a claim may be made (``claim_requested``)."""
        return self._prompts.claim_button

    def set_claim_offered(self, offered: bool) -> None:
        """Show the Claim button on South's turn to play while ``offered`` (the window
        knows whether a claim may be made now)."""
        self._prompts.set_claim_offered(offered)

    @property
    def hint_offered(self) -> bool:
        """Whether South may ask for a hint now (the Hint button is shown)."""
        return self._prompts.hint_offered

    def show_hint_pending(self) -> None:
        """A hint is being searched for the position on the table (the reason for a
        refused card goes: the hint bubble takes its place)."""
        self._refusal.hide()
        self._prompts.show_hint_pending()

    def show_hint(self, view: PlayerView, hint: Hint) -> bool:
        """Show the coach's ``hint`` for ``view`` if the table still shows that position
        and offers hints: the hinted card is raised (Enter plays it) or the hinted bid
        focused, and a bubble tells the reason and the candidates' points. Returns
        whether it was shown."""
        if self._view != view or not self._input_open():
            return False
        shown = self._prompts.show_hint(view, hint)
        if shown:
            self._fit_the_prompt()
        self._update_focus()
        return shown

    def _fit_the_prompt(self) -> None:
        """The bid panel's text may have changed while it shows (its advice, a hint's
        reason): if the larger cards shown leave it no longer room, lay the table out
        again with the largest size that does (:meth:`_fitted`)."""
        g = self.geometry
        if (self.bid_panel.isVisible() and self._card_size_shown != CARD_SIZES[0]
                and self._fitted(g.width, g.height) != g):
            self.set_size(g.width, g.height)

    def focus_prompt(self) -> None:
        """Give the keyboard focus back to what the table asks for now: the bid panel,
        the Blind Nil question, or (South to play, or nothing asked) the table itself.
        Call it with the view focused, e.g. once a dialog has closed."""
        self._prompts.focus_prompt()

    def clear_hint(self) -> None:
        """Take the hint away (the position changed)."""
        self._prompts.clear_hint()

    @property
    def show_advice(self) -> bool:
        """Whether the bid panel recommends a bid."""
        return self._prompts.show_advice

    @show_advice.setter
    def show_advice(self, on: bool) -> None:
        self._prompts.show_advice = on
        self._prompts.refresh_advice(self._view)  # an open bid panel changes at once

    @property
    def advice(self) -> Advice | None:
        """Gives the recommended bid and its reason for a view (None: no advice)."""
        return self._prompts.advice

    @advice.setter
    def advice(self, advice: Advice | None) -> None:
        self._prompts.advice = advice

    def set_one_click(self, on: bool) -> None:
        """Whether a click on a legal card plays it at once (``Settings.one_click_play``)
        or raises it for a second click or Play."""
        self._prompts.one_click = on

    def set_speed(self, speed: float) -> None:
        """Animation speed factor: 1 normal, 2 slow, 0 instant. At any speed a finished
        trick stays at least ``overlays.TRICK_MIN_MS`` on the table; at instant speed
        the table is :attr:`busy` meanwhile (the computer players wait) but takes the
        human's input, and the next card played takes the trick away at once; the
        thinking mark's dots stand still."""
        self.animator.speed = max(0.0, speed)
        self._transitions.instant = self.animator.speed == 0
        self._panels.set_marks_moving(self.animator.speed > 0)

    def set_looks(self, felt: str, card_back: str, four_colour: bool = False,
                  high_contrast: bool = False) -> None:
        """Paint the felt in ``felt`` and every back as ``card_back``, at once (keys of
        :data:`spades_desktop.looks.FELTS` and ``CARD_BACKS``); the faces from the
        four-colour deck with ``four_colour``; everything in the high-contrast look
        (:data:`spades_desktop.looks.HIGH_CONTRAST`, its own felt) with
        ``high_contrast`` (docs/rules.md §7). Raises ``ValueError`` for an unknown key
        (nothing changes)."""
        if felt not in FELT_COLOURS:
            raise ValueError(f"Unknown felt {felt!r}.")
        self._cards.set_back(card_back)
        self._cards.set_four_colour(four_colour)
        self.table_palette = HIGH_CONTRAST if high_contrast else STANDARD
        self._summary.set_felt(felt, self.table_palette)
        self._prompts.set_palette(self.table_palette)
        self._felt, self._card_back = felt, card_back
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)
        self.update()

    @property
    def card_size(self) -> str:
        """The card size chosen (a key of :data:`spades_desktop.looks.CARD_SIZES`)."""
        return self._card_size

    @property
    def card_size_shown(self) -> str:
        """The card size drawn: :attr:`card_size`, or on a table too small for it the
        largest size that fits there (nothing covering South's hand, a plate or the
        bid panel)."""
        return self._card_size_shown

    def set_card_size(self, size: str) -> None:
        """Draw the cards at ``size`` (a key of :data:`spades_desktop.looks.CARD_SIZES`:
        normal, large about 125 %, extra large about 150 %), the table laid out again at
        once. Raises ``ValueError`` for an unknown key (nothing changes)."""
        if size not in CARD_SCALES:
            raise ValueError(f"Unknown card size {size!r}.")
        if size != self._card_size:
            self._card_size = size
            self.set_size(self.geometry.width, self.geometry.height)

    def retranslate(self) -> None:
        """Set every text in the current language: the Play button, the Blind Nil
        question, the bid panel (with the advice recomputed), the plates and panels."""
        self._prompts.retranslate(self._view)
        if self._fitted(self.geometry.width, self.geometry.height) != self.geometry:
            self.set_size(self.geometry.width, self.geometry.height)  # the texts' room
        self._panels.retranslate(self._view)
        self._prompts.position()
        self._summary.retranslate()

    def set_size(self, width: float, height: float) -> None:
        """The view was resized: lay everything out again for ``width`` × ``height``."""
        width, height = max(320.0, width), max(240.0, height)
        self.geometry = self._fitted(width, height)
        self.setSceneRect(0, 0, width, height)
        self._panels.relayout()
        if self.animator.busy:
            self.animator.skip()
        self._finished.end()
        if self._view is not None:
            self._snap_all(self._view if self._awaiting_deal is None else None)
            if self._awaiting_deal is not None:
                # the finished hand's plates, score and information box move too
                self._panels.retranslate(self._view)
        self._prompts.position()
        self._summary.relayout(self.geometry)
        self._last.place()
        self._refusal.place()
        self._claim_note.place()

    def _fitted(self, width: float, height: float) -> TableGeometry:
        """The geometry of a ``width`` × ``height`` table fitted to the largest plates,
        boxes and bid panel of the current language (see ``TablePanels.fitted``), with
        the cards of :attr:`card_size`, else of the largest smaller size that fits
        (sets :attr:`card_size_shown`); larger cards may draw the bid panel compact to
        make room."""
        sizes = CARD_SIZES[:CARD_SIZES.index(self._card_size) + 1]
        for size in reversed(sizes):
            base = TableGeometry(width, height, card_scale=CARD_SCALES[size])
            for compact in (None, True) if size != sizes[0] else (None,):
                middle, buttons_top, bubble = self._prompts.fit_to(base, compact)
                g = replace(self._panels.fitted(base, middle, buttons_top), trick_room=bubble)
                if size == sizes[0] or self._prompts.fits(g):
                    self._card_size_shown = size
                    return g
        raise AssertionError("unreachable: the normal size is always taken")

    # -- showing the game ---------------------------------------------------------------------
    def show_view(self, view: PlayerView, deal: bool = False) -> None:
        """Show ``view`` without diffing (a new or resumed game). With ``deal``, the hand
        in it is dealt with an animation (when no card has been played yet)."""
        self._clear_overlays()
        self._claim_note.hide()
        self._summary_under_last = False
        self.animator.skip()
        self._summary.close_summary()
        self._cards.clear_trick()
        self._cards.raised = None
        self._awaiting_deal = None
        self._panels.shown_tricks = None
        self._panels.forget()
        self._view = view
        self._turn_cued = None
        self._cards.face_down = blind_nil_pending(view)
        if deal and view.phase is Phase.BIDDING:
            self.announcer.announce(translate("Table", "Hand {0} begins.").format(
                view.hand_number))
            self._transitions.deal(view)
        else:
            self._snap_all(view)
            self._on_idle()
        self._update_new_game()
        self._update_busy()

    def show_undone(self, view: PlayerView) -> None:
        """Show ``view``, an earlier position of this hand that the game went back to
        (Game ▸ Undo, docs/rules.md §7), at once: the moves still being animated are
        dropped unseen (their steps end without a word in the status line, a sound or
        an announcement, and no pause on a finished trick) and the table is drawn from
        ``view`` as :meth:`show_view` draws it, South's cards face up unless the Blind
        Nil question is still open."""
        blocked = self._transitions.blockSignals(True)
        try:
            self.animator.skip()
        finally:
            self._transitions.blockSignals(blocked)
        self.show_view(view)

    def show_between_hands(self, view: PlayerView) -> None:
        """Show a game resumed between two hands as the table was after the finished
        hand's last trick: no cards on the felt, the plates and information box of the
        finished hand (its bids and tricks won, from the engine's replay of its last
        position), the score box of ``view`` (the next hand, not yet bid), and the table
        waiting for :meth:`deal` to deal ``view``'s hand (the caller shows the finished
        hand's summary). Raises ``ValueError`` for a ``view`` with no finished hand."""
        if not view.hand_records:
            raise ValueError("No hand of this game is finished yet.")
        record = view.hand_records[-1]
        *_, (last, _card) = hand_positions(record, view.rules, view.hand_records[:-1],
                                           view.game_number)
        self._clear_overlays()
        self._summary_under_last = False
        self.animator.skip()
        self._summary.close_summary()
        self._cards.clear_trick()
        self._cards.clear_hands()
        self._cards.raised = None
        self._panels.shown_tricks = None
        self._panels.forget()
        self._view = view
        self._awaiting_deal = view
        self._cards.face_down = blind_nil_pending(view)
        self._prompts.hide()
        self._panels.shown_tricks = {s: record.tricks_won[s] for s in Seat}
        self._panels.refresh(observe(last, view.seat), scores=view)
        self._update_new_game()
        self._update_busy()

    def show_transition(self, old: PlayerView, new: PlayerView, action: Action,
                        actor: Seat) -> None:
        """Animate one action by ``actor`` from ``old`` to ``new`` (both South's views).
        The status line tells another seat's bid, names another seat playing while its
        card moves to the trick (the next player is named once it has landed: the
        next move may start the instant this one ends, with no still moment between),
        and is emptied by South's own move. The last trick shown on request, a
        finished trick still shown and the reason for a refused card go first: nothing
        happens under them."""
        self._clear_overlays(refusal=actor == new.seat)
        self._view = new
        self._cards.raised = None
        self._prompts.hide()
        if self._cards.face_down and not blind_nil_pending(new):
            self._cards.reveal_hand()  # South has bid (Blind Nil or not): the cards may be seen
        if actor == new.seat:
            self.status_line.clear()
        elif isinstance(action, Bid):
            self.status_line.say(lambda: translate("Table", "{0} bids {1}.").format(
                seat_name(actor), bid_text(action)))
        elif isinstance(action, Card):
            self._prompts.announce_turn(actor, bidding=False)
        if isinstance(action, Bid):
            self._transitions.bid(new, action, actor)
        elif isinstance(action, Card):
            self._transitions.card(old, new, action, actor)
        else:  # South looked at the cards (revealed above): ask for the bid
            self._panels.refresh(new)
            self._on_idle()
        self._update_focus()
        self._update_busy()

    def deal(self, view: PlayerView | None = None) -> None:
        """Deal the next hand after :attr:`hand_finished` (the player chose "Next hand")."""
        target = view or self._awaiting_deal
        self._summary_under_last = False
        self._clear_overlays()
        self._awaiting_deal = None
        self._summary.close_summary()
        self._panels.shown_tricks = None
        if target is None:
            self._update_busy()
            return
        self._view = target
        self._panels.forget()
        self._cards.face_down = blind_nil_pending(target)
        if target.is_terminal:
            self._snap_all(target)
            self._on_idle()
        else:
            number = target.hand_number
            self.status_line.say(lambda: translate("Table", "Hand {0} begins.").format(number))
            self.announcer.announce(self.status_line.text)
            self._transitions.deal(target)
        self._update_new_game()
        self._update_busy()

    # -- the end-of-hand summary -------------------------------------------------------------
    def show_hand_summary(self, record: HandRecord, totals: Mapping[Team, int]) -> None:
        """Show the summary of the finished hand ``record`` in the middle of the table,
        with both teams' new running ``totals`` (points); see :mod:`.summary`. It stays
        until "Next hand" (``hand_summary_closed``), :meth:`deal` or a new game.
        Raises ``ValueError`` for a hand not yet scored."""
        self._summary.show_hand(record, totals, self.geometry)
        self.announcer.announce(hand_score_text(record, totals))
        self._update_focus()
        cue = hand_cue(record)
        if cue is not None:
            self.sound_cue.emit(cue)

    # -- reading the table ---------------------------------------------------------------------
    def snapshot(self) -> TableSnapshot:
        """Everything the table shows now, frozen (see :mod:`.snapshot`): the one way
        tests and tools read the table."""
        cards, panels, last, finished = self._cards, self._panels, self._last, self._finished
        prompts = self._prompts
        hint = prompts.hint_shot()
        bubbles = [it for it in self.items() if isinstance(it, BubbleItem)]
        return TableSnapshot(
            view=self._view, animating=self.animating, busy=self.busy,
            waiting_for_deal=self.waiting_for_deal,
            hand=frozen_map({c: CardShot.of(it) for c, it in cards.south_items().items()}),
            raised_card=cards.raised,
            trick=frozen_map({s: CardShot.of(it) for s, it in cards.trick_items().items()}),
            backs=frozen_map({s: tuple(CardShot.of(it) for it in cards.back_items(s))
                              for s in Seat if s != Seat.SOUTH}),
            plates=frozen_map({s: panels.plate_shot(s) for s in Seat}),
            score_panel=panels.panel_texts()[0], info_panel=panels.panel_texts()[1],
            texts=(*panels.text_shots(), hint, *(text_shot(b, "bid") for b in bubbles)),
            bid_bubbles=frozen_map({b.text: QRectF(b.sceneBoundingRect()) for b in bubbles}),
            finished_trick=frozen_map(finished.cards), finished_trick_note=finished.note_text,
            refusal=self._refusal.text, refusal_rect=QRectF(self._refusal.rect()),
            last_trick=last.trick,
            last_trick_cards=frozen_map({s: CardShot.of(it)
                                         for s, it in last.card_items().items()}),
            last_trick_note=last.note_text,
            hint_offered=prompts.hint_offered, new_game_offered=prompts.new_game_offered,
            hint=hint.text if hint.visible else "", hint_rect=prompts.hint_bubble_rect(),
            felt=self._felt, card_back=self._card_back,
            summary=self._summary.snapshot(),
            four_colour=cards.four_colour, high_contrast=self.table_palette is HIGH_CONTRAST,
            card_size=self._card_size, card_size_shown=self._card_size_shown,
            felt_colours=self.table_palette.felt_colours(self._felt),
            note_colours=(*self._refusal.note_colours, *finished.note_colours,
                          *last.note_colours))

    def plate_rect(self, seat: Seat) -> QRectF:
        """Where a seat's plate is drawn, in scene coordinates."""
        return self._panels.plate_rect(seat)

    @Slot(object, bool)
    def set_thinking(self, seat: Seat, thinking: bool) -> None:
        """Show (``True``) or remove the thinking mark (three dots) by ``seat``'s plate: the
        controller's ``bot_thinking`` signal, for a computer player still deciding
        after 300 ms. The mark shows once the table has caught up with that
        seat's turn, when the status line says it is playing or bidding: while an
        earlier card or bid is still being shown, it waits."""
        if not thinking:
            if self._thinking_pending == seat:
                self._thinking_pending = None
            self._panels.set_thinking(seat, False)
        elif self._input_open() and self._view is not None \
                and self._view.current_player == seat:
            self._panels.set_thinking(seat, True)
        else:
            self._thinking_pending = seat

    def _bubble_centre(self, seat: Seat, bubble: BubbleItem) -> tuple[float, float]:
        r = bubble.boundingRect().adjusted(3, 3, -3, -3)
        return self._bubble_centre_for(seat, r.width(), r.height())

    def _bubble_centre_for(self, seat: Seat, w: float, h: float) -> tuple[float, float]:
        plate = self.plate_rect(seat)
        return self.geometry.bid_bubble_centre(
            seat, (plate.x(), plate.y(), plate.width(), plate.height()), (w, h))

    # -- the reason for a refused card ----------------------------------------------------------
    def show_refusal(self, text: str, card: Card | None = None) -> None:
        """Show ``text`` (why the rules refuse South's card or bid, already translated,
        e.g. ``i18n.engine_text`` of the controller's Refusal) in a note just above
        South's hand, near ``card`` when it is in the hand, for a few seconds."""
        item = self._cards.south_item(card) if card is not None else None
        near = None if item is None else item.sceneBoundingRect().center().x()
        self._refusal.show(text, near)
        spoken = text if card is None else translate("Speech", "{0}: {1}").format(
            card_name(card), text)
        self._refusal_spoken = spoken
        self.announcer.announce(spoken, urgent=True)

    @property
    def claim_note(self) -> str:
        """The note over South's hand while a granted claim is played out ("" when none
        is shown)."""
        return self._claim_note.text

    @property
    def claim_note_rect(self) -> QRectF:
        """Where the granted claim's note is drawn, in scene coordinates (empty when none
        is)."""
        return QRectF(self._claim_note.rect())

    def show_claim_note(self, text: str) -> None:
        """Show ``text`` (already translated: the claim was granted) in a note above
        South's hand until :meth:`hide_claim_note` or the next game, and say it."""
        self._claim_note.show(text, lasting=True)
        self.announcer.announce(text, urgent=True)

    def hide_claim_note(self) -> None:
        """Take the granted claim's note away."""
        self._claim_note.hide()

    @Slot(str, object)
    def _on_card_refused(self, text: str, card: object) -> None:
        self.show_refusal(text, card if isinstance(card, Card) else None)

    @Slot(str)
    def _on_refusal_changed(self, text: str) -> None:
        """The reason faded: the status line asks for the current move again (when it
        still tells the reason)."""
        if text:
            self._refusal_said = text
            return
        said, self._refusal_said = self._refusal_said, ""
        if said and self.status_line.text == said:
            self.status_line.restore_prompt()

    @Slot(object)
    def _on_last_trick_changed(self, trick: object) -> None:
        """The last trick was dismissed: the summary under it comes back and the status
        line asks for the current move again."""
        self._prompts.set_hint_bubble_covered(trick is not None)
        if trick is not None:
            return
        if self._summary_under_last:
            self._summary_under_last = False
            if self._awaiting_deal is not None and self._summary.record is not None:
                self._summary.show()
        self.status_line.restore_prompt()

    def shown_view(self) -> PlayerView | None:
        """The position the table shows, the view it was last given (``None`` before a
        game): while :attr:`animating` the table is still drawing its way towards it;
        while :attr:`waiting_for_deal` it is the finished hand's last position."""
        return self._view

    # -- the last trick -------------------------------------------------------------------------
    def last_trick(self) -> TrickRecord | None:
        """The last completed trick of the hand on the table, from the engine's record
        (docs/rules.md §3): this hand's, or after the 13th trick the finished hand's, until the
        next hand is dealt. None before the first trick of a hand is complete."""
        view = self._view
        if view is None:
            return None
        trick = view.hand_record.last_trick
        if trick is None and self.waiting_for_deal and view.hand_records:
            trick = view.hand_records[-1].last_trick
        return trick

    @property
    def last_trick_shown(self) -> TrickRecord | None:
        """The trick shown by :meth:`show_last_trick`, until it is dismissed; else None."""
        return self._last.trick

    def show_last_trick(self, trick: TrickRecord | None = None) -> bool:
        """Show ``trick`` (default :meth:`last_trick`) on the table: its four cards in
        front of the seats that played them, the winner's card outlined and named, until
        a click, a key, or the next move on the table dismisses it. Returns False (and
        shows nothing) when there is no trick to show."""
        trick = trick if trick is not None else self.last_trick()
        if trick is None:
            return False
        if self.animator.busy:
            self.animator.skip()
        self._quiet = True
        try:
            self._finished.end()
        finally:
            self._quiet = False
        if self._summary.isVisible():
            # the summary would cover the trick: it comes back once the trick goes
            self._summary.hide()
            self._summary_under_last = True
        self._last.show(trick)
        self._update_busy()
        return True

    def dismiss_last_trick(self) -> None:
        """Take the last trick shown off the table (nothing when none is)."""
        self._last.dismiss()

    # -- input --------------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt name)
        """Keys go to :meth:`.table_input.TableInput.key_press` first."""
        if not self._input.key_press(event):
            super().keyPressEvent(event)
        self._update_focus()

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802, A002 (Qt names)
        """Tab and Shift+Tab reach the scene here, before its key handler: they go to
        :meth:`.table_input.TableInput.tab` first (the summary's buttons)."""
        used = self._input.tab(next)
        if used:
            self._update_focus()
        return used or super().focusNextPrevChild(next)

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        """Clicks go to :meth:`.table_input.TableInput.mouse_press` first."""
        if not self._input.mouse_press(event):
            super().mousePressEvent(event)

    def _on_card_clicked(self, item: CardItem) -> None:
        self._input.click_card(item)
        self._update_focus()

    def _table_view(self) -> QWidget | None:
        views = self.views()
        return views[0] if views else None

    def _shown_hand(self) -> list[Card]:
        """South's cards the table shows, in the order shown."""
        shown = self._cards.south_items()
        view = self._view
        order = view.sorted_hand if view is not None else ()
        return [c for c in order if c in shown] + [c for c in shown if c not in order]

    def _update_focus(self) -> None:
        """Name the table's view after South's raised card ("Card table" when none is)
        and describe it by South's hand as shown; while the end-of-hand summary shows,
        after its focused button."""
        raised = self._cards.raised
        if raised is not None and self._cards.south_item(raised) is None:
            raised = None
        name = card_name(raised) if raised is not None else translate("Speech", "Card table")
        summary = self._summary.snapshot()
        if summary.visible and summary.focused in summary.buttons:
            # the end-of-hand summary's buttons are drawn on the felt: the view names
            # the one Enter presses
            name = translate("Speech", "{0} button").format(summary.buttons[summary.focused][0])
            description = translate("Speech", "End of the hand: Enter presses it; Tab or the "
                                              "arrows choose another button.")
            self.announcer.set_focus(name, description)
            return
        if self._cards.face_down:
            description = translate("Speech", "Your cards are face down.")
        else:
            description = translate("Speech", "Your hand: {0}").format(
                hand_text(self._shown_hand()))
        self.announcer.set_focus(name, description)

    def read_aloud(self, what: str) -> None:
        """Announce, on the player's request, what the table shows: ``what`` is "hand"
        (South's cards by suit), "table" (the cards on the table and whose turn it
        is), "scores" (the score box, each seat's bid and tricks, the contracts) or
        "why" (the reason the last card or bid was refused). Raises ``ValueError``
        for another ``what``."""
        view = self._view
        if what == "hand":
            if self._cards.face_down:
                text = translate("Speech", "Your cards are face down: decide on Blind "
                                           "Nil first.")
            else:
                text = hand_text(self._shown_hand())
        elif what == "table":
            plays = [(s, it.card) for s, it in self._cards.trick_items().items()
                     if it.card is not None] or list(self._finished.cards.items())
            turn = view.current_player if view is not None and self._input_open() else None
            text = trick_text(plays, turn)
        elif what == "scores":
            score, _info = self._panels.panel_texts()
            parts = [spoken_panel(score)] if score else []
            parts += [spoken_panel(self._panels.plate_shot(s).text) for s in Seat]
            if view is not None and not self.waiting_for_deal:
                parts.append(contract_text(view))
            text = " ".join(p for p in parts if p)
        elif what == "why":
            text = self._refusal_spoken or translate("Speech", "No card or bid has been "
                                                               "refused.")
        else:
            raise ValueError(f"Unknown reading {what!r}.")
        self.announcer.announce(text or translate("Speech", "No game yet."))

    def _input_open(self) -> bool:
        return self._view is not None and not self.animator.busy and self._awaiting_deal is None

    # -- events from the parts ----------------------------------------------------------------
    @Slot()
    def _update_busy(self, *_: object) -> None:
        if self._quiet:
            return  # the caller tells the outcome once it is done
        busy = self.busy
        if busy != self._busy:
            self._busy = busy
            self.busy_changed.emit(busy)

    @Slot(object)
    def _on_trick_won(self, winner: Seat) -> None:
        if winner == Seat.SOUTH:
            self.status_line.say(lambda: translate("Table", "You win the trick."))
        else:
            self.status_line.say(lambda: translate("Table", "{0} wins the trick.").format(
                seat_name(winner)))
        self.announcer.announce(self.status_line.text)

    @Slot(object, object)
    def _on_bid_shown(self, seat: Seat, bid: Bid) -> None:
        if seat == Seat.SOUTH:
            self.announcer.announce(translate("Speech", "You bid {0}.").format(bid_text(bid)))
        else:
            self.announcer.announce(translate("Table", "{0} bids {1}.").format(
                seat_name(seat), bid_text(bid)))

    @Slot(object, object)
    def _on_card_shown(self, seat: Seat, card: Card) -> None:
        self.announcer.announce(card_played_text(seat, card))
        self._update_focus()

    @Slot(object)
    def _on_hand_over(self, after: PlayerView) -> None:
        self._awaiting_deal = after
        self._update_new_game()
        self._update_busy()
        self.hand_finished.emit()

    def _update_new_game(self) -> None:
        """Offer the New game button when the felt has no game to show: none yet, or
        a finished game once the table has dealt it away (the game-over dialog closed)."""
        view = self._view
        self._prompts.show_new_game(view is None or (
            view.is_terminal and self._awaiting_deal is None and not self.animator.busy))

    @Slot()
    def _on_idle(self) -> None:
        """The table is still: light legal cards, show the bid panel or Play button."""
        self._prompts.hide()
        self._update_new_game()
        view = self._view
        if view is None or not self._input_open():
            return
        self._panels.refresh(view)
        self._prompts.show_for(view)
        self._fit_the_prompt()
        self._update_focus()
        if view.current_player == view.seat:
            # once per position: the table may fall still again on the same one
            said = (view.game_number, view.hand_number, view.phase, len(view.bids),
                    len(view.tricks), len(view.current_trick), self._cards.face_down)
            if said != self._turn_said:
                self._turn_said = said
                self.announcer.announce(turn_text(view, self._cards.face_down))
        self._cue_turn(view)
        pending = self._thinking_pending
        if pending is not None and view.current_player == pending:
            self._thinking_pending = None
            self._panels.set_thinking(pending, True)

    def _cue_turn(self, view: PlayerView) -> None:
        """South is asked for a bid or a card: the turn cue, once for each decision (the
        table going still again on the same decision, e.g. after South looked at the
        cards or a dialog closed, gives none)."""
        if view.current_player != view.seat or view.is_terminal:
            return
        decision = (view.game_number, view.hand_number, len(view.bids), len(view.tricks),
                    len(view.current_trick))
        if decision != self._turn_cued:
            self._turn_cued = decision
            self.sound_cue.emit(Cue.YOUR_TURN)

    def _clear_overlays(self, refusal: bool = True) -> None:
        """Take the last trick shown, a finished trick still shown and (``refusal``) the
        reason for a refused card off the table, without telling ``busy_changed``
        meanwhile (the caller does once the new picture is set)."""
        self._quiet = True
        try:
            self._last.dismiss()
            self._finished.end()
            if refusal:
                self._refusal.hide()
        finally:
            self._quiet = False

    def _snap_all(self, view: PlayerView | None) -> None:
        if view is None:
            self._cards.snap_trick_slots()
            return
        self._cards.snap_hands(view)
        self._cards.snap_trick(view.current_trick)
        self._panels.refresh(view)

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:  # noqa: N802
        g = self.geometry
        grad = QRadialGradient(QPointF(g.width / 2, g.height * 0.45), max(g.width, g.height) * 0.7)
        centre, middle, edge = self.table_palette.felt_colours(self._felt)
        grad.setColorAt(0.0, QColor(*centre))
        grad.setColorAt(0.65, QColor(*middle))
        grad.setColorAt(1.0, QColor(*edge))
        painter.fillRect(rect, QBrush(grad))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QColor(255, 255, 255, 28))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        cx, cy = g.centre
        painter.drawEllipse(QPointF(cx, cy), g.card_w * 1.9, g.card_h * 1.05)
