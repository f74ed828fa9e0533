"""Bad files and folders at start never crash or hang the game (docs/architecture.md,
Persistence; docs/rules.md §7).

Each hostile variant of ``settings.json``, ``autosave.json`` or ``statistics.json`` goes
through the real start (``app.main`` on a temporary ``--data-dir``, the event loop
replaced): the window opens, the player is told in one sentence (a persistence notice in
words), the file is kept aside unchanged, and the two good files beside it are used and
left as they were."""

from __future__ import annotations

import json
import os
import random
import stat
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from spades_desktop.engine import Bid, Rules, apply_action, legal_actions, new_game
from spades_desktop.persistence import (
    AUTOSAVE_FORMAT,
    AUTOSAVE_KIND,
    SETTINGS_KIND,
    STATS_FORMAT,
    STATS_KIND,
    DataPaths,
    DifficultyStats,
    Notice,
    NoticeCode,
    Settings,
    Stats,
    load_settings,
    load_stats,
    record_from_state,
    save_record,
    save_settings,
    save_stats,
)
from spades_desktop.ui import i18n
from spades_desktop.ui.main_window import MainWindow

from .app_runner import patch_boxes, run_main

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX: FIFOs, symlinks")

# -- the good files beside the hostile one -------------------------------------------------

GOOD_SETTINGS = Settings(language="en", difficulty="expert", target_score=300,
                         animation_speed=0.0)
GOOD_STATS = Stats(levels={"easy": DifficultyStats(played=4, won=3, drawn=0, points=30,
                                                     best_margin=120)})


def _good_game():
    state = new_game(Rules(target_score=300), 1234)
    actions = [Bid(4), Bid(3), Bid(2), Bid(5)]
    for action in actions:
        state = apply_action(state, action)
    return state, actions


GOOD_STATE, GOOD_ACTIONS = _good_game()


def _good_save_doc() -> dict[str, object]:
    record = record_from_state(GOOD_STATE, "easy", GOOD_ACTIONS)
    return {"kind": AUTOSAVE_KIND, "format": AUTOSAVE_FORMAT, **record.to_dict()}


def _write_all_good(paths: DataPaths) -> None:
    save_settings(paths, GOOD_SETTINGS)
    save_stats(paths, GOOD_STATS)
    save_record(paths, record_from_state(GOOD_STATE, "easy", GOOD_ACTIONS))


# -- the hostile things ---------------------------------------------------------------------

Maker = Callable[[Path], None]


def raw(content: bytes) -> Maker:
    return lambda path: path.write_bytes(content)


def doc(obj: object) -> Maker:
    return raw(json.dumps(obj).encode())


def text(content: str) -> Maker:
    return raw(content.encode())


def folder(path: Path) -> None:
    path.mkdir()
    (path / "inside.txt").write_text("keep me", encoding="utf-8")


def fifo(path: Path) -> None:
    os.mkfifo(path)


def loop(path: Path) -> None:
    path.symlink_to(path.name)


NO_PERMISSION = "no permission"


def unreadable(path: Path) -> None:
    # A file of the game's (as root, which may read it anyway, one of a wrong kind).
    path.write_text('{"kind": "spades-desktop-x"}', encoding="utf-8")
    path.chmod(0)


def settings_doc(values: object, **envelope: object) -> Maker:
    return doc({"kind": SETTINGS_KIND, "format": 1, "settings": values, **envelope})


def save_doc(**changes: object) -> Maker:
    return doc({**_good_save_doc(), **changes})


def stats_doc(difficulties: object, **envelope: object) -> Maker:
    # a format-1 file, as older versions wrote it (still read and migrated)
    return doc({"kind": STATS_KIND, "format": 1, "difficulties": difficulties,
                **envelope})


BIG = "1" + "0" * 400  # a whole number no float can hold
GOOD_COUNTS = {"played": 3, "won": 1, "drawn": 1, "points": 30, "best_margin": 40}


@dataclass(frozen=True)
class Hostile:
    """``make(path)`` puts the hostile thing at the file ``name``; the start says
    ``code`` (None: nothing to say) and keeps the thing aside as ``<name>.<aside>-<time>``
    (None: it stays where it is, and is used key by key)."""

    name: str
    make: Maker
    code: NoticeCode | None
    aside: str | None
    settings: Settings | None = None
    """The settings the window uses (None: the defaults for a bad ``settings.json``, the
    good settings beside any other bad file)."""


def _settings(make: Maker, code: NoticeCode | None = NoticeCode.SETTINGS_SET_ASIDE,
              aside: str | None = "corrupt", settings: Settings | None = None) -> Hostile:
    return Hostile("settings.json", make, code, aside, settings)


