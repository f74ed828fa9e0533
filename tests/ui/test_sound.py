"""Sound (spades_desktop/ui/sound.py, docs/rules.md §7): which moment of the table plays
which sound (a fake sink), sound off and the volume, the files, and one real playback
through QtMultimedia against the machine's audio output (CI: a null PulseAudio sink)."""

from __future__ import annotations

import io
import os
import shutil
import struct
import subprocess
import sys
import wave
from pathlib import Path

import pytest
from PySide6.QtCore import QFile, QIODevice, Qt

import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
from spades_desktop.engine import Bid, HandRecord, HandScore, Seat, Team, TeamScores
from spades_desktop.persistence import Settings, load_settings
from spades_desktop.ui.sound import (
    MAX_SOUNDS_AT_ONCE,
    SOUND_FILES,
    SOUND_RESOURCE_DIR,
    Cue,
    QtSoundSink,
    SoundPlayer,
    game_cue,
    hand_cue,
)
from spades_desktop.ui.window_dialogs import open_dialog

from .table_driver import Game, open_game

ROOT = Path(__file__).resolve().parents[2]
REQUIRE_AUDIO = os.environ.get("SPADES_DESKTOP_REQUIRE_AUDIO") == "1"
"""Set by .ci/run, which starts a null audio sink: the real playback must run there."""


class FakeSink:
    """Records what the player sends: (file, gain) pairs."""

    def __init__(self) -> None:
        self.played: list[tuple[str, float]] = []
        self.prepared = 0

    def play(self, name: str, volume: float) -> None:
        self.played.append((name, volume))

    def prepare(self) -> None:
        self.prepared += 1

    def names(self) -> list[str]:
        return [name for name, _ in self.played]


@pytest.fixture
def game(qtbot, make_window):
    yield from open_game(qtbot, make_window)


# -- the files ------------------------------------------------------------------------------
def _wav(name: str) -> wave.Wave_read:
    f = QFile(f"{SOUND_RESOURCE_DIR}/{name}")
    assert f.open(QIODevice.OpenModeFlag.ReadOnly), name
    data = bytes(f.readAll().data())
    f.close()
    return wave.open(io.BytesIO(data))


def test_every_cue_has_its_own_file_in_the_resources(qapp) -> None:
    assert set(SOUND_FILES) == set(Cue)
    assert len(set(SOUND_FILES.values())) == len(Cue)
    for name in SOUND_FILES.values():
        assert QFile.exists(f"{SOUND_RESOURCE_DIR}/{name}"), name


@pytest.mark.parametrize("name", sorted(SOUND_FILES.values()))
def test_each_sound_is_short_quiet_16_bit_mono_and_starts_and_ends_silent(qapp, name) -> None:
    w = _wav(name)
    assert (w.getnchannels(), w.getsampwidth()) == (1, 2)
    assert w.getnframes() / w.getframerate() < 0.5
    frames = w.readframes(w.getnframes())
    samples = struct.unpack(f"<{len(frames) // 2}h", frames)
    assert max(abs(s) for s in samples) <= round(0.25 * 32767)  # about -12 dBFS at most
    assert max(abs(s) for s in samples) > 0.2 * 32767  # and not silent
    assert samples[0] == 0 and samples[-1] == 0  # a soft start and end: no click


def test_the_generator_writes_the_files_in_the_resources(qapp, tmp_path) -> None:
    subprocess.run([sys.executable, str(ROOT / "assets/sounds/generate_sounds.py"),
                    "--out-dir", str(tmp_path)], check=True, capture_output=True)
    for name in SOUND_FILES.values():
        assert (tmp_path / name).read_bytes() == (ROOT / "assets/sounds" / name).read_bytes()


# -- the player: sound off, the volume ------------------------------------------------------
def test_the_player_sends_each_cue_s_file_at_the_volume_s_gain() -> None:
    sink = FakeSink()
    player = SoundPlayer(sink, on=True, volume=100)
    player.play(Cue.CARD)
    player.set_volume(50)
    player.play(Cue.CONTRACT_SET)
    player.set_volume(30)
    player.play(Cue.GAME_WON)
    # 30 dB from 1 to 100: 50 is 15 dB down (10 ** -0.75), 30 is 21 dB down (10 ** -1.05)
    assert [n for n, _ in sink.played] == ["card.wav", "contract-set.wav", "game-won.wav"]
    assert [round(g, 4) for _, g in sink.played] == [1.0, 0.1778, 0.0891]


