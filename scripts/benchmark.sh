#!/usr/bin/env bash
# Penny's benchmark: release build, a generated realistic bank CSV, timed import and report.
#
#   scripts/benchmark.sh [ROWS] [RULES...]      (default: 1000000 rows, 50 rules)
#
# Prints rows/s, peak memory (max RSS from /usr/bin/time) and the ratio to a libcsv-only
# parse of the same file (scripts/csv_floor.c) for each import into a fresh ledger — a
# mostly-categorized statement for each rule count, and a mostly-uncategorized one (92%
# default-filed) for the first — then the all-duplicates re-import, the fixed cost of the
# rules, `report summary`, and the import with one round-up program.
# Numbers depend on the machine; run it on an idle one and report them, never assert them.
# CPU time (user + system) is printed beside wall time: on a shared machine it is the
# steadier figure, and ratios are given in both. Each measurement starts after `sync`.
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
    # The last run's ledger (236 MiB at 1M) is still being written back: flushed first, so
    # its writeback does not run during this measurement.
    sync
    /usr/bin/time -f "%e %M %U %S" -o "$OUT/time.txt" "$@" >"$OUT/out.txt" 2>"$OUT/err.txt" || { cat "$OUT/err.txt"; exit 1; }
    read -r seconds kilobytes user system <"$OUT/time.txt"
    echo "$label $seconds $kilobytes $(python3 -c "print(f'{$user+$system:.2f}')")"
}

# The best (lowest) of RUNS measurements (default 3) of the floor and of each import into a
# fresh ledger, taken alternately: on a shared machine a run is only ever slowed by others,
# so the minimum is the steadiest estimate, and both sides of a ratio get the same treatment.
# Every run's time is printed too.
RUNS=${RUNS:-3}
best() { # lines "label seconds kilobytes cpu" on stdin: the one with the lowest seconds
    sort -k2,2n | head -1
}

import_kind() { # kind rules: imports a fresh statement of that kind, prints rows/s and the floor ratio
    local kind=$1 rules=$2
    python3 scripts/generate_bench.py "$OUT" "$ROWS" "$rules" "$kind"
    bytes=$(stat -c %s "$OUT/bench-montepio.csv")
    : >"$OUT/floors.txt"
    : >"$OUT/imports.txt"
    for _ in $(seq "$RUNS"); do
        measure floor "$FLOOR" "$OUT/bench-montepio.csv" ';' 4 >>"$OUT/floors.txt"
        rm -f "$OUT/ledger.journal" "$OUT"/.ledger.journal.*
        measure import $PENNY import --ledger "$OUT/ledger.journal" --rules "$OUT/bench.rules" "$OUT/bench-montepio.csv" >>"$OUT/imports.txt"
    done
    read -r _ floor _ floorcpu < <(best <"$OUT/floors.txt")
    read -r _ seconds kilobytes cpu < <(best <"$OUT/imports.txt")
    rate=$(python3 -c "print(f'{$ROWS/$seconds:,.0f}')")
    echo "import ($kind): $ROWS rows ($((bytes / 1048576)) MiB), $rules rules: ${seconds}s (CPU ${cpu}s), $rate rows/s, peak $((kilobytes / 1024)) MiB (best of $RUNS: $(awk '{printf "%s%s", sep, $2; sep=" "}' "$OUT/imports.txt") s)"
    tail -1 "$OUT/out.txt"
    echo "libcsv floor (parse + sum a column, same file): ${floor}s (CPU ${floorcpu}s; best of $RUNS: $(awk '{printf "%s%s", sep, $2; sep=" "}' "$OUT/floors.txt") s); import is $(python3 -c "print(f'{$seconds/max($floor, 0.01):.2f}')")x the floor ($(python3 -c "print(f'{$cpu/max($floorcpu, 0.01):.1f}')")x in CPU time)"
}

