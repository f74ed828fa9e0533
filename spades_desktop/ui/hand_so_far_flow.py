"""Game ▸ Hand so far: the window of the hand's tricks and the cards still out, kept on
the position the table shows.

The table animates each move after the engine has made it: while it animates, the
move is not yet on the table, so the window keeps showing the position the table
showed when it was last still, and catches up once the table is still again (a trick
appears when its last card has landed). It reads the table's view as the Last trick
command does (``TableScene.shown_view``): between two hands, the finished hand
until the next one is dealt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRect, QRectF, Qt, QTimer, Slot

from ..engine import Seat
from .dialogs.hand_so_far import HandSoFar, HandSoFarDialog

if TYPE_CHECKING:
    from .main_window import MainWindow

__all__ = ["OBJECT_NAME", "HandSoFarFlow"]

OBJECT_NAME = "hand_so_far"
"""The window's object name (``window_dialogs.OBJECT_NAMES``)."""


class HandSoFarFlow(QObject):
    """Opens the Hand so far window over ``window`` (one at a time) and keeps it up to
    date with the table (see the module docstring)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self._window = window
        self._dialog: HandSoFarDialog | None = None
        self._still: HandSoFar | None = None
        """The hand as the table showed it when it was last still."""
        scene = window.scene
        scene.animations_idle.connect(self._on_table_changed)
        scene.busy_changed.connect(self._on_table_changed)
        scene.hand_finished.connect(self._on_table_changed)
        window.controller.game_started.connect(self._on_game_started)
        window.controller.undone.connect(self._on_game_started)  # an earlier position

    def shown_hand(self) -> HandSoFar | None:
        """The hand on the table now, as far as the table has shown it: ``None`` before
        a game; between two hands, the finished one."""
        scene = self._window.scene
        if scene.animating:
            return self._still
        view = scene.shown_view()
        if view is None:
            hand = None
        elif scene.waiting_for_deal and not view.is_terminal and view.hand_records:
            hand = HandSoFar.of_finished(view.hand_records[-1])
        else:
            hand = HandSoFar.of_view(view)
        self._still = hand
        return hand

    def south_hand_area(self) -> QRect | None:
        """Where South's hand lies on the screen (global coordinates, logical pixels):
        a whole hand of 13 cards with one of them raised, as the table lays it out now
        (``TableScene.geometry``), so that a window kept clear of it hides no card of
        South's, raised or not; ``None`` while the table is not on the screen."""
        view = self._window.table
        if not view.isVisible():
            return None
        geometry = self._window.scene.geometry
        cards = geometry.hand(Seat.SOUTH, 13)
        raised = geometry.hand(Seat.SOUTH, 13, raised=0)[0]
        scene = QRectF(cards[0].x, raised.y, cards[-1].x + geometry.card_w - cards[0].x,
                       cards[0].y + geometry.card_h - raised.y)
        local = view.mapFromScene(scene).boundingRect()
        viewport = view.viewport()
        return QRect(viewport.mapToGlobal(local.topLeft()), local.size())

    @property
    def dialog(self) -> HandSoFarDialog | None:
        """The open window, or None."""
        return self._dialog

    @Slot()
    def show(self) -> None:
        """Open the window (not modal), or bring the open one up and give it the keys."""
        if self._window.controller.state is None:
            return
        dialog = self._dialog
        if dialog is None:
            dialog = HandSoFarDialog(self._window, self._window.action("hand").shortcut(),
                                     self.south_hand_area)
            dialog.setObjectName(OBJECT_NAME)
            dialog.set_four_colour(self._window.settings.four_colour_deck)
            dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            dialog.back_requested.connect(self._back_to_table)
            dialog.finished.connect(self._on_closed)
            dialog.finished.connect(self._back_to_table)  # closed: the keys go back
            self._dialog = dialog
            dialog.set_hand(self.shown_hand())
            dialog.show()
        dialog.raise_()
        dialog.activateWindow()
        dialog.tricks_table().setFocus(Qt.FocusReason.ShortcutFocusReason)

    @Slot()
    def _back_to_table(self) -> None:
        self._window.activateWindow()
        self._window.raise_()
        self._window.focus_table()

    @Slot()
    def _on_closed(self) -> None:
        self._dialog = None

    @Slot()
    def _on_table_changed(self, *_: object) -> None:
        hand = self.shown_hand()
        if self._dialog is not None and hand != self._dialog.hand():
            self._dialog.set_hand(hand)

    @Slot(object)
    def _on_game_started(self, _state: object) -> None:
        # another game: its first position replaces the last one; the window reads
        # the table once the window has put the game on it
        self._still = None
        QTimer.singleShot(0, self._on_table_changed)
