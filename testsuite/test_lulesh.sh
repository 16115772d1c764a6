#!/usr/bin/env bash
# test_lulesh: measuretool on a real C++ proxy application, LLNL's LULESH
# 2.0 (not part of this project: extracted by scripts/lulesh-source.sh from
# a mirror, skipped with 77 when there is none).  Every file parses, with
# and without -fopenmp and through -p, every loop of the files is reported,
# and the loops whose operations bench/README.md derives by hand from the
# source ("LULESH") have those counts: CalcPressureForElems and
# CalcEnergyForElems (pointers), CalcVelocityForNodes, CalcPositionForNodes
# and InitStressTermsForElems (the Domain's accessors, `domain.xd(i)`).
# Then its -auto-instrument copy is built and run: the same output, and the
# measured counts of three of those loops are the hand counts times the turns.
#
# usage: test_lulesh.sh MEASURETOOL LULESH_SOURCE_SH
set -uo pipefail
mt=$1 source_sh=$2
tmp=$(mktemp -d /tmp/aitool-lulesh.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
"$source_sh" "$tmp/src"
status=$?
((status == 0)) || exit "$status"
failures=0
fail() {
    echo "test_lulesh: FAILED: $*" >&2
    failures=$((failures + 1))
}

# The loops each file reports (the rest of lulesh-comm.cc and lulesh-viz.cc
# is under USE_MPI and VIZ_MESH).
declare -A want_loops=([lulesh.cc]=62 [lulesh-init.cc]=44 [lulesh-util.cc]=3
                       [lulesh-viz.cc]=0 [lulesh-comm.cc]=0)
for flags in "-DUSE_MPI=0" "-DUSE_MPI=0 -fopenmp"; do
    for f in "${!want_loops[@]}"; do
        # shellcheck disable=SC2086
        if ! "$mt" -static-counting-only $flags -report-file "$tmp/r.txt" "$tmp/src/$f" \
            2>"$tmp/err"; then
            fail "$f ($flags) did not analyze:"
            cat "$tmp/err" >&2
            continue
        fi
        n=$(grep -c 'Statement@' "$tmp/r.txt")
        ((n == want_loops[$f])) || fail "$f ($flags): $n loops, expected ${want_loops[$f]}"
    done
done

# -p: a compilation database as CMake writes it, with the build's flags.
{
    echo "["
    sep=""
    for f in lulesh.cc lulesh-init.cc lulesh-util.cc lulesh-viz.cc lulesh-comm.cc; do
        printf '%s{"directory": "%s", "command": "c++ -DUSE_MPI=0 -fopenmp -O3 -c %s", "file": "%s"}\n' \
            "$sep" "$tmp/src" "$tmp/src/$f" "$tmp/src/$f"
        sep=","
    done
    echo "]"
} >"$tmp/src/compile_commands.json"
if "$mt" -static-counting-only -p "$tmp/src" -report-file "$tmp/p.txt" -json "$tmp/p.json" \
    -xml "$tmp/p.xml" 2>"$tmp/err"; then
    n=$(grep -c 'Statement@' "$tmp/p.txt")
    ((n == 109)) || fail "-p: $n loops, expected 109"
else
    fail "-p did not analyze:"
    cat "$tmp/err" >&2
fi

# One line per loop of the -json report: "function:line plus minus multiply
# divide special | loads | stores".
"$mt" -static-counting-only -DUSE_MPI=0 -report-file /dev/null -json "$tmp/l.json" \
    "$tmp/src/lulesh.cc" 2>/dev/null
awk '{ gsub(/[\t ",]/, ""); split($0, kv, ":"); v[kv[1]] = kv[2] }
     /^store_formula/ { printf "%s:%s %s %s %s %s %s | %s | %s\n", v["function"], v["line"],
                        v["fp_plus"], v["fp_minus"], v["fp_multiply"], v["fp_divide"],
                        v["fp_special"], v["load_formula"], v["store_formula"] }' \
    "$tmp/l.json" >"$tmp/loops"
while IFS= read -r want; do
    grep -qxF -- "$want" "$tmp/loops" ||
        fail "expected '$want'; got '$(grep -F -- "${want%% *}" "$tmp/loops")'"
done <<'EOF_WANT'
CalcPressureForElems:2023 1 0 1 1 0 | 1*sizeof(double) | 2*sizeof(double)
CalcPressureForElems:2030 0 0 1 0 1 | 1*sizeof(int)+4*sizeof(double) | 1*sizeof(double)
CalcEnergyForElems:2063 2 1 3 0 0 | 6*sizeof(double) | 1*sizeof(double)
CalcEnergyForElems:2076 6 1 9 2 1 | 11*sizeof(double) | 2*sizeof(double)
CalcEnergyForElems:2101 1 0 1 0 1 | 2*sizeof(double) | 1*sizeof(double)
CalcEnergyForElems:2117 6 2 9 2 2 | 1*sizeof(int)+12*sizeof(double) | 1*sizeof(double)
CalcEnergyForElems:2154 2 0 5 1 2 | 1*sizeof(int)+9*sizeof(double) | 1*sizeof(double)
CalcVelocityForNodes:1189 3 0 3 0 3 | 6*sizeof(double) | 3*sizeof(double)
CalcPositionForNodes:1213 3 0 3 0 0 | 6*sizeof(double) | 3*sizeof(double)
InitStressTermsForElems:283 0 1 0 0 0 | 2*sizeof(double) | 3*sizeof(double)
EOF_WANT

# Instrumented (-auto-instrument), built as LULESH's Makefile builds it (g++,
# -fopenmp, two threads) and run: the same output as the plain build, and the
# measured counts of the loops counted by hand above are those counts times
# the turns the run made (hand counts per turn: plus minus multiply divide,
# doubles loaded, doubles stored).
if command -v g++ >/dev/null; then
    files="lulesh.cc lulesh-comm.cc lulesh-viz.cc lulesh-util.cc lulesh-init.cc"
    flags="-DUSE_MPI=0 -fopenmp -O2"
    mkdir -p "$tmp/ai"
    # shellcheck disable=SC2086
    (cd "$tmp/src" && "$mt" -auto-instrument $flags -I. -report-file /dev/null $files) \
        2>"$tmp/err" || { fail "-auto-instrument:"; cat "$tmp/err" >&2; }
    build() { # DIR PREFIX: compile LULESH's files (PREFIX ai_ for the copies)
        local f objs=()
        for f in $files; do
            # shellcheck disable=SC2086
            g++ $flags -falign-loops=64 -I"$tmp/src" -c "$tmp/src/$2$f" -o "$1/${f%.cc}.o" ||
                return 1
            objs+=("$1/${f%.cc}.o")
        done
        g++ -fopenmp "${objs[@]}" -lm -o "$1/lulesh"
    }
    mkdir -p "$tmp/plain"
    if build "$tmp/plain" "" && build "$tmp/ai" ai_; then
        strip_times() { grep -v -e 'Elapsed time' -e 'Grind time' -e 'FOM'; }
        OMP_NUM_THREADS=2 "$tmp/plain/lulesh" -s 12 -i 20 | strip_times >"$tmp/plain.out"
        (cd "$tmp/ai" && OMP_NUM_THREADS=2 AITOOL_MEASURED=m.json ./lulesh -s 12 -i 20) |
            strip_times >"$tmp/ai.out"
        grep -q 'Final Origin Energy' "$tmp/plain.out" || fail "LULESH printed no result"
        cmp -s "$tmp/plain.out" "$tmp/ai.out" ||
            { fail "the instrumented LULESH printed otherwise:"; diff "$tmp/plain.out" "$tmp/ai.out" >&2; }
        while read -r fn line plus minus mul div ld st; do
            got=$(awk -v fn="\"$fn\"" -v line="\"line\": $line," '
                index($0, line) && index($0, "\"function\": " fn) {
                    gsub(/[{}",]/, ""); n = split($0, w, " ")
                    for (i = 1; i < n; i++) v[w[i]] = w[i + 1]
                    t = v["iterations:"]
                    print t, v["fp_plus:"] - t * P, v["fp_minus:"] - t * M, v["fp_multiply:"] - t * X,
                          v["fp_divide:"] - t * D, v["load_bytes:"] - 8 * t * L, v["store_bytes:"] - 8 * t * S
                }' P="$plus" M="$minus" X="$mul" D="$div" L="$ld" S="$st" "$tmp/ai/m.json")
            [[ -n $got && ${got%% *} -gt 0 && ${got#* } == "0 0 0 0 0 0" ]] ||
                fail "$fn:$line measured: '$got' (turns, then each count less the hand count times the turns)"
        done <<'EOF_MEASURED'
CalcPressureForElems 2023 1 0 1 1 1 2
CalcEnergyForElems 2063 2 1 3 0 6 1
CalcPositionForNodes 1213 3 0 3 0 6 3
EOF_MEASURED
    else
        fail "LULESH did not build (plain or instrumented)"
    fi
else
    echo "test_lulesh: no g++: the instrumented build is not tried"
fi

((failures == 0)) || exit 1
echo "test_lulesh: passed"
