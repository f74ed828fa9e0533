"""Local statistics per difficulty, stored in ``statistics.json`` (SPEC.md §7).

Per difficulty: games played, won, drawn, ranking points and the best
margin. A won game earns the level's ranking points
(:data:`spades_desktop.levels.RANKING_POINTS`: Easy +10, Normal +30, Expert +100).
The human's team is North–South (SPEC.md §1).

A game is counted once and only once: the file also remembers the ids of the last
:data:`COUNTED_GAMES_KEPT` games counted, and a result given again with the id of a
game already counted changes nothing (:func:`count_result`). The end of a game writes
its result here before the autosave is deleted (docs/architecture.md, Persistence).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace
from typing import Any

from spades_desktop.levels import RANKING_POINTS
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

__all__ = [
    "COUNTED_GAMES_KEPT",
    "RANKING_POINTS",
    "STATS_FORMAT",
    "STATS_KIND",
    "STATS_RESET_MESSAGE",
    "STATS_RESET_NOTICE",
    "Counted",
    "DifficultyStats",
    "Stats",
    "count_result",
    "is_game_id",
    "load_stats",
    "record_result",
    "save_stats",
]

STATS_KIND = "spades-desktop-statistics"
STATS_FORMAT = 1
STATS_RESET_NOTICE = Notice(NoticeCode.STATS_SET_ASIDE)
"""What :func:`load_stats` reports when the statistics file is unreadable."""
STATS_RESET_MESSAGE = STATS_RESET_NOTICE.message
"""The English sentence of :data:`STATS_RESET_NOTICE` (for logs and tests)."""

COUNTED_GAMES_KEPT = 50
"""How many ids of counted games the statistics file remembers (the newest)."""

_GAME_ID = re.compile(r"[0-9A-Za-z_-]{1,80}")


def is_game_id(value: object) -> bool:
    """True when ``value`` is a game id: text of 1 to 80 letters, digits, ``_`` or ``-``.

    >>> is_game_id("3f2a9c"), is_game_id(""), is_game_id("a b"), is_game_id(7)
    (True, False, False, False)
    """
    return isinstance(value, str) and _GAME_ID.fullmatch(value) is not None


# RANKING_POINTS (ranking points for a won game per difficulty, SPEC.md §7) comes from
# spades_desktop.levels, the home of the difficulty levels; it is re-exported here.


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class DifficultyStats:
    """Results at one difficulty.

    Fields (all counts are games, ``points`` are ranking points):
        played: finished games, ≥ 0.
        won, drawn: ≥ 0, with ``won + drawn <= played``.
        points: ranking points earned, ≥ 0.
        best_margin: the largest (human team score − other team score) over
            all finished games, in game points; None when ``played == 0``.

    Raises:
        ValueError: the fields are inconsistent (one sentence says which).
    """

    played: int = 0
    won: int = 0
    drawn: int = 0
    points: int = 0
    best_margin: int | None = None

    def __post_init__(self) -> None:
        for name in ("played", "won", "drawn", "points"):
            value = getattr(self, name)
            if not _is_int(value) or value < 0:
                raise ValueError(f"{name} must be a whole number of at least 0, not {value!r}.")
        if self.won + self.drawn > self.played:
            raise ValueError("won and drawn games together cannot exceed the games played.")
        if self.best_margin is not None and not _is_int(self.best_margin):
            raise ValueError(f"best_margin must be a whole number, not {self.best_margin!r}.")
        if (self.best_margin is None) != (self.played == 0):
            raise ValueError("best_margin must be set exactly when games have been played.")

    @property
    def lost(self) -> int:
        """Games lost: ``played - won - drawn``."""
        return self.played - self.won - self.drawn

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready ``{field name: value}``."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: object) -> DifficultyStats:
        """Build from :meth:`to_dict` output.

        Raises:
            ValueError: not an object, missing or unknown keys, or bad values.
        """
        if not isinstance(data, dict):
            raise ValueError("Statistics for a difficulty must be a JSON object.")
        expected = {f.name for f in fields(cls)}
        if set(data) != expected:
            raise ValueError(f"Statistics must have exactly the keys {sorted(expected)}.")
        return cls(**data)


def _check_result(
    difficulty: str, ns_score: int, ew_score: int, winner_is_human_team: bool | None
) -> int:
    """Validate one game result and return its margin ``ns_score - ew_score``."""
    if difficulty not in DIFFICULTIES:
        raise ValueError(
            f"difficulty must be one of {', '.join(DIFFICULTIES)}, not {difficulty!r}."
        )
    if not _is_int(ns_score) or not _is_int(ew_score):
        raise ValueError("The final scores must be whole numbers.")
    if winner_is_human_team is not None and not isinstance(winner_is_human_team, bool):
        raise ValueError("winner_is_human_team must be True, False or None.")
    margin = ns_score - ew_score
    expected = None if margin == 0 else margin > 0
    if winner_is_human_team is not expected:
        raise ValueError(
            f"A final score of {ns_score} to {ew_score} does not match "
            f"winner_is_human_team={winner_is_human_team}."
        )
    return margin


@dataclass(frozen=True)
class Stats:
    """Statistics for the three difficulties; ``stats["easy"]`` etc. also works.

    ``counted`` holds the ids of the last games counted (at most
    :data:`COUNTED_GAMES_KEPT`, oldest first, no repeats; see :func:`is_game_id`), so
    that a game is never counted twice.

    Raises:
        ValueError: ``counted`` is not such a tuple.
    """

    easy: DifficultyStats = DifficultyStats()
    normal: DifficultyStats = DifficultyStats()
    expert: DifficultyStats = DifficultyStats()
    counted: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if (not isinstance(self.counted, tuple)
                or not all(is_game_id(g) for g in self.counted)
                or len(set(self.counted)) != len(self.counted)
                or len(self.counted) > COUNTED_GAMES_KEPT):
            raise ValueError(
                f"The counted games must be at most {COUNTED_GAMES_KEPT} distinct game ids.")

    def __getitem__(self, difficulty: str) -> DifficultyStats:
        """The statistics for ``difficulty``; raises KeyError for an unknown one."""
        if difficulty not in DIFFICULTIES:
            raise KeyError(difficulty)
        result: DifficultyStats = getattr(self, difficulty)
        return result

    @property
    def total_points(self) -> int:
        """Ranking points over all difficulties."""
        return sum(self[d].points for d in DIFFICULTIES)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready ``{difficulty: {field: value}}``."""
        return {d: self[d].to_dict() for d in DIFFICULTIES}

    def with_result(
        self,
        difficulty: str,
        ns_score: int,
        ew_score: int,
        winner_is_human_team: bool | None,
        game_id: str | None = None,
    ) -> Stats:
        """Return new statistics with one finished game added (see :func:`record_result`).

        ``game_id`` (see :func:`is_game_id`), when given, is remembered in ``counted``
        (the oldest id is dropped beyond :data:`COUNTED_GAMES_KEPT`); a game id already
        in ``counted`` returns ``self`` unchanged.

        Raises:
            ValueError: a bad result (see :func:`record_result`) or game id.
        """
        margin = _check_result(difficulty, ns_score, ew_score, winner_is_human_team)
        counted = self.counted
        if game_id is not None:
            if not is_game_id(game_id):
                raise ValueError(f"{game_id!r} is not a game id.")
            if game_id in counted:
                return self
            counted = (*counted, game_id)[-COUNTED_GAMES_KEPT:]
        old = self[difficulty]
        won = winner_is_human_team is True
        new = DifficultyStats(
            played=old.played + 1,
            won=old.won + (1 if won else 0),
            drawn=old.drawn + (1 if winner_is_human_team is None else 0),
            points=old.points + (RANKING_POINTS[difficulty] if won else 0),
            best_margin=margin if old.best_margin is None else max(old.best_margin, margin),
        )
        return replace(self, counted=counted, **{difficulty: new})


