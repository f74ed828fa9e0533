"""Translations: the catalogues are complete, every count is a Qt plural, engine and
persistence messages are translated, bid reasons are built from translated pieces,
and the language follows the system or the setting (docs/rules.md §7)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import importlib.util  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402
import sys  # noqa: E402
import xml.etree.ElementTree as ET  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtCore import QCoreApplication, QLocale  # noqa: E402

import spades_desktop.rc_resources  # noqa: E402, F401  (registers :/assets)
from spades_desktop.bots import REASON_KINDS, BidReason, ReasonPart, reason_text_en  # noqa: E402
from spades_desktop.engine import Bid, Card, Refusal, RuleCode, Seat, Suit  # noqa: E402
from spades_desktop.engine.errors import NUMBER_CODES  # noqa: E402
from spades_desktop.persistence import (  # noqa: E402
    IMPORT_REFUSALS,
    DataDirError,
    DataPaths,
    Notice,
    NoticeCode,
    prepare,
)
from spades_desktop.ui import i18n  # noqa: E402
from spades_desktop.ui.advice_text import reason_text  # noqa: E402
from spades_desktop.ui.bid_panel import BidPanel  # noqa: E402
from spades_desktop.ui.texts import bid_text, seat_name  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
TS_DIR = ROOT / "assets" / "translations"
ZH_TS = TS_DIR / "spades_zh_CN.ts"
EN_TS = TS_DIR / "spades_en.ts"


def _tool():
    spec = importlib.util.spec_from_file_location("update_translations",
                                                  ROOT / "tools" / "update_translations.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


TOOL = _tool()


def _lupdate_available() -> bool:
    try:
        TOOL.tool("pyside6-lupdate")
        TOOL.tool("pyside6-lrelease")
    except FileNotFoundError:
        return False
    return True


needs_lupdate = pytest.mark.skipif(
    not _lupdate_available(),
    reason="pyside6-lupdate / pyside6-lrelease not found next to the Python interpreter "
           "or on PATH (they come with PySide6-Essentials)")


@pytest.fixture
def qapp_lang(qapp) -> Iterator[object]:
    """The QApplication; every translator installed by the test is removed afterwards."""
    yield qapp
    i18n.remove_translators()


def _messages(ts: Path) -> list[tuple[str, ET.Element]]:
    root = ET.parse(ts).getroot()
    return [(c.findtext("name") or "", m) for c in root.iter("context")
            for m in c.iter("message")]


# -- the catalogues ---------------------------------------------------------------------------
def test_zh_cn_catalogue_has_no_unfinished_or_empty_message() -> None:
    problems = TOOL.problems(ZH_TS)
    assert not problems, "untranslated in spades_zh_CN.ts:\n" + "\n".join(map(str, problems))
    assert len(_messages(ZH_TS)) > 150  # (the rules text is a page per language, not here)


def test_english_catalogue_has_every_plural_with_two_forms() -> None:
    assert not TOOL.problems(EN_TS)
    zh_plurals = {(c, m.findtext("source")) for c, m in _messages(ZH_TS)
                  if m.get("numerus") == "yes"}
    en = {(c, m.findtext("source")): m for c, m in _messages(EN_TS)}
    assert set(en) == zh_plurals
    for message in en.values():
        forms = [f.text for f in message.iter("numerusform")]
        assert len(forms) == 2 and all(forms), message.findtext("source")


@needs_lupdate
def test_no_new_source_string_lacks_a_translation(tmp_path) -> None:
    """Re-extract every tr()/translate() string of the package into a copy of the
    catalogues: a string added to the code without a translation fails here."""
    for language in TOOL.LANGUAGES:
        committed = TOOL.ts_path(language)
        fresh = tmp_path / committed.name
        shutil.copyfile(committed, fresh)
        TOOL.lupdate(language, fresh)
        problems = TOOL.problems(fresh)
        assert not problems, (
            f"messages without a translation in {committed.name} (translate them, then run "
            "python tools/update_translations.py):\n" + "\n".join(map(str, problems)))
        assert fresh.read_text(encoding="utf-8") == committed.read_text(encoding="utf-8"), (
            f"{committed.name} is not up to date: run python tools/update_translations.py")


@needs_lupdate
def test_compiled_catalogues_match_their_sources(tmp_path) -> None:
    for language in TOOL.LANGUAGES:
        compiled = tmp_path / f"spades_{language}.qm"
        TOOL.lrelease(TOOL.ts_path(language), compiled)
        assert TOOL.qm_path(language).read_bytes() == compiled.read_bytes(), (
            "run python tools/update_translations.py")


def test_every_count_is_a_qt_plural() -> None:
    """pyside6-lupdate marks a plural only for a tr() call with a variable count; a
    "%n" or "(s)" message that is not a plural would never read "1 trick"/"2 tricks"."""
    for context, message in _messages(ZH_TS):
        source = message.findtext("source") or ""
        if "%n" in source or "(s)" in source:
            assert message.get("numerus") == "yes", f"[{context}] {source!r} is not a plural"


_PLACEHOLDER = re.compile(r"\{\w*\}|%\d|%n")


def test_translations_keep_placeholders_and_accelerators() -> None:
    for context, message in _messages(ZH_TS):
        source = message.findtext("source") or ""
        translation = message.find("translation")
        assert translation is not None
        forms = ([f.text or "" for f in translation.iter("numerusform")]
                 if message.get("numerus") == "yes" else [translation.text or ""])
        for text in forms:
            assert sorted(_PLACEHOLDER.findall(text)) == sorted(_PLACEHOLDER.findall(source)), (
                f"[{context}] {source!r} -> {text!r}")
            key = re.search(r"&(\w)", source)
            if key:
                assert f"(&{key.group(1).upper()})" in text, f"[{context}] {text!r}"


def test_glossary_terms_are_used_consistently() -> None:
    """One Chinese term per concept (docs/glossary.md): the alternatives never appear."""
    text = " ".join((m.find("translation").text or "")
                    + " ".join(f.text or "" for f in m.iter("numerusform"))
                    for _, m in _messages(ZH_TS))
    for avoided in ("零叫", "超墩", "袋子", "王牌", "领出", "同伴", "被打垮", "叫牌"):
        assert avoided not in text, avoided
    for term in ("叫墩", "墩", "合约", "Nil", "盲 Nil", "沙袋", "黑桃已破", "庄家", "首攻",
                 "将吃", "搭档"):
        assert term in text, term
    glossary = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    for term in ("叫墩", "沙袋", "黑桃已破", "首攻", "将吃", "合约", "盲 Nil"):
        assert term in glossary


# -- engine and persistence messages --------------------------------------------------------
def _every_refusal() -> list[Refusal]:
    out = []
    for code in RuleCode:
        if code is RuleCode.MUST_FOLLOW:
            out.extend(Refusal(code, suit=suit) for suit in Suit)
        elif code is RuleCode.CARD_NOT_HELD:
            out.append(Refusal(code, card=Card(Suit.HEARTS, 10)))
        elif code in NUMBER_CODES:
            out.append(Refusal(code, number=3))
        else:
            out.append(Refusal(code))
    return out


def test_every_rule_refusal_has_a_text_in_both_languages(qapp_lang, monkeypatch) -> None:
    """Each refusal code of the engine is worded by i18n.engine_text: in English as the
    engine's own sentence, in Chinese with Chinese characters."""
    refusals = _every_refusal()
    assert len(refusals) == len(RuleCode) + 3  # four suits to follow
    i18n.apply_language("en")
    for refusal in refusals:
        assert i18n.engine_text(refusal) == refusal.message, refusal
    monkeypatch.setattr(i18n, "has_cjk_font", lambda: True)
    assert i18n.apply_language("zh_CN").language == "zh_CN"
    texts = set()
    for refusal in refusals:
        text = i18n.engine_text(refusal)
        assert re.search(r"[\u4e00-\u9fff]", text), refusal
        texts.add(text)
    assert len(texts) == len(refusals)  # no two rules share a sentence
    i18n.apply_language("en")


