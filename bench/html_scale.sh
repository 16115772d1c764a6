#!/usr/bin/env bash
# Issue 33's scale target: a project of 10,000 loops in 100,000 lines gives an HTML page
# under 20 MB that headless Chromium shows in under 2 s.  Generates the project
# (testsuite/browser/gen_project.sh), writes its page with measuretool -html, then opens it
# RUNS times with testsuite/browser/html_check.js and takes the median of the times from
# navigation until the page has laid out its table and first source.
#   bench/html_scale.sh MEASURETOOL [RUNS]
# Exit 0 when both targets are met, 1 when one is missed, 2 when it could not run (no
# node or Chromium: it says so).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=$(dirname "$here")
mt=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
runs=${2:-5}
command -v node >/dev/null || { echo "html_scale: node is not installed"; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
"$src/testsuite/browser/gen_project.sh" project 50 100
lines=$(cat project/*.c | wc -l)
start=$(date +%s.%N)
"$mt" -static-counting-only -report-file /dev/null \
    -machine "$src/perfmodel/machines/zen5-vm-2core.json" -param n=100000 \
    -html project.html project/*.c 2>/dev/null
end=$(date +%s.%N)
size=$(stat -c %s project.html)
times=()
for ((i = 0; i < runs; i++)); do
    out=$(node "$src/testsuite/browser/html_check.js" project.html -filter f7.c) || {
        status=$?
        echo "$out"
        [[ $status -eq 77 ]] && exit 2
        exit 2
    }
    ms=$(sed -n 's/^INFO: page [0-9]* bytes, shown in \([0-9]*\) ms$/\1/p' <<<"$out")
    times+=("$ms")
done
median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}')
printf 'html_scale: %s loops in %s lines, page %s bytes, written in %.2f s\n' 10000 "$lines" \
    "$size" "$(echo "$end - $start" | bc)"
printf 'html_scale: shown in %s ms (median of %d: %s), load average %s\n' "$median" "$runs" \
    "${times[*]}" "$(cut -d' ' -f1-3 /proc/loadavg)"
status=0
if ((size < 20000000)); then echo "page size      PASS (target < 20 MB)"; else echo "page size      MISSED (target < 20 MB)"; status=1; fi
if ((median < 2000)); then echo "time to show   PASS (target < 2 s)"; else echo "time to show   MISSED (target < 2 s)"; status=1; fi
exit $status
