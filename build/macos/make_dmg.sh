#!/usr/bin/env bash
# macOS disk image from the app bundle that build/polar-table.spec makes on macOS (its BUNDLE step):
#   make installer        (= make bundle, then this script)
#   -> dist/polar-table-<version>-macos-<arch>.dmg: "Polar Table.app" and a link to /Applications.
# The app is ad-hoc signed by PyInstaller, not signed with a Developer ID nor notarized: on first start
# the user opens it with right-click > Open (or System Settings > Privacy & Security > Open Anyway).
set -euo pipefail
cd "$(dirname "$0")/../.."
app="dist/Polar Table.app"
[ -d "$app" ] || { echo "no $app: run 'make bundle' on macOS first" >&2; exit 1; }

version=$("$app/Contents/MacOS/polar-table" --version | awk '{print $2}')
stage=.pyinstaller/dmg
rm -rf "$stage"
mkdir -p "$stage"
cp -R "$app" "$stage/"
ln -s /Applications "$stage/Applications"
dmg="dist/polar-table-$version-macos-$(uname -m).dmg"
rm -f "$dmg"
hdiutil create -volname "Polar Table" -srcfolder "$stage" -fs HFS+ -format UDZO -ov "$dmg"
du -sh "$app" "$dmg"
