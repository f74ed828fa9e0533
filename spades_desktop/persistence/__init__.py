"""Files of Spades Desktop: data folder, settings, autosave and statistics.

Pure Python (standard library + platformdirs); never imports Qt. See
docs/architecture.md, Persistence, and SPEC.md §7.
"""

from spades_desktop.persistence.atomic import (
    CorruptFileError,
    quarantine,
    read_json,
    set_aside,
    write_json_atomic,
)
from spades_desktop.persistence.autosave import (
    AUTOSAVE_FORMAT,
    AUTOSAVE_KIND,
    RESUME_FAILED_MESSAGE,
    RESUME_FAILED_NOTICE,
    GameRecord,
    ResumeResult,
    delete_autosave,
    load_record,
    record_from_state,
    resume_game,
    save_record,
)
from spades_desktop.persistence.notices import Notice, NoticeCode
from spades_desktop.persistence.paths import (
    APP_NAME,
    ENV_VAR,
    DataDirError,
    DataPaths,
    prepare,
    resolve_data_dir,
)
from spades_desktop.persistence.settings import (
    DIFFICULTIES,
    LANGUAGES,
    SETTINGS_FORMAT,
    SETTINGS_KIND,
    SETTINGS_RESET_MESSAGE,
    SETTINGS_RESET_NOTICE,
    Settings,
    load_settings,
    save_settings,
)
from spades_desktop.persistence.stats import (
    RANKING_POINTS,
    STATS_FORMAT,
    STATS_KIND,
    STATS_RESET_MESSAGE,
    STATS_RESET_NOTICE,
    DifficultyStats,
    Stats,
    load_stats,
    record_result,
    save_stats,
)

__all__ = [
    "APP_NAME",
    "AUTOSAVE_FORMAT",
    "AUTOSAVE_KIND",
    "DIFFICULTIES",
    "ENV_VAR",
    "LANGUAGES",
    "RANKING_POINTS",
    "RESUME_FAILED_MESSAGE",
    "RESUME_FAILED_NOTICE",
    "SETTINGS_FORMAT",
    "SETTINGS_KIND",
    "SETTINGS_RESET_MESSAGE",
    "SETTINGS_RESET_NOTICE",
    "STATS_FORMAT",
    "STATS_KIND",
    "STATS_RESET_MESSAGE",
    "STATS_RESET_NOTICE",
    "CorruptFileError",
    "DataDirError",
    "DataPaths",
    "DifficultyStats",
    "GameRecord",
    "Notice",
    "NoticeCode",
    "ResumeResult",
    "Settings",
    "Stats",
    "delete_autosave",
    "load_record",
    "load_settings",
    "load_stats",
    "prepare",
    "quarantine",
    "read_json",
    "record_from_state",
    "record_result",
    "resolve_data_dir",
    "resume_game",
    "save_record",
    "save_settings",
    "save_stats",
    "set_aside",
    "write_json_atomic",
]
