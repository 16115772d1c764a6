#!/usr/bin/env bash
# bench/run.sh: runs one benchmark for its CMake target.
#
# usage: bench/run.sh [--check] NAME COMMAND [ARGS...]
#
# The benchmarks exit 0 when every target is met, 1 when one is missed (their
# tables say MISSED and bench_driver's last line names each), and 2 or more
# when they could not run.  A missed target is a measurement, not a broken
# build: without --check a miss exits 0, after a line saying so; with
# --check (the bench-check target) it exits 1.  A benchmark that could not
# run always fails, with its own exit status.
set -uo pipefail
check=0
if [[ ${1:-} == --check ]]; then
    check=1
    shift
fi
if (($# < 2)); then
    echo "usage: bench/run.sh [--check] NAME COMMAND [ARGS...]" >&2
    exit 2
fi
name=$1
shift
"$@"
status=$?
if ((status == 0)); then
    exit 0
fi
if ((status == 1)); then
    if ((check)); then
        echo "$name: a target was missed (MISSED above): failing, as $name-check does" >&2
        exit 1
    fi
    echo "$name: a target was missed (MISSED above); the benchmark ran, so this is no" \
         "error ('$name-check' fails on a miss)"
    exit 0
fi
echo "$name: the benchmark could not run (exit status $status)" >&2
exit "$status"