def test_engine_messages_in_chinese(qapp_lang, monkeypatch) -> None:
    monkeypatch.setattr(i18n, "has_cjk_font", lambda: True)
    assert i18n.apply_language("zh_CN").language == "zh_CN"
    assert i18n.engine_text(Refusal(RuleCode.MUST_FOLLOW, suit=Suit.HEARTS)) == "必须跟红心。"
    assert i18n.engine_text(Refusal(RuleCode.CARD_NOT_HELD, card=Card(Suit.HEARTS, 10))) == (
        "你手里没有 10\u2665。")
    # Qt's standard buttons
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "取消"


# -- notices from persistence -------------------------------------------------------------------
FOLDER = Path("/tmp/x y")


def _notice(code: NoticeCode, folder: Path = FOLDER, reason: str = "Permission denied",
            file: Path = FOLDER / "spades-desktop.lock") -> Notice:
    """A notice with ``code`` and the arguments that code takes."""
    given: dict[str, Any] = {"folder": folder, "reason": reason, "file": file}
    return Notice(code, **{name: given[name] for name in code.arguments})


def test_every_notice_reads_in_english_as_persistence_words_it(qapp_lang) -> None:
    assert i18n.apply_language("en").language == "en"
    for code in NoticeCode:
        notice = _notice(code)
        assert i18n.notice_text(notice) == notice.message, code


