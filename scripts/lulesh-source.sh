#!/usr/bin/env bash
# lulesh-source.sh DEST: extract LLNL's LULESH 2.0 (lulesh.cc, lulesh.h, ...)
# into DEST from a git mirror of it, for the tests and benchmarks that run
# the tools on a real C++ proxy application.  LULESH is not part of this
# project: its source is read from $LULESH_GIT_DIR (a bare repository,
# default /work/.mirror/LLNL+LULESH/repo) at $LULESH_REV (default HEAD).
# Exits 77 (CTest's skip) when the mirror is not there.
set -euo pipefail
if (($# != 1)); then
    echo "usage: lulesh-source.sh DEST" >&2
    exit 2
fi
git_dir=${LULESH_GIT_DIR:-/work/.mirror/LLNL+LULESH/repo}
rev=${LULESH_REV:-HEAD}
if ! git --git-dir="$git_dir" rev-parse --verify -q "$rev^{commit}" >/dev/null 2>&1; then
    echo "lulesh-source.sh: no LULESH mirror at $git_dir: skipped (set LULESH_GIT_DIR)" >&2
    exit 77
fi
mkdir -p "$1"
git --git-dir="$git_dir" archive "$rev" | tar -x -C "$1"
