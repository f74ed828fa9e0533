"""The memory benchmark still runs: one whole game through the real window (its figures
are in docs/memory.md; no assertion on them here)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_memory_benchmark_plays_one_game() -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "memory.py"),
                          "--games", "1", "--level", "easy", "--sheet-cycles", "3",
                          "--json"],
                         capture_output=True, text=True, timeout=300, env=env)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["games"] == 1
    (game,) = report["per_game"]
    assert game["hands"] >= 1 and report["hands"] == game["hands"]
    assert game["rss_mb"] > 0
    # every score sheet closed after a hand and the closed game-over dialog were freed
    assert game["dialogs_left"] == 0
    assert report["growth_after_first_mb"] is None and report["met"] is None
    cycles = report["sheet_cycles"]
    assert cycles["cycles"] == 3 and cycles["dialogs_left"] == 0