# One untimed import first: the first run of a freshly built binary was 0.15-0.3 s slower
# than the same import run again (seen in every `make bench` of stop 23, never by hand).
mkdir -p "$OUT/warm" && python3 scripts/generate_bench.py "$OUT/warm" 100000 50 >/dev/null
$PENNY import --ledger "$OUT/warm/ledger.journal" --rules "$OUT/warm/bench.rules" "$OUT/warm/bench-montepio.csv" >/dev/null
for rules in "${RULE_COUNTS[@]}"; do
    rm -rf "$OUT" && mkdir -p "$OUT"
    # The mostly-uncategorized statement first, so the categorized one's ledger stays for
    # the re-import and report below.
    [ "$rules" = "${RULE_COUNTS[0]}" ] && import_kind uncategorized "$rules"
    import_kind categorized "$rules"
    read -r _ again kilobytes cpu < <(measure reimport $PENNY import --ledger "$OUT/ledger.journal" --rules "$OUT/bench.rules" "$OUT/bench-montepio.csv")
    echo "re-import of the same rows (all duplicates): ${again}s (CPU ${cpu}s), $(python3 -c "print(f'{$ROWS/$again:,.0f}')") rows/s, peak $((kilobytes / 1024)) MiB"
    python3 scripts/generate_bench.py "$OUT/small" 1000 "$rules" >/dev/null
    : >"$OUT/small/none.journal"
    read -r _ fixed _ < <(measure fixed $PENNY report summary --ledger "$OUT/small/none.journal" --rules "$OUT/small/bench.rules")
    read -r _ check _ < <(measure check $PENNY rules check --rules "$OUT/small/bench.rules")
    echo "fixed cost of $rules rules: report summary on an empty ledger ${fixed}s, rules check ${check}s"
done
read -r _ seconds kilobytes cpu < <(measure report $PENNY report summary --ledger "$OUT/ledger.journal" --rules "$OUT/bench.rules")
echo "report summary over $ROWS transactions ($(( $(stat -c %s "$OUT/ledger.journal") / 1048576 )) MiB ledger): ${seconds}s (CPU ${cpu}s), peak $((kilobytes / 1024)) MiB"
# ledger-cli's balance report over the same ledger (LEDGER_BAL=0 leaves it out: about 40 s
# and 3 GB at 1M).
if command -v ledger >/dev/null && [ "${LEDGER_BAL:-1}" != 0 ]; then
    read -r _ lseconds lkilobytes lcpu < <(measure ledger ledger -f "$OUT/ledger.journal" bal)
    echo "ledger bal over the same ledger: ${lseconds}s (CPU ${lcpu}s), peak $((lkilobytes / 1024)) MiB; report summary is $(python3 -c "print(f'{$lseconds/max($seconds, 0.01):.0f}')")x faster"
fi

# Round-ups: the same import with one round-up program, at each size in ROUNDUP_ROWS
# (default: ROWS; `make bench` runs 1M and 10M, and `report summary` over the 10M ledger).
for rows in ${ROUNDUP_ROWS:-$ROWS}; do
    dir="$OUT/roundup-$rows"
    python3 scripts/generate_bench.py "$dir" "$rows" "${RULE_COUNTS[0]}" >/dev/null
    cp "$dir/bench.rules" "$dir/roundup.rules"
    printf '\naccount assets:savings:bench\n  currency EUR\n\nroundup bench\n  from assets:bank:bench\n  pot assets:savings:roundups\n  apply monthly\n  to assets:savings:bench 100%%\n' >>"$dir/roundup.rules"
    read -r _ plain plainkb plaincpu < <(measure import $PENNY import --ledger "$dir/plain.journal" --rules "$dir/bench.rules" "$dir/bench-montepio.csv")
    read -r _ with withkb withcpu < <(measure roundup $PENNY import --ledger "$dir/ledger.journal" --rules "$dir/roundup.rules" "$dir/bench-montepio.csv")
    if [ "$rows" -gt "$ROWS" ]; then
        read -r _ rseconds rkilobytes rcpu < <(measure report $PENNY report summary --ledger "$dir/plain.journal" --rules "$dir/bench.rules")
        echo "report summary over $rows transactions ($(( $(stat -c %s "$dir/plain.journal") / 1048576 )) MiB ledger): ${rseconds}s (CPU ${rcpu}s), peak $((rkilobytes / 1024)) MiB"
    fi
    echo "round-ups, $rows rows: import with one program ${with}s (CPU ${withcpu}s), peak $((withkb / 1024)) MiB; without ${plain}s (CPU ${plaincpu}s), peak $((plainkb / 1024)) MiB ($(python3 -c "print(f'{$with/$plain:.2f}')")x wall, $(python3 -c "print(f'{$withcpu/$plaincpu:.2f}')")x CPU); derived journal $(( $(stat -c %s "$dir/ledger.journal.roundups.journal") / 1048576 )) MiB"
    rm -rf "$dir"
done
