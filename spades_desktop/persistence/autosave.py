"""The autosaved game in ``autosave.json`` (docs/architecture.md, Persistence; docs/rules.md §7).

A saved game is not a snapshot of the state but the recipe for it: the
rules, the game number (which fixes every deal, docs/rules.md §6), the bots'
difficulty and the history of bids and cards, plus a digest of the
resulting state. Loading replays the history through the engine and checks
the digest, so a save can never smuggle in a position the rules would not
reach.

The end of a game is written in this order, so that a crash at any point
neither loses the result nor counts it twice: the finished game is saved
(with its game id), its result is counted in the statistics (which remember
the id), and only then is the autosave deleted
(:func:`settle_finished_game`). A finished game found in the autosave at
start is settled the same way by :func:`resume_game`.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from spades_desktop.engine import (
    Action,
    Card,
    GameState,
    Rules,
    Seat,
    Team,
    action_to_str,
    apply_action,
    new_game,
    parse_action,
    parse_card,
    state_digest,
)
from spades_desktop.persistence.atomic import (
    CorruptFileError,
    NewerFormatError,
    read_json,
    set_aside,
    write_json_atomic,
)
from spades_desktop.persistence.notices import Notice, NoticeCode
from spades_desktop.persistence.paths import DataPaths
from spades_desktop.persistence.settings import DIFFICULTIES
from spades_desktop.persistence.stats import Counted, GameFigures, count_result, is_game_id
from spades_desktop.persistence.values import is_whole_number

__all__ = [
    "AUTOSAVE_FORMAT",
    "AUTOSAVE_KIND",
    "RESUME_FAILED_MESSAGE",
    "RESUME_FAILED_NOTICE",
    "GameRecord",
    "ResumeResult",
    "delete_autosave",
    "finished_game_id",
    "load_record",
    "rebuild_game",
    "record_from_state",
    "resume_game",
    "save_record",
    "settle_finished_game",
]

AUTOSAVE_KIND = "spades-desktop-autosave"
AUTOSAVE_FORMAT = 1
RESUME_FAILED_NOTICE = Notice(NoticeCode.AUTOSAVE_SET_ASIDE)
"""What :func:`resume_game` reports when the saved game cannot be used."""
RESUME_FAILED_MESSAGE = RESUME_FAILED_NOTICE.message
"""The English sentence of :data:`RESUME_FAILED_NOTICE` (for logs and tests)."""

log = logging.getLogger(__name__)

_RECORD_KEYS = ("rules", "game_number", "difficulty", "actions", "digest", "deal")


@dataclass(frozen=True)
class GameRecord:
    """A game as stored on disk, in plain JSON-compatible values.

    Fields:
        rules: ``Rules.to_dict()`` output (str keys).
        game_number: the game number, ≥ 0 (fixes the deals, docs/rules.md §6).
        difficulty: "easy", "normal" or "expert" (docs/rules.md §6).
        actions: every bid and card so far, oldest first, as ``action_to_str`` text.
        digest: ``state_digest`` of the state after ``actions``; non-empty.
        deal: None, or a fixed first-hand deal as 4 tuples of card text
            (e.g. "QS") in seat order South, West, North, East.
        game_id: None, or the game's id (1 to 80 letters, digits, ``_`` or ``-``),
            which the statistics remember so that the game is counted only once.
        hints: the hints used so far in this game, ≥ 0 (counted in the statistics
            when the game ends or is abandoned).

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

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict: ``rules, game_number, difficulty, actions, digest, deal,
        game_id, hints``."""
        return {
            "rules": dict(self.rules),
            "game_number": self.game_number,
            "difficulty": self.difficulty,
            "actions": list(self.actions),
            "digest": self.digest,
            "deal": None if self.deal is None else [list(hand) for hand in self.deal],
            "game_id": self.game_id,
            "hints": self.hints,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameRecord:
        """Inverse of :meth:`to_dict`; extra keys are ignored, and ``game_id`` and
        ``hints`` may be missing (saves of older versions have none; no hint then).

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
        )


