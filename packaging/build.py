#!/usr/bin/env python3
"""Build the installable Spades Desktop for the current platform (packaging/README.md).

    python packaging/build.py            # build, check, archive, run --version/--smoke-test
    python packaging/build.py --no-run   # the same without running the result
    python packaging/build.py --deb      # also the Debian/Ubuntu package (packaging/deb.py)

Needs the project installed with its ``package`` extra in the running Python
(``pip install -e ".[package]"``). Writes:

- ``dist/spades-desktop/``: the one-folder build (on Linux also ``share/`` with the
  ``.desktop`` file and icons, ``install.sh`` and ``README.txt``);
  on macOS also ``dist/Spades Desktop.app``;
- ``dist/spades-desktop-<version>-<os>-<arch>.tar.gz`` (``.zip`` on Windows; on macOS
  the archive holds the ``.app``);
- with ``--deb`` (Debian/Ubuntu): ``dist/spades-desktop_<version>-1_<arch>.deb``;
- ``build/pyinstaller.log``: PyInstaller's full log.

Fails (exit 1, with the reason) when PyInstaller fails, when its log has a WARNING or
ERROR line (e.g. "Library not found"; see ``ALLOWED_WARNINGS``), when the Qt resources
or icons are stale, when a file the game needs is missing from the build, when (Linux) a
bundled library needs a newer C++ runtime than the oldest supported system has or the
trimmed ICU data gives other results than the full data, when the folder or archive is
over budget, or when the built program fails ``--version`` or ``--smoke-test``.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "spades_desktop.spec"
LINUX_FILES = ROOT / "packaging" / "linux"
DIST = ROOT / "dist"
WORK = ROOT / "build"
NAME = "spades-desktop"
APP_BUNDLE = "Spades Desktop.app"

MB = 1_000_000
LINUX = sys.platform.startswith("linux")
WINDOWS = sys.platform == "win32"
MACOS = sys.platform == "darwin"

# Size budgets (10^6 bytes). Linux: measured (packaging/README.md, "Smaller"), then raised
# by what sound measured (QtMultimedia, QtNetwork and the sounds: +6.1 MB folder, +2.4 MB
# archive; packaging/README.md, "Sound"), rounded up to half a MB, for sound alone.
# Windows and macOS builds have not been measured yet: the old budgets stay until they are.
FOLDER_BUDGET_MB = 86.5 if LINUX else 150
ARCHIVE_BUDGET_MB = 34.5 if LINUX else 60

GLIBCXX_FLOOR = (3, 4, 30)
"""Linux: the newest ``GLIBCXX_3.4.x`` a bundled binary may need. libstdc++ is not bundled
(spec, ``SYSTEM_LIBRARIES``); the oldest systems the build runs on (glibc >= 2.36: Debian
12, Ubuntu 22.10, Fedora 37) have GCC 12's libstdc++, which provides up to 3.4.30."""

ALLOWED_WARNINGS: tuple[str, ...] = ()
"""Regular expressions for PyInstaller WARNING lines known to be harmless (none so far:
every warning is an error). Add one only with a comment saying why it is harmless."""

WARNING_LINE = re.compile(r"\b(WARNING|ERROR|CRITICAL)\b|Library not found|could not resolve")


class BuildError(Exception):
    """The build failed; the message says why."""


def log(text: str) -> None:
    print(f"[build] {text}", flush=True)


