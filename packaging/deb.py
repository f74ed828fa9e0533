#!/usr/bin/env python3
"""Turn the Linux one-folder build into a Debian/Ubuntu package (packaging/README.md).

    python packaging/deb.py               # dist/spades-desktop -> dist/spades-desktop_<v>-1_<a>.deb
    python packaging/deb.py --revision 2  # the same program as package revision 2
    python packaging/build.py --deb       # build the folder, then this

Needs a Debian or Ubuntu build machine (``dpkg-deb``, ``dpkg -S``, ``ldconfig``) and
binutils' ``readelf``. The package holds:

- ``/opt/spades-desktop/``: the program folder exactly as built (``spades-desktop`` and
  ``_internal/``), and the command ``/usr/bin/spades-desktop`` (a symbolic link to it);
- ``/usr/share/applications/spades-desktop.desktop``, the hicolor icons (16–512 px and
  scalable) and ``/usr/share/metainfo/<APP_ID>.metainfo.xml`` (AppStream);
- ``/usr/share/doc/spades-desktop/``: ``copyright`` (the game's license and every bundled
  component's, with the Debian copyright files of the libraries copied from the build
  machine) and ``changelog.Debian.gz``.

``Depends:`` is worked out from the program itself: every library that a bundled binary
links (``DT_NEEDED``) and the folder does not carry is looked up on the build machine
(``ldconfig -p``) and mapped to its Debian package (``dpkg -S``): glibc, the C++ runtime,
libGL/libEGL, libxcb, Wayland's client libraries. ``libc6`` gets the newest
``GLIBC_2.x`` symbol version the binaries use, ``libstdc++6`` the GCC release of the
newest ``GLIBCXX_3.4.x``. ``libfontconfig1`` is added by hand: Qt finds fonts through the
bundled fontconfig, which reads the system's ``/etc/fonts`` (package fontconfig-config,
which also pulls in a font). ``Recommends: fonts-noto-cjk`` for the Chinese interface.

No maintainer scripts: dpkg's triggers refresh the icon cache and the menu, and the
player's files live in ``~/.local/share/SpadesDesktop``, which the package never touches
(so they survive upgrades and removal).
"""

from __future__ import annotations

import argparse
import datetime as dt
import gzip
import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINUX_FILES = ROOT / "packaging" / "linux"
NAME = "spades-desktop"
APP_ID = "org.spadesdesktop.SpadesDesktop"
"""The AppStream component id, the same as the macOS bundle identifier (spec)."""
PREFIX = Path("opt") / NAME
DEFAULT_REPOSITORY = "spades-desktop/spades-desktop"
"""``OWNER/NAME`` on GitHub for the metainfo's homepage and screenshot URLs when neither
``--repository``, ``SPADES_DESKTOP_REPOSITORY`` nor ``GITHUB_REPOSITORY`` (set by GitHub
Actions) says otherwise. A placeholder until the project is published."""
MAINTAINER = "Spades Desktop maintainers <maintainers@spades-desktop.invalid>"
"""``Maintainer:`` unless ``DEBFULLNAME``/``DEBEMAIL`` are set (the Debian convention)."""

GCC_OF_GLIBCXX = {26: 9, 27: 9, 28: 10, 29: 11, 30: 12, 31: 13, 32: 14, 33: 15}
"""``GLIBCXX_3.4.N`` -> the GCC release that introduced it (libstdc++6's version)."""

EXTRA_DEPENDS = ["libfontconfig1"]
RECOMMENDS = ["fonts-noto-cjk"]

DESCRIPTION = """\
Spades card game against three computer players
 An offline game of Spades: four players in two partnerships, bidding, Nil,
 bags, spades always trump. You sit South and play with your partner North
 against West and East, three computer players at Easy, Normal or Expert, to
 the target score you choose. Animated table, bid advice, exact and
 configurable rules, score sheet and statistics; the game is saved after every
 bid and card. English and Simplified Chinese.
 .
 The program is self-contained (its own Python and Qt) in /opt/spades-desktop."""


class DebError(Exception):
    """The package cannot be built; the message says why."""


def log(text: str) -> None:
    print(f"[deb] {text}", flush=True)


