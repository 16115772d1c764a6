#!/usr/bin/env bash
# SIMON's aarch64 context switch, and its ucontext fallback, under qemu:
# the scenarios program cross-built for aarch64 must give, for every
# scenario, the stdout, stderr, exit status and JSON statistics the native
# build gives.  Usage: aarch64.sh SOURCE_DIR NATIVE_SCENARIOS WORK_DIR
set -uo pipefail
src=$1 native=$2 work=$3
mkdir -p "$work"
# support/ but layout.c, which finds an installation's files for the tools
# and is built with the install directories CMake computes.
support=()
for f in "$src"/support/*.c; do
    [[ $f == */layout.c ]] || support+=("$f")
done
sources=("$src"/simon/lib/core.c "$src"/simon/lib/front.c "$src"/simon/lib/fiber.c
         "$src"/simon/lib/stats.c "$src"/simon/lib/trace.c "$src"/simon/lib/main.c
         "$src"/simon/switch/*.c "${support[@]}"
         "$src"/simon/tests/progs/scenarios.c)
flags=(-std=c11 -O2 -D_XOPEN_SOURCE=700 -DAITOOL_VERSION='"aarch64"' -I"$src"/simon/include
       -I"$src"/simon/lib -I"$src"/simon/internal -I"$src"/simon/switch -I"$src"/support)
aarch64-linux-gnu-gcc "${flags[@]}" "${sources[@]}" -o "$work/scen" -lm || exit 1
aarch64-linux-gnu-gcc "${flags[@]}" -DSIMON_FIBER_UCONTEXT "${sources[@]}" -o "$work/scen_uc" -lm ||
    exit 1
scenarios=$(grep -o '{"[a-z_]*", boot_' "$src"/simon/tests/progs/scenarios.c |
            sed 's/{"\([a-z_]*\)".*/\1/')
[[ -n "$scenarios" ]] || { echo "aarch64.sh: no scenarios found" >&2; exit 1; }
status=0
for s in $scenarios; do
    "$native" -o /dev/null -json "$work/n.json" -- "$s" >"$work/n.out" 2>"$work/n.err"
    echo $? >>"$work/n.out"
    for build in scen scen_uc; do
        qemu-aarch64 -L /usr/aarch64-linux-gnu "$work/$build" -o /dev/null -json "$work/a.json" \
            -- "$s" >"$work/a.out" 2>"$work/a.err"
        echo $? >>"$work/a.out"
        if ! cmp -s "$work/a.out" "$work/n.out" || ! cmp -s "$work/a.err" "$work/n.err" ||
           ! cmp -s "$work/a.json" "$work/n.json"; then
            echo "aarch64 ($build) differs from the native build on scenario $s" >&2
            status=1
        fi
    done
    echo "scenario $s: same on aarch64"
done
exit $status
