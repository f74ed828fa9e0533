"""What the table shows on top of the game for a moment: the trick just won at instant
speed, the reason a card was refused, and the last trick on request (docs/rules.md §3, §7).

None of these decides a rule: the finished trick and the last trick come from the
engine's record, the reason from the engine's :class:`Refusal` (in words by
``ui.i18n.engine_text``).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QCoreApplication,
    QObject,
    QPropertyAnimation,
    QRectF,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtWidgets import QGraphicsScene

from ...engine import Card, Seat, TrickRecord
from ..texts import seat_name
from .card_item import CardItem
from .cards import GeometrySource, TableCards, place
from .items import NoteItem

translate = QCoreApplication.translate
"""Table strings use the context "Table"; each call names it literally for lupdate."""

TRICK_MIN_MS = 600
"""The shortest time a finished trick stays on the table, at any animation speed."""
REFUSAL_SHOW_MS = 2500
"""How long the reason for a refused card is shown before it fades (reading time, not
scaled by the animation speed)."""
REFUSAL_FADE_MS = 300
NOTE_Z = 1010
"""Above the prompts (the bid panel, ``prompts.PROMPT_Z`` 1000) and the summary (900):
the reason for a refused card or bid is always read whole."""
LAST_TRICK_Z = 700


def trick_won_text(winner: Seat) -> str:
    """"You win the trick." or "West wins the trick.", in the current language."""
    if winner == Seat.SOUTH:
        return translate("Table", "You win the trick.")
    return translate("Table", "{0} wins the trick.").format(seat_name(winner))


class _TrickNote:
    """A note under the trick area naming who won the trick shown."""

    def __init__(self, scene: QGraphicsScene, geometry: GeometrySource) -> None:
        self._scene = scene
        self._geometry = geometry
        self.item: NoteItem | None = None

    def show(self, text: str) -> None:
        self.hide()
        g = self._geometry()
        note = NoteItem(text, max(10.0, g.text_h * 0.1), g.width * 0.4, "trick_note_edge")
        note.setZValue(LAST_TRICK_Z + 10)
        self._scene.addItem(note)
        self.item = note
        self.place()

    def place(self) -> None:
        """Between South's card of the trick and South's hand."""
        if self.item is None:
            return
        g = self._geometry()
        slot = g.trick_slot(Seat.SOUTH)
        hand_top = g.hand(Seat.SOUTH, 1)[0].y
        r = self.item.rect()
        y = (slot.y + g.card_h + hand_top) / 2
        y = min(y, hand_top - r.height() / 2)
        self.item.setPos(g.width / 2, y)

    def hide(self) -> None:
        if self.item is not None:
            if self.item.scene() is self._scene:
                self._scene.removeItem(self.item)
            self.item = None

    @property
    def text(self) -> str:
        return "" if self.item is None else self.item.text

    @property
    def colours(self) -> tuple[tuple[str, str], ...]:
        return () if self.item is None else self.item.colours()


class FinishedTrick(QObject):
    """At instant speed a finished trick stays on the table for :data:`TRICK_MIN_MS`,
    its winning card outlined and the winner named, so the player sees who won it; the
    next card played or a new picture takes it away at once (``end``).

    Signals: ``changed(shown)``: the trick appeared (True) or went (False).
    """

    changed = Signal(bool)

    def __init__(self, scene: QGraphicsScene, cards: TableCards,
                 geometry: GeometrySource) -> None:
        super().__init__(scene)
        self._cards = cards
        self._items: dict[Seat, CardItem] = {}
        self._note = _TrickNote(scene, geometry)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.end)

    @property
    def cards(self) -> dict[Seat, Card]:
        """The cards of the finished trick shown, by seat (empty when none is)."""
        return {s: it.card for s, it in self._items.items() if it.card is not None}

    @property
    def note_text(self) -> str:
        """Who won the trick shown, as written under it ("" when none is)."""
        return self._note.text

    @property
    def note_colours(self) -> tuple[tuple[str, str], ...]:
        """The note's (text, fill) colours, ``#rrggbb`` (empty when none is shown)."""
        return self._note.colours

    def hold(self, winner: Seat) -> None:
        """Keep the trick now on the table (its items leave the table's trick) with
        ``winner``'s card outlined, for :data:`TRICK_MIN_MS`."""
        self.end()
        self._items = self._cards.release_trick()
        if not self._items:
            return
        for seat, item in self._items.items():
            item.set_glow(seat == winner)
        self._note.show(trick_won_text(winner))
        self._timer.start(TRICK_MIN_MS)
        self.changed.emit(True)

    @Slot()
    def end(self) -> None:
        """Take the finished trick off the table (nothing when none is shown)."""
        self._timer.stop()
        self._note.hide()
        if not self._items:
            return
        for item in self._items.values():
            self._cards.remove(item)
        self._items = {}
        self.changed.emit(False)