def tool(name: str) -> str:
    """The path of a command, also from /sbin and /usr/sbin (ldconfig) when PATH lacks them."""
    found = shutil.which(name) or shutil.which(name, path="/usr/sbin:/sbin")
    if found is None:
        raise DebError(f"'{name}' is missing: a .deb is built on Debian or Ubuntu "
                       "(readelf: apt-get install binutils)")
    return found


def run(cmd: list[str], env: dict[str, str] | None = None) -> str:
    cmd = [tool(cmd[0]), *cmd[1:]]
    result = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if result.returncode != 0:
        raise DebError(f"{' '.join(cmd)} failed ({result.returncode}):\n"
                       f"{result.stdout}{result.stderr}".rstrip())
    return str(result.stdout)


def debian_version(version: str, revision: str) -> str:
    """A Python version as a Debian version: pre-releases sort before the release.

    >>> debian_version("0.1.0", "1"), debian_version("1.2rc1", "2")
    ('0.1.0-1', '1.2~rc1-2')
    >>> debian_version("1.0.dev3", "1"), debian_version("1.0.post1", "1")
    ('1.0~dev3-1', '1.0+post1-1')
    """
    upstream = re.sub(r"\.?(a|b|rc|dev)(\d*)", r"~\1\2", version)
    upstream = re.sub(r"\.?post(\d*)", r"+post\1", upstream)
    return f"{upstream}-{revision}"


def folder_version(folder: Path) -> str:
    """The version of the build in ``folder`` (its copied package metadata)."""
    found = sorted((folder / "_internal").glob("spades_desktop-*.dist-info"))
    if len(found) != 1:
        raise DebError(f"{folder} holds no single spades_desktop-*.dist-info: build it first "
                       "(python packaging/build.py)")
    dist = importlib.metadata.PathDistribution(found[0])
    return str(dist.version)


# -- the libraries: what is bundled, what the system must provide ------------------------

def elf_files(folder: Path) -> list[Path]:
    files = []
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with open(path, "rb") as f:
                if f.read(4) == b"\x7fELF":
                    files.append(path)
    return files


def needed(path: Path) -> list[str]:
    """The ``DT_NEEDED`` entries of an ELF file."""
    out = run(["readelf", "-dW", str(path)])
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", out)


def system_libraries() -> dict[str, Path]:
    """soname -> path of the build machine's libraries for this architecture."""
    arch = {"x86_64": "x86-64", "aarch64": "AArch64"}.get(os.uname().machine, "")
    libs: dict[str, Path] = {}
    for line in run(["ldconfig", "-p"]).splitlines()[1:]:
        match = re.match(r"\s*(\S+) \(([^)]*)\) => (\S+)", line)
        if match and (not arch or arch in match.group(2)):
            libs.setdefault(match.group(1), Path(match.group(3)))
    return libs


def owning_package(path: Path) -> tuple[str, str]:
    """The Debian package (name, version) that installed ``path`` (also under /usr-merge,
    where the package may list ``/lib/...`` for ``/usr/lib/...``)."""
    candidates = [path, path.resolve()]
    for p in list(candidates):
        text = str(p)
        if text.startswith("/usr/lib/"):
            candidates.append(Path(text[len("/usr"):]))
        elif text.startswith("/lib/"):
            candidates.append(Path("/usr" + text))
    for p in candidates:
        result = subprocess.run([tool("dpkg"), "-S", str(p)], capture_output=True, text=True)
        if result.returncode == 0:
            package = result.stdout.split(":")[0].strip()
            version = run(["dpkg-query", "-W", "-f", "${Version}", package]).strip()
            return package, version
    raise DebError(f"no Debian package owns {path}")


def max_symbol_version(files: list[Path], prefix: bytes) -> tuple[int, ...] | None:
    """The highest ``<prefix>X.Y.Z`` symbol version named in ``files``."""
    best: tuple[int, ...] | None = None
    pattern = re.compile(re.escape(prefix) + rb"(\d+(?:\.\d+)*)")
    for path in files:
        for match in pattern.finditer(path.read_bytes()):
            version = tuple(int(x) for x in match.group(1).split(b"."))
            best = version if best is None or version > best else best
    return best


