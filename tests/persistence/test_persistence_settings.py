"""Settings: defaults, validation, key-by-key fallback, quarantine (docs/rules.md §7)."""

from __future__ import annotations

import json
import tempfile
from base64 import b64encode
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades_desktop.persistence import DataPaths, Notice, NoticeCode, prepare
from spades_desktop.persistence.settings import (
    SETTINGS_FORMAT,
    SETTINGS_KIND,
    SETTINGS_RESET_MESSAGE,
    SETTINGS_RESET_NOTICE,
    Settings,
    load_settings,
    save_settings,
)

from .conftest import files_in


def write_settings_file(paths: DataPaths, values: object, **envelope: Any) -> None:
    doc = {"kind": SETTINGS_KIND, "format": SETTINGS_FORMAT, "settings": values, **envelope}
    paths.settings_file.write_text(json.dumps(doc), encoding="utf-8")


def test_defaults() -> None:
    s = Settings()
    assert (s.language, s.animation_speed, s.difficulty, s.target_score) == (
        "system", 1.0, "normal", 500,
    )
    assert (s.floor_enabled, s.bag_penalty, s.blind_nil, s.show_bid_advice) == (
        True, True, False, True,
    )
    assert s.window_geometry == ""
    assert s.game_files_folder == ""  # none yet: the file dialogs open in Documents


def test_missing_file_gives_defaults_and_creates_nothing(paths: DataPaths) -> None:
    assert load_settings(paths) == (Settings(), None)
    assert files_in(paths.root) == set()


def test_a_file_saved_with_a_byte_order_mark_loads(paths: DataPaths) -> None:
    # Notepad on Windows writes UTF-8 with a byte-order mark.
    doc = {"kind": SETTINGS_KIND, "format": SETTINGS_FORMAT,
           "settings": {"difficulty": "expert", "language": "zh_CN"}}
    paths.settings_file.write_bytes(b"\xef\xbb\xbf" + json.dumps(doc).encode())
    settings, notice = load_settings(paths)
    assert notice is None
    assert (settings.difficulty, settings.language) == ("expert", "zh_CN")
    assert files_in(paths.root) == {"settings.json"}


def test_round_trip(paths: DataPaths) -> None:
    s = Settings(
        language="zh_CN", animation_speed=0.0, difficulty="expert", target_score=250,
        floor_enabled=False, bag_penalty=False, blind_nil=True, show_bid_advice=False,
        window_geometry="AdnQywADAAA=", game_files_folder=str(paths.root.parent / "mine"),
    )
    save_settings(paths, s)
    assert load_settings(paths) == (s, None)
    assert files_in(paths.root) == {"settings.json"}
    doc = json.loads(paths.settings_file.read_text(encoding="utf-8"))
    assert doc["kind"] == SETTINGS_KIND and doc["format"] == SETTINGS_FORMAT


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("language", "fr"), ("language", 3),
        ("animation_speed", -0.1), ("animation_speed", 3.5), ("animation_speed", True),
        ("animation_speed", float("nan")), ("animation_speed", "1"),
        ("animation_speed", 10**400), ("animation_speed", -(10**400)),
        ("animation_speed", float("inf")), ("target_score", 10**400),
        ("difficulty", "hard"), ("difficulty", None),
        ("target_score", 99), ("target_score", 1050), ("target_score", 520),
        ("target_score", 500.0), ("target_score", True),
        ("floor_enabled", 1), ("bag_penalty", "yes"), ("blind_nil", None),
        ("show_bid_advice", 0), ("window_geometry", "not base64!"),
        ("window_geometry", "ÄÖ"), ("window_geometry", 5),
        ("game_files_folder", "relative/folder"), ("game_files_folder", 7),
        ("game_files_folder", "/tmp/a\0b"), ("game_files_folder", "/" + "x" * 4096),
    ],
)
def test_constructor_rejects_bad_values(field: str, value: Any) -> None:
    with pytest.raises(ValueError, match=field):
        Settings(**{field: value})
    # ... and read from a file, the bad key alone falls back to its default
    other: dict[str, Any] = (
        {"language": "en"} if field == "difficulty" else {"difficulty": "expert"}
    )
    assert Settings.from_dict({field: value, **other}) == Settings(**other)


@pytest.mark.parametrize(
    "number",
    ["1" + "0" * 400, "-1" + "0" * 400, "1e400", "-1e400", "1e-400", "3.0000000000000001"],
    ids=["1 and 400 zeros", "-1 and 400 zeros", "1e400", "-1e400", "1e-400", "3 and a bit"],
)
def test_a_huge_number_in_the_file_never_stops_the_start(paths: DataPaths, number: str) -> None:
    """JSON numbers have no size limit: 1 followed by 400 zeros is a whole number no float
    holds. Each key falls back on its own; the rest of the file is kept."""
    raw = ('{"kind": "spades-desktop-settings", "format": 1, "settings": {'
           f'"animation_speed": {number}, "target_score": {number}, "difficulty": "expert"}}}}')
    paths.settings_file.write_text(raw, encoding="utf-8")
    settings, notice = load_settings(paths)
    assert notice is None
    expected = float(number) if 0.0 <= float(number) <= 3.0 else 1.0
    assert settings == Settings(animation_speed=expected, difficulty="expert")
    assert paths.settings_file.read_text(encoding="utf-8") == raw


