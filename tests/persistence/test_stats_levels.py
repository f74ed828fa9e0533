"""Statistics follow the levels of spades_desktop.levels, Master included (docs/rules.md §6): a
Master win earns Master's ranking points, and the statistics files written before
Master (formats 1 and 2) still load. Expected figures are worked by hand from the
results fed in and from the ranking points of docs/rules.md §7 (Easy 10, Normal 30,
Expert 100, Master 200)."""

from __future__ import annotations

import json

import pytest

from spades_desktop.persistence import DataPaths, DifficultyStats, Stats, count_result, load_stats
from spades_desktop.persistence.stats import STATS_FORMAT, STATS_KIND


def test_stats_has_an_entry_per_level_master_included() -> None:
    stats = Stats()
    assert list(stats.levels) == ["easy", "normal", "expert", "master"]
    assert stats["master"] == DifficultyStats()
    with pytest.raises(KeyError):
        stats["grandmaster"]
    with pytest.raises(ValueError):
        Stats(levels={"grandmaster": DifficultyStats()})
    with pytest.raises(TypeError):
        stats.levels["master"] = DifficultyStats()  # type: ignore[index]


def test_a_master_win_earns_200_points_and_an_expert_win_100(paths: DataPaths) -> None:
    count_result(paths, "expert", 510, 300, True, "g1")
    stats = count_result(paths, "master", 505, 420, True, "g2").stats
    master = stats["master"]
    assert (master.played, master.won, master.points, master.best_margin) == (1, 1, 200, 85)
    assert stats["expert"].points == 100
    assert stats.total_points == 300
    assert stats.total().won == 2 and stats.streak == 2
    # a lost Master game earns nothing
    lost = count_result(paths, "master", 200, 510, False, "g3").stats
    assert (lost["master"].played, lost["master"].points, lost.total_points) == (2, 200, 300)
    assert load_stats(paths) == (lost, None)


def test_a_format_2_file_of_the_previous_version_loads(paths: DataPaths) -> None:
    """Format 2 (written before Master) has the three old levels; Master starts at 0 and
    the next save writes format 3 with every level."""
    expert = DifficultyStats(played=4, won=2, drawn=0, points=200, best_margin=120,
                             abandoned=1, streak=1, best_streak=1, hints=3, hands=20,
                             hand_points=900, bags=31, contracts_made=15, contracts_set=4,
                             nil_bid=2, nil_made=1)
    easy = DifficultyStats(played=1, won=1, drawn=0, points=10, best_margin=50,
                           streak=1, best_streak=1)
    paths.stats_file.write_text(json.dumps({
        "kind": STATS_KIND, "format": 2,
        "difficulties": {"easy": easy.to_dict(), "expert": expert.to_dict()},
        "counted_games": ["a1", "a2"], "streak": 1, "best_streak": 2}))
    stats, notice = load_stats(paths)
    assert notice is None
    assert stats["expert"] == expert and stats["easy"] == easy
    assert stats["normal"] == stats["master"] == DifficultyStats()
    assert (stats.counted, stats.streak, stats.best_streak) == (("a1", "a2"), 1, 2)
    new = count_result(paths, "master", 300, 250, True, "a3").stats
    assert new["master"].points == 200 and new["expert"] == expert
    assert (new.streak, new.best_streak) == (2, 2)
    saved = json.loads(paths.stats_file.read_text())
    assert saved["format"] == STATS_FORMAT == 3
    assert list(saved["difficulties"]) == ["easy", "normal", "expert", "master"]
    assert load_stats(paths) == (new, None)


def test_a_format_1_file_still_loads(paths: DataPaths) -> None:
    old = {"played": 2, "won": 1, "drawn": 0, "points": 100, "best_margin": 40}
    paths.stats_file.write_text(json.dumps({
        "kind": STATS_KIND, "format": 1, "difficulties": {"expert": old}}))
    stats, notice = load_stats(paths)
    assert notice is None
    assert (stats["expert"].played, stats["expert"].points) == (2, 100)
    assert stats["master"] == DifficultyStats()
