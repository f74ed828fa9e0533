"""User settings stored in ``settings.json`` (docs/architecture.md, Persistence; docs/rules.md §7).

Game settings (difficulty, target score, rule switches) apply from the next
new game; display settings (language, animation speed, bid advice, window
geometry and full screen, felt colour and card back) apply at once. That policy
belongs to the caller: this module only validates, loads and saves.
"""

from __future__ import annotations

import binascii
import dataclasses
import os
from base64 import b64decode
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from spades_desktop.engine import DEFAULT_TARGET_SCORE, HOUSE_RULES, TARGET_CHOICES
from spades_desktop.languages import LANGUAGE_SETTINGS, SYSTEM
from spades_desktop.levels import LEVELS
from spades_desktop.looks import (
    CARD_BACKS,
    CARD_SIZES,
    DEFAULT_CARD_BACK,
    DEFAULT_CARD_SIZE,
    DEFAULT_FELT,
    FELTS,
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

__all__ = [
    "CARD_BACKS",
    "DIFFICULTIES",
    "FELTS",
    "LANGUAGES",
    "SETTINGS_FORMAT",
    "SETTINGS_KIND",
    "SETTINGS_RESET_MESSAGE",
    "SETTINGS_RESET_NOTICE",
    "Settings",
    "load_settings",
    "save_settings",
]

SETTINGS_KIND = "spades-desktop-settings"
SETTINGS_FORMAT = 1
SETTINGS_RESET_NOTICE = Notice(NoticeCode.SETTINGS_SET_ASIDE)
"""What :func:`load_settings` reports when the settings file is unreadable."""
SETTINGS_RESET_MESSAGE = SETTINGS_RESET_NOTICE.message
"""The English sentence of :data:`SETTINGS_RESET_NOTICE` (for logs and tests)."""

#: Accepted ``Settings.language`` values; "system" follows the OS locale
#: (from :mod:`spades_desktop.languages`).
LANGUAGES: tuple[str, ...] = LANGUAGE_SETTINGS
#: Accepted difficulties (docs/rules.md §6), easiest first (from :mod:`spades_desktop.levels`).
DIFFICULTIES: tuple[str, ...] = LEVELS

MIN_ANIMATION_SPEED = 0.0
MAX_ANIMATION_SPEED = 3.0
#: The target-score range of the engine's rules (docs/rules.md §5).
MIN_TARGET_SCORE = TARGET_CHOICES[0]
MAX_TARGET_SCORE = TARGET_CHOICES[-1]
TARGET_SCORE_STEP = TARGET_CHOICES[1] - TARGET_CHOICES[0]


def _check_language(value: object) -> str:
    if not isinstance(value, str) or value not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {value!r}.")
    return value


def _check_animation_speed(value: object) -> float:
    # The range is checked before anything becomes a float: JSON has whole numbers of
    # any size (1 followed by 400 zeros), which float() cannot take. Comparing an int
    # with a float is exact in Python and never overflows; NaN fails the comparison.
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not MIN_ANIMATION_SPEED <= value <= MAX_ANIMATION_SPEED
    ):
        raise ValueError(
            f"animation_speed must be a number from {MIN_ANIMATION_SPEED} "
            f"to {MAX_ANIMATION_SPEED}, not {value!r}."
        )
    return float(value)


def _check_difficulty(value: object) -> str:
    if not isinstance(value, str) or value not in DIFFICULTIES:
        raise ValueError(
            f"difficulty must be one of {', '.join(DIFFICULTIES)}, not {value!r}."
        )
    return value


def _choice_checker(name: str, choices: tuple[str, ...]) -> Callable[[object], str]:
    def check(value: object) -> str:
        if not isinstance(value, str) or value not in choices:
            raise ValueError(f"{name} must be one of {', '.join(choices)}, not {value!r}.")
        return value

    return check


def _check_target_score(value: object) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or value not in TARGET_CHOICES
    ):
        raise ValueError(
            f"target_score must be a whole number from {MIN_TARGET_SCORE} to "
            f"{MAX_TARGET_SCORE} in steps of {TARGET_SCORE_STEP}, not {value!r}."
        )
    return value


def _bool_checker(name: str) -> Callable[[object], bool]:
    def check(value: object) -> bool:
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be true or false, not {value!r}.")
        return value

    return check


def _check_window_geometry(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"window_geometry must be base64 text, not {value!r}.")
    try:
        b64decode(value.encode("ascii"), validate=True)
    except (UnicodeEncodeError, binascii.Error) as exc:
        raise ValueError("window_geometry must be base64 text.") from exc
    return value


#: The sound volume's range (``Settings.sound_volume``) and its first value: low.
MIN_SOUND_VOLUME = 0
MAX_SOUND_VOLUME = 100
DEFAULT_SOUND_VOLUME = 30


def _check_sound_volume(value: object) -> int:
    if (isinstance(value, bool) or not isinstance(value, int)
            or not MIN_SOUND_VOLUME <= value <= MAX_SOUND_VOLUME):
        raise ValueError(f"sound_volume must be a whole number from {MIN_SOUND_VOLUME} to "
                         f"{MAX_SOUND_VOLUME}, not {value!r:.80}.")
    return value


