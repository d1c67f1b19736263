#!/usr/bin/env bash
# The main job: installs what is missing, builds, and runs the dp sample (x[i] = x[i] * y[2i], seed 004
# section 4.3) on 4 PGAS threads, without and with emulated network latency, printing its verification
# and time.
# Usage: scripts/main-job.sh [BUILD_DIR]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
./scripts/install-deps.sh
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=/usr/lib/llvm-16 >/dev/null
cmake --build "$build" -j "$(nproc)" --target pgasrun dp
echo "== dp on 4 threads (shared memory)"
"$build/bin/pgasrun" -n 4 "$build/bin/dp" --n 1000000 --repeat 5
echo "== dp on 4 threads with an emulated 2 us network latency per remote access"
"$build/bin/pgasrun" -n 4 --latency 2us --bandwidth 10GB/s "$build/bin/dp" --n 20000