def analyse(folder: Path) -> tuple[list[str], dict[str, tuple[str, str]]]:
    """``Depends:`` entries for what the folder needs from the system, and for each
    bundled library copied from the build machine its Debian (package, version)."""
    files = elf_files(folder)
    bundled = {p.name for p in folder.rglob("*")}
    system = system_libraries()
    external = sorted({lib for f in files for lib in needed(f)} - bundled)
    packages: dict[str, str] = {}
    for soname in external:
        if soname.startswith("ld-linux"):
            packages["libc6"] = ""
            continue
        if soname not in system:
            raise DebError(f"{soname}, needed by the build, is not installed here")
        packages[owning_package(system[soname])[0]] = ""
    glibc = max_symbol_version(files, b"GLIBC_")
    if glibc and "libc6" in packages:
        packages["libc6"] = f" (>= {'.'.join(map(str, glibc))})"
    glibcxx = max_symbol_version(files, b"GLIBCXX_3.4.")
    if glibcxx and "libstdc++6" in packages and glibcxx[0] in GCC_OF_GLIBCXX:
        packages["libstdc++6"] = f" (>= {GCC_OF_GLIBCXX[glibcxx[0]]})"
    for extra in EXTRA_DEPENDS:
        packages.setdefault(extra, "")
    depends = [f"{name}{constraint}" for name, constraint in sorted(packages.items())]

    origins: dict[str, tuple[str, str]] = {}
    internal = folder / "_internal"
    for path in sorted(internal.iterdir()):
        if path.is_symlink() or not path.is_file() or ".so" not in path.name:
            continue
        if path.name.startswith("libpython"):
            continue
        if path.name not in system:
            raise DebError(f"_internal/{path.name} is not a library of this machine: "
                           "its origin and license are unknown")
        origins[path.name] = owning_package(system[path.name])
    return depends, origins


# -- the package's files ------------------------------------------------------------------