def test_boundaries_are_accepted() -> None:
    assert Settings(animation_speed=0).animation_speed == 0.0
    assert isinstance(Settings(animation_speed=2).animation_speed, float)
    assert Settings(animation_speed=3.0).animation_speed == 3.0
    assert Settings(target_score=100).target_score == 100
    assert Settings(target_score=1000).target_score == 1000


def test_replace_validates() -> None:
    s = Settings().replace(difficulty="easy")
    assert s.difficulty == "easy" and s.target_score == 500
    with pytest.raises(ValueError):
        s.replace(target_score=7)
    with pytest.raises(TypeError):
        s.replace(colour="blue")


def test_bad_keys_fall_back_one_by_one(paths: DataPaths) -> None:
    write_settings_file(
        paths,
        {
            "language": "fr",  # bad
            "animation_speed": 2.5,  # good
            "difficulty": "expert",  # good
            "target_score": 520,  # bad: not a step of 50
            "floor_enabled": "no",  # bad
            "bag_penalty": False,  # good
            "window_geometry": "%%%",  # bad
            "volume": 11,  # unknown
        },
    )
    before = paths.settings_file.read_bytes()
    settings, notice = load_settings(paths)
    assert notice is None
    assert settings == Settings(animation_speed=2.5, difficulty="expert", bag_penalty=False)
    assert paths.settings_file.read_bytes() == before  # not quarantined
    assert files_in(paths.root) == {"settings.json"}


def test_missing_keys_use_defaults(paths: DataPaths) -> None:
    write_settings_file(paths, {"blind_nil": True})
    assert load_settings(paths) == (Settings(blind_nil=True), None)


CORRUPT = {
    "garbage": b"\x00\x01garbage",
    "truncated": b'{"kind": "spades-desktop-settings", "format": 1, "settings": {"lang',
    "foreign kind": b'{"kind": "spades-desktop-statistics", "format": 1, "settings": {}}',
    "settings not an object": b'{"kind": "spades-desktop-settings", "format": 1, "settings": []}',
    "no settings": b'{"kind": "spades-desktop-settings", "format": 1}',
}


@pytest.mark.parametrize("content", CORRUPT.values(), ids=CORRUPT.keys())
def test_corrupt_file_is_quarantined(paths: DataPaths, content: bytes) -> None:
    paths.settings_file.write_bytes(content)
    settings, notice = load_settings(paths)
    assert settings == Settings()
    assert notice == SETTINGS_RESET_NOTICE
    assert notice.code is NoticeCode.SETTINGS_SET_ASIDE and notice.args == {}
    assert not paths.settings_file.exists()
    (kept,) = paths.root.iterdir()
    assert kept.name.startswith("settings.json.corrupt-")
    assert kept.read_bytes() == content
    # the next load starts clean and says nothing
    assert load_settings(paths) == (Settings(), None)


def test_a_file_from_a_newer_version_is_kept_unchanged_with_its_own_notice(
    paths: DataPaths,
) -> None:
    content = b'{"kind": "spades-desktop-settings", "format": 2, "settings": {"x": 1}}'
    paths.settings_file.write_bytes(content)
    settings, notice = load_settings(paths)
    assert settings == Settings()
    (kept,) = paths.root.iterdir()
    assert kept.name.startswith("settings.json.newer-") and kept.read_bytes() == content
    assert notice == Notice(NoticeCode.SETTINGS_NEWER, file=kept)
    assert notice.message == (
        "Your settings file was made by a newer version of Spades Desktop; it is kept "
        f"unchanged as {kept} and defaults are in use."
    )
    save_settings(paths, Settings(difficulty="easy"))  # quitting saves the settings
    assert kept.read_bytes() == content
    assert files_in(paths.root) == {"settings.json", kept.name}


def test_message_is_one_sentence() -> None:
    assert SETTINGS_RESET_MESSAGE == SETTINGS_RESET_NOTICE.message == (
        "Your settings file was unreadable and has been set aside; defaults are in use."
    )


