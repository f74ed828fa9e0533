"""Self-checks of an installed or frozen build (``packaging/README.md``).

- :func:`run_smoke_test` (``spades-desktop --smoke-test``): offscreen, in a temporary
  data folder, start the real main window, start a game through the New game dialog,
  let computer players play all four seats at animation speed 0 until the first hand is
  scored, and check the score sheet adds up. Prints ``SMOKE OK …`` and returns 0, or
  prints ``SMOKE FAILED: …`` on standard error and returns 1.
- :func:`exit_after_first_frame` (``SPADES_DESKTOP_EXIT_AFTER_FIRST_FRAME=1``): print
  ``FIRST_FRAME <seconds since the process started>`` once the table has painted its first
  frame, then close the window and quit. ``benchmarks/startup.py`` times launches with it.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .ui.main_window import MainWindow

TIMEOUT_ENV = "SPADES_DESKTOP_SMOKE_TIMEOUT"
"""Seconds the smoke test may take to play its hand (default :data:`DEFAULT_TIMEOUT_S`)."""

DEFAULT_TIMEOUT_S = 120.0

CHECKED_RESOURCES = (":/assets/cards/AS.svg", ":/assets/cards/back.svg")

SOUND_ENV = "SPADES_DESKTOP_SMOKE_SOUND"
"""Set to 1 where an audio output exists (CI: a null PulseAudio sink): the smoke test then
also plays one sound through QtMultimedia and waits until it plays."""


class SmokeFailure(Exception):
    """Something the smoke test checks is wrong; the message says what."""


def run_smoke_test(timeout_s: float | None = None) -> int:
    """Play one whole hand with computer players in every seat; return the exit code.

    Sets ``QT_QPA_PLATFORM=offscreen`` (it must run before the ``QApplication`` exists,
    so call this before creating one) and uses a new temporary data folder. Never opens
    a blocking dialog. ``timeout_s`` defaults to ``SPADES_DESKTOP_SMOKE_TIMEOUT`` or
    :data:`DEFAULT_TIMEOUT_S`.
    """
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    if timeout_s is None:
        try:
            timeout_s = float(os.environ.get(TIMEOUT_ENV) or DEFAULT_TIMEOUT_S)
        except ValueError:
            timeout_s = DEFAULT_TIMEOUT_S
    started = time.monotonic()
    try:
        with tempfile.TemporaryDirectory(prefix="spades-smoke-",
                                         ignore_cleanup_errors=True) as tmp:
            summary = _play_one_hand(Path(tmp), timeout_s)
    except SmokeFailure as exc:
        print(f"SMOKE FAILED: {exc}", file=sys.stderr, flush=True)
        return 1
    except Exception:
        print(f"SMOKE FAILED: unexpected error\n{traceback.format_exc()}", file=sys.stderr,
              flush=True)
        return 1
    print(f"SMOKE OK: {summary} ({time.monotonic() - started:.1f} s)", flush=True)
    return 0


def _play_one_hand(tmp: Path, timeout_s: float) -> str:
    from PySide6.QtCore import (
        QEvent,
        QEventLoop,
        QFile,
        QTimer,
        QtMsgType,
        qInstallMessageHandler,
    )
    from PySide6.QtGui import QIcon, QImageReader
    from PySide6.QtSvg import QSvgRenderer
    from PySide6.QtWidgets import QApplication, QDialog

    from . import rc_resources  # noqa: F401  (registers :/assets)
    from .controller import GameController
    from .engine import Card, GameState, Seat, Team, finished_scores, running_totals, score_hand
    from .languages import SUPPORTED
    from .persistence import DataPaths, load_settings, prepare, resume_game
    from .ui.dialogs import RULES_PAGE, ScoreSheetWidget
    from .ui.main_window import MainWindow
    from .ui.texts import MINUS_SIGN
    from .ui.window_dialogs import open_dialog

    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "smoke"])
    faults: list[str] = []

    # -- Qt, the resources and the plugins a build must carry ------------------------------
    for name in CHECKED_RESOURCES:
        if not QSvgRenderer(name).isValid():
            raise SmokeFailure(f"the resource {name} does not load as SVG")
    formats = {bytes(f.data()).decode() for f in QImageReader.supportedImageFormats()}
    if "svg" not in formats:
        raise SmokeFailure("Qt's SVG image format plugin is missing (imageformats/qsvg)")
    if QIcon(":/assets/icons/spades-desktop.svg").pixmap(64, 64).isNull():
        raise SmokeFailure("the application icon does not render")
    for language in SUPPORTED:
        if not QFile.exists(RULES_PAGE.format(language=language)):
            raise SmokeFailure(f"the rules page for {language} is not in the resources")
    _check_sound(os.environ.get(SOUND_ENV) == "1")

    # -- record faults while the game runs --------------------------------------------------
    def on_qt_message(kind: QtMsgType, _context: Any, text: str) -> None:
        if kind in (QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg):
            faults.append(f"Qt: {text}")
        if kind != QtMsgType.QtDebugMsg and "propagateSizeHints" not in text:
            print(f"qt: {text}", file=sys.stderr)  # (offscreen: no size hints, harmless)

    previous_hook = sys.excepthook

    def on_exception(kind: type[BaseException], value: BaseException, tb: Any) -> None:
        faults.append("".join(traceback.format_exception(kind, value, tb)).rstrip())
        previous_hook(kind, value, tb)

    previous_handler = qInstallMessageHandler(on_qt_message)
    sys.excepthook = on_exception
    window: MainWindow | None = None
    controller: GameController | None = None
    try:
        paths = DataPaths(tmp / "data")
        prepare(paths)
        settings, note = load_settings(paths)
        if note:
            faults.append(f"fresh settings: {note}")
        if resume_game(paths).state is not None:
            raise SmokeFailure("an empty data folder offered a game to resume")
        controller = GameController(paths)
        controller.bot_seats = frozenset(Seat)
        controller.action_rejected.connect(lambda text: faults.append(f"rejected: {text}"))
        controller.message.connect(lambda text: faults.append(f"message: {text}"))
        window = MainWindow(controller, settings.replace(animation_speed=0.0), paths)
        window.resize(1100, 800)
        window.show()
        QApplication.processEvents()
        _check_felt(window)

        hand_one: list[tuple[GameState, object]] = []
        controller.state_changed.connect(
            lambda old, _new, action: hand_one.append((old, action))
            if old.hand_number == 1 else None)

        window.dialogs.new_game()
        dialog = open_dialog(window, "new_game")
        if not isinstance(dialog, QDialog):
            raise SmokeFailure("the New game dialog did not open")
        dialog.accept()
        state = controller.state
        if state is None:
            raise SmokeFailure("accepting the New game dialog started no game")
        game_number = state.game_number

        loop = QEventLoop()
        timed_out: list[bool] = []

        def poll() -> None:
            s = controller.state if controller is not None else None
            shown = window is not None and (window.scene.snapshot().summary.visible
                                            or open_dialog(window, "game_over") is not None)
            if faults or (s is not None and s.hand_records and shown):
                loop.quit()

        ticker = QTimer()
        ticker.timeout.connect(poll)
        ticker.start(20)

        def give_up() -> None:
            timed_out.append(True)
            loop.quit()

        QTimer.singleShot(int(timeout_s * 1000), give_up)
        loop.exec()
        ticker.stop()
        if faults:
            raise SmokeFailure("; ".join(faults))
        if timed_out:
            raise SmokeFailure(
                f"game #{game_number}: the first hand was not scored within {timeout_s:g} s "
                f"({len(hand_one)} actions so far)")

        # -- the hand as recorded by the engine ----------------------------------------------
        state = controller.state
        assert state is not None
        if len(state.hand_records) != 1:
            raise SmokeFailure(f"{len(state.hand_records)} hands were scored, expected 1")
        record = state.hand_records[0]
        applied = [a for _, a in hand_one]
        recorded = [b for b in record.bids if b is not None]
        played = [c for trick in record.tricks for c in trick.cards]
        if len(applied) != 56 or len(recorded) != 4 or len(played) != 52:
            raise SmokeFailure(f"hand 1 has {len(recorded)} bids and {len(played)} cards on "
                               f"record, {len(applied)} actions applied (expected 4, 52, 56)")
        if [a for a in applied if isinstance(a, Card)] != played:
            raise SmokeFailure("the cards on record differ from the cards played")
        if sum(record.tricks_won) != 13:
            raise SmokeFailure(f"the tricks won add up to {sum(record.tricks_won)}, not 13")

        # -- the score sheet -----------------------------------------------------------------
        bids = dict(zip(Seat, recorded, strict=True))
        tricks = dict(zip(Seat, record.tricks_won, strict=True))
        expected = score_hand(state.rules, bids, tricks, {Team.NS: 0, Team.EW: 0})
        if record.score is None or dict(record.score.items()) != dict(expected.items()):
            raise SmokeFailure(f"hand 1 was scored {record.score!r}; the bids and tricks "
                               f"give {expected!r}")
        if open_dialog(window, "game_over") is None:  # the summary is on the table
            window.dialogs.show_score_sheet()  # its score sheet
        shown = open_dialog(window, "score_sheet") or open_dialog(window, "game_over")
        sheet = shown.findChild(ScoreSheetWidget) if shown is not None else None
        if sheet is None or sheet.hand_count() != 1:
            raise SmokeFailure("no score sheet with one hand is shown after the hand")

        def cell(team: Team, key: str) -> int:
            text = sheet.cell_text(team, key, 0)
            try:
                return int(text.replace(MINUS_SIGN, "-"))
            except ValueError:
                raise SmokeFailure(f"score sheet {team.name} {key}: {text!r} is no number")\
                    from None

        parts = ("contract", "bags", "nil", "bag_penalty")
        totals = []
        for team in Team:
            rows = {key: cell(team, key) for key in (*parts, "total", "running")}
            row_sum = sum(rows[key] for key in parts)
            if row_sum != rows["total"]:
                raise SmokeFailure(f"score sheet {team.name}: the rows {rows} add up to "
                                   f"{row_sum}, not the hand total {rows['total']}")
            score = record.score[team]
            if rows["total"] != score.total:
                raise SmokeFailure(f"score sheet {team.name}: shows {rows['total']}, "
                                   f"the game scored {score.total}")
            game_total = running_totals(finished_scores(state.hand_records))[-1][team]
            if not rows["running"] == state.scores[team] == game_total:
                raise SmokeFailure(f"{team.name}: running total {rows['running']}, score "
                                   f"{state.scores[team]}, the engine's running total "
                                   f"{game_total}")
            totals.append(rows["total"])
        return (f"game #{game_number}, hand 1 scored N-S {totals[0]} / E-W {totals[1]}, "
                f"tricks {'+'.join(str(tricks[s]) for s in Seat)} = 13")
    finally:
        if window is not None:
            window.close()
            window.deleteLater()
        elif controller is not None:
            controller.shutdown()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        sys.excepthook = previous_hook
        qInstallMessageHandler(previous_handler)
        del app


def _check_sound(play: bool) -> None:
    """Every sound is in the resources and QtMultimedia imports (the build carries it);
    with ``play``, one sound is played through the real sink until it plays."""
    from PySide6.QtCore import QEventLoop, QFile, QTimer

    from .ui.sound import SOUND_FILES, SOUND_RESOURCE_DIR, QtSoundSink

    for name in SOUND_FILES.values():
        if not QFile.exists(f"{SOUND_RESOURCE_DIR}/{name}"):
            raise SmokeFailure(f"the sound {name} is not in the resources")
    try:
        import PySide6.QtMultimedia  # noqa: F401
    except ImportError as exc:
        raise SmokeFailure(f"QtMultimedia does not import: {exc}") from exc
    if not play:
        return
    sink = QtSoundSink()
    name = SOUND_FILES[next(iter(SOUND_FILES))]
    heard: list[str] = []
    loop = QEventLoop()
    sink.ready.connect(loop.quit)
    sink.finished.connect(heard.append)
    sink.finished.connect(loop.quit)
    sink.failed.connect(loop.quit)
    timer = QTimer()
    timer.setSingleShot(True)
    timer.timeout.connect(loop.quit)
    timer.start(10_000)
    sink.prepare()
    if not sink.is_ready and not sink.failure:
        loop.exec()  # until the output takes samples
    if sink.is_ready:
        sink.play(name, 0.1)
        if not heard and not sink.failure:
            loop.exec()  # until the sound has played
    if sink.failure:
        raise SmokeFailure(f"the sound cannot play: {sink.failure}")
    if not sink.is_ready:
        raise SmokeFailure("the audio output did not start")
    if heard != [name]:
        raise SmokeFailure("the sound did not play")
    sink.deleteLater()


def _check_felt(window: MainWindow) -> None:
    """The table painted its green felt (a frame reached the screen's buffer)."""
    viewport = window.table.viewport()
    image = viewport.grab().toImage()
    if image.isNull() or image.width() < 100:
        raise SmokeFailure("the table did not paint")
    # above the middle, where the New game button of the empty felt is
    colour = image.pixelColor(image.width() // 2, int(image.height() * 0.36))
    if not (colour.green() > colour.red() + 20 and colour.green() > colour.blue() + 10):
        raise SmokeFailure(f"the felt above the table's centre is {colour.name()}, "
                           "not green")


def _process_age() -> float | None:
    """Seconds since this process started (Linux), else None."""
    try:
        with open("/proc/self/stat", encoding="ascii") as f:
            start_ticks = int(f.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime", encoding="ascii") as f:
            uptime = float(f.read().split()[0])
        return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def exit_after_first_frame(window: MainWindow) -> None:
    """Once the table's viewport has handled its first paint event, print
    ``FIRST_FRAME <seconds since process start, or ->`` and quit (close the window, which
    saves settings and stops the bot thread as a normal quit does)."""
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    class FirstFrameProbe(QObject):
        def __init__(self) -> None:
            super().__init__(window)
            self.seen = False

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.Paint and not self.seen:
                self.seen = True
                QTimer.singleShot(0, self.report)  # after this paint has been done
            return False

        def report(self) -> None:
            age = _process_age()
            print(f"FIRST_FRAME {'-' if age is None else f'{age:.3f}'}", flush=True)
            window.close()
            QApplication.quit()

    probe = FirstFrameProbe()
    window.table.viewport().installEventFilter(probe)
