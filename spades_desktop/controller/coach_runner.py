"""The coach's searches on a worker thread (docs/architecture.md, Threads).

A hint or a hand review can take seconds; it runs on a worker ``QThread`` and never
blocks the window. Like :mod:`.bot_runner`, the worker receives immutable inputs (a
``PlayerView``, ``HandRecord`` objects), touches no widget, and is cancelled through a
``threading.Event`` that the search polls (a queued signal never reaches a busy
worker). A result that arrives after its job was cancelled is dropped here, in the GUI
thread, so a late answer never reaches the screen.
"""

from __future__ import annotations

import itertools
import logging
import threading
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

from ..bots import coach
from ..engine import PlayerView
from . import main_thread_gc

log = logging.getLogger(__name__)

Progress = Callable[[int, int], None]
"""``progress(done, total)``: how far a job has come (called in the worker thread)."""

Job = Callable[[Callable[[], bool], Progress], object]
"""A computation for the worker: ``job(cancelled, progress) -> result``. It polls
``cancelled()`` and stops (raising ``coach.Cancelled``) once it returns True."""

HintFunction = Callable[..., "coach.Hint"]
"""``hint_fn(view, *, budget, cancel) -> Hint``: :func:`spades_desktop.bots.coach.hint`
or a stand-in with the same shape."""

DONE, FAILED, CANCELLED = "done", "failed", "cancelled"
"""How a job ended, as told by :attr:`CoachRunner.job_finished`."""


class _Worker(QObject):
    """Lives in the worker thread; runs one job at a time, in the order submitted."""

    progress = Signal(int, int, int)  # job id, done, total
    done = Signal(int, object)  # job id, result
    failed = Signal(int, str)  # job id, message
    cancelled = Signal(int)  # job id

    def __init__(self) -> None:
        super().__init__()
        self.events: dict[int, threading.Event] = {}
        self.lock = threading.Lock()

    @Slot(int, object)
    def run(self, job_id: int, job: Job) -> None:
        with self.lock:
            event = self.events.get(job_id)
        if event is None or event.is_set():
            self._forget(job_id)
            self.cancelled.emit(job_id)
            return
        try:
            result = job(event.is_set,
                         lambda done, total: self.progress.emit(job_id, done, total))
        except Exception as exc:  # a fault in the analysis must not stop the game
            if event.is_set():
                self._forget(job_id)
                self.cancelled.emit(job_id)  # coach.Cancelled, or a fault once cancelled
                return
            log.exception("the coach failed")
            self._forget(job_id)
            self.failed.emit(job_id, str(exc))
            return
        self._forget(job_id)
        if event.is_set():
            self.cancelled.emit(job_id)
        else:
            self.done.emit(job_id, result)

    @Slot()
    def stop(self) -> None:
        """Leave the thread's event loop: queued after the jobs, so every job submitted
        before has been run (or found cancelled) and has told how it ended."""
        thread = QThread.currentThread()
        if thread is not None:
            thread.quit()

    def _forget(self, job_id: int) -> None:
        with self.lock:
            self.events.pop(job_id, None)


