"""The interface language: Qt translators, the system default, and texts that come from
outside the user interface (the engine's rule refusals, persistence messages).

Translations follow the Qt Linguist workflow: ``tools/update_translations.py`` runs
``pyside6-lupdate`` over the package into ``assets/translations/spades_<lang>.ts``,
``pyside6-lrelease`` compiles them to ``.qm``, and the ``.qm`` files are compiled into
the Qt resources (``:/assets/translations/``). English is the source language; its
``.ts`` holds only the plural forms ("%n trick(s)" → "1 trick" / "2 tricks").

:func:`apply_language` installs the translators for a setting ("system", "en",
"zh_CN"): the app's own and Qt's ``qtbase`` catalogue (standard buttons, spin
boxes, …). Installing or removing a translator makes Qt send ``LanguageChange``
to every widget, which retranslates the open windows at once.

Chinese needs a font with CJK glyphs. When none is installed (a minimal Linux),
Chinese would show as empty boxes; :func:`apply_language` then keeps English and
returns a notice, in both languages, to show once.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import (
    QCoreApplication,
    QLibraryInfo,
    QLocale,
    QTranslator,
)
from PySide6.QtGui import QFontDatabase

from ..engine import BLIND_NIL_DEFICIT, Card, Refusal, RuleCode, Suit
from ..languages import LANGUAGE_NAMES, SUPPORTED
from ..persistence import IMPORT_REFUSALS, Notice, NoticeCode
from .texts import card_label

__all__ = [
    "CJK_FONT_NOTICE",
    "LANGUAGE_NAMES",
    "SUPPORTED",
    "TRANSLATIONS_PREFIX",
    "LanguageResult",
    "apply_language",
    "current_language",
    "engine_text",
    "has_cjk_font",
    "notice_text",
    "remove_translators",
    "resolve_language",
    "system_language",
]

log = logging.getLogger(__name__)

# SUPPORTED (the languages the interface is translated into, as codes) and LANGUAGE_NAMES
# (each one's name in that language, never translated) come from spades_desktop.languages,
# the home of the language list; they are re-exported here.

TRANSLATIONS_PREFIX = ":/assets/translations"
"""Where the compiled catalogues ``spades_<lang>.qm`` live in the Qt resources."""

CJK_FONT_NOTICE = (
    "Chinese text needs a font with Chinese characters, and none was found on this "
    "system, so the game stays in English. Install one (on Debian or Ubuntu: "
    "sudo apt-get install fonts-noto-cjk) and start Spades Desktop again.\n\n"
    "显示中文需要中文字体，但本机没有找到，所以游戏暂时使用英文。"
    "请安装中文字体（Debian 或 Ubuntu：sudo apt-get install fonts-noto-cjk）后重新启动。"
)
"""Shown once when Chinese is chosen but no CJK font exists: English and Chinese, so it
can be read whichever way the system renders it."""

# -- rule refusals from the engine (context "Engine") --------------------------------------
# The engine names the rule an action breaks by a code (``Refusal.code``) and its argument;
# :func:`engine_text` words it in the current language. Each sentence is a literal in a
# translate() call, so pyside6-lupdate extracts it.

def _must_follow(suit: Suit) -> str:
    if suit is Suit.CLUBS:
        return QCoreApplication.translate("Engine", "You must follow clubs.")
    if suit is Suit.DIAMONDS:
        return QCoreApplication.translate("Engine", "You must follow diamonds.")
    if suit is Suit.HEARTS:
        return QCoreApplication.translate("Engine", "You must follow hearts.")
    return QCoreApplication.translate("Engine", "You must follow spades.")


def engine_text(refusal: Refusal, card: Card | None = None) -> str:
    """Why the rules refuse an action (a :class:`Refusal` from the engine), in the
    current language, e.g. "You must follow hearts." (docs/rules.md §2, §3). ``card``
    is the card refused, when one was: for the two of diamonds that plays as a spade
    (Joker-Joker-Deuce-Deuce, docs/rules.md §1, Deck) a refusal to follow diamonds or
    to lead a spade says so."""
    text = _refusal_text(refusal)
    printed = card.face_suit if card is not None else None
    if (card is not None and printed is not None and printed is not card.suit
            and (refusal.code is RuleCode.SPADES_NOT_BROKEN
                 or refusal.code is RuleCode.MUST_FOLLOW and refusal.suit is printed)):
        return QCoreApplication.translate(
            "Engine", "{0} The {1} is a spade in this deck.",
            "a refusal, then why it applies to the two of diamonds").format(
                text, card_label(card))
    return text


def _refusal_text(refusal: Refusal) -> str:
    code = refusal.code
    if code is RuleCode.MUST_FOLLOW:
        assert refusal.suit is not None
        return _must_follow(refusal.suit)
    if code is RuleCode.CARD_NOT_HELD:
        assert refusal.card is not None
        return QCoreApplication.translate("Engine", "You don't hold the %1.").replace(
            "%1", card_label(refusal.card))
    if code is RuleCode.GAME_OVER:
        return QCoreApplication.translate("Engine", "The game is over.")
    if code is RuleCode.NOT_YOUR_TURN:
        return QCoreApplication.translate("Engine", "It is not your turn.")
    if code is RuleCode.NOT_AN_ACTION:
        return QCoreApplication.translate("Engine", "That is neither a bid nor a card.")
    if code is RuleCode.BID_FIRST:
        return QCoreApplication.translate("Engine",
                                          "Bidding is not finished: make your bid first.")
    if code is RuleCode.BIDDING_OVER:
        return QCoreApplication.translate("Engine", "Bidding is over: play a card.")
    if code is RuleCode.BLIND_NIL_OFF:
        return QCoreApplication.translate("Engine", "Blind Nil is switched off in this game.")
    if code is RuleCode.BLIND_NIL_NOT_BEHIND:
        return QCoreApplication.translate(
            "Engine", "Blind Nil is allowed only when your team trails by {0} points or more."
        ).format(BLIND_NIL_DEFICIT)
    if code is RuleCode.BLIND_NIL_CARDS_SEEN:
        return QCoreApplication.translate(
            "Engine", "You have seen your cards: Blind Nil is no longer open.")
    if code is RuleCode.BLIND_NIL_NOT_OFFERED:
        return QCoreApplication.translate(
            "Engine", "Blind Nil is not offered under Suicide, Mirror or Whiz bidding.")
    if code is RuleCode.MIN_TEAM_BID:
        return QCoreApplication.translate(
            "Engine", "Your team must bid at least 4: bid {0} or more.").format(refusal.number)
    if code is RuleCode.SUICIDE_NIL_OR_FOUR:
        return QCoreApplication.translate("Engine", "Suicide: bid Nil, or 4 or more.")
    if code is RuleCode.SUICIDE_MUST_NIL:
        return QCoreApplication.translate(
            "Engine", "Suicide: your partner bid {0}, so you must bid Nil.").format(
                refusal.number)
    if code is RuleCode.SUICIDE_MUST_BID:
        return QCoreApplication.translate(
            "Engine", "Suicide: your partner bid Nil, so you must bid 4 or more.")
    if code is RuleCode.MIRROR:
        return QCoreApplication.translate(
            "Engine", "Mirror: bid the number of spades you hold ({0}).").format(refusal.number)
    if code is RuleCode.WHIZ:
        return QCoreApplication.translate(
            "Engine", "Whiz: bid Nil or the number of spades you hold ({0}).").format(
                refusal.number)
    return QCoreApplication.translate(
        "Engine", "Spades have not been broken yet: lead another suit.")


# -- messages from persistence (context "Messages") ---------------------------------------
# Persistence names what happened by a NoticeCode with its arguments (the data folder, the
# operating system's reason); each code's sentence is a literal here, so that
# pyside6-lupdate extracts it.

_PLACEHOLDER = re.compile(r"%([1234])")


def _import_reason(code: NoticeCode) -> str:
    """Why an import was refused (a code of ``IMPORT_REFUSALS``), in plain words, as the
    end of the sentence "<file name> could not be imported: …"."""
    reasons = {
        NoticeCode.IMPORT_UNREADABLE: QCoreApplication.translate(
            "Messages", "the file cannot be opened or read."),
        NoticeCode.IMPORT_TOO_LARGE: QCoreApplication.translate(
            "Messages", "it is far too large to be a game from Spades Desktop."),
        NoticeCode.IMPORT_NOT_A_GAME: QCoreApplication.translate(
            "Messages", "it is not a game file from Spades Desktop."),
        NoticeCode.IMPORT_DAMAGED: QCoreApplication.translate(
            "Messages", "it is a game file from Spades Desktop, but it is damaged."),
        NoticeCode.IMPORT_NEWER: QCoreApplication.translate(
            "Messages", "it was made by a newer version of Spades Desktop."),
        NoticeCode.IMPORT_AGAINST_RULES: QCoreApplication.translate(
            "Messages", "its bids and cards do not make a game the rules allow, or do not "
                        "reach the result it gives."),
        NoticeCode.IMPORT_BAD_DATE: QCoreApplication.translate(
            "Messages", "it is dated before 2000 or after tomorrow, and no game of Spades "
                        "Desktop is."),
        NoticeCode.IMPORT_ALREADY_KEPT: QCoreApplication.translate(
            "Messages", "this game is already in your recent games."),
        NoticeCode.IMPORT_TOO_OLD: QCoreApplication.translate(
            "Messages", "your recent games are full, and this game is older than all of "
                        "them."),
        NoticeCode.IMPORT_FOLDER_FULL: QCoreApplication.translate(
            "Messages", "your recent games are full, and importing this game would remove "
                        "your oldest one. Remove a game you no longer need, then import "
                        "again."),
        NoticeCode.IMPORT_NOT_WRITTEN: QCoreApplication.translate(
            "Messages", "it could not be written among your recent games. Check that the "
                        "disk is not full."),
    }
    return reasons[code]


def notice_text(notice: Notice) -> str:
    """A notice from persistence (a data-folder problem, a file set aside, another
    instance running) in the current language, its arguments filled in: ``%1`` the
    folder, ``%2`` the operating system's reason (in its own words), ``%3`` a file,
    ``%4`` the file's name alone (a refused import: :data:`IMPORT_REFUSALS`). In English
    it equals ``notice.message``."""
    code = notice.code
    if code is NoticeCode.DATA_DIR_NOT_A_FOLDER:
        text = QCoreApplication.translate(
            "Messages", "The data folder %1 is not a folder; choose another with --data-dir.")
    elif code is NoticeCode.DATA_DIR_NOT_CREATED:
        text = QCoreApplication.translate(
            "Messages", "The data folder %1 could not be created (%2); choose another with "
                        "--data-dir.")
    elif code is NoticeCode.DATA_DIR_READ_ONLY:
        text = QCoreApplication.translate(
            "Messages", "The data folder %1 is read-only; choose another with --data-dir.")
    elif code is NoticeCode.DATA_DIR_NO_DELETE:
        text = QCoreApplication.translate(
            "Messages", "The data folder %1 does not allow deleting files; choose another "
                        "with --data-dir.")
    elif code is NoticeCode.DATA_DIR_FOREIGN:
        text = QCoreApplication.translate(
            "Messages", "The data folder %1 holds another program's file %3; it was left "
                        "as it is. Choose another with --data-dir.")
    elif code is NoticeCode.DATA_DIR_FULL:
        text = QCoreApplication.translate(
            "Messages", "The disk of the data folder %1 is full; you can play, but nothing "
                        "will be saved until you free some space and start Spades Desktop "
                        "again.")
    elif code is NoticeCode.AUTOSAVE_SET_ASIDE:
        text = QCoreApplication.translate(
            "Messages", "The saved game could not be read and has been set aside; "
                        "a new game will start.")
    elif code is NoticeCode.SETTINGS_SET_ASIDE:
        text = QCoreApplication.translate(
            "Messages", "Your settings file was unreadable and has been set aside; "
                        "defaults are in use.")
    elif code is NoticeCode.STATS_SET_ASIDE:
        text = QCoreApplication.translate(
            "Messages", "Your statistics file was unreadable and has been set aside; "
                        "statistics start from zero.")
    elif code is NoticeCode.AUTOSAVE_NEWER:
        text = QCoreApplication.translate(
            "Messages", "The saved game was made by a newer version of Spades Desktop; it is "
                        "kept unchanged as %3 and a new game will start.")
    elif code is NoticeCode.SETTINGS_NEWER:
        text = QCoreApplication.translate(
            "Messages", "Your settings file was made by a newer version of Spades Desktop; "
                        "it is kept unchanged as %3 and defaults are in use.")
    elif code is NoticeCode.STATS_NEWER:
        text = QCoreApplication.translate(
            "Messages", "Your statistics file was made by a newer version of Spades "
                        "Desktop; it is kept unchanged as %3 and statistics start from zero.")
    elif code is NoticeCode.ALREADY_RUNNING:
        text = QCoreApplication.translate(
            "Messages", "Spades Desktop is already running with the data folder %1; switch "
                        "to its window, or, if it is not running, delete the lock file %3 "
                        "and start again.")
    elif code is NoticeCode.LOCK_UNUSABLE:
        text = QCoreApplication.translate(
            "Messages", "The lock file %3 cannot be used (%2); if Spades Desktop is not "
                        "running, delete it and start again.")
    elif code is NoticeCode.RECENT_GAME_SET_ASIDE:
        text = QCoreApplication.translate(
            "Messages", "A recent game could not be read and has been set aside as %3; it "
                        "is no longer listed.")
    elif code in IMPORT_REFUSALS:
        text = QCoreApplication.translate(
            "Messages", "%4 could not be imported: %5").replace("%5", _import_reason(code))
    elif code is NoticeCode.RECENT_GAME_NOT_REMOVED:
        text = QCoreApplication.translate(
            "Messages", "The recent game %3 could not be removed (%2).")
    elif code is NoticeCode.EXPORT_FAILED:
        text = QCoreApplication.translate(
            "Messages", "The game could not be exported to %3 (%2).")
    else:  # a code added to persistence but not yet here: its English sentence
        return notice.message
    args = notice.args
    values = {"1": args.get("folder", ""), "2": args.get("reason", ""),
              "3": args.get("file", ""),
              "4": "" if notice.file is None else notice.file.name}
    return _PLACEHOLDER.sub(lambda match: values[match[1]], text)


# -- choosing and installing a language ----------------------------------------------------

def system_language(locale: QLocale | None = None) -> str:
    """The supported language closest to the system's (or ``locale``'s) preferred UI
    languages: any Chinese → "zh_CN", otherwise English."""
    loc = locale if locale is not None else QLocale.system()
    for name in loc.uiLanguages():
        tag = name.replace("_", "-").lower()
        if tag == "zh" or tag.startswith("zh-"):
            return "zh_CN"
        if tag == "en" or tag.startswith("en-"):
            return "en"
    return "en"


def resolve_language(setting: str) -> str:
    """The language code for a ``Settings.language`` value ("system" → the system's)."""
    if setting in SUPPORTED:
        return setting
    return system_language()


def has_cjk_font() -> bool:
    """True when some installed (or application) font covers Simplified Chinese."""
    return bool(QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese))


