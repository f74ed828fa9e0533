"""GUI responsiveness while a computer player thinks: the table stays responsive.

    python benchmarks/gui_responsiveness.py [--level expert] [--decisions 100] [--json]

An offscreen ``QApplication`` runs the real :class:`~spades_desktop.controller.bot_runner.
BotRunner` (its worker ``QThread``). A 10 ms precise ``QTimer`` on the GUI thread
records the time between its ticks while ``--decisions`` bot decisions are computed
one after another: the GUI thread applies each answer (``move_ready``) to the game and
requests the next seat's action, as the controller does, all four seats played by
``--level`` (default: Expert when registered, else Normal; the output says which).
Games are numbered from ``--seed`` and follow one another until enough decisions were
made. The longest gap between ticks must stay under 50 ms.

``--busy-ms N`` wraps the level's bot in a stand-in for a searching bot: before each
answer it computes in pure Python (holding the GIL between bytecodes, as a search
does) for N ms. It measures the thread set-up before the Expert exists.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QElapsedTimer, Qt, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from spades_desktop.arena import game_number_for  # noqa: E402
from spades_desktop.bots import LEVELS, Bot, make_bot  # noqa: E402
from spades_desktop.controller.bot_runner import BotRunner  # noqa: E402
from spades_desktop.engine import (  # noqa: E402
    Action,
    GameState,
    PlayerView,
    Rules,
    apply_action,
    new_game,
    observe,
)

TICK_MS = 10
TARGET_GAP_MS = 50.0


class BusyBot:
    """``level``'s bot, after ``busy_ms`` of pure-Python arithmetic per decision."""

    def __init__(self, level: str, busy_ms: float) -> None:
        self.inner: Bot = make_bot(level)
        self.name = level
        self.busy_s = busy_ms / 1000

    def choose_action(self, view: PlayerView, game_number: int,
                      cancel: object = None) -> Action:
        end = time.perf_counter() + self.busy_s
        x = 0
        while time.perf_counter() < end:
            for i in range(200):
                x = (x * 31 + i) & 0xFFFF
        return self.inner.choose_action(view, game_number)


def run(level: str, decisions: int, seed: int, timeout_s: float,
        busy_ms: float = 0.0) -> dict[str, Any]:
    """Measure; returns the figures as a dict."""
    app = QApplication.instance() or QApplication([])
    runner = BotRunner(lambda lv: BusyBot(lv, busy_ms)) if busy_ms else BotRunner()
    rules = Rules()
    game_index = 0
    state: GameState = new_game(rules, game_number_for(seed, game_index))
    gaps: list[float] = []
    decision_s: list[float] = []
    done = 0
    clock = QElapsedTimer()
    last_tick = [0.0]
    failure: list[str] = []

    def tick() -> None:
        now = clock.nsecsElapsed() / 1e6
        gaps.append(now - last_tick[0])
        last_tick[0] = now

    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.setInterval(TICK_MS)
    timer.timeout.connect(tick)

    def request_next() -> None:
        nonlocal state, game_index
        if state.is_terminal:
            game_index += 1
            state = new_game(rules, game_number_for(seed, game_index))
        seat = state.current_player
        assert seat is not None
        runner.request(done, level, observe(state, seat))

    def on_ready(request_id: int, action: Action) -> None:
        nonlocal state, done
        if request_id != done:
            return
        decision_s.append(runner.last_seconds)
        state = apply_action(state, action)
        done += 1
        if done >= decisions:
            app.quit()
        else:
            request_next()

    def on_failed(request_id: int, message: str) -> None:
        failure.append(message)
        app.quit()

    runner.move_ready.connect(on_ready)
    runner.move_failed.connect(on_failed)
    QTimer.singleShot(int(timeout_s * 1000), app.quit)

    clock.start()
    last_tick[0] = 0.0
    timer.start()
    start = time.perf_counter()
    request_next()
    app.exec()
    elapsed = time.perf_counter() - start
    timer.stop()
    runner.shutdown()
    if failure:
        raise RuntimeError(f"the {level} bot failed: {failure[0]}")
    if done < decisions:
        raise RuntimeError(f"timed out after {done} of {decisions} decisions")
    ordered = sorted(gaps)
    ordered_dec = sorted(decision_s)
    return {
        "level": level + (f" + {busy_ms:g} ms busy" if busy_ms else ""),
        "decisions": done,
        "ticks": len(gaps),
        "max_gap_ms": round(ordered[-1], 2) if ordered else None,
        "p99_gap_ms": round(ordered[int(0.99 * (len(ordered) - 1))], 2) if ordered else None,
        "decision_ms_mean": round(1000 * sum(decision_s) / len(decision_s), 2),
        "decision_ms_max": round(1000 * ordered_dec[-1], 2),
        "elapsed_s": round(elapsed, 2),
        "target_max_gap_ms": TARGET_GAP_MS,
        "met": bool(ordered) and ordered[-1] < TARGET_GAP_MS,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    default = "expert" if "expert" in LEVELS else "normal"
    p.add_argument("--level", default=default, choices=LEVELS,
                   help=f"bot level thinking (default here: {default})")
    p.add_argument("--decisions", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--timeout", type=float, default=900.0, help="seconds before giving up")
    p.add_argument("--busy-ms", type=float, default=0.0,
                   help="stand-in search: pure-Python work per decision (ms)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    figures = run(args.level, args.decisions, args.seed, args.timeout, args.busy_ms)
    if args.json:
        json.dump(figures, sys.stdout, indent=2)
        print()
    else:
        print(f"{figures['decisions']} {figures['level']} decisions in the real BotRunner "
              f"({figures['elapsed_s']:.1f} s; decision mean {figures['decision_ms_mean']:.1f}"
              f" ms, max {figures['decision_ms_max']:.1f} ms)")
        print(f"  {TICK_MS} ms GUI timer: {figures['ticks']} ticks, longest gap "
              f"{figures['max_gap_ms']:.1f} ms, p99 {figures['p99_gap_ms']:.1f} ms "
              f"(target < {TARGET_GAP_MS:g} ms: {'met' if figures['met'] else 'NOT met'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
