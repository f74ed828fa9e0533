"""The benchmarks still run (tiny budgets; the figures themselves are in docs/strength.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(script: str, *args: str) -> dict[str, object]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args, "--json"],
                         capture_output=True, text=True, timeout=120, env=env)
    assert out.returncode == 0, out.stderr
    result: dict[str, object] = json.loads(out.stdout)
    return result


def test_engine_speed_runs() -> None:
    report = _run("engine_speed.py", "--seconds", "0.3", "--rounds", "1")
    engines = report["engines"]
    assert isinstance(engines, dict)
    assert engines["checked"]["hands"] > 0
    for name in ("policy_checked", "policy_sim"):  # the policy alone, the speed ceiling
        assert engines[name]["hands"] > 0 and engines[name]["target_ratio"] is None
    for name in ("sim", "openspiel"):  # measured, or skipped with the reason
        assert "hands" in engines[name] or "skipped" in engines[name]


def test_gui_responsiveness_runs() -> None:
    report = _run("gui_responsiveness.py", "--decisions", "8", "--level", "normal",
                  "--busy-ms", "15")
    assert report["decisions"] == 8
    assert isinstance(report["max_gap_ms"], float) and report["max_gap_ms"] > 0
    assert isinstance(report["ticks"], int) and report["ticks"] > 0


def test_sim_inline_runs() -> None:
    """The benchmark of the simulator's inlined rules still finds every place it edits
    (in the inline or the call form) and measures them."""
    report = _run("sim_inline.py", "--repeats", "1", "--hands", "4", "--endings", "2")
    assert set(report["inlined_now"]) == {"choose_legal", "search_legal", "playout_winner"}
    gains = report["gain"]
    assert isinstance(gains, dict)
    assert set(gains) == {"choose_legal", "search_legal", "playout_winner"}


def test_hint_responsiveness_runs() -> None:
    report = _run("hint_responsiveness.py", "--hints", "3")
    assert report["hints"] == 3
    assert isinstance(report["longest_gap_ms"], float) and report["longest_gap_ms"] > 0
    times = report["hint_s"]
    assert isinstance(times, dict) and 0 < times["p50"] <= times["max"]


def test_solve_depth_runs() -> None:
    report = _run("solve_depth.py", "--tricks", "2", "3", "--endings", "3")
    rows = report["rows"]
    assert isinstance(rows, list) and [r["tricks_left"] for r in rows] == [2, 3]
    for row in rows:
        assert 0 < row["median_ms"] <= row["p90_ms"] <= row["max_ms"]


def test_compiled_speed_runs() -> None:
    """Both paths of every measurement run; the checked API's pure child really imports
    the engine from source (it refuses to measure otherwise)."""
    from spades_desktop.compiled import core_is_compiled

    if not core_is_compiled():
        pytest.skip("nothing is compiled here (pure-Python install)")
    report = _run("compiled_speed.py", "--repeats", "1", "--hands", "4", "--endings", "2",
                  "--checked-hands", "10")
    work = report["work"]
    assert isinstance(work, dict)
    assert set(work) == {"playout", "solve", "double_dummy", "legal_mask", "checked"}
    for row in work.values():
        assert row["pure_per_s"] > 0 and row["compiled_per_s"] > 0 and row["ratio"] > 0


def test_recent_games_benchmark_runs() -> None:
    """A ``games`` folder of game files: the benchmark lists them, fills the window and
    times reading every file (its peer), printing each figure."""
    report = _run("recent_games.py", "--count", "12", "--games", "2", "--compare-all")
    assert report["count"] == 12
    assert report["listed"] == report["rows"] == report["all_listed"] == 12
    assert report["notices"] == 0
    for key in ("list_games_s", "all_files_s", "dialog_shown_s", "dialog_filled_s"):
        assert isinstance(report[key], float) and report[key] > 0


def test_rules_cost_runs() -> None:
    for kind in ("checked", "playout", "none"):
        out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "rules_cost.py"), kind],
                             capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr
        assert out.stdout.startswith(f"{kind}: ") and "s of CPU time" in out.stdout
    bad = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "rules_cost.py"), "x"],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "usage" in bad.stderr
