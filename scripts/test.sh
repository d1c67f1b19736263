#!/usr/bin/env bash
# Installs what is missing, builds everything and runs the whole test suite (ctest), then the sanitizer
# build's suite (scripts/test-sanitize.sh, in BUILD_DIR-sanitize). Exits non-zero if either failed.
# Usage: scripts/test.sh [BUILD_DIR]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
./scripts/install-deps.sh
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=/usr/lib/llvm-16 >/dev/null
cmake --build "$build" -j "$(nproc)"
status=0
ctest --test-dir "$build" --output-on-failure -j 2 || status=$?
./scripts/test-sanitize.sh "$build-sanitize" || status=$?
exit "$status"
