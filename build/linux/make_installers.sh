#!/usr/bin/env bash
# Linux installers from the one-folder bundle (make bundle -> dist/polar-table/):
#   dist/polar-table-<version>-linux-<arch>.tar.gz  the bundle, a .desktop file, icons and a per-user install.sh
#   dist/polar-table_<version>_<debarch>.deb         /opt/polar-table, /usr/bin/polar-table, menu entry, icons
# Needs dpkg-deb (package dpkg), objdump (binutils) and the project's Python with pygame (for the icon).
# Usage: make installer
set -euo pipefail
cd "$(dirname "$0")/../.."
PYTHON=${PYTHON:-.venv/bin/python}
bundle=dist/polar-table
[ -x "$bundle/polar-table" ] || { echo "no bundle at $bundle: run 'make bundle' first" >&2; exit 1; }

version=$("$bundle/polar-table" --version | awk '{print $2}')
arch=$(uname -m)
debarch=$(dpkg --print-architecture 2>/dev/null || echo amd64)
work=.pyinstaller/installers
rm -rf "$work"
mkdir -p "$work"

# Icons: PNGs rendered from assets/art/icon.svg with pygame's load_sized_svg, plus the SVG itself.
"$PYTHON" build/icon.py "$work/icon" >/dev/null

# --- .tar.gz --------------------------------------------------------------------------------------
top=polar-table-$version
tree=$work/tar/$top
mkdir -p "$tree/icons/hicolor/scalable/apps"
cp -a "$bundle" "$tree/polar-table"
cp -a "$work/icon/hicolor/." "$tree/icons/hicolor/"
cp "$work/icon/polar-table.svg" "$tree/icons/hicolor/scalable/apps/polar-table.svg"
cp "$work/icon/hicolor/256x256/apps/polar-table.png" "$tree/polar-table.png"
cp build/linux/polar-table.desktop build/linux/install.sh "$tree/"
cat > "$tree/README.txt" <<TXT
Polar Table $version for Linux ($arch). Plays offline; saves go to ~/.local/share/polar-table.
Run it from here:        ./polar-table/polar-table
Install for this user:   ./install.sh        (menu entry + ~/.local/bin/polar-table)
Remove:                  ./install.sh --uninstall
TXT
tarball=dist/polar-table-$version-linux-$arch.tar.gz
tar -C "$work/tar" --owner=0 --group=0 --numeric-owner -czf "$tarball" "$top"

# --- .deb -----------------------------------------------------------------------------------------
root=$work/deb
mkdir -p "$root/opt" "$root/usr/bin" "$root/usr/share/applications" "$root/usr/share/icons" \
         "$root/usr/share/doc/polar-table" "$root/DEBIAN"
cp -a "$bundle" "$root/opt/polar-table"
ln -s /opt/polar-table/polar-table "$root/usr/bin/polar-table"
cp build/linux/polar-table.desktop "$root/usr/share/applications/polar-table.desktop"
cp -a "$work/icon/hicolor" "$root/usr/share/icons/"
mkdir -p "$root/usr/share/icons/hicolor/scalable/apps"
cp "$work/icon/polar-table.svg" "$root/usr/share/icons/hicolor/scalable/apps/polar-table.svg"
cat > "$root/usr/share/doc/polar-table/copyright" <<TXT
Polar Table: code under the MIT licence, art under CC BY 4.0 (see assets/art/LICENSE.txt in
/opt/polar-table/_internal/assets). Noto Sans and Fira Code: SIL Open Font Licence 1.1.
Bundled: Python (PSF licence), pygame-ce and SDL2 (LGPL 2.1 / zlib), pygame_gui, pymunk and
Chipmunk2D (MIT), pytmx (LGPL 3), platformdirs (MIT).
TXT
# Directories 755, files 644, programs and libraries keep their execute bit.
find "$root" -type d -exec chmod 755 {} +
find "$root" -type f ! -perm -u+x -exec chmod 644 {} +
find "$root" -type f -perm -u+x -exec chmod 755 {} +
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
# The newest glibc symbol any bundled program or library needs (the Python it was built with decides).
glibc=$(find "$bundle" -type f \( -name '*.so*' -o -name polar-table \) -exec objdump -T {} + 2>/dev/null \
        | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -n 1 || true)
glibc=${glibc:-2.28}
cat > "$root/DEBIAN/control" <<CTL
Package: polar-table
Version: $version
Section: games
Priority: optional
Architecture: $debarch
Installed-Size: $size
Depends: libc6 (>= $glibc)
Maintainer: Polar Table <polar-table@users.noreply.github.com>
Homepage: https://github.com/polar-table/polar-table
Description: five polar board games for a family around one laptop
 Borealis: Arctic Expeditions, ILAN, Iluliaq, Ice Flow and Dominant Species,
 every rule enforced, any seat a bot, a kids' mode for every game. Plays with
 no network; saves and settings live in each user's data folder
 (~/.local/share/polar-table), never in /opt/polar-table.
CTL
# The menu and icon caches are refreshed by dpkg triggers of desktop-file-utils and
# hicolor-icon-theme when they are installed, so no maintainer scripts are needed.
deb=dist/polar-table_${version}_${debarch}.deb
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null

du -sh "$bundle" "$tarball" "$deb"
