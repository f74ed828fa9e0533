"""Guard against a known-bad Qt binding (that the Qt-free layers import no Qt is checked by
the import contracts in pyproject.toml: tests/test_import_contracts.py)."""

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