def test_every_notice_has_a_chinese_translation(qapp_lang, monkeypatch) -> None:
    monkeypatch.setattr(i18n, "has_cjk_font", lambda: True)
    assert i18n.apply_language("zh_CN").language == "zh_CN"
    for code in NoticeCode:
        notice = _notice(code)
        text = i18n.notice_text(notice)
        assert re.search(r"[\u4e00-\u9fff]", text), code
        if code in IMPORT_REFUSALS:  # the file by its name alone
            assert notice.file is not None and notice.file.name in text, (code, text)
            assert str(notice.file) not in text, (code, text)
        else:
            assert all(value in text for value in notice.args.values()), (code, text)
    assert i18n.notice_text(_notice(NoticeCode.DATA_DIR_NOT_CREATED)) == (
        f"无法创建数据文件夹 {FOLDER}（Permission denied）；请用 --data-dir 另选一个。")
    assert i18n.notice_text(_notice(NoticeCode.AUTOSAVE_SET_ASIDE)) == (
        "存档的牌局无法读取，已另存一旁；将开始新的牌局。")


def test_notice_arguments_are_filled_in_once(qapp_lang) -> None:
    """A folder named like a placeholder stays as it is."""
    assert i18n.apply_language("en").language == "en"
    notice = _notice(NoticeCode.DATA_DIR_NOT_CREATED, Path("/tmp/50%2 off"), "bad %1")
    assert i18n.notice_text(notice) == (
        f"The data folder {Path('/tmp/50%2 off')} could not be created (bad %1); "
        "choose another with --data-dir.")


def test_a_data_folder_error_carries_its_notice(qapp_lang, tmp_path) -> None:
    assert i18n.apply_language("en").language == "en"
    (tmp_path / "file").write_text("x")
    with pytest.raises(DataDirError) as caught:
        prepare(DataPaths(tmp_path / "file"))
    notice = caught.value.notice
    assert notice.code is NoticeCode.DATA_DIR_NOT_A_FOLDER
    assert notice.args == {"folder": str(tmp_path / "file")}
    assert i18n.notice_text(notice) == str(caught.value)


# -- bid reasons and plurals --------------------------------------------------------------------
def _c(text: str) -> Card:
    from spades_desktop.engine import parse_card

    return parse_card(text)


