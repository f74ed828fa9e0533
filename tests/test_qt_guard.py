"""Guard against a known-bad Qt binding (the Qt-free layers have their own import
tests: tests/engine/test_no_qt.py, tests/bots/test_bots_api.py,
tests/persistence/test_persistence_no_qt.py, tests/arena/test_arena_match.py)."""

import sys


def test_void_qt_calls_keep_the_refcount_of_none() -> None:
    """PySide6 6.12.0 on Python 3.11 drops one reference to None on every void Qt call
    and aborts after a few thousand; the dependency pin must keep such a build out."""
    from PySide6.QtCore import QObject

    obj = QObject()
    before = sys.getrefcount(None)
    for _ in range(10_000):
        obj.setObjectName("x")
    after = sys.getrefcount(None)
    # other threads may hold a few extra references; a leak would lose 10,000
    assert after >= before - 50, (before, after)
