#!/bin/bash
# upc_all_reduceD and upc_all_prefix_reduceD (UPC_ADD, MYSYNC) over `shared [BLK_SIZE] double[NELEMS]` beside the
# memory's floor (every thread summing the elements it holds through a local pointer; bench/coll/reduce_bench.cpp),
# and, given BEFORE_LIB_DIR (a copy of an older build's lib directory, through LD_LIBRARY_PATH), the same calls
# of that library in the same rounds. Each entry is the median of ROUNDS runs, interleaved.
#   bench/run_reduce_bench.sh [BUILD_DIR] [BEFORE_LIB_DIR]   (default: build, none)
# Environment: THREADS="2 4 8", SIZES="131072 1048576", BLOCKS="1 16 0" (0: the blocked layout, NELEMS/THREADS
# each), ROUNDS=3, ITERATIONS=10.
set -eu
build=${1:-build}
before=${2:-}
source "$(dirname "$0")/lib.sh"
require_built "$0" "$build/bin/pgasrun" "$build/bin/reduce_bench"
[[ -z $before || -f $before/libpgas.so ]] || { echo "$0: $before/libpgas.so not found" >&2; exit 2; }
lines=$(mktemp)
trap 'rm -f "$lines"' EXIT
libraries=(after)
[[ -n $before ]] && libraries=(before after)
for round in $(seq "${ROUNDS:-3}"); do
  for n in ${THREADS:-2 4 8}; do
    bind=none
    (( n <= $(nproc) )) && bind=core
    for size in ${SIZES:-131072 1048576}; do
      for block in ${BLOCKS:-1 16 0}; do
        (( block == 0 )) && block=$(( (size + n - 1) / n ))
        for library in "${libraries[@]}"; do
          path=$build/lib
          [[ $library == before ]] && path=$before
          LD_LIBRARY_PATH=$path "$build/bin/pgasrun" -n "$n" --bind-to $bind --timeout 600 \
            "$build/bin/reduce_bench" "$size" "$block" "${ITERATIONS:-10}" | sed "s/^reduce_bench/$library/" >>"$lines"
        done
      done
    done
  done
done
if grep -q WRONG "$lines"; then
  grep WRONG "$lines" >&2
  exit 1
fi
# One row per (threads, nelems, blk_size): the median of each column over the rounds.
awk '
  { for (i = 2; i <= NF; ++i) { split($i, kv, "="); f[kv[1]] = kv[2] }
    key = f["threads"] " | " f["nelems"] " | " f["blk_size"]
    if (!(key in seen)) { seen[key] = 1; keys[++nkeys] = key }
    for (c = 1; c <= 3; ++c) { name = (c == 1 ? "reduce_us" : c == 2 ? "prefix_us" : "local_us")
      v[key, $1, name] = v[key, $1, name] " " f[name] } }
  function median(list,   a, k, i, j, t) {
    k = split(list, a, " ")
    for (i = 1; i <= k; ++i) for (j = i + 1; j <= k; ++j) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
    return k == 0 ? "" : (k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2)
  }
  END {
    before = (nkeys > 0 && v[keys[1], "before", "reduce_us"] != "")
    if (before) {
      print "| threads | nelems | blk_size | reduce before us | reduce us | prefix before us | prefix us | local floor us | reduce / floor |"
      print "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    } else {
      print "| threads | nelems | blk_size | reduce us | prefix us | local floor us | reduce / floor |"
      print "|---:|---:|---:|---:|---:|---:|---:|"
    }
    for (k = 1; k <= nkeys; ++k) {
      key = keys[k]; r = median(v[key, "after", "reduce_us"]); p = median(v[key, "after", "prefix_us"])
      l = median(v[key, "after", "local_us"]); q = l > 0 ? sprintf("%.2f", r / l) : "-"
      if (before)
        printf "| %s | %s | %s | %s | %s | %s | %s |\n", key, median(v[key, "before", "reduce_us"]), r,
               median(v[key, "before", "prefix_us"]), p, l, q
      else
        printf "| %s | %s | %s | %s | %s |\n", key, r, p, l, q
    }
  }' "$lines"
