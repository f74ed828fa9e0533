"""Wiring: command line, QApplication, data folder, settings, the window. Nothing else."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence

from . import __version__

log = logging.getLogger("spades_desktop")


FIRST_FRAME_ENV = "SPADES_DESKTOP_EXIT_AFTER_FIRST_FRAME"
"""When set to 1, the app prints a line once the table has painted its first frame and
quits (for ``benchmarks/startup.py``; see ``spades_desktop/smoke.py``)."""


def app_version() -> str:
    """The installed distribution's version (also in a frozen build, whose spec copies
    the metadata), else the package's ``__version__``."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("spades-desktop")
    except PackageNotFoundError:
        return __version__


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """Command-line options: ``--data-dir PATH`` (also ``SPADES_DESKTOP_DATA_DIR``),
    ``--version``, ``--smoke-test``."""
    parser = argparse.ArgumentParser(
        prog="spades-desktop",
        description="Offline Spades against three computer players.")
    parser.add_argument("--data-dir", metavar="PATH",
                        help="keep settings, the autosave and statistics in this folder "
                             "(also SPADES_DESKTOP_DATA_DIR)")
    parser.add_argument("--version", action="version", version=f"%(prog)s {app_version()}")
    parser.add_argument("--smoke-test", action="store_true",
                        help="play one hand offscreen with computers in every seat, in a "
                             "temporary data folder; exit 0 if all is well")
    return parser.parse_args(list(argv))


def main(argv: Sequence[str] | None = None) -> int:
    """Start the game; returns the process exit code."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.smoke_test:
        from .smoke import run_smoke_test

        return run_smoke_test()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")

    from PySide6.QtCore import QLockFile, QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from . import rc_resources  # noqa: F401  (registers :/assets)
    from .controller import GameController
    from .persistence import (
        DataDirError,
        DataPaths,
        load_settings,
        load_stats,
        prepare,
        resolve_data_dir,
        resume_game,
    )
    from .ui import i18n
    from .ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([sys.argv[0]])
    assert isinstance(app, QApplication)
    app.setApplicationName("Spades Desktop")
    app.setApplicationVersion(app_version())
    app.setDesktopFileName("spades-desktop")
    i18n.apply_language("system", quiet=True)  # until the settings are read

    try:
        paths = DataPaths(resolve_data_dir(args.data_dir))
        prepare(paths)
    except DataDirError as exc:
        QMessageBox.critical(None, app.translate("App", "Spades Desktop"),
                             i18n.notice_text(exc.notice))
        return 2

    lock = QLockFile(str(paths.lock_file))
    lock.setStaleLockTime(0)
    if not lock.tryLock(100):
        QMessageBox.warning(
            None, app.translate("App", "Spades Desktop"),
            app.translate("App", "Spades Desktop is already running with the data folder "
                                 "{0}.").format(paths.root))
        return 1

    settings, settings_notice = load_settings(paths)
    language = i18n.apply_language(settings.language)
    controller = GameController(paths)
    window = MainWindow(controller, settings, paths)
    messages = [i18n.notice_text(n) for n in (settings_notice,) if n is not None]
    if language.notice:
        messages.append(language.notice)
    # an unreadable statistics file is set aside here, before a finished game in the
    # autosave is counted, so that the player is told once
    _stats, stats_notice = load_stats(paths)
    if stats_notice is not None:
        messages.append(i18n.notice_text(stats_notice))
    controller.notice.connect(lambda notice: window.notify(i18n.notice_text(notice)))

    resumed = resume_game(paths)
    if resumed.notice is not None:
        messages.append(i18n.notice_text(resumed.notice))
    if os.environ.get(FIRST_FRAME_ENV) == "1":
        from .smoke import exit_after_first_frame

        exit_after_first_frame(window)
    window.show()
    if resumed.state is not None:
        controller.resume(resumed.state, resumed.actions, resumed.difficulty or "normal",
                          resumed.deal, resumed.game_id)
    else:
        QTimer.singleShot(0, window.new_game_dialog)
    for text in messages:
        window.notify(text)
    code = app.exec()
    lock.unlock()
    return int(code)
