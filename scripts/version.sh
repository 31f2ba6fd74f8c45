#!/bin/sh
# Writes the Swift file that gives `penny --version`: `git describe` of the checkout when
# it has a tag (tag, commits since it, commit, -dirty), else VERSION+commit, else VERSION.
# Usage: scripts/version.sh PACKAGE_DIR OUTPUT_FILE. Rewrites the file only when it changes.
set -eu
root=$1 out=$2
base=$(cat "$root/VERSION" 2>/dev/null || echo 0.0.0)
if tagged=$(git -C "$root" describe --tags --dirty 2>/dev/null); then
    version=$tagged
elif commit=$(git -C "$root" describe --always --dirty 2>/dev/null); then
    version="$base+$commit"
else
    version=$base
fi
mkdir -p "$(dirname "$out")"
tmp="$out.tmp.$$"
printf '/// The version `git describe` gave when this binary was built.\nlet pennyVersion = "%s"\n' "$version" >"$tmp"
if cmp -s "$tmp" "$out" 2>/dev/null; then rm -f "$tmp"; else mv "$tmp" "$out"; fi
