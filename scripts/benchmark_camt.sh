#!/usr/bin/env bash
# Streaming check for the CAMT reader: a generated camt.053 of SIZE MiB (default 500),
# imported with a release build; prints time, entries/s and peak memory (max RSS).
#   scripts/benchmark_camt.sh [MEGABYTES]
set -euo pipefail
cd "$(dirname "$0")/.."
MB=${1:-500}
OUT=bench-out/camt
[ -x /usr/bin/time ] || { apt-get install -y -qq time >/dev/null 2>&1 || sudo apt-get install -y -qq time; }
swift build -c release >/dev/null
rm -rf "$OUT" && mkdir -p "$OUT"
entries=$(python3 scripts/generate_camt.py "$OUT/statement.camt.xml" "$MB" | cut -d' ' -f1)
sync  # the generated file and earlier ledgers written back before timing
/usr/bin/time -f "%e %M %U" -o "$OUT/time.txt" .build/release/penny import --ledger "$OUT/ledger.journal" --rules "$OUT/camt-bench.rules" "$OUT/statement.camt.xml" >"$OUT/out.txt"
read -r seconds kilobytes user <"$OUT/time.txt"
echo "camt: $(( $(stat -c %s "$OUT/statement.camt.xml") / 1048576 )) MiB, $entries entries: ${seconds}s, $(python3 -c "print(f'{$entries/$seconds:,.0f}')") entries/s, peak $((kilobytes / 1024)) MiB"
tail -1 "$OUT/out.txt"
command -v xmllint >/dev/null || { apt-get install -y -qq libxml2-utils >/dev/null 2>&1 || sudo apt-get install -y -qq libxml2-utils; }
sync
/usr/bin/time -f "%e %M %U" -o "$OUT/floor.txt" xmllint --stream --noout "$OUT/statement.camt.xml"
read -r floor floorkb flooruser <"$OUT/floor.txt"
echo "xmllint --stream --noout (same file): ${floor}s, peak $((floorkb / 1024)) MiB; import is $(python3 -c "print(f'{$seconds/$floor:.1f}')")x the floor ($(python3 -c "print(f'{$user/max($flooruser, 0.01):.1f}')")x in user CPU: ${user}s vs ${flooruser}s)"
