"""How long Game ▸ Recent games takes with a crowded ``games`` folder (budget: 1.0 s).

    python benchmarks/recent_games.py [--count 5000] [--games 5] [--json]

Makes a temporary data folder whose ``games`` folder holds ``--count`` real game files:
``--games`` whole games played by Easy bots at the default rules, each copied under
many names, one finishing minute apart (newest an hour ago), with its own game id, as a
restored backup or a sync tool would leave them. Then it times:

- ``list_games``: reading the recent games (what the window shows);
- the window (offscreen): from creating ``RecentGamesDialog`` to its being shown (the
  GUI thread is blocked for this long), then to its list being filled, and the longest
  gap between the ticks of a 10 ms timer meanwhile (how long the window stopped
  answering);

and prints the figures with the number of rows listed. ``--compare-all`` also times
reading every file of the folder (``list_games`` with ``keep`` = the file count, what the
window did before it read only the newest names) and prints the ratio. ``--skip-dialog``
measures ``list_games`` only. The folder is deleted afterwards.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from spades_desktop.bots import make_bot  # noqa: E402
from spades_desktop.engine import Action, Rules, apply_action, new_game, observe  # noqa: E402
from spades_desktop.persistence import DataPaths, GameFile, game_from_state, list_games  # noqa: E402

BUDGET_S = 1.0
TICK_MS = 10


def play_games(count: int) -> list[GameFile]:
    """``count`` whole games of four Easy bots at the default rules (game numbers 1..)."""
    games = []
    for number in range(1, count + 1):
        bots = [make_bot("easy") for _ in range(4)]
        state = new_game(Rules(), number)
        actions: list[Action] = []
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            action = bots[int(seat)].choose_action(observe(state, seat), number)
            actions.append(action)
            state = apply_action(state, action)
        games.append(game_from_state(state, "easy", actions, game_id=f"played-{number}"))
    return games


def fill_folder(paths: DataPaths, games: list[GameFile], count: int) -> None:
    """``count`` game files in ``paths.games_dir``, copies of ``games`` in turn, one
    finishing minute apart. Written plainly (no fsync): this is set-up, not measured."""
    folder = paths.games_dir
    folder.mkdir(parents=True)
    newest = datetime.now(timezone.utc).replace(microsecond=0) - timedelta(hours=1)
    for index in range(count):
        when = newest - timedelta(minutes=index)
        game = replace(games[index % len(games)], game_id=f"copy-{index:05d}",
                       finished=when.isoformat(timespec="seconds"), started=None)
        (folder / game.file_name).write_text(json.dumps(game.to_dict()), encoding="utf-8")


def time_listing(paths: DataPaths) -> dict[str, Any]:
    started = time.perf_counter()
    games, notices = list_games(paths)
    return {"list_games_s": time.perf_counter() - started, "listed": len(games),
            "notices": len(notices)}


def time_reading_all(paths: DataPaths, count: int) -> dict[str, Any]:
    started = time.perf_counter()
    games, _ = list_games(paths, keep=count)
    return {"all_files_s": time.perf_counter() - started, "all_listed": len(games)}


def time_dialog(paths: DataPaths, timeout_s: float) -> dict[str, Any]:
    """Open the window offscreen: time until shown, until filled, and the longest gap."""
    from PySide6.QtCore import QElapsedTimer, QEventLoop, Qt, QTimer
    from PySide6.QtWidgets import QApplication

    from spades_desktop.ui.dialogs import RecentGamesDialog

    app = QApplication.instance() or QApplication([])
    clock = QElapsedTimer()
    clock.start()
    ticks: list[float] = [0.0]
    gaps: list[float] = []

    def tick() -> None:
        now = clock.nsecsElapsed() / 1e6
        gaps.append(now - ticks[-1])
        ticks.append(now)

    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.setInterval(TICK_MS)
    timer.timeout.connect(tick)
    timer.start()
    app.processEvents()
    ticks[-1] = clock.nsecsElapsed() / 1e6
    started = time.perf_counter()
    dialog = RecentGamesDialog(None, paths)
    # The window reads the games in a worker and fills its list from the event loop, so
    # games_loaded comes after this connection.
    filled: list[bool] = []
    dialog.games_loaded.connect(lambda: filled.append(True))
    dialog.show()
    app.processEvents()
    shown_s = time.perf_counter() - started
    if not filled:
        loop = QEventLoop()
        dialog.games_loaded.connect(loop.quit)
        QTimer.singleShot(int(timeout_s * 1000), loop.quit)
        loop.exec()
    filled_s = time.perf_counter() - started
    app.processEvents()
    timer.stop()
    rows = dialog.table().topLevelItemCount()
    dialog.close()
    dialog.deleteLater()
    app.processEvents()
    return {"dialog_shown_s": shown_s, "dialog_filled_s": filled_s, "rows": rows,
            "longest_gap_ms": max(gaps, default=shown_s * 1000)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5000, help="game files in the folder")
    parser.add_argument("--games", type=int, default=5, help="distinct games played")
    parser.add_argument("--skip-dialog", action="store_true")
    parser.add_argument("--compare-all", action="store_true",
                        help="also time reading every file (slow: minutes for 5,000)")
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.count < 1 or args.games < 1:
        parser.error("--count and --games must be at least 1")
    report: dict[str, Any] = {"count": args.count, "games": args.games,
                              "budget_s": BUDGET_S}
    with tempfile.TemporaryDirectory(prefix="spades-recent-") as root:
        paths = DataPaths(Path(root))
        fill_folder(paths, play_games(args.games), args.count)
        report.update(time_listing(paths))
        if args.compare_all:
            report.update(time_reading_all(paths, args.count))
        if not args.skip_dialog:
            report.update(time_dialog(paths, args.timeout))
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"{args.count} game files ({args.games} distinct games)")
    print(f"list_games       {report['list_games_s']:8.3f} s   {report['listed']} games listed")
    if args.compare_all:
        ratio = report["all_files_s"] / max(report["list_games_s"], 1e-9)
        print(f"every file read  {report['all_files_s']:8.3f} s   {report['all_listed']} "
              f"games: {ratio:.1f}x the newest names only")
    if not args.skip_dialog:
        for key, name in (("dialog_shown_s", "window shown"), ("dialog_filled_s",
                                                               "window filled")):
            verdict = "within" if report[key] < BUDGET_S else "OVER"
            print(f"{name:<16} {report[key]:8.3f} s   {verdict} the budget of {BUDGET_S} s")
        print(f"rows             {report['rows']:8d}")
        print(f"longest gap      {report['longest_gap_ms']:8.1f} ms  between 10 ms ticks")
    return 0


if __name__ == "__main__":
    sys.exit(main())
