#!/usr/bin/env bash
# bench/incore_cost.sh: what `-compile` costs a prediction, per nest, on a first run (the
# compiler and llvm-mca run) and on a second run (answered from the disk cache).
# Targets: < 200 ms a nest on the first run, < 10 ms on the second.
#
# usage: bench/incore_cost.sh [MEASURETOOL] [MACHINE] [RUNS]
#   MEASURETOOL defaults to build/tools/measuretool, MACHINE to the calibrated
#   perfmodel/machines/zen5-vm-2core.json, RUNS (timed runs of each case; the median
#   is reported) to 3.
#
# Ten kernels of our own, each a function with one nest (trips known: no -param), are
# written twice: all in one file (one compile serves the ten nests) and each in a file
# of its own (a compile a nest: the worst case).  Each case runs
# `measuretool -static-counting-only -machine M` without -compile (the base), then with
# `-compile 'cc -O3 -march=native'` on an empty cache (first), then again (second);
# the cost a nest is (run - base) / nests.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tool="${1:-$here/../build/tools/measuretool}"
machine="${2:-$here/../perfmodel/machines/zen5-vm-2core.json}"
runs="${3:-3}"
command='cc -O3 -march=native'
[[ -x "$tool" ]] || { echo "incore_cost.sh: no measuretool at $tool (build first)" >&2; exit 2; }
tool="$(cd "$(dirname "$tool")" && pwd)/$(basename "$tool")"
machine="$(cd "$(dirname "$machine")" && pwd)/$(basename "$machine")"
command -v llvm-mca-19 > /dev/null ||
    { echo "incore_cost.sh: llvm-mca-19 is not installed (Debian's llvm-19)" >&2; exit 2; }
work="$(mktemp -d /tmp/aitool-incore-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT

kernels=(
'void axpy(double *restrict a, const double *restrict b, double s)
{
    for (int i = 0; i < N; i++)
        a[i] = s * b[i] + a[i];
}'
'double dot(const double *a, const double *b)
{
    double s = 0;
    for (int i = 0; i < N; i++)
        s += a[i] * b[i];
    return s;
}'
'void stencil5(double (*restrict out)[M], double (*restrict in)[M])
{
    for (int i = 1; i < M - 1; i++)
        for (int j = 1; j < M - 1; j++)
            out[i][j] = 0.25 * (in[i - 1][j] + in[i + 1][j] + in[i][j - 1] + in[i][j + 1]);
}'
'void stencil7(double (*restrict out)[K][K], double (*restrict in)[K][K])
{
    for (int i = 1; i < K - 1; i++)
        for (int j = 1; j < K - 1; j++)
            for (int k = 1; k < K - 1; k++)
                out[i][j][k] = in[i][j][k] - (in[i - 1][j][k] + in[i + 1][j][k] +
                               in[i][j - 1][k] + in[i][j + 1][k] + in[i][j][k - 1] +
                               in[i][j][k + 1]) / 6.0;
}'
'void matvec(double *restrict y, double (*restrict a)[M], const double *restrict x)
{
    for (int i = 0; i < M; i++) {
        double s = 0;
        for (int j = 0; j < M; j++)
            s += a[i][j] * x[j];
        y[i] = s;
    }
}'
'void roots(double *restrict y, const double *restrict x)
{
    for (int i = 0; i < N; i++)
        y[i] = __builtin_sqrt(x[i]);
}'
'void quotients(double *restrict y, const double *restrict x, const double *restrict z)
{
    for (int i = 0; i < N; i++)
        y[i] = x[i] / z[i];
}'
'void cmul(double *restrict re, double *restrict im, const double *restrict ar,
          const double *restrict ai, const double *restrict br, const double *restrict bi)
{
    for (int i = 0; i < N; i++) {
        re[i] = ar[i] * br[i] - ai[i] * bi[i];
        im[i] = ar[i] * bi[i] + ai[i] * br[i];
    }
}'
'void transpose(double (*restrict t)[M], double (*restrict a)[M])
{
    for (int i = 0; i < M; i++)
        for (int j = 0; j < M; j++)
            t[j][i] = a[i][j];
}'
'void box3(float (*restrict out)[M], float (*restrict in)[M])
{
    for (int i = 1; i < M - 1; i++)
        for (int j = 1; j < M - 1; j++)
            out[i][j] = (in[i - 1][j - 1] + in[i - 1][j] + in[i - 1][j + 1] + in[i][j - 1] +
                         in[i][j] + in[i][j + 1] + in[i + 1][j - 1] + in[i + 1][j] +
                         in[i + 1][j + 1]) / 9.0f;
}'
)
header='#define N 100003
#define M 1000
#define K 200
'
nests=${#kernels[@]}
mkdir -p "$work/one" "$work/each"
{ printf '%s' "$header"; for k in "${kernels[@]}"; do printf '\n%s\n' "$k"; done; } > "$work/one/all.c"
for ((i = 0; i < nests; i++)); do
    { printf '%s\n' "$header"; printf '%s\n' "${kernels[$i]}"; } > "$work/each/k$i.c"
done

median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

# Seconds of one measuretool run over the files of DIR, with the extra arguments.
time_run() {
    local dir=$1 t0 t1
    shift
    t0=$(date +%s.%N)
    (cd "$dir" && "$tool" -static-counting-only -report-file /dev/null -machine "$machine" \
        "$@" ./*.c 2> "$work/err") ||
        { echo "incore_cost.sh: measuretool failed:" >&2; cat "$work/err" >&2; exit 2; }
    t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }'
}

status=0
printf '%-20s %6s %10s %14s %14s %10s\n' case nests "base ms" "first ms/nest" "second ms/nest" verdict
for case in one each; do
    dir="$work/$case"
    : > "$work/base.t"; : > "$work/first.t"; : > "$work/second.t"
    for ((r = 0; r < runs; r++)); do
        export AITOOL_CACHE_DIR="$work/cache-$case-$r"
        time_run "$dir" >> "$work/base.t"
        time_run "$dir" -compile "$command" >> "$work/first.t"
        grep -q "warning: the in-core time" "$work/err" &&
            { echo "incore_cost.sh: a nest fell back:" >&2; cat "$work/err" >&2; exit 2; }
        time_run "$dir" -compile "$command" >> "$work/second.t"
    done
    base=$(median < "$work/base.t"); first=$(median < "$work/first.t"); second=$(median < "$work/second.t")
    read -r f s < <(awk -v b="$base" -v f="$first" -v s="$second" -v n="$nests" \
        'BEGIN { d1 = (f - b) * 1000 / n; d2 = (s - b) * 1000 / n; print (d1 > 0 ? d1 : 0), (d2 > 0 ? d2 : 0) }')
    verdict=PASS
    if awk -v f="$f" -v s="$s" 'BEGIN { exit !(f >= 200 || s >= 10) }'; then verdict=MISSED; status=1; fi
    label="ten in one file"
    [[ $case == each ]] && label="a file a nest"
    printf '%-20s %6d %10.1f %14.1f %14.2f %10s\n' "$label" "$nests" "$(awk -v b="$base" 'BEGIN { print b * 1000 }')" "$f" "$s" "$verdict"
done
echo "targets: first run < 200 ms a nest, second run < 10 ms a nest ($command, $runs runs, medians)"
exit $status
