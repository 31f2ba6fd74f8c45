#!/usr/bin/env bash
# Penny's benchmark: release build, a generated realistic bank CSV, timed import and report.
#
#   scripts/benchmark.sh [ROWS] [RULES...]      (default: 1000000 rows, 50 rules)
#
# Prints rows/s and peak memory (max RSS from /usr/bin/time) for each import into a fresh
# ledger, then the time and memory of `report summary` over the resulting ledger.
# Numbers depend on the machine; run it on an idle one and report them, never assert them.
set -euo pipefail
cd "$(dirname "$0")/.."
ROWS=${1:-1000000}
shift || true
RULE_COUNTS=("${@:-50}")
OUT=bench-out
[ -x /usr/bin/time ] || { echo "installing time"; apt-get install -y -qq time >/dev/null 2>&1 || sudo apt-get install -y -qq time; }
swift build -c release >/dev/null
PENNY=.build/release/penny
FLOOR=$(mktemp -d)/csv_floor
cc -O2 scripts/csv_floor.c -lcsv -o "$FLOOR"

measure() { # label, command...
    local label=$1; shift
    /usr/bin/time -f "%e %M" -o "$OUT/time.txt" "$@" >"$OUT/out.txt" 2>"$OUT/err.txt" || { cat "$OUT/err.txt"; exit 1; }
    read -r seconds kilobytes <"$OUT/time.txt"
    echo "$label $seconds $kilobytes"
}

for rules in "${RULE_COUNTS[@]}"; do
    rm -rf "$OUT" && mkdir -p "$OUT"
    python3 scripts/generate_bench.py "$OUT" "$ROWS" "$rules"
    bytes=$(stat -c %s "$OUT/bench-montepio.csv")
    read -r _ seconds kilobytes < <(measure import $PENNY import --ledger "$OUT/ledger.journal" --rules "$OUT/bench.rules" "$OUT/bench-montepio.csv")
    rate=$(python3 -c "print(f'{$ROWS/$seconds:,.0f}')")
    echo "import: $ROWS rows ($((bytes / 1048576)) MiB), $rules rules: ${seconds}s, $rate rows/s, peak $((kilobytes / 1024)) MiB"
    tail -1 "$OUT/out.txt"
    read -r _ floor _ < <(measure floor "$FLOOR" "$OUT/bench-montepio.csv" ';' 4)
    echo "libcsv floor (parse + sum a column, same file): ${floor}s; import is $(python3 -c "print(f'{$seconds/$floor:.1f}')")x the floor"
    read -r _ again kilobytes < <(measure reimport $PENNY import --ledger "$OUT/ledger.journal" --rules "$OUT/bench.rules" "$OUT/bench-montepio.csv")
    echo "re-import of the same rows (all duplicates): ${again}s, $(python3 -c "print(f'{$ROWS/$again:,.0f}')") rows/s, peak $((kilobytes / 1024)) MiB"
    python3 scripts/generate_bench.py "$OUT/small" 1000 "$rules" >/dev/null
    : >"$OUT/small/none.journal"
    read -r _ fixed _ < <(measure fixed $PENNY report summary --ledger "$OUT/small/none.journal" --rules "$OUT/small/bench.rules")
    read -r _ check _ < <(measure check $PENNY rules check --rules "$OUT/small/bench.rules")
    echo "fixed cost of $rules rules: report summary on an empty ledger ${fixed}s, rules check ${check}s"
done
read -r _ seconds kilobytes < <(measure report $PENNY report summary --ledger "$OUT/ledger.journal" --rules "$OUT/bench.rules")
echo "report summary over $ROWS transactions ($(( $(stat -c %s "$OUT/ledger.journal") / 1048576 )) MiB ledger): ${seconds}s, peak $((kilobytes / 1024)) MiB"
