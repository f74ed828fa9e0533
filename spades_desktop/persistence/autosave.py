"""The autosaved game in ``autosave.json`` (docs/architecture.md, Persistence; docs/rules.md §7).

A saved game is not a snapshot of the state but the recipe for it: the
rules, the game number (which fixes every deal, docs/rules.md §6), the bots'
difficulty and the history of bids and cards, plus a digest of the
resulting state. Loading replays the history through the engine and checks
the digest, so a save can never smuggle in a position the rules would not
reach. Each format has its digest formula (:func:`digest_of`): format 2
:func:`~spades_desktop.engine.state_digest`, format 1
:func:`~spades_desktop.engine.legacy_state_digest`.

Resuming the autosave and the end of a game (in an order that survives a crash) are
in :mod:`.lifecycle`; replaying saved actions in :mod:`.replay`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from spades_desktop.engine import (
    Action,
    Card,
    GameState,
    Seat,
    action_to_str,
    legacy_state_digest,
    state_digest,
)
from spades_desktop.persistence.atomic import (
    CorruptFileError,
    read_json,
    write_json_atomic,
)
from spades_desktop.persistence.notices import Notice, NoticeCode
from spades_desktop.persistence.paths import DataPaths
from spades_desktop.persistence.replay import deal_to_text
from spades_desktop.persistence.settings import DIFFICULTIES
from spades_desktop.persistence.stats import is_game_id
from spades_desktop.persistence.values import is_whole_number

__all__ = [
    "AUTOSAVE_FORMAT",
    "AUTOSAVE_KIND",
    "RESUME_FAILED_MESSAGE",
    "RESUME_FAILED_NOTICE",
    "GameRecord",
    "delete_autosave",
    "digest_of",
    "finished_game_id",
    "load_record",
    "record_from_state",
    "save_record",
]

AUTOSAVE_KIND = "spades-desktop-autosave"
AUTOSAVE_FORMAT = 2
"""The format this version writes; it reads formats 1 and 2 (:data:`_DIGESTS`)."""
_DIGESTS: dict[int, Callable[[GameState], str]] = {
    1: legacy_state_digest,
    2: state_digest,
}
"""Format → the digest formula of its saves (format 1: the finished hands' scores and the
result as their classes printed them; format 2: as numbers and names, field by field)."""
RESUME_FAILED_NOTICE = Notice(NoticeCode.AUTOSAVE_SET_ASIDE)
"""What :func:`resume_game` reports when the saved game cannot be used."""
RESUME_FAILED_MESSAGE = RESUME_FAILED_NOTICE.message
"""The English sentence of :data:`RESUME_FAILED_NOTICE` (for logs and tests)."""


_RECORD_KEYS = ("rules", "game_number", "difficulty", "actions", "digest", "deal")


@dataclass(frozen=True)
class GameRecord:
    """A game as stored on disk, in plain JSON-compatible values.

    Fields:
        rules: ``Rules.to_dict()`` output (str keys).
        game_number: the game number, ≥ 0 (fixes the deals, docs/rules.md §6).
        difficulty: "easy", "normal" or "expert" (docs/rules.md §6).
        actions: every bid and card so far, oldest first, as ``action_to_str`` text.
        digest: the digest of the state after ``actions`` by the formula of
            ``save_format`` (:func:`digest_of`); non-empty.
        deal: None, or a fixed first-hand deal as 4 tuples of card text
            (e.g. "QS") in seat order South, West, North, East.
        game_id: None, or the game's id (1 to 80 letters, digits, ``_`` or ``-``),
            which the statistics remember so that the game is counted only once.
        hints: the hints used so far in this game, ≥ 0 (counted in the statistics
            when the game ends or is abandoned).
        practice: True once Undo has been used in this game (docs/rules.md §7): a
            practice game, counted apart in the statistics and earning no ranking
            points. A save without the key (an older version's) is not one.
        save_format: the file's format, 1 to :data:`AUTOSAVE_FORMAT` (a record
            written now: the newest); it fixes the digest's formula and is written back.

    Raises:
        ValueError: a field has a wrong type or value (one sentence says which).
            Engine-level validity (legal actions, valid rules) is checked by
            :func:`resume_game`, not here.
    """

    rules: dict[str, object]
    game_number: int
    difficulty: str
    actions: tuple[str, ...]
    digest: str
    deal: tuple[tuple[str, ...], ...] | None = None
    game_id: str | None = None
    hints: int = 0
    save_format: int = AUTOSAVE_FORMAT
    practice: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.rules, dict) or not all(isinstance(k, str) for k in self.rules):
            raise ValueError("The rules must be an object with text keys.")
        if not is_whole_number(self.game_number) or self.game_number < 0:
            raise ValueError(
                f"The game number must be a whole number of at least 0, not {self.game_number!r}."
            )
        if self.difficulty not in DIFFICULTIES:
            raise ValueError(
                f"The difficulty must be one of {', '.join(DIFFICULTIES)}, "
                f"not {self.difficulty!r}."
            )
        if not isinstance(self.actions, tuple) or not all(
            isinstance(a, str) for a in self.actions
        ):
            raise ValueError("The actions must be a list of text entries.")
        if not isinstance(self.digest, str) or not self.digest:
            raise ValueError("The state digest must be non-empty text.")
        if self.deal is not None and (
            not isinstance(self.deal, tuple)
            or len(self.deal) != len(Seat)
            or not all(
                isinstance(hand, tuple) and all(isinstance(c, str) for c in hand)
                for hand in self.deal
            )
        ):
            raise ValueError("The deal must be four lists of card names.")
        if self.game_id is not None and not is_game_id(self.game_id):
            raise ValueError("The game id must be 1 to 80 letters, digits, '_' or '-'.")
        if not is_whole_number(self.hints) or self.hints < 0:
            raise ValueError(
                f"The hints used must be a whole number of at least 0, not {self.hints!r}.")
        if not isinstance(self.practice, bool):
            raise ValueError(f"'practice' must be true or false, not {self.practice!r}.")
        _formula(self.save_format)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict: ``rules, game_number, difficulty, actions, digest, deal,
        game_id, hints, practice``."""
        return {
            "rules": dict(self.rules),
            "game_number": self.game_number,
            "difficulty": self.difficulty,
            "actions": list(self.actions),
            "digest": self.digest,
            "deal": None if self.deal is None else [list(hand) for hand in self.deal],
            "game_id": self.game_id,
            "hints": self.hints,
            "practice": self.practice,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameRecord:
        """Inverse of :meth:`to_dict`; extra keys are ignored, and ``game_id``,
        ``hints`` and ``practice`` may be missing (saves of older versions have none;
        no hint then, and not a practice game).
        ``format`` (the file's, as :func:`load_record` passes it) gives ``save_format``;
        without it the record is of :data:`AUTOSAVE_FORMAT`.

        Raises:
            ValueError: a missing key or a bad value.
        """
        missing = [k for k in _RECORD_KEYS if k not in data]
        if missing:
            raise ValueError(f"The saved game lacks {', '.join(missing)}.")
        actions = data["actions"]
        if not isinstance(actions, list):
            raise ValueError("The actions must be a list of text entries.")
        deal = data["deal"]
        if deal is not None:
            if not isinstance(deal, list) or not all(isinstance(h, list) for h in deal):
                raise ValueError("The deal must be four lists of card names.")
            deal = tuple(tuple(hand) for hand in deal)
        return cls(
            rules=data["rules"],
            game_number=data["game_number"],
            difficulty=data["difficulty"],
            actions=tuple(actions),
            digest=data["digest"],
            deal=deal,
            game_id=data.get("game_id"),
            hints=data.get("hints", 0),
            save_format=data.get("format", AUTOSAVE_FORMAT),
            practice=data.get("practice", False),
        )


def save_record(paths: DataPaths, record: GameRecord) -> None:
    """Write ``record`` atomically to ``paths.autosave_file``.

    File shape: ``{"kind": AUTOSAVE_KIND, "format": record.save_format,
    **record.to_dict()}`` (a record's digest is of its format's formula).

    Raises:
        OSError: the file cannot be written (the old file is unchanged).
    """
    write_json_atomic(
        paths.autosave_file,
        {"kind": AUTOSAVE_KIND, "format": record.save_format, **record.to_dict()},
    )


def load_record(paths: DataPaths) -> GameRecord | None:
    """Read ``paths.autosave_file`` without replaying it.

    Returns None when there is no file. Leaves the file in place in every case.

    Raises:
        NewerFormatError: the file was written by a newer version (a
            :class:`CorruptFileError` too).
        CorruptFileError: unreadable or invalid JSON, not a regular file,
            foreign kind, missing keys or wrong types (for example a negative
            game number); the message is one sentence.
    """
    try:
        data = read_json(paths.autosave_file, AUTOSAVE_KIND, AUTOSAVE_FORMAT)
    except FileNotFoundError:
        return None
    try:
        return GameRecord.from_dict(data)
    except (ValueError, TypeError) as exc:
        raise CorruptFileError(f"The saved game {paths.autosave_file} is invalid: {exc}") from exc


def delete_autosave(paths: DataPaths) -> None:
    """Remove ``paths.autosave_file``; no error when it does not exist.

    Raises:
        OSError: the file exists but cannot be removed.
    """
    paths.autosave_file.unlink(missing_ok=True)


def record_from_state(
    state: GameState,
    difficulty: str,
    actions: Sequence[Action],
    deal: Mapping[Seat, Sequence[Card]] | None = None,
    game_id: str | None = None,
    hints: int = 0,
    practice: bool = False,
) -> GameRecord:
    """Build the record for ``state``, reached by ``actions`` from the game's start.

    ``state.rules`` and ``state.game_number`` give the rules and game number;
    ``actions`` are all bids and cards so far, oldest first; ``deal`` is the
    fixed first-hand deal that ``replay`` was given, or None; ``game_id`` the
    game's id (see :class:`GameRecord`), or None; ``hints`` the hints used so far;
    ``practice`` whether Undo has been used in the game (docs/rules.md §7). The caller
    guarantees that ``replay(state.rules, state.game_number, actions, deal)
    == state``; :func:`resume_game` checks it through the digest.

    Raises:
        ValueError: unknown difficulty, a deal not covering all four seats, or a
            bad game id or hint count, or a ``practice`` that is not a bool.
    """
    return GameRecord(
        rules=state.rules.to_dict(),
        game_number=state.game_number,
        difficulty=difficulty,
        actions=tuple(action_to_str(a) for a in actions),
        digest=state_digest(state),
        deal=deal_to_text(deal),
        game_id=game_id,
        hints=hints,
        practice=practice,
    )


def digest_of(state: GameState, save_format: int) -> str:
    """The digest of ``state`` by the formula of autosave format ``save_format`` (1 to
    :data:`AUTOSAVE_FORMAT`), to compare with a save's. Raises ``ValueError`` for another
    format."""
    return _formula(save_format)(state)


def _formula(save_format: object) -> Callable[[GameState], str]:
    """The digest formula of ``save_format``; ``ValueError`` unless it is 1 to
    :data:`AUTOSAVE_FORMAT`."""
    if not is_whole_number(save_format) or save_format not in _DIGESTS:
        raise ValueError(f"The save format must be 1 to {AUTOSAVE_FORMAT}, not "
                         f"{save_format!r}.")
    return _DIGESTS[save_format]


def finished_game_id(record: GameRecord) -> str:
    """The id under which the finished game of ``record`` is counted: its
    ``game_id``, or for a save without one ``g<game number>-<digest>`` (one finished
    position, one id)."""
    if record.game_id is not None:
        return record.game_id
    return f"g{record.game_number}-{record.digest}"[:80]