REASONS = [
    BidReason((ReasonPart("sure_winners", cards=(_c("AS"),)),)),
    BidReason((ReasonPart("sure_winners", cards=(_c("AS"), _c("AH"))),
               ReasonPart("void_trump", suit=Suit.CLUBS, count=1))),
    BidReason((ReasonPart("high_spades", cards=(_c("KS"), _c("QS"))),
               ReasonPart("long_spades", cards=tuple(_c(f"{r}S") for r in "KQ9876"),
                          suit=Suit.SPADES, count=3),
               ReasonPart("guarded_king", cards=(_c("KH"),)),
               ReasonPart("guarded_queen", cards=(_c("QD"), _c("QC"))))),
    BidReason((ReasonPart("long_spades", cards=tuple(_c(f"{r}S") for r in "9876"),
                          suit=Suit.SPADES, count=1),
               ReasonPart("singleton_trump", cards=(_c("5C"),), suit=Suit.CLUBS, count=1),
               ReasonPart("doubleton_trump", cards=(_c("9D"), _c("2D")), suit=Suit.DIAMONDS,
                          count=1))),
    BidReason((ReasonPart("nil_fit", count=2),)),
    BidReason((ReasonPart("nil_fit", count=1),)),
    BidReason((ReasonPart("nil_fit", count=0),)),
    BidReason((ReasonPart("partner_nil"), ReasonPart("few_winners", count=1))),
    BidReason((ReasonPart("sure_winners", cards=(_c("AC"),), tricks=1.0),
               ReasonPart("long_suit_ace", cards=(_c("AH"),), tricks=0.5),
               ReasonPart("doubleton_trump", cards=(_c("9D"), _c("2D")), suit=Suit.DIAMONDS,
                          count=1, tricks=0.25),
               ReasonPart("counted", count=2, tricks=1.75))),
    BidReason((ReasonPart("sure_winners", cards=(_c("AS"), _c("AH")), tricks=2.0),
               ReasonPart("guarded_queen", cards=(_c("QD"),), tricks=0.25),
               ReasonPart("counted", count=2, tricks=2.25),
               ReasonPart("house_rules_bid", count=0))),
    BidReason((ReasonPart("sure_winners", cards=(_c("AS"),), tricks=1.0),
               ReasonPart("void_trump", suit=Suit.CLUBS, count=2, tricks=1.5),
               ReasonPart("counted", count=2, tricks=2.5),
               ReasonPart("house_rules_bid", count=4))),
    BidReason((ReasonPart("sure_winners", cards=(_c("AS"),), tricks=1.0),
               ReasonPart("guarded_king", cards=(_c("KH"),), tricks=1.0),
               ReasonPart("counted", count=2, tricks=2.0))),
    BidReason((ReasonPart("sure_winners", cards=(_c("AS"), _c("AH"), _c("AC")), tricks=3.0),
               ReasonPart("guarded_king", cards=(_c("KD"),), tricks=0.5),
               ReasonPart("counted", count=3, tricks=3.5),
               ReasonPart("ten_for_200_bid", count=4))),
]


def test_reason_samples_cover_every_kind() -> None:
    assert {p.kind for r in REASONS for p in r.parts} == set(REASON_KINDS)


def test_english_bid_reasons_read_like_the_bots_english(qapp_lang) -> None:
    """With the English plural catalogue, the translated pieces give exactly the
    English line of bots.advice (e.g. "A♠ A♥ sure winners; void in clubs: can trump")."""
    assert i18n.apply_language("en").language == "en"
    for reason in REASONS:
        assert reason_text(reason).replace("\u00a0", " ") == reason_text_en(reason)
    assert reason_text(REASONS[1]) == (
        "A\u2660\u00a0A\u2665 sure winners; void in clubs: can trump")
    assert reason_text(REASONS[8]) == (
        "A\u2663 sure winner (1 trick); A\u2665 in a long suit: may be trumped (\u00bd "
        "trick); doubleton 9\u2666\u00a02\u2666: may trump diamonds (\u00bc trick); "
        "1\u00be tricks in all, rounded up to 2")
    assert reason_text(REASONS[9]).endswith(
        "2\u00bc tricks in all, rounded down to 2; under the house rules: bid Nil")


def test_chinese_bid_reasons_are_built_from_chinese_pieces(qapp_lang, monkeypatch) -> None:
    monkeypatch.setattr(i18n, "has_cjk_font", lambda: True)
    i18n.apply_language("zh_CN")
    assert reason_text(REASONS[1]) == "A\u2660\u00a0A\u2665 稳赢；缺梅花可将吃"
    long = reason_text(REASONS[3])
    assert long.startswith("4 张黑桃：长套多拿 1 墩；单张 5\u2663：可将吃梅花")
    assert "双张 9\u2666\u00a02\u2666：或可将吃方块" in long
    for reason in REASONS:
        text = reason_text(reason)
        assert not re.search(r"[A-Za-z]{3,}", text.replace("Nil", "")), text


