#!/usr/bin/env bash
# The timeline's lanes at the largest recordable timeline (64 threads x 4096 buckets): reading the buckets,
# the buckets table as items vs as the view's model, building and painting the lanes (bench/viewer/
# lanes_bench.cpp). Offscreen platform, so no display is needed.
# Usage: bench/run_lanes_bench.sh [BUILD_DIR] [REPEATS]   (default: build, 3)
set -euo pipefail
build=${1:-build}
repeats=${2:-3}
db=$(mktemp -u /tmp/pgas-lanes-bench-XXXXXX).db
trap 'rm -f "$db"' EXIT
QT_QPA_PLATFORM=offscreen "$build/bin/bench_viewer_lanes" "$db" "$repeats" 2>&1 |
  grep -v -e 'XDG_RUNTIME_DIR' -e 'propagateSizeHints'
