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

import enum
import io
import logging
import wave
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QBuffer, QByteArray, QFile, QIODevice, QObject, QTimer, Signal, Slot

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


class SilentSink:
    """A sink that plays nothing (windows made by tests and tools, which have no
    business with the speakers)."""

    def play(self, name: str, volume: float) -> None:
        """Play nothing."""


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
        """Switch sound on or off (a sound already playing finishes)."""
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

SOUND_END_MARGIN_MS = 250
"""A sound's sink is closed this long after the sound's length (ms), if the output has
not said by then that it played every sample (the sounds end in silence)."""


class QtSoundSink(QObject):
    """Plays the sounds of the Qt resources on the default audio output through
    QtMultimedia's ``QAudioSink``: :meth:`load` (or the first :meth:`play`) reads every
    file of :data:`SOUND_FILES` into memory once; each :meth:`play` opens a sink of its
    own that pulls the samples from memory and is closed when they have played, so
    sounds overlap freely. Without QtMultimedia (not installed, or a library it needs
    missing), without an audio output, or when the output refuses the files, it is
    silent: the reason is logged once, and nothing is shown to the player.

    (``QSoundEffect`` is not used: QtMultimedia 6.11 on PulseAudio can free a finished
    sound in its real-time audio thread, after which the GUI thread prints a
    socket-notifier warning in a loop for ever.)"""

    failed = Signal(str)
    """The sink fell silent, with the reason (logged once)."""
    started = Signal(str)
    """A sound (its file name) began to play on the output."""
    finished = Signal(str)
    """A sound (its file name) has played to its end (or its sink was closed)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._sounds: dict[str, tuple[QAudioFormat, QByteArray]] = {}
        self._playing: dict[QAudioSink, str] = {}
        self._played: list[QAudioSink] = []
        self._loaded = False
        self._failure = ""

    @property
    def failure(self) -> str:
        """Why the sink is silent ("" while it is not)."""
        return self._failure

    @property
    def playing(self) -> int:
        """How many sounds are playing now (0 to :data:`MAX_SOUNDS_AT_ONCE`)."""
        return len(self._playing)

    def load(self) -> None:
        """Read every file of :data:`SOUND_FILES` (16-bit PCM WAV) from the resources and
        check that the default audio output can play them. Called once; later calls do
        nothing. A failure makes the sink silent (:attr:`failure`, :attr:`failed`)."""
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
        for name in sorted(set(SOUND_FILES.values())):
            file = QFile(f"{SOUND_RESOURCE_DIR}/{name}")
            if not file.open(QIODevice.OpenModeFlag.ReadOnly):
                self._fail(f"{name} is not in the resources")
                return
            try:
                with wave.open(io.BytesIO(file.readAll().data()), "rb") as wav:
                    if wav.getsampwidth() != 2:
                        raise wave.Error("not 16-bit samples")
                    fmt = QAudioFormat()
                    fmt.setSampleRate(wav.getframerate())
                    fmt.setChannelCount(wav.getnchannels())
                    fmt.setSampleFormat(QAudioFormat.SampleFormat.Int16)
                    samples = QByteArray(wav.readframes(wav.getnframes()))
            except (wave.Error, EOFError) as exc:
                self._fail(f"{name} is not a 16-bit PCM WAV file ({exc})")
                return
            finally:
                file.close()
            if not output.isFormatSupported(fmt):
                self._fail(f"{name} cannot be played on {output.description()!r} "
                           f"({fmt.sampleRate()} Hz, {fmt.channelCount()} channel(s))")
                return
            self._sounds[name] = (fmt, samples)

    def play(self, name: str, volume: float) -> None:
        """Start ``name`` (a file of :data:`SOUND_FILES`) at ``volume`` (0.0–1.0) beside
        the sounds already playing; nothing once the sink has failed, or while
        :data:`MAX_SOUNDS_AT_ONCE` sounds play.

        Raises KeyError: ``name`` is not a file of :data:`SOUND_FILES`."""
        self.load()
        if self._failure:
            return
        fmt, samples = self._sounds[name]
        self._release_played()
        if len(self._playing) >= MAX_SOUNDS_AT_ONCE:
            return
        from PySide6.QtMultimedia import QAudioSink, QMediaDevices

        # Each sound's QAudioSink is a child of this object (it goes with it, after Qt
        # has disconnected it from this object) and the samples' buffer a child of the
        # sink; a played sink is deleted at the next play, outside its own signals (a
        # ``deleteLater`` of one crashed PySide6 6.11 once this object was gone).
        sink = QAudioSink(QMediaDevices.defaultAudioOutput(), fmt, self)
        sink.setVolume(max(0.0, min(1.0, volume)))
        source = QBuffer(sink)
        source.setData(samples)
        source.open(QIODevice.OpenModeFlag.ReadOnly)
        self._playing[sink] = name
        # a slot of this object, so that Qt disconnects it when this object goes; the
        # state is read from the sink (PySide6 6.11 cannot pass a QAudio::State to a
        # Python slot)
        sink.stateChanged.connect(self._on_state)
        sink.start(source)
        # PulseAudio's sink may report the end of the samples a second or more late: the
        # sound is over by its length and a margin for the output's latency
        length_ms = samples.size() * 1000 // fmt.bytesForDuration(1_000_000)
        QTimer.singleShot(length_ms + SOUND_END_MARGIN_MS, sink, sink.stop)

    @Slot()
    def _on_state(self) -> None:
        from PySide6.QtMultimedia import QAudioSink, QtAudio

        sink = self.sender()
        if not isinstance(sink, QAudioSink) or sink not in self._playing:
            return
        name = self._playing[sink]
        state = sink.state()
        if state is QtAudio.State.ActiveState:
            self.started.emit(name)
            return
        if state is QtAudio.State.StoppedState and sink.error() is not QtAudio.Error.NoError:
            self._fail(f"{name} cannot be played on this machine's audio output "
                       f"({sink.error().name})")
        elif state is not QtAudio.State.IdleState and state is not QtAudio.State.StoppedState:
            return
        # idle: every sample was handed to the output; stopped: closed or failed
        del self._playing[sink]
        sink.stop()
        self._played.append(sink)
        self.finished.emit(name)

    def _release_played(self) -> None:
        """Delete the sinks (and their buffers) of the sounds that have played."""
        played, self._played = self._played, []
        for sink in played:
            sink.setParent(None)  # now Python's: deleted with its last reference

    def _fail(self, reason: str) -> None:
        if self._failure:
            return
        self._failure = reason
        log.info("sound off: %s", reason)
        self.failed.emit(reason)
