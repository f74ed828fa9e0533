"""The animation steps between two of South's views: a bid, a card played (with the
trick won and collected), and a deal (docs/architecture.md, The table).

Each step is queued on the table's :class:`Animator` as ``build(speed)`` (start from the
current picture, return a Qt animation) and ``finish()`` (snap to the step's final
picture; always called, also when skipped or at speed 0). Durations are named constants
in milliseconds at speed 1.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QObject,
    QParallelAnimationGroup,
    QPauseAnimation,
    QPointF,
    QPropertyAnimation,
    QSequentialAnimationGroup,
    Signal,
)
from PySide6.QtWidgets import QGraphicsScene

from ...engine import Bid, Card, PlayerView, Seat, Trick
from ..sound import Cue
from ..texts import bid_text
from .animator import Animator, Build, Finish
from .card_item import CardItem
from .cards import GeometrySource, TableCards
from .items import BubbleItem
from .layout import Placement
from .overlays import TRICK_MIN_MS
from .panels import TablePanels

DEAL_INTERVAL_MS = 28
DEAL_FLY_MS = 240
PLAY_MS = 280
TRICK_PAUSE_MS = 850
"""The pause on a finished trick at speed 1; never shorter than ``TRICK_MIN_MS``."""
COLLECT_MS = 360
BID_FADE_MS = 160
BID_SHOW_MS = 650
RELAYOUT_MS = 180

Step = tuple[Build | None, Finish | None]


def move(item: CardItem, target: Placement, ms: float,
         curve: QEasingCurve.Type = QEasingCurve.Type.OutCubic) -> QParallelAnimationGroup:
    """An animation taking ``item`` to ``target``'s position and rotation in ``ms``."""
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


