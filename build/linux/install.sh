#!/bin/sh
# Install Polar Table for this user from the unpacked .tar.gz (no root, no network):
#   ./install.sh              -> ~/.local/opt/polar-table, ~/.local/bin/polar-table, menu entry and icon
#   ./install.sh --uninstall  -> remove them again (saves in ~/.local/share/polar-table are kept)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
opt=$HOME/.local/opt/polar-table
bin=$HOME/.local/bin

remove() {
  rm -rf "$opt"
  rm -f "$bin/polar-table" "$data/applications/polar-table.desktop"
  find "$data/icons/hicolor" -name 'polar-table.*' -delete 2>/dev/null || true
}

if [ "${1:-}" = "--uninstall" ]; then
  remove
  echo "Polar Table removed (your saves in $data/polar-table are kept)."
  exit 0
fi

remove
mkdir -p "$opt" "$bin" "$data/applications" "$data/icons"
cp -R "$here/polar-table/." "$opt/"
ln -s "$opt/polar-table" "$bin/polar-table"
cp -R "$here/icons/hicolor" "$data/icons/"
sed "s|^Exec=.*|Exec=$opt/polar-table|" "$here/polar-table.desktop" > "$data/applications/polar-table.desktop"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$data/applications" || true
echo "Polar Table installed: run 'polar-table' (add $bin to PATH if needed) or pick it from the menu."
