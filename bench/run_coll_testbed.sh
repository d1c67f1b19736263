#!/bin/sh
# The collectives testbed side by side (seed 000 section 7; bench/coll): our UPC 1.2 collectives with ALLSYNC
# and MYSYNC, pulled and pushed, and Open MPI's over vader, at 2, 4 and 8 threads, even and uneven workload,
# for each relocalization and message length. Prints one line per run (the slowest thread's total time
# inside the collective over ITERATIONS calls), then a markdown table of microseconds per call.
#   bench/run_coll_testbed.sh [BUILD_DIR] [ITERATIONS]      (WORK=units of computation per iteration, 50)
set -eu
build=${1:-build}
iterations=${2:-200}
work=${WORK:-50}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
lines=$(mktemp)
trap 'rm -f "$lines"' EXIT
for n in 2 4 8; do
  for c in broadcast scatter gather gather_all exchange permute; do
    for bytes in 64 4096; do
      for load in "" --uneven; do
        args="--collective $c --bytes $bytes --iterations $iterations --work $work $load"
        for sync in all my; do
          for direction in pull push; do
            PGAS_COLL_MYSYNC=$direction "$build/bin/pgasrun" -n $n "$build/bin/coll_testbed" $args --sync $sync
          done
        done
        mpirun --oversubscribe -np $n --mca btl vader,self "$build/bin/coll_testbed_mpi" $args
      done
    done
  done
done | tee "$lines"
echo
echo "| threads | collective | bytes | workload | ALL pull | ALL push | MY pull | MY push | Open MPI | MY best / ALL best |"
echo "|---|---|---|---|---|---|---|---|---|---|"
awk '{
  for (i = 2; i <= NF; ++i) { split($i, kv, "="); f[kv[1]] = kv[2] }
  key = f["threads"] " | " f["collective"] " | " f["bytes"] " | " f["workload"]
  column = ($1 == "mpi") ? "mpi" : f["sync"] "-" $1
  value[key, column] = f["per_call_us"]
  if (!(key in seen)) { seen[key] = 1; order[++count] = key }
}
END {
  for (k = 1; k <= count; ++k) {
    key = order[k]
    all = value[key, "all-upc-pull"] < value[key, "all-upc-push"] ? value[key, "all-upc-pull"] : value[key, "all-upc-push"]
    my = value[key, "my-upc-pull"] < value[key, "my-upc-push"] ? value[key, "my-upc-pull"] : value[key, "my-upc-push"]
    printf "| %s | %s | %s | %s | %s | %s | %.2f |\n", key, value[key, "all-upc-pull"], value[key, "all-upc-push"],
           value[key, "my-upc-pull"], value[key, "my-upc-push"], value[key, "mpi"], my / all
  }
}' "$lines"