#: The longest folder path kept in the settings (characters); no system's paths are longer.
MAX_FOLDER_PATH = 4096


def _check_folder(value: object) -> str:
    if (not isinstance(value, str) or len(value) > MAX_FOLDER_PATH or "\0" in value
            or (value and not os.path.isabs(value))):
        raise ValueError(f"game_files_folder must be an absolute folder path or empty "
                         f"text, not {value!r:.80}.")
    return value


_HOUSE_OPTIONS = {o.name: o for o in HOUSE_RULES}


def _check_house_rules(value: object) -> tuple[tuple[str, Any], ...]:
    """``value`` (a mapping, or ``(name, value)`` pairs) as the pairs of the house rules
    (:data:`~spades_desktop.engine.HOUSE_RULES`) that differ from their default, in the
    table's order."""
    pairs = value.items() if isinstance(value, Mapping) else value
    if isinstance(pairs, (str, bytes)) or not isinstance(pairs, Iterable):
        raise ValueError(f"house_rules must be an object of rule options, not {value!r:.80}.")
    try:
        given = dict(pairs)
    except (TypeError, ValueError) as exc:
        raise ValueError("house_rules must be an object of rule options.") from exc
    unknown = sorted(str(name) for name in given if name not in _HOUSE_OPTIONS)
    if unknown:
        raise ValueError(f"house_rules has unknown options: {', '.join(unknown)}.")
    for name, chosen in given.items():
        if not _HOUSE_OPTIONS[name].allows(chosen):
            raise ValueError(f"house_rules: {name} cannot be {chosen!r:.80}.")
    return tuple((o.name, given[o.name]) for o in HOUSE_RULES
                 if o.name in given and given[o.name] != o.default)


def _valid_house_rules(value: object) -> object:
    """The entries of ``value`` (read from a file) that :func:`_check_house_rules`
    accepts, as a dict; ``value`` itself when it is not a JSON object."""
    if not isinstance(value, dict):
        return value
    return {name: chosen for name, chosen in value.items()
            if name in _HOUSE_OPTIONS and _HOUSE_OPTIONS[name].allows(chosen)}


_CHECKS: dict[str, Callable[[object], Any]] = {
    "language": _check_language,
    "animation_speed": _check_animation_speed,
    "difficulty": _check_difficulty,
    "target_score": _check_target_score,
    "floor_enabled": _bool_checker("floor_enabled"),
    "bag_penalty": _bool_checker("bag_penalty"),
    "blind_nil": _bool_checker("blind_nil"),
    "house_rules": _check_house_rules,
    "show_bid_advice": _bool_checker("show_bid_advice"),
    "one_click_play": _bool_checker("one_click_play"),
    "play_forced_cards": _bool_checker("play_forced_cards"),
    "window_geometry": _check_window_geometry,
    "fullscreen": _bool_checker("fullscreen"),
    "felt": _choice_checker("felt", FELTS),
    "card_back": _choice_checker("card_back", CARD_BACKS),
    "four_colour_deck": _bool_checker("four_colour_deck"),
    "card_size": _choice_checker("card_size", CARD_SIZES),
    "high_contrast": _bool_checker("high_contrast"),
    "game_files_folder": _check_folder,
    "sound_on": _bool_checker("sound_on"),
    "sound_volume": _check_sound_volume,
}