def test_failed_save_keeps_old_settings(
    paths: DataPaths, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_settings(paths, Settings(difficulty="easy"))

    def crash(src: object, dst: object) -> None:
        raise OSError("crash")

    monkeypatch.setattr("spades_desktop.persistence.atomic.os.replace", crash)
    with pytest.raises(OSError):
        save_settings(paths, Settings(difficulty="expert"))
    monkeypatch.undo()
    assert load_settings(paths) == (Settings(difficulty="easy"), None)
    assert files_in(paths.root) == {"settings.json"}


def test_every_field_is_saved() -> None:
    assert set(Settings().to_dict()) == {f.name for f in fields(Settings)}


valid_settings = st.builds(
    Settings,
    language=st.sampled_from(["system", "en", "zh_CN"]),
    animation_speed=st.floats(0.0, 3.0, allow_nan=False),
    difficulty=st.sampled_from(["easy", "normal", "expert"]),
    target_score=st.sampled_from(range(100, 1001, 50)),
    floor_enabled=st.booleans(),
    bag_penalty=st.booleans(),
    blind_nil=st.booleans(),
    show_bid_advice=st.booleans(),
    window_geometry=st.binary(max_size=40).map(lambda b: b64encode(b).decode("ascii")),
)


@given(valid_settings)
def test_any_valid_settings_round_trip(settings: Settings) -> None:
    with tempfile.TemporaryDirectory() as folder:
        p = DataPaths(Path(folder))
        prepare(p)
        save_settings(p, settings)
        assert load_settings(p) == (settings, None)


# -- house rules ------------------------------------------------------------------------------
def test_house_rules_keep_only_the_options_that_differ_in_table_order() -> None:
    s = Settings(house_rules={"min_team_bid": 4, "nil_points": 50, "ten_for_200": False})
    assert s.house_rules == (("nil_points", 50), ("min_team_bid", 4))
    assert Settings(house_rules=(("bidding", "whiz"),)).house_rules == (("bidding", "whiz"),)
    assert Settings().house_rules == ()


def test_house_rules_round_trip_through_the_file(paths: DataPaths) -> None:
    s = Settings(house_rules={"bidding": "suicide", "bag_limit": 7, "spades_any_time": True})
    save_settings(paths, s)
    doc = json.loads(paths.settings_file.read_text(encoding="utf-8"))
    assert doc["settings"]["house_rules"] == {"bag_limit": 7, "spades_any_time": True,
                                              "bidding": "suicide"}
    assert load_settings(paths) == (s, None)


@pytest.mark.parametrize("value", [
    {"joker_deck": True},                # not an option
    {"target_score": 250},               # a standard setting, not a house rule
    {"bag_limit": 6}, {"bidding": "cutthroat"}, {"ten_for_200": 1},
    "bidding=whiz", 5, [1, 2],
])
def test_the_constructor_refuses_bad_house_rules(value: Any) -> None:
    with pytest.raises(ValueError, match="house_rules"):
        Settings(house_rules=value)


def test_a_bad_house_rule_in_the_file_is_dropped_and_the_rest_kept(paths: DataPaths) -> None:
    write_settings_file(paths, {
        "difficulty": "expert",
        "house_rules": {"nil_points": 50, "bag_limit": 6, "joker_deck": True,
                        "bidding": "mirror", "thirteen_wins": "yes"},
    })
    before = paths.settings_file.read_bytes()
    settings, notice = load_settings(paths)
    assert notice is None
    assert settings == Settings(difficulty="expert",
                                house_rules={"nil_points": 50, "bidding": "mirror"})
    assert paths.settings_file.read_bytes() == before  # not quarantined


def test_house_rules_that_are_not_an_object_fall_back_to_none(paths: DataPaths) -> None:
    write_settings_file(paths, {"difficulty": "easy", "house_rules": ["bidding", "whiz"]})
    assert load_settings(paths) == (Settings(difficulty="easy"), None)


# -- the looks (docs/rules.md §7) ----------------------------------------------------------------
def test_a_file_without_the_new_looks_loads_unchanged_with_their_defaults(
        paths: DataPaths) -> None:
    """A settings file written before the four-colour deck, the card sizes and the
    high-contrast look existed keeps every value it has and takes their defaults."""
    old = {"language": "en", "felt": "blue", "card_back": "red", "animation_speed": 2.0}
    write_settings_file(paths, old)
    settings, notice = load_settings(paths)
    assert notice is None
    assert (settings.language, settings.felt, settings.card_back,
            settings.animation_speed) == ("en", "blue", "red", 2.0)
    assert (settings.four_colour_deck, settings.card_size, settings.high_contrast) == (
        False, "normal", False)


@pytest.mark.parametrize(("field", "bad"), [
    ("four_colour_deck", "yes"), ("four_colour_deck", 1), ("card_size", "huge"),
    ("card_size", 125), ("card_size", None), ("high_contrast", "true"), ("high_contrast", 0),
])
def test_a_bad_look_falls_back_to_its_default_alone(paths: DataPaths, field: str,
                                                    bad: Any) -> None:
    write_settings_file(paths, {"felt": "grey", field: bad})
    settings, notice = load_settings(paths)
    assert notice is None
    assert settings.felt == "grey"
    assert getattr(settings, field) == getattr(Settings(), field)
    with pytest.raises(ValueError, match=field):
        Settings(**{field: bad})


def test_the_looks_round_trip(paths: DataPaths) -> None:
    chosen = Settings(four_colour_deck=True, card_size="extra-large", high_contrast=True)
    save_settings(paths, chosen)
    assert load_settings(paths) == (chosen, None)