class Transitions(QObject):
    """Queues the animation steps of one table.

    Signals (emitted from a step's ``finish``, so also at speed 0):
    - ``trick_won(seat)``: the fourth card of a trick has landed; ``seat`` wins it.
    - ``bid_shown(seat, bid)``: ``seat``'s bubble with its ``bid`` has been shown.
    - ``card_shown(seat, card)``: ``seat``'s ``card`` has landed in the trick (before
      ``trick_won`` for a fourth card).
    - ``hand_over(view)``: the last trick of a hand was collected; ``view`` is the
      view after the hand (the next hand's, or the finished game's), not yet shown.
    - ``cue(Cue)``: a moment with a sound is shown (``ui/sound.py``): a bid when its
      bubble appears, a card when it lands, a trick when it reaches its winner, a deal
      when it starts (at speed 0, or a step skipped before it began: when it finishes).

    At instant speed (``instant``) a finished trick is not paused on: when it is
    collected, ``hold_trick(winner)`` (when set) takes its items to keep them on the
    table a moment longer without holding up the steps.
    """

    trick_won = Signal(object)
    hand_over = Signal(object)
    bid_shown = Signal(object, object)
    card_shown = Signal(object, object)
    cue = Signal(object)

    def __init__(self, scene: QGraphicsScene, animator: Animator, cards: TableCards,
                 panels: TablePanels, geometry: GeometrySource) -> None:
        super().__init__(scene)
        self._scene = scene
        self._animator = animator
        self._cards = cards
        self._panels = panels
        self._geometry = geometry
        self.instant = False
        self.hold_trick: Callable[[Seat], None] | None = None
        self.bubble_centre: Callable[[Seat, BubbleItem], tuple[float, float]] | None = None

    def _cue_once(self, cue: Cue) -> Callable[[], None]:
        """A function emitting ``cue`` the first time it is called, and never again: a
        step calls it when it starts and when it finishes, so the sound comes as the
        step is first shown, once."""
        done = False

        def emit() -> None:
            nonlocal done
            if not done:
                done = True
                self.cue.emit(cue)

        return emit

    def bid(self, new: PlayerView, bid: Bid, actor: Seat) -> None:
        """A speech bubble with ``actor``'s bid fades in beside the seat's plate, toward
        the centre (where ``bubble_centre(seat, bubble)`` says; without it, halfway from
        the seat to the centre), stays a moment, and goes; the plates then show ``new``."""
        bubble: list[BubbleItem] = []
        cued = self._cue_once(Cue.BID)

        def build(speed: float) -> QAbstractAnimation | None:
            self._panels.refresh(new)
            cued()
            g = self._geometry()
            b = BubbleItem(bid_text(bid), g.bid_bubble_px)
            if self.bubble_centre is not None:
                b.setPos(*self.bubble_centre(actor, b))
            else:
                ax, ay = g.seat_anchor(actor)
                cx, cy = g.centre
                b.setPos(ax + (cx - ax) * 0.5, ay + (cy - ay) * 0.5)
            b.setOpacity(0.0)
            self._scene.addItem(b)
            bubble.append(b)
            group = QSequentialAnimationGroup()
            fade = QPropertyAnimation(b, b"opacity", group)
            fade.setStartValue(0.0)
            fade.setEndValue(1.0)
            fade.setDuration(max(1, int(BID_FADE_MS * speed)))
            group.addAnimation(fade)
            group.addPause(max(1, int(BID_SHOW_MS * speed)))
            return group

        def finish() -> None:
            cued()
            for b in bubble:
                self._scene.removeItem(b)
            bubble.clear()
            self._panels.refresh(new)
            self.bid_shown.emit(actor, bid)

        self._animator.enqueue(build, finish)

    def card(self, old: PlayerView, new: PlayerView, card: Card, actor: Seat) -> None:
        """``actor``'s ``card`` flies to its trick slot while the hand closes up; a
        fourth card then lights the winner's card, pauses, and the trick is collected
        to the winner's seat (docs/rules.md §3). After the last trick of a hand the hands stay
        empty and ``hand_over`` is emitted."""
        shown: Trick = old.current_trick + ((actor, card),)
        completes = len(shown) == 4
        hand_over = completes and (new.hand_number != old.hand_number or new.is_terminal)
        # the view whose hands to show after the card left: for a finished hand, nobody
        # holds a card until the next deal
        hands_view = new if not hand_over else None
        order = len(old.current_trick)
        # A completed trick is on the engine's record: this hand's, or, once the hand is
        # over, the record of the finished hand (docs/rules.md §3).
        winner: Seat | None = None
        counts: dict[Seat, int] = dict(new.tricks_won)
        if hand_over:
            record = new.hand_records[-1]
            winner = record.tricks[-1].winner
            counts = dict(zip(Seat, record.tricks_won, strict=True))
        elif completes:
            winner = new.trick_winners[-1]

        def build_fly(speed: float) -> QAbstractAnimation | None:
            item = self._cards.take_from_hand(actor, card)
            self._cards.put_in_trick(actor, item)
            item.set_dimmed(False)
            item.set_glow(False)
            target = self._geometry().trick_slot(actor, order)
            item.setZValue(target.z)
            group = QParallelAnimationGroup()
            group.addAnimation(move(item, target, PLAY_MS * speed))
            relayout = self._close_up(hands_view or old, actor, speed)
            if relayout is not None:
                group.addAnimation(relayout)
            return group

        def finish_fly() -> None:
            self.cue.emit(Cue.CARD)
            self._cards.snap_trick(shown)
            if hands_view is not None:
                self._cards.snap_hands(hands_view)
            else:
                self._cards.clear_hands()
            self.card_shown.emit(actor, card)
            if winner is None:
                self._panels.refresh(new)
            else:
                self.trick_won.emit(winner)

        steps: list[Step] = [(build_fly, finish_fly)]
        if winner is not None:
            steps += self._collect(old, new, winner, counts, hand_over)
        self._animator.enqueue_steps(steps)

    def _collect(self, old: PlayerView, new: PlayerView, winner: Seat,
                 counts: dict[Seat, int], hand_over: bool) -> list[Step]:
        """The steps after a trick's fourth card: light the winner, pause, collect;
        ``counts`` are the tricks won by each seat with this trick."""

        def build_pause(speed: float) -> QAbstractAnimation | None:
            win_item = self._cards.trick_item(winner)
            if win_item is not None:
                win_item.set_glow(True)
            self._panels.shown_tricks = counts
            self._panels.refresh(old if hand_over else new)
            return QPauseAnimation(max(TRICK_MIN_MS, int(TRICK_PAUSE_MS * speed)))

        def build_collect(speed: float) -> QAbstractAnimation | None:
            g = self._geometry()
            ax, ay = g.seat_anchor(winner)
            group = QParallelAnimationGroup()
            for i, item in enumerate(self._cards.trick_items().values()):
                item.set_glow(False)
                target = Placement(ax - g.card_w / 2 + i * 2, ay - g.card_h / 2, 0.0, 200 + i)
                group.addAnimation(move(item, target, COLLECT_MS * speed,
                                        QEasingCurve.Type.InCubic))
                fade = QPropertyAnimation(item, b"opacity", group)
                fade.setEndValue(0.0)
                fade.setDuration(max(1, int(COLLECT_MS * speed)))
                fade.setEasingCurve(QEasingCurve.Type.InQuad)
                group.addAnimation(fade)
            return group

        def finish_collect() -> None:
            self.cue.emit(Cue.TRICK)
            if self.instant and self.hold_trick is not None:
                self.hold_trick(winner)
            else:
                self._cards.clear_trick()
            if hand_over:
                self._panels.shown_tricks = counts
                self._panels.refresh(old, scores=new)
                self.hand_over.emit(new)
            else:
                self._panels.shown_tricks = None
                self._panels.refresh(new)

        return [(build_pause, None), (build_collect, finish_collect)]

    def _close_up(self, view: PlayerView, actor: Seat, speed: float) -> QAbstractAnimation | None:
        """Close up ``actor``'s hand after a card left it."""
        group = QParallelAnimationGroup()
        for item, p in self._cards.hand_targets(view).get(actor, []):
            item.setZValue(p.z)
            group.addAnimation(move(item, p, RELAYOUT_MS * speed))
        return group if group.animationCount() else None

    def deal(self, view: PlayerView) -> None:
        """The hands of ``view`` are dealt one card at a time, clockwise from the
        dealer's left, from a pile before the dealer (docs/rules.md §2)."""
        cued = self._cue_once(Cue.DEAL)

        def build(speed: float) -> QAbstractAnimation | None:
            cued()
            self._cards.clear_hands()
            self._panels.refresh(view)
            g = self._geometry()
            ox, oy = g.deal_origin(view.dealer)
            self._cards.create_hands(view, face_up=False)
            targets = self._cards.hand_targets(view)
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
                one.addAnimation(move(item, Placement(target.x, target.y, target.rotation),
                                      DEAL_FLY_MS * speed))
                group.addAnimation(one)
                seat = seat.left
            return group

        def finish() -> None:
            cued()
            self._cards.snap_hands(view)
            self._panels.refresh(view)

        self._animator.enqueue(build, finish)
