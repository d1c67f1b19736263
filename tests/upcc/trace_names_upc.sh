#!/bin/sh
# trace_names_upc.sh PGASRUN PGAS_REPORT PROGRAM SOURCE: a traced run of a program compiled by pgas-upcc
# names the UPC file's lines and the UPC variables, and no file of the translation.
set -eu
pgasrun=$1 report=$2 program=$3 source=$4
scratch=$(mktemp -d) && trap 'rm -rf "$scratch"' EXIT
"$pgasrun" -n 2 --timeout 60 --trace "$scratch/run.db" --lines "$program" >/dev/null
"$report" "$scratch/run.db" >"$scratch/report.txt"
fail() { echo "$*"; cat "$scratch/report.txt"; exit 1; }
# The line of `check("p[k]", p[k], k);` reads a[k] of another thread for every k off thread 0.
line=$(grep -n 'check("p\[k\]", p\[k\], k);' "$source" | cut -d: -f1)
grep -q "$(basename "$source"):$line .*main" "$scratch/report.txt" || fail "no remote accesses at $source:$line"
declared=$(grep -n '^shared \[B\] int a\[' "$source" | cut -d: -f1)
grep -Eq "^  a +[0-9]+ +program +static +[0-9]+ x 4 B, block 4 +.*$(basename "$source"):$declared " "$scratch/report.txt" ||
  fail "the shared array 'a' (declared at line $declared) is not named"
if grep -Eq '\.upc\.cpp|pgas-upcc-|pgas_upcc' "$scratch/report.txt"; then fail "the report names the translation"; fi
echo "ok"