def test_sound_off_or_volume_0_sends_nothing() -> None:
    sink = FakeSink()
    player = SoundPlayer(sink, on=False, volume=30)
    player.play(Cue.CARD)
    player.set_on(True)
    player.set_volume(0)
    player.play(Cue.CARD)
    assert sink.played == []
    player.set_volume(1)
    player.play(Cue.CARD)
    assert sink.names() == ["card.wav"]


def test_switching_sound_on_prepares_the_sink_once() -> None:
    sink = FakeSink()
    player = SoundPlayer(sink, on=False, volume=30)
    player.set_on(False)
    assert sink.prepared == 0
    player.set_on(True)
    player.set_on(True)
    assert sink.prepared == 1
    player.set_on(False)
    player.set_on(True)
    assert sink.prepared == 2


@pytest.mark.parametrize("volume", [-1, 101, 30.0, True, "30"])
def test_a_volume_outside_0_to_100_is_refused(volume) -> None:
    player = SoundPlayer(FakeSink(), volume=40)
    with pytest.raises(ValueError, match="volume"):
        player.set_volume(volume)
    assert player.volume == 40


# -- the hand's and the game's cue ----------------------------------------------------------
def _record(bids: tuple[Bid, Bid, Bid, Bid], tricks_won: tuple[int, int, int, int],
            ns_made: bool | None) -> HandRecord:
    def score(made: bool | None) -> HandScore:
        return HandScore(contract=0, bags=0, nil=0, bag_penalty=0, total=0, bags_after=0,
                         made=made)

    return HandRecord(hand_number=1, dealer=Seat.WEST, deal=(None, None, None, None),
                      bids=bids, tricks=(), tricks_won=tricks_won,
                      score=TeamScores(score(ns_made), score(True)))


@pytest.mark.parametrize(
    ("bids", "tricks", "made", "cue"),
    [
        # seats N, E, S, W
        ((Bid(4), Bid(3), Bid(4), Bid(2)), (4, 3, 5, 1), True, Cue.CONTRACT_MADE),
        ((Bid(5), Bid(3), Bid(5), Bid(2)), (4, 3, 5, 1), False, Cue.CONTRACT_SET),
        ((Bid(5), Bid(3), Bid(0), Bid(2)), (6, 3, 0, 4), True, Cue.NIL_MADE),
        ((Bid(5), Bid(3), Bid(0), Bid(2)), (6, 3, 1, 3), True, Cue.NIL_FAILED),
        ((Bid(0), Bid(3), Bid(5), Bid(2)), (1, 3, 4, 5), False, Cue.NIL_FAILED),
        ((Bid(0), Bid(3), Bid(5), Bid(2)), (0, 3, 4, 6), False, Cue.CONTRACT_SET),
        # East-West's Nil is theirs: North-South's contract decides
        ((Bid(4), Bid(0), Bid(4), Bid(2)), (5, 1, 4, 3), True, Cue.CONTRACT_MADE),
    ],
)
def test_the_hand_s_cue_is_north_south_s_worst_news_first(bids, tricks, made, cue) -> None:
    assert hand_cue(_record(bids, tricks, made)) is cue


def test_a_hand_not_scored_has_no_cue_and_a_draw_no_game_cue() -> None:
    record = _record((Bid(4), Bid(3), Bid(4), Bid(2)), (4, 3, 5, 1), True)
    unscored = HandRecord(hand_number=1, dealer=Seat.WEST, deal=record.deal,
                          bids=record.bids, tricks=(), tricks_won=record.tricks_won,
                          score=None)
    assert hand_cue(unscored) is None
    assert game_cue(None) is None
    assert game_cue(Team.NS) is Cue.GAME_WON
    assert game_cue(Team.EW) is Cue.GAME_LOST


# -- the table tells its moments as it shows them ---------------------------------------------
def _listen(game: Game) -> FakeSink:
    sink = FakeSink()
    game.window.sound.sink = sink
    return sink