def _parse(data: dict[str, Any]) -> Stats:
    per = data.get("difficulties")
    if not isinstance(per, dict):
        raise ValueError("The statistics file has no 'difficulties' object.")
    unknown = set(per) - set(DIFFICULTIES)
    if unknown:
        raise ValueError(f"Unknown difficulties {sorted(unknown)}.")
    counted = data.get("counted_games", [])
    if not isinstance(counted, list):
        raise ValueError("The counted games must be a list.")
    return Stats(counted=tuple(counted),
                 **{d: DifficultyStats.from_dict(v) for d, v in per.items()})


def load_stats(paths: DataPaths) -> tuple[Stats, Notice | None]:
    """Load ``paths.stats_file``.

    Returns ``(stats, notice)``: no file gives zeros and None; a file written by a
    newer version is renamed, unchanged, to ``statistics.json.newer-<time>`` (no save
    overwrites it) and gives zeros and a notice with code ``STATS_NEWER`` naming where
    it is now; a corrupt, truncated, foreign-kind or inconsistent file, or anything
    but a regular file (never opened for reading), is renamed to
    ``statistics.json.corrupt-<time>`` and gives zeros and
    :data:`STATS_RESET_NOTICE` (code ``STATS_SET_ASIDE``). A difficulty missing
    from a valid file counts as zeros. Raises nothing for bad content.
    """
    try:
        data = read_json(paths.stats_file, STATS_KIND, STATS_FORMAT)
        return _parse(data), None
    except FileNotFoundError:
        return Stats(), None
    except NewerFormatError:
        kept = set_aside(paths.stats_file, label="newer") or paths.stats_file
        return Stats(), Notice(NoticeCode.STATS_NEWER, file=kept)
    except (CorruptFileError, ValueError, TypeError, OverflowError):
        set_aside(paths.stats_file)
        return Stats(), STATS_RESET_NOTICE


