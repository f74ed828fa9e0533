"""Wiring: command line, QApplication, data folder, settings, the window. Nothing else."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence

from . import __version__

log = logging.getLogger("spades_desktop")


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """Command-line options: ``--data-dir PATH`` (also ``SPADES_DESKTOP_DATA_DIR``),
    ``--version``."""
    parser = argparse.ArgumentParser(
        prog="spades-desktop",
        description="Offline Spades against three computer players.")
    parser.add_argument("--data-dir", metavar="PATH",
                        help="keep settings, the autosave and statistics in this folder "
                             "(also SPADES_DESKTOP_DATA_DIR)")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return parser.parse_args(list(argv))


def main(argv: Sequence[str] | None = None) -> int:
    """Start the game; returns the process exit code."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")

    from PySide6.QtCore import QLockFile, QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from . import rc_resources  # noqa: F401  (registers :/assets)
    from .controller import GameController
    from .persistence import (
        DataDirError,
        DataPaths,
        load_settings,
        prepare,
        resolve_data_dir,
        resume_game,
    )
    from .ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([sys.argv[0]])
    assert isinstance(app, QApplication)
    app.setApplicationName("Spades Desktop")
    app.setApplicationVersion(__version__)
    app.setDesktopFileName("spades-desktop")

    try:
        paths = DataPaths(resolve_data_dir(args.data_dir))
        prepare(paths)
    except DataDirError as exc:
        QMessageBox.critical(None, "Spades Desktop", str(exc))
        return 2

    lock = QLockFile(str(paths.lock_file))
    lock.setStaleLockTime(0)
    if not lock.tryLock(100):
        QMessageBox.warning(
            None, "Spades Desktop",
            app.translate("App", "Spades Desktop is already running with the data folder "
                                 "{0}.").format(paths.root))
        return 1

    settings, settings_message = load_settings(paths)
    controller = GameController(paths)
    window = MainWindow(controller, settings, paths)
    messages = [m for m in (settings_message,) if m]

    resumed = resume_game(paths)
    if resumed.message:
        messages.append(resumed.message)
    window.show()
    if resumed.state is not None:
        controller.resume(resumed.state, resumed.actions, resumed.difficulty or "normal",
                          resumed.deal)
    else:
        QTimer.singleShot(0, window.new_game_dialog)
    for text in messages:
        window.notify(text)
    code = app.exec()
    lock.unlock()
    return int(code)
