"""The real accessibility stack: the app runs under Xvfb with the AT-SPI bus, and a
screen-reader client (tests/ui/atspi_player.py, on ``pyatspi``) plays its first hand
by keys, led by the announcements it receives, and finds South's raised card by the
name of the focused object.

It needs Xvfb, xdotool, dbus-run-session, at-spi2-core and a python3 with pyatspi
(Debian: xvfb xdotool dbus at-spi2-core python3-pyatspi; ``.ci/run`` installs them).
Without them it is skipped, saying what is missing; in CI (``CI`` set) it fails
instead, so that it always runs there.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from spades_desktop.engine import Card, parse_action
from spades_desktop.persistence import DataPaths, Settings, prepare, save_settings

from .test_screen_reader import SEATS, spoken

PLAYER = Path(__file__).with_name("atspi_player.py")
BUS_LAUNCHER = Path("/usr/libexec/at-spi-bus-launcher")
SYSTEM_PYTHON = os.environ.get("SPADES_ATSPI_PYTHON", "/usr/bin/python3")
RUN_S = 300
"""Bound on the whole run (the player's own bound is shorter); never reached when healthy."""


def missing() -> list[str]:
    """What the real stack lacks on this machine."""
    lacks = [tool for tool in ("Xvfb", "xdotool", "dbus-run-session")
             if shutil.which(tool) is None]
    if not BUS_LAUNCHER.exists():
        lacks.append("at-spi2-core")
    python = shutil.which(SYSTEM_PYTHON)
    if python is None or subprocess.run([python, "-c", "import pyatspi"],
                                        capture_output=True).returncode != 0:
        lacks.append(f"pyatspi for {SYSTEM_PYTHON}")
    return lacks


@pytest.fixture
def stack() -> None:
    lacks = missing()
    if lacks:
        reason = "the AT-SPI stack is missing: " + ", ".join(lacks)
        if os.environ.get("CI", "").lower() not in ("", "0", "false"):
            pytest.fail(reason + " (CI must run this test: .ci/run installs them)")
        pytest.skip(reason)


@pytest.fixture
def display() -> str:
    """A display of its own: Xvfb picks a free number and writes it to a pipe."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0",
                               "1280x1024x24", "-nolisten", "tcp"], pass_fds=(write,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    assert number, "Xvfb did not start"
    yield f":{number}"
    server.terminate()
    server.wait(10)


def _head_and_tail(path: Path, size: int = 3000) -> str:
    """The first and the last ``size`` bytes of ``path`` as text (for a failure's
    message; the file may be huge)."""
    with path.open("rb") as file:
        head = file.read(size)
        file.seek(max(len(head), path.stat().st_size - size))
        tail = file.read(size)
    return (head + (b"\n[...]\n" if tail else b"") + tail).decode(errors="replace")


@pytest.mark.slow
def test_a_screen_reader_user_plays_a_hand_by_what_they_hear(stack, display, tmp_path
                                                              ) -> None:
    paths = DataPaths(tmp_path / "data")
    prepare(paths)
    save_settings(paths, Settings(language="en", animation_speed=0.5))
    result = tmp_path / "heard.json"
    env = dict(os.environ, DISPLAY=display)
    env.pop("QT_QPA_PLATFORM", None)
    app = [sys.executable, "-m", "spades_desktop", "--data-dir", str(paths.root)]
    log = tmp_path / "output.txt"
    with log.open("wb") as output:  # a file, not a pipe: a flood of warnings fills no memory
        # a session of its own, so that a run past its bound is ended whole: the bus,
        # the client and the app, not only dbus-run-session
        run = subprocess.Popen(["dbus-run-session", "--", SYSTEM_PYTHON, str(PLAYER),
                                str(result), "--", *app], env=env,
                               cwd=Path(__file__).parents[2], start_new_session=True,
                               stdout=output, stderr=subprocess.STDOUT)
        try:
            run.wait(RUN_S)
        except subprocess.TimeoutExpired:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
            pytest.fail(f"the run took more than {RUN_S} s:\n" + _head_and_tail(log))
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(run.pid, signal.SIGKILL)  # whatever outlived the session
    printed = _head_and_tail(log)
    assert result.exists(), printed
    heard = json.loads(result.read_text(encoding="utf-8"))
    said: list[str] = heard["heard"]
    assert run.returncode == 0, (said[-10:], printed)
    assert log.stat().st_size < 200_000, printed

    # the hand as the autosave kept it: the bids and the 52 cards, in order
    autosave = json.loads(paths.autosave_file.read_text(encoding="utf-8"))
    actions = [parse_action(a) for a in autosave["actions"]]
    cards = [a for a in actions if isinstance(a, Card)]
    assert len(cards) >= 52
    who = "|".join(re.escape(name) for name in SEATS.values())
    plays = [t for t in said if re.fullmatch(rf"({who}) plays? the .+\.", t)]
    assert len(plays) == 52
    for text, card in zip(plays, cards[:52], strict=True):
        assert text.endswith(f" the {spoken(card)}."), (text, card)
    assert sum(1 for t in said if t.endswith(("wins the trick.", "You win the trick."))) == 13
    assert sum(1 for t in said if re.fullmatch(rf"({who}) bids? (Nil|Blind Nil|\d+)\.", t)
               ) == 4
    over = next(i for i, t in enumerate(said) if t.startswith("Hand 1 is over. Us: "))
    assert said.index(plays[-1]) < over
    # Shift+H read the hand by suit on South's first card; Shift+S the scores at the end
    assert any(t.startswith("Spades: ") and "Diamonds: " in t for t in said)
    assert said[-1].startswith("Score")

    # South's 13 cards, each found by the name of the focused object once raised
    focused = heard["focused"]
    south = [c for i, c in enumerate(cards[:52]) if plays[i].startswith("You play")]
    assert [f["name"] for f in focused] == [spoken(c) for c in south]
    assert all(f["description"].startswith("Your hand: ") for f in focused)
    first = focused[0]["description"]
    assert all(spoken(c).split(" of ")[0] in first for c in south)
