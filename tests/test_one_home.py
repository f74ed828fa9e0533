"""Lists with one home: the difficulty levels and their ranking points
(``spades_desktop/levels.py``), the interface languages (``spades_desktop/languages.py``),
the target-score range and the floor (``spades_desktop/engine/rules.py``). Every other
layer derives its copy from there; these tests check the derivations, and that no module
writes a list of its own again. (The interface's names for each level and language are
checked in tests/ui/test_dialogs.py.) Position facts have one home too, the engine: no
other layer works out a Nil's status, the leader, spades broken, a contract or a running
total again (the last tests here)."""

from __future__ import annotations

import ast
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

import spades_desktop.persistence as persistence
from spades_desktop import languages, levels
from spades_desktop.arena.cli import build_parser
from spades_desktop.arena.match import MatchConfig
from spades_desktop.bots import BOT_FACTORIES, LEVELS, make_bot
from spades_desktop.engine import DEFAULT_FLOOR_SCORE, DEFAULT_TARGET_SCORE, TARGET_CHOICES, Rules
from spades_desktop.persistence import settings as settings_module
from spades_desktop.persistence import stats as stats_module

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "spades_desktop"


def test_the_homes_import_without_qt() -> None:
    code = (
        "import sys\n"
        "sys.modules['PySide6'] = None\n"
        "import spades_desktop.levels, spades_desktop.languages\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


# -- the difficulty levels ----------------------------------------------------------------
def test_levels_and_ranking_points_follow_spec() -> None:
    """docs/rules.md §6: three difficulties, and Master; docs/rules.md §7: Easy +10,
    Normal +30, Expert +100, and a Master win worth more than an Expert win (+200)."""
    assert levels.LEVELS == ("easy", "normal", "expert", "master")
    assert dict(levels.RANKING_POINTS) == {"easy": 10, "normal": 30, "expert": 100,
                                           "master": 200}
    assert tuple(levels.RANKING_POINTS) == levels.LEVELS  # same order, weakest first
    with pytest.raises(TypeError):
        levels.RANKING_POINTS["easy"] = 1000  # type: ignore[index]


def test_every_layer_takes_the_levels_from_their_home() -> None:
    assert LEVELS is levels.LEVELS                                  # bots
    assert persistence.DIFFICULTIES is levels.LEVELS                # settings, autosave
    assert persistence.RANKING_POINTS is levels.RANKING_POINTS      # statistics
    assert stats_module.RANKING_POINTS is levels.RANKING_POINTS
    arena = {a.dest: a for a in build_parser()._actions}
    # the levels, and the arena's own 'baseline' (a pinned bot loaded with --baseline)
    assert tuple(arena["ns"].choices) == tuple(arena["ew"].choices) == (*levels.LEVELS,
                                                                        "baseline")


def test_every_level_has_a_bot_a_setting_and_a_statistics_entry() -> None:
    assert list(BOT_FACTORIES) == list(levels.LEVELS)
    stats = persistence.Stats()
    for level in levels.LEVELS:
        assert make_bot(level).name == level
        assert persistence.Settings(difficulty=level).difficulty == level
        won = stats.with_result(level, 510, 300, True)
        assert won[level].points == levels.RANKING_POINTS[level]
        MatchConfig(ns=level, ew=level, count=1)
    with pytest.raises(ValueError):
        persistence.Settings(difficulty="grandmaster")
    with pytest.raises(ValueError):
        make_bot("grandmaster")


# -- the languages ------------------------------------------------------------------------
def _translation_tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "update_translations_for_test", ROOT / "tools" / "update_translations.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_languages_are_english_and_simplified_chinese() -> None:
    """docs/rules.md §7: English (the source) and Simplified Chinese."""
    assert languages.SUPPORTED == ("en", "zh_CN")
    assert languages.SOURCE_LANGUAGE == "en"
    assert languages.LANGUAGE_SETTINGS == ("system", "en", "zh_CN")
    assert dict(languages.LANGUAGE_NAMES) == {"en": "English", "zh_CN": "简体中文"}


def test_every_layer_takes_the_languages_from_their_home() -> None:
    from spades_desktop.ui import i18n

    assert persistence.LANGUAGES is languages.LANGUAGE_SETTINGS
    assert i18n.SUPPORTED is languages.SUPPORTED
    assert i18n.LANGUAGE_NAMES is languages.LANGUAGE_NAMES
    assert tuple(_translation_tool().LANGUAGES) == languages.SUPPORTED
    for value in languages.LANGUAGE_SETTINGS:
        assert persistence.Settings(language=value).language == value
    with pytest.raises(ValueError):
        persistence.Settings(language="fr")


@pytest.mark.parametrize("code", languages.SUPPORTED)
def test_every_language_has_a_catalogue_and_a_rules_page(code: str) -> None:
    assert (ROOT / "assets" / "translations" / f"spades_{code}.ts").is_file()
    assert (ROOT / "assets" / "help" / f"rules_{code}.html").is_file()


# -- the target range and the floor -------------------------------------------------------
def test_target_range_and_floor_follow_spec() -> None:
    """docs/rules.md §5: default 500; custom 100–1000 in steps of 50; floor −200."""
    assert tuple(range(100, 1001, 50)) == TARGET_CHOICES
    assert DEFAULT_TARGET_SCORE == 500
    assert DEFAULT_FLOOR_SCORE == -200
    assert Rules().target_score == DEFAULT_TARGET_SCORE
    assert Rules().floor_score == DEFAULT_FLOOR_SCORE


def test_settings_take_the_target_range_from_the_rules() -> None:
    assert (settings_module.MIN_TARGET_SCORE, settings_module.MAX_TARGET_SCORE,
            settings_module.TARGET_SCORE_STEP) == (100, 1000, 50)
    assert persistence.Settings().target_score == DEFAULT_TARGET_SCORE
    accepted = [t for t in range(0, 1200, 10)
                if _settings_accept(t)]
    assert tuple(accepted) == TARGET_CHOICES
    for target in TARGET_CHOICES:
        Rules(target_score=target)
        MatchConfig(ns="easy", ew="easy", count=1, target=target)


def _settings_accept(target: int) -> bool:
    try:
        persistence.Settings(target_score=target)
    except ValueError:
        return False
    return True


# -- no second copy -----------------------------------------------------------------------
LEVEL_MAPPINGS = {
    "spades_desktop/bots/__init__.py",            # BOT_FACTORIES: a bot per level
    "spades_desktop/ui/dialogs/new_game.py",      # level_description: a text per level
}
"""Modules allowed a literal naming every level: mappings keyed by level, whose
completeness the tests check (above, and tests/ui/test_dialogs.py)."""


def _literals_naming_all(keys: tuple[str, ...]) -> list[str]:
    """``path:line`` of every tuple, list, set or dict literal in the package whose string
    elements (or keys) include every one of ``keys``."""
    found = []
    for source in sorted(PACKAGE.rglob("*.py")):
        rel = source.relative_to(ROOT).as_posix()
        if rel == "spades_desktop/rc_resources.py":
            continue
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
                items = node.elts
            elif isinstance(node, ast.Dict):
                items = [k for k in node.keys if k is not None]
            else:
                continue
            strings = {i.value for i in items
                       if isinstance(i, ast.Constant) and isinstance(i.value, str)}
            if set(keys) <= strings:
                found.append(f"{rel}:{node.lineno}")
    return found


def test_no_module_writes_its_own_list_of_levels() -> None:
    copies = [f for f in _literals_naming_all(levels.LEVELS)
              if f.split(":")[0] not in LEVEL_MAPPINGS]
    assert not copies, f"take the levels from spades_desktop.levels: {copies}"


def test_no_module_writes_its_own_list_of_languages() -> None:
    copies = [f for f in _literals_naming_all(languages.SUPPORTED)
              if f.split(":")[0] != "spades_desktop/languages.py"]
    assert not copies, f"take the languages from spades_desktop.languages: {copies}"


# -- position facts: the engine's, read everywhere else ---------------------------------------
REDERIVATIONS = {
    "a Nil judged from tricks won (read nil_status)": (
        re.compile(r"tricks_won(\.get\([^)]*\)|\[[^\]]*\])\s*(==|!=|>|<=)\s*0\b"), None),
    "the leader derived (read leader)": (
        re.compile(r"leader\w*\s*=.*(dealer\.left|current_trick\[0\]\[0\]|trick_winners\[-1\])"),
        None),
    "spades broken derived (read spades_broken)": (
        re.compile(r"\b\w*broken\s*=\s*(True\b|\w*broken or\b)"), None),
    "a contract added up from bids (read contract or contract_need)": (
        re.compile(r"\bcontract\s*\+=|\bcontract = 0\b"), None),
    "a running total added up (read running_totals)": (
        re.compile(r"\+=\s*[\w.\[\]]*\.total\b|sum\([^)]*\.total\b"),
        ("spades_desktop/bots/", "spades_desktop/ui/", "spades_desktop/smoke.py")),
}
"""Patterns of a position fact worked out again, and where they are looked for (None: the
whole package but the engine). A hot loop's inline copy of a rule carries the comment
``core.breaks_spades(card), inline`` on the line or the one before
(tests/engine/test_position_facts.py checks those copies)."""

_INLINE_COPY = re.compile(r"core\.breaks_spades\(\w+\), inline")


def _rederivations(source_text: str, pattern: re.Pattern[str]) -> list[int]:
    lines = source_text.splitlines()
    return [i + 1 for i, line in enumerate(lines)
            if pattern.search(line.split("#")[0])
            and not _INLINE_COPY.search(line)
            and not (i and _INLINE_COPY.search(lines[i - 1]))]


@pytest.mark.parametrize("fact", sorted(REDERIVATIONS))
def test_no_layer_derives_a_position_fact_again(fact: str) -> None:
    pattern, where = REDERIVATIONS[fact]
    found = []
    for source in sorted(PACKAGE.rglob("*.py")):
        rel = source.relative_to(ROOT).as_posix()
        if rel.startswith("spades_desktop/engine/") or rel == "spades_desktop/rc_resources.py":
            continue
        if where is not None and not rel.startswith(where):
            continue
        found += [f"{rel}:{n}" for n in _rederivations(source.read_text(encoding="utf-8"),
                                                        pattern)]
    assert not found, f"{fact}: {found}"


@pytest.mark.parametrize(("fact", "line"), [
    ("a Nil judged from tricks won (read nil_status)",
     "    made = record.tricks_won[seat] == 0"),
    ("a Nil judged from tricks won (read nil_status)",
     "    if view.tricks_won.get(partner, 0) == 0:"),
    ("the leader derived (read leader)", "    leader = int(view.dealer.left)"),
    ("the leader derived (read leader)",
     "    leader = view.current_trick[0][0] if view.current_trick else me"),
    ("spades broken derived (read spades_broken)", "            broken = True"),
    ("spades broken derived (read spades_broken)",
     "        broken = broken or c.suit == SPADES"),
    ("a contract added up from bids (read contract or contract_need)",
     "            contract += bid.tricks"),
    ("a running total added up (read running_totals)", "        ns += hand[Team.NS].total"),
])
def test_the_position_fact_patterns_catch_a_rederivation(fact: str, line: str) -> None:
    """Each pattern finds the kind of copy it is there for (as the code had them)."""
    pattern, _ = REDERIVATIONS[fact]
    assert _rederivations(line, pattern) == [1]
    assert _rederivations(f"# core.breaks_spades(card), inline\n{line}", pattern) == []


_RULE_NUMBERS = re.compile(r"\b(50|100|200)\b|\b10 bags\b")
"""The rules' point values (Nil, Blind Nil, the Blind Nil deficit, the bag penalty) and
the bag limit, as an interface text would write them."""


def _translated_texts(tree: ast.AST) -> list[tuple[int, str]]:
    texts = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name not in ("tr", "translate"):
            continue
        for arg in node.args:
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                texts.append((node.lineno, arg.value))
    return texts


def test_interface_texts_take_the_rule_numbers_from_the_rules() -> None:
    """A text that names a point value or the bag limit formats it from the rules core
    (house rules change them), never writes it."""
    found = []
    for source in sorted((PACKAGE / "ui").rglob("*.py")):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        found += [f"{source.relative_to(ROOT)}:{line}: {text!r}"
                  for line, text in _translated_texts(tree) if _RULE_NUMBERS.search(text)]
    assert not found, found
    sample = ast.parse('self.tr("Nil: win no trick for +100")')
    assert [t for _, t in _translated_texts(sample) if _RULE_NUMBERS.search(t)]
