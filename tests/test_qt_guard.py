"""Guards against known-bad Qt bindings and layering mistakes."""

import subprocess
import sys

import pytest


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


@pytest.mark.parametrize("package", ["engine", "bots", "persistence"])
def test_core_packages_import_without_qt(package: str) -> None:
    """The engine, the bots and persistence never import Qt (DESIGN.md, Layers)."""
    code = (
        "import sys\n"
        "sys.modules['PySide6'] = None\n"
        f"import spades_desktop.{package}\n"
        "assert not any(m.startswith('PySide6.') for m in sys.modules), 'Qt was imported'\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