def _save(make: Maker, code: NoticeCode = NoticeCode.AUTOSAVE_SET_ASIDE,
          aside: str = "corrupt") -> Hostile:
    return Hostile("autosave.json", make, code, aside)


def _stats(make: Maker, code: NoticeCode | None = NoticeCode.STATS_SET_ASIDE,
           aside: str | None = "corrupt") -> Hostile:
    return Hostile("statistics.json", make, code, aside)


def _deep(depth: int) -> Maker:
    return text('{"kind": "spades-desktop-settings", "format": 1, "settings": '
                + "[" * depth + "]" * depth + "}")


HOSTILE: dict[str, Hostile] = {
    # settings.json
    "settings empty": _settings(raw(b"")),
    "settings truncated": _settings(raw(b'{"kind": "spades-desktop-settings", "format": 1, "se')),
    "settings random bytes": _settings(raw(random.Random(1).randbytes(512))),
    "settings not UTF-8": _settings(raw(b'{"kind": "spades-desktop-settings\xff", "format": 1}')),
    "settings a list": _settings(doc([1, 2, 3])),
    "settings a number 1e999": _settings(text("1e999")),
    "settings of another kind": _settings(doc({"kind": "spades-desktop-statistics",
                                               "format": 1, "settings": {}})),
    "settings format 0": _settings(settings_doc({}, format=0)),
    "settings format as text": _settings(settings_doc({}, format="1")),
    "settings from a newer version": _settings(settings_doc({"sound": True}, format=2),
                                               NoticeCode.SETTINGS_NEWER, "newer"),
    "settings not an object": _settings(settings_doc(None)),
    "settings with NaN": _settings(text('{"kind": "spades-desktop-settings", "format": 1, '
                                        '"settings": {"animation_speed": NaN}}')),
    "settings nested 100000 deep": _settings(_deep(100_000)),
    "settings number of 5000 digits": _settings(text(
        '{"kind": "spades-desktop-settings", "format": 1, "settings": {"animation_speed": '
        + "9" * 5000 + "}}")),
    "settings speed 1 and 400 zeros": _settings(text(
        '{"kind": "spades-desktop-settings", "format": 1, "settings": {"difficulty": '
        f'"expert", "animation_speed": {BIG}, "target_score": {BIG}}}}}'), None, None,
        Settings(difficulty="expert")),
    "settings every value of a wrong type": _settings(settings_doc(
        {"language": 1, "animation_speed": "fast", "difficulty": [], "target_score": {},
         "floor_enabled": "yes", "window_geometry": 5, "blind_nil": True}), None, None,
        Settings(blind_nil=True)),
    "settings larger than 16 MiB": _settings(settings_doc({"pad": "x" * (17 << 20)})),
    "settings a folder": _settings(folder),
    "settings a FIFO": _settings(fifo),
    "settings a link to itself": _settings(loop),
    "settings no permission": _settings(unreadable),
    # autosave.json
    "save empty": _save(raw(b"")),
    "save truncated": _save(lambda p: p.write_bytes(json.dumps(_good_save_doc()).encode()[:-9])),
    "save random bytes": _save(raw(random.Random(2).randbytes(2048))),
    "save of another kind": _save(doc({**_good_save_doc(), "kind": "spades-desktop-settings"})),
    "save from a newer version": _save(doc({**_good_save_doc(), "format": 99}),
                                       NoticeCode.AUTOSAVE_NEWER, "newer"),
    "save without digest": _save(lambda p: p.write_text(json.dumps(
        {k: v for k, v in _good_save_doc().items() if k != "digest"}), encoding="utf-8")),
    "save game number 1 and 400 zeros": _save(save_doc(game_number=int(BIG))),
    "save negative game number": _save(save_doc(game_number=-3)),
    "save huge target score": _save(save_doc(rules={**Rules().to_dict(),
                                                    "target_score": int(BIG)})),
    "save rules missing a key": _save(save_doc(rules={"target_score": 500})),
    "save difficulty a number": _save(save_doc(difficulty=1e300)),
    "save bid of 14": _save(save_doc(actions=["bid 14"])),
    "save card before bidding": _save(save_doc(actions=["AS"])),
    "save unreadable action": _save(save_doc(actions=["bid 4", "jump"])),
    "save a fifth bid": _save(save_doc(actions=["bid 3"] * 100_000)),
    "save digest of another game": _save(save_doc(digest="0" * 64)),
    "save deal of duplicates": _save(save_doc(deal=[["AS"] * 13] * 4)),
    "save a folder": _save(folder),
    "save a FIFO": _save(fifo),
    "save no permission": _save(unreadable),
    # statistics.json
    "statistics empty": _stats(raw(b"")),
    "statistics garbage": _stats(raw(b"\x00\x01garbage")),
    "statistics from a newer version": _stats(
        stats_doc({"easy": GOOD_COUNTS}, format=STATS_FORMAT + 1),
        NoticeCode.STATS_NEWER, "newer"),
    "statistics more wins than games": _stats(stats_doc({"easy": {**GOOD_COUNTS, "won": 9}})),
    "statistics negative points": _stats(stats_doc({"easy": {**GOOD_COUNTS, "points": -1}})),
    "statistics a list": _stats(stats_doc([GOOD_COUNTS])),
    "statistics huge counts": _stats(stats_doc(
        {"easy": {"played": int(BIG), "won": 1, "drawn": 0, "points": int(BIG),
                  "best_margin": int(BIG)}})),  # more than a game can produce
    "statistics a folder": _stats(folder),
    "statistics a FIFO": _stats(fifo),
    "statistics no permission": _stats(unreadable),
}