def save_record(paths: DataPaths, record: GameRecord) -> None:
    """Write ``record`` atomically to ``paths.autosave_file``.

    File shape: ``{"kind": AUTOSAVE_KIND, "format": 1, **record.to_dict()}``.

    Raises:
        OSError: the file cannot be written (the old file is unchanged).
    """
    write_json_atomic(
        paths.autosave_file,
        {"kind": AUTOSAVE_KIND, "format": AUTOSAVE_FORMAT, **record.to_dict()},
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


def _deal_to_text(
    deal: Mapping[Seat, Sequence[Card]] | None,
) -> tuple[tuple[str, ...], ...] | None:
    if deal is None:
        return None
    if set(deal) != set(Seat):
        raise ValueError("A deal must give cards to each of the four seats.")
    return tuple(tuple(str(card) for card in deal[seat]) for seat in Seat)


def _deal_from_text(
    deal: tuple[tuple[str, ...], ...] | None,
) -> dict[Seat, tuple[Card, ...]] | None:
    if deal is None:
        return None
    return {seat: tuple(parse_card(text) for text in deal[seat]) for seat in Seat}


def rebuild_game(
    rules: Mapping[str, object],
    game_number: int,
    actions: Sequence[str],
    deal: Sequence[Sequence[str]] | None = None,
) -> tuple[GameState, tuple[Action, ...], dict[Seat, tuple[Card, ...]] | None]:
    """Replay a game kept as text through the engine (docs/rules.md §2–§6).

    ``rules`` is ``Rules.to_dict()`` output, ``game_number`` fixes the deals, ``actions``
    are ``action_to_str`` texts, oldest first, and ``deal`` is None or a fixed first-hand
    deal as 4 lists of card text in seat order South, West, North, East. Returns the
    position reached, the parsed actions and the parsed deal.

    Raises:
        ValueError: anything the engine refuses, in one sentence: bad rules, a bad game
            number or deal, unparsable action text, or an action the rules do not allow
            at that point (the sentence names the action by its place, from 1, and text).
    """
    odd = (ValueError, TypeError, KeyError, IndexError, OverflowError, AttributeError)
    try:
        parsed_rules = Rules.from_dict(rules)
        cards = _deal_from_text(None if deal is None else tuple(tuple(h) for h in deal))
        state = new_game(parsed_rules, game_number, cards)
    except odd as exc:
        # odd data reaching the engine is refused, never allowed to stop the app
        raise ValueError(f"The game cannot be set up ({exc}).") from exc
    parsed: list[Action] = []
    for place, text in enumerate(actions, start=1):
        try:
            action = parse_action(text)
            state = apply_action(state, action)
        except odd as exc:  # IllegalActionError is a ValueError
            raise ValueError(f"Action {place} ({text!s:.20}) is not allowed: {exc}") from exc
        parsed.append(action)
    return state, tuple(parsed), cards


def record_from_state(
    state: GameState,
    difficulty: str,
    actions: Sequence[Action],
    deal: Mapping[Seat, Sequence[Card]] | None = None,
    game_id: str | None = None,
    hints: int = 0,
) -> GameRecord:
    """Build the record for ``state``, reached by ``actions`` from the game's start.

    ``state.rules`` and ``state.game_number`` give the rules and game number;
    ``actions`` are all bids and cards so far, oldest first; ``deal`` is the
    fixed first-hand deal that ``replay`` was given, or None; ``game_id`` the
    game's id (see :class:`GameRecord`), or None; ``hints`` the hints used so far. The caller
    guarantees that ``replay(state.rules, state.game_number, actions, deal)
    == state``; :func:`resume_game` checks it through the digest.

    Raises:
        ValueError: unknown difficulty, a deal not covering all four seats, or a
            bad game id or hint count.
    """
    return GameRecord(
        rules=state.rules.to_dict(),
        game_number=state.game_number,
        difficulty=difficulty,
        actions=tuple(action_to_str(a) for a in actions),
        digest=state_digest(state),
        deal=_deal_to_text(deal),
        game_id=game_id,
        hints=hints,
    )


def finished_game_id(record: GameRecord) -> str:
    """The id under which the finished game of ``record`` is counted: its
    ``game_id``, or for a save without one ``g<game number>-<digest>`` (one finished
    position, one id)."""
    if record.game_id is not None:
        return record.game_id
    return f"g{record.game_number}-{record.digest}"[:80]


def settle_finished_game(
    paths: DataPaths, state: GameState, difficulty: str, game_id: str, hints: int = 0
) -> Counted:
    """Count the finished game ``state`` in the statistics, then delete the autosave.

    The result counts for the human's team, North–South (docs/rules.md §1): its final
    score against East–West's, won, lost or drawn per ``state.result``, with the
    per-hand figures of ``state.hand_records``
    (:meth:`~spades_desktop.persistence.stats.GameFigures.from_records`) and the
    ``hints`` used in the game. The
    statistics remember ``game_id``, so settling the same game again (after a crash
    before the autosave was deleted) does not count it again. Call it after the
    finished game has been saved with ``game_id`` (or the save is already gone): a
    crash before the statistics are written leaves the finished game in the autosave,
    and :func:`resume_game` settles it at the next start.

    Returns what the counting did (:class:`~spades_desktop.persistence.stats.Counted`:
    the statistics, whether the game was added, and the notice when an unreadable
    statistics file was set aside).

    An autosave that cannot be deleted stays: the game is counted already, so
    settling it again at the next start only deletes it.

    Raises:
        ValueError: ``state`` is not finished, or a bad difficulty, game id or hint
            count (nothing is written).
        OSError: the statistics could not be written; the autosave stays in place.
    """
    result = state.result
    if result is None:
        raise ValueError("Only a finished game can be settled.")
    ns, ew = result.scores[Team.NS], result.scores[Team.EW]
    won = None if result.winner is None else result.winner == Team.NS
    counted = count_result(paths, difficulty, ns, ew, won, game_id,
                           figures=GameFigures.from_records(state.hand_records), hints=hints)
    with contextlib.suppress(OSError):
        delete_autosave(paths)
    return counted


@dataclass(frozen=True)
class ResumeResult:
    """What :func:`resume_game` found.

    Fields:
        state: the resumed game, or None (no save, a finished game, or a
            save that could not be used).
        difficulty: the bots' difficulty for the resumed game, or None.
        actions: the engine actions leading to ``state`` (empty if None).
        deal: the fixed first-hand deal the game was replayed with, or None.
        notice: what to tell the player (:data:`RESUME_FAILED_NOTICE`), or None
            when there is nothing to say.
        game_id: the resumed game's id, or None (none saved, or no game).
        settled: for a finished game found in the autosave, what counting it did
            (see :func:`settle_finished_game`); else None.
        hints: the hints used so far in the resumed game (0 when none).
    """

    state: GameState | None = None
    difficulty: str | None = None
    actions: tuple[Action, ...] = ()
    deal: Mapping[Seat, tuple[Card, ...]] | None = None
    notice: Notice | None = None
    game_id: str | None = None
    settled: Counted | None = None
    hints: int = 0

    @property
    def message(self) -> str | None:
        """The notice as one English sentence (``notice.message``), or None."""
        return None if self.notice is None else self.notice.message


def _discard(paths: DataPaths) -> ResumeResult:
    set_aside(paths.autosave_file)
    return ResumeResult(notice=RESUME_FAILED_NOTICE)


def resume_game(paths: DataPaths) -> ResumeResult:
    """Load the autosave and replay it through the engine.

    * No autosave: an empty result (state None, notice None).
    * A finished game (``state.is_terminal``): kept among the recent games when its
      file is missing (a crash before it was written), then settled by
      :func:`settle_finished_game` under :func:`finished_game_id` (counted in the
      statistics unless it was counted already, then the autosave is deleted);
      ``settled`` says what it did, None when the statistics could not be written
      (the autosave then stays, to be settled at the next start).
    * A save written by a newer version (a higher ``format``): the file is
      renamed, unchanged, to ``autosave.json.newer-<time>`` (so that no save
      overwrites it) and ``notice`` has code ``AUTOSAVE_NEWER``, naming where the
      file is now.
    * A corrupt file, anything but a regular file (a folder, a FIFO: never opened
      for reading), bad rules, unparsable action or card text, an action the
      engine refuses (``IllegalActionError``/``ValueError``) or a state whose
      digest differs from the saved one: the file is renamed to
      ``autosave.json.corrupt-<time>`` and ``notice`` is
      :data:`RESUME_FAILED_NOTICE` (code ``AUTOSAVE_SET_ASIDE``).
    * Otherwise: state, difficulty, actions and deal of the saved game.

    Raises nothing for bad content: a saved game never stops the app.
    """
    try:
        record = load_record(paths)
    except NewerFormatError:
        kept = set_aside(paths.autosave_file, label="newer") or paths.autosave_file
        return ResumeResult(notice=Notice(NoticeCode.AUTOSAVE_NEWER, file=kept))
    except CorruptFileError:
        return _discard(paths)
    if record is None:
        return ResumeResult()
    try:
        state, actions, deal = rebuild_game(
            record.rules, record.game_number, record.actions, record.deal)
        digest = state_digest(state)
    except ValueError:
        return _discard(paths)
    except (ArithmeticError, LookupError, AttributeError, RecursionError, MemoryError):
        # Not expected from any input the checks above let through; should the engine
        # ever fail on one, the save is set aside rather than the start stopped.
        log.exception("the saved game %s could not be replayed", paths.autosave_file)
        return _discard(paths)
    if digest != record.digest:
        return _discard(paths)
    if state.is_terminal:
        # a crash after the finished game's autosave and before its recent-game file:
        # keep it now (recent_games imports this module, hence the late import)
        from spades_desktop.persistence import recent_games

        game_id = finished_game_id(record)
        if record.game_id is not None and not recent_games.is_kept(paths, game_id):
            with contextlib.suppress(OSError, ValueError):
                recent_games.save_game(paths, recent_games.game_from_state(
                    state, record.difficulty, actions, game_id=game_id, deal=deal))
        try:
            settled = settle_finished_game(
                paths, state, record.difficulty, finished_game_id(record), record.hints)
        except (OSError, ValueError):
            return ResumeResult()
        return ResumeResult(settled=settled)
    return ResumeResult(
        state=state, difficulty=record.difficulty, actions=actions, deal=deal, notice=None,
        game_id=record.game_id, hints=record.hints,
    )
