"""Memory of the GUI process over whole games (the target: flat within 5 MB after the
first game).

    python benchmarks/memory.py [--games 10] [--level normal] [--target 250]
                                [--sheet-cycles 500] [--json]

One process, offscreen: the real :class:`~spades_desktop.ui.main_window.MainWindow` and
:class:`~spades_desktop.controller.GameController` (with its real ``BotRunner`` thread)
in a temporary data folder, all four seats played by computer players of ``--level`` at
animation speed 0. Each game is started as a player starts one: Game ▸ New game, the
game number typed (``--seed`` + the game's index, so the deals repeat from run to run),
Start. After every hand the score sheet is opened from the end-of-hand summary, closed
with its Close button, and the summary's Next hand deals the next hand; the game-over
dialog is closed with its Close button. After each game (its dialog closed and the
event loop idle) the resident set size is read from ``/proc/self/statm`` (elsewhere the
peak from ``resource``, which can only grow; the output says which).

Prints the RSS after each game, with the live ``QObject`` children of the window, the
dialogs left among them, the items on the table and (with glibc) the C heap in use, and
the growth from game 1 to the last game. ``--sheet-cycles N`` then opens the score
sheet with Game ▸ Score sheet (Ctrl+S) and closes it N times, and prints the RSS before
and after. The figures are in docs/memory.md.
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import json
import os
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import (  # noqa: E402
    QEvent,
    QMessageLogContext,
    QObject,
    Qt,
    QTimer,
    QtMsgType,
    qInstallMessageHandler,
)
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QAbstractButton,
    QApplication,
    QDialog,
    QDialogButtonBox,
    QSpinBox,
)

import spades_desktop.rc_resources  # noqa: E402, F401  (registers :/assets)
from spades_desktop.controller import GameController  # noqa: E402
from spades_desktop.engine import Seat  # noqa: E402
from spades_desktop.levels import LEVELS  # noqa: E402
from spades_desktop.persistence import DataPaths, load_settings, prepare  # noqa: E402
from spades_desktop.ui.dialogs import NewGameDialog  # noqa: E402
from spades_desktop.ui.main_window import MainWindow  # noqa: E402
from spades_desktop.ui.table.summary import NEXT_HAND, SCORE_SHEET  # noqa: E402
from spades_desktop.ui.window_dialogs import open_dialog  # noqa: E402

TARGET_GROWTH_MB = 5.0
POLL_MS = 5
MB = 1024 * 1024


def rss_bytes() -> tuple[int, str]:
    """The resident set size now and how it was read ("statm"), or the peak RSS from
    ``resource.getrusage`` ("maxrss") where ``/proc`` is missing."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE"), "statm"
    except (OSError, ValueError, IndexError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return (peak if sys.platform == "darwin" else peak * 1024), "maxrss"



def _click_summary_button(window: MainWindow, which: str) -> None:
    """A left click on the end-of-hand summary's button ``which``, as a player's."""
    _text, rect = window.scene.snapshot().summary.buttons[which]
    QTest.mouseClick(window.table.viewport(), Qt.MouseButton.LeftButton,
                     pos=window.table.mapFromScene(rect.center()))

class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]


def malloc_in_use() -> int | None:
    """Bytes the C heap has handed out and not had back (glibc ``mallinfo2``: blocks in
    use plus ``mmap``ed blocks, all threads), or None without glibc 2.33+. Unlike the
    RSS it does not count freed memory the allocator keeps for reuse."""
    try:
        mallinfo2 = ctypes.CDLL(None).mallinfo2
    except (OSError, AttributeError):
        return None
    mallinfo2.restype = _MallInfo2
    info = mallinfo2()
    return int(info.uordblks + info.hblkhd)


def _quiet_qt_message(kind: QtMsgType, _context: QMessageLogContext, text: str) -> None:
    """Qt's messages on standard error, without the offscreen platform's note that it
    has no window size hints (once per dialog shown)."""
    if kind != QtMsgType.QtDebugMsg and "propagateSizeHints" not in text:
        print(f"qt: {text}", file=sys.stderr)


def _close_button(dialog: QDialog) -> QAbstractButton:
    box = dialog.findChild(QDialogButtonBox)
    assert box is not None, f"{type(dialog).__name__} has no buttons"
    button = box.button(QDialogButtonBox.StandardButton.Close)
    assert button is not None, f"{type(dialog).__name__} has no Close button"
    return button


