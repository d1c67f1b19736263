#!/usr/bin/env bash
# Runs a program and its rewritten version under pgasrun with the same thread count; their outputs must be
# equal. Usage: compare_runs.sh PGASRUN THREADS ORIGINAL REWRITTEN
set -uo pipefail
pgasrun=$1 threads=$2 original=$3 rewritten=$4
a=$(mktemp) b=$(mktemp)
trap 'rm -f "$a" "$b"' EXIT
"$pgasrun" -n "$threads" --timeout 60 "$original" >"$a" || { echo "FAIL: $original exited $?"; exit 1; }
"$pgasrun" -n "$threads" --timeout 60 "$rewritten" >"$b" || { echo "FAIL: $rewritten exited $?"; exit 1; }
[ -s "$a" ] || { echo "FAIL: $original printed nothing"; exit 1; }
diff "$a" "$b" >/dev/null || { echo "FAIL: outputs differ"; diff "$a" "$b" | head -20; exit 1; }
echo "PASS: $(wc -l <"$a") lines equal at $threads threads"
