#!/usr/bin/env bash
# bench/aitool_cc_project.sh: a real multi-file C program built with its own
# makefile three times, by `cc` and by `aitool-cc` with the same flags (the
# second copy made with AITOOL_TIME=all in the environment too), and a
# workload of about a second run on each, alternating, RUNS times after a
# warm-up.  It prints the median wall times and the ratio of the
# instrumented program's over the plain one's, in one invocation (target:
# at most 1.05x, with the time of each loop nest measured), the same for
# AITOOL_TIME=all (each loop timed; no target), and what the measurement
# covers: the files the build compiled, those in the measurement, their
# loops.  The outputs of the three programs must be the same bytes.
#
#   zlib: `./configure --static` and `make` (CFLAGS=-O2); the workload is
#         minigzip -9 on 8 MB of generated text, then minigzip -d on the
#         result: two processes, whose measurements -merge-measured sums.
#   lua:  `make` with its makefile (its -O2 and warnings); the workload is
#         bench/aitool_cc/numeric.lua (spectral norm, a sieve).
#
# usage: bench/aitool_cc_project.sh [-check] SRC_DIR zlib|lua [AITOOL_CC] [RUNS]
#   SRC_DIR: a copy of the program's source (never written: it is copied);
#   when it does not exist, the benchmark is skipped with a message (exit
#   0), as it needs no network.  AITOOL_CC defaults to
#   build/tools/aitool-cc (measuretool beside it), RUNS to 9.
# Exit status: 0 when the target is met, or missed without -check (a
# MISSED line says so); 1 when it is missed with -check; 2 on a setup
# error (a build that fails, outputs that differ).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
check=0
if [[ ${1:-} == -check ]]; then
    check=1
    shift
fi
if (($# < 2)) || [[ $2 != zlib && $2 != lua ]]; then
    echo "usage: bench/aitool_cc_project.sh [-check] SRC_DIR zlib|lua [AITOOL_CC] [RUNS]" >&2
    exit 2
fi
src=$1
program=$2
aicc="${3:-$here/../build/tools/aitool-cc}"
runs="${4:-9}"
target=1.05
me=aitool_cc_project.sh
if [[ -z $src || ! -d $src ]]; then
    echo "$me: no $program source at '${src}': skipped (fetch it, see bench/README.md)"
    exit 0
fi
[[ -x $aicc && -x "$(dirname "$aicc")/measuretool" ]] ||
    { echo "$me: no aitool-cc and measuretool at $aicc (build first)" >&2; exit 2; }
aicc="$(realpath "$aicc")"
measuretool="$(dirname "$aicc")/measuretool"
src="$(realpath "$src")"
work="$(mktemp -d /tmp/aitool-cc-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT

fail() {
    echo "$me: $1" >&2
    [[ -n ${2:-} && -f $2 ]] && tail -20 "$2" >&2
    exit 2
}

# ---- the builds: plain, instrumented, instrumented with AITOOL_TIME=all ----

# build NAME CC [ENV...]: the source copied to $work/NAME and built there;
# the log in $work/NAME.log.
build() {
    local name=$1 cc=$2
    shift 2
    cp -r "$src" "$work/$name"
    case $program in
    zlib)
        (cd "$work/$name" && env "$@" CC="$cc" CFLAGS=-O2 ./configure --static &&
            env "$@" make minigzip) > "$work/$name.log" 2>&1 ;;
    lua)
        (cd "$work/$name" && env "$@" make CC="$cc") > "$work/$name.log" 2>&1 ;;
    esac || fail "the $name build failed, see its log:" "$work/$name.log"
}
build plain cc AITOOL_TIME=
build instr "$aicc" AITOOL_TIME=
build all "$aicc" AITOOL_TIME=all

# ---- the workload ----

case $program in
zlib)
    awk 'BEGIN { srand(7); for (i = 0; i < 200000; i++)
                 printf "%d %s line %d value %.4f\n", i, (i % 7 ? "alpha" : "omega"),
                        int(rand() * 1000), rand() * i }' > "$work/data.txt" ;;
lua)
    cp "$here/aitool_cc/numeric.lua" "$work/numeric.lua" ;;
esac

# workload NAME: runs the NAME build's program in $work/NAME.run, its output
# (the compressed file, or what lua prints) in $work/NAME.out.
workload() {
    local dir="$work/$1"
    case $program in
    zlib)
        "$dir/minigzip" -9 < "$work/data.txt" > "$work/$1.out"
        "$dir/minigzip" -d < "$work/$1.out" > "$work/$1.back" ;;
    lua)
        "$dir/lua" "$work/numeric.lua" > "$work/$1.out" ;;
    esac
}

