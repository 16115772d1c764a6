#!/usr/bin/env bash
# The first command of README.md: install what is needed, build, and run
# measuretool on a bundled example, printing its report.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
# Configured exactly as scripts/test.sh configures build/, so that the test
# command does not rebuild what this one built.
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DAITOOL_WERROR=ON
cmake --build build -j"$(nproc)"

echo
echo "== build/tools/measuretool -static-counting-only -report-file ai_tool_report.txt examples/jacobi.c"
build/tools/measuretool -static-counting-only -report-file ai_tool_report.txt examples/jacobi.c
cat ai_tool_report.txt
