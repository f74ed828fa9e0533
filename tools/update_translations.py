#!/usr/bin/env python3
"""Refresh the translations: extract, fill English plurals, compile, rebuild resources.

The Qt Linguist workflow (see ``spades_desktop/ui/i18n.py``):

1. ``pyside6-lupdate`` reads every module of ``spades_desktop`` and updates
   ``assets/translations/spades_zh_CN.ts`` (all messages) and
   ``assets/translations/spades_en.ts`` (plural forms only, ``-pluralonly``), with
   ``-no-obsolete -locations none`` so the diffs stay small and stable. Existing
   translations are kept; a new source text arrives as ``type="unfinished"``.
2. English plural forms of a "(s)" source ("%n trick(s)") are filled in as
   "%n trick" / "%n tricks"; any other new English plural is left for a person.
3. ``pyside6-lrelease`` compiles each ``.ts`` to a ``.qm`` next to it (byte-identical
   output for the same input).
4. ``tools/build_resources.py`` compiles the ``.qm`` files into
   ``spades_desktop/rc_resources.py`` (``:/assets/translations/spades_<lang>.qm``).

Translate new messages by editing ``spades_zh_CN.ts`` (``pyside6-linguist`` or any
text editor), then run this script again.

``--screenshots`` renders the table mid-game in each language, offscreen, to
``docs/table-<lang>.png`` (Chinese needs a CJK font, e.g. Debian's ``fonts-noto-cjk``).

Usage::

    python tools/update_translations.py                # update .ts, compile .qm, resources
    python tools/update_translations.py --check        # exit 1 if stale or untranslated
    python tools/update_translations.py --screenshots  # docs/table-zh_CN.png, table-en.png
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # this checkout's package, also when it is not installed

from spades_desktop.languages import SOURCE_LANGUAGE, SUPPORTED  # noqa: E402

PACKAGE = "spades_desktop"
TRANSLATIONS = "assets/translations"
LANGUAGES = SUPPORTED
"""Every interface language has a catalogue (the list lives in spades_desktop/languages.py)."""
PLURAL_ONLY = {SOURCE_LANGUAGE}
"""Languages whose .ts holds only the plural forms (the source texts are English)."""
LUPDATE_FLAGS = ("-no-obsolete", "-locations", "none")
EXCLUDED = {"spades_desktop/rc_resources.py"}


def ts_path(language: str, root: Path = ROOT) -> Path:
    return root / TRANSLATIONS / f"spades_{language}.ts"


def qm_path(language: str, root: Path = ROOT) -> Path:
    return root / TRANSLATIONS / f"spades_{language}.qm"


def sources(root: Path = ROOT) -> list[str]:
    """Every Python module of the package, as sorted POSIX paths relative to ``root``."""
    found = (p.relative_to(root).as_posix() for p in (root / PACKAGE).rglob("*.py"))
    return sorted(p for p in found if p not in EXCLUDED and "/__pycache__/" not in p)


def tool(name: str) -> str:
    """The path of a PySide6 tool (``pyside6-lupdate``, ``pyside6-lrelease``)."""
    bindir = Path(sys.executable).parent
    for candidate in (bindir / name, bindir / f"{name}.exe"):
        if candidate.is_file():
            return str(candidate)
    found = shutil.which(name)
    if found:
        return found
    raise FileNotFoundError(f"{name} not found (it comes with PySide6-Essentials)")


def _run(cmd: list[str], cwd: Path) -> str:
    result = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{Path(cmd[0]).name} failed ({result.returncode}): "
                           f"{(result.stderr or result.stdout).strip()}")
    return result.stdout


def lupdate(language: str, ts_file: Path, root: Path = ROOT) -> None:
    """Update ``ts_file`` from the package's sources (creating it if missing)."""
    ts_file.parent.mkdir(parents=True, exist_ok=True)
    cmd = [tool("pyside6-lupdate"), *sources(root), "-ts", str(ts_file), *LUPDATE_FLAGS,
           "-source-language", "en", "-target-language", language]
    if language in PLURAL_ONLY:
        cmd.append("-pluralonly")
    _run(cmd, root)


def lrelease(ts_file: Path, qm_file: Path) -> None:
    """Compile ``ts_file`` to ``qm_file``."""
    _run([tool("pyside6-lrelease"), "-silent", str(ts_file), "-qm", str(qm_file)],
         ts_file.parent)


