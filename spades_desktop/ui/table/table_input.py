"""The human's keys and clicks on the table, turned into what the table does.

:class:`TableInput` is asked by :class:`~.scene.TableScene` for each key press, mouse
press and click on one of South's cards. It reads the position from the scene and its
parts and acts through them (raise or play a card, show or dismiss the last trick,
press a summary button, ask for a hint); it decides no rule: a refused card is told
by the prompts from the engine's legal actions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGraphicsSceneMouseEvent

from ...engine import Phase, PlayerView, Seat, TrickRecord
from ..texts import seat_name
from .animator import Animator
from .card_item import CardItem
from .cards import TableCards
from .overlays import LastTrickShow
from .prompts import TablePrompts
from .summary import HandSummary

if TYPE_CHECKING:
    from .scene import TableScene

translate = QCoreApplication.translate
"""Table strings use the context "Table"; each call names it literally for lupdate."""

_MODIFIER_KEYS = frozenset({Qt.Key.Key_Shift, Qt.Key.Key_Control, Qt.Key.Key_Alt,
                            Qt.Key.Key_Meta, Qt.Key.Key_AltGr})
"""Keys pressed on their way to a shortcut (Ctrl+L): they do not dismiss the last trick."""

READING_KEYS = {Qt.Key.Key_H: "hand", Qt.Key.Key_T: "table", Qt.Key.Key_S: "scores",
                Qt.Key.Key_W: "why"}
"""With Shift, the keys that read the table aloud (``TableScene.read_aloud``): Shift+H
South's hand by suit, Shift+T the cards on the table, Shift+S the scores and contracts,
Shift+W why the last card was refused. The window's View ▸ Read aloud menu shows them
(and so Help ▸ Keyboard shortcuts lists them)."""


class TableInput:
    """The table's keyboard and mouse handling (see the module docstring).

    ``view`` gives the view the table shows (None before a game) and ``input_open``
    whether the table takes a move now (still, not waiting for the next deal).
    """

    def __init__(self, scene: TableScene, cards: TableCards, prompts: TablePrompts,
                 summary: HandSummary, last: LastTrickShow, animator: Animator,
                 view: Callable[[], PlayerView | None],
                 input_open: Callable[[], bool]) -> None:
        self._scene = scene
        self._cards, self._prompts, self._summary = cards, prompts, summary
        self._last, self._animator = last, animator
        self._view, self._input_open = view, input_open

    def click_card(self, item: CardItem) -> None:
        """A click on a card item: raise or play it when it is one of South's cards."""
        view = self._view()
        card = item.card
        if (card is not None and self._cards.south_item(card) is item and view is not None
                and self._input_open()):
            self._prompts.click_card(view, card)

    def key_press(self, event: QKeyEvent) -> bool:
        """Playing by keyboard: the left and right arrows raise South's previous or next
        legal card, Enter, Return or Space plays the raised card (or presses the Hint
        or the Claim button when Tab has given it the focus); a rank then a suit
        ("q" then "h") raises that card, and in a joker deck "j" then "b" or "l" the Big
        or the Little Joker (``TablePrompts.type_card``); H (not after a rank) asks for a
        hint, C (not after a rank, South to play) claims the rest of the hand. L (not
        after a "j" in a joker deck) shows the last trick; while it is shown, any key but
        a modifier (Esc, …) dismisses it. While the end-of-hand summary shows, Enter,
        Return or Space press its focused button. Shift+H, Shift+T, Shift+S and Shift+W
        read the table aloud (:data:`READING_KEYS`), at any moment, changing nothing.
        Returns whether the key was used (the event is accepted)."""
        view = self._view()
        key = event.key()
        if (event.modifiers() == Qt.KeyboardModifier.ShiftModifier
                and key in READING_KEYS):
            self._scene.read_aloud(READING_KEYS[Qt.Key(key)])
            return self._accept(event)
        if self._last.trick is not None:  # first the last trick, then the summary
            if key in _MODIFIER_KEYS:
                return False
            self._last.dismiss()
            return self._accept(event)
        if self._summary.handle_key(key):
            return self._accept(event)
        plain = not (event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier)
        playing = (view is not None and view.phase is Phase.PLAYING and self._input_open()
                   and view.current_player == view.seat)
        joker_next = playing and view is not None and self._prompts.expects_joker_key(view)
        if (key == Qt.Key.Key_L and plain and not joker_next and not self._animator.busy
                and self._show_last()):
            return self._accept(event)
        if playing and plain and view is not None and self._prompts.type_card(view,
                                                                               event.text()):
            return self._accept(event)
        if key == Qt.Key.Key_H and plain and self._prompts.hint_offered and self._input_open():
            self._scene.hint_requested.emit()
            return self._accept(event)
        if key == Qt.Key.Key_C and plain and playing:
            self._scene.claim_requested.emit()  # after a rank, C was the suit (above)
            return self._accept(event)
        if playing and view is not None:
            if key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
                self._prompts.step_selection(view, -1 if key == Qt.Key.Key_Left else 1)
                return self._accept(event)
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
                if (self._prompts.hint_button.hasFocus()
                        or self._prompts.claim_button.hasFocus()):
                    return False  # the Hint or Claim button, reached by Tab, takes its key
                self._prompts.play_raised_card()
                return self._accept(event)
        return False

    def tab(self, forward: bool) -> bool:
        """Tab (``forward``) or Shift+Tab: while the end-of-hand summary shows (and no
        last trick over it), move its focus to the next or previous button. Returns
        whether the key was used (else Tab moves among the table's widgets)."""
        if self._last.trick is not None:
            return False
        return self._summary.handle_key(Qt.Key.Key_Tab if forward else Qt.Key.Key_Backtab)

    def mouse_press(self, event: QGraphicsSceneMouseEvent) -> bool:
        """A click dismisses the last trick shown (a click on one of South's cards goes
        on to the card as well: one click dismisses and raises or plays it), skips the
        running animation, or, on a seat's plate (where the tricks won are counted),
        shows the last trick. Returns whether the click was used (the event is
        accepted; else it goes on to the item under it)."""
        if self._last.trick is not None:
            self._last.dismiss()
            if self._on_south_card(event):
                return False
            return self._accept(event)
        if self._animator.busy:
            self._animator.skip()
            return self._accept(event)
        on_plate = any(self._scene.plate_rect(s).contains(event.scenePos()) for s in Seat)
        if event.button() == Qt.MouseButton.LeftButton and on_plate and self._show_last():
            return self._accept(event)
        return False

    def _on_south_card(self, event: QGraphicsSceneMouseEvent) -> bool:
        """Whether the topmost item under a left click is one of South's cards."""
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        top = next((it for it in self._scene.items(event.scenePos()) if it.isVisible()), None)
        return (isinstance(top, CardItem) and top.card is not None
                and self._cards.south_item(top.card) is top)

    def _show_last(self) -> bool:
        """Show the last trick and tell how to go on; False when there is none."""
        trick = self._scene.last_trick()
        if trick is None or not self._scene.show_last_trick(trick):
            return False
        self._say_last_trick(trick)
        return True

    def _say_last_trick(self, trick: TrickRecord) -> None:
        status = self._scene.status_line
        if trick.winner == Seat.SOUTH:  # "You" does not stand mid-sentence
            status.say(lambda: translate(
                "Table", "Last trick, you won it: click or press a key to go on."))
            return
        status.say(lambda: translate("Table", "Last trick, won by {0}: click or "
                                              "press a key to go on.").format(
            seat_name(trick.winner)))

    @staticmethod
    def _accept(event: QKeyEvent | QGraphicsSceneMouseEvent) -> bool:
        event.accept()
        return True

