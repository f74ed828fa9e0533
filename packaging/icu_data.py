#!/usr/bin/env python3
"""A smaller ICU data library for the Linux build (packaging/README.md, "Smaller").

The PySide6 wheels for Linux ship ICU 73, whose data library ``libicudata.so.73`` is
32 MB: the whole CLDR (700+ locales), 200 character-set conversion tables, the word
break dictionaries, transliterators. ``libQt6Core`` links it, so it cannot simply be left
out, but Qt calls only four groups of ICU functions (``nm -D --undefined-only
libQt6Core.so.6 | grep _73``):

- ``u_strToUpper`` / ``u_strToLower`` (``QLocale::toUpper``): the case tables are compiled
  into ``libicuuc``; no data file;
- ``ucol_*`` (``QCollator``): ``coll/`` (the root tables ``ucadata.icu`` + the locale's
  tailoring);
- ``ucal_*`` (``QTimeZone`` IDs and display names): ``zoneinfo64``, ``timezoneTypes``,
  ``metaZones``, ``zone/``, and the locale's ``lang/``, ``region/`` and main data;
- ``ucnv_*`` (``QStringConverter`` for encodings Qt does not implement itself, e.g.
  ``QStringDecoder("Shift_JIS")``): the ``*.cnv`` tables.

No break iterator, transliterator, number or currency formatter and no StringPrep
profile is used, and the game itself uses none of the four groups (it never converts
encodings, sorts with a collator or names time zones). :func:`keep_item` therefore keeps
the data Qt could reach for the root locale and the game's two languages (English,
Chinese) and drops the rest: the ``brkitr``, ``translit``, ``rbnf``, ``curr`` and ``unit``
trees, the conversion tables and StringPrep profiles, and every other language's locale
data. Asked about another language, ICU falls back to the root locale, as it does for
any locale it has no data for. Result: 32 MB -> about 3.5 MB.

The data sits in the library as one "common data" package (format ``CmnD``): a header,
a table of contents sorted by item name, the names, then the items, each aligned to 16
bytes, all behind the exported symbol ``icudt73_dat``. :func:`trim_library` reads it
from the wheel's library, writes the kept items as a new package and links a new
``libicudata.so.73`` exporting the same symbol (binutils ``as`` and ``ld``, which
PyInstaller needs on Linux anyway). The spec puts that library into the build instead of
the wheel's.

``python packaging/icu_data.py --check LIB`` compares ICU-backed Qt results (collation,
case mapping, time-zone names; English and Chinese) with the wheel's full data, running
the installed PySide6 with ``LIB`` preloaded; ``build.py`` runs it on every Linux build.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

KEEP_LANGUAGES = frozenset({"en", "zh"})
"""Languages whose locale data is kept (the game offers English and Simplified Chinese;
``zh`` keeps all of ``zh_*``, e.g. ``zh_Hans_CN``)."""

DROP_TREES = frozenset({"brkitr", "translit", "rbnf", "curr", "unit"})
"""Data trees no ICU function that Qt calls reads (break iteration, transliteration,
rule-based number formats, currency and unit names)."""

DROP_EXTENSIONS = frozenset({"cnv", "spp"})
"""Conversion tables (``QStringConverter`` for legacy encodings; the algorithmic ones,
UTF-*, ASCII, Latin-1, need no table) and StringPrep profiles (never used by Qt)."""

_SYMBOL = re.compile(rb"^icudt(\d+)_dat$")
_LANGUAGE = re.compile(r"^([a-z]{2,3})(?:_|$)")
_NOT_LOCALES = frozenset({"root", "pool", "res_index"})


class IcuDataError(Exception):
    """The library or its data is not what this module expects; the message says why."""


@dataclass(frozen=True)
class CommonData:
    """An ICU common-data package: ``header`` (the ``MappedData`` header with its
    ``UDataInfo``, kept as read), ``items`` as ``(name, bytes)`` sorted by name, e.g.
    ``("icudt73l/coll/zh.res", b"...")``."""

    header: bytes
    items: tuple[tuple[str, bytes], ...]

    @property
    def size(self) -> int:
        return len(pack(self))


def keep_item(name: str) -> bool:
    """Whether the item ``name`` (``icudt73l/[tree/]file.ext``) stays in the trimmed data.

    >>> [keep_item(f"icudt73l/{n}") for n in ("root.res", "zh_Hans_CN.res", "de.res",
    ...     "coll/ucadata.icu", "coll/zh.res", "coll/ko.res", "brkitr/cjdict.dict",
    ...     "gb18030.cnv", "cnvalias.icu", "zoneinfo64.res", "res_index.res")]
    [True, True, False, True, True, False, False, False, True, True, True]
    """
    parts = name.split("/")[1:]
    if len(parts) == 2 and parts[0] in DROP_TREES:
        return False
    stem, _, ext = parts[-1].rpartition(".")
    if ext in DROP_EXTENSIONS:
        return False
    if ext != "res" or stem in _NOT_LOCALES:
        return True
    language = _LANGUAGE.match(stem)
    return language is None or language.group(1) in KEEP_LANGUAGES


# -- the common-data package --------------------------------------------------------------

def unpack(blob: bytes) -> CommonData:
    """Parse a little-endian common-data package (``CmnD``); raises IcuDataError."""
    if len(blob) < 32:
        raise IcuDataError("the ICU data is too short")
    header_size, magic1, magic2 = struct.unpack_from("<HBB", blob, 0)
    # UDataInfo: size (2), reserved (2), isBigEndian, charsetFamily, sizeofUChar,
    # reserved, dataFormat[4], formatVersion[4], dataVersion[4].
    big_endian = blob[8]
    data_format = blob[12:16]
    if (magic1, magic2) != (0xDA, 0x27) or data_format != b"CmnD" or big_endian:
        raise IcuDataError(f"not a little-endian ICU common data package "
                           f"({magic1:#x} {magic2:#x} {data_format!r})")
    toc = header_size
    (count,) = struct.unpack_from("<I", blob, toc)
    entries = [struct.unpack_from("<II", blob, toc + 4 + 8 * i) for i in range(count)]
    offsets = [toc + data for _, data in entries] + [len(blob)]
    items = []
    for i, (name_offset, _) in enumerate(entries):
        end = blob.index(b"\0", toc + name_offset)
        name = blob[toc + name_offset:end].decode("ascii")
        items.append((name, blob[offsets[i]:offsets[i + 1]]))
    names = [n for n, _ in items]
    if names != sorted(names) or any(b < a for a, b in pairwise(offsets)):
        raise IcuDataError("the ICU data's table of contents is not in order")
    return CommonData(blob[:header_size], tuple(items))


def pack(data: CommonData) -> bytes:
    """The package as ICU reads it: header, ``count``, ``count`` pairs of (name offset,
    data offset) relative to the table of contents, the NUL-terminated names, then the
    items, each starting 16-byte aligned (padding ``0xAA``, as ICU's ``icupkg``)."""
    toc = len(data.header)
    names = b"".join(n.encode("ascii") + b"\0" for n, _ in data.items)
    table_size = 4 + 8 * len(data.items)
    position = toc + table_size + len(names)
    body = bytearray()
    name_offset = table_size
    entries = []
    for name, item in data.items:
        pad = -(position + len(body)) % 16
        body += b"\xaa" * pad
        entries.append((name_offset, position + len(body) - toc))
        body += item
        name_offset += len(name) + 1
    table = struct.pack("<I", len(data.items)) + b"".join(
        struct.pack("<II", n, d) for n, d in entries)
    return data.header + table + names + bytes(body)


def trimmed(data: CommonData) -> CommonData:
    """The package with only the items :func:`keep_item` keeps."""
    return CommonData(data.header, tuple(i for i in data.items if keep_item(i[0])))


# -- the shared library -------------------------------------------------------------------

def read_library(library: Path) -> tuple[str, CommonData]:
    """The data symbol's name (``icudt73_dat``) and the package it holds, read from an
    ELF64 little-endian ``libicudata.so.N``; raises IcuDataError."""
    elf = library.read_bytes()
    if elf[:4] != b"\x7fELF" or elf[4] != 2 or elf[5] != 1:
        raise IcuDataError(f"{library} is not a 64-bit little-endian ELF file")
    shoff, = struct.unpack_from("<Q", elf, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", elf, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", elf, shoff + i * shentsize)
                for i in range(shnum)]
    for _name, kind, _flags, _addr, offset, size, link, _info, _align, entsize in sections:
        if kind != 11:  # SHT_DYNSYM
            continue
        strings = sections[link][4]
        for pos in range(offset, offset + size, entsize):
            st_name, _st_info, _other, shndx, value, st_size = struct.unpack_from(
                "<IBBHQQ", elf, pos)
            end = elf.index(b"\0", strings + st_name)
            symbol = elf[strings + st_name:end]
            if not _SYMBOL.match(symbol) or shndx == 0:
                continue
            section = sections[shndx]
            start = section[4] + value - section[3]
            return symbol.decode(), unpack(elf[start:start + st_size])
    raise IcuDataError(f"{library} exports no icudtNN_dat symbol")