def release_date() -> str:
    """``SOURCE_DATE_EPOCH``, else the date of the checked-out commit, else today."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        return dt.datetime.fromtimestamp(int(epoch), dt.timezone.utc).date().isoformat()
    result = subprocess.run(["git", "log", "-1", "--format=%cs"], cwd=ROOT,
                            capture_output=True, text=True)
    if result.returncode == 0 and re.fullmatch(r"\d{4}-\d\d-\d\d", result.stdout.strip()):
        return result.stdout.strip()
    return dt.date.today().isoformat()


def metainfo(version: str, repository: str) -> str:
    text = (LINUX_FILES / "spades-desktop.metainfo.xml").read_text(encoding="utf-8")
    for key, value in {"APP_ID": APP_ID, "VERSION": version, "DATE": release_date(),
                       "REPOSITORY": repository}.items():
        text = text.replace(f"@{key}@", value)
    if "@" in re.sub(r"<!--.*?-->", "", text, flags=re.S):
        raise DebError("the metainfo template has a placeholder left")
    return text


PYTHON_LICENSE_CANDIDATES = ("LICENSE.txt", "LICENSE")


def copyright_text(version: str, origins: dict[str, tuple[str, str]],
                   repository: str) -> tuple[str, dict[str, Path]]:
    """The ``copyright`` file and the license documents to install beside it."""
    import platform

    documents: dict[str, Path] = {}
    stdlib = Path(sys.base_prefix) / "lib" / f"python{sys.version_info[0]}.{sys.version_info[1]}"
    for name in PYTHON_LICENSE_CANDIDATES:
        if (stdlib / name).is_file():
            documents["licenses/Python.txt"] = stdlib / name
            break
    try:
        pd = importlib.metadata.distribution("platformdirs")
        pd_license = next((Path(str(pd.locate_file(f))) for f in pd.files or []
                           if "LICENSE" in f.name.upper()), None)
        pd_version = pd.version
    except importlib.metadata.PackageNotFoundError:
        pd_license, pd_version = None, "?"
    if pd_license and pd_license.is_file():
        documents["licenses/platformdirs.txt"] = pd_license
    try:
        qt_version = importlib.metadata.version("PySide6-Essentials")
    except importlib.metadata.PackageNotFoundError:
        qt_version = "?"
    by_package: dict[tuple[str, str], list[str]] = {}
    for lib, origin in origins.items():
        by_package.setdefault(origin, []).append(lib)
    for (package, _), _libs in by_package.items():
        source = Path("/usr/share/doc") / package / "copyright"
        if not source.is_file():
            raise DebError(f"{source} is missing: the license of {package} cannot be shipped")
        documents[f"bundled/{package}.copyright"] = source
    python_license = ("licenses/Python.txt" if "licenses/Python.txt" in documents
                      else "https://docs.python.org/3/license.html")
    pd_text = ("licenses/platformdirs.txt" if "licenses/platformdirs.txt" in documents
               else "https://github.com/tox-dev/platformdirs/blob/main/LICENSE")
    mit = (LINUX_FILES / "LICENSE.txt").read_text(encoding="utf-8")
    lines = [
        f"Spades Desktop {version}",
        f"Source: https://github.com/{repository}",
        "",
        "Copyright: the Spades Desktop contributors",
        "License: MIT",
        "",
        *("  " + line if line else "" for line in mit.splitlines()),
        "",
        "The program in /opt/spades-desktop bundles the following components. Their",
        "license documents are in /usr/share/doc/spades-desktop (licenses/, bundled/);",
        "the GNU licenses are in /usr/share/common-licenses.",
        "",
        f"- Python {platform.python_version()} (libpython, standard library modules in",
        "  _internal/python*, base_library.zip, the program's archive):",
        f"  Python Software Foundation License 2 - {python_license}",
        f"- Qt {qt_version}, PySide6 and Shiboken6 (_internal/PySide6, _internal/shiboken6,",
        "  from the PySide6-Essentials wheel): LGPL-3.0-only OR GPL-2.0-only OR",
        "  GPL-3.0-only - /usr/share/common-licenses/LGPL-3, GPL-2, GPL-3. They are",
        "  separate shared libraries that can be replaced by other builds of the same",
        "  version. Source: https://download.qt.io/official_releases/qt/ and",
        "  https://code.qt.io/cgit/pyside/pyside-setup.git/",
        "- ICU 73 (_internal/PySide6/Qt/lib/libicu*, from the same wheel; its data",
        "  library reduced to English and Chinese by packaging/icu_data.py): the Unicode",
        "  license - https://github.com/unicode-org/icu/blob/release-73-2/LICENSE",
        f"- platformdirs {pd_version}: MIT - {pd_text}",
        "- Libraries copied from the build machine's Debian packages (each package's",
        "  copyright file is in bundled/<package>.copyright):",
    ]
    for (package, package_version), libs in sorted(by_package.items()):
        lines.append(f"    {package} {package_version}: {', '.join(sorted(libs))}")
    return "\n".join(lines) + "\n", documents


def changelog(package_version: str) -> bytes:
    date = release_date()
    stamp = dt.datetime.fromisoformat(date).replace(tzinfo=dt.timezone.utc)
    text = (f"{NAME} ({package_version}) unstable; urgency=medium\n\n"
            f"  * Spades Desktop {package_version.rsplit('-', 1)[0]}, built from the "
            "one-folder program.\n\n"
            f" -- {maintainer()}  {stamp.strftime('%a, %d %b %Y %H:%M:%S +0000')}\n")
    return gzip.compress(text.encode(), compresslevel=9, mtime=0)


def maintainer() -> str:
    name, email = os.environ.get("DEBFULLNAME"), os.environ.get("DEBEMAIL")
    return f"{name} <{email}>" if name and email else MAINTAINER


def architecture() -> str:
    return run(["dpkg", "--print-architecture"]).strip()


def installed_size_kib(root: Path) -> int:
    total = 0
    for path in root.rglob("*"):
        if "DEBIAN" in path.relative_to(root).parts[:1]:
            continue
        total += 1 if path.is_symlink() or path.is_dir() else -(-path.stat().st_size // 1024)
    return total


def stage(folder: Path, root: Path, version: str, revision: str, repository: str) -> str:
    """Lay out the package's files under ``root``; return the Debian version."""
    package_version = debian_version(version, revision)
    app = root / PREFIX
    app.mkdir(parents=True)
    shutil.copy2(folder / NAME, app / NAME)
    shutil.copytree(folder / "_internal", app / "_internal", symlinks=True)
    usr = root / "usr"
    (usr / "bin").mkdir(parents=True)
    (usr / "bin" / NAME).symlink_to(f"/{PREFIX}/{NAME}")
    share = usr / "share"
    (share / "applications").mkdir(parents=True)
    shutil.copy2(LINUX_FILES / "spades-desktop.desktop", share / "applications")
    hicolor = share / "icons" / "hicolor"
    shutil.copytree(ROOT / "assets" / "icons" / "hicolor", hicolor)
    (hicolor / "scalable" / "apps").mkdir(parents=True)
    shutil.copy2(ROOT / "assets" / "icons" / "spades-desktop.svg", hicolor / "scalable" / "apps")
    (share / "metainfo").mkdir()
    (share / "metainfo" / f"{APP_ID}.metainfo.xml").write_text(
        metainfo(version, repository), encoding="utf-8")

    depends, origins = analyse(folder)
    doc = share / "doc" / NAME
    doc.mkdir(parents=True)
    text, documents = copyright_text(version, origins, repository)
    (doc / "copyright").write_text(text, encoding="utf-8")
    for target, source in documents.items():
        (doc / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, doc / target)
    (doc / "changelog.Debian.gz").write_bytes(changelog(package_version))

    for path in root.rglob("*"):  # folders and the program 755, all else (libraries too) 644
        if not path.is_symlink():
            path.chmod(0o755 if path.is_dir() or path == app / NAME else 0o644)

    control = root / "DEBIAN"
    control.mkdir()
    fields = {
        "Package": NAME,
        "Version": package_version,
        "Architecture": architecture(),
        "Maintainer": maintainer(),
        "Installed-Size": str(installed_size_kib(root)),
        "Depends": ", ".join(depends),
        "Recommends": ", ".join(RECOMMENDS),
        "Section": "games",
        "Priority": "optional",
        "Homepage": f"https://github.com/{repository}",
        "Description": DESCRIPTION,
    }
    (control / "control").write_text(
        "".join(f"{k}: {v}\n" for k, v in fields.items()), encoding="utf-8")
    log(f"Depends: {fields['Depends']}")
    return package_version


