#!/usr/bin/env bash
# Installs what is missing, builds everything and runs the whole test suite (ctest), part of it again with
# the machine busy (stress-ng), then the sanitizer build's suite (scripts/test-sanitize.sh, in
# BUILD_DIR-sanitize). Exits non-zero if any failed.
# Usage: scripts/test.sh [BUILD_DIR]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
# Each stage's time on stderr, so that a slow or overlong run shows where its time went.
stage_start=$SECONDS
stage_done() {
  echo "test.sh: $1 took $((SECONDS - stage_start)) s (total $SECONDS s)" >&2
  stage_start=$SECONDS
}
./scripts/install-deps.sh
stage_done "installing the dependencies"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=/usr/lib/llvm-16 >/dev/null
cmake --build "$build" -j "$(nproc)"
stage_done "the build"
status=0
ctest --test-dir "$build" --output-on-failure -j 2 || status=$?
stage_done "the suite"
# Once more with the machine busy (a CPU-bound job, one worker per CPU, beside the tests): the memory-model
# suite and the tests that once depended on a quiet machine. No test may assert a timing that load breaks.
busy='memory_model|^trace[.]waits[.]|own_cpu_wait|^sample[.].*[.]mpi[.]vader[.]n1$'
stress-ng --cpu "$(nproc)" --timeout 1800s --quiet &
stress=$!
ctest --test-dir "$build" --output-on-failure -j 2 -R "$busy" || status=$?
kill "$stress" 2>/dev/null || true
wait "$stress" 2>/dev/null || true
stage_done "the suite's load-sensitive part beside a CPU-bound job"
./scripts/test-sanitize.sh "$build-sanitize" || status=$?
stage_done "the sanitizer build and its suite"
exit "$status"