class CoachRunner(QObject):
    """Runs coach jobs on one worker ``QThread``, one at a time.

    ``submit(job)`` queues a job and returns its id at once. Signals, all in the GUI
    thread:

    - ``job_progress(id, done, total)``: the job's progress;
    - ``job_done(id, result)``: the job's result (never for a cancelled job);
    - ``job_failed(id, message)``: the job raised;
    - ``job_finished(id, outcome)``: the job is over, ``outcome`` one of
      :data:`DONE`, :data:`FAILED`, :data:`CANCELLED` (always the last signal of a job).

    ``cancel(id)`` / ``cancel_all()`` abandon jobs; ``shutdown()`` cancels and waits for
    the thread (the owner is closing); ``release()`` cancels and lets the runner delete
    itself once its thread has stopped, without waiting (a window closing while a job
    runs: the window may be deleted at once, the runner outlives it).
    """

    job_progress = Signal(int, int, int)
    job_done = Signal(int, object)
    job_failed = Signal(int, str)
    job_finished = Signal(int, str)
    _submit = Signal(int, object)
    _stop = Signal()

    _released: set[CoachRunner] = set()
    """Runners let go by their owner, kept alive until their thread has stopped."""

    def __init__(self, name: str = "coach-worker", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._ids = itertools.count(1)
        self._live: set[int] = set()
        self._thread = QThread(self)
        self._thread.setObjectName(name)
        self._worker = _Worker()
        self._worker.moveToThread(self._thread)
        self._submit.connect(self._worker.run)
        self._stop.connect(self._worker.stop)
        self._worker.progress.connect(self._on_progress)
        self._worker.done.connect(self._on_done)
        self._worker.failed.connect(self._on_failed)
        self._worker.cancelled.connect(self._on_cancelled)
        self._thread.finished.connect(self._worker.deleteLater)
        self._stopped = False
        self._gc_held = False
        # the thread starts with the first job: a runner never used leaves no thread
        # running when the application ends without closing its windows

    @property
    def thread_running(self) -> bool:
        """Whether the worker thread is still running."""
        return self._thread.isRunning()

    @property
    def busy(self) -> bool:
        """Whether a job is queued or running and not cancelled."""
        return bool(self._live)

    def submit(self, job: Job) -> int:
        """Queue ``job``; returns its id at once (ids count up from 1). The worker
        thread starts with the first job. Raises ``RuntimeError`` once the runner has
        been shut down or released."""
        if self._stopped:
            raise RuntimeError("The coach's worker has been stopped.")
        if not self._thread.isRunning():
            if not self._gc_held:
                main_thread_gc.acquire()  # the search allocates: collect in the GUI thread
                self._gc_held = True
            self._thread.start()
        job_id = next(self._ids)
        with self._worker.lock:
            self._worker.events[job_id] = threading.Event()
        self._live.add(job_id)
        self._submit.emit(job_id, job)
        return job_id

    def cancel(self, job_id: int) -> None:
        """Abandon job ``job_id``: its search stops at its next poll and its result, if
        any, is dropped. Unknown or finished ids are ignored."""
        self._live.discard(job_id)
        with self._worker.lock:
            event = self._worker.events.get(job_id)
        if event is not None:
            event.set()

    def cancel_all(self) -> None:
        """Abandon every queued or running job."""
        self._live.clear()
        with self._worker.lock:
            for event in self._worker.events.values():
                event.set()

    def shutdown(self) -> None:
        """Cancel every job, stop the worker thread and wait for it (at most 10 s)."""
        self.cancel_all()
        self._stopped = True
        if self._thread.isRunning():
            self._stop.emit()
            self._thread.wait(10_000)
        self._give_back_gc()

    def release(self) -> None:
        """Cancel every job and stop the thread without waiting; the runner is kept
        alive (whatever its parent) until the thread has stopped, then deleted. The
        signals still arrive until then (``job_finished`` of the cancelled job).

        The runner passes to the application object, so that Qt alone deletes it (with
        ``deleteLater``, once its thread has stopped): a runner owned by Python could be
        deleted by the garbage collector while Qt still delivers its events."""
        self.cancel_all()
        self._stopped = True
        app = QCoreApplication.instance()
        self.setParent(app)
        CoachRunner._released.add(self)
        if not self._thread.isRunning():
            self._on_released_thread_done()
            return
        self._thread.finished.connect(self._on_released_thread_done)
        self._stop.emit()  # after the queued jobs, each of which then ends as cancelled

    @Slot()
    def _on_released_thread_done(self) -> None:
        self._thread.wait(5_000)  # "finished" comes just before the thread's very end
        self._give_back_gc()
        self.deleteLater()
        CoachRunner._released.discard(self)

    def _give_back_gc(self) -> None:
        if self._gc_held and not self._thread.isRunning():
            self._gc_held = False
            main_thread_gc.release()

    # -- from the worker (GUI thread) -------------------------------------------------------
    @Slot(int, int, int)
    def _on_progress(self, job_id: int, done: int, total: int) -> None:
        if job_id in self._live:
            self.job_progress.emit(job_id, done, total)

    @Slot(int, object)
    def _on_done(self, job_id: int, result: object) -> None:
        if job_id not in self._live:  # cancelled after the worker had finished
            self.job_finished.emit(job_id, CANCELLED)
            return
        self._live.discard(job_id)
        self.job_done.emit(job_id, result)
        self.job_finished.emit(job_id, DONE)

    @Slot(int, str)
    def _on_failed(self, job_id: int, message: str) -> None:
        if job_id not in self._live:
            self.job_finished.emit(job_id, CANCELLED)
            return
        self._live.discard(job_id)
        self.job_failed.emit(job_id, message)
        self.job_finished.emit(job_id, FAILED)

    @Slot(int)
    def _on_cancelled(self, job_id: int) -> None:
        self._live.discard(job_id)
        self.job_finished.emit(job_id, CANCELLED)


class HintRunner(QObject):
    """The Hint command's search: one hint at a time, for South's view.

    ``request(view)`` returns at once; the answer comes as ``hint_ready(view, hint)``
    (a :class:`spades_desktop.bots.coach.Hint` for exactly that view). A new request,
    :meth:`cancel` (the position changed) or :meth:`shutdown` drops the pending one: its
    result never arrives. ``hint_failed(message)``: the search raised.
    ``hint_finished(outcome)`` ends every request (``"done"``, ``"failed"`` or
    ``"cancelled"``). ``budget`` is passed to the search (smaller is faster and weaker);
    ``hint_fn`` is the search itself.
    """

    hint_ready = Signal(object, object)
    hint_failed = Signal(str)
    hint_finished = Signal(str)

    def __init__(self, hint_fn: HintFunction | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.hint_fn: HintFunction = hint_fn if hint_fn is not None else coach.hint
        """The search (:func:`spades_desktop.bots.coach.hint` unless replaced)."""
        self.budget: int = coach.HINT_BUDGET
        """Deals the search samples (:data:`spades_desktop.bots.coach.HINT_BUDGET`)."""
        self._runner = CoachRunner("hint-worker", self)
        self._runner.job_done.connect(self._on_done)
        self._runner.job_failed.connect(self._on_failed)
        self._runner.job_finished.connect(self._on_finished)
        self._job: int | None = None
        self._view: PlayerView | None = None

    @property
    def pending_view(self) -> PlayerView | None:
        """The view whose hint is being searched, or None."""
        return self._view if self._job is not None else None

    def request(self, view: PlayerView) -> None:
        """Search a hint for ``view`` (the seat to act must be ``view.seat``); any pending
        search is cancelled first."""
        self.cancel()
        hint_fn, budget = self.hint_fn, self.budget

        def job(cancelled: Callable[[], bool], _progress: Progress) -> object:
            return hint_fn(view, budget=budget, cancel=cancelled)

        self._view = view
        self._job = self._runner.submit(job)

    def cancel(self) -> None:
        """Drop the pending search, if any (the position changed)."""
        if self._job is not None:
            self._runner.cancel(self._job)
        self._job = None
        self._view = None

    def shutdown(self) -> None:
        """Cancel and stop the worker thread (the window closes)."""
        self.cancel()
        self._runner.shutdown()

    @Slot(int, object)
    def _on_done(self, job_id: int, hint: object) -> None:
        if job_id != self._job or self._view is None:
            return
        view = self._view
        self._job = None
        self._view = None
        self.hint_ready.emit(view, hint)

    @Slot(int, str)
    def _on_failed(self, job_id: int, message: str) -> None:
        if job_id != self._job:
            return
        self._job = None
        self._view = None
        self.hint_failed.emit(message)

    @Slot(int, str)
    def _on_finished(self, _job_id: int, outcome: str) -> None:
        self.hint_finished.emit(outcome)