def build_deb(folder: Path, out_dir: Path, revision: str = "1", repository: str | None = None,
              compression: str = "xz") -> Path:
    """Build the ``.deb`` of the program in ``folder`` into ``out_dir``; return its path."""
    for name in ("dpkg-deb", "dpkg", "dpkg-query", "ldconfig", "readelf"):
        tool(name)
    if not (folder / NAME).is_file() or not (folder / "_internal").is_dir():
        raise DebError(f"{folder} is not a one-folder build: run packaging/build.py first")
    repository = (repository or os.environ.get("SPADES_DESKTOP_REPOSITORY")
                  or os.environ.get("GITHUB_REPOSITORY") or DEFAULT_REPOSITORY)
    version = folder_version(folder)
    with tempfile.TemporaryDirectory(prefix="spades-deb-") as tmp:
        root = Path(tmp) / "root"
        package_version = stage(folder, root, version, revision, repository)
        out_dir.mkdir(parents=True, exist_ok=True)
        deb = out_dir / f"{NAME}_{package_version}_{architecture()}.deb"
        level = {"xz": "6", "gzip": "6", "none": "0"}[compression]
        env = dict(os.environ)
        env.setdefault("SOURCE_DATE_EPOCH", str(int(dt.datetime.fromisoformat(
            release_date()).replace(tzinfo=dt.timezone.utc).timestamp())))
        run(["dpkg-deb", "--root-owner-group", f"-Z{compression}", f"-z{level}",
             "--build", str(root), str(deb)], env=env)
    return deb


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", type=Path, default=ROOT / "dist" / NAME,
                        help="the one-folder build (default: dist/spades-desktop)")
    parser.add_argument("--out", type=Path, default=ROOT / "dist",
                        help="where to write the .deb (default: dist)")
    parser.add_argument("--revision", default="1",
                        help="the Debian revision: <version>-<revision> (default: 1)")
    parser.add_argument("--repository", help="OWNER/NAME on GitHub for the metainfo's URLs")
    parser.add_argument("--compression", choices=("xz", "gzip", "none"), default="xz",
                        help="dpkg-deb compression (default: xz)")
    args = parser.parse_args(argv)
    try:
        deb = build_deb(args.folder, args.out, args.revision, args.repository,
                        args.compression)
    except DebError as exc:
        print(f"[deb] FAILED: {exc}", file=sys.stderr, flush=True)
        return 1
    log(f"{deb.relative_to(ROOT) if deb.is_relative_to(ROOT) else deb}: "
        f"{deb.stat().st_size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
