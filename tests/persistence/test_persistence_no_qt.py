"""The persistence package is pure Python: it must import without PySide6."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import spades_desktop.persistence as persistence

PACKAGE_DIR = Path(persistence.__file__).parent


def test_imports_with_pyside6_unimportable() -> None:
    code = (
        "import sys\n"
        "sys.modules['PySide6'] = None\n"
        "import spades_desktop.persistence as p\n"
        "assert p.resume_game and p.load_settings\n"
        "bad = [m for m, v in sys.modules.items() if 'PySide6' in m and v is not None]\n"
        "assert not bad, bad\n"
        "print('ok')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_no_qt_import_in_sources() -> None:
    for source in PACKAGE_DIR.glob("*.py"):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            for name in names:
                top = name.split(".")[0]
                assert top not in {"PySide6", "PyQt5", "PyQt6", "shiboken6"}, source
                assert top != "pickle", source