def platform_tag() -> str:
    """``<os>-<arch>`` for the archive name, e.g. ``linux-x86_64``, ``macos-arm64``."""
    system = "windows" if WINDOWS else "macos" if MACOS else sys.platform.rstrip("0123456789")
    machine = platform.machine().lower()
    machine = {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(machine, machine)
    return f"{system}-{machine}"


def project_version() -> str:
    """The version in pyproject.toml."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    match = re.search(r'(?m)^version\s*=\s*"([^"]+)"', text)
    if not match:
        raise BuildError("no version in pyproject.toml")
    return match.group(1)


def installed_version() -> str:
    """The version pip installed (the one the spec puts in the build), looked up with the
    source tree off sys.path, as the spec does."""
    path = [p for p in sys.path if Path(p or os.getcwd()).resolve() != ROOT]
    for dist in importlib.metadata.distributions(path=path):
        if (dist.metadata["Name"] or "").lower().replace("_", "-") == NAME:
            return dist.version
    raise BuildError('the project is not installed here: pip install -e ".[package]"')


def run_tool(args: list[str], what: str) -> None:
    result = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        raise BuildError(f"{what}:\n{result.stdout}{result.stderr}".rstrip())


def preflight() -> str:
    """Check the inputs; return the version to build."""
    try:
        import PyInstaller
    except ImportError:
        raise BuildError('PyInstaller is missing: pip install -e ".[package]"') from None
    version, installed = project_version(), installed_version()
    if installed != version:
        raise BuildError(f"pyproject.toml says {version} but {installed} is installed: "
                         'pip install -e ".[package]" again')
    log(f"Spades Desktop {version}, Python {platform.python_version()}, "
        f"PyInstaller {PyInstaller.__version__}, {platform_tag()}")
    run_tool(["tools/build_resources.py", "--check"], "the Qt resources are stale")
    run_tool(["tools/make_icons.py", "--check"], "the icons are missing or malformed")
    return version


def pyinstaller() -> None:
    """Run PyInstaller on the spec; fail on any warning in its log."""
    WORK.mkdir(exist_ok=True)
    log_path = WORK / "pyinstaller.log"
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
           "--distpath", str(DIST), "--workpath", str(WORK / "pyinstaller"), str(SPEC)]
    log("running " + " ".join(cmd[1:]))
    started = time.monotonic()
    with open(log_path, "w", encoding="utf-8") as out:
        # Run from the build folder: a source tree on sys.path would shadow the installed
        # metadata (the spec also guards against that).
        code = subprocess.call(cmd, cwd=WORK, stdout=out, stderr=subprocess.STDOUT)
    lines = log_path.read_text(encoding="utf-8", errors="replace").splitlines()
    if code != 0:
        raise BuildError(f"PyInstaller failed ({code}); the end of {log_path}:\n"
                         + "\n".join(lines[-30:]))
    bad = [line for line in lines if WARNING_LINE.search(line)
           and not any(re.search(p, line) for p in ALLOWED_WARNINGS)]
    if bad:
        raise BuildError("PyInstaller warnings are errors here (install the missing "
                         "libraries, see packaging/README.md):\n" + "\n".join(bad))
    log(f"PyInstaller done in {time.monotonic() - started:.0f} s, no warnings")


def required_files(folder: Path) -> list[Path]:
    internal = folder / "_internal"
    qt = internal / "PySide6" / "Qt" / "plugins" if not WINDOWS else \
        internal / "PySide6" / "plugins"
    files: list[Path] = []
    if LINUX:
        files += [folder / NAME, qt / "platforms" / "libqxcb.so",
                  qt / "platforms" / "libqwayland.so", qt / "platforms" / "libqoffscreen.so",
                  qt / "imageformats" / "libqsvg.so", qt / "iconengines" / "libqsvgicon.so"]
    elif WINDOWS:
        files += [folder / f"{NAME}.exe", qt / "platforms" / "qwindows.dll",
                  qt / "imageformats" / "qsvg.dll"]
    elif MACOS:
        files += [folder / NAME, qt / "platforms" / "libqcocoa.dylib",
                  qt / "imageformats" / "libqsvg.dylib"]
    return files


def check_contents(folder: Path, version: str) -> None:
    missing = [str(p.relative_to(folder)) for p in required_files(folder) if not p.exists()]
    metadata = list((folder / "_internal").glob(f"spades_desktop-{version}.dist-info"))
    if not metadata:
        missing.append(f"_internal/spades_desktop-{version}.dist-info")
    if missing:
        raise BuildError("the build lacks: " + ", ".join(missing))


def check_linux_libraries(folder: Path) -> None:
    """No bundled binary needs a C++ runtime newer than :data:`GLIBCXX_FLOOR`, and the
    trimmed ICU data library gives Qt the same English and Chinese results as the wheel's
    (``packaging/icu_data.py --check``)."""
    pattern = re.compile(rb"GLIBCXX_(\d+(?:\.\d+)+)")
    too_new = []
    for path in folder.rglob("*.so*"):
        if path.is_file() and not path.is_symlink():
            for match in set(pattern.findall(path.read_bytes())):
                version = tuple(int(x) for x in match.split(b"."))
                if version > GLIBCXX_FLOOR:
                    too_new.append(f"{path.relative_to(folder)} (GLIBCXX_{match.decode()})")
    if too_new:
        raise BuildError("bundled binaries need a newer libstdc++ than GLIBCXX_"
                         f"{'.'.join(map(str, GLIBCXX_FLOOR))}: " + ", ".join(sorted(too_new)))
    icu = sorted(folder.glob("_internal/PySide6/Qt/lib/libicudata.so.*"))
    if icu:
        result = subprocess.run([sys.executable, str(ROOT / "packaging" / "icu_data.py"),
                                 "--check", str(icu[0])], capture_output=True, text=True)
        if result.returncode != 0:
            raise BuildError(f"the trimmed ICU data: {result.stdout}{result.stderr}".rstrip())
        log(result.stdout.strip())


def add_linux_files(folder: Path, version: str) -> None:
    """The menu entry, icons, install.sh and README.txt beside the program."""
    apps = folder / "share" / "applications"
    apps.mkdir(parents=True, exist_ok=True)
    shutil.copy2(LINUX_FILES / "spades-desktop.desktop", apps)
    hicolor = folder / "share" / "icons" / "hicolor"
    shutil.copytree(ROOT / "assets" / "icons" / "hicolor", hicolor, dirs_exist_ok=True)
    scalable = hicolor / "scalable" / "apps"
    scalable.mkdir(parents=True, exist_ok=True)
    shutil.copy2(ROOT / "assets" / "icons" / "spades-desktop.svg", scalable)
    shutil.copy2(LINUX_FILES / "install.sh", folder / "install.sh")
    (folder / "install.sh").chmod(0o755)
    readme = (LINUX_FILES / "README.txt").read_text(encoding="utf-8")
    readme = readme.replace("@VERSION@", version).replace("@ARCH@", platform.machine())
    (folder / "README.txt").write_text(readme, encoding="utf-8")


def tree_size(path: Path) -> int:
    """Bytes in the files under ``path`` (symbolic links not followed or counted)."""
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def make_archive(source: Path, version: str) -> Path:
    """Pack ``source`` (a folder, or the .app) with its name as the top folder."""
    stem = DIST / f"{NAME}-{version}-{platform_tag()}"
    if WINDOWS:
        archive = stem.with_suffix(".zip")
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
            for path in sorted(source.rglob("*")):
                zf.write(path, path.relative_to(source.parent).as_posix())
        return archive
    archive = Path(f"{stem}.tar.gz")

    def normalise(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        return info

    with tarfile.open(archive, "w:gz", compresslevel=9) as tar:
        tar.add(source, arcname=source.name, filter=normalise)
    return archive


def run_built(program: Path, version: str) -> None:
    """``--version`` and ``--smoke-test`` of the built program, in a clean environment."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTHON", "VIRTUAL_ENV", "QT_", "SPADES_DESKTOP"))}
    result = subprocess.run([str(program), "--version"], capture_output=True, text=True,
                            env=env, timeout=60)
    shown = (result.stdout + result.stderr).strip()
    # The build must hold the compiled rules core (setup.py builds it; a pure-Python
    # install says "(pure-Python rules core)" and is refused here).
    expected = f"{NAME} {version} (compiled rules core)"
    if result.returncode != 0 or (not WINDOWS and shown != expected):
        raise BuildError(f"{program.name} --version gave {result.returncode}: {shown!r}")
    started = time.monotonic()
    result = subprocess.run([str(program), "--smoke-test"], capture_output=True, text=True,
                            env=env, timeout=300)
    if result.returncode != 0 or (not WINDOWS and "SMOKE OK" not in result.stdout):
        raise BuildError(f"{program.name} --smoke-test failed ({result.returncode}):\n"
                         f"{result.stdout}{result.stderr}".rstrip())
    log(f"--version: {shown}; --smoke-test passed in {time.monotonic() - started:.1f} s"
        + (f": {result.stdout.strip()}" if result.stdout.strip() else ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-run", action="store_true",
                        help="do not run --version and --smoke-test on the result")
    parser.add_argument("--deb", action="store_true",
                        help="also build the Debian/Ubuntu package (packaging/deb.py)")
    args = parser.parse_args(argv)
    if args.deb and not LINUX:
        parser.error("--deb needs Linux (Debian or Ubuntu)")
    started = time.monotonic()
    try:
        version = preflight()
        folder = DIST / NAME
        for old in (folder, DIST / APP_BUNDLE):
            shutil.rmtree(old, ignore_errors=True)
        for old in [*DIST.glob(f"{NAME}-*-{platform_tag()}.*"), *DIST.glob(f"{NAME}_*.deb")]:
            old.unlink()
        pyinstaller()
        check_contents(folder, version)
        if LINUX:
            check_linux_libraries(folder)
            add_linux_files(folder, version)
        folder_mb = tree_size(folder) / MB
        source = DIST / APP_BUNDLE if MACOS else folder
        archive = make_archive(source, version)
        archive_mb = archive.stat().st_size / MB
        log(f"{folder.relative_to(ROOT)}: {folder_mb:.1f} MB (budget {FOLDER_BUDGET_MB} MB); "
            f"{archive.relative_to(ROOT)}: {archive_mb:.1f} MB (budget {ARCHIVE_BUDGET_MB} MB)")
        if folder_mb > FOLDER_BUDGET_MB:
            raise BuildError(f"the folder is over budget: {folder_mb:.1f} MB > "
                             f"{FOLDER_BUDGET_MB} MB")
        if archive_mb > ARCHIVE_BUDGET_MB:
            raise BuildError(f"the archive is over budget: {archive_mb:.1f} MB > "
                             f"{ARCHIVE_BUDGET_MB} MB")
        if not args.no_run:
            program = folder / (f"{NAME}.exe" if WINDOWS else NAME)
            if MACOS:
                program = DIST / APP_BUNDLE / "Contents" / "MacOS" / NAME
            run_built(program, version)
        if args.deb:
            sys.path.insert(0, str(ROOT / "packaging"))
            import deb

            started_deb = time.monotonic()
            try:
                package = deb.build_deb(folder, DIST)
            except deb.DebError as exc:
                raise BuildError(f"the .deb: {exc}") from None
            log(f"{package.relative_to(ROOT)}: {package.stat().st_size / MB:.1f} MB "
                f"({time.monotonic() - started_deb:.0f} s)")
    except BuildError as exc:
        print(f"[build] FAILED: {exc}", file=sys.stderr, flush=True)
        return 1
    except subprocess.TimeoutExpired as exc:
        print(f"[build] FAILED: {exc}", file=sys.stderr, flush=True)
        return 1
    log(f"done in {time.monotonic() - started:.0f} s: {archive.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
