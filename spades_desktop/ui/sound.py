"""Sound effects: which moment of the table plays which sound, and the player that plays
them (docs/rules.md §7, Looks and settings).

The table tells its moments as :class:`Cue` values once it shows them (a card when it
lands, a trick when it reaches its winner, a bid when its bubble appears, South's turn
when the table asks for the move, the hand's result when its summary opens, the game's
when the Game over window opens); :class:`SoundPlayer` turns a cue into a file of
:data:`SOUND_FILES` (the one table of which cue plays which sound) at the player's
volume, unless sound is off, and hands it to a :class:`SoundSink`. The real sink,
:class:`QtSoundSink`, plays the WAV files of the Qt resources (``assets/sounds``, made
by ``assets/sounds/generate_sounds.py``) with QtMultimedia's ``QAudioSink``; tests
give the player a sink of their own. A machine without an audio output, or without
QtMultimedia, plays nothing: the sink says so once in the log and stays silent.
"""

from __future__ import annotations

import array
import enum
import io
import logging
import sys
import time
import wave
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QFile, QIODevice, QObject, Qt, QTimer, Signal, Slot

from ..engine import HandRecord, NilStatus, Team
from ..persistence.settings import DEFAULT_SOUND_VOLUME

if TYPE_CHECKING:
    from PySide6.QtMultimedia import QAudioFormat, QAudioSink

__all__ = [
    "SOUND_FILES",
    "SOUND_RESOURCE_DIR",
    "Cue",
    "MAX_SOUNDS_AT_ONCE",
    "QtSoundSink",
    "SilentSink",
    "SoundPlayer",
    "SoundSink",
    "VOLUME_RANGE_DB",
    "game_cue",
    "hand_cue",
]

log = logging.getLogger(__name__)


class Cue(enum.Enum):
    """A moment of the game that has a sound."""

    DEAL = "deal"
    """A hand is being dealt."""
    CARD = "card"
    """A card lands on the trick."""
    TRICK = "trick"
    """A finished trick is collected to its winner."""
    BID = "bid"
    """A bid appears in its bubble by the seat's plate."""
    YOUR_TURN = "your turn"
    """The table asks South for a bid or a card."""
    CONTRACT_MADE = "contract made"
    """The hand's summary: North–South made their contract."""
    CONTRACT_SET = "contract set"
    """The hand's summary: North–South's contract was set."""
    NIL_MADE = "nil made"
    """The hand's summary: a Nil of North–South's was made."""
    NIL_FAILED = "nil failed"
    """The hand's summary: a Nil of North–South's failed."""
    GAME_WON = "game won"
    """The Game over window: North–South won."""
    GAME_LOST = "game lost"
    """The Game over window: East–West won."""


SOUND_FILES: Mapping[Cue, str] = MappingProxyType({
    Cue.DEAL: "deal.wav",
    Cue.CARD: "card.wav",
    Cue.TRICK: "trick.wav",
    Cue.BID: "bid.wav",
    Cue.YOUR_TURN: "turn.wav",
    Cue.CONTRACT_MADE: "contract-made.wav",
    Cue.CONTRACT_SET: "contract-set.wav",
    Cue.NIL_MADE: "nil-made.wav",
    Cue.NIL_FAILED: "nil-failed.wav",
    Cue.GAME_WON: "game-won.wav",
    Cue.GAME_LOST: "game-lost.wav",
})
"""Which cue plays which file of :data:`SOUND_RESOURCE_DIR` (the one home of that list)."""

SOUND_RESOURCE_DIR = ":/assets/sounds"
"""Where the sounds are in the Qt resources (``spades_desktop.rc_resources``)."""

VOLUME_RANGE_DB = 30.0
"""From the quietest volume (1) to the loudest (100), in decibels."""


def hand_cue(record: HandRecord, team: Team = Team.NS) -> Cue | None:
    """The cue of a finished hand for ``team`` (South's team), from the engine's record
    (docs/rules.md §4): a Nil of the team that failed, else a contract set, else a Nil
    made, else a contract made, the worst news first. ``None`` for a hand not yet
    scored."""
    if record.score is None:
        return None
    nils = [record.nil_status(seat) for seat in team.seats]
    made = record.score[team].made
    if NilStatus.FAILED in nils:
        return Cue.NIL_FAILED
    if made is False:
        return Cue.CONTRACT_SET
    if NilStatus.INTACT in nils:
        return Cue.NIL_MADE
    return Cue.CONTRACT_MADE if made else None


def game_cue(winner: Team | None, team: Team = Team.NS) -> Cue | None:
    """The cue of a finished game won by ``winner`` (``None``: a draw, which has no
    sound) for ``team`` (docs/rules.md §5)."""
    if winner is None:
        return None
    return Cue.GAME_WON if winner == team else Cue.GAME_LOST