class RefusalNote(QObject):
    """The reason a card may not be played, in a note just above South's hand; it fades
    after :data:`REFUSAL_SHOW_MS`. ``plate_right()`` gives the right edge of South's
    plate, which the note never covers; with ``raised_card`` false the note goes just
    above South's hand (no card of it is raised while the note shows).

    Signals: ``changed(text)``: the note now reads ``text`` ("" once it is gone).
    """

    changed = Signal(str)

    def __init__(self, scene: QGraphicsScene, geometry: GeometrySource,
                 plate_right: Callable[[], float],
                 avoid: Callable[[], QRectF] | None = None,
                 raised_card: bool = True) -> None:
        super().__init__(scene)
        self._raised_card = raised_card  # keep clear of a raised card of South's
        self._scene = scene
        self._geometry = geometry
        self._plate_right = plate_right
        self._avoid = avoid  # East's plate: the note moves left of it when they meet
        self._note: NoteItem | None = None
        self._near_x = 0.0
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._fade)
        self._fade_anim: QPropertyAnimation | None = None

    @property
    def text(self) -> str:
        """The reason shown ("" when no note is)."""
        return "" if self._note is None else self._note.text

    @property
    def note_colours(self) -> tuple[tuple[str, str], ...]:
        """The note's (text, fill) colours, ``#rrggbb`` (empty when none is shown)."""
        return () if self._note is None else self._note.colours()

    def rect(self) -> QRectF:
        """Where the note is drawn, in scene coordinates (empty when none is)."""
        if self._note is None:
            return QRectF()
        return self._note.mapRectToScene(self._note.rect())

    def show(self, text: str, near_x: float | None = None, lasting: bool = False) -> None:
        """Show ``text`` (already translated) above South's hand, near ``near_x`` (the
        refused card's centre; default the middle of the table); ``lasting``: until
        :meth:`hide`, rather than fading after :data:`REFUSAL_SHOW_MS`."""
        self._remove()  # a note replaced by another is not "gone": no changed("")
        g = self._geometry()
        self._near_x = g.width / 2 if near_x is None else near_x
        left, right = g.refusal_room(self._plate_right())
        note = NoteItem(text, max(10.0, g.text_h * 0.11),
                        max(80.0, min(g.width * 0.45, (right - left) / 1.1)))
        note.setZValue(NOTE_Z)
        self._scene.addItem(note)
        self._note = note
        self.place()
        if not lasting:
            self._timer.start(REFUSAL_SHOW_MS)
        self.changed.emit(text)

    def place(self) -> None:
        """Put the note in its place for the current geometry."""
        if self._note is None:
            return
        g = self._geometry()
        r = self._note.rect()
        x, y = g.refusal_centre((r.width(), r.height()), self._near_x, self._plate_right(),
                                self._raised_card)
        if self._avoid is not None:
            plate = self._avoid()
            if r.translated(x, y).intersects(plate):
                left = g.refusal_room(self._plate_right())[0]
                x = max(left + r.width() / 2, plate.left() - 1 - r.right())
        self._note.setPos(x, y)

    @Slot()
    def _fade(self) -> None:
        note = self._note
        if note is None:
            return
        anim = QPropertyAnimation(note, b"opacity", self)
        anim.setStartValue(note.opacity())
        anim.setEndValue(0.0)
        anim.setDuration(REFUSAL_FADE_MS)
        anim.finished.connect(self.hide)
        self._fade_anim = anim
        anim.start()

    @Slot()
    def hide(self) -> None:
        """Take the note away at once."""
        if self._remove():
            self.changed.emit("")

    def _remove(self) -> bool:
        """Remove the note and its fading; whether there was one."""
        self._timer.stop()
        if self._fade_anim is not None:
            anim, self._fade_anim = self._fade_anim, None
            anim.finished.disconnect(self.hide)
            anim.stop()
            anim.deleteLater()
        if self._note is None:
            return False
        if self._note.scene() is self._scene:
            self._scene.removeItem(self._note)
        self._note = None
        return True