class Player(QObject):
    """Plays ``games`` games through the window the way a player does, polling the
    window's public accessors every few milliseconds."""

    def __init__(self, app: QApplication, window: MainWindow, controller: GameController,
                 games: int, seed: int, cycles: int = 0) -> None:
        super().__init__()
        self.app = app
        self.window = window
        self.controller = controller
        self.games = games
        self.seed = seed
        self.cycles = cycles
        self.sheet_cycles: dict[str, Any] | None = None
        self.started = 0
        self.hands = 0
        self.rows: list[dict[str, Any]] = []
        self.failure: str | None = None
        self._game_started_at = 0.0
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._poll)

    def start(self) -> None:
        self._start_game()
        self._timer.start(POLL_MS)

    def _start_game(self) -> None:
        self.window.action("new").trigger()
        dialogs = [d for d in self.window.findChildren(NewGameDialog) if d.isVisible()]
        if len(dialogs) != 1:
            self._fail(f"{len(dialogs)} New game dialogs are open")
            return
        dialog = dialogs[0]
        typed = dialog.findChild(QAbstractButton, "numberTyped")
        number = dialog.findChild(QSpinBox, "gameNumber")
        start = dialog.findChild(QAbstractButton, "startGame")
        assert typed is not None and number is not None and start is not None
        typed.setChecked(True)
        number.setValue(self.seed + self.started)
        self.started += 1
        self._game_started_at = time.perf_counter()
        start.click()

    def _poll(self) -> None:
        window = self.window
        over = open_dialog(window, "game_over")
        if over is not None and over.isVisible():
            _close_button(over).click()
            self._timer.stop()
            QTimer.singleShot(0, self._after_game)  # once the closed dialog's events ran
            return
        if window.scene.snapshot().summary.visible:
            self.hands += 1
            _click_summary_button(window, SCORE_SHEET)
            sheet = open_dialog(window, "score_sheet")
            if sheet is None or not sheet.isVisible():
                self._fail("the summary's Score sheet opened no score sheet")
                return
            _close_button(sheet).click()
            _click_summary_button(window, NEXT_HAND)

    def _after_game(self) -> None:
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        state = self.controller.state
        rss, source = rss_bytes()
        heap = malloc_in_use()
        self.rows.append({
            "game": len(self.rows) + 1,
            "game_number": state.game_number if state is not None else None,
            "hands": len(state.hand_records) if state is not None else None,
            "seconds": round(time.perf_counter() - self._game_started_at, 2),
            "rss_mb": round(rss / MB, 2),
            "rss_source": source,
            "malloc_in_use_mb": None if heap is None else round(heap / MB, 2),
            "window_qobjects": len(self.window.findChildren(QObject)),
            "dialogs_left": len(self.window.findChildren(QDialog)),
            "scene_items": len(self.window.scene.items()),
            "top_level_widgets": len(QApplication.topLevelWidgets()),
            "python_objects": len(gc.get_objects()),
        })
        if len(self.rows) >= self.games:
            self.sheet_cycles = self._cycle_sheets()
            self.app.quit()
            return
        self._start_game()
        self._timer.start(POLL_MS)

    def _cycle_sheets(self) -> dict[str, Any] | None:
        """Game ▸ Score sheet (Ctrl+S) and Close, ``sheet_cycles`` times on the finished
        game; the RSS before and after."""
        if not self.cycles:
            return None
        before, _ = rss_bytes()
        for _ in range(self.cycles):
            self.window.action("sheet").trigger()
            sheet = open_dialog(self.window, "score_sheet")
            if sheet is None or not sheet.isVisible():
                self._fail("Game ▸ Score sheet opened no score sheet")
                return None
            _close_button(sheet).click()
            QApplication.processEvents()
            QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        after, _ = rss_bytes()
        return {"cycles": self.cycles, "rss_before_mb": round(before / MB, 2),
                "rss_after_mb": round(after / MB, 2),
                "dialogs_left": len(self.window.findChildren(QDialog))}

    def _fail(self, text: str) -> None:
        self.failure = text
        self._timer.stop()
        self.app.quit()


