"""The card table: a Graphics View scene drawn from South's ``PlayerView``.

The scene never decides a rule: which cards are lit comes from ``view.legal``, and why
a card is dim comes from ``view.explain``. It animates the difference between two
views (a bid, a card, a trick collected, a deal) through one :class:`Animator`, and
ignores input while animating; a click on the table skips the running animation.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QAbstractAnimation,
    QCoreApplication,
    QEasingCurve,
    QObject,
    QParallelAnimationGroup,
    QPauseAnimation,
    QPointF,
    QPropertyAnimation,
    QRectF,
    QSequentialAnimationGroup,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import QBrush, QColor, QPainter, QRadialGradient
from PySide6.QtWidgets import (
    QGraphicsProxyWidget,
    QGraphicsScene,
    QGraphicsSceneMouseEvent,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...engine import Action, Bid, Card, Phase, PlayerView, Seat, Team, Trick, trick_winner
from ..bid_panel import BidPanel
from ..i18n import engine_text
from ..texts import bid_text, seat_name, signed_number, team_name
from .animator import Animator
from .card_item import CardItem, CardRenderer
from .items import BubbleItem, PanelItem
from .layout import Placement, TableGeometry

DEAL_INTERVAL_MS = 28
DEAL_FLY_MS = 240
PLAY_MS = 280
TRICK_PAUSE_MS = 850
COLLECT_MS = 360
BID_SHOW_MS = 650
RELAYOUT_MS = 180


translate = QCoreApplication.translate
"""Table strings use the context "Table"; each call names it literally for lupdate."""


class Table(QObject):
    """The "Table" translation context for plural messages: pyside6-lupdate recognises
    a plural only in a ``tr`` call whose count is a variable."""

    def score_line(self, team: str, score: int, bags: int) -> str:
        """A team's line on the score panel, e.g. "Us: 120  (3 bags)"."""
        return self.tr("{0}: {1}  (%n bag(s))", "team: score (bags)", bags).format(
            team, signed_number(score))


_PLURALS = Table()


def _move(item: CardItem, target: Placement, ms: float,
          curve: QEasingCurve.Type = QEasingCurve.Type.OutCubic) -> QParallelAnimationGroup:
    group = QParallelAnimationGroup()
    a = QPropertyAnimation(item, b"pos", group)
    a.setEndValue(QPointF(target.x, target.y))
    a.setDuration(max(1, int(ms)))
    a.setEasingCurve(curve)
    group.addAnimation(a)
    r = QPropertyAnimation(item, b"rotation", group)
    r.setEndValue(target.rotation)
    r.setDuration(max(1, int(ms)))
    r.setEasingCurve(curve)
    group.addAnimation(r)
    return group


def _place(item: CardItem, p: Placement) -> None:
    item.setPos(p.x, p.y)
    item.setRotation(p.rotation)
    item.setZValue(p.z)


class BlindNilQuestion(QWidget):
    """Asked before the cards are shown when South may bid Blind Nil (SPEC §2)."""

    def __init__(self) -> None:
        super().__init__()
        self.setAttribute(Qt.WidgetAttribute.WA_TranslucentBackground)
        self.setObjectName("blindNilQuestion")
        self.setStyleSheet(
            "#blindNilQuestion{background: rgba(10,30,20,215); border-radius: 12px;}"
            "QLabel{color: white; font-size: 14px;}"
            "QPushButton{padding: 6px 14px; font-size: 14px;}")
        box = QVBoxLayout(self)
        box.setContentsMargins(18, 14, 18, 14)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        box.addWidget(self.label)
        row = QHBoxLayout()
        self.blind_button = QPushButton()
        self.show_button = QPushButton()
        row.addWidget(self.blind_button)
        row.addWidget(self.show_button)
        box.addLayout(row)
        self.retranslate()

    def retranslate(self) -> None:
        """Set the texts in the current language."""
        self.label.setText(translate("Table", "Your team trails by 100 points or more.\n"
                                              "Bid Blind Nil (±200) before looking at your "
                                              "cards?"))
        self.blind_button.setText(translate("Table", "Bid Blind Nil"))
        self.show_button.setText(translate("Table", "Show my cards"))

    def paintEvent(self, event: object) -> None:  # noqa: N802 (Qt name)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setBrush(QColor(10, 30, 20, 215))
        p.setPen(QColor(255, 255, 255, 60))
        p.drawRoundedRect(QRectF(self.rect()).adjusted(1, 1, -1, -1), 12, 12)