_PLURAL_S = re.compile(r"\(s\)")


def english_forms(source: str) -> tuple[str, str] | None:
    """Singular and plural of a "(s)" source text, e.g. "%n trick(s)" →
    ("%n trick", "%n tricks"); None when the source has no "(s)"."""
    if not _PLURAL_S.search(source):
        return None
    return _PLURAL_S.sub("", source), _PLURAL_S.sub("s", source)


def fill_english_plurals(ts_file: Path) -> int:
    """Fill unfinished English plural messages of a "(s)" source; returns how many.

    Only the ``<numerusform>`` elements of unfinished messages are touched; the
    file is rewritten in lupdate's layout by the next lupdate run.
    """
    text = ts_file.read_text(encoding="utf-8")
    count = 0

    def fill(match: re.Match[str]) -> str:
        nonlocal count
        block = match.group(0)
        source = re.search(r"<source>(.*?)</source>", block, re.S)
        if source is None or 'type="unfinished"' not in block:
            return block
        forms = english_forms(_unescape(source.group(1)))
        if forms is None:
            return block
        count += 1
        one, many = (_escape(f) for f in forms)
        return re.sub(
            r'<translation type="unfinished">.*?</translation>',
            lambda _m: (f"<translation>\n            <numerusform>{one}</numerusform>\n"
                        f"            <numerusform>{many}</numerusform>\n"
                        f"        </translation>"),
            block, flags=re.S)

    new = re.sub(r'<message numerus="yes">.*?</message>', fill, text, flags=re.S)
    if new != text:
        ts_file.write_text(new, encoding="utf-8", newline="\n")
    return count


def _unescape(text: str) -> str:
    return (text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"')
            .replace("&apos;", "'").replace("&amp;", "&"))


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


@dataclass(frozen=True)
class Problem:
    """A message that is not ready: its context, source text and what is wrong."""

    context: str
    source: str
    issue: str

    def __str__(self) -> str:
        return f"[{self.context}] {self.source!r}: {self.issue}"


def problems(ts_file: Path) -> list[Problem]:
    """Unfinished, empty, obsolete or vanished messages in ``ts_file``, and numerus
    messages whose forms are missing or empty."""
    found = []
    root = ET.parse(ts_file).getroot()
    for context in root.iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            source = message.findtext("source") or ""
            translation = message.find("translation")
            if translation is None:
                found.append(Problem(name, source, "no translation"))
                continue
            kind = translation.get("type")
            if kind in ("unfinished", "obsolete", "vanished"):
                found.append(Problem(name, source, kind))
                continue
            if message.get("numerus") == "yes":
                forms = [f.text or "" for f in translation.iter("numerusform")]
                if not forms or not all(f.strip() for f in forms):
                    found.append(Problem(name, source, "a plural form is empty"))
            elif not (translation.text or "").strip():
                found.append(Problem(name, source, "empty translation"))
    return found