def test_a_hand_plays_the_deal_bids_your_turn_cards_tricks_and_the_result(game) -> None:
    sink = _listen(game)
    game.window.dialogs.new_game()
    dialog = open_dialog(game.window, "new_game")
    assert dialog is not None
    dialog.accept()
    game.bots_until_south()
    names = sink.names()
    assert names[0] == "deal.wav"
    bids_before_south = len(game.controller.state.bids)
    assert names[1:] == ["bid.wav"] * bids_before_south + ["turn.wav"]
    for _ in range(60):  # South bids, then everyone plays the first legal card
        state = game.controller.state
        if state.hand_number > 1 or game.window.scene.waiting_for_deal:
            break
        if game.south_asked():
            view = game.window.scene.shown_view()
            assert view is not None
            before = len(game.controller.actions)
            game.controller.submit_human(view.legal[0])
            game.qtbot.waitUntil(lambda b=before: len(game.controller.actions) > b,
                                 timeout=20_000)
        game.bots_until_south(hand=1)
    game.qtbot.waitUntil(lambda: game.window.scene.waiting_for_deal, timeout=20_000)
    names = sink.names()
    assert names.count("deal.wav") == 1
    assert names.count("bid.wav") == 4  # each bid's bubble, South's too
    assert names.count("card.wav") == 52
    assert names.count("trick.wav") == 13
    # each trick's sound comes after its fourth card's
    trick_at = [i for i, n in enumerate(names) if n == "trick.wav"]
    cards_before = [names[:i].count("card.wav") for i in trick_at]
    assert cards_before == [4 * (k + 1) for k in range(13)]
    # South's turn once per decision: the bid and 13 cards
    assert names.count("turn.wav") == 14
    state = game.controller.state
    if state.is_terminal:  # the first hand ended the game (e.g. at the floor of -200)
        game.qtbot.waitUntil(lambda: open_dialog(game.window, "game_over") is not None,
                             timeout=20_000)
        assert sink.names()[-1] == SOUND_FILES[game_cue(state.result.winner)]
    else:  # the hand's summary
        assert names[-1] == SOUND_FILES[hand_cue(state.hand_records[-1])]


def test_the_m_key_switches_sound_off_and_on_and_is_remembered(game, paths) -> None:
    sink = _listen(game)
    assert game.window.settings.sound_on and game.window.action("sound").isChecked()
    game.qtbot.keyClick(game.window.table, Qt.Key.Key_M)
    assert not game.window.settings.sound_on
    assert not game.window.action("sound").isChecked()
    assert "M" in game.window.status_line.text
    game.window.sound.play(Cue.CARD)
    assert sink.played == []
    assert load_settings(paths)[0].sound_on is False
    game.qtbot.keyClick(game.window.table, Qt.Key.Key_M)
    assert game.window.settings.sound_on and load_settings(paths)[0].sound_on is True
    game.window.sound.play(Cue.CARD)
    assert sink.names() == ["card.wav"]


def test_the_turns_prompt_comes_back_after_the_sound_message(game) -> None:
    """M's message is a passing one: the status line asks for South's bid again."""
    from spades_desktop.engine import Rules
    from spades_desktop.ui.main_window import SOUND_MESSAGE_MS

    _listen(game)
    game.controller.start_new_game(Rules(), 7, "easy")
    game.bots_until_south()
    prompt = game.window.status_line.text
    assert prompt == "Your turn: make your bid."
    game.qtbot.keyClick(game.window.table, Qt.Key.Key_M)
    assert game.window.status_line.text == "Sound off: press M to turn it on again."
    game.qtbot.waitUntil(lambda: game.window.status_line.text == prompt,
                         timeout=SOUND_MESSAGE_MS * 3)
    game.qtbot.keyClick(game.window.table, Qt.Key.Key_M)
    assert game.window.status_line.text == "Sound on."
    game.qtbot.waitUntil(lambda: game.window.status_line.text == prompt,
                         timeout=SOUND_MESSAGE_MS * 3)


def test_the_menu_lists_sound_with_its_m_key(game) -> None:
    action = game.window.action("sound")
    assert action.shortcut().toString() == "M"
    assert action in game.window.menuBar().actions()[1].menu().actions()  # View


