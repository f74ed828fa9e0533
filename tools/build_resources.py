#!/usr/bin/env python3
"""Regenerate ``resources.qrc`` and compile it to ``spades_desktop/rc_resources.py``.

The .qrc lists every file under ``assets/cards`` (with the four-colour deck's
``assets/cards/four-colour``) and ``assets/icons``, the help pages
``assets/help/*.html``, the sounds ``assets/sounds/*.wav`` and the catalogues
``assets/translations/*.qm`` under the prefix
``/``, so a card loads as ``:/assets/cards/AS.svg`` and the rules as
``:/assets/help/rules_en.html``. Compilation uses PySide6's ``rcc`` with
``--compress-algo zlib`` and a fixed ``SOURCE_DATE_EPOCH`` so the output is
reproducible (rcc embeds each file's modification time otherwise).

Usage::

    python tools/build_resources.py          # rewrite resources.qrc and rc_resources.py
    python tools/build_resources.py --check  # exit 1 if either committed file is stale
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parent.parent
QRC = "resources.qrc"
RC_MODULE = "spades_desktop/rc_resources.py"
PATTERNS = (
    "assets/cards/*.svg",
    "assets/cards/four-colour/*.svg",
    "assets/icons/*.svg",
    "assets/icons/*.png",
    "assets/help/*.html",
    "assets/sounds/*.wav",
    "assets/translations/*.qm",
)
# rcc names its Qt version in the header; that line is ignored by --check.
VERSION_LINE = "# Created by: The Resource Compiler for Qt version"


def collect(root: Path = ROOT) -> list[str]:
    """The resource files, as sorted POSIX paths relative to ``root``."""
    files: set[str] = set()
    for pattern in PATTERNS:
        files.update(p.relative_to(root).as_posix() for p in root.glob(pattern) if p.is_file())
    return sorted(files)


def qrc_text(files: list[str], aliases: dict[str, str] | None = None) -> str:
    """The .qrc XML for ``files``; ``aliases`` maps a file to the path rcc should read."""
    lines = ["<!DOCTYPE RCC>", '<RCC version="1.0">', '  <qresource prefix="/">']
    for name in files:
        if aliases and name in aliases:
            lines.append(f'    <file alias="{escape(name)}">{escape(aliases[name])}</file>')
        else:
            lines.append(f"    <file>{escape(name)}</file>")
    lines += ["  </qresource>", "</RCC>", ""]
    return "\n".join(lines)


def rcc_command() -> list[str]:
    """A command line that runs PySide6's rcc with the Python generator."""
    bindir = Path(sys.executable).parent
    for name in ("pyside6-rcc", "pyside6-rcc.exe"):
        wrapper = bindir / name
        if wrapper.is_file():
            return [str(wrapper)]  # adds "-g python" itself
    import PySide6  # the wrapper is missing (e.g. python not run from a venv's bin)

    package = Path(PySide6.__file__).resolve().parent
    for binary in (package / "Qt" / "libexec" / "rcc", package / "rcc.exe", package / "rcc"):
        if binary.is_file():
            return [str(binary), "-g", "python"]
    raise RuntimeError("cannot find PySide6's rcc (is PySide6 installed?)")


# rcc stores every file's mtime unless SOURCE_DATE_EPOCH (or
# QT_RCC_SOURCE_DATE_OVERRIDE) is set -- but it treats the value 0 as "unset",
# so SOURCE_DATE_EPOCH=0 would leak checkout times into the output. One second
# past the epoch is the closest reproducible stamp.
SOURCE_DATE_EPOCH = "1"


def compile_qrc(qrc: Path, output: Path) -> None:
    env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH)
    env.pop("QT_RCC_SOURCE_DATE_OVERRIDE", None)
    cmd = [*rcc_command(), "--compress-algo", "zlib", "-o", str(output), str(qrc)]
    result = subprocess.run(cmd, env=env, cwd=qrc.parent, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"rcc failed ({result.returncode}): {result.stderr.strip()}")


def _normalised(text: str) -> list[str]:
    return [line for line in text.splitlines() if not line.startswith(VERSION_LINE)]


def build(root: Path = ROOT) -> list[str]:
    """Rewrite ``resources.qrc`` and the compiled module; return the listed files."""
    files = collect(root)
    (root / QRC).write_text(qrc_text(files), encoding="utf-8", newline="\n")
    output = root / RC_MODULE
    output.parent.mkdir(parents=True, exist_ok=True)
    compile_qrc(root / QRC, output)
    return files


def check(root: Path = ROOT) -> list[str]:
    """Regenerate into a temporary directory; return a list of stale-file problems."""
    problems = []
    files = collect(root)
    if not files:
        problems.append("no resource files found under assets/")
    qrc_path = root / QRC
    expected_qrc = qrc_text(files)
    if not qrc_path.is_file():
        problems.append(f"{QRC} is missing")
    elif qrc_path.read_text(encoding="utf-8").splitlines() != expected_qrc.splitlines():
        problems.append(f"{QRC} does not list exactly the files in assets/")
    module_path = root / RC_MODULE
    with tempfile.TemporaryDirectory(prefix="spades-rcc-") as tmp:
        # Same resource names as the real .qrc, read from the real files.
        aliases = {name: (root / name).resolve().as_posix() for name in files}
        tmp_qrc = Path(tmp) / QRC
        tmp_qrc.write_text(qrc_text(files, aliases), encoding="utf-8", newline="\n")
        tmp_module = Path(tmp) / "rc_resources.py"
        compile_qrc(tmp_qrc, tmp_module)
        expected = _normalised(tmp_module.read_text(encoding="utf-8"))
    if not module_path.is_file():
        problems.append(f"{RC_MODULE} is missing")
    elif _normalised(module_path.read_text(encoding="utf-8")) != expected:
        problems.append(f"{RC_MODULE} is out of date with assets/")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the Qt resource module.")
    parser.add_argument(
        "--check", action="store_true", help="only verify the committed files are up to date"
    )
    args = parser.parse_args(argv)
    if args.check:
        problems = check()
        for problem in problems:
            print(f"error: {problem}", file=sys.stderr)
        if problems:
            print("run: python tools/build_resources.py", file=sys.stderr)
            return 1
        print(f"{QRC} and {RC_MODULE} are up to date")
        return 0
    files = build()
    print(f"wrote {QRC} ({len(files)} files) and {RC_MODULE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