# Wall time of one run of the workload of build NAME, in seconds; its
# measurements (one a process) into $work/NAME.m/.
time_run() {
    local name=$1 t0 t1
    rm -rf "$work/$name.m"
    mkdir "$work/$name.m"
    t0=$(date +%s.%N)
    AITOOL_MEASURED="$work/$name.m/m.%p.json" AITOOL_TIME="$([[ $name == all ]] && echo all)" \
        workload "$name"
    t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }'
}

median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

for name in plain instr all; do
    time_run "$name" > /dev/null || fail "the $name program failed"
done
for name in instr all; do
    cmp -s "$work/plain.out" "$work/$name.out" ||
        fail "the $name program's output differs from the plain build's"
done
[[ $program != zlib ]] || cmp -s "$work/data.txt" "$work/plain.back" ||
    fail "minigzip -d did not give the input back"

: > "$work/plain.t"; : > "$work/instr.t"; : > "$work/all.t"
for ((i = 0; i < runs; i++)); do
    for name in plain instr all; do
        time_run "$name" >> "$work/$name.t"
    done
done
p=$(median < "$work/plain.t")
n=$(median < "$work/instr.t")
a=$(median < "$work/all.t")
ratio=$(awk -v n="$n" -v p="$p" 'BEGIN { printf "%.3f", n / p }')
ratio_all=$(awk -v n="$a" -v p="$p" 'BEGIN { printf "%.3f", n / p }')
verdict=met
if awk -v r="$ratio" -v t="$target" 'BEGIN { exit !(r > t) }'; then verdict=MISSED; fi

printf '%-22s %8s %15s %8s   %s\n' program "plain s" "instrumented s" ratio verdict
printf '%-22s %8.3f %15.3f %7.3fx   %s (target <= %sx)\n' "$program" "$p" "$n" "$ratio" \
    "$verdict" "$target"
printf '%-22s %8.3f %15.3f %7.3fx   (no target)\n' "$program AITOOL_TIME=all" "$p" "$a" \
    "$ratio_all"
echo "medians of $runs alternating runs; load: $(uptime | sed 's/.*load average/load average/')"

# ---- coverage: the files compiled against the measurement ----

# The .c files the instrumented build compiled to objects (one a line).
grep -- " -c " "$work/instr.log" | grep -F -- "$aicc" | grep -o '[^ ]*\.c\b' | sort -u \
    > "$work/compiled.txt" || true
shopt -s nullglob
measured=("$work"/instr.m/m.*.json)
((${#measured[@]})) || fail "the instrumented program wrote no measurement"
"$measuretool" -merge-measured "$work/merged.json" "${measured[@]}" > /dev/null 2>&1 ||
    fail "-merge-measured refused the run's ${#measured[@]} measurements"
# Lines of the measurement: `{"file": "F", "digest": ...}` per file, and
# `{"file": "F", "line": ..., "entries": E, ...}` per loop.
awk -v compiled="$work/compiled.txt" '
    BEGIN { while ((getline f < compiled) > 0) { built[f] = 1; nbuilt++ } }
    /"digest":/ { match($0, /"file": "[^"]*"/); f = substr($0, RSTART + 9, RLENGTH - 10)
                  infile[f] = 1; nfiles++ }
    /"file": .*"entries":/ { match($0, /"file": "[^"]*"/); f = substr($0, RSTART + 9, RLENGTH - 10)
                   if (!(f in loopy)) { loopy[f] = 1; nloopy++ }
                   nloops++
                   match($0, /"entries": [0-9]+/)
                   if (substr($0, RSTART + 11, RLENGTH - 11) + 0 > 0) entered++ }
    END {
        for (f in built) if (!(f in infile)) missing = missing " " f
        printf "coverage: %d files compiled, %d in the measurement (%d with loops): %d loops, %d entered\n",
               nbuilt, nfiles, nloopy, nloops, entered
        if (missing != "") print "not in the measurement (not linked into the program run):" missing
    }' "$work/merged.json"
echo "measurements: ${#measured[@]} (one a process), merged by measuretool -merge-measured"

if [[ $verdict == MISSED ]]; then
    echo "$me: MISSED: $program instrumented/plain ${ratio}x > ${target}x"
    ((check)) && exit 1
fi
exit 0
