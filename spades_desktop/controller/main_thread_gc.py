"""Python's cyclic garbage collector in the GUI thread only, while worker threads run.

The collector runs in whichever thread happens to allocate when a generation is full.
A computer player's or the coach's search allocates a great deal on its worker thread,
so the collector often runs there, and then frees any unreachable Python wrappers of Qt
objects left by the GUI. PySide defers deleting such a Qt object to the GUI thread
(``Shiboken::BindingManager::runDeletionInMainThread``), and shiboken 6.11 can crash
doing so: seen as a segmentation fault in the GUI thread while a hand review ran.

While at least one worker thread runs (:func:`acquire` … :func:`release`), automatic
collection is off and a timer in the GUI thread collects instead, generation by
generation with Python's own thresholds (``gc.get_threshold()``), so that the work is
the same as the automatic collector's, only in the right thread.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QTimer

__all__ = ["TICK_MS", "acquire", "active", "collect_due", "release"]

TICK_MS = 100
"""How often the GUI thread checks whether a generation is due, in milliseconds."""

_users = 0
_timer: QTimer | None = None
_was_enabled = True


def collect_due() -> int | None:
    """Collect the oldest generation that is due by Python's thresholds (as the
    automatic collector would); returns it (0, 1 or 2), or None when none is due."""
    c0, c1, c2 = gc.get_count()
    t0, t1, t2 = gc.get_threshold()
    if t0 == 0:
        return None
    generation = 2 if c2 > t2 else 1 if c1 > t1 else 0 if c0 > t0 else None
    if generation is not None:
        gc.collect(generation)
    return generation


def active() -> bool:
    """Whether the GUI thread is doing the collecting now."""
    return _users > 0


def acquire() -> None:
    """A worker thread starts: from now until the matching :func:`release`, only the
    GUI thread collects (call from the GUI thread, with a QCoreApplication)."""
    global _users, _timer, _was_enabled
    _users += 1
    if _users > 1:
        return
    _was_enabled = gc.isenabled()
    gc.disable()
    if _timer is None:
        _timer = QTimer(QCoreApplication.instance())
        _timer.setInterval(TICK_MS)
        _timer.timeout.connect(collect_due)
    _timer.start()


def release() -> None:
    """A worker thread has stopped; the last one gives collection back to Python."""
    global _users
    if _users == 0:
        return
    _users -= 1
    if _users == 0:
        if _timer is not None:
            _timer.stop()
        if _was_enabled:
            gc.enable()
