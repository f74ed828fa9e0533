"""Crash consistency: a game played in a process of its own (``crash_child.py``: the real
controller, computer players and a scripted human, headless) is killed with SIGKILL at
seeded moments, inside a save among them, and started again each time
(docs/architecture.md, Persistence; docs/rules.md §7).

After each kill: the saved actions are those the process showed (``state_changed``), or
those plus the one action whose save had been completed but not yet shown; the saved
digest matches the engine's replay of them; the save loads without a notice; and no
temporary file is left once the program has started again. The game's result is counted
once and only once in the end.

CI runs a short game with a few kills. ``SPADES_LONG_TESTS=1`` runs more seeds, longer
games and more kills (see the README, For developers).
"""

from __future__ import annotations

import os
import queue
import random
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import spades_desktop
from spades_desktop.engine import (
    Team,
    parse_action,
    replay,
    state_digest,
)
from spades_desktop.persistence import DataPaths, load_record, load_stats

from .crash_child import game_rules

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

LONG = os.environ.get("SPADES_LONG_TESTS") == "1"
CHILD = Path(__file__).with_name("crash_child.py")
LINE_TIMEOUT_S = 120.0
"""Generous: only a hung child ever waits this long."""

FINISH_POINTS = ("stats-before", "stats-after", "delete-before", "delete-after")
MID_GAME_POINTS = ("shown", "save-before", "save-after")


@dataclass
class Run:
    """What one run of the child said before it exited or was killed."""

    notice: str = "-"
    """The notice's code at start, ``-`` for none."""
    temps: int = -1
    """Temporary files in the data folder once the program had started."""
    resumed: list[str] = field(default_factory=list)
    shown: list[tuple[int, str, str]] = field(default_factory=list)
    paused: str | None = None
    over: bool = False
    finished: bool = False