assert len(HOSTILE) >= 40


def _deny_reading(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    """The tests may run as root, whom ``chmod 0`` does not stop: opening ``path`` is
    refused as it would be for anyone else."""
    real_open = os.open

    def open_(target: str | os.PathLike[str], flags: int, *args: object, **kwargs: object
              ) -> int:
        if Path(os.fspath(target)) == path:
            raise PermissionError(13, "Permission denied", os.fspath(target))
        return real_open(target, flags, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", open_)


def _snapshot(path: Path) -> object:
    """What is at ``path``, to compare after it has been moved."""
    mode = os.lstat(path).st_mode
    if stat.S_ISLNK(mode):
        return ("link", os.readlink(path))
    if stat.S_ISDIR(mode):
        return ("folder", (path / "inside.txt").read_bytes())
    if stat.S_ISFIFO(mode):
        return ("fifo",)
    return ("file", path.read_bytes())


@pytest.mark.parametrize("case", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_file_never_stops_the_start(case: Hostile, tmp_path, qtbot, monkeypatch
                                              ) -> None:
    if sys.platform == "win32" and case.make in (fifo, loop):
        pytest.skip("POSIX only")
    boxes = patch_boxes(monkeypatch)
    paths = DataPaths(tmp_path / "data")
    paths.root.mkdir()
    _write_all_good(paths)
    target = paths.root / case.name
    target.unlink()
    case.make(target)
    if case.make is unreadable:
        _deny_reading(monkeypatch, target)
    before = _snapshot(target)
    good_before = {p.name: p.read_bytes() for p in paths.root.iterdir() if p != target}

    seen: dict[str, object] = {}

    def inside(window: MainWindow) -> None:
        seen["settings"] = window.settings
        seen["state"] = window.controller.state
        seen["expected"] = None
        if case.code is not None:
            kept = paths.root / _kept_name(paths.root, case)
            args = {"file": kept} if "file" in case.code.arguments else {}
            seen["expected"] = i18n.notice_text(Notice(case.code, **args))

    run = run_main(monkeypatch, qtbot, paths.root, inside)

    # it starts, with nothing but the window's own messages
    assert run.code == 0 and run.window_shown
    assert not boxes["warning"].args and not boxes["critical"].args
    # the player is told in one sentence (or nothing, when the file was used key by key)
    expected = seen["expected"]
    assert run.messages == ([] if expected is None else [expected])
    # the file is kept aside, unchanged
    names = {p.name for p in paths.root.iterdir()}
    if case.aside is not None:
        kept = _kept_name(paths.root, case)
        assert _snapshot(paths.root / kept) == before
        if case.name != "settings.json":  # quitting writes the settings again
            assert case.name not in names
    elif case.name != "settings.json":  # (quitting writes the settings again)
        assert _snapshot(target) == before
    # nothing else is lost: the good files are used and left as they were
    for name, content in good_before.items():
        if name != "settings.json":
            assert (paths.root / name).read_bytes() == content, name
    if case.name == "settings.json":
        assert seen["settings"] == (case.settings or Settings())
    else:
        assert seen["settings"] == GOOD_SETTINGS
        settings, notice = load_settings(paths)  # as saved on quitting: with the geometry
        assert notice is None and settings.replace(window_geometry="") == GOOD_SETTINGS
    if case.name != "autosave.json":
        assert seen["state"] == GOOD_STATE
    else:
        assert seen["state"] is None
    if case.name != "statistics.json":
        assert load_stats(paths) == (GOOD_STATS, None)


def _kept_name(root: Path, case: Hostile) -> str:
    (kept,) = [p.name for p in root.iterdir()
               if p.name.startswith(f"{case.name}.{case.aside}-")]
    return kept


# -- the real program, in its own process ---------------------------------------------------

@posix_only
def test_the_program_starts_past_fifos_in_place_of_every_file(tmp_path) -> None:
    """``python -m spades_desktop`` with all three files FIFOs paints its first frame and
    quits (``SPADES_DESKTOP_EXIT_AFTER_FIRST_FRAME``); it used to wait forever."""
    data = tmp_path / "data"
    data.mkdir()
    for name in ("settings.json", "autosave.json", "statistics.json"):
        os.mkfifo(data / name)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "SPADES_DESKTOP_EXIT_AFTER_FIRST_FRAME": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "spades_desktop", "--data-dir", str(data)],
        env=env, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("FIRST_FRAME")
    for notice in (NoticeCode.SETTINGS_SET_ASIDE, NoticeCode.AUTOSAVE_SET_ASIDE,
                   NoticeCode.STATS_SET_ASIDE):
        assert Notice(notice).message in result.stderr
    kept = sorted(p.name.split(".corrupt-")[0] for p in data.iterdir()
                  if ".corrupt-" in p.name and stat.S_ISFIFO(os.lstat(p).st_mode))
    assert kept == ["autosave.json", "settings.json", "statistics.json"]


# -- the data folder itself ----------------------------------------------------------------

def test_a_data_folder_name_too_long_is_a_message(tmp_path, qtbot, monkeypatch) -> None:
    boxes = patch_boxes(monkeypatch)
    data = tmp_path / ("n" * 300) / "data"
    run = run_main(monkeypatch, qtbot, data)
    assert run.code == 2 and not run.window_shown
    (message,) = boxes["critical"].texts
    assert message.startswith(f"The data folder {data} could not be created (")
    assert message.endswith("); choose another with --data-dir.")


def test_a_data_folder_below_one_that_may_not_be_read_is_a_message(tmp_path, qtbot,
                                                                    monkeypatch) -> None:
    boxes = patch_boxes(monkeypatch)
    closed = tmp_path / "closed"
    closed.mkdir()
    data = closed / "spades"
    real_stat = os.stat

    def stat_(path, *args, **kwargs):  # root is not stopped by permissions: simulated
        if not isinstance(path, int) and Path(os.fspath(path)).is_relative_to(closed) \
                and Path(os.fspath(path)) != closed:
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", stat_)
    run = run_main(monkeypatch, qtbot, data)
    assert run.code == 2 and not run.window_shown
    assert boxes["critical"].texts == [
        f"The data folder {data} could not be created (Permission denied); "
        "choose another with --data-dir."]


def test_a_full_disk_starts_the_saved_game_and_saves_nothing(tmp_path, qtbot,
                                                            monkeypatch) -> None:
    boxes = patch_boxes(monkeypatch)
    paths = DataPaths(tmp_path / "data")
    paths.root.mkdir()
    _write_all_good(paths)
    before = {p.name: p.read_bytes() for p in paths.root.iterdir()}
    probes: set[int] = set()
    real_open, real_write = os.open, os.write

    def open_(path, flags, *args, **kwargs):
        fd = real_open(path, flags, *args, **kwargs)
        if ".write-probe-" in os.fspath(path):
            probes.add(fd)
        return fd

    def write(fd, data):
        if fd in probes:
            raise OSError(28, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "open", open_)
    monkeypatch.setattr(os, "write", write)

    def inside(window: MainWindow) -> None:
        assert window.controller.state == GOOD_STATE  # the save could be read
        card = legal_actions(GOOD_STATE)[0]
        assert window.controller.submit_human(card)  # and the game goes on
        assert window.controller.actions == (*GOOD_ACTIONS, card)

    run = run_main(monkeypatch, qtbot, paths.root, inside)
    assert run.code == 0 and run.window_shown
    assert not boxes["critical"].args and not boxes["warning"].args
    assert run.messages == [i18n.notice_text(Notice(NoticeCode.DATA_DIR_FULL,
                                                    folder=paths.root))]
    # nothing was written: no probe left, the files as they were
    assert {p.name: p.read_bytes() for p in paths.root.iterdir()} == before


def test_leftovers_of_a_killed_save_are_cleaned_at_start(tmp_path, qtbot, monkeypatch) -> None:
    patch_boxes(monkeypatch)
    paths = DataPaths(tmp_path / "data")
    paths.root.mkdir()
    _write_all_good(paths)
    leftovers = [paths.root / ".autosave.json.x1y2z3q_.tmp",
                 paths.root / ".settings.json.abcdefgh.tmp",
                 paths.root / f".write-probe-99-{'a' * 32}"]
    for path in leftovers:
        path.write_bytes(b"half a save")
    mine = paths.root / "autosave.json.tmp"  # not a name the game makes: kept
    mine.write_bytes(b"mine")
    run = run_main(monkeypatch, qtbot, paths.root)
    assert run.code == 0 and run.messages == []
    assert not any(path.exists() for path in leftovers)
    assert mine.read_bytes() == b"mine"
