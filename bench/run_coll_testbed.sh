#!/bin/bash
# The collectives testbed side by side (Fessenden and Seidel section 7; bench/coll), at 2, 4 and 8 threads, even and
# uneven workload. Each run prints one line (the slowest thread's total time inside the collective over
# ITERATIONS calls); each part then prints a markdown table of microseconds per call.
#   bench/run_coll_testbed.sh [BUILD_DIR] [ITERATIONS] [PART...]
# PARTs (default: figures variants nine):
#   figures   Fessenden and Seidel's figures 19-21 and Appendix B: every relocalization, 64 B and 4 KiB, ALLSYNC and
#             MYSYNC pulled and pushed between the user's arrays as the seed did (the `direct` variant), MYSYNC
#             staged (`eager`; the default up to 4 KiB but in 2-thread gathers and permutes of blocks over 112 B,
#             coll/variant.hpp), and
#             Open MPI's peer over vader;
#   variants  the MYSYNC variants of Fessenden and Seidel's future work (PGAS_COLL_MYSYNC: tree, vector, spin) for
#             broadcast, scatter, gather and permute, 64 B, unstaged (`direct`);
#   nine      all nine IN,OUT sync combinations for broadcast, exchange and permute, 64 B, pulled, unstaged.
#   mysync    the MYSYNC relocalizations issue 17 compares with Open MPI (broadcast, scatter, gather, permute; 64 B
#             and 4 KiB): MYSYNC (default variant), MYSYNC pulled direct and Open MPI run in interleaved rounds
#             (A, B, C, A, B, C, ...); the table holds each one's median over REPEATS rounds.
# Both sides are placed alike: with no more threads than CPUs each thread is bound to a CPU of its own (pgasrun
# --bind-to core; mpirun --bind-to core, Open MPI's own default up to 2 ranks), otherwise neither is bound
# (mpirun --bind-to none, which on one socket is Open MPI's default above 2 ranks). BIND=none binds neither.
# Environment: WORK=units of computation per iteration (50), THREADS="2 4 8", SKEW=microseconds (0),
# REPEATS=rounds of the mysync part (9), COLLECTIVES and SIZES narrow the mysync part (default: all four, 64 4096).
set -eu
build=${1:-build}
iterations=${2:-200}
shift $(( $# < 2 ? $# : 2 ))
parts=${*:-figures variants nine}
work=${WORK:-50}
skew=${SKEW:-0}
thread_counts=${THREADS:-2 4 8}
source "$(dirname "$0")/lib.sh"
require_built "$0" "$build/bin/pgasrun" "$build/bin/coll_testbed" "$build/bin/coll_testbed_mpi"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
lines=$(mktemp)
trap 'rm -f "$lines"' EXIT

cpus=$(nproc)
# binding: core when each of the $n threads can have a CPU of its own (and BIND is not none), else none.
binding() { [[ ${BIND:-core} != none && $n -le $cpus ]] && echo core || echo none; }
# upc COLUMN VARIANT SYNC ARGS...: one run of our collectives, its line labelled COLUMN.
upc() {
  local column=$1 variant=$2 sync=$3; shift 3
  PGAS_COLL_MYSYNC=$variant "$build/bin/pgasrun" -n "$n" --bind-to "$(binding)" --timeout 300 \
    "$build/bin/coll_testbed" "$@" --sync "$sync" | sed "s/^/$column /"
}
mpi() {
  mpirun --oversubscribe -np "$n" --bind-to "$(binding)" --mca btl vader,self "$build/bin/coll_testbed_mpi" "$@" |
    sed 's/^/mpi /'
}

# each COLLECTIVES BYTES RUN: RUN for every thread count, collective, message length and workload.
each() {
  local collectives=$1 sizes=$2 run=$3
  for n in $thread_counts; do
    for c in $collectives; do
      for bytes in $sizes; do
        for load in "" --uneven; do
          $run --collective "$c" --bytes "$bytes" --iterations "$iterations" --work "$work" --skew "$skew" $load
        done
      done
    done
  done
}

figures_runs() {
  for sync in all my; do
    for direction in pull push; do upc "${sync^^}-$direction" "$direction,direct" "$sync" "$@"; done
  done
  upc MY-staged eager my "$@"
  mpi "$@"
}
variants_runs() {
  for variant in pull pull,tree pull,vector pull,spin push push,tree push,vector push,spin; do
    upc "$variant" "$variant,direct" my "$@"
  done
  mpi "$@"
}
# mysync_runs ARGS...: REPEATS interleaved rounds of MYSYNC (the default variant), MYSYNC pulled direct and
# Open MPI, then each one's line with its median per-call time.
mysync_runs() {
  local -A lines=() times=()
  local round column line
  for round in $(seq "${REPEATS:-9}"); do
    for column in MY MY-direct mpi; do
      case $column in
        MY) line=$(upc MY "" my "$@") ;;
        MY-direct) line=$(upc MY-direct pull,direct my "$@") ;;
        mpi) line=$(mpi "$@") ;;
      esac
      lines[$column]=$line
      times[$column]+=" $(sed -n 's/.*per_call_us=\([0-9.]*\).*/\1/p' <<<"$line")"
    done
  done
  for column in MY MY-direct mpi; do
    local middle
    middle=$(tr ' ' '\n' <<<"${times[$column]}" | sed '/^$/d' | median)
    sed "s/per_call_us=[0-9.]*/per_call_us=$middle/" <<<"${lines[$column]}"
  done
}
nine_runs() {
  for in in no my all; do
    for out in no my all; do upc "$in,$out" pull,direct "$in,$out" "$@"; done
  done
}

