#!/usr/bin/env bash
# libFuzzer with AddressSanitizer over each statement reader, the rules parser and the
# journal reader (Fuzz/PennyFuzz, built only here: PENNY_FUZZ=1 declares it).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     (make fuzz SECONDS=N)
#
# Each target runs SECONDS (default 60), seeded from samples/, the test fixtures and
# ../shared/corpus (files under 64 KiB); what it learns is kept in fuzz-out/libfuzzer/corpus/
# for the next run. A finding (crash, sanitizer report, an input running over 5 s, or an
# error naming no place in the input) is saved as fuzz-out/libfuzzer/findings/TARGET-*;
# replay one with: PENNY_FUZZ_TARGET=TARGET .build-fuzz/release/penny-fuzz FILE
# (release with -O keeps Swift's overflow and bounds traps; PENNY_FUZZ_CONFIG=debug for a debug build)
# Exit status 1 when anything was found.
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(csv ofx camt json qif mt940 rules journal)
out=fuzz-out/libfuzzer
config=${PENNY_FUZZ_CONFIG:-release}
bin=.build-fuzz/$config/penny-fuzz

mkdir -p "$out"
echo "building $bin (-sanitize=fuzzer,address)"
if ! PENNY_FUZZ=1 swift build -c "$config" --scratch-path .build-fuzz --product penny-fuzz -Xswiftc -sanitize=fuzzer,address 2>&1 \
    | grep -v "Cannot export local symbol" >"$out.build.log"; then
    cat "$out.build.log"
    exit 2
fi

# The seed files of a target: by the folder they sit in, else by extension.
seeds() {
    local roots=(samples Tests rules Fuzz ../shared/corpus)
    case $1 in
    csv) find "${roots[@]}" -type f \( -iname '*.csv' -o -path '*/csv/*.txt' \) ;;
    ofx) find "${roots[@]}" -type f \( -iname '*.ofx' -o -iname '*.qfx' -o -path '*/ofx/*' \) ;;
    camt) find "${roots[@]}" -type f \( -iname '*camt*' -o -path '*/camt/*' \) ;;
    json) find "${roots[@]}" -type f \( -iname '*.json' -o -path '*/json/*' \) ! -name 'EXPECTED.json' ! -name 'manifest.json' ;;
    qif) find "${roots[@]}" -type f \( -iname '*.qif' -o -path '*/qif/*' \) ;;
    mt940) find "${roots[@]}" -type f \( -iname '*.sta' -o -iname '*.mt940' -o -path '*/mt940/*' \) ;;
    rules) find "${roots[@]}" -type f -name '*.rules' ;;
    journal) find "${roots[@]}" -type f -name '*.journal' ;;
    esac 2>/dev/null | grep -v -e '\.md$' -e 'SOURCES' -e 'EXPECTED' | sort
}

mkdir -p "$out/findings"
found=0
summary=()
for target in "${targets[@]}"; do
    corpus=$out/corpus/$target
    seed=$out/seeds/$target
    rm -rf "$seed" && mkdir -p "$corpus" "$seed"
    n=0
    while IFS= read -r file; do
        [ "$(stat -c %s "$file")" -lt 65536 ] || continue
        n=$((n + 1))
        cp "$file" "$seed/$n-$(basename "$file")"
    done < <(seeds "$target")
    # Ledgers saved with Windows line endings read the same (docs/ledger.md): seed those too.
    if [ "$target" = journal ]; then
        for file in "$seed"/*; do sed 's/$/\r/' "$file" >"$file.crlf"; done
    fi
    echo "== $target: $seconds s, $n seed files, corpus $(find "$corpus" -type f | wc -l) inputs"
    log=$out/$target.log
    SWIFT_BACKTRACE=enable=no PENNY_FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 \
        "$bin" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
        -artifact_prefix="$out/findings/$target-" "$corpus" "$seed" >"$log" 2>&1
    status=$?
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*')
    ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*')
    corp=$(grep -o 'corp: [0-9]*/[0-9a-zA-Z]*' "$log" | tail -1 | cut -d' ' -f2)
    line="$target: ${execs:-?} runs in $seconds s, cov ${cov:-?}, ft ${ft:-?}, corpus ${corp:-?}"
    if [ $status -ne 0 ]; then
        found=1
        line="$line: FINDING ($(grep -m1 -E '^(==[0-9]+==ERROR|SUMMARY|Fatal error|.*Fatal error)' "$log" | cut -c1-160)) see $log"
    fi
    echo "$line"
    summary+=("$line")
done
echo
printf '%s\n' "${summary[@]}"
exit $found
