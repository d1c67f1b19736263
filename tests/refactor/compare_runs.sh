#!/usr/bin/env bash
# Runs the rewritten program under pgasrun at THREADS and the original at 1 thread; their outputs must be
# equal. The reference is the sequential run because an original with racing updates (the histogram's
# H[bin] += 1) loses some of them at several threads, while the rewritten program's write policy (sum)
# defines the result as the sequential one; every other corpus program prints the same at any thread count.
# Usage: compare_runs.sh PGASRUN THREADS ORIGINAL REWRITTEN
set -uo pipefail
pgasrun=$1 threads=$2 original=$3 rewritten=$4
a=$(mktemp) b=$(mktemp)
trap 'rm -f "$a" "$b"' EXIT
"$pgasrun" -n 1 --timeout 60 "$original" >"$a" || { echo "FAIL: $original exited $?"; exit 1; }
"$pgasrun" -n "$threads" --timeout 60 "$rewritten" >"$b" || { echo "FAIL: $rewritten exited $?"; exit 1; }
[ -s "$a" ] || { echo "FAIL: $original printed nothing"; exit 1; }
diff "$a" "$b" >/dev/null || { echo "FAIL: outputs differ"; diff "$a" "$b" | head -20; exit 1; }
echo "PASS: $(wc -l <"$a") lines equal at $threads threads (original at 1 thread)"