def run(games: int, level: str, target: int, seed: int, timeout_s: float,
        sheet_cycles: int = 0) -> dict[str, Any]:
    """Play ``games`` games in this process, then open and close the score sheet
    ``sheet_cycles`` times; returns the figures as a dict."""
    app = QApplication.instance() or QApplication([sys.argv[0]])
    assert isinstance(app, QApplication)
    qInstallMessageHandler(_quiet_qt_message)
    rss_start, _ = rss_bytes()
    with tempfile.TemporaryDirectory(prefix="spades-memory-",
                                     ignore_cleanup_errors=True) as tmp:
        paths = DataPaths(Path(tmp) / "data")
        prepare(paths)
        settings, _note = load_settings(paths)
        settings = settings.replace(animation_speed=0.0, difficulty=level,
                                    target_score=target)
        controller = GameController(paths)
        controller.bot_seats = frozenset(Seat)
        window = MainWindow(controller, settings, paths)
        window.resize(1100, 800)
        window.show()
        QApplication.processEvents()
        rss_window, _ = rss_bytes()
        player = Player(app, window, controller, games, seed, sheet_cycles)
        timed_out: list[bool] = []

        def give_up() -> None:
            timed_out.append(True)
            app.quit()

        QTimer.singleShot(int(timeout_s * 1000), give_up)
        QTimer.singleShot(0, player.start)
        started = time.perf_counter()
        app.exec()
        elapsed = time.perf_counter() - started
        window.close()
        window.deleteLater()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    if player.failure:
        raise RuntimeError(player.failure)
    if timed_out:
        raise RuntimeError(f"timed out after {len(player.rows)} of {games} games")
    rows = player.rows
    first = rows[0]["rss_mb"]
    growth = spread = None  # one game: nothing to compare with
    met = None
    if len(rows) > 1:
        growth = round(rows[-1]["rss_mb"] - first, 2)
        spread = round(max(r["rss_mb"] for r in rows[1:]) - first, 2)
        met = abs(growth) <= TARGET_GROWTH_MB and spread <= TARGET_GROWTH_MB
    return {
        "games": len(rows),
        "level": level,
        "target_score": target,
        "seed": seed,
        "hands": sum(r["hands"] or 0 for r in rows),
        "elapsed_s": round(elapsed, 1),
        "rss_start_mb": round(rss_start / MB, 2),
        "rss_window_mb": round(rss_window / MB, 2),
        "per_game": rows,
        "growth_after_first_mb": growth,
        "max_above_first_mb": spread,
        "target_growth_mb": TARGET_GROWTH_MB,
        "met": met,
        "sheet_cycles": player.sheet_cycles,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--games", type=int, default=10, help="whole games to play (default 10)")
    p.add_argument("--level", default="normal", choices=LEVELS,
                   help="computer players' level in all four seats (default normal)")
    p.add_argument("--target", type=int, default=250,
                   help="target score of each game (default 250, to keep it quick)")
    p.add_argument("--seed", type=int, default=1, help="game number of the first game")
    p.add_argument("--sheet-cycles", type=int, default=0, metavar="N",
                   help="after the games, open and close the score sheet N times")
    p.add_argument("--timeout", type=float, default=1800.0, help="seconds before giving up")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if args.games < 1:
        p.error("--games must be at least 1")
    figures = run(args.games, args.level, args.target, args.seed, args.timeout,
                  args.sheet_cycles)
    if args.json:
        json.dump(figures, sys.stdout, indent=2)
        print()
        return 0
    print(f"{figures['games']} games of {figures['level']} players to {args.target} "
          f"({figures['hands']} hands, {figures['elapsed_s']:.0f} s); RSS at start "
          f"{figures['rss_start_mb']:.1f} MB, window shown {figures['rss_window_mb']:.1f} MB")
    for row in figures["per_game"]:
        print(f"  game {row['game']:2d} (#{row['game_number']}, {row['hands']:2d} hands): "
              f"RSS {row['rss_mb']:7.1f} MB  window QObjects {row['window_qobjects']:4d}  "
              f"scene items {row['scene_items']:3d}  top-level widgets "
              f"{row['top_level_widgets']:2d}  dialogs left {row['dialogs_left']}"
              + ("" if row["malloc_in_use_mb"] is None
                 else f"  C heap in use {row['malloc_in_use_mb']:.1f} MB"))
    cycles = figures["sheet_cycles"]
    if cycles is not None:
        print(f"Ctrl+S and Close {cycles['cycles']} times: RSS {cycles['rss_before_mb']:.1f} "
              f"-> {cycles['rss_after_mb']:.1f} MB, dialogs left {cycles['dialogs_left']}")
    if figures["met"] is None:
        print("growth after game 1: needs two games or more")
    else:
        print(f"growth after game 1: {figures['growth_after_first_mb']:+.1f} MB (highest "
              f"{figures['max_above_first_mb']:+.1f} MB above game 1; target within "
              f"{TARGET_GROWTH_MB:g} MB: {'met' if figures['met'] else 'NOT met'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
