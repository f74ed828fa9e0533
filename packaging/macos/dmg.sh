#!/usr/bin/env bash
# Put the macOS app into a disk image and try it (packaging/README.md, macOS). Run from the
# repository root on a Mac, after `python packaging/build.py`:
#
#     bash packaging/macos/dmg.sh
#
# Writes dist/spades-desktop-<version>-macos-<arch>.dmg (compressed, read-only): the
# window shows "Spades Desktop.app" beside a link to /Applications, to drag it there. Then
# mounts the image read-only and runs the app's program from it: --version must print
# `spades-desktop <version>`, --smoke-test must pass. Signing and notarisation are separate
# steps (packaging/README.md) that need the maintainer's Apple certificates.
set -euo pipefail
cd "$(dirname "$0")/../.."
app="dist/Spades Desktop.app"
[ -d "$app" ] || { echo "error: $app is missing: run python packaging/build.py" >&2; exit 1; }
version=$(/usr/libexec/PlistBuddy -c 'Print :CFBundleShortVersionString' "$app/Contents/Info.plist")
arch=$(uname -m)
dmg="dist/spades-desktop-$version-macos-$arch.dmg"

stage=$(mktemp -d)
mount=$(mktemp -d)
trap 'hdiutil detach -quiet "$mount" 2>/dev/null || true; rm -rf "$stage"' EXIT
ditto "$app" "$stage/Spades Desktop.app"  # ditto keeps the bundle's symbolic links and attributes
ln -s /Applications "$stage/Applications"
rm -f "$dmg"
hdiutil create -quiet -volname "Spades Desktop $version" -srcfolder "$stage" \
    -fs HFS+ -format UDZO -imagekey zlib-level=9 -ov "$dmg"
echo "$dmg: $(du -m "$dmg" | cut -f1) MB"

hdiutil attach -quiet -readonly -nobrowse -mountpoint "$mount" "$dmg"
program="$mount/Spades Desktop.app/Contents/MacOS/spades-desktop"
out=$("$program" --version)
# the rules core is compiled where the runner has a C compiler, else pure Python (setup.py)
case "$out" in
    "spades-desktop $version (compiled rules core)"|"spades-desktop $version (pure-Python rules core)") ;;
    *) echo "error: --version printed '$out'" >&2; exit 1 ;;
esac
"$program" --smoke-test
echo "dmg OK: $dmg ($out, --smoke-test passed from the mounted image)"
