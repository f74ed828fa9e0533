"""Hostile data folders: the real program, started in its own process offscreen on a
folder that a hostile user or a careless sync tool prepared, starts (or refuses with its
message), changes no file outside what it sets aside, follows no link, and exits cleanly
(README, "Where files live"; docs/architecture.md, Persistence).

Each case builds a data folder and, beside it, an "outside" folder of the player's own
files that links in the data folder lead to. The program runs ``app.main`` with
``SPADES_DESKTOP_EXIT_AFTER_FIRST_FRAME=1``: it paints its first frame and quits as a
player's quit does. Its message boxes are replaced by a print (a modal box would wait
for a click offscreen); everything else is the program as shipped.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from spades_desktop.persistence import (
    DataPaths,
    GameFigures,
    Notice,
    NoticeCode,
    Settings,
    Stats,
    record_from_state,
    save_settings,
    save_stats,
)
from spades_desktop.persistence.autosave import AUTOSAVE_FORMAT, AUTOSAVE_KIND
from spades_desktop.persistence.stats import STATS_FORMAT, STATS_KIND

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="links, FIFOs, devices")
pytestmark = posix_only

#: The program, with its message boxes printed instead of shown.
PROGRAM = textwrap.dedent("""
    import sys
    from PySide6.QtWidgets import QMessageBox
    from spades_desktop import app
    from spades_desktop.ui.main_window import MainWindow

    def box(parent, title, text, *args, **kwargs):
        print("MESSAGE " + " ".join(str(text).split()), flush=True)
        return QMessageBox.StandardButton.Ok

    QMessageBox.critical = QMessageBox.warning = QMessageBox.information = box
    notify = MainWindow.notify

    def told(self, text, then=None):
        print("NOTICE " + " ".join(str(text).split()), flush=True)
        notify(self, text, then)

    MainWindow.notify = told
    sys.exit(app.main(sys.argv[1:]))
