#!/usr/bin/env bash
# test_install: `cmake --install BUILD --prefix P` into a temporary prefix,
# then every program run from there, in a directory of its own: --version,
# static counts of an installed example, an -auto-instrument copy compiled
# and run, aitool-cc building an example with a measurement, perfmodel and chips on installed examples, simon-cc building a
# SIMON program with the installed header and libraries (and on SimGrid, when
# built with it), and the manual
# pages rendered.  A copy of the installation moved elsewhere (its data
# files marked) shows that the programs read the installation's files and
# not the build tree's.
#
# usage: test_install.sh CMAKE BUILD_DIR SOURCE_DIR VERSION
set -uo pipefail
cmake=$1 build=$2 src=$3 version=$4
tmp=$(mktemp -d /tmp/aitool-install-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix work=$tmp/work
mkdir -p "$work"
failures=0

fail() {
    echo "test_install: FAILED: $*" >&2
    failures=$((failures + 1))
}

# Runs a command in the work directory, its output in $tmp/out; fails the
# check named by $1 when it exits nonzero.
check() {
    local what=$1
    shift
    if ! (cd "$work" && "$@") >"$tmp/out" 2>&1; then
        fail "$what: $*"
        cat "$tmp/out" >&2
        return 1
    fi
}

# The output of the last check holds a fixed string.
expect_output() {
    grep -qF -- "$2" "$tmp/out" || { fail "$1: no '$2' in:"; cat "$tmp/out" >&2; }
}

install_into() {
    if ! "$cmake" --install "$build" --prefix "$1" >"$tmp/install.log" 2>&1; then
        cat "$tmp/install.log" >&2
        echo "test_install: FAILED: cmake --install $build --prefix $1" >&2
        exit 1
    fi
}

check_files() {
    local f
    for f in bin/measuretool bin/perfmodel bin/chips bin/vctdef bin/simon-cc bin/aitool-cc bin/aitool-c++ \
             share/aitool/include/omp.h share/aitool/annotations/default.annot \
             share/aitool/xml-schema/exasat.xsd share/aitool/xml-schema/exasat-orig.xsd \
             share/aitool/machines/small-vm-2core.json share/aitool/machines/zen5-vm-2core.json \
             share/aitool/examples/jacobi.c share/aitool/examples/xml/stencil7.xml \
             share/aitool/examples/chips/memsort.la share/aitool/examples/chips/machine.json \
             share/aitool/examples/chips/builtin.vdef share/aitool/examples/chips/offload.vdef \
             include/aitool/simon.h lib/aitool/libsimon.a lib/aitool/libaisimon_core.a \
             lib/aitool/libaisimon_fiber.a lib/aitool/libaisupport.a \
             share/man/man1/measuretool.1 share/man/man1/perfmodel.1 share/man/man1/chips.1 \
             share/man/man1/vctdef.1 share/man/man1/simon-cc.1 share/man/man1/aitool-cc.1 \
             share/man/man1/aitool-c++.1; do
        [[ -f $prefix/$f ]] || fail "not installed: $f"
    done
}

check_versions() {
    local p
    if check "--version" "$prefix/bin/measuretool" --version; then
        [[ $(cat "$tmp/out") =~ ^measuretool\ $version\ \(libclang:\ .*clang\ version\ .*\)$ ]] ||
            fail "measuretool --version: $(cat "$tmp/out")"
    fi
    for p in perfmodel chips vctdef simon-cc; do
        if check "--version" "$prefix/bin/$p" --version; then
            [[ $(cat "$tmp/out") == "$p $version" ]] || fail "$p --version: $(cat "$tmp/out")"
        fi
    done
    # aitool-cc's --version is the real compiler's, as configure expects
    for p in aitool-cc aitool-c++; do
        if check "--aitool-version" "$prefix/bin/$p" --aitool-version; then
            [[ $(cat "$tmp/out") == "$p $version" ]] ||
                fail "$p --aitool-version: $(cat "$tmp/out")"
        fi
    done
}

check_aitool_cc() {
    cp "$prefix/share/aitool/examples/triad.c" "$work/cc_triad.c"
    check "aitool-cc -c" "$prefix/bin/aitool-cc" -O1 -c cc_triad.c &&
        check "aitool-cc links" "$prefix/bin/aitool-cc" cc_triad.o -lm -o cc_triad &&
        check "the aitool-cc program runs" env AITOOL_MEASURED=cc.json ./cc_triad &&
        check "its measurement" grep -F '"file": "cc_triad.c", "line"' cc.json
    # aitool-c++: a template's loop, measured per instance
    printf '%s\n' '#include <cstdio>' 'template <class T> T sum(const T *x, int n)' \
        '{' '    T s = 0;' '    for (int i = 0; i < n; i++)' '        s += x[i];' '    return s;' \
        '}' 'int main()' '{' '    float f[3] = {1, 2, 3};' '    double d[2] = {4, 5};' \
        '    std::printf("%g\n", sum(f, 3) + sum(d, 2));' '    return 0;' '}' \
        >"$work/cxx_sum.cpp"
    local float='"function": "sum<float>", "entries": 1, "iterations": 3'
    local double='"function": "sum<double>", "entries": 1, "iterations": 2'
    check "aitool-c++ compiles and links" "$prefix/bin/aitool-c++" -O1 cxx_sum.cpp -o cxx_sum &&
        check "the aitool-c++ program runs" env AITOOL_MEASURED=cxx.json ./cxx_sum &&
        check "its measurement, per instance" grep -F "$float" cxx.json &&
        check "its other instance" grep -F "$double" cxx.json
}

check_measuretool() {
    cp "$prefix/share/aitool/examples/jacobi.c" "$prefix/share/aitool/examples/triad.c" "$work/"
    check "static counts" "$prefix/bin/measuretool" -static-counting-only -report-file - jacobi.c &&
        expect_output "static counts" "ForStatement@ $work/jacobi.c:"
    check "a prediction on an installed machine" "$prefix/bin/measuretool" -static-counting-only \
        -machine "$prefix/share/aitool/machines/small-vm-2core.json" -report-file - triad.c &&
        expect_output "a prediction" "memory-bound"
    check "-auto-instrument" "$prefix/bin/measuretool" -auto-instrument jacobi.c &&
        check "the copy compiles" cc -O1 ai_jacobi.c -lm -o jacobi &&
        check "the copy runs" env AITOOL_MEASURED=measured.json ./jacobi &&
        check "its measurement is read back" "$prefix/bin/measuretool" -static-counting-only \
            -measured measured.json -report-file - jacobi.c &&
        expect_output "its measurement" "Measured (own level, whole run)"
    printf '#include <omp.h>\nvoid f(double *a, int n)\n{\n#pragma omp parallel for\n%s\n}\n' \
        '    for (int i = 0; i < n; i++) a[i] = a[i] * 2.0 + omp_get_thread_num();' >"$work/omp.c"
    check "OpenMP through the installed <omp.h>" "$prefix/bin/measuretool" -static-counting-only \
        -fopenmp -report-file - omp.c && expect_output "<omp.h>" "fp_multiply:1"
}

check_perfmodel_and_chips() {
    check "perfmodel on an installed machine" "$prefix/bin/perfmodel" \
        -machine "$prefix/share/aitool/machines/small-vm-2core.json" -D n=258 \
        "$prefix/share/aitool/examples/xml/stencil7.xml" && expect_output "perfmodel" "memory-bound"
    check "chips on an installed example" "$prefix/bin/chips" \
        -machine "$prefix/share/aitool/examples/chips/machine.json" -D Nproc=4 \
        "$prefix/share/aitool/examples/chips/memsort.la" && expect_output "chips" "time_s"
    check "vctdef on an installed example" "$prefix/bin/vctdef" -o "$work/offload.vspec" \
        "$prefix/share/aitool/examples/chips/offload.vdef" &&
        check "chips -vectors" "$prefix/bin/chips" -vectors "$work/offload.vspec" \
            -machine "$prefix/share/aitool/examples/chips/offload.json" \
            "$prefix/share/aitool/examples/chips/offload.la" &&
        expect_output "chips -vectors" "0.000966875"
}

check_simon_cc() {
    cp "$src/simon/examples/dot.c" "$work/simon_dot.c"
    printf 'fadd 10 fmul 20\n' >"$work/costs.txt"
    check "simon-cc -T" "$prefix/bin/simon-cc" -T costs.txt simon_dot.c -o simon_dot &&
        check "the SIMON program runs" ./simon_dot && expect_output "simon-cc" "dot product = 9900"
    # the SimGrid engine, when this build has it: installed, and a program on it runs
    if [[ -f $build/simon/simgrid/libsimon-simgrid.a ]]; then
        printf 'model = p2p\nlatency = 1 us\nbandwidth = 1 GB/s\n' >"$work/p2p.cfg"
        check "simon-cc -engine simgrid" "$prefix/bin/simon-cc" -engine simgrid simon_dot.c \
            -o simon_dot_sg && check "the program on SimGrid runs" ./simon_dot_sg -s p2p.cfg &&
            expect_output "simon-cc -engine simgrid" "switch simgrid, end "
    fi
}

# Every option of a program's table is in its manual page, and each page
# renders without a warning.
check_man_pages() {
    local p name
    for p in measuretool perfmodel chips vctdef; do
        "$prefix/bin/$p" -help-markdown >"$tmp/table" || fail "$p -help-markdown"
        for name in $(sed -n 's/^| `\(-[^ `]*\).*/\1/p' "$tmp/table"); do
            grep -qF -- "${name//-/\\-}" "$prefix/share/man/man1/$p.1" ||
                fail "$p.1 does not describe $name"
        done
    done
    for p in measuretool perfmodel chips vctdef simon-cc aitool-cc aitool-c++; do
        if check "$p.1 renders" groff -man -Tutf8 -ww -z "$prefix/share/man/man1/$p.1" &&
            [[ -s $tmp/out ]]; then
            fail "$p.1: groff warns"
            cat "$tmp/out" >&2
        fi
    done
    if command -v man >/dev/null; then
        check "man -l" env LC_ALL=C MANWIDTH=80 man -l "$prefix/share/man/man1/measuretool.1" &&
            expect_output "man -l" "measuretool --version"
    fi
}

# The installation moved to another prefix, with its <omp.h> wrapper and
# simon.h made to fail and measuretool wrapped to leave a mark: the moved
# programs must read these, never the build tree's.
check_relocated() {
    local moved=$tmp/moved
    cp -a "$prefix" "$moved"
    mv "$moved/bin/measuretool" "$moved/bin/measuretool.real"
    printf '#!/bin/sh\ntouch "%s"\nexec "%s" "$@"\n' "$tmp/mark" "$moved/bin/measuretool.real" \
        >"$moved/bin/measuretool"
    chmod +x "$moved/bin/measuretool"
    check "moved simon-cc -T runs the moved measuretool" "$moved/bin/simon-cc" -T costs.txt \
        simon_dot.c -o simon_dot2 -Wl,--trace && expect_output "moved libraries" "$moved/lib/aitool/libsimon.a"
    [[ -e $tmp/mark ]] || fail "the moved simon-cc did not run the moved measuretool"
    rm -f "$tmp/mark"
    check "moved aitool-cc runs the moved measuretool" "$moved/bin/aitool-cc" -c cc_triad.c
    [[ -e $tmp/mark ]] || fail "the moved aitool-cc did not run the moved measuretool"
    echo '#error "the moved installation'"'"'s omp.h"' >>"$moved/share/aitool/include/omp.h"
    (cd "$work" && "$moved/bin/measuretool.real" -static-counting-only -fopenmp -report-file - omp.c) \
        >"$tmp/out" 2>&1 && fail "the moved measuretool did not read the moved omp.h"
    expect_output "moved omp.h" "the moved installation's omp.h"
    echo '#error "the moved installation'"'"'s simon.h"' >>"$moved/include/aitool/simon.h"
    (cd "$work" && "$moved/bin/simon-cc" simon_dot.c -o simon_dot3) >"$tmp/out" 2>&1 &&
        fail "the moved simon-cc did not read the moved simon.h"
    expect_output "moved simon.h" "the moved installation's simon.h"
}

install_into "$prefix"
check_files
check_versions
check_measuretool
check_aitool_cc
check_perfmodel_and_chips
check_simon_cc
check_man_pages
check_relocated
if ((failures)); then
    echo "test_install: $failures failed" >&2
    exit 1
fi
echo "test_install: every check passed"
