#!/usr/bin/env bash
# `make install` into a scratch PREFIX (debug build, to spare CI a release build), then:
# the installed binary runs and names its version, every man page renders with `man -l`,
# names only pages that exist in SEE ALSO and Penny's exit codes in EXIT STATUS, the report
# page names every report kind, the completions exist, the installed systemd units verify as
# they are (systemd-analyze; skipped, and said, only where it cannot run),
# a DESTDIR install writes PREFIX's path into the units, and `make uninstall` leaves nothing
# behind. Prints "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
passed=0 failed=0
check() { # description, command...
    local what=$1; shift
    if "$@" >"$dest/out.txt" 2>&1; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $what"; cat "$dest/out.txt"; fi
}
root=$dest/usr
make --no-print-directory install PREFIX="$root" CONFIG=debug >"$dest/install.log" 2>&1 || { cat "$dest/install.log"; echo "0 passed, 1 failed"; exit 1; }
man1=$root/share/man/man1
units=$root/lib/systemd/user
check "the installed binary names its version" bash -c "'$root/bin/penny' --version | grep -Eq '^[0-9]+\.[0-9]+\.[0-9]+'"
check "the installed binary runs a command" bash -c "cd '$dest' && '$root/bin/penny' init demo >/dev/null && test -f demo/rules/penny.rules"
for page in penny penny-import penny-report penny-rules-check penny-roundup-apply; do
    check "man page $page renders" bash -c "MANWIDTH=80 man -l '$root/share/man/man1/$page.1' | grep -q '$(echo "$page" | sed 's/-/ /g')'"
done
check "a man page per command" bash -c "test \$(ls '$man1' | grep -c '^penny.*\\.1$') -ge 12"
check "no page for help" test ! -e "$man1/penny-help.1"
for page in "$man1"/*.1; do
    name=$(basename "$page" .1)
    for reference in $(sed -n 's/^\.Xr \([^ ]*\) 1.*/\1/p' "$page"); do
        check "$name's SEE ALSO names $reference(1), which is installed" test -f "$man1/$reference.1"
    done
    check "$name's EXIT STATUS gives Penny's codes" bash -c "MANWIDTH=80 man -l '$page' | sed -n '/^EXIT STATUS/,/^SEE ALSO/p' | grep -Eq '^ +3 +The ledger'"
done
for kind in summary categories balances budget roundups cards recurring forecast html site; do
    check "penny-report(1) covers the $kind report" bash -c "MANWIDTH=80 man -l '$man1/penny-report.1' | grep -Eq '^ +$kind +[a-z]'"
done
check "bash completion" grep -q "_penny" "$root/share/bash-completion/completions/penny"
check "zsh completion" grep -q "#compdef penny" "$root/share/zsh/site-functions/_penny"
check "fish completion" grep -q "complete -c 'penny'" "$root/share/fish/vendor_completions.d/penny.fish"
check "the service runs the installed binary" grep -q "^ExecStart=$root/bin/penny import " "$units/penny-import.service"
# As installed, with no edit (`make test-install` installs systemd when it is missing):
# system-unit checks (user units need a running user manager), the man page its
# Documentation= names found under PREFIX.
if systemd-analyze --version >/dev/null 2>&1; then
    check "systemd units verify as installed" env MANPATH="$root/share/man" systemd-analyze verify "$units/penny-import.service" "$units/penny-import.timer"
else
    echo "SKIPPED: systemd-analyze cannot run in this container, so the installed units were not verified"
fi
# DESTDIR stages the files; the units name where the binary will be, PREFIX's path.
check "a DESTDIR install names PREFIX's binary in the units" bash -c "make -n --no-print-directory install DESTDIR=/stage PREFIX=/opt/p | grep -F \"sed 's|/usr/local/bin/penny|/opt/p/bin/penny|'\" | grep -q '>/stage/opt/p/lib/systemd/user/'"
make --no-print-directory uninstall PREFIX="$root" >/dev/null
check "uninstall leaves no file" bash -c "test -z \"\$(find '$root' -type f)\""
echo "install: $passed passed, $failed failed"
[ "$failed" = 0 ]
