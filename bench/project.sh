#!/usr/bin/env bash
# bench/project.sh: measuretool over a whole project (-p BUILD_DIR, -j N).
# Generates a project of FILES C files (200 by default) in four
# directories, each file a gen_kernels file of 25 loop nests that compiles
# only with its entry's -I and -D, and a compile_commands.json with absolute
# paths and what a build adds (-O2, -c, -o, -MD -MF).  Then times, RUNS times
# each after a warm-up, alternating:
#   -p BUILD -j1       the database, one unit at a time
#   -p BUILD -j2       two at once
#   by hand -j1        the same files and flags on the command line
# and prints the medians and two ratios: -j2 over -j1 (target <= 0.6 on two
# cores) and -p over by hand at -j1 (target <= 1.05).  The three reports
# must be the same bytes.
#
# usage: bench/project.sh [MEASURETOOL] [GEN_KERNELS] [RUNS] [FILES]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tool="${1:-$here/../build/tools/measuretool}"
gen="${2:-$here/../build/bench/gen_kernels}"
runs="${3:-5}"
files="${4:-200}"
[[ -x "$tool" && -x "$gen" ]] ||
    { echo "project.sh: no measuretool or gen_kernels (build first)" >&2; exit 2; }
tool="$(realpath "$tool")"
gen="$(realpath "$gen")"
work="$(mktemp -d /tmp/aitool-project-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# ---- The project ----
mkdir -p "$work/include" "$work/build"
printf '/* Found only through -I. */\n#define PROJ_SCALE 2.0\n' > "$work/include/proj_config.h"
db="$work/build/compile_commands.json"
flags=(-I"$work/include" -DPROJ_UNIT=1 -std=gnu11)
sources=()
{
    echo "["
    for ((k = 0; k < files; k++)); do
        dir="$work/src/part$((k % 4))"
        mkdir -p "$dir"
        src="$dir/unit$k.c"
        {
            printf '#include "proj_config.h"\n#ifndef PROJ_UNIT\n#error "needs -DPROJ_UNIT"\n#endif\n'
            "$gen" -functions 25 -seed $((k + 1)) -o /dev/stdout
        } > "$src"
        sources+=("$src")
        printf '%s{"directory": "%s", "file": "%s",\n "arguments": ["/usr/bin/cc", "%s", "%s", "%s", "-O2", "-MD", "-MF", "unit%d.d", "-o", "unit%d.o", "-c", "%s"]}\n' \
            "$([[ $k -gt 0 ]] && echo ,)" "$work/build" "$src" "${flags[@]}" "$k" "$k" "$src"
    done
    echo "]"
} > "$db"
lines=$(cat "${sources[@]}" | wc -l)

# ---- Timing ----
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

# Wall time of one run in seconds; its report goes to $work/NAME.txt.
time_run() {
    local name=$1 t0 t1
    shift
    t0=$(date +%s.%N)
    (cd "$work" && "$tool" -static-counting-only -report-file "$name.txt" "$@" 2> "$name.err") ||
        { echo "project.sh: measuretool failed ($name):" >&2; cat "$work/$name.err" >&2; exit 2; }
    t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }'
}

configs=(p1 p2 hand)
run_config() {
    case $1 in
    p1) time_run p1 -p "$work/build" -j1 ;;
    p2) time_run p2 -p "$work/build" -j2 ;;
    hand) time_run hand -j1 "${flags[@]}" "${sources[@]}" ;;
    esac
}
for c in "${configs[@]}"; do run_config "$c" > /dev/null; done
cmp -s "$work/p1.txt" "$work/p2.txt" && cmp -s "$work/p1.txt" "$work/hand.txt" ||
    { echo "project.sh: the reports of -j1, -j2 and by hand differ" >&2; exit 2; }
declare -A times
med=()
for ((r = 0; r < runs; r++)); do
    for c in "${configs[@]}"; do times[$c]+="$(run_config "$c") "; done
done
for c in "${configs[@]}"; do
    med[${#med[@]}]=$(tr ' ' '\n' <<< "${times[$c]}" | grep . | median)
done
loops=$(grep -c '^----------Floating' "$work/p1.txt")
printf '%d files, %d lines, %d loops, %d cores, %d runs each (medians)\n' \
    "$files" "$lines" "$loops" "$(nproc)" "$runs"
printf '  -p -j1        %8.3f s\n  -p -j2        %8.3f s\n  by hand -j1   %8.3f s\n' \
    "${med[0]}" "${med[1]}" "${med[2]}"
status=0
verdict() { awk -v r="$1" -v t="$2" 'BEGIN { exit !(r <= t) }' && echo met || { echo MISSED; status=1; }; }
r_par=$(awk -v a="${med[1]}" -v b="${med[0]}" 'BEGIN { printf "%.3f", a / b }')
r_p=$(awk -v a="${med[0]}" -v b="${med[2]}" 'BEGIN { printf "%.3f", a / b }')
printf '  -j2 / -j1            %s (target <= 0.6): %s\n' "$r_par" "$(verdict "$r_par" 0.6)"
printf '  -p / by hand, -j1    %s (target <= 1.05): %s\n' "$r_p" "$(verdict "$r_p" 1.05)"
exit $status
