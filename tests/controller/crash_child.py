"""The game played by the crash-consistency test in a process of its own, to be killed.

``python crash_child.py DATA_DIR GAME_NUMBER HANDS`` starts as ``app.main`` does
(``app.start_up``: the lock taken, leftovers of a killed save removed, the statistics
read, the autosave resumed, a finished game in it counted), then plays headless on the
real controller a game of exactly ``HANDS`` hands (:func:`game_rules`): computer
players at Easy in West, North and East and a scripted human in South (the first legal
action), at animation speed 0. It starts a new game only when there is none to resume
and none counted yet, and exits when the game is over. Lines on stdout (flushed one by
one):

- ``start <notices> <temps> <n> <digest> <action>,<action>,...``: the codes of the
  start's notices (``-`` for none), how many ``*.tmp`` files are in the data folder
  once the program has started, and what was resumed (``n`` actions; digest ``-`` for
  no game); ``finished <notices> <temps>`` when a game is counted and none is left to
  play.
- ``shown <n> <digest> <action>``: ``state_changed`` for the ``n``-th action.
- ``pause <where>``: the process stops here and waits to be killed.
- ``over``: the game ended and the program quits.

The environment variable ``CRASH_PAUSE=<where>:<n>`` chooses the pause: ``shown:<n>``
right after reporting the ``n``-th action; ``save-before:<n>`` / ``save-after:<n>``
inside the autosave's write of ``n`` actions, before or after its rename over the old
file; ``stats-before:0`` / ``stats-after:0`` around the rename of the statistics file;
``delete-before:0`` / ``delete-after:0`` around the deletion of the finished game's
autosave.
"""

from __future__ import annotations

import json
import os
import pathlib
import sys
import time

from spades_desktop.engine import Rules


def game_rules(max_hands: int) -> Rules:
    """Rules under which a game lasts exactly ``max_hands`` hands for 1 to 5: no floor,
    and no team can reach 1000 in four hands (at most 230 points a hand, docs/rules.md §4)."""
    return Rules(target_score=1000, floor_score=None, max_hands=max_hands)


def main(argv: list[str]) -> int:
    data, number, max_hands = argv[0], int(argv[1]), int(argv[2])
    where, _, count = os.environ.get("CRASH_PAUSE", "none:0").partition(":")
    pause_at = int(count)

    from PySide6.QtCore import QCoreApplication, QTimer

    from spades_desktop.app import start_up
    from spades_desktop.controller import GameController
    from spades_desktop.engine import Seat, action_to_str, state_digest
    from spades_desktop.persistence import load_stats

    def say(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def pause(point: str) -> None:
        say(f"pause {point}")
        time.sleep(600)
        raise SystemExit(3)  # never reached: the test kills the process

    real_replace = os.replace
    real_unlink = pathlib.Path.unlink

    def replace(src: str, dst: os.PathLike[str] | str) -> None:
        name = pathlib.Path(dst).name
        if name == "autosave.json":
            with open(src, encoding="utf-8") as handle:
                saved = len(json.load(handle)["actions"])
            point, moment = saved, "save"
        elif name == "statistics.json":
            point, moment = 0, "stats"
        else:
            point, moment = -1, ""
        if (where, pause_at) == (f"{moment}-before", point):
            pause(where)
        real_replace(src, dst)
        if (where, pause_at) == (f"{moment}-after", point):
            pause(where)

    def unlink(self: pathlib.Path, missing_ok: bool = False) -> None:
        deleting = self.name == "autosave.json" and self.exists()
        if deleting and where == "delete-before":
            pause(where)
        real_unlink(self, missing_ok=missing_ok)
        if deleting and where == "delete-after":
            pause(where)

    os.replace = replace  # type: ignore[assignment]
    pathlib.Path.unlink = unlink  # type: ignore[method-assign]

    app = QCoreApplication([sys.argv[0]])
    startup = start_up(data)  # as the game starts: lock, leftovers, files read
    paths, resumed = startup.paths, startup.resumed
    notice = ",".join(n.code.value for n in startup.notices) or "-"
    temps = len(list(paths.root.glob("*.tmp")))
    if resumed.state is None:
        if load_stats(paths)[0].counted:
            say(f"finished {notice} {temps}")
            return 0
        say(f"start {notice} {temps} 0 -")
    else:
        texts = ",".join(action_to_str(a) for a in resumed.actions)
        say(f"start {notice} {temps} {len(resumed.actions)} {state_digest(resumed.state)} "
            f"{texts}")

    controller = GameController(paths)
    controller.speed = 0.0

    def human_turn() -> None:
        view = controller.view(Seat.SOUTH)
        if view is not None and view.current_player == Seat.SOUTH:
            controller.submit_human(view.legal[0])

    def on_changed(old: object, new: object, action: object) -> None:
        n = len(controller.actions)
        say(f"shown {n} {state_digest(new)} {action_to_str(action)}")  # type: ignore[arg-type]
        if (where, pause_at) == ("shown", n):
            pause(where)
        QTimer.singleShot(0, human_turn)

    controller.state_changed.connect(on_changed)
    controller.game_started.connect(lambda _state: QTimer.singleShot(0, human_turn))
    controller.game_over.connect(lambda _result: (say("over"), app.quit()))
    if resumed.state is not None:
        controller.resume(resumed.state, resumed.actions, resumed.difficulty or "easy",
                          resumed.deal, resumed.game_id)
    else:
        controller.start_new_game(game_rules(max_hands), number, "easy")
    code = app.exec()
    controller.shutdown()
    startup.release()
    return int(code)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
