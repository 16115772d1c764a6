#!/usr/bin/env bash
# Installs the Debian 12 packages the project builds and tests with (the
# aarch64 cross compiler and qemu test SIMON's aarch64 context switch;
# groff renders the manual pages in test_install; llvm-19's llvm-mca-19 gives
# perfmodel's in-core cycles of compiled loops, perfmodel/incore.c; chromium and
# nodejs open the HTML report in the browser tests, testsuite/browser/;
# libsimgrid-dev is SIMON's second engine, simon/simgrid/).
# With --if-missing it does nothing when they are all installed already.
set -euo pipefail

packages=(
    build-essential cmake pkg-config
    clang-19 libclang-19-dev libomp-19-dev libclang-rt-19-dev llvm-19
    libxml2-dev libxml2-utils libcjson-dev libcunit1-dev gnuplot-nox groff-base
    libsimgrid-dev
    gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
    chromium nodejs
)

if [[ "${1:-}" == "--if-missing" ]]; then
    missing=()
    for p in "${packages[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [[ ${#missing[@]} -eq 0 ]] && exit 0
    echo "install-deps: missing packages: ${missing[*]}"
fi

as_root=()
if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "install-deps: run as root or install sudo" >&2; exit 1; }
    as_root=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update
"${as_root[@]}" apt-get install -y --no-install-recommends "${packages[@]}"
