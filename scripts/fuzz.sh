#!/usr/bin/env bash
# Fuzzes the parsers written by hand (fuzz/): builds the libFuzzer targets
# with clang-19 into build-fuzz/ and runs one target, or each in turn, for
# SECONDS (60 by default) from its seed corpus (files of the repository,
# copied into build-fuzz/corpus/TARGET, where the corpus then grows).
#   scripts/fuzz.sh TARGET|all [SECONDS]
# FUZZ_BUILD names another build directory (a long run beside the tests).
# Exit 0 when nothing was found; 1 when a target crashed, leaked or hung
# (the input is kept in build-fuzz/findings/TARGET/); 2 on a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(annot pragma xml machine expr measured chips vct costs switch merge)
seeds_of() {
    case $1 in
    annot) echo annotations/default.annot testsuite/kernels/*.annot ;;
    pragma) echo testsuite/kernels/pragmas_*.c testsuite/kernels/branches.c testsuite/kernels/openmp.c ;;
    xml) echo xml-schema/examples/*.xml testsuite/xml/*.xml bench/validate/xml/matmul.xml ;;
    machine) echo perfmodel/machines/*.json chips/examples/machine.json ;;
    expr) echo fuzz/seeds/expr/* ;;
    measured) echo fuzz/seeds/measured/* ;;
    chips) echo chips/examples/*.la ;;
    vct) echo chips/vectors/builtin.vdef chips/examples/*.vdef ;;
    costs) echo testsuite/kernels/instr_clock.costs ;;
    switch) echo fuzz/seeds/switch/* ;;
    merge) echo fuzz/seeds/merge/* ;;
    esac
}

which=${1:-}
seconds=${2:-60}
if [[ -z "$which" || ! "$seconds" =~ ^[0-9]+$ ]] ||
   [[ "$which" != all && ! " ${targets[*]} " =~ " $which " ]]; then
    echo "usage: scripts/fuzz.sh TARGET|all [SECONDS]   (TARGET: ${targets[*]})" >&2
    exit 2
fi
[[ "$which" == all ]] && run=("${targets[@]}") || run=("$which")

build=${FUZZ_BUILD:-build-fuzz}
CC=clang-19 cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAITOOL_FUZZ=ON >/dev/null
cmake --build "$build" -j"$(nproc)" --target fuzz_all >/dev/null

status=0
for t in "${run[@]}"; do
    corpus=$build/corpus/$t findings=$build/findings/$t
    mkdir -p "$corpus" "$findings"
    cp $(seeds_of "$t") "$corpus"/
    log=$build/fuzz_$t.log
    if "$build"/fuzz/fuzz_"$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$findings"/ "$corpus" >"$log" 2>&1; then
        runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log")
        echo "fuzz_$t: ${seconds} s, ${runs:-?} runs, $(ls "$corpus" | wc -l) inputs in the corpus, nothing found"
    else
        echo "fuzz_$t: FOUND something: $findings/ (log: $log)" >&2
        tail -20 "$log" >&2
        status=1
    fi
done
exit $status