def save_stats(paths: DataPaths, stats: Stats) -> None:
    """Write ``stats`` atomically to ``paths.stats_file``.

    File shape: ``{"kind": STATS_KIND, "format": 1, "difficulties": {...},
    "counted_games": [game id, ...]}`` (a file without ``counted_games``, as older
    versions wrote it, reads as no game remembered).

    Raises:
        OSError: the file cannot be written (the old file is unchanged).
    """
    write_json_atomic(
        paths.stats_file,
        {"kind": STATS_KIND, "format": STATS_FORMAT, "difficulties": stats.to_dict(),
         "counted_games": list(stats.counted)},
    )


@dataclass(frozen=True)
class Counted:
    """What :func:`count_result` did.

    Fields:
        stats: the statistics now on disk (or that would be, see ``added``).
        added: False when the game id was already counted (nothing was written).
        notice: :data:`STATS_RESET_NOTICE` when the statistics file was unreadable
            and has been set aside (counting restarted from zero), else None.
    """

    stats: Stats
    added: bool
    notice: Notice | None = None


def count_result(
    paths: DataPaths,
    difficulty: str,
    ns_score: int,
    ew_score: int,
    winner_is_human_team: bool | None,
    game_id: str | None = None,
) -> Counted:
    """Add one finished game to the statistics file unless ``game_id`` was counted.

    The arguments are those of :func:`record_result`; ``game_id`` (see
    :func:`is_game_id`) names the game so that giving the same result again (after a
    crash between writing the result and deleting the autosave) counts it once only.
    None counts the game without remembering it.

    Raises:
        ValueError: a bad result or game id (nothing is written).
        OSError: the file cannot be written (the old file is unchanged).
    """
    _check_result(difficulty, ns_score, ew_score, winner_is_human_team)
    if game_id is not None and not is_game_id(game_id):
        raise ValueError(f"{game_id!r} is not a game id.")
    stats, notice = load_stats(paths)
    new = stats.with_result(difficulty, ns_score, ew_score, winner_is_human_team, game_id)
    if new is stats:
        return Counted(stats, added=False, notice=notice)
    save_stats(paths, new)
    return Counted(new, added=True, notice=notice)


def record_result(
    paths: DataPaths,
    difficulty: str,
    ns_score: int,
    ew_score: int,
    winner_is_human_team: bool | None,
    game_id: str | None = None,
) -> Stats:
    """Add one finished game to the statistics file and return the new statistics.

    ``ns_score``/``ew_score`` are the final game scores (points) of the human's
    team (North–South) and the other team; the margin is ``ns_score -
    ew_score``. ``winner_is_human_team`` is True (won: +RANKING_POINTS),
    False (lost) or None (draw). A corrupt statistics file is set aside and
    counting restarts from zero (:func:`count_result` also tells so). ``game_id``:
    see :func:`count_result`.

    Raises:
        ValueError: unknown difficulty, non-integer scores, a winner that does not
            match the scores, or a bad game id (nothing is written).
        OSError: the file cannot be written (the old file is unchanged).
    """
    return count_result(paths, difficulty, ns_score, ew_score, winner_is_human_team,
                        game_id).stats
