"""Dialogs: new game, score sheet, game over, statistics, display settings, rules, about,
recent games(docs/rules.md §4, §5, §7).

One module per dialog; what they share (colours, the note style, fitting a window's
height) is in :mod:`.common`. The dialogs display values and collect choices; they never
decide a rule. They take plain values (not the persistence ``Settings``) so they can be
built and tested on their own.

==================  ==============================================================
``new_game``        :class:`NewGameDialog`, :class:`NewGameOptions`
``score_sheet``     :class:`ScoreSheetWidget`, :class:`ScoreSheetDialog`
``game_over``       :class:`GameOverDialog`
``statistics``      :class:`StatisticsDialog`
``settings``        :class:`SettingsDialog`
``rules``           :class:`RulesDialog` (its text: ``assets/help/rules_<lang>.html``)
``about``           :func:`show_about`
``recent_games``    :class:`RecentGamesDialog`
==================  ==============================================================
"""

from __future__ import annotations

from .about import show_about
from .game_over import GameOverDialog
from .new_game import GAME_NUMBER_MAX, NewGameDialog, NewGameOptions, level_description
from .recent_games import RecentGamesDialog, outcome_name
from .rules import RULES_PAGE, RulesDialog, rules_page
from .score_sheet import PART_KEYS, SCORE_KEYS, ScoreSheetDialog, ScoreSheetWidget, records_to_sheet
from .settings import SettingsDialog
from .statistics import STAT_ROW_KEYS, StatisticsDialog

__all__ = [
    "GAME_NUMBER_MAX",
    "RULES_PAGE",
    "PART_KEYS",
    "SCORE_KEYS",
    "STAT_ROW_KEYS",
    "GameOverDialog",
    "NewGameDialog",
    "NewGameOptions",
    "RecentGamesDialog",
    "RulesDialog",
    "ScoreSheetDialog",
    "ScoreSheetWidget",
    "SettingsDialog",
    "StatisticsDialog",
    "level_description",
    "outcome_name",
    "records_to_sheet",
    "rules_page",
    "show_about",
]
