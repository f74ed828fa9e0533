"""Game ▸ Claim the rest (the C key): South claims every remaining trick of the hand.

The controller has the claim checked by the referee's search on the real cards and, when
it holds, plays the hand out (``GameController.claim``, docs/rules.md §3 "Claims"); this
flow offers the command only while the claim may be made and the table is still, says
how the claim went, and plays the table's animations faster while a granted claim is
played out (``controller.CLAIM_PACE`` of the chosen speed), until the hand is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Slot

from ..controller.game_controller import CLAIM_PACE

if TYPE_CHECKING:
    from .main_window import MainWindow

__all__ = ["ClaimFlow"]


class ClaimFlow(QObject):
    """The claim command of ``window``: its menu action is ``window.action("claim")``."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self._window = window
        self._fast = False
        controller, scene = window.controller, window.scene
        controller.claim_granted.connect(self._on_granted)
        controller.claim_refused.connect(self._on_refused)
        controller.state_changed.connect(self.update)
        controller.game_started.connect(self._on_game_started)
        controller.undone.connect(self.update)
        scene.busy_changed.connect(self.update)
        scene.hand_finished.connect(self._on_hand_finished)
        scene.claim_requested.connect(self.claim)

    @property
    def offered(self) -> bool:
        """Whether South may claim now: the controller allows it
        (``GameController.can_claim``: South to play, a trick of the hand completed) and
        the table has shown every move (not animating, not between two hands)."""
        scene = self._window.scene
        return (self._window.controller.can_claim and not scene.animating
                and not scene.waiting_for_deal)

    @Slot()
    def update(self, *_: object) -> None:
        """Enable Game ▸ Claim the rest, and show the table's Claim button on South's
        turn, exactly while :attr:`offered`."""
        offered = self.offered
        self._window.action("claim").setEnabled(offered)
        self._window.scene.set_claim_offered(offered)

    @Slot()
    def claim(self) -> None:
        """Claim the rest of the hand; when it may not be claimed now, say when it may."""
        window = self._window
        if not self.offered:
            if not window.controller.claim_checking:
                window.say(lambda: self.tr("You may claim the rest on your turn to play, "
                                           "once a trick of the hand has been played."))
            return
        if window.controller.claim():
            window.say(lambda: self.tr("Checking your claim…"))
        self.update()

    @Slot()
    def _on_granted(self) -> None:
        window = self._window
        window.say(lambda: self.tr("Claim granted: your side takes every remaining "
                                   "trick. The hand is played out."))
        # the status line turns to the tricks at once: the note stays over South's
        # hand while the hand is played out
        window.scene.show_claim_note(self.tr("Claim granted: your side takes every "
                                             "remaining trick."))
        self._fast = True
        window.scene.set_speed(window.settings.animation_speed * CLAIM_PACE)
        self.update()

    @Slot()
    def _on_refused(self) -> None:
        window = self._window
        text = self.tr("The claim cannot be granted; play on.")
        window.say(lambda: self.tr("The claim cannot be granted; play on."))
        window.scene.show_refusal(text)
        self.update()

    def _normal_speed(self) -> None:
        if self._fast:
            self._fast = False
            self._window.scene.set_speed(self._window.settings.animation_speed)

    @Slot()
    def _on_hand_finished(self) -> None:
        self._normal_speed()  # the claimed hand has been shown to its end
        self._window.scene.hide_claim_note()
        self.update()

    @Slot(object)
    def _on_game_started(self, _state: object) -> None:
        self._normal_speed()
        self.update()