def link_library(symbol: str, data: CommonData, soname: str, out: Path) -> None:
    """Write a shared library ``out`` (SONAME ``soname``) whose only export is the
    read-only, 16-byte aligned object ``symbol`` holding ``data``."""
    for tool in ("as", "ld"):
        if shutil.which(tool) is None:
            raise IcuDataError(f"'{tool}' is missing (Debian/Ubuntu: apt-get install binutils)")
    with tempfile.TemporaryDirectory(prefix="icu-data-") as tmp:
        work = Path(tmp)
        (work / "data.dat").write_bytes(pack(data))
        (work / "data.s").write_text(
            "\t.section .rodata\n"
            f"\t.globl {symbol}\n"
            f"\t.type {symbol}, @object\n"
            "\t.balign 16\n"
            f"{symbol}:\n"
            '\t.incbin "data.dat"\n'
            f"\t.size {symbol}, . - {symbol}\n"
            '\t.section .note.GNU-stack,"",@progbits\n', encoding="ascii")
        for cmd in (["as", "-o", "data.o", "data.s"],
                    ["ld", "-shared", "-soname", soname, "-z", "noexecstack",
                     "--hash-style=both", "-o", "lib.so", "data.o"]):
            result = subprocess.run(cmd, cwd=work, capture_output=True, text=True)
            if result.returncode != 0:
                raise IcuDataError(f"{' '.join(cmd)} failed:\n{result.stderr}")
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(work / "lib.so", out)
    out.chmod(0o755)


