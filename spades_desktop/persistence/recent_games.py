"""Recent games: every finished or abandoned game, kept as one file in the data folder's
``games`` folder (docs/architecture.md, Persistence; docs/rules.md §6, §7).

A game file is, like the autosave, the recipe of a game rather than a snapshot: the
rules, the game number (which fixes every deal, docs/rules.md §6), the bots' difficulty, a fixed
first deal if there was one and every bid and card as text
(:func:`~spades_desktop.engine.action_to_str`), plus the result (the final scores and
winner, or "abandoned" with the scores reached) and the dates, ISO-8601 in UTC. Reading
one replays every action through the engine
(:func:`~spades_desktop.persistence.replay.rebuild_game`) and checks that the actions
reach the result written, so neither a damaged file in the folder nor an imported one
can show a game the rules would not reach.

Files are named ``<finished, YYYYmmddTHHMMSSZ>-<game id>.json``; a game saved again
(the same id) replaces its file, and only the newest :data:`RECENT_GAMES_KEPT` files
stay. Pure Python, no Qt.
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from spades_desktop.engine import (
    MAX_GAME_NUMBER,
    Action,
    Card,
    GameState,
    HandRecord,
    Rules,
    Seat,
    Team,
    action_to_str,
    preset_of,
)
from spades_desktop.levels import LEVELS
from spades_desktop.persistence.atomic import (
    CorruptFileError,
    NewerFormatError,
    TooLargeFileError,
    UnreadableFileError,
    read_json,
    set_aside,
    write_json_atomic,
)
from spades_desktop.persistence.notices import Notice, NoticeCode
from spades_desktop.persistence.paths import GAME_FILE_NAME as _FILE_NAME
from spades_desktop.persistence.paths import DataPaths
from spades_desktop.persistence.replay import rebuild_game
from spades_desktop.persistence.stats import MAX_COUNT, MAX_HAND_POINTS, is_game_id
from spades_desktop.persistence.values import is_whole_number

__all__ = [
    "EARLIEST_DATE",
    "GAME_FILE_FORMAT",
    "GAME_FILE_KIND",
    "OUTCOMES",
    "RECENT_GAMES_KEPT",
    "GameFile",
    "GameFileError",
    "DateOutOfRangeError",
    "ReplayedGame",
    "export_game",
    "game_from_state",
    "import_game",
    "keep_import",
    "list_games",
    "remove_game",
    "replay_game",
    "save_game",
]

GAME_FILE_KIND = "spades-desktop-game"
GAME_FILE_FORMAT = 1

RECENT_GAMES_KEPT = 200
"""How many recent games the ``games`` folder keeps (the newest by finishing date)."""

OUTCOMES = ("won", "lost", "drawn", "abandoned")
"""A game's outcome for the human's team, North–South (docs/rules.md §1):
:attr:`GameFile.outcome`."""

log = logging.getLogger(__name__)

_TEAMS = {"NS": Team.NS, "EW": Team.EW}
_STAMP = "%Y%m%dT%H%M%SZ"


EARLIEST_DATE = datetime(2000, 1, 1, tzinfo=timezone.utc)
"""No game file is dated before this (UTC); the latest date allowed is one day after now
(a clock set a little wrong is forgiven)."""


class DateOutOfRangeError(ValueError):
    """A game file's date is before :data:`EARLIEST_DATE` or more than a day after now:
    no game played with Spades Desktop has it."""


def _utc(text: object, name: str) -> datetime:
    """``text`` as an aware UTC datetime; ValueError unless ISO-8601 with a time zone
    and within the years 1 to 9999 once in UTC."""
    if not isinstance(text, str):
        raise ValueError(f"The {name} date must be ISO-8601 text.")
    try:
        moment = datetime.fromisoformat(text)
    except ValueError as exc:
        raise ValueError(f"The {name} date {text!r} is not ISO-8601.") from exc
    if moment.tzinfo is None:
        raise ValueError(f"The {name} date {text!r} has no time zone.")
    try:
        return moment.astimezone(timezone.utc)
    except OverflowError as exc:  # 9999-12-31T23:00-05:00 is past the year 9999 in UTC
        raise DateOutOfRangeError(f"The {name} date {text!r} is out of range.") from exc


def _checked_utc(text: object, name: str) -> datetime:
    """:func:`_utc`, and DateOutOfRangeError unless from :data:`EARLIEST_DATE` to one day
    after now."""
    moment = _utc(text, name)
    latest = datetime.now(timezone.utc) + timedelta(days=1)
    if not EARLIEST_DATE <= moment <= latest:
        raise DateOutOfRangeError(
            f"The {name} date {text!r} is not between 2000-01-01 and tomorrow.")
    return moment


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class GameFileError(Exception):
    """A game file cannot be imported or exported; ``notice`` (also ``code``) says why
    (a code of :data:`~spades_desktop.persistence.notices.IMPORT_REFUSALS` naming the
    file chosen, or ``EXPORT_FAILED``). ``str(error)`` is :attr:`Notice.message`, one
    English sentence."""

    def __init__(self, notice: Notice, kept: GameFile | None = None,
                 detail: str = "") -> None:
        super().__init__(notice.message)
        self.notice = notice
        self.kept = kept
        """For ``IMPORT_ALREADY_KEPT``: the game already kept (its date, difficulty and
        result are what the player knows it by); else None."""
        self.detail = detail
        """What exactly is wrong, in English, for the log (e.g. "Action 6 (bid 3) is not
        allowed: …"); "" when the notice says it all."""

    @property
    def code(self) -> NoticeCode:
        """What is wrong (see :class:`~spades_desktop.persistence.notices.NoticeCode`)."""
        return self.notice.code


@dataclass(frozen=True)
class GameFile:
    """One finished or abandoned game, in plain JSON-compatible values.

    Fields:
        game_id: the game's id (1 to 80 letters, digits, ``_`` or ``-``; the controller's
            ``game_id``), which names its file.
        rules: ``Rules.to_dict()`` output.
        game_number: 0 to ``MAX_GAME_NUMBER``; fixes every deal (docs/rules.md §6).
        difficulty: a level of :data:`spades_desktop.levels.LEVELS`.
        actions: every bid and card, oldest first, as ``action_to_str`` text.
        abandoned: True for a game left before its end (a new game was started).
        winner: "NS", "EW" or None (a draw, or an abandoned game).
        scores: the team scores (North–South, East–West) in game points: final, or
            reached when the game was abandoned; each within ±``MAX_HAND_POINTS`` per
            hand played, plus one hand.
        hands_played: hands completed, 0 to ``MAX_COUNT``.
        finished: when the game ended or was abandoned, ISO-8601 with a time zone
            (written in UTC), from :data:`EARLIEST_DATE` to one day after now.
        started: when it started, likewise, or None (not known: a game resumed from the
            autosave).
        deal: None, or a fixed first-hand deal as 4 tuples of card text in seat order
            South, West, North, East.
        practice: True for a practice game, one in which Undo was used (docs/rules.md
            §7); a file without the key (an older version's) is not one.

    Raises:
        DateOutOfRangeError: a date out of range (a ValueError).
        ValueError: a field has a wrong type or value (one sentence says which). Whether
            the actions follow the rules and reach the result is checked by
            :func:`replay_game`.
    """

    game_id: str
    rules: dict[str, object]
    game_number: int
    difficulty: str
    actions: tuple[str, ...]
    abandoned: bool
    winner: str | None
    scores: tuple[int, int]
    hands_played: int
    finished: str
    started: str | None = None
    deal: tuple[tuple[str, ...], ...] | None = None
    practice: bool = False

    def __post_init__(self) -> None:
        if not is_game_id(self.game_id):
            raise ValueError("The game id must be 1 to 80 letters, digits, '_' or '-'.")
        if not isinstance(self.rules, dict) or not all(isinstance(k, str) for k in self.rules):
            raise ValueError("The rules must be an object with text keys.")
        if not is_whole_number(self.game_number) or not 0 <= self.game_number <= MAX_GAME_NUMBER:
            raise ValueError(f"The game number must be a whole number from 0 to "
                             f"{MAX_GAME_NUMBER}, not {self.game_number!r}.")
        if self.difficulty not in LEVELS:
            raise ValueError(
                f"The difficulty must be one of {', '.join(LEVELS)}, not {self.difficulty!r}.")
        if not isinstance(self.actions, tuple) or not all(
                isinstance(a, str) for a in self.actions):
            raise ValueError("The actions must be a list of text entries.")
        if not isinstance(self.abandoned, bool):
            raise ValueError("'abandoned' must be true or false.")
        if self.winner is not None and self.winner not in _TEAMS:
            raise ValueError(f"The winner must be NS, EW or null, not {self.winner!r}.")
        if self.abandoned and self.winner is not None:
            raise ValueError("An abandoned game has no winner.")
        if not is_whole_number(self.hands_played) or not 0 <= self.hands_played <= MAX_COUNT:
            raise ValueError(
                f"The hands played must be a whole number from 0 to {MAX_COUNT}.")
        if (not isinstance(self.scores, tuple) or len(self.scores) != 2
                or not all(is_whole_number(s) for s in self.scores)):
            raise ValueError("The scores must be two whole numbers.")
        most = MAX_HAND_POINTS * (self.hands_played + 1)
        if not all(abs(s) <= most for s in self.scores):
            raise ValueError(f"No game of {self.hands_played} hands reaches the scores "
                             f"{self.scores[0]} to {self.scores[1]}.")
        _checked_utc(self.finished, "finishing")
        if self.started is not None:
            _checked_utc(self.started, "starting")
        if self.deal is not None and (
            not isinstance(self.deal, tuple)
            or len(self.deal) != len(Seat)
            or not all(isinstance(hand, tuple) and all(isinstance(c, str) for c in hand)
                       for hand in self.deal)
        ):
            raise ValueError("The deal must be four lists of card names.")
        if not isinstance(self.practice, bool):
            raise ValueError("'practice' must be true or false.")

    def same_play(self, other: GameFile) -> bool:
        """True when ``other`` is the same game played, whatever its id and dates: the
        same rules, game number, fixed deal and actions (so the same result)."""
        return (self.game_number == other.game_number and self.rules == other.rules
                and self.deal == other.deal and self.actions == other.actions)

    @property
    def outcome(self) -> str:
        """For the human's team, North–South (docs/rules.md §1): "won", "lost", "drawn" or
        "abandoned" (one of :data:`OUTCOMES`)."""
        if self.abandoned:
            return "abandoned"
        if self.winner is None:
            return "drawn"
        return "won" if self.winner == "NS" else "lost"

    @property
    def finished_at(self) -> datetime:
        """:attr:`finished` as an aware datetime in UTC."""
        return _utc(self.finished, "finishing")

    @property
    def started_at(self) -> datetime | None:
        """:attr:`started` as an aware datetime in UTC, or None."""
        return None if self.started is None else _utc(self.started, "starting")

    @property
    def file_name(self) -> str:
        """The file's name in the ``games`` folder: ``<finished>-<game id>.json``, the
        finishing time as ``YYYYmmddTHHMMSSZ`` (UTC), so that names sort by date."""
        return f"{self.finished_at.strftime(_STAMP)}-{self.game_id}.json"

    def to_dict(self) -> dict[str, Any]:
        """The file's JSON object: ``kind``, ``format``, ``game_id``, ``rules``,
        ``game_number``, ``difficulty``, ``deal``, ``actions``, ``result`` (``status``
        "finished" or "abandoned", ``winner`` "NS"/"EW"/null, ``scores`` {"NS", "EW"},
        ``hands_played``), ``started``, ``finished``, ``practice``."""
        return {
            "kind": GAME_FILE_KIND,
            "format": GAME_FILE_FORMAT,
            "game_id": self.game_id,
            "rules": dict(self.rules),
            "game_number": self.game_number,
            "difficulty": self.difficulty,
            "deal": None if self.deal is None else [list(hand) for hand in self.deal],
            "actions": list(self.actions),
            "result": {
                "status": "abandoned" if self.abandoned else "finished",
                "winner": self.winner,
                "scores": {"NS": self.scores[0], "EW": self.scores[1]},
                "hands_played": self.hands_played,
            },
            "started": self.started,
            "finished": self.finished,
            "practice": self.practice,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameFile:
        """Inverse of :meth:`to_dict` (``kind`` and ``format`` are checked by the reader
        and ignored here, as are unknown keys; without ``practice`` the game is not a
        practice game).

        Raises:
            ValueError: a missing key or a bad value.
        """
        keys = ("game_id", "rules", "game_number", "difficulty", "actions", "result",
                "finished")
        missing = [k for k in keys if k not in data]
        if missing:
            raise ValueError(f"The game lacks {', '.join(missing)}.")
        result = data["result"]
        if not isinstance(result, dict) or result.get("status") not in ("finished",
                                                                        "abandoned"):
            raise ValueError("The result must say whether the game was finished or "
                             "abandoned.")
        scores = result.get("scores")
        if not isinstance(scores, dict) or set(scores) != set(_TEAMS):
            raise ValueError("The result must give the scores of NS and EW.")
        actions = data["actions"]
        if not isinstance(actions, list):
            raise ValueError("The actions must be a list of text entries.")
        deal = data.get("deal")
        if deal is not None:
            if not isinstance(deal, list) or not all(isinstance(h, list) for h in deal):
                raise ValueError("The deal must be four lists of card names.")
            deal = tuple(tuple(hand) for hand in deal)
        return cls(
            game_id=data["game_id"],
            rules=data["rules"],
            game_number=data["game_number"],
            difficulty=data["difficulty"],
            actions=tuple(actions),
            abandoned=result["status"] == "abandoned",
            winner=result.get("winner"),
            scores=(scores["NS"], scores["EW"]),
            hands_played=result.get("hands_played", -1),
            finished=data["finished"],
            started=data.get("started"),
            deal=deal,
            practice=data.get("practice", False),
        )


@dataclass(frozen=True)
class ReplayedGame:
    """A game file replayed through the engine (:func:`replay_game`).

    Fields:
        game: the file.
        state: the position its actions reach (terminal unless abandoned).
        actions: the engine actions, oldest first.
        deal: the fixed first deal it was replayed with, or None.
    """

    game: GameFile
    state: GameState
    actions: tuple[Action, ...]
    deal: Mapping[Seat, tuple[Card, ...]] | None = None

    @property
    def rules(self) -> Rules:
        """The game's rules."""
        return self.state.rules

    @property
    def preset(self) -> str:
        """The preset of the house rules the game was played under (a key of
        ``engine.PRESETS``, or ``engine.CUSTOM_PRESET`` for others; ``engine.preset_of``)."""
        return preset_of(self.state.rules)

    @property
    def hand_records(self) -> tuple[HandRecord, ...]:
        """The record of each completed hand, in order (what the review shows)."""
        return self.state.hand_records


def replay_game(game: GameFile) -> ReplayedGame:
    """Replay ``game`` through the engine and check it reaches the result it states.

    Raises:
        ValueError: bad rules or deal, action text that is no action, an action the
            rules do not allow at that point, or a result other than the one the actions
            reach (an abandoned game that is over, a finished one that is not, other
            scores, winner or hands played). One sentence says which.
    """
    state, actions, deal = rebuild_game(game.rules, game.game_number, game.actions,
                                        game.deal)
    if game.abandoned and state.is_terminal:
        raise ValueError("The game is over, yet the file says it was abandoned.")
    result = state.result
    if not game.abandoned:
        if result is None:
            raise ValueError("The game is not over, yet the file gives its final result.")
        winner = None if result.winner is None else result.winner.name
        if winner != game.winner:
            raise ValueError(f"The winner is {winner or 'nobody'}, not "
                             f"{game.winner or 'nobody'}.")
    scores = (state.scores[Team.NS], state.scores[Team.EW])
    if scores != game.scores:
        raise ValueError(f"The scores are {scores[0]} to {scores[1]}, not "
                         f"{game.scores[0]} to {game.scores[1]}.")
    if len(state.hand_records) != game.hands_played:
        raise ValueError(f"{len(state.hand_records)} hands were played, not "
                         f"{game.hands_played}.")
    return ReplayedGame(game, state, actions, deal)


def game_from_state(
    state: GameState,
    difficulty: str,
    actions: Sequence[Action],
    *,
    game_id: str,
    deal: Mapping[Seat, Sequence[Card]] | None = None,
    started: datetime | None = None,
    finished: datetime | None = None,
    practice: bool = False,
) -> GameFile:
    """The game file of ``state``, reached by ``actions`` from the start of its game
    (with the fixed first ``deal``, if any): finished when ``state.is_terminal``, else
    abandoned. ``started``/``finished`` are aware datetimes (``finished`` defaults to
    now); both are written in UTC. ``practice``: Undo was used in the game
    (docs/rules.md §7).

    Raises:
        ValueError: a bad difficulty or game id, a naive datetime, or a deal not covering
            the four seats.
    """
    result = state.result
    for moment in (started, finished):
        if moment is not None and moment.tzinfo is None:
            raise ValueError("The dates must have a time zone.")
    if deal is not None and set(deal) != set(Seat):
        raise ValueError("A deal must give cards to each of the four seats.")
    return GameFile(
        game_id=game_id,
        rules=state.rules.to_dict(),
        game_number=state.game_number,
        difficulty=difficulty,
        actions=tuple(action_to_str(a) for a in actions),
        abandoned=result is None,
        winner=None if result is None or result.winner is None else result.winner.name,
        scores=(state.scores[Team.NS], state.scores[Team.EW]),
        hands_played=len(state.hand_records),
        finished=(_now() if finished is None
                  else finished.astimezone(timezone.utc).isoformat(timespec="seconds")),
        started=(None if started is None
                 else started.astimezone(timezone.utc).isoformat(timespec="seconds")),
        deal=None if deal is None else tuple(tuple(str(c) for c in deal[s]) for s in Seat),
        practice=practice,
    )


def _game_files(folder: Path) -> list[Path]:
    """The game files in ``folder`` (names of :data:`_FILE_NAME`), oldest name first."""
    with os.scandir(folder) as entries:
        names = sorted(entry.name for entry in entries if _FILE_NAME.fullmatch(entry.name))
    return [folder / name for name in names]


def save_game(paths: DataPaths, game: GameFile, keep: int = RECENT_GAMES_KEPT) -> Path:
    """Write ``game`` atomically to ``paths.games_dir`` (created if missing) as
    :attr:`GameFile.file_name`, remove any older file of the same game id, then delete
    all but the newest ``keep`` game files (by name, that is by finishing date).
    Returns the file written.

    Raises:
        ValueError: ``keep`` is below 1 (nothing is written).
        OSError: the folder or the file cannot be written (no game file is removed).
    """
    if not is_whole_number(keep) or keep < 1:
        raise ValueError("At least one recent game must be kept.")
    folder = paths.games_dir
    folder.mkdir(exist_ok=True)
    target = folder / game.file_name
    write_json_atomic(target, game.to_dict())
    files = _game_files(folder)
    stale = [p for p in files if p != target and _id_of(p) == game.game_id]
    kept = [p for p in files if p not in stale]
    for path in stale + kept[:-keep]:
        with contextlib.suppress(OSError):
            path.unlink()
    return target


def remove_game(paths: DataPaths, game_id: str) -> int:
    """Delete the file(s) of the game ``game_id`` from ``paths.games_dir`` (the player
    removes a recent game, e.g. to make room for an import). Returns how many files were
    deleted (0 when none is kept).

    Raises:
        OSError: the folder cannot be listed (other than missing) or a file cannot be
            deleted; the files not yet deleted stay.
    """
    try:
        files = _game_files(paths.games_dir)
    except FileNotFoundError:
        return 0
    removed = 0
    for path in files:
        if _id_of(path) == game_id:
            path.unlink()
            removed += 1
    return removed


def is_kept(paths: DataPaths, game_id: str) -> bool:
    """True when a game file of ``game_id`` is in ``paths.games_dir`` (its name says so;
    the file is not read). False when the folder is missing or unreadable."""
    try:
        return any(_id_of(p) == game_id for p in _game_files(paths.games_dir))
    except OSError:
        return False


def _id_of(path: Path) -> str:
    match = _FILE_NAME.fullmatch(path.name)
    return "" if match is None else match["id"]


def _read_game(path: Path, *, follow_links: bool = False) -> GameFile:
    """Read and check one game file (not replayed); a link is read only with
    ``follow_links`` (see :func:`~spades_desktop.persistence.atomic.read_json`).

    Raises:
        FileNotFoundError, NewerFormatError, CorruptFileError: see
            :func:`~spades_desktop.persistence.atomic.read_json`.
        ValueError: missing keys or bad values (see :meth:`GameFile.from_dict`).
    """
    data = read_json(path, GAME_FILE_KIND, GAME_FILE_FORMAT, follow_links=follow_links)
    try:
        return GameFile.from_dict(data)
    except TypeError as exc:
        raise ValueError(str(exc)) from exc


def list_games(paths: DataPaths, keep: int = RECENT_GAMES_KEPT, *,
               should_stop: Callable[[], bool] | None = None,
               ) -> tuple[list[ReplayedGame], list[Notice]]:
    """The newest ``keep`` recent games in ``paths.games_dir``, newest first (by finishing
    date), each replayed through the engine (:func:`replay_game`), one entry per game id.

    Only the files needed are read: names sort by finishing date, so the newest names are
    read until ``keep`` games are listed (a folder of 5,000 files from a restored backup
    reads about ``keep``; :func:`save_game` prunes the rest).

    Returns ``(games, notices)``. A file that cannot be read, is not a game file, is
    named for another date or game id than its own, or does not replay to the result it
    states is renamed to ``<name>.corrupt-<time>`` and gives a notice with code
    ``RECENT_GAME_SET_ASIDE`` naming where it is now. A file written by a newer version
    is left as it is, unlisted. No folder, or a folder that cannot be listed, gives no
    games. ``should_stop`` (called before each file; e.g. a ``threading.Event``'s
    ``is_set``) ends the reading early with what was read so far. Raises nothing for bad
    content; ValueError for a ``keep`` below 1.
    """
    if not is_whole_number(keep) or keep < 1:
        raise ValueError("At least one recent game must be listed.")
    try:
        files = _game_files(paths.games_dir)
    except OSError:
        return [], []
    games: list[ReplayedGame] = []
    seen: set[str] = set()
    notices: list[Notice] = []
    for path in reversed(files):
        if len(games) >= keep or (should_stop is not None and should_stop()):
            break
        game_id = _id_of(path)
        if game_id in seen:  # an older file of a game listed: save_game removes it
            continue
        try:
            game = _read_game(path)
            if game.file_name != path.name:
                raise ValueError(f"The file is named {path.name}, not {game.file_name}.")
            replayed = replay_game(game)
        except FileNotFoundError:
            continue
        except NewerFormatError:
            continue
        except (CorruptFileError, ValueError):
            kept = set_aside(path)
            notices.append(Notice(NoticeCode.RECENT_GAME_SET_ASIDE, file=kept or path))
            continue
        seen.add(game_id)
        games.append(replayed)
    return games, notices


def keep_import(paths: DataPaths, game: GameFile, source: str | os.PathLike[str],
                keep: int = RECENT_GAMES_KEPT) -> Path:
    """Add ``game`` (read by :func:`import_game` from the file ``source``) to the recent
    games with :func:`save_game`, unless it is kept already or that would lose a game:
    it is refused when a game of its id is kept, or a copy of it under another id (see
    :meth:`GameFile.same_play`), and when ``keep`` games are kept already, since one of
    them would then be removed (the oldest; or the imported game itself, at once, when
    it is older than all of them). A game of the player's is never removed to make room
    for an imported one. Every game file kept is read (not replayed) to find a copy.
    Returns the file written.

    Raises:
        GameFileError: nothing was written; its notice names ``source``: code
            ``IMPORT_ALREADY_KEPT`` (:attr:`GameFileError.kept` the kept game; a
            damaged file of that id is replaced instead), ``IMPORT_TOO_OLD`` (full, and
            older than every game kept), ``IMPORT_FOLDER_FULL`` (full) or
            ``IMPORT_NOT_WRITTEN`` (the folder or the file cannot be written; the
            system's reason is the error's ``detail``; no game file is removed).
        ValueError: ``keep`` is below 1.
    """
    if not is_whole_number(keep) or keep < 1:
        raise ValueError("At least one recent game must be kept.")
    chosen = Path(source).absolute()
    folder = paths.games_dir
    try:
        files = _game_files(folder)
    except FileNotFoundError:
        files = []
    except OSError as exc:
        raise GameFileError(Notice(NoticeCode.IMPORT_NOT_WRITTEN, file=chosen),
                            detail=f"{folder}: {exc.strerror or exc}") from exc
    for path in reversed(files):  # the newest first: a copy is named by its newest
        try:
            kept = _read_game(path)
        except (CorruptFileError, ValueError):
            continue  # damaged: listing sets it aside; one of this id is replaced
        except FileNotFoundError:
            continue
        if kept.game_id == game.game_id or kept.same_play(game):
            raise GameFileError(Notice(NoticeCode.IMPORT_ALREADY_KEPT, file=chosen), kept,
                                detail=f"kept as {path}")
    if len(files) >= keep:
        oldest = files[-keep].name
        code = (NoticeCode.IMPORT_TOO_OLD if game.file_name < oldest
                else NoticeCode.IMPORT_FOLDER_FULL)
        raise GameFileError(Notice(code, file=chosen), detail=f"{folder} is full")
    try:
        return save_game(paths, game, keep)
    except OSError as exc:
        raise GameFileError(Notice(NoticeCode.IMPORT_NOT_WRITTEN, file=chosen),
                            detail=f"{folder}: {exc.strerror or exc}") from exc


def export_game(game: GameFile, path: str | os.PathLike[str]) -> None:
    """Write ``game`` to ``path`` atomically, in the format of the ``games`` folder
    (:meth:`GameFile.to_dict`), for :func:`import_game` here or elsewhere.

    Raises:
        GameFileError: the file cannot be written (code ``EXPORT_FAILED``, with the
            operating system's reason); a file already at ``path`` is unchanged.
    """
    try:
        write_json_atomic(path, game.to_dict())
    except OSError as exc:
        raise GameFileError(Notice(NoticeCode.EXPORT_FAILED, file=Path(path).absolute(),
                                   reason=exc.strerror or str(exc))) from exc


def _refusal(code: NoticeCode, source: Path, exc: BaseException) -> GameFileError:
    """The error refusing the import of ``source`` for ``exc``, whose text (with the full
    path) is logged and kept as the error's ``detail``."""
    detail = str(exc) or type(exc).__name__
    log.info("%s was not imported: %s", source, detail)
    return GameFileError(Notice(code, file=source), detail=detail)


def import_game(path: str | os.PathLike[str]) -> GameFile:
    """Read the game file at ``path`` (as :func:`export_game` writes it) and check it by
    replaying every action through the engine (:func:`replay_game`). Nothing is written:
    add it to the recent games with :func:`keep_import`.

    ``path`` is the player's choice: a link there is followed.

    Raises:
        GameFileError: its notice names the file (the error's ``detail`` says exactly
            what is wrong, also logged): code ``IMPORT_UNREADABLE`` (no such file, a
            folder, no permission), ``IMPORT_TOO_LARGE`` (beyond
            :data:`~spades_desktop.persistence.atomic.MAX_FILE_BYTES`),
            ``IMPORT_NOT_A_GAME`` (not JSON, not an object, another kind, no format),
            ``IMPORT_NEWER`` (a newer format), ``IMPORT_DAMAGED`` (missing or bad
            entries), ``IMPORT_BAD_DATE`` (before 2000 or after tomorrow, see
            :data:`EARLIEST_DATE`) or ``IMPORT_AGAINST_RULES`` (a card or bid that does
            not exist, an action the rules do not allow, or another result than the one
            stated).
    """
    source = Path(path).absolute()
    try:
        game = _read_game(source, follow_links=True)
    except (FileNotFoundError, UnreadableFileError) as exc:
        raise _refusal(NoticeCode.IMPORT_UNREADABLE, source, exc) from exc
    except TooLargeFileError as exc:
        raise _refusal(NoticeCode.IMPORT_TOO_LARGE, source, exc) from exc
    except NewerFormatError as exc:
        raise _refusal(NoticeCode.IMPORT_NEWER, source, exc) from exc
    except CorruptFileError as exc:
        raise _refusal(NoticeCode.IMPORT_NOT_A_GAME, source, exc) from exc
    except DateOutOfRangeError as exc:
        raise _refusal(NoticeCode.IMPORT_BAD_DATE, source, exc) from exc
    except ValueError as exc:
        raise _refusal(NoticeCode.IMPORT_DAMAGED, source, exc) from exc
    try:
        replay_game(game)
    except ValueError as exc:
        raise _refusal(NoticeCode.IMPORT_AGAINST_RULES, source, exc) from exc
    return game
