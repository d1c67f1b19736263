#!/usr/bin/env bash
# The MPI conduit against raw Open MPI RMA, side by side in one run: bench_runtime under mpirun (the same
# binary, on the MPI conduit) and bench_mpi_peer (MPI_Get/MPI_Put + MPI_Win_flush written directly), at 2
# ranks, over shared memory (btl vader, osc/sm) and over TCP (btl tcp, osc/pt2pt, so that RMA really
# crosses the TCP stack). Prints ours/raw: the overhead of our layer (1.0 = none). Then the samples,
# original against pgas-refactor's rewrite (NAME_opt) and the hand-tuned variant, on the MPI conduit over
# TCP at 4 ranks: real network latency, the honest counterpart of the emulated pgasrun --latency runs
# (bench/run_samples_bench.sh, bench/run_refactor_bench.sh).
#
#   bench/run_mpi_conduit_bench.sh [BUILD_DIR] [REPEATS]     (defaults: build, 3)
#
# Builds nothing: build bench_runtime, bench_mpi_peer, pgas-mpi and the samples first.
set -euo pipefail
build=${1:-build}
repeats=${2:-3}
bin=$build/bin
limit=${BENCH_TIMEOUT:-300}
for program in "$bin/bench_runtime" "$bin/bench_mpi_peer" "$build/lib/libpgas-mpi.so"; do
  [[ -e $program ]] || { echo "run_mpi_conduit_bench.sh: $program not found (build it first)" >&2; exit 2; }
done
command -v jq >/dev/null || { echo "run_mpi_conduit_bench.sh: needs jq" >&2; exit 2; }
source "$(dirname "$0")/lib.sh"

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
# shellcheck disable=SC2054 # "vader,self" is one argument
vader=(--mca btl vader,self --mca osc sm)
# shellcheck disable=SC2054
tcp=(--mca btl tcp,self --mca osc pt2pt)
gb=(--benchmark_format=json '--benchmark_filter=^(get_8B|put_8B|getv_1024x8B|barrier|lock_uncontended)')

# medians SOURCE TRANSPORT COMMAND...: appends "SOURCE TRANSPORT NAME NS" per benchmark to medians.tsv.
medians() {
  local source=$1 transport=$2
  shift 2
  echo "+ $*" >&2
  timeout "$limit" "$@" >"$results/out.json" 2>"$results/err" || { cat "$results/err" >&2; exit 1; }
  jq -r --arg s "$source" --arg t "$transport" '.benchmarks[]
    | [$s, $t, (.run_name | split("/")[0]), (.real_time / (.ops_per_iter // 1))] | @tsv' \
    "$results/out.json" >>"$results/medians.tsv"
}

# Ours and raw alternate, one job each per round, so that the machine's drift hits both alike; the table
# shows the median over the rounds.
for transport in vader tcp; do
  declare -n flags=$transport
  scale=()
  [[ $transport == tcp ]] && scale=(--scale=0.02)  # a TCP round trip costs ~100x one over shared memory
  for _ in $(seq "$repeats"); do
    medians ours "$transport" mpirun --oversubscribe -np 2 "${flags[@]}" "$bin/bench_runtime" "${gb[@]}" "${scale[@]}"
    medians raw "$transport" mpirun --oversubscribe -np 2 "${flags[@]}" "$bin/bench_mpi_peer" "${gb[@]}" "${scale[@]}"
  done
done

echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), 2 ranks, median of $repeats alternating rounds."
echo "ours = bench_runtime on the MPI conduit; raw = the same operation written directly in MPI. getv: ns per"
echo "call of 1024 8-byte elements (MB/s = 8192 / ns * 1000)."
echo
printf "| %-16s | %-9s | %12s | %12s | %9s |\n" benchmark transport "ours (ns)" "raw MPI (ns)" "ours/raw"
printf "|%s|%s|%s|%s|%s|\n" ------------------ ----------- -------------: -------------: ----------:
sort -t$'\t' -k1,3 -k4,4g "$results/medians.tsv" | awk -F'\t' '
  { key = $1 "/" $2 "/" $3; all[key, ++n[key]] = $4 }
  END {
    for (key in n) ns[key] = (n[key] % 2) ? all[key, (n[key] + 1) / 2] : (all[key, n[key] / 2] + all[key, n[key] / 2 + 1]) / 2
    split("get_8B put_8B getv_1024x8B barrier lock_uncontended", order, " ")
    for (t = 1; t <= 2; ++t) {
      transport = t == 1 ? "vader" : "tcp"
      for (i = 1; i <= 5; ++i) {
        o = ns["ours/" transport "/" order[i]]; r = ns["raw/" transport "/" order[i]]
        if (o == "" || r == "") continue
        printf "| %-16s | %-9s | %12.1f | %12.1f | %9.2f |\n", order[i], transport, o, r, o / r
      }
    }
  }'

echo
echo "Samples on the MPI conduit over TCP (btl tcp, osc/pt2pt), 4 ranks, median of $repeats runs, seconds:"
printf "| %-8s | %11s | %11s | %11s | %15s | %16s |\n" sample original refactored manual original/manual \
  original/refactored
printf "|%s|%s|%s|%s|%s|%s|\n" ---------- ------------: ------------: ------------: ----------------: \
  -----------------:
sample() {  # sample NAME ARGS...: NAME, NAME_opt (pgas-refactor's rewrite) and NAME_manual, same arguments
  local name=$1 o r m
  shift
  o=$(measure time timeout "$limit" mpirun --oversubscribe -np 4 "${tcp[@]}" "$bin/$name" "$@")
  r=$(measure time timeout "$limit" mpirun --oversubscribe -np 4 "${tcp[@]}" "$bin/${name}_opt" "$@")
  m=$(measure time timeout "$limit" mpirun --oversubscribe -np 4 "${tcp[@]}" "$bin/${name}_manual" "$@")
  printf "| %-8s | %11.4f | %11.4f | %11.4f | %15.1f | %16.1f |\n" "$name" "$o" "$r" "$m" \
    "$(calc "($m > 0) ? $o / $m : 0")" "$(calc "($r > 0) ? $o / $r : 0")"
}
sample dp --n 20000 --repeat 2
sample cc --vertices 4000 --edges 12000
sample stencil --rows 128 --cols 128 --iterations 5
