#!/usr/bin/env bash
# The HTML report in a real browser (issue 33): pages of the bundled examples, of a
# two-file project read through its compile_commands.json (-p), of a
# measured run of examples/jacobi.c, of a generated project of 10,000 loops in 100,000
# lines, and of a project written as a page per file (a low AITOOL_HTML_MAX_BYTES), each opened in headless Chromium by html_check.js, which sorts and
# filters the table, clicks a roofline point and checks the source line shown, and that
# no console error and no network request happened.
#   html_browser.sh MEASURETOOL SOURCE_DIR WORK_DIR
# Exit 0 when every check passes, 1 when one fails, 77 (CTest's skip) without node or
# Chromium, with a message saying so.  The screenshot is WORK_DIR/html-report.png.
set -euo pipefail
mt=$1
src=$2
work=$3
here="$src/testsuite/browser"
if ! command -v node >/dev/null; then
    echo "SKIP: node is not installed (Debian: apt-get install nodejs); the browser checks of the HTML report did not run"
    exit 77
fi
rm -rf "$work"
mkdir -p "$work"
cd "$work"
machine="$src/perfmodel/machines/zen5-vm-2core.json"

check() {
    local status=0
    node "$here/html_check.js" "$@" || status=$?
    [[ $status -eq 0 ]] || exit "$status"
}

echo "== the bundled examples"
"$mt" -static-counting-only -report-file /dev/null -machine "$machine" -param n=100000 \
    -html examples.html "$src"/examples/*.c 2>/dev/null
check examples.html -filter jacobi

echo "== a source whose text is markup"
cat >trap.c <<'C'
/* </script><script>document.title = 'pwned'</script> <img src=x onerror=alert(1)> */
const char *trap = "</script><script>alert(1)</script>";
double sum(int n, const double *v)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    return s;
}
void scale(int n, double a, double *v)
{
    for (int i = 0; i < n; i++)
        v[i] = a * v[i] * v[i];
}
C
"$mt" -static-counting-only -report-file /dev/null -html trap.html trap.c
check trap.html -filter sum -expect-text '"</script><script>alert(1)</script>"'

echo "== loops without FP operations, with a machine: a roofline without points"
cat >ints.c <<'C'
unsigned sum(int n, const unsigned *v)
{
    unsigned s = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    return s;
}
void shift(int n, unsigned *v)
{
    for (int i = 0; i < n; i++)
        v[i] = v[i] << 3;
}
C
"$mt" -static-counting-only -report-file /dev/null -machine "$machine" -param n=1000 \
    -html ints.html ints.c 2>/dev/null
check ints.html -filter shift

echo "== a project through its compile_commands.json (-p), without a machine"
mkdir -p proj/build
cp "$src/examples/dot.c" "$src/examples/triad.c" proj/
printf '[{"directory":"%s","command":"cc -O2 -c dot.c","file":"dot.c"},\n {"directory":"%s","command":"cc -O2 -c triad.c","file":"triad.c"}]\n' \
    "$work/proj" "$work/proj" >proj/build/compile_commands.json
(cd proj && "$mt" -p build -static-counting-only -report-file /dev/null -html ../p.html)
check p.html -filter triad

echo "== examples/jacobi.c measured: instrumented, built, run"
"$mt" -auto-instrument -report-file /dev/null "$src/examples/jacobi.c"
cc -O2 ai_jacobi.c -o jacobi -lm
AITOOL_MEASURED=jacobi.json ./jacobi >/dev/null
"$mt" -static-counting-only -report-file /dev/null -machine "$machine" -measured jacobi.json \
    -html measured.html "$src/examples/jacobi.c"
grep -q 'id="pmchart"' measured.html || { echo "FAIL: no predicted-against-measured chart"; exit 1; }
echo "PASS: the page has the predicted-against-measured chart"
check measured.html -expect-measured -filter error_check -screenshot html-report.png

echo "== a generated project: 10,000 loops, 100,000 lines"
"$here/gen_project.sh" project 50 100
lines=$(cat project/*.c | wc -l)
"$mt" -static-counting-only -report-file /dev/null -machine "$machine" -param n=100000 \
    -html project.html project/*.c 2>/dev/null
size=$(stat -c %s project.html)
echo "INFO: $lines lines, page $size bytes"
if (( size >= 20 * 1000 * 1000 )); then
    echo "FAIL: the page of 10,000 loops is $size bytes (at most 20 MB)"
    exit 1
fi
echo "PASS: the page of 10,000 loops and $lines lines is under 20 MB"
# The time it takes to show is bench/html_scale.sh's target, not this test's.
check project.html -filter f7.c

echo "== a project written as an index and a page per file"
AITOOL_HTML_MAX_BYTES=100000 "$mt" -static-counting-only -report-file /dev/null \
    -machine "$machine" -param n=100000 -html paged.html project/f1.c project/f2.c 2>/dev/null
[[ -f paged.files/0.html && -f paged.files/1.html ]] ||
    { echo "FAIL: no page per file beside paged.html"; exit 1; }
echo "PASS: paged.html and a page per file in paged.files/"
check paged.html -pages -filter f2.c
