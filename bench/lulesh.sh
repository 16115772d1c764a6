#!/usr/bin/env bash
# bench/lulesh.sh: measuretool -static-counting-only against
# `clang -fsyntax-only` on a real C++ proxy application, LLNL's LULESH 2.0
# (extracted by scripts/lulesh-source.sh from a mirror; without one the
# benchmark is skipped with a message, exit 0, as it needs no network).
# Each file with loops is read with its build's flags (-DUSE_MPI=0
# -fopenmp): clang, measuretool and measuretool -xml -json alternate, RUNS
# times after a warm-up; the table shows the median wall times and their
# ratios to clang's (targets: 1.3x plain, 1.4x with the outputs, issue 31).
#
# usage: bench/lulesh.sh MEASURETOOL CLANG [RUNS]
# Exit status: 0 when every target is met, 1 when one is missed (MISSED),
# 2 on a setup error.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if (($# < 2)); then
    echo "usage: bench/lulesh.sh MEASURETOOL CLANG [RUNS]" >&2
    exit 2
fi
mt=$1 clang=$2 runs=${3:-5}
tmp=$(mktemp -d /tmp/aitool-bench-lulesh.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
"$here/../scripts/lulesh-source.sh" "$tmp/src"
status=$?
if ((status == 77)); then
    echo "bench_lulesh: skipped: no LULESH source"
    exit 0
fi
((status == 0)) || exit 2
flags=(-DUSE_MPI=0 -fopenmp)

# Wall seconds of one run of a command (its output thrown away).
seconds() {
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || { echo "bench_lulesh: failed: $*" >&2; exit 2; }
    end=$(date +%s%N)
    awk -v ns=$((end - start)) 'BEGIN { printf "%.4f\n", ns / 1e9 }'
}

median() {
    sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

missed=0
printf '%-16s %6s %8s %8s %8s %14s %14s\n' file lines clang mt mt+out "mt/clang<=1.3" "out/clang<=1.4"
for f in lulesh.cc lulesh-init.cc; do
    src=$tmp/src/$f
    c=() m=() x=()
    for ((r = 0; r <= runs; r++)); do
        tc=$(seconds "$clang" -fsyntax-only "${flags[@]}" "$src")
        tm=$(seconds "$mt" -static-counting-only "${flags[@]}" -report-file /dev/null "$src")
        tx=$(seconds "$mt" -static-counting-only "${flags[@]}" -report-file /dev/null \
            -xml "$tmp/r.xml" -json "$tmp/r.json" "$src")
        ((r == 0)) && continue # the warm-up
        c+=("$tc") m+=("$tm") x+=("$tx")
    done
    mc=$(printf '%s\n' "${c[@]}" | median)
    mm=$(printf '%s\n' "${m[@]}" | median)
    mx=$(printf '%s\n' "${x[@]}" | median)
    rm_=$(awk -v a="$mm" -v b="$mc" 'BEGIN { printf "%.3f", a / b }')
    rx=$(awk -v a="$mx" -v b="$mc" 'BEGIN { printf "%.3f", a / b }')
    vm=$(awk -v r="$rm_" 'BEGIN { print (r > 1.3) ? "MISSED" : "met" }')
    vx=$(awk -v r="$rx" 'BEGIN { print (r > 1.4) ? "MISSED" : "met" }')
    [[ $vm == met && $vx == met ]] || missed=1
    printf '%-16s %6d %8.3f %8.3f %8.3f %7.2fx %-6s %7.2fx %-6s\n' "$f" "$(wc -l <"$src")" \
        "$mc" "$mm" "$mx" "$rm_" "$vm" "$rx" "$vx"
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); $runs alternating runs after a warm-up"
exit "$missed"
