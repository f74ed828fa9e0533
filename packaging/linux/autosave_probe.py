#!/usr/bin/env python3
"""Read a data folder's autosave the way the game does, for the .deb upgrade test
(packaging/linux/deb-test.sh). Run with a Python that has the project installed; it only
reads: the autosave is copied to a scratch folder first, so a damaged save is never set
aside here.

    autosave_probe.py wait-bid DATA [--timeout S]
        wait until DATA/autosave.json resumes (``resume_game``) into hand 1, bidding,
        South to bid; print the game number
    autosave_probe.py saved DATA
        the autosave must resume into hand 1, still bidding, South's bid saved (South bids
        first in hand 1) and a computer player to bid next; print what was saved
    autosave_probe.py check-resumed BEFORE DATA
        BEFORE is a copy of the autosave taken when the older program quit: DATA's
        autosave must resume, be the same game, start with BEFORE's actions and have more
        (the computer players carried on in the newer program)

Exit 0 when the condition holds, 1 with the reason otherwise. The waiting is bounded by
``--timeout`` (default 60 s) and looks at the file every 0.2 s.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from spades_desktop.engine import Phase, Seat
from spades_desktop.persistence import DataPaths, resume_game


def resumed(autosave: Path) -> tuple[Any, dict[str, Any]] | None:
    """The resumed game state and the file's JSON, or None if there is no usable save."""
    if not autosave.is_file():
        return None
    with tempfile.TemporaryDirectory(prefix="autosave-probe-") as tmp:
        paths = DataPaths(Path(tmp))
        try:
            shutil.copyfile(autosave, paths.autosave_file)
            data = json.loads(paths.autosave_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None  # caught mid-write (the game writes a temporary file and renames)
        result = resume_game(paths)
    if result.state is None:
        return None
    return result.state, data


def describe(state: Any) -> str:
    seat = state.current_player
    return (f"hand {state.hand_number}, {state.phase.name.lower()}, "
            f"{getattr(seat, 'name', seat)} to act")


def wait_bid(data: Path, timeout: float) -> int:
    deadline = time.monotonic() + timeout
    last = "no autosave yet"
    while time.monotonic() < deadline:
        found = resumed(DataPaths(data).autosave_file)
        if found is not None:
            state, record = found
            if (state.hand_number == 1 and state.phase is Phase.BIDDING
                    and state.current_player is Seat.SOUTH):
                print(f"game #{record['game_number']}: hand 1 dealt, South to bid")
                return 0
            last = describe(state)
        time.sleep(0.2)
    print(f"error: after {timeout:g} s the autosave is not at South's bid ({last})",
          file=sys.stderr)
    return 1


def saved(data: Path) -> int:
    found = resumed(DataPaths(data).autosave_file)
    if found is None:
        print("error: no autosave that resumes", file=sys.stderr)
        return 1
    state, record = found
    actions = record["actions"]
    if not actions or state.hand_number != 1:
        print(f"error: South's bid is not saved: {describe(state)}, {actions}",
              file=sys.stderr)
        return 1
    if state.phase is not Phase.BIDDING or state.current_player is Seat.SOUTH:
        print(f"error: the computer players finished bidding before the game quit "
              f"({describe(state)}): nothing would carry on after resuming", file=sys.stderr)
        return 1
    print(f"game #{record['game_number']}, {describe(state)}, saved bids: {actions}")
    return 0


def check_resumed(before: Path, data: Path) -> int:
    old = json.loads(before.read_text(encoding="utf-8"))
    found = resumed(DataPaths(data).autosave_file)
    if found is None:
        print("error: the newer program left no autosave that resumes", file=sys.stderr)
        return 1
    state, new = found
    k = len(old["actions"])
    problems = []
    if new["game_number"] != old["game_number"]:
        problems.append(f"game #{new['game_number']}, not #{old['game_number']}")
    if new["actions"][:k] != old["actions"]:
        problems.append(f"the saved actions {old['actions']} are not kept: {new['actions']}")
    elif len(new["actions"]) <= k:
        problems.append(f"no action after the saved ones ({describe(state)})")
    if problems:
        print("error: " + "; ".join(problems), file=sys.stderr)
        return 1
    print(f"game #{new['game_number']} resumed: saved {old['actions']} kept, then "
          f"{new['actions'][k:]} ({describe(state)})")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    wait = sub.add_parser("wait-bid")
    wait.add_argument("data", type=Path)
    wait.add_argument("--timeout", type=float, default=60.0)
    sub.add_parser("saved").add_argument("data", type=Path)
    check = sub.add_parser("check-resumed")
    check.add_argument("before", type=Path)
    check.add_argument("data", type=Path)
    args = parser.parse_args(argv)
    if args.command == "wait-bid":
        return wait_bid(args.data, args.timeout)
    if args.command == "saved":
        return saved(args.data)
    return check_resumed(args.before, args.data)


if __name__ == "__main__":
    raise SystemExit(main())
