#!/usr/bin/env python3
"""Time from launch to the first painted frame of the table (budget: 1.0 s).

Starts the game N times with ``SPADES_DESKTOP_EXIT_AFTER_FIRST_FRAME=1`` (the app prints
``FIRST_FRAME …`` once the table's viewport has painted, then quits; see
``spades_desktop/smoke.py``), each time with a new empty data folder (a first launch:
the table and the New game dialog), and measures the wall time from spawning the process
to reading that line. Targets: the source install (``python -m spades_desktop`` with the
running Python) and the one-folder build (``dist/spades-desktop/spades-desktop``), when
it exists. One unmeasured warm-up launch per target goes first (file cache).

    python benchmarks/startup.py                  # offscreen, 5 runs per target
    python benchmarks/startup.py --runs 9 --platform xcb   # a real X server ($DISPLAY)
    python benchmarks/startup.py --check          # exit 1 if a median is over budget

Prints median and max per target and the ratio binary / source.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BINARY = ROOT / "dist" / "spades-desktop" / ("spades-desktop.exe" if os.name == "nt"
                                             else "spades-desktop")
BUDGET_S = 1.0
MARKER = "FIRST_FRAME"


def launch_once(command: list[str], platform: str, timeout_s: float = 60.0) -> float:
    """Seconds from spawn to the ``FIRST_FRAME`` line; raises RuntimeError on failure."""
    with tempfile.TemporaryDirectory(prefix="spades-startup-") as data:
        env = dict(os.environ, SPADES_DESKTOP_EXIT_AFTER_FIRST_FRAME="1",
                   QT_QPA_PLATFORM=platform)
        env.pop("SPADES_DESKTOP_DATA_DIR", None)
        started = time.perf_counter()
        proc = subprocess.Popen([*command, "--data-dir", data], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True, env=env)
        elapsed = None
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith(MARKER):
                elapsed = time.perf_counter() - started
                break
        try:
            proc.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise RuntimeError(f"{command[0]} did not quit after its first frame") from None
        if elapsed is None:
            raise RuntimeError(f"{' '.join(command)} exited {proc.returncode} "
                               f"without printing {MARKER}")
        return elapsed


def measure(name: str, command: list[str], runs: int, platform: str) -> list[float]:
    launch_once(command, platform)  # warm-up (not counted)
    times = [launch_once(command, platform) for _ in range(runs)]
    print(f"{name:8s} median {statistics.median(times):.3f} s  max {max(times):.3f} s  "
          f"min {min(times):.3f} s  ({runs} runs: "
          + ", ".join(f"{t:.2f}" for t in times) + ")", flush=True)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--platform", default="offscreen",
                        help="Qt platform plugin: offscreen (default) or xcb/wayland")
    parser.add_argument("--binary", type=Path, default=BINARY,
                        help="the built program (default: %(default)s)")
    parser.add_argument("--source-only", action="store_true")
    parser.add_argument("--binary-only", action="store_true")
    parser.add_argument("--check", action="store_true",
                        help=f"exit 1 if a median is over {BUDGET_S} s")
    args = parser.parse_args(argv)

    print(f"launch → first painted frame of the table, QT_QPA_PLATFORM={args.platform}, "
          f"budget {BUDGET_S:.1f} s", flush=True)
    medians = {}
    if not args.binary_only:
        times = measure("source", [sys.executable, "-m", "spades_desktop"], args.runs,
                        args.platform)
        medians["source"] = statistics.median(times)
    if not args.source_only:
        if args.binary.is_file():
            times = measure("binary", [str(args.binary)], args.runs, args.platform)
            medians["binary"] = statistics.median(times)
        else:
            print(f"binary   not built ({args.binary}); run python packaging/build.py")
    if len(medians) == 2:
        print(f"ratio binary / source (medians): {medians['binary'] / medians['source']:.2f}")
    over = {name: t for name, t in medians.items() if t > BUDGET_S}
    for name, t in over.items():
        print(f"OVER BUDGET: {name} median {t:.3f} s > {BUDGET_S} s")
    return 1 if (args.check and over) else 0


if __name__ == "__main__":
    raise SystemExit(main())
