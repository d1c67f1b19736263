#!/usr/bin/env bash
# The main job: installs what is missing, builds, and runs the toolkit's loop on the connected-components
# sample (Cong et al.): a traced run on 4 threads, its report (remote accesses per thread, variable, source
# line, thread pair), and the measured speedup of removing the small remote accesses (by the hand-tuned
# variant, and by the program pgas-refactor rewrote, at an emulated 2 us network latency).
# Usage: scripts/main-job.sh [BUILD_DIR]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
./scripts/install-deps.sh
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=/usr/lib/llvm-16 >/dev/null
cmake --build "$build" -j "$(nproc)" --target pgasrun pgas-trace pgas-trace-import pgas-report cc cc_manual cc_opt
bin="$build/bin"
graph=(--vertices 10000 --edges 40000)

echo "== 1. CC on 4 threads, traced with source lines"
"$bin/pgasrun" -n 4 --trace "$build/cc.db" --force --lines "$bin/cc" "${graph[@]}"

echo
echo "== 2. Where the remote accesses are"
"$bin/pgas-report" "$build/cc.db" --top 8

echo
echo "== 3. CC against CC with bulk and coalesced transfers, 4 threads, emulated 2 us latency"
# Shows a run's output and returns its time (not through tee /dev/stderr, which truncates a redirected log).
seconds() {
  local out
  out=$("$bin/pgasrun" -n 4 --latency 2us "$@" 2>/dev/null)
  printf '%s\n' "$out" >&2
  sed -n 's/.*time=\([0-9.]*\).*/\1/p' <<<"$out"
}
original=$(seconds "$bin/cc" "${graph[@]}")
tuned=$(seconds "$bin/cc_manual" "${graph[@]}")
awk -v o="$original" -v t="$tuned" 'BEGIN { printf "speedup: %.1fx (%.3f s -> %.3f s)\n", o / t, o, t }'

echo
echo "== 4. The hot loops rewritten by pgas-refactor from the trace (tiled caching and coalescing)"
"$bin/pgas-refactor" --trace "$build/cc.db" --policy min -p "$build" samples/cc/cc.cpp --diff >"$build/cc_refactor.diff"
head -40 "$build/cc_refactor.diff"
echo "(the whole diff: $build/cc_refactor.diff)"
echo "(cc_opt is built from samples/cc/cc.cpp by pgas_refactor() in samples/cc/CMakeLists.txt)"
refactored=$(seconds "$bin/cc_opt" "${graph[@]}")
awk -v o="$original" -v r="$refactored" 'BEGIN { printf "speedup of the rewritten CC: %.1fx (%.3f s -> %.3f s)\n", o / r, o, r }'
