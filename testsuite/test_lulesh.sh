#!/usr/bin/env bash
# test_lulesh: measuretool on a real C++ proxy application, LLNL's LULESH
# 2.0 (not part of this project: extracted by scripts/lulesh-source.sh from
# a mirror, skipped with 77 when there is none).  Every file parses, with
# and without -fopenmp and through -p, every loop of the files is reported,
# and the loops whose operations bench/README.md derives by hand from the
# source ("LULESH") have those counts: CalcPressureForElems and
# CalcEnergyForElems (pointers), CalcVelocityForNodes, CalcPositionForNodes
# and InitStressTermsForElems (the Domain's accessors, `domain.xd(i)`).
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
((failures == 0)) || exit 1
echo "test_lulesh: passed"