@dataclass(frozen=True)
class LanguageResult:
    """What :func:`apply_language` did: the language now in use, the one asked for,
    and a notice to show the player (or None)."""

    language: str
    requested: str
    notice: str | None = None


class _State:
    translators: list[QTranslator] = []
    language: str = "en"
    font_notice_shown: bool = False


def current_language() -> str:
    """The language code last installed by :func:`apply_language` ("en" before)."""
    return _State.language


def remove_translators() -> None:
    """Remove every translator this module installed: the interface falls back to the
    English source texts, numbers to the system's locale."""
    app = QCoreApplication.instance()
    for translator in _State.translators:
        if app is not None:
            QCoreApplication.removeTranslator(translator)
        translator.setParent(None)  # freed with the last Python reference
    _State.translators = []
    _State.language = "en"
    QLocale.setDefault(QLocale.system())


def _load(translator: QTranslator, path: str) -> bool:
    if translator.load(path):
        return True
    log.warning("translation catalogue %s could not be loaded", path)
    return False


def _qt_catalogue(language: str) -> str | None:
    directory = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    path = directory / f"qtbase_{language}.qm"
    return str(path) if path.is_file() else None


def apply_language(setting: str, *, quiet: bool = False) -> LanguageResult:
    """Install the translators for ``setting`` ("system", "en" or "zh_CN").

    Replaces the translators installed before, so the open windows receive
    ``LanguageChange`` and retranslate. Also sets the default ``QLocale`` so
    numbers are written the language's way. Chinese without a CJK font stays
    English, and the result carries :data:`CJK_FONT_NOTICE` the first time
    (not with ``quiet``, which leaves the notice for a later call).
    A QCoreApplication must exist.
    """
    requested = resolve_language(setting)
    language = requested
    notice = None
    if requested == "zh_CN" and not has_cjk_font():
        language = "en"
        if not quiet and not _State.font_notice_shown:
            _State.font_notice_shown = True
            notice = CJK_FONT_NOTICE
        log.warning("no font with Chinese characters: keeping English")
    if language == _State.language and _State.translators:
        return LanguageResult(language, requested, notice)
    remove_translators()
    own = QTranslator(QCoreApplication.instance())
    if _load(own, f"{TRANSLATIONS_PREFIX}/spades_{language}.qm"):
        QCoreApplication.installTranslator(own)
        _State.translators.append(own)
    else:
        own.deleteLater()  # not kept: a catalogue that failed to load is freed
    qt_path = _qt_catalogue(language)
    if qt_path is not None:
        qt = QTranslator(QCoreApplication.instance())
        if _load(qt, qt_path):
            QCoreApplication.installTranslator(qt)
            _State.translators.append(qt)
        else:
            qt.deleteLater()
    elif language != "en":
        log.warning("Qt's own catalogue qtbase_%s.qm was not found", language)
    QLocale.setDefault(QLocale(language))
    _State.language = language
    return LanguageResult(language, requested, notice)