class SoundSink(Protocol):
    """Where :class:`SoundPlayer` sends a sound to be played."""

    def play(self, name: str, volume: float) -> None:
        """Play the file ``name`` (a value of :data:`SOUND_FILES`) at ``volume``, a linear
        gain from 0.0 (silent) to 1.0 (as recorded), at once and without waiting."""

    def prepare(self) -> None:
        """Get ready to play soon (sound was switched on), without waiting."""


class SilentSink:
    """A sink that plays nothing (windows made by tests and tools, which have no
    business with the speakers)."""

    def play(self, name: str, volume: float) -> None:
        """Play nothing."""

    def prepare(self) -> None:
        """Nothing to prepare."""


class SoundPlayer(QObject):
    """Turns the table's cues into sounds (see the module docstring).

    ``on`` and ``volume`` are ``Settings.sound_on`` and ``Settings.sound_volume``
    (0–100, a level the ear hears in even steps; :attr:`gain` is its linear gain).
    ``played(cue)`` is emitted for each cue sent to the sink.

    Raises ``ValueError`` (construction, :meth:`set_volume`) for a volume outside 0–100.
    """

    played = Signal(object)

    def __init__(self, sink: SoundSink | None = None, on: bool = True,
                 volume: int = DEFAULT_SOUND_VOLUME, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.sink: SoundSink = sink if sink is not None else SilentSink()
        """Where sounds go; replace it to play through another."""
        self._on = bool(on)
        self._volume = self._checked(volume)

    @staticmethod
    def _checked(volume: int) -> int:
        if isinstance(volume, bool) or not isinstance(volume, int) or not 0 <= volume <= 100:
            raise ValueError(f"The volume must be a whole number from 0 to 100, not {volume!r}.")
        return volume

    @property
    def on(self) -> bool:
        """Whether sounds are played (Settings ▸ Sound, View ▸ Sound, the M key)."""
        return self._on

    def set_on(self, on: bool) -> None:
        """Switch sound on or off (a sound already playing finishes); switched on, the
        sink prepares its output."""
        if on and not self._on:
            self.sink.prepare()
        self._on = bool(on)

    @property
    def volume(self) -> int:
        """The volume, 0–100."""
        return self._volume

    def set_volume(self, volume: int) -> None:
        """Set the volume, 0–100 (0 is silent)."""
        self._volume = self._checked(volume)

    @property
    def gain(self) -> float:
        """The linear gain of :attr:`volume` on a logarithmic scale of
        :data:`VOLUME_RANGE_DB` (100 → 1.0, 50 → 0.178, 30 → 0.089, 1 → 0.033; 0 → 0.0),
        so that equal steps of the slider sound like equal steps."""
        if self._volume == 0:
            return 0.0
        return float(10 ** (VOLUME_RANGE_DB / 20 * (self._volume / 100 - 1)))

    @Slot(object)
    def play(self, cue: Cue) -> None:
        """Play ``cue``'s sound, unless sound is off or the volume is 0."""
        if not self._on or self._volume == 0:
            return
        self.sink.play(SOUND_FILES[cue], self.gain)
        self.played.emit(cue)


MAX_SOUNDS_AT_ONCE = 6
"""At most this many sounds play at the same time; a cue beyond them is not heard (a
pile-up of card sounds would only blur)."""

OUTPUT_BUFFER_MS = 100
"""The audio output's buffer (ms of samples): what the output holds ahead of the ear,
so about the delay from a cue to its sound (the sound server adds its own)."""

FILL_INTERVAL_MS = 20
"""How often the output's buffer is topped up with the mixed sounds (ms)."""

PAUSE_AFTER_SILENCE_MS = 2000
"""The output is paused (its stream held, silent, costing nothing) once this much silence
has followed the last sound (ms); the next sound resumes it at once."""

LATE_SOUND_MS = 500
"""A sound the output has not begun to take this long after its cue (ms) is dropped:
heard later, it would no longer match the table (a sound server that is slow to start)."""


class QtSoundSink(QObject):
    """Plays the sounds of the Qt resources on the default audio output through
    QtMultimedia's ``QAudioSink``: :meth:`load` (or the first :meth:`play`) reads every
    file of :data:`SOUND_FILES` into memory once; the sounds playing are added together
    into one output stream, topped up every :data:`FILL_INTERVAL_MS`, so sounds overlap
    freely and none is cut short. :meth:`prepare` opens the stream ahead of the first
    sound (a sound server may take a second to start a stream). Without QtMultimedia (not
    installed, or a library it needs missing), without an audio output, or when the
    output refuses the files, it is silent: the reason is logged once, and nothing is
    shown to the player.

    One stream, written by this object, rather than a stream per sound: closing a stream
    while the sound server's buffer still holds its samples drops them (and, on
    PulseAudio, other streams' too), and the end of a sound is not told reliably.
    ``QSoundEffect`` is not used either: QtMultimedia 6.11 on PulseAudio can free a
    finished sound in its real-time audio thread, after which the GUI thread prints a
    socket-notifier warning in a loop for ever."""

    failed = Signal(str)
    """The sink fell silent, with the reason (logged once)."""
    ready = Signal()
    """The output stream, newly opened, has begun to take samples (:attr:`is_ready`)."""
    started = Signal(str)
    """A sound (its file name) began to play: its first samples went to the output."""
    finished = Signal(str)
    """A sound (its file name) has played: its last samples went to the output."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._format: QAudioFormat | None = None
        self._sounds: dict[str, array.array[int]] = {}
        self._scaled: dict[tuple[str, float], array.array[int]] = {}
        self._voices: list[_Voice] = []
        self._output: QAudioSink | None = None
        self._device: QIODevice | None = None
        self._filled = False  # the output's buffer has had its first fill
        self._ready = False
        self._silence_ms = 0.0
        self._fill = QTimer(self)
        self._fill.setInterval(FILL_INTERVAL_MS)
        self._fill.setTimerType(Qt.TimerType.PreciseTimer)
        self._fill.timeout.connect(self._top_up)
        self._loaded = False
        self._failure = ""

    @property
    def failure(self) -> str:
        """Why the sink is silent ("" while it is not)."""
        return self._failure

    @property
    def playing(self) -> int:
        """How many sounds are playing or about to (0 to :data:`MAX_SOUNDS_AT_ONCE`)."""
        return len(self._voices)

    @property
    def is_ready(self) -> bool:
        """Whether the output stream is open and has begun to take samples (a sound played
        now is heard within about :data:`OUTPUT_BUFFER_MS`)."""
        return self._ready

    @property
    def paused(self) -> bool:
        """Whether the output stream is open but paused after a silence
        (:data:`PAUSE_AFTER_SILENCE_MS`)."""
        return self._output is not None and not self._fill.isActive()

    def load(self) -> None:
        """Read every file of :data:`SOUND_FILES` (16-bit PCM WAV, all of one sample rate
        and channel count) from the resources and check that the default audio output
        can play them. Called once; later calls do nothing. A failure makes the sink
        silent (:attr:`failure`, :attr:`failed`)."""
        if self._loaded:
            return
        self._loaded = True
        try:
            from PySide6.QtMultimedia import QAudioFormat, QMediaDevices
        except ImportError as exc:
            self._fail(f"QtMultimedia is not available ({exc})")
            return
        output = QMediaDevices.defaultAudioOutput()
        if output.isNull():
            self._fail("this machine has no audio output (none, or no sound server)")
            return
        shape: tuple[int, int] | None = None
        for name in sorted(set(SOUND_FILES.values())):
            file = QFile(f"{SOUND_RESOURCE_DIR}/{name}")
            if not file.open(QIODevice.OpenModeFlag.ReadOnly):
                self._fail(f"{name} is not in the resources")
                return
            try:
                with wave.open(io.BytesIO(file.readAll().data()), "rb") as wav:
                    if wav.getsampwidth() != 2:
                        raise wave.Error("not 16-bit samples")
                    if shape is None:
                        shape = (wav.getframerate(), wav.getnchannels())
                    elif shape != (wav.getframerate(), wav.getnchannels()):
                        raise wave.Error("its sample rate or channels differ from the others'")
                    samples = array.array("h", wav.readframes(wav.getnframes()))
            except (wave.Error, EOFError) as exc:
                self._fail(f"{name} is not a 16-bit PCM WAV file like the others ({exc})")
                return
            finally:
                file.close()
            if sys.byteorder == "big":
                samples.byteswap()  # WAV samples are little-endian
            self._sounds[name] = samples
        assert shape is not None
        fmt = QAudioFormat()
        fmt.setSampleRate(shape[0])
        fmt.setChannelCount(shape[1])
        fmt.setSampleFormat(QAudioFormat.SampleFormat.Int16)
        if not output.isFormatSupported(fmt):
            self._fail(f"the sounds cannot be played on {output.description()!r} "
                       f"({shape[0]} Hz, {shape[1]} channel(s))")
            return
        self._format = fmt

    def prepare(self) -> None:
        """:meth:`load`, and open the output stream now, so that the first sound is not
        held up by the sound server (:attr:`ready` once it takes samples); nothing if the
        sink has failed or the stream is open."""
        self.load()
        if not self._failure and self._output is None:
            self._open()

    def play(self, name: str, volume: float) -> None:
        """Start ``name`` (a file of :data:`SOUND_FILES`) at ``volume`` (0.0–1.0) beside
        the sounds already playing; nothing once the sink has failed, or while
        :data:`MAX_SOUNDS_AT_ONCE` sounds play. A sound the output has not begun to take
        :data:`LATE_SOUND_MS` after this call is dropped.

        Raises KeyError: ``name`` is not a file of :data:`SOUND_FILES`."""
        self.load()
        if self._failure:
            return
        samples = self._samples(name, max(0.0, min(1.0, volume)))
        self._drop_late()
        if len(self._voices) >= MAX_SOUNDS_AT_ONCE:
            return
        if self._output is None:
            if not self._open():
                return
        elif not self._fill.isActive():
            self._output.resume()
            self._fill.start()
        self._voices.append(_Voice(name, samples, time.monotonic()))
        self._silence_ms = 0.0
        self._top_up()

    def _drop_late(self) -> None:
        """Drop the sounds not begun :data:`LATE_SOUND_MS` after their cue."""
        late = time.monotonic() - LATE_SOUND_MS / 1000
        self._voices = [v for v in self._voices if v.position or v.cued > late]

    def _samples(self, name: str, gain: float) -> array.array[int]:
        """``name``'s samples at ``gain`` (kept for the next sound at that gain)."""
        key = (name, round(gain, 4))
        scaled = self._scaled.get(key)
        if scaled is None:
            source = self._sounds[name]
            scaled = array.array("h", [int(x * key[1]) for x in source])
            if len(self._scaled) > 4 * len(self._sounds):
                self._scaled.clear()  # the volume was moved: the old gains are not needed
            self._scaled[key] = scaled
        return scaled

    def _open(self) -> bool:
        """Open the output stream; ``False`` (and silent) if the output refuses."""
        from PySide6.QtMultimedia import QAudioSink, QMediaDevices, QtAudio

        assert self._format is not None
        output = QAudioSink(QMediaDevices.defaultAudioOutput(), self._format, self)
        output.setBufferSize(self._format.bytesForDuration(OUTPUT_BUFFER_MS * 1000))
        device = output.start()
        if device is None or output.error() is not QtAudio.Error.NoError:
            self._fail(f"this machine's audio output cannot be opened ({output.error().name})")
            output.setParent(None)
            return False
        self._output, self._device = output, device
        self._filled, self._ready, self._silence_ms = False, False, 0.0
        self._fill.start()
        return True

    def _close(self) -> None:
        self._fill.stop()
        output, self._output, self._device = self._output, None, None
        self._ready = False
        if output is not None:
            output.stop()
            output.setParent(None)  # Python's now: deleted with its last reference

    @Slot()
    def _top_up(self) -> None:
        """Write the mixed sounds (or silence) into the room the output has, tell the
        sounds that started and finished, and pause the output after a silence."""
        from PySide6.QtMultimedia import QtAudio

        output, device, fmt = self._output, self._device, self._format
        if output is None or device is None or fmt is None:
            return
        if output.error() is not QtAudio.Error.NoError:
            self._fail(f"this machine's audio output failed ({output.error().name})")
            return
        room = output.bytesFree()
        if room <= 0:
            return
        if self._filled and not self._ready:
            # room again after the first fill: the output is taking samples
            self._ready = True
            self.ready.emit()
        self._filled = True
        frames = room // fmt.bytesPerFrame()
        count = frames * fmt.channelCount()
        self._drop_late()
        if not self._voices:
            device.write(bytes(count * 2))
            self._silence_ms += fmt.durationForFrames(frames) / 1000
            if self._silence_ms >= PAUSE_AFTER_SILENCE_MS:
                self._fill.stop()
                output.suspend()
            return
        mix = [0] * count
        begun: list[str] = []
        ended: list[str] = []
        for voice in self._voices:
            if voice.position == 0:
                begun.append(voice.name)
            part = voice.samples[voice.position:voice.position + count]
            for i, sample in enumerate(part):
                mix[i] += sample
            voice.position += len(part)
            if voice.position >= len(voice.samples):
                ended.append(voice.name)
        self._voices = [v for v in self._voices if v.position < len(v.samples)]
        block = array.array("h", [-32768 if x < -32768 else 32767 if x > 32767 else x
                                  for x in mix])
        if sys.byteorder == "big":
            block.byteswap()
        device.write(block.tobytes())
        for name in begun:
            self.started.emit(name)
        for name in ended:
            self.finished.emit(name)

    def _fail(self, reason: str) -> None:
        self._voices = []
        self._close()
        if self._failure:
            return
        self._failure = reason
        log.info("sound off: %s", reason)
        self.failed.emit(reason)


class _Voice:
    """A sound in play: its samples (at its volume), how many have been written, and
    when it was cued (``time.monotonic()``)."""

    __slots__ = ("cued", "name", "position", "samples")

    def __init__(self, name: str, samples: array.array[int], cued: float) -> None:
        self.name = name
        self.samples = samples
        self.cued = cued
        self.position = 0