def _load_build_resources():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("build_resources",
                                                  ROOT / "tools" / "build_resources.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def update(root: Path = ROOT, build: bool = True) -> list[str]:
    """Update every .ts, fill English plurals, compile the .qm files and (with
    ``build``) rebuild the resources. Returns one line per file for the log."""
    log = []
    for language in LANGUAGES:
        ts_file = ts_path(language, root)
        lupdate(language, ts_file, root)
        if language == "en":
            filled = fill_english_plurals(ts_file)
            if filled:
                lupdate(language, ts_file, root)  # back to lupdate's own layout
                log.append(f"filled {filled} English plural form(s)")
        lrelease(ts_file, qm_path(language, root))
        left = problems(ts_file)
        log.append(f"{ts_file.relative_to(root)}: {len(left)} message(s) to translate")
    if build:
        files = _load_build_resources().build(root)
        log.append(f"resources rebuilt ({len(files)} files)")
    return log


def check(root: Path = ROOT) -> list[str]:
    """Regenerate into a temporary folder; return what is stale or untranslated."""
    found = []
    with tempfile.TemporaryDirectory(prefix="spades-i18n-") as tmp:
        for language in LANGUAGES:
            committed = ts_path(language, root)
            if not committed.is_file():
                found.append(f"{committed.relative_to(root)} is missing")
                continue
            fresh = Path(tmp) / committed.name
            shutil.copyfile(committed, fresh)
            lupdate(language, fresh, root)
            for problem in problems(fresh):
                found.append(f"{committed.relative_to(root)}: {problem}")
            if fresh.read_bytes() != committed.read_bytes():
                found.append(f"{committed.relative_to(root)} is not up to date with the "
                             "sources")
            compiled = Path(tmp) / f"spades_{language}.qm"
            lrelease(committed, compiled)
            qm = qm_path(language, root)
            if not qm.is_file() or qm.read_bytes() != compiled.read_bytes():
                found.append(f"{qm.relative_to(root)} is not compiled from its .ts")
    found += _load_build_resources().check(root)
    return found


SCREENSHOT_GAME = 2024
"""The game number of the screenshots (hand 2: South deals and bids last)."""
SCREENSHOT_SIZE = (1100, 760)


def play_normal(game_number: int, done):  # type: ignore[no-untyped-def]
    """Normal bots play game ``game_number`` from its start until ``done(state)`` is
    true: the state and the actions (so a window can resume it). Also used by
    ``tools/screenshots.py``."""
    from spades_desktop.bots import make_bot
    from spades_desktop.engine import Rules, apply_action, new_game, observe

    bot = make_bot("normal")
    state = new_game(Rules(), game_number)
    actions = []
    while not done(state):
        seat = state.current_player
        assert seat is not None
        action = bot.choose_action(observe(state, seat), game_number)
        state = apply_action(state, action)
        actions.append(action)
    return state, actions


def screenshot_position(game_number: int = SCREENSHOT_GAME):  # type: ignore[no-untyped-def]
    """A game played by Normal bots through hand 1 and to South's bid in hand 2: the
    state and the actions (so the window can resume it)."""
    from spades_desktop.engine import Seat

    return play_normal(game_number, lambda state: state.hand_number >= 2
                       and state.current_player == Seat.SOUTH)


def render_table(language: str, path: Path, size: tuple[int, int] = SCREENSHOT_SIZE) -> Path:
    """Render the main window at :func:`screenshot_position` in ``language`` to ``path``
    (PNG). Needs a QApplication; installs the language's translators (and leaves them)."""
    from PySide6.QtCore import QCoreApplication, QEventLoop

    import spades_desktop.rc_resources  # noqa: F401  (registers :/assets)
    from spades_desktop.controller import GameController
    from spades_desktop.persistence import Settings
    from spades_desktop.ui import i18n
    from spades_desktop.ui.main_window import MainWindow

    result = i18n.apply_language(language)
    if result.language != language:
        raise RuntimeError(f"{language} could not be used (is a CJK font installed?)")
    state, actions = screenshot_position()
    controller = GameController(None)
    window = MainWindow(controller, Settings(animation_speed=0.0, language=language), None)
    try:
        window.resize(*size)
        window.show()
        controller.resume(state, actions, "normal")
        for _ in range(20):
            QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        path.parent.mkdir(parents=True, exist_ok=True)
        if not window.grab().save(str(path), "PNG"):
            raise RuntimeError(f"could not write {path}")
    finally:
        controller.shutdown()
        window.close()
        window.deleteLater()
    return path


def screenshots(root: Path = ROOT) -> list[Path]:
    """docs/table-<lang>.png for every language (offscreen)."""
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0]])
    paths = [render_table(lang, root / "docs" / f"table-{lang}.png") for lang in LANGUAGES]
    del app
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Refresh the translations.")
    parser.add_argument("--check", action="store_true",
                        help="only verify that translations and resources are up to date")
    parser.add_argument("--screenshots", action="store_true",
                        help="render docs/table-<lang>.png (offscreen) instead")
    args = parser.parse_args(argv)
    if args.screenshots:
        for path in screenshots():
            print(f"wrote {path.relative_to(ROOT)}")
        return 0
    if args.check:
        found = check()
        for line in found:
            print(f"error: {line}", file=sys.stderr)
        if found:
            print("translate the messages in assets/translations/*.ts, then run: "
                  "python tools/update_translations.py", file=sys.stderr)
            return 1
        print("translations and resources are up to date")
        return 0
    for line in update():
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