def test_plural_forms_in_english_and_chinese(qapp_lang, qtbot, monkeypatch) -> None:
    monkeypatch.setattr(i18n, "has_cjk_font", lambda: True)
    panel = BidPanel()
    qtbot.addWidget(panel)
    i18n.apply_language("en")
    panel.retranslate()
    assert panel.button_for(1).accessibleName() == "Bid 1 trick"
    assert panel.button_for(2).accessibleName() == "Bid 2 tricks"
    assert QCoreApplication.translate("GameOverDialog", "+%n ranking point(s)", "", 1) == (
        "+1 ranking point")
    i18n.apply_language("zh_CN")
    panel.retranslate()
    assert panel.button_for(1).accessibleName() == "叫 1 墩"
    assert panel.button_for(13).accessibleName() == "叫 13 墩"
    assert bid_text(Bid(0, blind=True)) == "盲 Nil"


# -- choosing the language ----------------------------------------------------------------------
@pytest.mark.parametrize(("locale", "expected"), [
    ("zh_CN", "zh_CN"), ("zh_SG", "zh_CN"), ("zh_TW", "zh_CN"), ("en_US", "en"),
    ("en_GB", "en"), ("de_DE", "en"), ("C", "en"),
])
def test_system_language(locale: str, expected: str) -> None:
    assert i18n.system_language(QLocale(locale)) == expected


def test_setting_overrides_the_system() -> None:
    assert i18n.resolve_language("en") == "en"
    assert i18n.resolve_language("zh_CN") == "zh_CN"
    assert i18n.resolve_language("system") in i18n.SUPPORTED


def test_apply_language_installs_app_and_qt_catalogues(qapp_lang, monkeypatch) -> None:
    monkeypatch.setattr(i18n, "has_cjk_font", lambda: True)
    result = i18n.apply_language("zh_CN")
    assert (result.language, result.notice) == ("zh_CN", None)
    assert i18n.current_language() == "zh_CN"
    assert seat_name(Seat.NORTH) == "北家（搭档）"
    assert QLocale().name() == "zh_CN"
    i18n.apply_language("en")
    assert seat_name(Seat.NORTH) == "North (partner)"
    assert QCoreApplication.translate("QPlatformTheme", "Cancel") == "Cancel"
    i18n.remove_translators()
    assert QCoreApplication.translate("Table", "{0}: {1}  (%n bag(s))", "team: score (bags)",
                                      2) == "{0}: {1}  (2 bag(s))"


def test_without_a_cjk_font_chinese_stays_english_and_says_so_once(qapp_lang,
                                                                   monkeypatch) -> None:
    monkeypatch.setattr(i18n, "has_cjk_font", lambda: False)
    monkeypatch.setattr(i18n._State, "font_notice_shown", False)
    quiet = i18n.apply_language("zh_CN", quiet=True)
    assert quiet.language == "en" and quiet.notice is None
    first = i18n.apply_language("zh_CN")
    assert (first.language, first.requested) == ("en", "zh_CN")
    assert first.notice == i18n.CJK_FONT_NOTICE
    assert "fonts-noto-cjk" in first.notice and "中文字体" in first.notice
    assert i18n.apply_language("zh_CN").notice is None
    assert seat_name(Seat.WEST) == "West"


def test_every_house_rule_reads_in_chinese(qapp_lang, monkeypatch) -> None:
    """Each house rule's label, explanation, choices and short name reach the catalogue
    (a text built outside a literal ``translate`` call would stay English)."""
    from spades_desktop.engine import HOUSE_RULES, PRESETS
    from spades_desktop.ui import house_rules_text as words

    monkeypatch.setattr(i18n, "has_cjk_font", lambda: True)
    assert i18n.apply_language("zh_CN").language == "zh_CN"
    cjk = re.compile(r"[\u4e00-\u9fff]")
    for name, text in words.house_rule_texts().items():
        assert cjk.search(text.label) and cjk.search(text.explanation), name
    for option in HOUSE_RULES:
        for value in option.choices:
            shown = words.choice_text(option.name, value)
            assert shown == str(value) or cjk.search(shown) or shown == "Whiz", shown
            if value != option.default:
                short = words.in_force_name(option.name, value)
                assert cjk.search(short) or short == "Whiz", short
    for preset in (*PRESETS, "custom"):
        assert cjk.search(words.preset_name(preset)) or preset == "whiz", preset
    i18n.apply_language("en")
