#!/bin/bash
# upc_all_sort (every thread sorts, sample sort) against the thread-0 sort it replaced, side by side in each run
# (bench/coll/sort_bench.cpp): random ints in the blocked layout, the median of REPEATS sorts of each.
#   bench/run_sort_bench.sh [BUILD_DIR] [REPEATS]
# Environment: THREADS="2 4 8", SIZES="10000 100000 1000000", BLK_SIZE (default: the blocked layout),
# CONDUIT=shm (pgasrun) or mpi (mpirun over btl vader: the MPI conduit).
set -eu
build=${1:-build}
repeats=${2:-5}
thread_counts=${THREADS:-2 4 8}
sizes=${SIZES:-10000 100000 1000000}
source "$(dirname "$0")/lib.sh"
require_built "$0" "$build/bin/pgasrun" "$build/bin/sort_bench"
conduit=${CONDUIT:-shm}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
launch() {
  if [[ $conduit == mpi ]]; then
    mpirun --oversubscribe -np "$1" --mca btl vader,self "${@:2}"
  else
    "$build/bin/pgasrun" -n "$1" --timeout 900 "${@:2}"
  fi
}
echo "| threads | nelems | blk_size | thread 0 (ms) | upc_all_sort (ms) | speedup |"
echo "|---:|---:|---:|---:|---:|---:|"
for n in $thread_counts; do
  for size in $sizes; do
    launch "$n" "$build/bin/sort_bench" "$size" "$repeats" ${BLK_SIZE:-} |
      sed -E 's/threads=([0-9]+) nelems=([0-9]+) blk_size=([0-9]+) thread0_ms=([0-9.]+) upc_all_sort_ms=([0-9.]+) speedup=([0-9.]+)/| \1 | \2 | \3 | \4 | \5 | \6x |/'
  done
done
