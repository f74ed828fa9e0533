"""A screen-reader user for tests/ui/test_screen_reader_atspi.py: an AT-SPI client that
plays the first hand of a game of the running app by keys, led by what it hears.

Run by a Python with ``pyatspi`` (the system's python3), inside the D-Bus session of
the test, on the X display of ``DISPLAY``::

    python3 atspi_player.py RESULT.json -- APP COMMAND...

It starts the AT-SPI bus, registers for the announcements (``object:announcement``)
and the name changes of the app's objects, starts the app, presses Enter on the New
Game dialog, and then acts on what it hears: "Your turn: make your bid." → 3, Enter;
"Your turn: … cards may be played" → Shift+H (the hand read aloud) on the first
card, then Right, reads the focused object's name and description (South's raised
card and hand), then Enter. At "Hand 1 is over." it presses Shift+S, then writes
RESULT.json (the announcements in order, the names read, the descriptions) and quits.
Exit code 0 when the hand was heard to its end, 1 on a time-out.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time

import pyatspi  # type: ignore[import-not-found]
from gi.repository import GLib  # type: ignore[import-not-found]

TIME_OUT_S = 240
"""The whole hand must be heard within this time (a computer player's move takes well
under a second at Easy; this bounds a hung run, never a healthy one)."""

KEY_DELAY_MS = 150


def main() -> int:
    result_path = sys.argv[1]
    command = sys.argv[sys.argv.index("--") + 1:]
    launcher = subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"])
    for _ in range(100):  # until the accessibility bus answers (at most 10 s)
        if subprocess.run(["dbus-send", "--session", "--dest=org.a11y.Bus", "--print-reply",
                           "/org/a11y/bus", "org.a11y.Bus.GetAddress"],
                          capture_output=True).returncode == 0:
            break
        time.sleep(0.1)
    heard: list[str] = []
    names: list[dict[str, str]] = []
    name_events: list[str] = []
    state = {"done": False, "first_card": True, "queue": [], "app_pid": 0}

    def xdotool(*args: str) -> None:
        subprocess.run(["xdotool", *args], check=False)

    def focus_under_pointer() -> None:
        """Give the X input focus to the window under the pointer (there is no window
        manager to do it), so that Qt takes the window as active and the focused
        widget's state says so."""
        out = subprocess.run(["xdotool", "getmouselocation", "--shell"], check=False,
                             capture_output=True, text=True).stdout
        window = dict(line.split("=", 1) for line in out.split() if "=" in line).get("WINDOW")
        if window and window != state.get("focused_window"):
            state["focused_window"] = window
            xdotool("windowfocus", "--sync", window)

    def run_queue() -> bool:
        """Run the next queued step (a key, or a function), one every KEY_DELAY_MS."""
        queue = state["queue"]
        if queue:
            step = queue.pop(0)  # a key, a function, or None: a pause of one step
            if callable(step):
                step()
            elif step is not None:
                focus_under_pointer()
                xdotool("key", "--clearmodifiers", step)
        return not state["done"]

    def focused() -> None:
        """South's raised card, found as the focused object of the app by name."""
        for app in pyatspi.Registry.getDesktop(0):
            if app is None or app.get_process_id() != state["app_pid"]:
                continue
            obj = pyatspi.findDescendant(
                app, lambda o: o.getState().contains(pyatspi.STATE_FOCUSED))
            if obj is not None:
                names.append({"name": obj.name, "description": obj.description,
                              "role": obj.getRoleName()})
            return

    def finish() -> None:
        state["done"] = True
        pyatspi.Registry.stop()

    def on_announcement(event: object) -> None:
        if state["app_pid"] == 0 or event.host_application.get_process_id() != state["app_pid"]:
            return
        text = str(event.any_data)
        heard.append(text)
        queue = state["queue"]
        if text.startswith("Your turn: make your bid."):
            queue += ["3", "Return"]
        elif text.startswith("Your turn: bid Blind Nil"):
            queue += ["Return"]  # Show my cards
        elif text.startswith("Your turn:"):
            if state["first_card"]:
                state["first_card"] = False
                queue += ["shift+h", None]
            queue += ["Right", None, focused, "Return"]
        elif text.startswith("Hand 1 is over."):
            queue += [None, "shift+s", None, None, None, finish]

    def on_name(event: object) -> None:
        if state["app_pid"] and event.host_application.get_process_id() == state["app_pid"]:
            name_events.append(str(event.any_data))

    pyatspi.Registry.registerEventListener(on_announcement, "object:announcement")
    pyatspi.Registry.registerEventListener(on_name, "object:property-change:accessible-name")
    env = dict(os.environ, QT_QPA_PLATFORM="xcb", QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1")
    app = subprocess.Popen(command, env=env)
    state["app_pid"] = app.pid
    # the keys go to the window under the pointer: the middle of the screen, where the
    # window and the dialogs over it are centred
    xdotool("mousemove", "640", "512")

    def start_game() -> bool:
        """Once the New Game dialog is shown (a dialog among the app's windows), press
        Enter on it (Start game); until then, look again."""
        if state["done"]:
            return False
        for found in pyatspi.Registry.getDesktop(0):
            if found is None or found.get_process_id() != app.pid:
                continue
            if any(w is not None and w.getRole() == pyatspi.ROLE_DIALOG
                   and w.getState().contains(pyatspi.STATE_SHOWING) for w in found):
                state["queue"].append("Return")
                return False
        return True

    GLib.timeout_add(500, start_game)
    GLib.timeout_add(KEY_DELAY_MS, run_queue)
    GLib.timeout_add(TIME_OUT_S * 1000, lambda: (finish(), False)[1])
    pyatspi.Registry.start()
    app.terminate()
    try:
        app.wait(10)
    except subprocess.TimeoutExpired:
        app.kill()
    launcher.terminate()
    with open(result_path, "w", encoding="utf-8") as f:
        json.dump({"heard": heard, "focused": names, "name_events": name_events}, f,
                  indent=1)
    return 0 if any(t.startswith("Hand 1 is over.") for t in heard) else 1


if __name__ == "__main__":
    if shutil.which("xdotool") is None:
        raise SystemExit("xdotool is missing")
    sys.exit(main())
