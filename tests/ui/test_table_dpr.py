"""No drawing artefacts at fractional screen scales: after an item on the table moves
or hides, the window shows exactly what a full repaint draws (found at scale 1.5, where
thin light lines stayed beside the bid panel, the game box and the Play button).

The scale cannot change inside a running QApplication, so each scale runs in a child
process on the offscreen platform with a screen of that scale (its configuration file
sets the logical DPI: 120 → 1.25, 144 → 1.5, 192 → 2). The child grabs the screen after
the change (what the partial repaint left), repaints the whole window, grabs again, and
reports the pixels that differ by more than a rounding error.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

CHILD = r"""
import sys, tempfile
from pathlib import Path
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

app = QApplication([])
import spades_desktop.rc_resources  # noqa: F401
from spades_desktop.controller import GameController
from spades_desktop.engine import Rules
from spades_desktop.persistence import DataPaths, Settings, prepare
from spades_desktop.ui.main_window import MainWindow

paths = DataPaths(Path(tempfile.mkdtemp()) / "data")
prepare(paths)
controller = GameController(paths)
window = MainWindow(controller, Settings(animation_speed=0.0), paths)
window.resize(800, 600)
window.show()


def settle():
    for _ in range(30):
        app.processEvents()


settle()
controller.start_new_game(Rules(), 12, "easy")  # South bids first
settle()
screen = window.screen()
proxy = window.scene.bid_panel.graphicsProxyWidget()
assert proxy.isVisible()


def grab():
    image = screen.grabWindow(0).toImage().convertToFormat(QImage.Format.Format_RGB32)
    r, d = window.geometry(), screen.devicePixelRatio()
    return image.copy(round(r.x() * d), round(r.y() * d), round(r.width() * d),
                      round(r.height() * d))


def stray(after):
    window.table.viewport().repaint()  # the whole table, drawn afresh
    settle()
    full = grab()
    assert full.size() == after.size()
    count = 0
    for y in range(full.height()):
        a, b = bytes(after.constScanLine(y)), bytes(full.constScanLine(y))
        if a == b:
            continue
        for x in range(0, len(a), 4):
            if max(abs(a[x + i] - b[x + i]) for i in range(3)) > 12:
                count += 1
    return count


result = {"dpr": screen.devicePixelRatio()}
proxy.setPos(proxy.pos().x() + 37.3, proxy.pos().y() + 11.7)  # the panel moved
settle()
result["moved"] = stray(grab())
proxy.hide()  # the bid was chosen
settle()
result["hidden"] = stray(grab())
controller.shutdown()
print("RESULT", __import__("json").dumps(result))
"""


@pytest.mark.parametrize(("dpi", "ratio"), [(120, 1.25), (144, 1.5), (192, 2.0)])
def test_no_stray_pixels_after_a_panel_moved_or_hid(tmp_path, dpi: int, ratio: float) -> None:
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{
        "name": "scaled", "x": 0, "y": 0, "width": 2400, "height": 1800,
        "logicalDpi": dpi, "logicalBaseDpi": 96, "dpr": 1}]}))
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={config}")
    for name in ("QT_SCALE_FACTOR", "QT_SCREEN_SCALE_FACTORS", "QT_ENABLE_HIGHDPI_SCALING"):
        env.pop(name, None)
    done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    line = [x for x in done.stdout.splitlines() if x.startswith("RESULT ")][-1]
    result = json.loads(line.removeprefix("RESULT "))
    assert result["dpr"] == pytest.approx(ratio)
    assert result == {"dpr": result["dpr"], "moved": 0, "hidden": 0}