# table TITLE [RATIO_OF RATIO_TO RATIO_NAME]: the runs in $lines as a table, a column per label (in order of
# first appearance); with RATIO_OF, a last column RATIO_NAME: the best of the columns matching RATIO_OF over
# the best of those matching RATIO_TO.
table() {
  echo
  echo "$1"
  awk -v of="${2:-}" -v to="${3:-}" -v name="${4:-}" '
  {
    for (i = 2; i <= NF; ++i) { split($i, kv, "="); f[kv[1]] = kv[2] }
    key = f["threads"] " | " f["collective"] " | " f["bytes"] " | " f["workload"]
    value[key, $1] = f["per_call_us"]
    if (!(key in seen)) { seen[key] = 1; rows[++nrows] = key }
    if (!($1 in known)) { known[$1] = 1; columns[++ncolumns] = $1 }
  }
  function best(pattern, key,   c, b) {
    b = -1
    for (c = 1; c <= ncolumns; ++c)
      if (columns[c] ~ pattern && value[key, columns[c]] != "" && (b < 0 || value[key, columns[c]] + 0 < b))
        b = value[key, columns[c]] + 0
    return b
  }
  END {
    head = "| threads | collective | bytes | workload |"; rule = "|---|---|---|---|"
    for (c = 1; c <= ncolumns; ++c) { head = head " " columns[c] " |"; rule = rule "---|" }
    if (of != "") { head = head " " name " |"; rule = rule "---|" }
    print head; print rule
    for (r = 1; r <= nrows; ++r) {
      line = "| " rows[r] " |"
      for (c = 1; c <= ncolumns; ++c) line = line " " value[rows[r], columns[c]] " |"
      if (of != "") {
        o = best(of, rows[r]); t = best(to, rows[r])
        line = line ((o < 0 || t <= 0) ? " - |" : sprintf(" %.2f |", o / t))
      }
      print line
    }
  }' "$lines"
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for part in $parts; do
  : >"$lines"
  case $part in
    figures)
      each "broadcast scatter gather gather_all exchange permute" "64 4096" figures_runs | tee "$lines"
      table "figures: ALL/MY pulled and pushed and Open MPI, us per call" "^MY" "^ALL" "best MY / best ALL"
      table "the same runs: best MY over Open MPI" "^MY" "^mpi$" "best MY / mpi"
      table "the same runs: MY staged over Open MPI" "^MY-staged$" "^mpi$" "MY staged / mpi" ;;
    variants)
      each "broadcast scatter gather permute" "64" variants_runs | tee "$lines"
      table "MYSYNC variants (PGAS_COLL_MYSYNC), us per call; last column: best variant over plain pull/push" \
        "," "^(pull|push)$" "best variant / best of pull, push" ;;
    mysync)
      each "${COLLECTIVES:-broadcast scatter gather permute}" "${SIZES:-64 4096}" mysync_runs | tee "$lines"
      table "MYSYNC and Open MPI, median us per call of ${REPEATS:-9} interleaved rounds" "^MY$" "^mpi$" "MY / mpi" ;;
    nine)
      each "broadcast exchange permute" "64" nine_runs | tee "$lines"
      table "the nine IN,OUT sync combinations (pull), us per call" ;;
    *) echo "$0: unknown part '$part' (figures, variants, nine or mysync)" >&2; exit 2 ;;
  esac
  echo "load average after $part: $(cut -d' ' -f1-3 /proc/loadavg)"
done