def test_the_settings_dialog_sets_sound_and_volume_at_once(game, qtbot) -> None:
    from PySide6.QtWidgets import QCheckBox, QSlider

    sink = _listen(game)
    game.window.dialogs.show_settings()
    dialog = open_dialog(game.window, "settings")
    assert dialog is not None
    switch = dialog.findChild(QCheckBox, "soundOn")
    slider = dialog.findChild(QSlider, "soundVolume")
    assert switch.isChecked() and slider.value() == 30 and slider.isEnabled()
    with qtbot.waitSignal(dialog.sound_preview_requested, timeout=5_000):
        slider.setValue(60)
    assert game.window.settings.sound_volume == 60 and game.window.sound.volume == 60
    assert sink.names() == ["turn.wav"]  # the level, heard once the slider stopped
    switch.setChecked(False)
    assert not slider.isEnabled()
    assert game.window.settings.sound_on is False
    assert not game.window.action("sound").isChecked()
    dialog.accept()


def test_a_window_starts_with_the_saved_sound_settings(make_window) -> None:
    _controller, window = make_window(sound_on=False, sound_volume=70)
    assert (window.sound.on, window.sound.volume) == (False, 70)
    assert not window.action("sound").isChecked()
    assert Settings().sound_on and Settings().sound_volume == 30


# -- the real sink ------------------------------------------------------------------------------
def _skip_or_fail(reason: str) -> None:
    if REQUIRE_AUDIO:
        pytest.fail(f"SPADES_DESKTOP_REQUIRE_AUDIO=1 but {reason}")
    pytest.skip(f"no audio stack here: {reason} (CI starts a null PulseAudio sink)")


def _need_an_audio_output() -> None:
    try:
        from PySide6.QtMultimedia import QMediaDevices
    except ImportError as exc:
        _skip_or_fail(f"QtMultimedia does not import ({exc})")
    if not QMediaDevices.audioOutputs():
        _skip_or_fail("no audio output (no sound server, or none reachable)")


def _ready_sink(qtbot) -> QtSoundSink:
    """A real sink whose output stream is open and taking samples."""
    sink = QtSoundSink()
    with qtbot.waitSignal(sink.ready, timeout=10_000):
        sink.prepare()
    assert sink.failure == "" and sink.is_ready
    return sink


def test_a_sound_really_plays_on_the_audio_output(qapp, qtbot) -> None:
    """One real playback through QAudioSink: the file loads from the resources, starts
    on the output and plays to its end; after a silence the output pauses, and the
    next sound resumes it."""
    _need_an_audio_output()
    sink = _ready_sink(qtbot)
    with qtbot.waitSignal(sink.started, timeout=10_000) as started:
        sink.play("card.wav", 0.1)
    assert started.args == ["card.wav"]
    assert sink.playing == 1
    with qtbot.waitSignal(sink.finished, timeout=10_000) as finished:
        pass  # 0.12 s of sound
    assert finished.args == ["card.wav"]
    assert sink.playing == 0
    qtbot.waitUntil(lambda: sink.paused, timeout=20_000)
    with qtbot.waitSignal(sink.finished, timeout=10_000) as finished:
        sink.play("bid.wav", 0.1)
    assert finished.args == ["bid.wav"]
    assert not sink.paused
    assert sink.failure == ""


def test_sounds_overlap_up_to_the_limit_and_a_name_not_in_the_list_is_refused(
        qapp, qtbot) -> None:
    _need_an_audio_output()
    sink = _ready_sink(qtbot)
    for _ in range(MAX_SOUNDS_AT_ONCE + 2):
        sink.play("deal.wav", 0.1)  # 0.36 s each: all still playing
    assert sink.playing == MAX_SOUNDS_AT_ONCE
    with pytest.raises(KeyError):
        sink.play("no-such.wav", 0.1)
    qtbot.waitUntil(lambda: sink.playing == 0, timeout=10_000)
    assert sink.failure == ""


