"""Computer players on one worker thread (docs/architecture.md, Threads).

The worker receives immutable inputs (a ``PlayerView``), touches no widget, and
returns the chosen action tagged with the request id; results for a stale id are
dropped by the caller. Cancellation goes through a ``threading.Event`` that a
search polls, because a queued signal never reaches a busy worker.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from PySide6.QtCore import QObject, QThread, Signal, Slot

from ..bots import make_bot
from ..bots.base import Bot
from ..engine import Action, PlayerView
from . import main_thread_gc

log = logging.getLogger(__name__)

BotFactory = Callable[[str], Bot]


class _Worker(QObject):
    """Lives in the worker thread; computes one action per request."""

    finished = Signal(int, object, float)  # request id, action (or None on failure), seconds
    failed = Signal(int, str)

    def __init__(self, factory: BotFactory) -> None:
        super().__init__()
        self._factory = factory
        self._bots: dict[str, Bot] = {}
        self.cancel_events: dict[int, threading.Event] = {}
        self.lock = threading.Lock()

    @Slot(int, str, object)
    def compute(self, request_id: int, level: str, view: PlayerView) -> None:
        with self.lock:
            cancel = self.cancel_events.get(request_id)
        if cancel is None or cancel.is_set():
            return
        start = time.perf_counter()
        try:
            bot = self._bots.get(level)
            if bot is None:
                bot = self._bots[level] = self._factory(level)
            action = bot.choose_action(view, view.game_number, cancel)
        except Exception as exc:  # a bot fault must not stop the game
            log.exception("computer player failed")
            self.failed.emit(request_id, str(exc))
            return
        finally:
            with self.lock:
                self.cancel_events.pop(request_id, None)
        if not cancel.is_set():
            self.finished.emit(request_id, action, time.perf_counter() - start)


class BotRunner(QObject):
    """Runs computer players on one worker ``QThread``, one computation at a time.

    ``request(request_id, level, view)`` queues a computation; ``move_ready(request_id,
    action)`` is emitted in the GUI thread when it is done. ``cancel()`` abandons every
    pending computation; ``shutdown()`` cancels and waits for the thread (call on quit).
    """

    move_ready = Signal(int, object)
    move_failed = Signal(int, str)
    _submit = Signal(int, str, object)

    def __init__(self, factory: BotFactory = make_bot, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread = QThread(self)
        self._thread.setObjectName("bot-worker")
        self._worker = _Worker(factory)
        self._worker.moveToThread(self._thread)
        self._submit.connect(self._worker.compute)
        self._worker.finished.connect(self._on_finished)
        self._worker.failed.connect(self._on_failed)
        self._thread.finished.connect(self._worker.deleteLater)
        main_thread_gc.acquire()  # the search allocates: collect in the GUI thread only
        self._gc_held = True
        self._thread.start()
        self.last_seconds = 0.0

    def request(self, request_id: int, level: str, view: PlayerView) -> None:
        """Ask the ``level`` bot for ``view.seat``'s action; the answer comes as
        ``move_ready(request_id, action)``."""
        with self._worker.lock:
            self._worker.cancel_events[request_id] = threading.Event()
        self._submit.emit(request_id, level, view)

    def cancel(self) -> None:
        """Abandon every pending or running computation (new game, load, quit)."""
        with self._worker.lock:
            for ev in self._worker.cancel_events.values():
                ev.set()
            self._worker.cancel_events.clear()

    def shutdown(self) -> None:
        """Cancel, stop the worker thread and wait for it."""
        self.cancel()
        if self._thread.isRunning():
            self._thread.quit()
            self._thread.wait(10_000)
        if self._gc_held:
            self._gc_held = False
            main_thread_gc.release()

    @Slot(int, object, float)
    def _on_finished(self, request_id: int, action: Action, seconds: float) -> None:
        self.last_seconds = seconds
        self.move_ready.emit(request_id, action)

    @Slot(int, str)
    def _on_failed(self, request_id: int, message: str) -> None:
        self.move_failed.emit(request_id, message)
