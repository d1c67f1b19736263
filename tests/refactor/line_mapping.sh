#!/usr/bin/env bash
# The rewritten program's trace maps back to the original: built by pgas_refactor() (--line-directives),
# its remote accesses are recorded on the original's lines, so pgas-report --diff pairs them with the
# original's. In corpus/line_mapping.cpp z is not cached: line 20 has the same accesses in both traces; y
# is cached: its accesses move from line 19 to the loop's line 18 (the download). No row names the
# generated file.
# Usage: line_mapping.sh PGASRUN PGAS_REPORT ORIGINAL REWRITTEN WORK_DIR
set -uo pipefail
pgasrun=$1 report=$2 original=$3 rewritten=$4 work=$5
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*"; exit 1; }
"$pgasrun" -n 4 --timeout 60 --trace "$work/a.db" --lines "$original" >"$work/a.out" || fail "traced original failed"
"$pgasrun" -n 4 --timeout 60 --trace "$work/b.db" --lines "$rewritten" >"$work/b.out" || fail "traced rewrite failed"
cmp -s "$work/a.out" "$work/b.out" || fail "the programs print different results"
"$report" --diff "$work/a.db" "$work/b.db" --section lines --format csv >"$work/diff.csv" ||
  fail "pgas-report --diff failed"
cat "$work/diff.csv"
count() {  # count KEY COLUMN(3 = A, 4 = B)
  awk -F, -v key="$1" -v col="$2" '$1 == key { print $col; found = 1 } END { if (!found) print "none" }' "$work/diff.csv"
}
[ "$(count line_mapping.cpp:20 3)" = 600 ] || fail "the original's z accesses are not on line 20"
[ "$(count line_mapping.cpp:20 4)" = 600 ] || fail "the rewrite's z accesses are not paired with line 20"
b18=$(count line_mapping.cpp:18 4)
[ "$b18" != none ] && [ "$b18" -gt 0 ] || fail "the rewrite's download of y is not on the loop's line 18"
! grep -v '^key,' "$work/diff.csv" | grep -qv '^line_mapping.cpp:' || fail "a row is not on a line of the original"
echo PASS
