#!/usr/bin/env bash
# How long pgas-viewer takes to open a large trace (target: 10^6 access rows open and become interactive in
# under 2 s). Writes a trace of ROWS access rows once, then times, side by side in one process: a full-check
# open, the per-access tables as separate queries and as one digest scan, sync_digest, paths (every row
# has a call path), the viewer's background load, and
# the window from open() until every view shows the data. Offscreen platform, so no display is needed.
# Usage: bench/run_viewer_bench.sh [BUILD_DIR] [ROWS] [REPEATS]   (default: build, 1000000, 3)
set -euo pipefail
build=${1:-build}
rows=${2:-1000000}
repeats=${3:-3}
db=$(mktemp -u /tmp/pgas-viewer-bench-XXXXXX).db
trap 'rm -f "$db"' EXIT
QT_QPA_PLATFORM=offscreen "$build/bin/bench_viewer_open" "$db" "$rows" "$repeats" 2>&1 |
  grep -v -e 'XDG_RUNTIME_DIR' -e 'propagateSizeHints'
