"""Runs the table's animation steps one after another (docs/architecture.md, The table).

A step is a pair: ``build(speed)`` starts from the current picture and returns a Qt
animation (or None) that ends in the step's final picture; ``finish()`` snaps to that
final picture and is always called, also when the step is skipped or the speed is 0.
While steps run, the table ignores input; ``animations_idle`` is emitted once the
queue is empty.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from PySide6.QtCore import QAbstractAnimation, QObject, Signal, Slot

Build = Callable[[float], QAbstractAnimation | None]
Finish = Callable[[], None]


class Animator(QObject):
    """A queue of animation steps; ``speed`` scales durations (0 = instant)."""

    animations_idle = Signal()
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.speed = 1.0
        self._queue: deque[tuple[Build | None, Finish | None]] = deque()
        self._current: QAbstractAnimation | None = None
        self._current_finish: Finish | None = None
        self._running = False
        self._busy = False
        self._previous: QAbstractAnimation | None = None

    @property
    def busy(self) -> bool:
        """True while any step is queued or running."""
        return self._busy

    def enqueue(self, build: Build | None, finish: Finish | None = None) -> None:
        """Add a step; starts the queue if it was idle."""
        self.enqueue_steps([(build, finish)])

    def enqueue_steps(self, steps: Iterable[tuple[Build | None, Finish | None]]) -> None:
        """Add several steps that belong together (one transition): the queue does not
        fall idle between them, also when they all finish at once (speed 0)."""
        self._queue.extend(steps)
        if not self._busy:
            self._busy = True
            self.busy_changed.emit(True)
        if not self._running and self._current is None:
            self._run()

    def skip(self) -> None:
        """Finish the running step and every queued step at once (a click on the table)."""
        if self._current is not None:
            anim, self._current = self._current, None
            anim.finished.disconnect(self._on_finished)
            anim.stop()
        finish, self._current_finish = self._current_finish, None
        if finish is not None:
            finish()
        saved, self.speed = self.speed, 0.0
        try:
            self._run()
        finally:
            self.speed = saved

    def _run(self) -> None:
        if self._running or self._current is not None:
            return  # a step is playing: the next one starts when it finishes
        self._running = True
        try:
            while self._queue:
                build, finish = self._queue.popleft()
                anim = build(self.speed) if (build is not None and self.speed > 0) else None
                if anim is None or anim.totalDuration() <= 0:
                    if anim is not None:
                        anim.stop()
                    if finish is not None:
                        finish()
                    continue
                self._current = anim
                self._current_finish = finish
                anim.finished.connect(self._on_finished)
                anim.start()
                return
        finally:
            self._running = False
        if self._current is None and not self._queue and self._busy:
            self._busy = False
            self.busy_changed.emit(False)
            self.animations_idle.emit()

    @Slot()
    def _on_finished(self) -> None:
        # keep the finished animation alive until the next one ends: it is still
        # emitting the signal that brought us here
        self._previous = self._current
        self._current = None
        finish, self._current_finish = self._current_finish, None
        if finish is not None:
            finish()
        self._run()
