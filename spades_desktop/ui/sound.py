"""Sound effects: which moment of the table plays which sound, and the player that plays
them (docs/rules.md §7, Looks and settings).

The table tells its moments as :class:`Cue` values once it shows them (a card when it
lands, a trick when it reaches its winner, a bid when its bubble appears, South's turn
when the table asks for the move, the hand's result when its summary opens, the game's
when the Game over window opens); :class:`SoundPlayer` turns a cue into a file of
:data:`SOUND_FILES` (the one table of which cue plays which sound) at the player's
volume, unless sound is off, and hands it to a :class:`SoundSink`. The real sink,
:class:`QtSoundSink`, plays the WAV files of the Qt resources (``assets/sounds``, made
by ``assets/sounds/generate_sounds.py``) with QtMultimedia's ``QSoundEffect``; tests
give the player a sink of their own. A machine without an audio output, or without
QtMultimedia, plays nothing: the sink says so once in the log and stays silent.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, QUrl, Signal, Slot

from ..engine import HandRecord, NilStatus, Team
from ..persistence.settings import DEFAULT_SOUND_VOLUME

if TYPE_CHECKING:
    from PySide6.QtMultimedia import QSoundEffect

__all__ = [
    "SOUND_FILES",
    "SOUND_RESOURCE_DIR",
    "Cue",
    "QtSoundSink",
    "SilentSink",
    "SoundPlayer",
    "SoundSink",
    "VOLUME_RANGE_DB",
    "game_cue",
    "hand_cue",
    "sound_url",
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


def sound_url(name: str) -> QUrl:
    """The ``qrc:`` URL of the sound file ``name`` (a value of :data:`SOUND_FILES`)."""
    return QUrl(f"qrc{SOUND_RESOURCE_DIR}/{name}")


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


class QtSoundSink(QObject):
    """Plays the sounds of the Qt resources through QtMultimedia's ``QSoundEffect``: one
    effect per file, loaded by :meth:`load` (or the first :meth:`play`), so that a
    sound starts at once. Without QtMultimedia (not installed, or a library it needs
    missing) or when no audio output can play the files, it is silent: the reason is
    logged once, and nothing is shown to the player."""

    failed = Signal(str)
    """The sink fell silent, with the reason (logged once)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._effects: dict[str, QSoundEffect] = {}
        self._loaded = False
        self._failure = ""

    @property
    def failure(self) -> str:
        """Why the sink is silent ("" while it is not)."""
        return self._failure

    def load(self) -> None:
        """Create one ``QSoundEffect`` per file of :data:`SOUND_FILES` and start loading
        them (in the background; nothing waits). Called once; later calls do nothing."""
        if self._loaded:
            return
        self._loaded = True
        try:
            from PySide6.QtMultimedia import QSoundEffect
        except ImportError as exc:
            self._fail(f"QtMultimedia is not available ({exc})")
            return
        for name in sorted(set(SOUND_FILES.values())):
            effect = QSoundEffect(self)
            effect.statusChanged.connect(self._on_status)
            effect.setSource(sound_url(name))
            self._effects[name] = effect

    def effect(self, name: str) -> QSoundEffect | None:
        """The effect that plays ``name`` once :meth:`load` has run (``None`` without
        QtMultimedia)."""
        self.load()
        return self._effects.get(name)

    def play(self, name: str, volume: float) -> None:
        """Play ``name`` at ``volume`` (0.0–1.0); nothing once the sink has failed."""
        effect = self.effect(name)
        if effect is None or self._failure:
            return
        effect.setVolume(max(0.0, min(1.0, volume)))
        effect.play()

    @Slot()
    def _on_status(self) -> None:
        effect = self.sender()
        from PySide6.QtMultimedia import QSoundEffect

        if isinstance(effect, QSoundEffect) and effect.status() is QSoundEffect.Status.Error:
            self._fail(f"{effect.source().toString()} cannot be played on this machine's "
                       "audio output (none, or no sound server)")

    def _fail(self, reason: str) -> None:
        if self._failure:
            return
        self._failure = reason
        log.info("sound off: %s", reason)
        self.failed.emit(reason)
