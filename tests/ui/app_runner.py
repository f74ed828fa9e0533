"""Run ``app.main`` in the test process with ``QApplication.exec`` replaced, so the event
loop is never entered: what the player would see at start is read from the window and
the message boxes (tests/ui/test_window_app.py, tests/ui/test_window_start.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from spades_desktop import app
from spades_desktop.ui.main_window import MainWindow


class Calls:
    """Records calls to a patched ``QMessageBox`` static function."""

    def __init__(self) -> None:
        self.args: list[tuple[object, ...]] = []

    def __call__(self, *args: object, **kwargs: object) -> QMessageBox.StandardButton:
        self.args.append(args)
        return QMessageBox.StandardButton.Ok

    @property
    def texts(self) -> list[str]:
        """The message of each call (the third argument)."""
        return [str(args[2]) for args in self.args]


def patch_boxes(monkeypatch: pytest.MonkeyPatch) -> dict[str, Calls]:
    """Replace ``QMessageBox.warning``, ``critical`` and ``information`` by recorders."""
    calls = {"warning": Calls(), "critical": Calls(), "information": Calls()}
    for name, recorder in calls.items():
        monkeypatch.setattr(QMessageBox, name, recorder)
    return calls


@dataclass
class Run:
    """What one ``app.main`` run showed: its exit code, whether the window opened, and
    the texts of the messages the window showed (``MainWindow.notify``)."""

    code: int
    window_shown: bool = False
    messages: list[str] = field(default_factory=list)


def run_main(monkeypatch: pytest.MonkeyPatch, qtbot, data: Path,
             inside: Callable[[MainWindow], None] | None = None) -> Run:
    """Run ``app.main(["--data-dir", data])``; where the event loop would run,
    ``inside(window)`` runs, then the player quits (the window closes)."""
    run = Run(code=-1)

    def fake_exec(self: QApplication) -> int:
        windows = [w for w in QApplication.topLevelWidgets()
                   if isinstance(w, MainWindow) and w.isVisible()]
        assert len(windows) == 1
        window = windows[0]
        qtbot.addWidget(window)
        run.window_shown = True
        run.messages = [box.text() for box in window.findChildren(QMessageBox)]
        try:
            if inside is not None:
                inside(window)
        finally:
            window.close()  # the player quits: the bot thread stops
        return 0

    monkeypatch.setattr(QApplication, "exec", fake_exec)
    run.code = app.main(["--data-dir", str(data)])
    return run