def run_child(data: Path, number: int, max_hands: int, pause: str | None) -> Run:
    """Start the child; kill it with SIGKILL as soon as it says ``pause``."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    root = str(Path(spades_desktop.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
    env.pop("CRASH_PAUSE", None)
    if pause is not None:
        env["CRASH_PAUSE"] = pause
    child = subprocess.Popen(
        [sys.executable, str(CHILD), str(data), str(number), str(max_hands)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        assert child.stdout is not None
        for line in child.stdout:
            lines.put(line.rstrip("\n"))
        lines.put(None)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    run = Run()
    try:
        while True:
            line = lines.get(timeout=LINE_TIMEOUT_S)
            if line is None:
                break
            word, _, rest = line.partition(" ")
            if word in ("start", "finished"):
                notice, temps, *resumed = rest.split(" ", 4)
                run.notice, run.temps, run.finished = notice, int(temps), word == "finished"
                if len(resumed) == 3 and resumed[2]:
                    run.resumed = resumed[2].split(",")
            elif word == "shown":
                n, digest, action = rest.split(" ", 2)
                run.shown.append((int(n), action, digest))
            elif word == "pause":
                run.paused = rest
                child.send_signal(signal.SIGKILL)
            elif word == "over":
                run.over = True
    finally:
        if child.poll() is None and run.paused is None:
            child.kill()
        child.wait(timeout=LINE_TIMEOUT_S)
        reader.join(timeout=LINE_TIMEOUT_S)
        stderr = child.stderr.read() if child.stderr is not None else ""
        if child.stderr is not None:
            child.stderr.close()
    if run.paused is None and not (run.over or run.finished):
        raise AssertionError(f"the child stopped early ({child.returncode}): {stderr}")
    if run.paused is not None:
        assert child.returncode == -signal.SIGKILL
    return run


def temp_files(paths: DataPaths) -> list[str]:
    return sorted(p.name for p in paths.root.glob("*.tmp"))


def play_with_kills(tmp_path: Path, seed: int, max_hands: int, kills: int,
                    finish: str) -> list[str]:
    """One game of ``max_hands`` hands, killed ``kills`` times in the middle (each kind
    of mid-game point in turn, in a seeded order, at seeded action counts) and once
    while it ends, at ``finish``; checks each restart and the end. Returns the kill
    points the runs stopped at, in order."""
    rng = random.Random(seed)
    number = rng.randrange(1, 1_000_000)
    rules = game_rules(max_hands)
    paths = DataPaths(tmp_path / f"data-{seed}")
    # mid-game kill points: increasing action counts; the game lasts exactly
    # ``max_hands`` hands of 4 bids and 52 cards, so every point is reached
    counts = sorted(rng.sample(range(1, 56 * max_hands + 1), kills))
    kinds = [MID_GAME_POINTS[i % len(MID_GAME_POINTS)] for i in range(kills)]
    rng.shuffle(kinds)
    plan = [f"{kind}:{n}" for kind, n in zip(kinds, counts, strict=True)]
    plan.append(f"{finish}:0")

    saved: list[str] = []  # what the last kill left in the autosave
    reached: list[str] = []
    for pause in [*plan, None]:
        run = run_child(paths.root, number, max_hands, pause)
        # started again: the save loaded without a notice and nothing was left over
        assert (run.notice, run.temps) == ("-", 0), pause
        if run.finished:
            break
        assert run.resumed == saved, pause
        shown = list(saved)
        for n, action, _digest in run.shown:
            assert n == len(shown) + 1
            shown.append(action)
        if run.over:
            break
        where = run.paused
        assert where is not None
        reached.append(where)
        if where.endswith("-before") and where != "delete-before":
            assert temp_files(paths), f"the kill did not land inside the save ({where})"
        record = load_record(paths)  # a save that loads
        if where in FINISH_POINTS:
            saved = shown
            continue  # the finished game: counted once, checked below
        assert record is not None
        saved = list(record.actions)
        # saved before shown: the kill may land between the two, never the other way
        extra = 1 if where == "save-after" else 0
        assert saved[:len(shown)] == shown and len(saved) == len(shown) + extra, where
        state = replay(rules, number, [parse_action(t) for t in saved])
        assert state_digest(state) == record.digest
        if extra == 0 and run.shown:
            assert record.digest == run.shown[-1][2]

    shown = saved if run.finished else shown
    final = replay(rules, number, [parse_action(t) for t in shown])
    assert final.is_terminal and final.result is not None
    stats, notice = load_stats(paths)
    assert notice is None
    assert stats["easy"].played == 1 and len(stats.counted) == 1
    assert stats["easy"].best_margin == (final.result.scores[Team.NS]
                                      - final.result.scores[Team.EW])
    # the lock file stays (the operating system's lock on it went with the process)
    # and the recent games hold the finished game at most once (a kill before it was
    # kept there leaves the game to be counted from the autosave, not kept)
    assert sorted(p.name for p in paths.root.iterdir()
                  if p not in (paths.lock_file, paths.games_dir)) == ["statistics.json"]
    if paths.games_dir.exists():
        assert len([p for p in paths.games_dir.iterdir() if p.suffix == ".json"]) <= 1
    # a last start finds nothing to play and nothing to count
    last = run_child(paths.root, number, max_hands, None)
    assert last.finished and (last.notice, last.temps) == ("-", 0)
    assert load_stats(paths)[0] == stats
    return reached


SEEDS = range(1, 9) if LONG else (1,)


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
def test_killed_games_keep_what_was_shown_and_count_once(tmp_path: Path, seed: int) -> None:
    if LONG:
        kills, finish = 25, FINISH_POINTS[seed % len(FINISH_POINTS)]
        reached = play_with_kills(tmp_path, seed, max_hands=5, kills=kills, finish=finish)
    else:  # a few seconds: one hand, one kill of each kind, one inside the statistics' save
        kills, finish = 3, "stats-before"
        reached = play_with_kills(tmp_path, seed, max_hands=1, kills=kills, finish=finish)
    # every planned kill landed: each mid-game one, then the one while the game ends
    assert len(reached) == kills + 1 and reached[-1] == finish, reached