""")

#: What the game itself may add to a data folder it starts on and quits.
GAME_FILES = frozenset({"settings.json", "autosave.json", "statistics.json", "games"})

PLAYERS_WORDS = b"the player's own words\n"


Snapshot = dict[str, object]


def _entry(path: Path) -> object:
    """What is at ``path``, without following a link: its kind and content."""
    mode = os.lstat(path).st_mode
    if stat.S_ISLNK(mode):
        return ("link", os.readlink(path))
    if stat.S_ISDIR(mode):
        return ("folder", snapshot(path))
    if stat.S_ISREG(mode):
        return ("file", path.read_bytes())
    return ("special", stat.S_IFMT(mode))


def snapshot(folder: Path) -> Snapshot:
    """Every entry of ``folder`` by name, as :func:`_entry` sees it."""
    return {p.name: _entry(p) for p in folder.iterdir()}


@dataclass
class Folders:
    """A case's data folder and the player's folder beside it."""

    data: Path
    outside: Path

    @property
    def paths(self) -> DataPaths:
        return DataPaths(self.data)

    def victim(self, name: str = "precious.txt", content: bytes = PLAYERS_WORDS) -> Path:
        path = self.outside / name
        path.write_bytes(content)
        return path


@dataclass(frozen=True)
class Case:
    """A hostile folder: ``build`` makes it; the program then starts (``refused`` None)
    or refuses the folder naming the file ``refused``; ``aside`` names the entries it
    must set aside (renamed to ``<name>.corrupt-<time>``, unchanged); ``notices`` are
    told; ``check`` looks at what else the case is about."""

    build: Callable[[Folders], None]
    aside: frozenset[str] = frozenset()
    notices: tuple[NoticeCode, ...] = ()
    refused: str | None = None
    check: Callable[[Folders], None] | None = None


# -- the builders ----------------------------------------------------------------------------

def _lock_link(f: Folders) -> None:
    f.paths.lock_file.symlink_to(f.victim())


def _lock_dangling_link(f: Folders) -> None:
    f.paths.lock_file.symlink_to(f.outside / "created-by-nobody")


def _lock_hard_link(f: Folders) -> None:
    os.link(f.victim(), f.paths.lock_file)


def _lock_fifo(f: Folders) -> None:
    os.mkfifo(f.paths.lock_file)


def _settings_doc(**values: object) -> bytes:
    return json.dumps({"kind": "spades-desktop-settings", "format": 1,
                       "settings": values}).encode()


def _settings_link(f: Folders) -> None:
    f.paths.settings_file.symlink_to(f.victim("settings.json", _settings_doc(language="en")))


def _settings_link_to_device(f: Folders) -> None:
    f.paths.settings_file.symlink_to("/dev/zero")


def _settings_fifo(f: Folders) -> None:
    os.mkfifo(f.paths.settings_file)


def _settings_bom(f: Folders) -> None:
    f.paths.settings_file.write_bytes(b"\xef\xbb\xbf" + _settings_doc(animation_speed=0.0))


def _stats_doc(**normal: int) -> bytes:
    entry = {"played": 4, "won": 2, "drawn": 0, "points": 20, "best_margin": 120,
             "abandoned": 0, "streak": 1, "best_streak": 2, "hints": 0,
             **{name: 0 for name in GameFigures.__dataclass_fields__}}
    entry.update(hands=20, hand_points=900)
    entry.update(normal)
    return json.dumps({"kind": STATS_KIND, "format": STATS_FORMAT,
                       "difficulties": {"normal": entry}, "counted_games": [],
                       "streak": 1, "best_streak": 2}).encode()


def _stats_huge(f: Folders) -> None:
    f.paths.stats_file.write_bytes(_stats_doc(hand_points=10**400))


def _stats_bom(f: Folders) -> None:
    f.paths.stats_file.write_bytes(b"\xef\xbb\xbf" + _stats_doc())


def _stats_link(f: Folders) -> None:
    save_stats(f.paths, Stats())
    real = f.outside / "statistics.json"
    f.paths.stats_file.rename(real)
    f.paths.stats_file.symlink_to(real)


def _stats_folder(f: Folders) -> None:
    f.paths.stats_file.mkdir()
    (f.paths.stats_file / "inside.txt").write_bytes(PLAYERS_WORDS)


def _autosave_link(f: Folders) -> None:
    from spades_desktop.engine import Rules, new_game

    state = new_game(Rules(), 7)
    doc = {"kind": AUTOSAVE_KIND, "format": AUTOSAVE_FORMAT,
           **record_from_state(state, "easy", ()).to_dict()}
    f.paths.autosave_file.symlink_to(f.victim("autosave.json", json.dumps(doc).encode()))


def _foreign_settings(f: Folders) -> None:
    f.paths.settings_file.write_text(
        json.dumps({"editor.fontSize": 14, "workbench.colorTheme": "Default Dark"}))
    (f.data / "extensions.json").write_text("{}")


def _foreign_statistics(f: Folders) -> None:
    f.paths.stats_file.write_text(json.dumps({"kind": "fitness-tracker", "steps": 9000}))


def _games_link(f: Folders) -> None:
    # A folder of the player's whose files have the names of recent games: the pruning
    # of the recent games would delete them through the link.
    mine = f.outside / "my-games"
    mine.mkdir()
    for day in range(1, 4):
        (mine / f"2024010{day}T120000Z-g{day}.json").write_bytes(PLAYERS_WORDS)
    f.paths.games_dir.symlink_to(mine)


def _games_a_file(f: Folders) -> None:
    f.paths.games_dir.write_bytes(PLAYERS_WORDS)


def _good_folder(f: Folders) -> None:
    save_settings(f.paths, Settings(animation_speed=0.0))
    save_stats(f.paths, Stats())


# -- the checks of some cases ----------------------------------------------------------------

def _bom_settings_were_read(f: Folders) -> None:
    saved = json.loads(f.paths.settings_file.read_text(encoding="utf-8"))
    assert saved["settings"]["animation_speed"] == 0.0  # kept, not reset to the default


def _bom_stats_were_read(f: Folders) -> None:
    saved = json.loads(f.paths.stats_file.read_bytes().decode("utf-8-sig"))
    assert saved["difficulties"]["normal"]["played"] == 4


def _nothing_created_where_the_link_led(f: Folders) -> None:
    assert not (f.outside / "created-by-nobody").exists()


CASES: dict[str, Case] = {
    "good folder": Case(_good_folder),
    "lock a link to the player's file": Case(_lock_link, aside=frozenset({"spades-desktop.lock"})),
    "lock a dangling link": Case(_lock_dangling_link, aside=frozenset({"spades-desktop.lock"}),
                                 check=_nothing_created_where_the_link_led),
    "lock a hard link to the player's file": Case(
        _lock_hard_link, aside=frozenset({"spades-desktop.lock"})),
    "lock a FIFO": Case(_lock_fifo, aside=frozenset({"spades-desktop.lock"})),
    "settings a link to a settings file": Case(
        _settings_link, aside=frozenset({"settings.json"}),
        notices=(NoticeCode.SETTINGS_SET_ASIDE,)),
    "settings a link to a device": Case(
        _settings_link_to_device, aside=frozenset({"settings.json"}),
        notices=(NoticeCode.SETTINGS_SET_ASIDE,)),
    "settings a FIFO": Case(_settings_fifo, aside=frozenset({"settings.json"}),
                            notices=(NoticeCode.SETTINGS_SET_ASIDE,)),
    "settings with a byte-order mark": Case(_settings_bom, check=_bom_settings_were_read),
    "statistics with a byte-order mark": Case(_stats_bom, check=_bom_stats_were_read),
    "statistics beyond what a game can produce": Case(
        _stats_huge, aside=frozenset({"statistics.json"}),
        notices=(NoticeCode.STATS_SET_ASIDE,)),
    "statistics a link": Case(_stats_link, aside=frozenset({"statistics.json"}),
                              notices=(NoticeCode.STATS_SET_ASIDE,)),
    "statistics a folder": Case(_stats_folder, aside=frozenset({"statistics.json"}),
                                notices=(NoticeCode.STATS_SET_ASIDE,)),
    "autosave a link to a saved game": Case(
        _autosave_link, aside=frozenset({"autosave.json"}),
        notices=(NoticeCode.AUTOSAVE_SET_ASIDE,)),
    "games a link to a folder of the player's": Case(_games_link, aside=frozenset({"games"})),
    "games a file": Case(_games_a_file, aside=frozenset({"games"})),
    "another program's settings": Case(_foreign_settings, refused="settings.json"),
    "another program's statistics": Case(_foreign_statistics, refused="statistics.json"),
}


def _run(data: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "SPADES_DESKTOP_EXIT_AFTER_FIRST_FRAME": "1"}
    return subprocess.run([sys.executable, "-c", PROGRAM, "--data-dir", str(data)],
                          env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("name", CASES)
def test_a_hostile_folder(tmp_path: Path, name: str) -> None:
    case = CASES[name]
    folders = Folders(tmp_path / "data", tmp_path / "outside")
    folders.data.mkdir()
    folders.outside.mkdir()
    case.build(folders)
    before, outside_before = snapshot(folders.data), snapshot(folders.outside)

    result = _run(folders.data)
    told = result.stdout + result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    assert snapshot(folders.outside) == outside_before  # no link was followed to write
    after = snapshot(folders.data)

    if case.refused is not None:
        assert result.returncode == 2, told
        notice = Notice(NoticeCode.DATA_DIR_FOREIGN, folder=folders.data,
                        file=folders.data / case.refused)
        assert f"MESSAGE {notice.message}" in result.stdout, told
        assert after == before  # refused: nothing written, nothing renamed
        return

    assert result.returncode == 0, told
    assert result.stdout.splitlines()[-1].startswith("FIRST_FRAME"), told
    for code in case.notices:
        assert f"NOTICE {Notice(code).message}" in result.stdout, told
    assert "spades-desktop.lock" not in after  # let go on quitting
    for entry, was in before.items():
        kept = [n for n in after if n.startswith(f"{entry}.corrupt-")]
        if entry in case.aside:
            assert len(kept) == 1, (entry, sorted(after))
            assert after[kept[0]] == was  # renamed, unchanged (a link still a link)
        elif entry in GAME_FILES:  # read, and written again on quitting
            assert not kept, (entry, sorted(after))
        else:
            assert after.get(entry) == was, entry
    for entry in after:
        assert entry in before or entry in GAME_FILES or ".corrupt-" in entry, entry
    if case.check is not None:
        case.check(folders)
