"""A bot runner for the controller tests: it records requests and the test answers them."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from spades_desktop.engine import Action, PlayerView


class FakeRunner(QObject):
    """Stands in for BotRunner: records requests; the test answers them."""

    move_ready = Signal(int, object)
    move_failed = Signal(int, str)

    def __init__(self) -> None:
        super().__init__()
        self.requests: list[tuple[int, str, PlayerView]] = []
        self.cancels = 0
        self.shut_down = False

    def request(self, request_id: int, level: str, view: PlayerView) -> None:
        self.requests.append((request_id, level, view))

    def cancel(self) -> None:
        self.cancels += 1

    def shutdown(self) -> None:
        self.shut_down = True

    def answer(self, action: Action | None = None, request_id: int | None = None) -> None:
        rid, _level, view = self.requests[-1]
        self.move_ready.emit(rid if request_id is None else request_id,
                             view.legal[0] if action is None else action)