def _loud_runs(samples: bytes, rate: int, level: int = 200) -> list[tuple[float, float]]:
    """The stretches (start, length in s) of 16-bit mono ``samples`` above ``level``,
    each ended by 20 ms below it."""
    values = struct.unpack(f"<{len(samples) // 2}h", samples[:len(samples) // 2 * 2])
    quiet_end = rate // 50
    runs: list[tuple[float, float]] = []
    start = last_loud = None
    for i, value in enumerate(values):
        if abs(value) > level:
            if start is None:
                start = i
            last_loud = i
        elif start is not None and last_loud is not None and i - last_loud > quiet_end:
            runs.append((start / rate, (last_loud - start) / rate))
            start = last_loud = None
    if start is not None and last_loud is not None:
        runs.append((start / rate, (last_loud - start) / rate))
    return runs


def test_a_sound_reaches_the_output_whole(qapp, qtbot, tmp_path) -> None:
    """What the output played, recorded from the null sink's monitor (CI's PulseAudio,
    tools/null_audio.sh): the deal sound once, as long as its loud part in the file."""
    _null_sink_recorder()
    rate = 22050
    with _wav("deal.wav") as wav:
        assert wav.getframerate() == rate
        expected = _loud_runs(wav.readframes(wav.getnframes()), rate)
    assert len(expected) == 1
    recording = tmp_path / "heard.raw"
    with recording.open("wb") as out:
        parec = subprocess.Popen(["parec", "-d", "null.monitor", "--format=s16le",
                                  f"--rate={rate}", "--channels=1", "--latency-msec=10"],
                                 stdout=out)
        try:
            # the monitor's silence comes in once parec is connected: then the sound,
            # then 0.3 s more of what the output played
            second = rate * 2
            qtbot.waitUntil(lambda: recording.stat().st_size > second // 5, timeout=10_000)
            sink = _ready_sink(qtbot)
            with qtbot.waitSignal(sink.finished, timeout=10_000):
                sink.play("deal.wav", 1.0)
            after = recording.stat().st_size + second * 3 // 10
            qtbot.waitUntil(lambda: recording.stat().st_size > after, timeout=10_000)
        finally:
            parec.terminate()
            parec.wait(10)
    heard = _loud_runs(recording.read_bytes(), rate)
    assert len(heard) == 1, (heard, recording.stat().st_size)
    assert heard[0][1] == pytest.approx(expected[0][1], abs=0.02), (heard, expected)


def _null_sink_recorder() -> None:
    """Skip (or fail in CI) unless the null sink of tools/null_audio.sh can be recorded."""
    server = os.environ.get("PULSE_SERVER", "")
    if not server or shutil.which("parec") is None or shutil.which("pactl") is None:
        _skip_or_fail("no PULSE_SERVER with parec and pactl (Debian pulseaudio-utils)")
    sinks = subprocess.run(["pactl", "list", "short", "sinks"], capture_output=True,
                           text=True, timeout=30).stdout
    if not any(line.split()[1:2] == ["null"] for line in sinks.splitlines()):
        _skip_or_fail("the sound server has no sink named null (tools/null_audio.sh)")


TABLE_SOUNDS = ("deal.wav", "bid.wav", "bid.wav", "turn.wav", "card.wav", "card.wav",
                "trick.wav", "contract-made.wav")
"""A hand's sounds in the table's order, played :data:`TABLE_GAP_MS` apart."""
TABLE_GAP_MS = 700


@pytest.mark.slow
def test_a_hands_sounds_are_each_heard_whole_by_a_slow_listener(qapp, qtbot, tmp_path
                                                                 ) -> None:
    """The sounds of a hand, one after another, recorded from the null sink's monitor by
    a recorder that asks for the sound server's default (long) latency, as a desktop's
    recorder or meter does: each sound is heard once and whole. (A stream per sound,
    closed after the sound's length, lost most of them here: the server still held
    their samples when their streams were closed.)"""
    _need_an_audio_output()
    _null_sink_recorder()
    rate = 22050
    lengths = []
    for name in TABLE_SOUNDS:
        with _wav(name) as wav:
            (run,) = _loud_runs(wav.readframes(wav.getnframes()), rate)
            lengths.append(run[1])
    recording = tmp_path / "heard.raw"
    sink = _ready_sink(qtbot)
    finished: list[str] = []
    sink.finished.connect(finished.append)
    with recording.open("wb") as out:
        parec = subprocess.Popen(["parec", "-d", "null.monitor", "--format=s16le",
                                  f"--rate={rate}", "--channels=1"], stdout=out)
        try:
            qtbot.waitUntil(lambda: recording.stat().st_size > 0, timeout=10_000)
            for name in TABLE_SOUNDS:
                sink.play(name, 1.0)
                qtbot.wait(TABLE_GAP_MS)
            qtbot.waitUntil(lambda: len(finished) == len(TABLE_SOUNDS), timeout=10_000)
            # what the server still holds reaches the recorder within its latency (2 s)
            after = recording.stat().st_size + rate * 2 * 3
            qtbot.waitUntil(lambda: recording.stat().st_size > after, timeout=20_000)
        finally:
            parec.terminate()
            parec.wait(10)
    heard = _loud_runs(recording.read_bytes(), rate)
    assert [round(length, 2) for _start, length in heard] == pytest.approx(
        [round(length, 2) for length in lengths], abs=0.03), heard
    assert finished == list(TABLE_SOUNDS)


REPLAY_SCRIPT = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtMultimedia import QMediaDevices
from PySide6.QtWidgets import QApplication
import spades_desktop.rc_resources
from spades_desktop.ui.sound import QtSoundSink
app = QApplication([])
if not QMediaDevices.audioOutputs():
    print("NO OUTPUT")
    sys.exit(0)
sink = QtSoundSink()
started = []
finished = []
sink.started.connect(started.append)
sink.finished.connect(finished.append)
plays = []
def play():
    sink.play("card.wav", 0.1)
    plays.append(1)
    if len(plays) == 20:
        timer.stop()
        QTimer.singleShot(1500, app.quit)
timer = QTimer()
timer.timeout.connect(play)
sink.ready.connect(lambda: timer.start(100))
sink.prepare()
QTimer.singleShot(30_000, app.quit)
app.exec()
print("PLAYED", len(plays), "STARTED", len(started), "FINISHED", len(finished),
      "FAILURE", repr(sink.failure))
"""


def test_a_sound_played_again_while_it_plays_overlaps_without_a_warning_storm(tmp_path
                                                                           ) -> None:
    """Cards fall faster than the card sound ends (0.12 s): 20 of them 100 ms apart each
    start and end, and Qt prints nothing. (QSoundEffect of QtMultimedia 6.11 on
    PulseAudio, played like this, frees a voice in its audio thread, and then the GUI
    thread prints a socket-notifier warning in a loop for ever.)"""
    try:
        import PySide6.QtMultimedia  # noqa: F401
    except ImportError as exc:
        _skip_or_fail(f"QtMultimedia does not import ({exc})")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    log = tmp_path / "stderr.txt"
    with log.open("wb") as stderr:  # a file, not a pipe: a warning storm fills no memory
        out = subprocess.run([sys.executable, "-c", REPLAY_SCRIPT], env=env, cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=stderr, text=True, timeout=120)
    with log.open("rb") as file:
        errors = file.read(20_000).decode(errors="replace")
    if out.stdout.strip() == "NO OUTPUT":
        _skip_or_fail("no audio output (no sound server, or none reachable)")
    assert out.returncode == 0, errors
    assert out.stdout.split() == ["PLAYED", "20", "STARTED", "20", "FINISHED", "20",
                                  "FAILURE", "''"], errors
    assert "QSocketNotifier" not in errors, errors[:2000]
    assert log.stat().st_size < 20_000, errors[-2000:]


NO_SERVER_SCRIPT = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
import spades_desktop.rc_resources
from spades_desktop.ui.sound import QtSoundSink
app = QApplication([])
sink = QtSoundSink()
failures = []
sink.failed.connect(failures.append)
sink.load()
QTimer.singleShot(2000, app.quit)
sink.failed.connect(lambda _reason: QTimer.singleShot(200, app.quit))
app.exec()
for _ in range(3):
    sink.play("card.wav", 0.5)
print("FAILED", len(failures))
"""


def test_without_a_sound_server_the_sink_falls_silent_once_without_an_error(tmp_path) -> None:
    try:
        import PySide6.QtMultimedia  # noqa: F401
    except ImportError as exc:
        _skip_or_fail(f"QtMultimedia does not import ({exc})")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
           "PULSE_SERVER": f"unix:{tmp_path}/no-such-socket",
           "XDG_RUNTIME_DIR": str(tmp_path), "PULSE_RUNTIME_PATH": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", NO_SERVER_SCRIPT], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "FAILED 1"
    assert "Traceback" not in out.stderr
