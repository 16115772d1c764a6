#!/usr/bin/env bash
# bench/instrumented.sh: the run time of programs instrumented with
# `measuretool -auto-instrument` against the originals, in one invocation:
# the original built with `cc -O2`, the copy as aitool-cc compiles it
# (`cc -O2 -falign-loops=64`: its loops start a 64-byte line, wherever the
# code it adds before a nest would move them; README.md, aitool-cc).
# Target: at most 1.05x on each kernel.  A second row per kernel builds the
# original with -falign-loops=64 as well (no target): the loops of both
# start a line, so the ratio is the instrumentation's cost without the luck
# of where the original's loops fall (bench/README.md, "Code alignment").
#
# usage: bench/instrumented.sh [MEASURETOOL] [RUNS]
#   MEASURETOOL defaults to build/tools/measuretool, RUNS (alternating timed
#   runs of each program, after a warm-up) to 5.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tool="${1:-$here/../build/tools/measuretool}"
runs="${2:-5}"
target=1.05
[[ -x "$tool" ]] || { echo "instrumented.sh: no measuretool at $tool (build first)" >&2; exit 2; }
work="$(mktemp -d /tmp/aitool-instr-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# Wall time of one run, in seconds; the output goes to OUT.
time_run() {
    local exe=$1 out=$2 t0 t1
    t0=$(date +%s.%N)
    (cd "$work" && "$exe" > "$out")
    t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }'
}

median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

# The compile of a copy at -O2 that aitool-cc runs.
copy_flags=-falign-loops=64

# The medians of RUNS alternating runs of kernel SRC's original built with
# cc -O2 FLAGS and its copy built with cc -O2 $copy_flags, as a row; a miss
# of a row with a target sets status.
measure() {
    local src=$1 label=$2 flags=$3 targeted=$4 name o n ratio verdict
    name=$(basename "$src" .c)
    # shellcheck disable=SC2086  # FLAGS are words
    cc -O2 $flags "$src" -o "$work/$name.orig" -lm
    cc -O2 "$copy_flags" "$work/ai_$name.c" -o "$work/$name.instr" -lm
    time_run "$work/$name.orig" orig.out > /dev/null
    time_run "$work/$name.instr" instr.out > /dev/null
    cmp -s "$work/orig.out" "$work/instr.out" ||
        { echo "instrumented.sh: $name prints something else when instrumented" >&2; exit 2; }
    : > "$work/orig.t"; : > "$work/instr.t"
    for ((i = 0; i < runs; i++)); do
        time_run "$work/$name.orig" orig.out >> "$work/orig.t"
        time_run "$work/$name.instr" instr.out >> "$work/instr.t"
    done
    o=$(median < "$work/orig.t"); n=$(median < "$work/instr.t")
    ratio=$(awk -v n="$n" -v o="$o" 'BEGIN { print n / o }')
    verdict="(no target: both aligned)"
    if [[ $targeted == yes ]]; then
        verdict="PASS (target <= ${target}x)"
        if awk -v r="$ratio" -v t="$target" 'BEGIN { exit !(r > t) }'; then
            verdict="FAIL (target <= ${target}x)"; status=1
        fi
    fi
    printf '%-30s %12.3f %14.3f %7.3fx   %s\n' "$label" "$o" "$n" "$ratio" "$verdict"
}

status=0
printf '%-30s %12s %14s %8s   %s\n' kernel "original s" "instrumented s" ratio verdict
for src in "$here"/kernels/triad_big.c "$here"/kernels/poly_horner.c; do
    name=$(basename "$src" .c)
    "$tool" -auto-instrument -o "$work/ai_$name.c" "$src" 2> "$work/$name.log" ||
        { echo "instrumented.sh: measuretool failed on $src, see:" >&2; cat "$work/$name.log" >&2; exit 2; }
    measure "$src" "$name" "" yes
    measure "$src" "$name -falign-loops=64" "-falign-loops=64" no
done
exit $status
