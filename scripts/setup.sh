#!/usr/bin/env bash
# The first command of README.md: install what is needed, build, and run
# measuretool on a bundled example, printing its report.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j"$(nproc)"

echo
echo "== build/tools/measuretool -static-counting-only -report-file ai_tool_report.txt examples/jacobi.c"
build/tools/measuretool -static-counting-only -report-file ai_tool_report.txt examples/jacobi.c
cat ai_tool_report.txt
