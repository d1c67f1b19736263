#!/usr/bin/env bash
# A rewrite against an earlier one, interleaved run by run: for dp, cc, stencil and matmul at 2, 4 and 8
# threads and --latency 0 and 2us, the earlier *_opt (from BEFORE_DIR, e.g. a copy of another build's
# bin/), this build's *_opt, the cache applied by hand (*_manual_cache) and the hand-tuned *_manual, each run
# REPEATS times in turn (before, after, mcache, manual, before, ...) and the original as well at latency 0.
# Prints the medians and the ratios after/before, after/mcache and after/manual (and after/original at 0).
# The programs run with this build's libraries (LD_LIBRARY_PATH), so only the generated code differs.
# Usage: bench/run_refactor_pairs_bench.sh BUILD_DIR BEFORE_DIR [REPEATS [SAMPLE ARGS...]]   (default 7)
# With SAMPLE (dp, cc, stencil or matmul) only that sample runs, with ARGS (if given) instead of its usual arguments
# (more --iterations or --repeat, where single runs are too short to time under load).
set -euo pipefail
build=${1:?BUILD_DIR}
before=${2:?BEFORE_DIR}
repeats=${3:-7}
shift $(($# < 3 ? $# : 3))
bin="$build/bin"
source "$(dirname "$0")/lib.sh"
require_built "$0" "$bin/pgasrun" "$before/stencil_opt" "$before/matmul_opt" "$before/dp_opt" "$before/cc_opt"
export LD_LIBRARY_PATH="$(cd "$build/lib" && pwd)${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
declare -A usual=([stencil]="--rows 256 --cols 256 --iterations 10" [matmul]="--m 64 --n 64 --p 64"
                  [dp]="--n 100000" [cc]="--vertices 10000 --edges 40000")
if [ $# -gt 0 ] && [ -z "${usual[$1]:-}" ]; then
  echo "$0: unknown sample '$1' (stencil, matmul, dp or cc)" >&2
  exit 2
fi

one() {  # one THREADS LATENCY PROGRAM ARGS...: the program's own time; stops the script when it has none
  local threads=$1 latency=$2 out; shift 2
  out=$("$bin/pgasrun" -n "$threads" --latency "$latency" "$@" 2>&1) || true
  if ! sed -n 's/.*time=\([0-9.]*\).*/\1/p' <<<"$out" | grep .; then
    echo "$0: $* at $threads threads and latency $latency printed no time (an earlier build's program may not" \
      "run with this build's libraries):" >&2
    head -5 <<<"$out" >&2
    exit 1
  fi
}

printf "%-8s %-7s %-7s %10s %10s %10s %10s %10s %9s %9s %9s %9s\n" sample threads latency original_s \
  before_s after_s mcache_s manual_s aft/bef aft/mcache aft/manual aft/orig
row() {  # row NAME ARGS...
  local name=$1; shift
  for threads in 2 4 8; do
    for latency in 0 2us; do
      local o="" b="" a="" c="" m=""
      for _ in $(seq "$repeats"); do
        [ "$latency" != 0 ] || o+="$(one "$threads" "$latency" "$bin/$name" "$@")"$'\n'
        b+="$(one "$threads" "$latency" "$before/${name}_opt" "$@")"$'\n'
        a+="$(one "$threads" "$latency" "$bin/${name}_opt" "$@")"$'\n'
        c+="$(one "$threads" "$latency" "$bin/${name}_manual_cache" "$@")"$'\n'
        m+="$(one "$threads" "$latency" "$bin/${name}_manual" "$@")"$'\n'
      done
      local om=0 bm am cm mm
      [ "$latency" != 0 ] || om=$(median <<<"${o%$'\n'}")
      bm=$(median <<<"${b%$'\n'}") am=$(median <<<"${a%$'\n'}")
      cm=$(median <<<"${c%$'\n'}") mm=$(median <<<"${m%$'\n'}")
      printf "%-8s %-7s %-7s %10s %10.4f %10.4f %10.4f %10.4f %9.2f %9.2f %9.2f %9s\n" "$name" "$threads" \
        "$latency" "$([ "$latency" = 0 ] && printf "%.4f" "$om" || echo -)" "$bm" "$am" "$cm" "$mm" \
        "$(calc "$am / $bm")" "$(calc "$am / $cm")" "$(calc "$am / $mm")" \
        "$([ "$latency" = 0 ] && calc "$am / $om" || echo -)"
    done
  done
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ $# -gt 1 ]; then
  row "$@"
elif [ $# -eq 1 ]; then
  row "$1" ${usual[$1]}
else
  for name in stencil matmul dp cc; do row "$name" ${usual[$name]}; done
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
