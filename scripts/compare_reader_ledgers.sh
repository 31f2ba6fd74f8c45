#!/usr/bin/env bash
# Imports every OFX/QFX and JSON fixture and sample with two penny binaries, each into a
# fresh ledger under `--account assets:bank:test`, and compares exit code, output and
# ledger byte for byte (the readers' before/after check, docs/performance.md "Readers"):
#
#   scripts/compare_reader_ledgers.sh OLD_PENNY NEW_PENNY
#
# Prints one line per file that differs and a count; exit 1 when any differs.
set -uo pipefail
old=$1
new=$2
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/rules"
printf 'default currency EUR\n\naccount assets:bank:test\n' >"$dir/rules/penny.rules"
same=0
differ=0
while IFS= read -r -d '' file; do
    for side in old new; do
        bin=${!side}
        mkdir -p "$dir/$side"
        rm -rf "${dir:?}/$side"/* "$dir/$side"/.[!.]* 2>/dev/null
        (cd "$dir/$side" && "$bin" import --ledger ledger.journal --rules "$dir/rules" --account assets:bank:test "$file" >out.txt 2>err.txt
            echo "exit $?" >>out.txt)
    done
    if cmp -s "$dir/old/out.txt" "$dir/new/out.txt" && cmp -s "$dir/old/err.txt" "$dir/new/err.txt" &&
        { [ ! -e "$dir/old/ledger.journal" ] && [ ! -e "$dir/new/ledger.journal" ] || cmp -s "$dir/old/ledger.journal" "$dir/new/ledger.journal"; }; then
        same=$((same + 1))
    else
        differ=$((differ + 1))
        echo "differs: ${file#"$root"/}"
        diff "$dir/old/err.txt" "$dir/new/err.txt" | head -4
    fi
done < <(find "$root/Tests" "$root/samples" -type f \( -iname '*.ofx' -o -iname '*.qfx' -o -iname '*.json' \) ! -name 'EXPECTED*' ! -name 'manifest.json' -print0 | sort -z)
echo "same: $same, different: $differ"
[ "$differ" -eq 0 ]
