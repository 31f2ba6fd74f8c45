#!/usr/bin/env bash
# The readers against their floors (docs/performance.md, "Readers"):
#
#   scripts/bench_readers.sh [PENNY] [SIZE_MB] [ROUNDS]
#
# Builds penny-read (PENNY_BENCH=1, in .build-bench): the reader Penny picks for a file and
# nothing else (no ids, rules or ledger), so "reader" below is the reader alone.
#
# Writes the same transactions as JSON (Berlin Group), OFX 1.02 SGML, OFX 2.2 XML and MT940
# (scripts/generate_readers.py; SIZE_MB, default 40, is about the OFX 2.x file's size: at 10 MB
# the floors, 0.03–0.06 s, are at `time`'s 0.01 s resolution and a process's start), then
# in ROUNDS alternating rounds (default 3) times, for each format, its floor and
# the reader alone, `penny import --dry-run` and `penny import` into a fresh ledger, with /usr/bin/time:
# wall and CPU seconds and peak memory. Floors, each a C program reading the whole file:
#   json         json_verify (yajl-tools): a strict, validating parse;
#   ofx2         xmllint --stream --noout;
#   ofx1, mt940  xmllint --stream --noout on the OFX 2.x file of the same transactions (no
#                C reader of OFX's SGML or of MT940 is packaged; the ratio is per transaction).
# Prints one line per run and, per format, the medians and the ratios to the floor.
set -euo pipefail
PENNY=${1:-.build/release/penny}
SIZE=${2:-40}
ROUNDS=${3:-3}
here=$(cd "$(dirname "$0")" && pwd)
PENNY_BENCH=1 swift build -c release --scratch-path "$here/../.build-bench" --product penny-read >/dev/null
READER="$here/../.build-bench/release/penny-read"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
count=$(python3 "$here/generate_readers.py" "$dir" "$SIZE")
mkdir -p "$dir/rules"
printf 'default currency EUR\n\naccount assets:bank:checking\n  id DE89370400440532013000\n' >"$dir/rules/penny.rules"
declare -A file=([json]=readers.json [ofx1]=readers-1.ofx [ofx2]=readers-2.ofx [mt940]=readers.sta)
echo "transactions: $count; bytes: $(cd "$dir" && stat -c '%n=%s' readers.json readers-1.ofx readers-2.ofx readers.sta | tr '\n' ' ')"

measure() { # label command... : prints "label wall cpu maxrss_kb"
    local label=$1
    shift
    /usr/bin/time -f "%e %U %S %M" -o "$dir/time" "$@" >/dev/null 2>"$dir/err" || { cat "$dir/err" >&2; return 1; }
    read -r wall user sys rss <"$dir/time"
    echo "$label $wall $(echo "$user + $sys" | bc) $rss" | tee -a "$dir/runs"
}

floor() {
    case $1 in
    json) measure "floor-$1" sh -c "json_verify -q < '$dir/readers.json'" ;;
    *) measure "floor-$1" xmllint --stream --noout "$dir/readers-2.ofx" ;;
    esac
}

for round in $(seq "$ROUNDS"); do
    for format in json ofx1 ofx2 mt940; do
        floor "$format"
        measure "reader-$format" "$READER" "$dir/${file[$format]}"
        measure "dryrun-$format" "$PENNY" import --dry-run --quiet --ledger "$dir/dry.journal" --rules "$dir/rules" "$dir/${file[$format]}"
        rm -f "$dir/ledger.journal" "$dir"/.ledger.journal*
        measure "import-$format" "$PENNY" import --quiet --ledger "$dir/ledger.journal" --rules "$dir/rules" "$dir/${file[$format]}"
    done
done

python3 - "$dir/runs" <<'EOF'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    label, wall, cpu, rss = line.split()
    runs.setdefault(label, []).append((float(wall), float(cpu), int(rss)))
med = lambda label, i: statistics.median(r[i] for r in runs[label])
print(f"{'format':6} {'floor wall/cpu':>15} {'reader wall/cpu':>16} {'dry-run wall/cpu':>17} {'import wall/cpu':>16} {'peak MiB':>9} {'reader x floor (wall, cpu)':>27} {'import x floor':>15}")
for f in ["json", "ofx1", "ofx2", "mt940"]:
    fw, fc = med("floor-" + f, 0), med("floor-" + f, 1)
    rw, rc = med("reader-" + f, 0), med("reader-" + f, 1)
    dw, dc = med("dryrun-" + f, 0), med("dryrun-" + f, 1)
    iw, ic = med("import-" + f, 0), med("import-" + f, 1)
    peak = max(r[2] for r in runs["import-" + f]) / 1024
    print(f"{f:6} {fw:7.2f}/{fc:5.2f} {rw:8.2f}/{rc:5.2f} {dw:9.2f}/{dc:5.2f} {iw:8.2f}/{ic:5.2f} {peak:9.0f} {rw / fw:12.1f}, {rc / max(fc, 0.01):.1f} {iw / fw:12.1f}")
EOF
