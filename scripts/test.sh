#!/usr/bin/env bash
# The second command of README.md (and what CI runs): build and run the whole
# test suite, then again under AddressSanitizer + UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh --if-missing
jobs=$(nproc)

# The configuration of scripts/setup.sh, so build/ is reused, not rebuilt.
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAITOOL_WERROR=ON
cmake --build build -j"$jobs"
ctest --test-dir build --output-on-failure -j"$jobs"

cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DAITOOL_SANITIZE=ON -DAITOOL_WERROR=ON
cmake --build build-asan -j"$jobs"
ctest --test-dir build-asan --output-on-failure -j"$jobs"

# Each fuzz target for 2 s from its seeds, so a parser regression shows here
# (scripts/fuzz.sh runs them for longer).
scripts/fuzz.sh all 2
