#!/bin/sh
# Install Spades Desktop for the current user; no root needed, nothing outside $HOME.
#
#   ./install.sh               copy this folder to ~/.local/lib/spades-desktop, link
#                              ~/.local/bin/spades-desktop, and add the menu entry and
#                              icons under ~/.local/share (applications/, icons/hicolor/)
#   ./install.sh --uninstall   remove all of that again (your settings, autosave and
#                              statistics in ~/.local/share/SpadesDesktop are kept)
#
# PREFIX (default ~/.local) moves the program and the command; XDG_DATA_HOME (default
# ~/.local/share) the menu entry and icons. Without installing, ./spades-desktop starts
# the game from this folder.
set -eu

here=$(cd "$(dirname "$0")" && pwd -P)
prefix=${PREFIX:-$HOME/.local}
data_home=${XDG_DATA_HOME:-$HOME/.local/share}
app_dir=$prefix/lib/spades-desktop
bin_link=$prefix/bin/spades-desktop
desktop_file=$data_home/applications/spades-desktop.desktop
icon_root=$data_home/icons/hicolor

refresh_caches() {
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q "$data_home/applications" 2>/dev/null || true
    fi
    touch "$icon_root" 2>/dev/null || true
    if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$icon_root/index.theme" ]; then
        gtk-update-icon-cache -q -t -f "$icon_root" 2>/dev/null || true
    fi
}

if [ "${1:-}" = "--uninstall" ]; then
    rm -f "$desktop_file"
    if [ -L "$bin_link" ]; then rm -f "$bin_link"; fi
    find "$icon_root" -name 'spades-desktop.png' -path '*/apps/*' -exec rm -f {} + 2>/dev/null || true
    rm -f "$icon_root/scalable/apps/spades-desktop.svg"
    rm -rf "$app_dir"
    refresh_caches
    echo "Spades Desktop was removed (settings and saved games are kept in $data_home/SpadesDesktop)."
    exit 0
fi
if [ $# -gt 0 ]; then
    echo "usage: $0 [--uninstall]" >&2
    exit 2
fi
if [ ! -x "$here/spades-desktop" ] || [ ! -d "$here/_internal" ]; then
    echo "error: run install.sh from the unpacked spades-desktop folder" >&2
    exit 1
fi

# The program: copy the unpacked folder (unless it is already the installed one).
if [ "$here" != "$(cd "$app_dir" 2>/dev/null && pwd -P || echo none)" ]; then
    mkdir -p "$(dirname "$app_dir")"
    rm -rf "$app_dir.new"
    cp -R "$here" "$app_dir.new"
    rm -rf "$app_dir"
    mv "$app_dir.new" "$app_dir"
fi
mkdir -p "$(dirname "$bin_link")"
ln -sfn "$app_dir/spades-desktop" "$bin_link"

# The menu entry, pointing at the installed program by its full path.
exe=$app_dir/spades-desktop
case $exe in *" "*) exec_line="\"$exe\"" ;; *) exec_line=$exe ;; esac
mkdir -p "$(dirname "$desktop_file")"
sed -e "s|^Exec=.*|Exec=$exec_line|" -e "s|^TryExec=.*|TryExec=$exe|" \
    "$here/share/applications/spades-desktop.desktop" > "$desktop_file.tmp"
mv "$desktop_file.tmp" "$desktop_file"
chmod 644 "$desktop_file"

# The icons, at every size we ship.
mkdir -p "$icon_root"
cp -R "$here/share/icons/hicolor/." "$icon_root/"
refresh_caches

echo "Spades Desktop $( "$exe" --version 2>/dev/null | sed 's/^spades-desktop //' ) is installed:"
echo "  program:    $app_dir"
echo "  command:    $bin_link"
echo "  menu entry: $desktop_file"
case ":$PATH:" in
    *":$(dirname "$bin_link"):"*) ;;
    *) echo "  (add $(dirname "$bin_link") to PATH to start it by typing spades-desktop)" ;;
esac
