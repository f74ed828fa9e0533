"""The GUI while the coach searches for hints: the table stays responsive.

    python benchmarks/hint_responsiveness.py [--hints 60] [--seed 1] [--json]

An offscreen ``QApplication`` runs the real
:class:`~spades_desktop.controller.coach_runner.HintRunner` (its worker ``QThread``,
with the game's own budget, ``coach.HINT_BUDGET``). A 10 ms precise ``QTimer`` on the
GUI thread records the time between its ticks while ``--hints`` hints are searched one
after another for South's positions from seeded Expert games (the positions of
``benchmarks/coach_speed.py``). Printed: the longest gap between ticks (target under
50 ms) and each hint's time from request to answer, as the player waits for it
(target: p95 about 0.5 s or less).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from coach_speed import positions  # noqa: E402
from PySide6.QtCore import QElapsedTimer, Qt, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from spades_desktop.controller.coach_runner import HintRunner  # noqa: E402
from spades_desktop.engine import PlayerView  # noqa: E402

TICK_MS = 10
TARGET_GAP_MS = 50.0


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def run(views: list[PlayerView], timeout_s: float = 900.0) -> dict[str, Any]:
    app = QApplication.instance() or QApplication([sys.argv[0]])
    runner = HintRunner()
    clock = QElapsedTimer()
    clock.start()
    gaps: list[float] = []
    last = [clock.nsecsElapsed()]
    times: list[float] = []
    started = [0.0]
    left = list(views)

    def tick() -> None:
        now = clock.nsecsElapsed()
        gaps.append((now - last[0]) / 1e6)
        last[0] = now

    def request_next() -> None:
        if not left:
            app.quit()
            return
        started[0] = time.perf_counter()
        runner.request(left.pop(0))

    def on_ready(_view: object, _hint: object) -> None:
        times.append(time.perf_counter() - started[0])
        QTimer.singleShot(0, request_next)

    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.setInterval(TICK_MS)
    timer.timeout.connect(tick)
    runner.hint_ready.connect(on_ready)
    runner.hint_failed.connect(lambda message: app.exit(1))
    QTimer.singleShot(int(timeout_s * 1000), lambda: app.exit(2))
    timer.start()
    QTimer.singleShot(0, request_next)
    code = app.exec()
    timer.stop()
    runner.shutdown()
    if code != 0:
        raise SystemExit(f"the hints did not finish (exit {code})")
    return {
        "hints": len(times),
        "budget": runner.budget,
        "hint_s": {"p50": round(_pct(times, 0.5), 3), "p95": round(_pct(times, 0.95), 3),
                   "max": round(max(times), 3)},
        "ticks": len(gaps),
        "longest_gap_ms": round(max(gaps), 1),
        "p99_gap_ms": round(_pct(gaps, 0.99), 1),
        "target_gap_ms": TARGET_GAP_MS,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--hints", type=int, default=60)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    report = run(positions(args.hints, args.seed))
    if args.json:
        print(json.dumps(report))
    else:
        h = report["hint_s"]
        print(f"{report['hints']} hints at budget {report['budget']}: "
              f"p50 {h['p50']} s, p95 {h['p95']} s, max {h['max']} s")
        print(f"GUI ticks {report['ticks']}: longest gap {report['longest_gap_ms']} ms, "
              f"p99 {report['p99_gap_ms']} ms (target < {TARGET_GAP_MS:.0f} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
