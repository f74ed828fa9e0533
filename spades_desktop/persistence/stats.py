"""Local statistics per difficulty, stored in ``statistics.json`` (SPEC.md §7).

Per difficulty: games played, won, drawn, ranking points and the best
margin. A won game earns the level's ranking points
(:data:`spades_desktop.levels.RANKING_POINTS`: Easy +10, Normal +30, Expert +100).
The human's team is North–South (SPEC.md §1).
"""

from __future__ import annotations

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
    "RANKING_POINTS",
    "STATS_FORMAT",
    "STATS_KIND",
    "STATS_RESET_MESSAGE",
    "STATS_RESET_NOTICE",
    "DifficultyStats",
    "Stats",
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
    """Statistics for the three difficulties; ``stats["easy"]`` etc. also works."""

    easy: DifficultyStats = DifficultyStats()
    normal: DifficultyStats = DifficultyStats()
    expert: DifficultyStats = DifficultyStats()

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
    ) -> Stats:
        """Return new statistics with one finished game added (see :func:`record_result`)."""
        margin = _check_result(difficulty, ns_score, ew_score, winner_is_human_team)
        old = self[difficulty]
        won = winner_is_human_team is True
        new = DifficultyStats(
            played=old.played + 1,
            won=old.won + (1 if won else 0),
            drawn=old.drawn + (1 if winner_is_human_team is None else 0),
            points=old.points + (RANKING_POINTS[difficulty] if won else 0),
            best_margin=margin if old.best_margin is None else max(old.best_margin, margin),
        )
        return replace(self, **{difficulty: new})


def _parse(data: dict[str, Any]) -> Stats:
    per = data.get("difficulties")
    if not isinstance(per, dict):
        raise ValueError("The statistics file has no 'difficulties' object.")
    unknown = set(per) - set(DIFFICULTIES)
    if unknown:
        raise ValueError(f"Unknown difficulties {sorted(unknown)}.")
    return Stats(**{d: DifficultyStats.from_dict(v) for d, v in per.items()})


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

    File shape: ``{"kind": STATS_KIND, "format": 1, "difficulties": {...}}``.

    Raises:
        OSError: the file cannot be written (the old file is unchanged).
    """
    write_json_atomic(
        paths.stats_file,
        {"kind": STATS_KIND, "format": STATS_FORMAT, "difficulties": stats.to_dict()},
    )


def record_result(
    paths: DataPaths,
    difficulty: str,
    ns_score: int,
    ew_score: int,
    winner_is_human_team: bool | None,
) -> Stats:
    """Add one finished game to the statistics file and return the new statistics.

    ``ns_score``/``ew_score`` are the final game scores (points) of the human's
    team (North–South) and the other team; the margin is ``ns_score -
    ew_score``. ``winner_is_human_team`` is True (won: +RANKING_POINTS),
    False (lost) or None (draw). A corrupt statistics file is set aside and
    counting restarts from zero.

    Raises:
        ValueError: unknown difficulty, non-integer scores, or a winner that
            does not match the scores (nothing is written).
        OSError: the file cannot be written (the old file is unchanged).
    """
    _check_result(difficulty, ns_score, ew_score, winner_is_human_team)
    stats, _ = load_stats(paths)
    new = stats.with_result(difficulty, ns_score, ew_score, winner_is_human_team)
    save_stats(paths, new)
    return new
