"""A game is counted once: the statistics remember the ids of the games counted
(docs/architecture.md, Persistence; docs/rules.md §7)."""

from __future__ import annotations

import json

import pytest

from spades_desktop.persistence import (
    COUNTED_GAMES_KEPT,
    STATS_RESET_NOTICE,
    DataPaths,
    DifficultyStats,
    Stats,
    count_result,
    is_game_id,
    load_stats,
    record_result,
)
from spades_desktop.persistence.stats import STATS_FORMAT, STATS_KIND

from .conftest import files_in


def test_the_same_game_id_counts_once(paths: DataPaths) -> None:
    first = count_result(paths, "normal", 510, 300, True, "a1")
    again = count_result(paths, "normal", 510, 300, True, "a1")
    assert first.added and not again.added
    assert first.notice is None and again.notice is None
    assert again.stats == first.stats
    # one game won by 210 at Normal: 30 ranking points (docs/rules.md §7)
    assert first.stats["normal"] == DifficultyStats(1, 1, 0, 30, 210, streak=1, best_streak=1)
    assert load_stats(paths) == (first.stats, None)
    assert load_stats(paths)[0].counted == ("a1",)


def test_other_ids_and_no_id_count_every_time(paths: DataPaths) -> None:
    record_result(paths, "easy", 100, 500, False, "x")
    record_result(paths, "easy", 100, 500, False, "y")
    record_result(paths, "easy", 100, 500, False)
    stats = record_result(paths, "easy", 100, 500, False)
    assert stats["easy"].played == 4 and stats.counted == ("x", "y")


def test_only_the_newest_ids_are_kept(paths: DataPaths) -> None:
    for n in range(COUNTED_GAMES_KEPT + 5):
        record_result(paths, "easy", 0, 100, False, f"g{n}")
    stats, _ = load_stats(paths)
    assert stats["easy"].played == COUNTED_GAMES_KEPT + 5
    assert stats.counted == tuple(f"g{n}" for n in range(5, COUNTED_GAMES_KEPT + 5))


@pytest.mark.parametrize("bad", ["", "a b", "x" * 81, "é", "a/b"])
def test_a_bad_game_id_is_refused_and_nothing_is_written(paths: DataPaths, bad: str) -> None:
    assert not is_game_id(bad)
    with pytest.raises(ValueError):
        count_result(paths, "easy", 500, 0, True, bad)
    assert files_in(paths.root) == set()


def test_a_file_of_an_older_version_without_counted_games_loads(paths: DataPaths) -> None:
    good = {"played": 2, "won": 1, "drawn": 0, "points": 100, "best_margin": 40}
    paths.stats_file.write_text(json.dumps(
        {"kind": STATS_KIND, "format": 1, "difficulties": {"expert": good}}))
    stats, notice = load_stats(paths)
    assert notice is None and stats.counted == () and stats["expert"] == DifficultyStats(**good)
    assert record_result(paths, "expert", 10, 0, True, "new").counted == ("new",)


@pytest.mark.parametrize("counted", [
    "abc", [1], ["a", "a"], ["a b"], [f"g{n}" for n in range(COUNTED_GAMES_KEPT + 1)]],
    ids=["text", "number", "repeat", "bad id", "too many"])
def test_a_bad_list_of_counted_games_sets_the_file_aside(paths: DataPaths,
                                                         counted: object) -> None:
    paths.stats_file.write_text(json.dumps(
        {"kind": STATS_KIND, "format": STATS_FORMAT, "difficulties": {},
         "counted_games": counted}))
    assert load_stats(paths) == (Stats(), STATS_RESET_NOTICE)
    assert [n.startswith("statistics.json.corrupt-") for n in files_in(paths.root)] == [True]


def test_counting_on_an_unreadable_file_says_so(paths: DataPaths) -> None:
    paths.stats_file.write_bytes(b"\x00garbage")
    counted = count_result(paths, "expert", 300, 100, True, "z")
    assert counted.added and counted.notice == STATS_RESET_NOTICE
    expert = DifficultyStats(1, 1, 0, 100, 200, streak=1, best_streak=1)
    assert counted.stats == Stats(levels={"expert": expert}, counted=("z",), streak=1,
                                  best_streak=1)