@dataclass(frozen=True)
class Settings:
    """The user's settings; every field is validated on construction.

    Fields:
        language: "system", "en" or "zh_CN".
        animation_speed: multiplier on animation durations' speed, 0.0–3.0;
            0 means instant (docs/rules.md §7; docs/architecture.md, The table).
        difficulty: "easy", "normal" or "expert" for the next new game (docs/rules.md §6).
        target_score: points to win, 100–1000 in steps of 50 (docs/rules.md §5).
        floor_enabled: a team at or below −200 ends the game (docs/rules.md §5).
        bag_penalty: −100 per 10 bags (docs/rules.md §4).
        blind_nil: offer Blind Nil (docs/rules.md §2).
        house_rules: the house rules (docs/rules.md, House rules) the next New game
            starts from, as ``(option name, value)`` pairs of the options of
            :data:`~spades_desktop.engine.HOUSE_RULES` that differ from their default,
            in that table's order; a mapping is accepted and made into these pairs. In
            the file: a JSON object, from which a bad or unknown option is dropped.
        show_bid_advice: mark a recommended bid in the bid dialog (docs/rules.md §7).
        one_click_play: a click on a legal card plays it at once; off (the default),
            the first click raises the card and a second click or Play plays it, so
            that a slip of the mouse over the fanned hand never plays a card.
        play_forced_cards: when South has one legal card, it is played after a short
            pause (never a bid); off by default (docs/rules.md §7).
        window_geometry: the main window's saved geometry as base64 text
            ("" = none).
        fullscreen: the main window was full screen when it closed (View ▸ Full
            screen); restored on the next start.
        felt: the table's colour, one of :data:`spades_desktop.looks.FELTS`.
        card_back: the card back, one of :data:`spades_desktop.looks.CARD_BACKS`.
        four_colour_deck: draw diamonds blue and clubs green (docs/rules.md §7).
        card_size: the size of South's cards, one of
            :data:`spades_desktop.looks.CARD_SIZES` ("normal", "large", "extra-large").
        high_contrast: the high-contrast look of the table (docs/rules.md §7).
        game_files_folder: the folder a game was last exported to or imported from
            (an absolute path, at most :data:`MAX_FOLDER_PATH` characters), where the
            next Export… or Import… opens; "" = none yet (the user interface then
            opens the Documents folder). It may since have been removed.
        sound_on: play the table's sounds (docs/rules.md §7; View ▸ Sound, the M key).
        sound_volume: their volume, a whole number from 0 (silent) to 100; low (30)
            at first.

    Raises:
        ValueError: a field has a wrong type or is out of range; the message
            is one sentence naming the field.
    """

    language: str = SYSTEM
    animation_speed: float = 1.0
    difficulty: str = "normal"
    target_score: int = DEFAULT_TARGET_SCORE
    floor_enabled: bool = True
    bag_penalty: bool = True
    blind_nil: bool = False
    house_rules: tuple[tuple[str, Any], ...] = ()
    show_bid_advice: bool = True
    one_click_play: bool = False
    play_forced_cards: bool = False
    window_geometry: str = ""
    fullscreen: bool = False
    felt: str = DEFAULT_FELT
    card_back: str = DEFAULT_CARD_BACK
    game_files_folder: str = ""
    four_colour_deck: bool = False
    card_size: str = DEFAULT_CARD_SIZE
    high_contrast: bool = False
    sound_on: bool = True
    sound_volume: int = DEFAULT_SOUND_VOLUME

    def __post_init__(self) -> None:
        for name, check in _CHECKS.items():
            # Normalizes, e.g. an int animation speed becomes a float.
            object.__setattr__(self, name, check(getattr(self, name)))

    def replace(self, **changes: Any) -> Settings:
        """Return a copy with ``changes`` applied (``dataclasses.replace``).

        Raises:
            TypeError: an unknown field name.
            ValueError: a new value is invalid.
        """
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Return the fields as a JSON-ready dict ``{field name: value}``
        (``house_rules`` as ``{option name: value}``)."""
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        values["house_rules"] = dict(self.house_rules)
        return values

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Build settings key by key: a missing, unknown or invalid key uses its default.

        A bad or unknown option inside ``house_rules`` is dropped, the others kept.
        Never raises for bad values; ``data`` is any mapping from str.
        """
        values: dict[str, Any] = {}
        for name, check in _CHECKS.items():
            if name in data:
                value = data[name]
                try:
                    values[name] = check(_valid_house_rules(value)
                                         if name == "house_rules" else value)
                except (ValueError, TypeError, OverflowError):
                    continue
        return cls(**values)


def load_settings(paths: DataPaths) -> tuple[Settings, Notice | None]:
    """Load ``paths.settings_file``.

    Returns ``(settings, notice)``:
        * no file: ``(Settings(), None)``;
        * a file written by a newer version (a higher ``format``): it is renamed,
          unchanged, to ``settings.json.newer-<time>`` (so no save overwrites it) and
          the result is ``(Settings(), notice)`` with code ``SETTINGS_NEWER`` naming
          where the file is now;
        * a corrupt, truncated, foreign-kind file, or anything but a regular file (a
          folder, a FIFO: never opened for reading): it is renamed to
          ``settings.json.corrupt-<time>`` and the result is
          ``(Settings(), SETTINGS_RESET_NOTICE)`` (code ``SETTINGS_SET_ASIDE``);
        * a valid file: each key is validated on its own and a bad, missing or
          unknown key falls back to its default; notice None.

    Raises nothing for bad content. A file that cannot even be set aside is
    left in place (the next save overwrites it), still with the notice.
    """
    try:
        data = read_json(paths.settings_file, SETTINGS_KIND, SETTINGS_FORMAT)
    except FileNotFoundError:
        return Settings(), None
    except NewerFormatError:
        kept = set_aside(paths.settings_file, label="newer") or paths.settings_file
        return Settings(), Notice(NoticeCode.SETTINGS_NEWER, file=kept)
    except CorruptFileError:
        set_aside(paths.settings_file)
        return Settings(), SETTINGS_RESET_NOTICE
    values = data.get("settings")
    if not isinstance(values, dict):
        set_aside(paths.settings_file)
        return Settings(), SETTINGS_RESET_NOTICE
    return Settings.from_dict(values), None


def save_settings(paths: DataPaths, settings: Settings) -> None:
    """Write ``settings`` to ``paths.settings_file`` atomically.

    File shape: ``{"kind": SETTINGS_KIND, "format": 1, "settings": {...}}``.

    Raises:
        OSError: the file cannot be written (the old file is unchanged).
    """
    write_json_atomic(
        paths.settings_file,
        {"kind": SETTINGS_KIND, "format": SETTINGS_FORMAT, "settings": settings.to_dict()},
    )
