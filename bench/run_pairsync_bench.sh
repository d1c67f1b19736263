#!/usr/bin/env bash
# Pairwise synchronization against upc_barrier (bench_runtime under pgasrun, shm conduit) at 2, 4 and 8
# threads: the barriers built from pairsync over every thread, with their ratio to upc_barrier (< 1.5 is the
# target for the tree subset barrier), and pairsync fast against the Figure 11 lock handshake. The tree
# barriers run twice: with the default shape (one level when threads outnumber CPUs) and forced binary
# (PGAS_PAIRSYNC_TREE_ARITY=2). Builds nothing: build bench_runtime and pgasrun first.
#
#   bench/run_pairsync_bench.sh [BUILD_DIR]          BUILD_DIR defaults to ./build
#
# Environment: BENCH_REPETITIONS (default 5; medians are reported), BENCH_TIMEOUT (seconds per run, 300).
set -euo pipefail

build=${1:-build}
repetitions=${BENCH_REPETITIONS:-5}
limit=${BENCH_TIMEOUT:-300}
ours=$build/bin/bench_runtime
pgasrun=$build/bin/pgasrun
source "$(dirname "$0")/lib.sh"
require_built run_pairsync_bench.sh "$ours" "$pgasrun"
command -v jq >/dev/null || { echo "run_pairsync_bench.sh: needs jq" >&2; exit 2; }

results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
gb_flags=(--benchmark_format=json "--benchmark_repetitions=$repetitions" --benchmark_report_aggregates_only=true)

# run LABEL PROCS [VAR=VALUE...] -- FILTER: medians of one job as "LABEL PROCS NAME NS" lines.
run() {
  local label=$1 procs=$2
  shift 2
  local env=()
  while [[ $1 != -- ]]; do env+=("$1"); shift; done
  local filter=$2 out=$results/$label-$procs.json
  echo "+ ${env[*]} $pgasrun -n $procs $ours --benchmark_filter=$filter" >&2
  env "${env[@]}" timeout "$limit" "$pgasrun" -n "$procs" "$ours" "--benchmark_filter=$filter" "${gb_flags[@]}" \
    >"$out" 2>"$results/err" || { cat "$results/err" >&2; exit 1; }
  jq -r --arg shape "$label" --arg procs "$procs" '
    .benchmarks[] | select(.aggregate_name == "median")
    | [$shape, $procs, (.run_name | split("/")[0]), .real_time] | @tsv' "$out" >>"$results/medians.tsv"
}

for n in 2 4 8; do
  run default "$n" -- '^(barrier|pairwise_|subset_|pairsync_)'
  run binary "$n" PGAS_PAIRSYNC_TREE_ARITY=2 -- '^(barrier|pairwise_tree|subset_tree)'
done

awk -F'\t' '
  { t[$1 FS $2 FS $3] = $4; if ($3 == "barrier") b[$1 FS $2] = $4 }
  END {
    printf "%-8s %-3s %-28s %12s %10s\n", "shape", "n", "operation", "ns/op", "vs barrier"
    split("default binary", shapes, " ")
    split("barrier pairwise_linear_barrier pairwise_tree_barrier subset_linear_barrier_all subset_tree_barrier_all", ops, " ")
    for (s = 1; s <= 2; ++s) for (n = 2; n <= 8; n *= 2) for (o = 1; o <= 5; ++o) {
      key = shapes[s] FS n FS ops[o]
      if (key in t) printf "%-8s %-3d %-28s %12.0f %10.2f\n", shapes[s], n, ops[o], t[key], t[key] / b[shapes[s] FS n]
    }
    printf "\n%-3s %18s %26s %8s\n", "n", "pairsync_fast ns", "pairsync_lock_handshake ns", "ratio"
    for (n = 2; n <= 8; n *= 2) {
      f = t["default" FS n FS "pairsync_fast"]; h = t["default" FS n FS "pairsync_lock_handshake"]
      printf "%-3d %18.0f %26.0f %8.2f\n", n, f, h, h / f
    }
  }' "$results/medians.tsv"