class LastTrickShow(QObject):
    """The last completed trick shown on the table on request: its four cards in front
    of the players who played them, as in the live trick, the winner's card outlined and
    "Last trick — won by …" under them. The live trick, if any, is hidden meanwhile.

    Signals: ``changed(trick)``: the trick shown (a :class:`TrickRecord`), or None once
    dismissed.
    """

    changed = Signal(object)

    def __init__(self, scene: QGraphicsScene, cards: TableCards,
                 geometry: GeometrySource) -> None:
        super().__init__(scene)
        self._cards = cards
        self._geometry = geometry
        self._trick: TrickRecord | None = None
        self._items: dict[Seat, CardItem] = {}
        self._hidden: list[CardItem] = []
        self._note = _TrickNote(scene, geometry)

    @property
    def trick(self) -> TrickRecord | None:
        """The trick shown, or None."""
        return self._trick

    @property
    def note_text(self) -> str:
        """The line under the trick shown ("" when none is)."""
        return self._note.text

    @property
    def note_colours(self) -> tuple[tuple[str, str], ...]:
        """The line's (text, fill) colours, ``#rrggbb`` (empty when none is shown)."""
        return self._note.colours

    def card_items(self) -> dict[Seat, CardItem]:
        """The items showing the last trick's cards, by seat (a copy)."""
        return dict(self._items)

    def show(self, trick: TrickRecord) -> None:
        """Show ``trick`` until :meth:`dismiss`."""
        self.dismiss()
        self._trick = trick
        self._hidden = [it for it in self._cards.trick_items().values() if it.isVisible()]
        for item in self._hidden:
            item.hide()
        for seat, card in trick.plays:
            item = self._cards.new_card(card, True)
            item.set_glow(seat == trick.winner)
            self._items[seat] = item
        winner = trick.winner
        if winner == Seat.SOUTH:  # "You" does not stand mid-sentence
            self._note.show(translate("Table", "Last trick \u2014 you won it"))
        else:
            self._note.show(translate("Table", "Last trick \u2014 won by {0}").format(
                seat_name(winner)))
        self.place()
        self.changed.emit(trick)

    def place(self) -> None:
        """Lay the cards out for the current geometry, in the order played, the
        winner's card on top."""
        g = self._geometry()
        winner = None if self._trick is None else self._trick.winner
        for order, (seat, item) in enumerate(self._items.items()):
            item.set_size(g.card_w, g.card_h)
            slot = g.trick_slot(seat, order)
            place(item, slot)
            item.setZValue(LAST_TRICK_Z + (len(self._items) if seat == winner else order))
        self._note.place()

    def dismiss(self) -> None:
        """Take the last trick away and show the live trick again (nothing when no
        trick is shown)."""
        if self._trick is None:
            return
        for item in self._items.values():
            self._cards.remove(item)
        self._items = {}
        for item in self._hidden:
            if item.scene() is not None:
                item.show()
        self._hidden = []
        self._note.hide()
        self._trick = None
        self.changed.emit(None)