def trim_library(library: Path, out_dir: Path) -> Path:
    """Write the trimmed copy of ``library`` (``libicudata.so.N``) into ``out_dir`` under
    the same name; return its path. Reads it back to check the result."""
    symbol, data = read_library(library)
    small = trimmed(data)
    out = out_dir / library.name
    link_library(symbol, small, library.name, out)
    again_symbol, again = read_library(out)
    if again_symbol != symbol or again != small:
        raise IcuDataError(f"{out} does not read back as written")
    return out


# -- the check ----------------------------------------------------------------------------

_PROBE = r"""
import sys
from PySide6.QtCore import QByteArray, QCollator, QLocale, QTimeZone
words = ["张", "安", "北", "中", "zebra", "Apple", "éclair", "apple"]
out = {}
for name in ("en_US", "zh_CN", "de_DE"):
    c = QCollator(QLocale(name))
    out[name + " sort"] = sorted(words, key=c.sortKey)
    out[name + " upper"] = QLocale(name).toUpper("straße ǆ i")
    for zone in (b"Asia/Shanghai", b"America/New_York"):
        tz = QTimeZone(QByteArray(zone))
        out[f"{name} {zone.decode()}"] = tz.displayName(
            QTimeZone.TimeType.StandardTime, QTimeZone.NameType.LongName, QLocale(name))
out["ids"] = len(QTimeZone.availableTimeZoneIds())
print(repr(out))
"""


def probe(python: str, preload: Path | None) -> dict[str, object]:
    """Run :data:`_PROBE` with ``python`` (which must have PySide6), optionally with
    ``preload`` in ``LD_PRELOAD`` (a library of the same SONAME replaces the wheel's)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", LC_ALL="C.UTF-8")
    if preload is not None:
        env["LD_PRELOAD"] = str(preload.resolve())
    result = subprocess.run([python, "-c", _PROBE], capture_output=True, text=True, env=env,
                            timeout=120)
    if result.returncode != 0:
        raise IcuDataError(f"the ICU probe failed:\n{result.stdout}{result.stderr}")
    import ast

    return dict(ast.literal_eval(result.stdout.strip().splitlines()[-1]))


def check(library: Path, python: str = sys.executable) -> str:
    """Compare :data:`_PROBE`'s results with the full data and with ``library``: every
    English and Chinese result must be equal; the German collation and zone names (data
    dropped) must differ, which proves ``library`` was the one loaded. Returns a one-line
    summary; raises IcuDataError."""
    full, small = probe(python, None), probe(python, library)
    differ = sorted(k for k in full if full[k] != small[k])
    kept = [k for k in differ if not k.startswith("de_DE")]
    if kept:
        raise IcuDataError("the trimmed ICU data changes Qt's results for "
                           + "; ".join(f"{k}: {full[k]!r} -> {small[k]!r}" for k in kept))
    if not differ:
        raise IcuDataError("the trimmed ICU data changed nothing, not even for de_DE: "
                           "the preloaded library was not used")
    return (f"ICU data {library}: English and Chinese collation, case mapping and "
            f"time-zone names as with the full data ({len(full) - len(differ)} results); "
            f"{len(differ)} German results fall back to root as expected")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("library", type=Path, help="libicudata.so.N (the wheel's, or trimmed)")
    parser.add_argument("--out", type=Path, help="write the trimmed copy into this folder")
    parser.add_argument("--check", action="store_true",
                        help="compare Qt's ICU results with LIBRARY preloaded to the full data")
    parser.add_argument("--list", action="store_true", help="list the items and their sizes")
    args = parser.parse_args(argv)
    try:
        if args.list:
            _, data = read_library(args.library)
            for name, item in data.items:
                print(f"{len(item):9d} {'keep' if keep_item(name) else 'drop'} {name}")
        if args.out:
            out = trim_library(args.library, args.out)
            print(f"{out}: {out.stat().st_size / 1e6:.1f} MB "
                  f"(from {args.library.stat().st_size / 1e6:.1f} MB)")
        if args.check:
            print(check(args.library))
    except IcuDataError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
