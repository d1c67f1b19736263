#!/usr/bin/env bash
# Installs what is missing, builds everything and runs the whole test suite (ctest; its load-sensitive part
# with the machine busy), then the sanitizer build's suite (scripts/test-sanitize.sh, in BUILD_DIR-sanitize).
# Exits non-zero if any failed.
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
# The tests that once depended on a quiet machine run only beside a CPU-bound job (below); the rest here.
busy='memory_model|^trace[.]waits[.]|own_cpu_wait|^sample[.].*[.]mpi[.]vader[.]n1$'
ctest --test-dir "$build" --output-on-failure -j 2 -E "$busy" || status=$?
stage_done "the suite"
# Those tests with the machine busy: the memory-model suite and the tests that once depended on a quiet
# machine, beside the sanitizer build (a parallel build, one job per CPU), then, should they outlast it,
# beside stress-ng (one CPU-bound worker per CPU). No test may assert a timing that load breaks.
ctest --test-dir "$build" --output-on-failure -j 2 -R "$busy" &
busy_tests=$!
sanitize_log=$(mktemp)
if ! ./scripts/test-sanitize.sh "$build-sanitize" build >"$sanitize_log" 2>&1; then
  tail -n 50 "$sanitize_log"
  status=1
fi
rm -f "$sanitize_log"
stress=
if kill -0 "$busy_tests" 2>/dev/null; then
  stress-ng --cpu "$(nproc)" --timeout 1800s --quiet &
  stress=$!
fi
wait "$busy_tests" || status=$?
if [[ -n $stress ]]; then
  kill "$stress" 2>/dev/null || true
  wait "$stress" 2>/dev/null || true
fi
stage_done "the sanitizer build, with the load-sensitive tests beside it"
./scripts/test-sanitize.sh "$build-sanitize" test || status=$?
stage_done "the sanitizer build's suite"
exit "$status"
