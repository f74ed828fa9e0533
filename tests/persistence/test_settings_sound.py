"""The sound settings in settings.json (persistence/settings.py; docs/rules.md §7)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from spades_desktop.persistence import DataPaths, load_settings, save_settings
from spades_desktop.persistence.settings import SETTINGS_FORMAT, SETTINGS_KIND, Settings


def _write(paths: DataPaths, values: dict[str, Any]) -> None:
    doc = {"kind": SETTINGS_KIND, "format": SETTINGS_FORMAT, "settings": values}
    paths.settings_file.write_text(json.dumps(doc), encoding="utf-8")


def test_sound_is_on_at_a_low_volume_at_first() -> None:
    assert (Settings().sound_on, Settings().sound_volume) == (True, 30)


def test_sound_settings_round_trip(paths: DataPaths) -> None:
    s = Settings(sound_on=False, sound_volume=85)
    save_settings(paths, s)
    assert load_settings(paths) == (s, None)
    saved = json.loads(paths.settings_file.read_text(encoding="utf-8"))["settings"]
    assert (saved["sound_on"], saved["sound_volume"]) == (False, 85)


def test_a_settings_file_without_the_sound_keys_loads_unchanged(paths: DataPaths) -> None:
    _write(paths, {"difficulty": "expert", "felt": "blue", "animation_speed": 2.0})
    settings, notice = load_settings(paths)
    assert notice is None
    assert settings == Settings(difficulty="expert", felt="blue", animation_speed=2.0)
    assert (settings.sound_on, settings.sound_volume) == (True, 30)


@pytest.mark.parametrize("boundary", [0, 100])
def test_the_volume_s_ends_are_accepted(boundary: int) -> None:
    assert Settings(sound_volume=boundary).sound_volume == boundary


@pytest.mark.parametrize(
    ("field", "value"),
    [("sound_volume", -1), ("sound_volume", 101), ("sound_volume", 30.0),
     ("sound_volume", True), ("sound_volume", "30"), ("sound_volume", 10**400),
     ("sound_on", 1), ("sound_on", "yes"), ("sound_on", None)],
)
def test_a_bad_sound_value_is_refused_and_falls_back_alone_in_a_file(
        paths: DataPaths, field: str, value: Any) -> None:
    with pytest.raises(ValueError, match=field):
        Settings(**{field: value})
    _write(paths, {field: value, "difficulty": "easy", "sound_on": False}
           if field == "sound_volume" else {field: value, "sound_volume": 55})
    settings, notice = load_settings(paths)
    assert notice is None
    if field == "sound_volume":
        assert settings == Settings(difficulty="easy", sound_on=False)
    else:
        assert settings == Settings(sound_volume=55)
