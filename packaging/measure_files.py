#!/usr/bin/env python3
"""Which files of the Linux one-folder build does the game open? (packaging/README.md,
"Smaller").

    python packaging/measure_files.py [dist/spades-desktop]

Runs the built program under ``strace -f -e trace=open,openat`` in three ways, each with
a new data folder and an empty environment:

1. ``--smoke-test``: offscreen, the real main window, a whole hand played by computer
   players, the score sheet;
2. on Xvfb with the ``xcb`` platform plugin until the table's first frame
   (``SPADES_DESKTOP_EXIT_AFTER_FIRST_FRAME=1``), ``LANG=en_US.UTF-8``;
3. the same with ``LANG=zh_CN.UTF-8`` (Chinese user interface, Qt's own translations).

Then lists every file of the build with its size, marked ``used`` if one of the runs
used it (a library: the dynamic loader mapped it, as a dependency or by Qt loading a
plugin, not merely opened to read a plugin's metadata; any other file, e.g. a
translation: opened), and sums up the unused ones. Needs ``strace`` and ``xvfb-run`` (Debian:
``apt-get install strace xvfb xauth``); without ``xvfb-run`` only run 1 is made.

What this cannot see: files only a different desktop would load (the Wayland platform
plugin under a Wayland compositor, the IBus input context with IBus running, the
xdg-desktop-portal theme inside Flatpak/Snap or when asked for) and Python modules, which
sit inside the program's archive and are not separate files.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OPENED = re.compile(r'^(\d+)\s+open(?:at)?\((?:AT_FDCWD, )?"([^"]+)",.*\)\s+=\s+(\d+)')
MAPPED = re.compile(r'^(\d+)\s+mmap\(.*MAP_DENYWRITE.*, (\d+), 0x[0-9a-f]+\)\s+=\s+0x')


def is_elf(path: Path) -> bool:
    with open(path, "rb") as f:
        return f.read(4) == b"\x7fELF"


def run_traced(program: Path, args: list[str], env: dict[str, str], xvfb: bool) -> set[Path]:
    """Run ``program`` under strace; return the real paths of the files it used: a
    library counts when the dynamic loader mapped it (``mmap`` with ``MAP_DENYWRITE``),
    not when Qt only opened it to read a plugin's metadata; any other file counts when it
    was opened."""
    with tempfile.TemporaryDirectory(prefix="spades-measure-") as tmp:
        trace = Path(tmp) / "trace"
        cmd = ["strace", "-f", "-qq", "-e", "trace=open,openat,mmap", "-o", str(trace),
               str(program), *args]
        if xvfb:
            cmd = ["xvfb-run", "-a", "-s", "-screen 0 1280x900x24", *cmd]
        result = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
        if result.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} failed ({result.returncode}):\n"
                             f"{result.stdout}{result.stderr}")
        used: set[Path] = set()
        fds: dict[tuple[str, str], Path] = {}
        for line in trace.read_text(errors="replace").splitlines():
            opened = OPENED.match(line)
            if opened:
                tid, name, fd = opened.groups()
                path = Path(os.path.realpath(name))
                fds[tid, fd] = path
                if path.is_file() and not is_elf(path):
                    used.add(path)
                continue
            mapped = MAPPED.match(line)
            if mapped and tuple(mapped.groups()) in fds:
                used.add(fds[mapped.group(1), mapped.group(2)])
        return used


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=ROOT / "dist" / "spades-desktop")
    parser.add_argument("--all", action="store_true", help="list the used files too")
    args = parser.parse_args(argv)
    folder = args.folder.resolve()
    program = folder / "spades-desktop"
    if shutil.which("strace") is None:
        print("error: strace is missing (apt-get install strace)", file=sys.stderr)
        return 1
    home = tempfile.mkdtemp(prefix="spades-measure-home-")
    base = {"PATH": "/usr/bin:/bin", "HOME": home}
    runs: list[tuple[str, list[str], dict[str, str], bool]] = [
        ("smoke test (offscreen, one hand)", ["--smoke-test"],
         {**base, "LANG": "C.UTF-8"}, False)]
    if shutil.which("xvfb-run"):
        for lang in ("en_US.UTF-8", "zh_CN.UTF-8"):
            data = tempfile.mkdtemp(prefix="spades-measure-data-")
            runs.append((f"Xvfb/xcb first frame, LANG={lang}", ["--data-dir", data],
                         {**base, "LANG": lang, "QT_QPA_PLATFORM": "xcb",
                          "SPADES_DESKTOP_EXIT_AFTER_FIRST_FRAME": "1"}, True))
    else:
        print("warning: xvfb-run is missing: only the smoke test is measured", file=sys.stderr)
    used: set[Path] = {program}  # executed, not opened
    for title, run_args, env, xvfb in runs:
        opened = run_traced(program, run_args, env, xvfb)
        inside = {p for p in opened if p.is_relative_to(folder) and p.is_file()}
        print(f"{title}: {len(inside)} files of the build used")
        used |= inside
    files = sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink())
    unused = [p for p in files if p not in used]
    total = sum(p.stat().st_size for p in files)
    unused_size = sum(p.stat().st_size for p in unused)
    for p in files if args.all else unused:
        mark = "used  " if p in used else "unused"
        print(f"{mark} {p.stat().st_size / 1e3:9.0f} kB  {p.relative_to(folder)}")
    print(f"{len(files)} files, {total / 1e6:.1f} MB; unused: {len(unused)} files, "
          f"{unused_size / 1e6:.1f} MB")
    shutil.rmtree(home, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
