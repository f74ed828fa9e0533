"""Wiring: command line, QApplication, data folder, settings, the window. Nothing else.

:func:`start_up` is the Qt-free part (the data folder, its lock and its files);
:func:`main` adds the application and the window."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from . import __version__
from .persistence import (
    DataDirError,
    DataPaths,
    InstanceLock,
    InstanceLockError,
    Notice,
    NoticeCode,
    ResumeResult,
    Settings,
    acquire_instance_lock,
    load_settings,
    load_stats,
    prepare,
    remove_leftovers,
    resolve_data_dir,
    resume_game,
    set_aside_odd_games_folder,
)

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

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
    from .compiled import core_description

    parser.add_argument("--version", action="version",
                        version=f"%(prog)s {app_version()} ({core_description()})")
    parser.add_argument("--smoke-test", action="store_true",
                        help="play one hand offscreen with computers in every seat, in a "
                             "temporary data folder; exit 0 if all is well")
    return parser.parse_args(list(argv))


@dataclass
class Startup:
    """What :func:`start_up` found in the data folder, for the window to use.

    Fields: ``paths`` (the data folder's files); ``lock`` (this instance's lock, to
    release on quitting; None only when the disk is full and no lock file could be
    made, which is harmless as nothing is then written); ``saving`` (False when the
    disk is full: the game is played without saving anything); ``settings`` (from
    ``settings.json``, or defaults); ``resumed`` (the saved game, if any); ``notices``
    (what to tell the player, in order: the disk, settings, the saved game, the
    statistics).
    """

    paths: DataPaths
    lock: InstanceLock | None
    saving: bool
    settings: Settings
    resumed: ResumeResult
    notices: list[Notice] = field(default_factory=list)

    def release(self) -> None:
        """Let the data folder's lock go (when held)."""
        if self.lock is not None:
            self.lock.release()


class StartupError(Exception):
    """The game cannot start on this data folder: ``notice`` says why (a data-folder
    code, ``ALREADY_RUNNING`` or ``LOCK_UNUSABLE``); ``exit_code`` is 1 when another
    instance is running, else 2."""

    def __init__(self, notice: Notice) -> None:
        super().__init__(notice.message)
        self.notice = notice
        self.exit_code = 1 if notice.code is NoticeCode.ALREADY_RUNNING else 2


def start_up(data_dir: str | None) -> Startup:
    """Open the data folder (``--data-dir``, else the environment, else the platform's;
    see :func:`~spades_desktop.persistence.resolve_data_dir`) and read what it holds,
    without Qt: create and check the folder, take its lock, set aside a ``games`` that
    is not a real folder (a link), remove what a killed run left behind (temporary
    files of a save), then read the settings, the statistics
    and the saved game (a finished game in it is counted then, so an unreadable
    statistics file is set aside, and told, before). A file that cannot be used is set
    aside by its loader and reported in ``notices``; nothing a file holds makes this
    raise or wait.

    Raises:
        StartupError: the folder cannot be used or another instance holds its lock.
    """
    try:
        paths = DataPaths(resolve_data_dir(data_dir))
    except (OSError, RuntimeError, ValueError) as exc:  # no working folder, no home
        raise StartupError(Notice(NoticeCode.DATA_DIR_NOT_CREATED, folder=Path(data_dir or "."),
                                  reason=str(exc) or type(exc).__name__)) from exc
    try:
        full = prepare(paths)
    except DataDirError as exc:
        raise StartupError(exc.notice) from exc
    lock: InstanceLock | None
    try:
        lock = acquire_instance_lock(paths)
    except InstanceLockError as exc:
        if full is None or exc.code is NoticeCode.ALREADY_RUNNING:
            raise StartupError(exc.notice) from exc
        log.warning("running without a lock on a full disk: %s", exc)
        lock = None
    try:
        odd = set_aside_odd_games_folder(paths)
        if odd is not None:
            log.warning("%s was not a folder; set aside as %s", paths.games_dir, odd)
        for path in remove_leftovers(paths):
            log.info("removed %s, left by an interrupted run", path)
        settings, settings_notice = load_settings(paths)
        _, stats_notice = load_stats(paths)
        resumed = resume_game(paths)
    except BaseException:
        if lock is not None:
            lock.release()
        raise
    notices = [n for n in (full, settings_notice, resumed.notice, stats_notice)
               if n is not None]
    for notice in notices:
        log.warning("%s", notice.message)
    return Startup(paths, lock, full is None, settings, resumed, notices)


