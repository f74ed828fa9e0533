"""Games per house-rules preset in the statistics (docs/rules.md §7, House rules): each
game counted outside practice adds one game played (and one won when won) under the
preset its rules match; older files without them load with none; bad values are
refused with the file set aside."""

from __future__ import annotations

import json

import pytest

from spades_desktop.engine import CUSTOM_PRESET, PRESETS, Rules, apply_preset, preset_of
from spades_desktop.persistence import (
    STATS_KIND,
    DataPaths,
    PresetGames,
    Stats,
    count_abandoned,
    count_result,
    end_game,
    load_stats,
    save_stats,
)

from .test_recent_games import play


def test_each_game_counts_under_its_preset(paths: DataPaths) -> None:
    count_result(paths, "normal", 500, 300, True, "g1", preset="suicide")
    count_result(paths, "expert", 200, 510, False, "g2", preset="suicide")
    count_result(paths, "expert", 520, 100, True, "g3", preset="standard")
    count_abandoned(paths, "easy", "g4", preset="short")
    stats, notice = load_stats(paths)
    assert notice is None
    assert dict(stats.presets) == {"suicide": PresetGames(2, 1),
                                   "standard": PresetGames(1, 1),
                                   "short": PresetGames(1, 0)}
    # the levels' own figures are as without presets
    assert stats["expert"].played == 2 and stats["expert"].won == 1


def test_a_game_counted_twice_and_a_practice_game_add_nothing(paths: DataPaths) -> None:
    count_result(paths, "normal", 500, 300, True, "g1", preset="whiz")
    again = count_result(paths, "normal", 500, 300, True, "g1", preset="whiz")
    assert not again.added
    count_result(paths, "normal", 500, 300, True, "g2", preset="whiz", practice=True)
    count_abandoned(paths, "normal", "g3", preset="whiz", practice=True)
    stats, _ = load_stats(paths)
    assert dict(stats.presets) == {"whiz": PresetGames(1, 1)}
    assert stats.practice.played == 2


def test_end_game_counts_the_preset_of_the_games_rules(paths: DataPaths) -> None:
    rules = apply_preset("mirror", Rules(target_score=100))
    assert preset_of(rules) == "mirror"
    final, actions = play(rules, 23)
    end_game(paths, final, "expert", actions, game_id="mirror-1")
    result = final.result
    assert result is not None
    won = int(result.winner is not None and result.winner.name == "NS")
    assert dict(load_stats(paths)[0].presets) == {"mirror": PresetGames(1, won)}


@pytest.mark.parametrize("preset", [*PRESETS, CUSTOM_PRESET])
def test_every_preset_is_counted_won_and_abandoned(paths: DataPaths, preset: str) -> None:
    count_result(paths, "normal", 500, 300, True, "won", preset=preset)
    count_abandoned(paths, "normal", "left", preset=preset)
    stats, notice = load_stats(paths)
    assert notice is None
    assert dict(stats.presets) == {preset: PresetGames(2, 1)}
    assert stats["normal"].played == 2 and stats["normal"].won == 1


def test_a_whole_joker_joker_deuce_deuce_game_is_counted(paths: DataPaths) -> None:
    rules = apply_preset("joker-joker-deuce-deuce", Rules(target_score=100))
    final, actions = play(rules, 5)
    end_game(paths, final, "normal", actions, game_id="jjdd-1")
    result = final.result
    assert result is not None
    won = int(result.winner is not None and result.winner.name == "NS")
    stats, notice = load_stats(paths)
    assert notice is None
    assert dict(stats.presets) == {"joker-joker-deuce-deuce": PresetGames(1, won)}
    assert stats["normal"].played == 1


def test_a_file_without_presets_has_none_and_is_written_with_them(paths: DataPaths) -> None:
    save_stats(paths, Stats())
    data = json.loads(paths.stats_file.read_text(encoding="utf-8"))
    del data["presets"]
    paths.stats_file.write_text(json.dumps(data), encoding="utf-8")
    stats, notice = load_stats(paths)
    assert notice is None and dict(stats.presets) == {}
    count_result(paths, "easy", 300, 100, True, "g1", preset="custom")
    data = json.loads(paths.stats_file.read_text(encoding="utf-8"))
    assert data["presets"] == {"custom": {"played": 1, "won": 1}}


def test_a_newer_versions_preset_is_kept(paths: DataPaths) -> None:
    save_stats(paths, Stats(presets={"joker_deuce": PresetGames(3, 2)}))
    stats, notice = load_stats(paths)
    assert notice is None and stats.presets["joker_deuce"] == PresetGames(3, 2)


@pytest.mark.parametrize("presets", [
    [],
    {"suicide": {"played": 1}},
    {"suicide": {"played": 1, "won": 2}},
    {"suicide": {"played": -1, "won": 0}},
    {"Suicide!": {"played": 1, "won": 0}},
    {"suicide": {"played": 1.5, "won": 0}},
])
def test_bad_games_per_preset_set_the_file_aside(paths: DataPaths, presets: object) -> None:
    save_stats(paths, Stats())
    data = json.loads(paths.stats_file.read_text(encoding="utf-8"))
    assert data["kind"] == STATS_KIND
    data["presets"] = presets
    paths.stats_file.write_text(json.dumps(data), encoding="utf-8")
    stats, notice = load_stats(paths)
    assert notice is not None
    assert stats == Stats()
    assert list(paths.root.glob("statistics.json.corrupt-*"))


@pytest.mark.parametrize("preset", ["", "Suicide", "a b", 3])
def test_a_bad_preset_name_is_refused_and_nothing_written(paths: DataPaths,
                                                          preset: object) -> None:
    with pytest.raises(ValueError):
        count_result(paths, "easy", 300, 100, True, "g1", preset=preset)  # type: ignore[arg-type]
    assert not paths.stats_file.exists()