class TableScene(QGraphicsScene):
    """The table for the human at South.

    Signals:
    - ``card_play_requested(card)``: the human played a card (second click or Play).
    - ``bid_requested(bid)``: the human chose a bid.
    - ``status_message(text)``: something to show in the status line.
    - ``hand_finished()``: the last trick of a hand was collected; the table waits for
      :meth:`deal` to show the next hand.
    - ``animations_idle()`` / ``busy_changed(busy)``: from the animator.
    """

    card_play_requested = Signal(object)
    bid_requested = Signal(object)
    status_message = Signal(str)
    hand_finished = Signal()

    def __init__(self, renderer: CardRenderer | None = None) -> None:
        super().__init__()
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.renderer = renderer or CardRenderer()
        self.animator = Animator(self)
        self.animations_idle = self.animator.animations_idle
        self.busy_changed = self.animator.busy_changed
        self.animator.animations_idle.connect(self._on_idle)
        self.geometry = TableGeometry(1000, 700)
        self.setSceneRect(0, 0, 1000, 700)
        self._view: PlayerView | None = None
        self._south: dict[Card, CardItem] = {}
        self._backs: dict[Seat, list[CardItem]] = {s: [] for s in Seat if s != Seat.SOUTH}
        self._trick: dict[Seat, CardItem] = {}
        self._raised: Card | None = None
        self._hidden_hand = False  # South's cards face down until Blind Nil is decided
        self._awaiting_deal: PlayerView | None = None
        self._shown_tricks: dict[Seat, int] | None = None
        self.show_advice = True
        self.status_source: Callable[[], str] | None = None
        """Makes the last status message this table sent, in the current language."""
        self._panel_views: tuple[PlayerView, PlayerView | None] | None = None
        self.advice: Callable[[PlayerView], tuple[Bid, str]] | None = None
        self._plates = {s: PanelItem(self.geometry.label_anchor(s)[2]) for s in Seat}
        for p in self._plates.values():
            p.setZValue(300)
            self.addItem(p)
        self._score_panel = PanelItem("topleft")
        self._info_panel = PanelItem("topright")
        for p in (self._score_panel, self._info_panel):
            p.setZValue(300)
            self.addItem(p)
        self.bid_panel = BidPanel()
        self.bid_panel.bid_chosen.connect(self._on_bid_chosen)
        self._bid_proxy = self.addWidget(self.bid_panel)
        self._bid_proxy.setZValue(1000)
        self._bid_proxy.hide()
        self.blind_question = BlindNilQuestion()
        self.blind_question.blind_button.clicked.connect(self._on_blind_nil)
        self.blind_question.show_button.clicked.connect(self._on_show_cards)
        self._blind_proxy = self.addWidget(self.blind_question)
        self._blind_proxy.setZValue(1000)
        self._blind_proxy.hide()
        self.play_button = QPushButton()
        self.play_button.setObjectName("playButton")
        self.play_button.setStyleSheet(
            "QPushButton{background:#f3c64b;color:#2b1d00;border-radius:8px;padding:6px 18px;"
            "font-weight:bold;font-size:15px;} QPushButton:disabled{background:#8a7d55;"
            "color:#3a3220;}")
        self.play_button.clicked.connect(self.play_raised_card)
        self._play_proxy: QGraphicsProxyWidget = self.addWidget(self.play_button)
        self._play_proxy.setZValue(1000)
        self._play_proxy.hide()
        self.retranslate()

    # -- public API ------------------------------------------------------------------------
    @property
    def view(self) -> PlayerView | None:
        """The latest view given to the table."""
        return self._view

    @property
    def busy(self) -> bool:
        """True while animating (input is ignored)."""
        return self.animator.busy

    @property
    def waiting_for_deal(self) -> bool:
        """True after a hand ended, until :meth:`deal` is called."""
        return self._awaiting_deal is not None

    def set_speed(self, speed: float) -> None:
        """Animation speed factor: 1 normal, 2 slow, 0 instant."""
        self.animator.speed = max(0.0, speed)

    def retranslate(self) -> None:
        """Set every text in the current language: the Play button, the Blind Nil
        question, the bid panel (with the advice recomputed), the plates and panels."""
        self.play_button.setText(translate("Table", "Play"))
        self.play_button.adjustSize()
        self.blind_question.retranslate()
        self.bid_panel.retranslate()
        view = self._view
        if (view is not None and self._bid_proxy.isVisible() and self.show_advice
                and self.advice is not None and self.bid_panel.recommended() is not None):
            _bid, reason = self.advice(view)
            self.bid_panel.set_reason(reason)
        if self._panel_views is not None:
            self._refresh_panels(*self._panel_views)
        elif view is not None:
            self._refresh_panels(view)
        self._position_widgets()

    def _say(self, source: Callable[[], str]) -> None:
        """Show a status message; ``source`` makes it again in a new language."""
        self.status_source = source
        self.status_message.emit(source())

    def set_size(self, width: float, height: float) -> None:
        """The view was resized: lay everything out again for ``width`` × ``height``."""
        width, height = max(320.0, width), max(240.0, height)
        self.geometry = TableGeometry(width, height)
        self.setSceneRect(0, 0, width, height)
        for seat, p in self._plates.items():
            p._anchor = self.geometry.label_anchor(seat)[2]
        if self.animator.busy:
            self.animator.skip()
        if self._view is not None:
            self._snap_all(self._view if self._awaiting_deal is None else None)
        self._position_widgets()

    def show_view(self, view: PlayerView, deal: bool = False) -> None:
        """Show ``view`` without diffing (a new or resumed game). With ``deal``, the hand
        in it is dealt with an animation (when no card has been played yet)."""
        self.animator.skip()
        self._clear_trick()
        self._raised = None
        self._awaiting_deal = None
        self._shown_tricks = None
        self._panel_views = None
        self._view = view
        self._hidden_hand = self._blind_nil_pending(view)
        if deal and view.phase is Phase.BIDDING:
            self._enqueue_deal(view)
        else:
            self._snap_all(view)
            self._on_idle()

    def show_transition(self, old: PlayerView, new: PlayerView, action: Action,
                        actor: Seat) -> None:
        """Animate one action by ``actor`` from ``old`` to ``new`` (both South's views)."""
        self._view = new
        self._raised = None
        self._hide_prompts()
        if self._hidden_hand and not self._blind_nil_pending(new):
            self._reveal_hand()  # South has bid (Blind Nil or not): the cards may be seen
        if isinstance(action, Bid):
            self._enqueue_bid(new, action, actor)
        else:
            self._enqueue_card(old, new, action, actor)

    def deal(self, view: PlayerView | None = None) -> None:
        """Deal the next hand after :attr:`hand_finished` (the player closed the sheet)."""
        target = view or self._awaiting_deal
        self._awaiting_deal = None
        self._shown_tricks = None
        if target is None:
            return
        self._view = target
        self._panel_views = None
        self._hidden_hand = self._blind_nil_pending(target)
        if target.is_terminal:
            self._snap_all(target)
            self._on_idle()
        else:
            self._enqueue_deal(target)

    def card_items(self) -> dict[Card, CardItem]:
        """South's card items (for tests and the main window)."""
        return dict(self._south)

    def trick_items(self) -> dict[Seat, CardItem]:
        """The card items of the trick on the table."""
        return dict(self._trick)

    def back_counts(self) -> dict[Seat, int]:
        """How many backs are drawn at each other seat."""
        return {s: len(v) for s, v in self._backs.items()}

    def plate_text(self, seat: Seat) -> str:
        """The text of a seat's plate."""
        return self._plates[seat].text

    def panel_texts(self) -> tuple[str, str]:
        """The texts of the score panel and the information panel."""
        return self._score_panel.text, self._info_panel.text

    def click_card(self, card: Card) -> None:
        """What a click on one of South's cards does (also used by tests)."""
        view = self._view
        if view is None or self.animator.busy or self._awaiting_deal is not None:
            return
        if self._hidden_hand:
            self._say(lambda: translate("Table", "Decide on Blind Nil first."))
            return
        if view.current_player != view.seat:
            self._say(lambda: translate("Table", "Wait for your turn."))
            return
        why = view.explain(card)
        if why is not None:
            self._say(lambda: engine_text(why))
            return
        if self._raised == card:
            self.play_raised_card()
            return
        self._raised = card
        self._layout_south(animate=False)
        self.play_button.setEnabled(True)
        self._say(lambda: translate("Table", "Click the card again or press Play."))

    @Slot()
    def play_raised_card(self) -> None:
        """Play the raised card (the Play button)."""
        if self._raised is None or self.animator.busy:
            return
        card, self._raised = self._raised, None
        self.card_play_requested.emit(card)

    # -- input ------------------------------------------------------------------------------
    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if self.animator.busy:
            self.animator.skip()
            event.accept()
            return
        super().mousePressEvent(event)

    @Slot(object)
    def _on_card_clicked(self, item: CardItem) -> None:
        if item.card is not None and item.card in self._south and self._south[item.card] is item:
            self.click_card(item.card)

    @Slot(int, bool)
    def _on_bid_chosen(self, tricks: int, blind: bool) -> None:
        if self.animator.busy:
            return
        self.bid_requested.emit(Bid(tricks, blind=blind))

    @Slot()
    def _on_blind_nil(self) -> None:
        self._blind_proxy.hide()
        self.bid_requested.emit(Bid(0, blind=True))

    @Slot()
    def _on_show_cards(self) -> None:
        self._blind_proxy.hide()
        self._reveal_hand()
        self._on_idle()

    def _reveal_hand(self) -> None:
        self._hidden_hand = False
        for item in self._south.values():
            item.set_face_up(True)

    # -- animation steps --------------------------------------------------------------------
    def _enqueue_bid(self, new: PlayerView, bid: Bid, actor: Seat) -> None:
        bubble: list[BubbleItem] = []

        def build(speed: float) -> QAbstractAnimation | None:
            self._refresh_panels(new)
            ax, ay = self.geometry.seat_anchor(actor)
            cx, cy = self.geometry.centre
            b = BubbleItem(bid_text(bid), self.geometry.card_h * 0.16)
            b.setPos(ax + (cx - ax) * 0.5, ay + (cy - ay) * 0.5)
            b.setOpacity(0.0)
            self.addItem(b)
            bubble.append(b)
            group = QSequentialAnimationGroup()
            fade = QPropertyAnimation(b, b"opacity", group)
            fade.setStartValue(0.0)
            fade.setEndValue(1.0)
            fade.setDuration(max(1, int(160 * speed)))
            group.addAnimation(fade)
            group.addPause(max(1, int(BID_SHOW_MS * speed)))
            return group

        def finish() -> None:
            for b in bubble:
                self.removeItem(b)
            bubble.clear()
            self._refresh_panels(new)

        self.animator.enqueue(build, finish)

    def _enqueue_card(self, old: PlayerView, new: PlayerView, card: Card, actor: Seat) -> None:
        shown: Trick = old.current_trick + ((actor, card),)
        completes = len(shown) == 4
        hand_over = completes and (new.hand_number != old.hand_number or new.is_terminal)
        # the view whose hands to show after the card left: for a finished hand, nobody
        # holds a card until the next deal
        hands_view = new if not hand_over else None
        order = len(old.current_trick)

        def build_fly(speed: float) -> QAbstractAnimation | None:
            item = self._take_from_hand(actor, card)
            self._trick[actor] = item
            item.set_dimmed(False)
            item.set_glow(False)
            target = self.geometry.trick_slot(actor, order)
            item.setZValue(target.z)
            group = QParallelAnimationGroup()
            group.addAnimation(_move(item, target, PLAY_MS * speed))
            relayout = self._hands_animation(hands_view, old, actor, speed)
            if relayout is not None:
                group.addAnimation(relayout)
            return group

        def finish_fly() -> None:
            self._snap_trick(shown)
            if hands_view is not None:
                self._snap_hands(hands_view)
            else:
                self._snap_hands_empty()
            if not completes:
                self._refresh_panels(new)

        self.animator.enqueue(build_fly, finish_fly)
        if not completes:
            return
        winner = trick_winner(shown)
        counts = dict(old.tricks_won)
        counts[winner] = counts.get(winner, 0) + 1

        def build_pause(speed: float) -> QAbstractAnimation | None:
            win_item = self._trick.get(winner)
            if win_item is not None:
                win_item.set_glow(True)
            self._shown_tricks = counts
            self._refresh_panels(old if hand_over else new)
            return QPauseAnimation(max(1, int(TRICK_PAUSE_MS * speed)))

        self.animator.enqueue(build_pause, None)

        def build_collect(speed: float) -> QAbstractAnimation | None:
            ax, ay = self.geometry.seat_anchor(winner)
            group = QParallelAnimationGroup()
            for i, item in enumerate(self._trick.values()):
                item.set_glow(False)
                target = Placement(ax - self.geometry.card_w / 2 + i * 2,
                                   ay - self.geometry.card_h / 2, 0.0, 200 + i)
                group.addAnimation(_move(item, target, COLLECT_MS * speed,
                                         QEasingCurve.Type.InCubic))
                fade = QPropertyAnimation(item, b"opacity", group)
                fade.setEndValue(0.0)
                fade.setDuration(max(1, int(COLLECT_MS * speed)))
                fade.setEasingCurve(QEasingCurve.Type.InQuad)
                group.addAnimation(fade)
            return group

        def finish_collect() -> None:
            self._clear_trick()
            if hand_over:
                self._shown_tricks = counts
                self._refresh_panels(old, scores=new)
                self._awaiting_deal = new
                self.hand_finished.emit()
            else:
                self._shown_tricks = None
                self._refresh_panels(new)

        self.animator.enqueue(build_collect, finish_collect)

    def _enqueue_deal(self, view: PlayerView) -> None:
        def build(speed: float) -> QAbstractAnimation | None:
            self._clear_hands()
            self._refresh_panels(view)
            g = self.geometry
            ox, oy = g.deal_origin(view.dealer)
            self._create_hand_items(view, face_up=False)
            targets = self._hand_targets(view)
            group = QParallelAnimationGroup()
            seq_index = {s: 0 for s in Seat}
            seat = view.dealer.left
            for i in range(sum(len(v) for v in targets.values())):
                while seq_index[seat] >= len(targets[seat]):
                    seat = seat.left
                item, target = targets[seat][seq_index[seat]]
                seq_index[seat] += 1
                item.setPos(ox, oy)
                item.setRotation(0)
                item.setZValue(400 + i)
                one = QSequentialAnimationGroup(group)
                one.addPause(max(1, int(i * DEAL_INTERVAL_MS * speed)))
                one.addAnimation(_move(item, Placement(target.x, target.y, target.rotation),
                                       DEAL_FLY_MS * speed))
                group.addAnimation(one)
                seat = seat.left
            return group

        def finish() -> None:
            self._snap_hands(view)
            self._refresh_panels(view)

        self.animator.enqueue(build, finish)

    # -- reconciling items with a view --------------------------------------------------------
    def _new_card(self, card: Card | None, face_up: bool) -> CardItem:
        g = self.geometry
        item = CardItem(self.renderer, card, face_up, g.card_w, g.card_h)
        item.clicked.connect(self._on_card_clicked)
        self.addItem(item)
        return item

    def _remove(self, item: CardItem) -> None:
        # removeItem hands ownership back to Python: dropping the last reference
        # deletes the item (a deleteLater here would delete it twice)
        if item.scene() is self:
            self.removeItem(item)

    def _clear_trick(self) -> None:
        for item in self._trick.values():
            self._remove(item)
        self._trick.clear()

    def _clear_hands(self) -> None:
        for item in self._south.values():
            self._remove(item)
        self._south.clear()
        for items in self._backs.values():
            for item in items:
                self._remove(item)
            items.clear()

    def _create_hand_items(self, view: PlayerView, face_up: bool) -> None:
        for card in view.sorted_hand:
            self._south[card] = self._new_card(card, face_up)
        for seat in self._backs:
            for _ in range(view.hand_sizes.get(seat, 0)):
                self._backs[seat].append(self._new_card(None, False))

    def _take_from_hand(self, actor: Seat, card: Card) -> CardItem:
        if actor == Seat.SOUTH and card in self._south:
            item = self._south.pop(card)
        elif actor != Seat.SOUTH and self._backs[actor]:
            item = self._backs[actor].pop(len(self._backs[actor]) // 2)
        else:
            g = self.geometry
            x, y = g.seat_anchor(actor)
            item = self._new_card(card, True)
            item.setPos(x - g.card_w / 2, y - g.card_h / 2)
        item.card = card
        item.set_face_up(True)
        return item

    def _hand_targets(self, view: PlayerView) -> dict[Seat, list[tuple[CardItem, Placement]]]:
        g = self.geometry
        out: dict[Seat, list[tuple[CardItem, Placement]]] = {}
        order = [c for c in view.sorted_hand if c in self._south]
        raised = order.index(self._raised) if self._raised in order else None
        out[Seat.SOUTH] = list(zip([self._south[c] for c in order],
                                   g.hand(Seat.SOUTH, len(order), raised), strict=True))
        for seat, items in self._backs.items():
            out[seat] = list(zip(items, g.hand(seat, len(items)), strict=True))
        return out

    def _reconcile_hands(self, view: PlayerView) -> None:
        wanted = set(view.hand)
        for card in [c for c in self._south if c not in wanted]:
            self._remove(self._south.pop(card))
        for card in view.sorted_hand:
            if card not in self._south:
                self._south[card] = self._new_card(card, not self._hidden_hand)
        for seat, items in self._backs.items():
            n = view.hand_sizes.get(seat, 0)
            while len(items) > n:
                self._remove(items.pop())
            while len(items) < n:
                items.append(self._new_card(None, False))

    def _snap_hands(self, view: PlayerView) -> None:
        self._reconcile_hands(view)
        g = self.geometry
        for items in self._hand_targets(view).values():
            for item, p in items:
                item.set_size(g.card_w, g.card_h)
                item.setOpacity(1.0)
                _place(item, p)
        for item in self._south.values():
            item.set_face_up(not self._hidden_hand)

    def _snap_hands_empty(self) -> None:
        self._clear_hands()

    def _hands_animation(self, hands_view: PlayerView | None, old: PlayerView, actor: Seat,
                         speed: float) -> QAbstractAnimation | None:
        """Close up the actor's hand after a card left it."""
        view = hands_view or old
        targets = self._hand_targets(view)
        group = QParallelAnimationGroup()
        for item, p in targets.get(actor, []):
            item.setZValue(p.z)
            group.addAnimation(_move(item, p, RELAYOUT_MS * speed))
        return group if group.animationCount() else None

    def _snap_trick(self, trick: Trick) -> None:
        wanted = dict(trick)
        for seat in [s for s in self._trick if s not in wanted or self._trick[s].card != wanted[s]]:
            self._remove(self._trick.pop(seat))
        g = self.geometry
        for order, (seat, card) in enumerate(trick):
            item = self._trick.get(seat)
            if item is None:
                item = self._trick[seat] = self._new_card(card, True)
            item.set_size(g.card_w, g.card_h)
            item.setOpacity(1.0)
            item.set_dimmed(False)
            _place(item, g.trick_slot(seat, order))

    def _snap_all(self, view: PlayerView | None) -> None:
        g = self.geometry
        if view is None:
            for item in self._trick.values():
                item.set_size(g.card_w, g.card_h)
            for order, (seat, item) in enumerate(self._trick.items()):
                _place(item, g.trick_slot(seat, order))
            return
        self._snap_hands(view)
        self._snap_trick(view.current_trick)
        self._refresh_panels(view)

    # -- panels, prompts, lighting -----------------------------------------------------------
    def _blind_nil_pending(self, view: PlayerView) -> bool:
        return (view.phase is Phase.BIDDING and view.blind_nil_allowed
                and view.seat not in view.bids)

    def _refresh_panels(self, view: PlayerView, scores: PlayerView | None = None) -> None:
        """Seat plates from ``view``; the score panel from ``scores`` (default ``view``)."""
        self._panel_views = (view, scores)
        g = self.geometry
        sv = scores or view
        size = max(11.0, g.card_h * 0.105)
        tricks = self._shown_tricks or view.tricks_won
        for seat, plate in self._plates.items():
            x, y, _ = g.label_anchor(seat)
            bid = view.bids.get(seat)
            lines = []
            if bid is not None:
                lines.append(translate("Table", "Bid: {0}").format(bid_text(bid)))
            else:
                lines.append(translate("Table", "Bid: \u2014"))
            if view.phase is not Phase.BIDDING or self._shown_tricks is not None:
                lines.append(translate("Table", "Tricks: {0}").format(tricks.get(seat, 0)))
            title = seat_name(seat)
            if seat == view.dealer:
                title = translate("Table", "{0} \u00b7 dealer").format(title)
            active = (view.current_player == seat and self._awaiting_deal is None
                      and self._shown_tricks is None)
            accent = QColor(150, 220, 255) if seat.team is Team.EW else QColor(255, 230, 160)
            plate.set_content(title, lines, size, active, accent)
            plate.setPos(x, y)
        score_lines = [_PLURALS.score_line(team_name(team), sv.scores[team], sv.bags[team])
                       for team in (Team.NS, Team.EW)]
        self._score_panel.set_content(
            translate("Table", "Score \u00b7 target {0}").format(sv.rules.target_score),
            score_lines, size)
        self._score_panel.setPos(g.margin, g.margin)
        contract_us = sum(b.tricks for s, b in view.bids.items() if s.team is Team.NS)
        contract_them = sum(b.tricks for s, b in view.bids.items() if s.team is Team.EW)
        lines = [translate("Table", "Hand {0}").format(view.hand_number),
                 translate("Table", "Spades broken") if view.spades_broken
                 else translate("Table", "Spades not broken")]
        if len(view.bids) == 4:
            lines.append(translate("Table", "Contracts: us {0} \u00b7 them {1}").format(
                contract_us, contract_them))
        self._info_panel.set_content(
            translate("Table", "Game #{0}").format(view.game_number), lines, size)
        self._info_panel.setPos(g.width - g.margin, g.margin)

    def _hide_prompts(self) -> None:
        self._bid_proxy.hide()
        self._blind_proxy.hide()
        self._play_proxy.hide()
        for item in self._south.values():
            item.set_dimmed(False)

    def _position_widgets(self) -> None:
        g = self.geometry
        cx, cy = g.centre
        top, bottom = g.prompt_band()
        # between the West and East name plates, so no plate is hidden
        left = self._plates[Seat.WEST].sceneBoundingRect().right() + g.margin * 0.5
        right = self._plates[Seat.EAST].sceneBoundingRect().left() - g.margin * 0.5
        span = max(1.0, 2 * min(cx - left, right - cx))
        for proxy in (self._bid_proxy, self._blind_proxy):
            proxy.resize(proxy.preferredSize())
            r = proxy.boundingRect()
            scale = min(1.0, (bottom - top) / max(1.0, r.height()), span / max(1.0, r.width()))
            proxy.setScale(max(0.5, scale))
            w, h = r.width() * proxy.scale(), r.height() * proxy.scale()
            proxy.setPos(cx - w / 2, (top + bottom) / 2 - h / 2)
        r = self._play_proxy.boundingRect()
        hand = g.hand(Seat.SOUTH, max(1, len(self._south)))
        right = hand[-1].x + g.card_w if hand else cx
        self._play_proxy.setPos(min(g.width - r.width() - g.margin, right + g.card_w * 0.25),
                                g.height - g.margin - g.card_h * 0.55 - r.height() / 2)

    @Slot()
    def _on_idle(self) -> None:
        """The table is still: light legal cards, show the bid panel or Play button."""
        view = self._view
        self._hide_prompts()
        if view is None or self._awaiting_deal is not None or self.animator.busy:
            return
        self._refresh_panels(view)
        my_turn = view.current_player == view.seat
        if view.phase is Phase.BIDDING and my_turn:
            if self._hidden_hand:
                self._blind_proxy.show()
            else:
                rec, reason = (None, "")
                if self.show_advice and self.advice is not None:
                    bid, reason = self.advice(view)
                    rec = bid.tricks
                self.bid_panel.set_options(rec, reason, False)
                self._bid_proxy.show()
        elif view.phase is Phase.PLAYING and my_turn:
            legal = set(view.legal)
            for card, item in self._south.items():
                item.set_dimmed(card not in legal)
            self.play_button.setEnabled(self._raised is not None)
            self._play_proxy.show()
            if len(legal) == 1:
                self._say(lambda: translate("Table", "Your turn: one card can be played."))
            else:
                self._say(lambda: translate("Table", "Your turn: play a lit card."))
        self._position_widgets()

    def _layout_south(self, animate: bool) -> None:
        view = self._view
        if view is None:
            return
        targets = self._hand_targets(view)
        for item, p in targets[Seat.SOUTH]:
            _place(item, p)

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:  # noqa: N802
        g = self.geometry
        grad = QRadialGradient(QPointF(g.width / 2, g.height * 0.45), max(g.width, g.height) * 0.7)
        grad.setColorAt(0.0, QColor(36, 112, 68))
        grad.setColorAt(0.65, QColor(22, 80, 48))
        grad.setColorAt(1.0, QColor(12, 48, 30))
        painter.fillRect(rect, QBrush(grad))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QColor(255, 255, 255, 28))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        cx, cy = g.centre
        painter.drawEllipse(QPointF(cx, cy), g.card_w * 1.9, g.card_h * 1.05)
