#!/usr/bin/env bash
# `make install` into a scratch DESTDIR (debug build, to spare CI a release build), then:
# the installed binary runs and names its version, every man page renders with `man -l`,
# the completions exist, the systemd units verify where systemd-analyze can, and
# `make uninstall` leaves nothing behind. Prints "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
passed=0 failed=0
check() { # description, command...
    local what=$1; shift
    if "$@" >"$dest/out.txt" 2>&1; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $what"; cat "$dest/out.txt"; fi
}
make --no-print-directory install DESTDIR="$dest" PREFIX=/usr CONFIG=debug >"$dest/install.log" 2>&1 || { cat "$dest/install.log"; echo "0 passed, 1 failed"; exit 1; }
root=$dest/usr
check "the installed binary names its version" bash -c "'$root/bin/penny' --version | grep -Eq '^[0-9]+\.[0-9]+\.[0-9]+'"
check "the installed binary runs a command" bash -c "cd '$dest' && '$root/bin/penny' init demo >/dev/null && test -f demo/rules/penny.rules"
for page in penny penny-import penny-report penny-rules-check penny-roundup-apply; do
    check "man page $page renders" bash -c "MANWIDTH=80 man -l '$root/share/man/man1/$page.1' | grep -q '$(echo "$page" | sed 's/-/ /g')'"
done
check "a man page per command" bash -c "test \$(ls '$root/share/man/man1' | grep -c '^penny.*\\.1$') -ge 12"
check "bash completion" grep -q "_penny" "$root/share/bash-completion/completions/penny"
check "zsh completion" grep -q "#compdef penny" "$root/share/zsh/site-functions/_penny"
check "fish completion" grep -q "complete -c 'penny'" "$root/share/fish/vendor_completions.d/penny.fish"
if command -v systemd-analyze >/dev/null; then
    # Verified as system units (user units need a running user manager), with the installed
    # binary and man pages in place of /usr/local.
    mkdir -p "$dest/units"
    sed "s|/usr/local/bin/penny|$root/bin/penny|" contrib/systemd/penny-import.service >"$dest/units/penny-import.service"
    cp contrib/systemd/penny-import.timer "$dest/units/"
    check "systemd units verify" env MANPATH="$root/share/man" systemd-analyze verify "$dest/units/penny-import.service" "$dest/units/penny-import.timer"
fi
make --no-print-directory uninstall DESTDIR="$dest" PREFIX=/usr >/dev/null
check "uninstall leaves no file" bash -c "test -z \"\$(find '$root' -type f)\""
echo "install: $passed passed, $failed failed"
[ "$failed" = 0 ]
