#!/usr/bin/env bash
# Issue 30's shapes: the benchmark's statement in other row orders, and one row into a large
# ledger with two own accounts. Release build; numbers are the machine's, never asserted.
#
#   scripts/benchmark_shapes.sh [ROWS] [RULES] [LARGE_ROWS]   (default: 1000000 500 10000000)
#
# For each shape (date order, reverse, shuffled, twelve monthly exports concatenated, one
# day): the import into a fresh ledger (time, CPU, peak memory, ratio to the libcsv floor
# of the same file), then the all-duplicates re-import of the same file (ratio to the floor).
# Then a ledger of LARGE_ROWS transactions of one own account, and the import of a
# one-row statement of a second own account into it (what the transfer index costs).
set -euo pipefail
cd "$(dirname "$0")/.."
ROWS=${1:-1000000}
RULES=${2:-500}
LARGE=${3:-10000000}
OUT=bench-out/shapes
[ -x /usr/bin/time ] || { echo "installing time"; apt-get install -y -qq time >/dev/null 2>&1 || sudo apt-get install -y -qq time; }
swift build -c release >/dev/null
PENNY=.build/release/penny
FLOOR=$(mktemp -d)/csv_floor
cc -O2 scripts/csv_floor.c -lcsv -o "$FLOOR"

measure() { # command...: prints "seconds kilobytes cpu"
    sync
    /usr/bin/time -f "%e %M %U %S" -o "$OUT/time.txt" "$@" >"$OUT/out.txt" 2>"$OUT/err.txt" || { cat "$OUT/err.txt" "$OUT/out.txt"; exit 1; }
    read -r seconds kilobytes user system <"$OUT/time.txt"
    echo "$seconds $kilobytes $(python3 -c "print(f'{$user+$system:.2f}')")"
}
ratio() { python3 -c "print(f'{$1/max($2, 0.01):.2f}')"; }

rm -rf "$OUT" && mkdir -p "$OUT"
python3 scripts/generate_bench.py "$OUT" "$ROWS" "$RULES" >/dev/null
mv "$OUT/bench-montepio.csv" "$OUT/bench-dateorder.csv"
python3 scripts/bench_shapes.py "$OUT/bench-dateorder.csv" "$OUT"
echo "shape        import s (CPU)   peak MiB  x floor | re-import s  peak MiB  x floor"
for shape in dateorder reverse shuffled months oneday; do
    file="$OUT/bench-$shape.csv"
    read -r floor _ _ < <(measure "$FLOOR" "$file" ';' 4)
    rm -f "$OUT/ledger.journal" "$OUT"/.ledger.journal.*
    read -r s kb cpu < <(measure $PENNY import --ledger "$OUT/ledger.journal" --rules "$OUT/bench.rules" "$file")
    read -r rs rkb _ < <(measure $PENNY import --ledger "$OUT/ledger.journal" --rules "$OUT/bench.rules" "$file")
    printf '%-12s %6s (%5s)   %6d   %5s  | %6s      %6d   %5s\n' "$shape" "$s" "$cpu" $((kb / 1024)) "$(ratio "$s" "$floor")" "$rs" $((rkb / 1024)) "$(ratio "$rs" "$floor")"
done
echo "($ROWS rows, $RULES rules; each ratio is to the libcsv floor of the same file, measured just before it: the last, ${floor}s)"

# One row of a second own account into a ledger of LARGE rows.
big="$OUT/large"
mkdir -p "$big"
python3 scripts/generate_bench.py "$big" "$LARGE" 50 >/dev/null
printf '\naccount assets:bank:second\n  id PT50000000000000000000002\n  currency EUR\n\ncsv second\n  match-file "second-*.csv"\n  account assets:bank:second\n  delimiter ;\n  header-lines 1\n  date 1 %%d-%%m-%%Y\n  description 2\n  amount 3\n  decimal-mark ,\n\n' >>"$big/bench.rules"
read -r s kb _ < <(measure $PENNY import --ledger "$big/ledger.journal" --rules "$big/bench.rules" "$big/bench-montepio.csv")
echo "ledger of $LARGE transactions: imported in ${s}s, peak $((kb / 1024)) MiB ($(( $(stat -c %s "$big/ledger.journal") / 1048576 )) MiB)"
printf 'Data;Descricao;Montante\n20-12-2024;TRF PARA POUPANCA;150,00\n' >"$big/second-1.csv"
read -r s kb cpu < <(measure $PENNY import --ledger "$big/ledger.journal" --rules "$big/bench.rules" "$big/second-1.csv")
echo "one row of a second own account into it: ${s}s (CPU ${cpu}s), peak $((kb / 1024)) MiB"
rm -rf "$big"
