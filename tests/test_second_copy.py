"""A second copy of the game on the same data folder, as two real processes: it brings
the running copy's window forward and exits with 0, saying nothing (docs/architecture.md,
Persistence: one running instance per data folder)."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LISTENING = "listening for a second copy on"
ASKED = "a second copy asked to bring the window forward"
BROUGHT_FORWARD = "the window was brought forward at a second copy's request"
HANDED_OVER = "its window was brought forward"
#: Generous: a start on a loaded machine; nothing waits for it unless it goes wrong.
PATIENCE_S = 120


def environment() -> dict[str, str]:
    environ = {k: v for k, v in os.environ.items() if k != "SPADES_DESKTOP_DATA_DIR"}
    environ["QT_QPA_PLATFORM"] = "offscreen"
    return environ


class RunningCopy:
    """``python -m spades_desktop --data-dir <folder>``, its log lines (stderr) read as
    they come."""

    def __init__(self, folder: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "spades_desktop", "--data-dir", str(folder)],
            cwd=ROOT,
            env=environment(),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.put(line)

    def wait_for(self, words: str) -> None:
        """Until a log line holds ``words``; fails when the copy ends first or is silent
        for :data:`PATIENCE_S` seconds."""
        while not any(words in line for line in self.seen):
            try:
                self.seen.append(self.lines.get(timeout=PATIENCE_S))
            except queue.Empty:
                pytest.fail(f"no {words!r} from the running copy: {self.seen}")

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(timeout=PATIENCE_S)


@pytest.fixture
def copies() -> Iterator[list[RunningCopy]]:
    started: list[RunningCopy] = []
    yield started
    for copy in started:
        if copy.process.poll() is None:
            copy.kill()


def start_first(copies: list[RunningCopy], folder: Path) -> RunningCopy:
    copy = RunningCopy(folder)
    copies.append(copy)
    copy.wait_for(LISTENING)
    return copy


def second_copy(folder: Path) -> subprocess.CompletedProcess[str]:
    """A second copy on ``folder``, to its end. A message box (the fallback) would wait
    for a click offscreen, so the timeout would end it and fail the test."""
    return subprocess.run(
        [sys.executable, "-m", "spades_desktop", "--data-dir", str(folder)],
        cwd=ROOT,
        env=environment(),
        capture_output=True,
        text=True,
        timeout=PATIENCE_S,
    )


@pytest.mark.slow
def test_a_second_copy_brings_the_first_forward_and_exits(copies, tmp_path) -> None:
    folder = tmp_path / "data"
    first = start_first(copies, folder)
    second = second_copy(folder)
    assert second.returncode == 0, second.stderr
    assert HANDED_OVER in second.stderr
    first.wait_for(ASKED)
    first.wait_for(BROUGHT_FORWARD)
    assert first.process.poll() is None  # the first copy plays on


@pytest.mark.slow
def test_a_copy_killed_without_closing_does_not_stop_the_next(copies, tmp_path) -> None:
    """The killed copy leaves its lock file and its socket behind; the next copy starts,
    listens, and a second copy still reaches it."""
    folder = tmp_path / "data"
    start_first(copies, folder).kill()
    again = start_first(copies, folder)
    second = second_copy(folder)
    assert second.returncode == 0, second.stderr
    again.wait_for(ASKED)