def _allow_other_process_to_come_forward() -> None:
    """Windows lets only the foreground process bring a window forward: this one (the
    second copy, just started by the player) passes that right on. Elsewhere nothing."""
    if sys.platform == "win32":
        import ctypes

        asfw_any = -1
        ctypes.windll.user32.AllowSetForegroundWindow(asfw_any)


def bring_forward(window: QWidget) -> None:
    """Show ``window`` un-minimised, raised above the others and active (a second copy
    asked for it)."""
    from PySide6.QtCore import Qt

    state = window.windowState()
    if state & Qt.WindowState.WindowMinimized:
        window.setWindowState((state & ~Qt.WindowState.WindowMinimized)
                              | Qt.WindowState.WindowActive)
    window.show()
    window.raise_()
    window.activateWindow()
    log.info("the window was brought forward at a second copy's request")


def main(argv: Sequence[str] | None = None) -> int:
    """Start the game; returns the process exit code: 0 (also when another copy runs on
    the data folder and came forward at this one's request), 1 when another copy runs on
    it but did not answer (the player is told to switch to its window), 2 when the folder
    cannot be used."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.smoke_test:
        from .smoke import run_smoke_test

        return run_smoke_test()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from . import rc_resources  # noqa: F401  (registers :/assets)
    from .controller import GameController
    from .ui import i18n
    from .ui.main_window import MainWindow
    from .ui.sound import QtSoundSink

    app = QApplication.instance() or QApplication([sys.argv[0]])
    assert isinstance(app, QApplication)
    app.setApplicationName("Spades Desktop")
    app.setApplicationVersion(app_version())
    app.setDesktopFileName("spades-desktop")
    i18n.apply_language("system", quiet=True)  # until the settings are read

    from .controller.instance_channel import InstanceServer, ask_to_activate

    try:
        startup = start_up(args.data_dir)
    except StartupError as exc:
        running = exc.notice.code is NoticeCode.ALREADY_RUNNING
        if running and exc.notice.folder is not None:
            _allow_other_process_to_come_forward()
            if ask_to_activate(exc.notice.folder):
                log.info("Spades Desktop already runs with %s: its window was brought "
                         "forward", exc.notice.folder)
                return 0
        show = QMessageBox.warning if exc.exit_code == 1 else QMessageBox.critical
        show(None, app.translate("App", "Spades Desktop"), i18n.notice_text(exc.notice))
        return exc.exit_code

    server = InstanceServer(startup.paths.root)
    try:
        server.listen()
        language = i18n.apply_language(startup.settings.language)
        # a full disk: play on, but write nothing (no autosave, no settings, no statistics)
        saved_to = startup.paths if startup.saving else None
        controller = GameController(saved_to)
        # the sounds load once the window is up: a machine without audio (or a slow
        # sound server) never holds up the first frame; with sound on, the output opens
        # then too, so that the deal's sound is not held up by the sound server
        sound = QtSoundSink()
        window = MainWindow(controller, startup.settings, saved_to, sound_sink=sound)
        sound.setParent(window)
        QTimer.singleShot(0, sound.prepare if startup.settings.sound_on else sound.load)
        server.activation_requested.connect(lambda: bring_forward(window))
        messages = [i18n.notice_text(n) for n in startup.notices]
        if language.notice:
            messages.append(language.notice)
        resumed = startup.resumed
        if os.environ.get(FIRST_FRAME_ENV) == "1":
            from .smoke import exit_after_first_frame

            exit_after_first_frame(window)
        window.show()
        if resumed.state is not None:
            controller.resume(resumed.state, resumed.actions, resumed.difficulty or "normal",
                              resumed.deal, resumed.game_id, resumed.hints,
                              resumed.practice)
            window.notify_all(messages)
        elif messages:  # the notices first, then the New Game dialog
            window.notify_all(messages, then=window.dialogs.new_game)
        else:
            QTimer.singleShot(0, window.dialogs.new_game)
        code = app.exec()
    finally:
        server.close()
        startup.release()
    return int(code)
