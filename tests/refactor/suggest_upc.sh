#!/usr/bin/env bash
# pgas-refactor --suggest on the trace of a UPC program (workflow/advice.upc), against the same program in
# the dialect (workflow/advice.cpp): both print the same result, and the advice on the UPC
# file names its own lines and gives the dialect's verdicts, reasons, policies, arrays and access counts.
# The translation's names and paths appear nowhere. The rewrite of a UPC file is refused by name.
# Usage: suggest_upc.sh TOOL PGASRUN UPC_PROGRAM UPC_SOURCE DIALECT_PROGRAM DIALECT_SOURCE SOURCE_DIR WORK_DIR
set -uo pipefail
tool=$1 pgasrun=$2 upc_program=$3 upc_source=$4 dialect_program=$5 dialect_source=$6 src=$7 work=$8
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*"; exit 1; }
for kind in upc dialect; do
  program=${kind}_program
  "$pgasrun" -n 4 --timeout 60 --trace "$work/$kind.db" --lines "${!program}" >"$work/$kind.out" ||
    fail "the traced $kind run failed"
done
diff "$work/dialect.out" "$work/upc.out" || fail "the UPC program prints another result than the dialect's"
"$tool" --suggest --trace "$work/upc.db" "$upc_source" -- >"$work/upc.txt" 2>"$work/err" ||
  fail "--suggest on the UPC file failed: $(cat "$work/err")"
cat "$work/upc.txt"
"$tool" --suggest --format json --trace "$work/upc.db" "$upc_source" -- >"$work/upc.json" 2>"$work/err" ||
  fail "--suggest --format json on the UPC file failed: $(cat "$work/err")"
"$tool" --suggest --format json --trace "$work/dialect.db" "$dialect_source" -- -std=c++20 \
  "-I$src/runtime/include" "-I$src/cache/include" >"$work/dialect.json" 2>"$work/err" ||
  fail "--suggest on the dialect file failed: $(cat "$work/err")"
python3 - "$work/upc.json" "$work/dialect.json" "$upc_source" <<'PY' || fail "the UPC advice"
import json, sys
upc, dialect = (json.load(open(p))["loops"] for p in sys.argv[1:3])
source = sys.argv[3]
# The loops as advice.upc writes them: lines 17, 19 and 21-25, most remote accesses first.
assert [(l["file"], l["line"], l["last_line"]) for l in upc] == [(source, 17, 17), (source, 19, 19),
                                                               (source, 21, 25)], upc
same = ("verdict", "reason", "policies", "arrays", "remote_accesses")
for u, d in zip(upc, dialect):
    assert {k: u[k] for k in same} == {k: d[k] for k in same}, (u, d)
assert len(upc) == len(dialect) == 3, (upc, dialect)
assert upc[2]["note"] == source + ":24: it depends on 'k', which the loop body assigns", upc[2]
assert all("command" not in l for l in upc) and "rewrites the C++ dialect" in upc[0]["rewrite"], upc
PY
grep -Eq '\.cpp|__upc_forall|pgas_upcc|::pgas' "$work/upc.txt" "$work/upc.json" &&
  fail "the advice names the translation"
# pgas-upcc's flags after --: static THREADS translates too; a bad one is refused by name.
"$tool" --suggest --trace "$work/upc.db" "$upc_source" -- -T 4 >"$work/static.txt" 2>"$work/err" ||
  fail "--suggest with -T 4 failed: $(cat "$work/err")"
diff "$work/upc.txt" "$work/static.txt" || fail "static THREADS changes the advice"
"$tool" --suggest --trace "$work/upc.db" "$upc_source" -- -T 0 >/dev/null 2>"$work/err" &&
  fail "a bad pgas-upcc flag was accepted"
grep -q -- "-T takes a thread count" "$work/err" || fail "the bad flag is not named: $(cat "$work/err")"
# A UPC error is reported in the UPC file, and the advice fails (a copy of the same name, named relative to
# its directory: a path the trace's matches).
mkdir -p "$work/bad"
sed 's/^shared int x\[N\]/int f(void) { shared int a; return a; }\nshared int x[N]/' "$upc_source" >"$work/bad/advice.upc"
(cd "$work/bad" && "$tool" --suggest --trace "$work/upc.db" advice.upc -- >/dev/null 2>"$work/err") &&
  fail "a UPC file with an error was advised"
grep -Eq "(^|/)bad/advice.upc:8:[0-9]+: error: .*shared" "$work/err" || fail "the error does not name the UPC line: $(cat "$work/err")"
# Rewriting a UPC file is refused by name, and the file is unchanged.
cp "$upc_source" "$work/copy.upc"
"$tool" --array y -i "$work/copy.upc" -- >/dev/null 2>"$work/err"
[ $? -eq 2 ] || fail "the rewrite of a UPC file did not exit with 2"
grep -q "copy.upc: pgas-refactor rewrites the C++ dialect; on a UPC file it gives --suggest only" "$work/err" ||
  fail "the refusal: $(cat "$work/err")"
cmp -s "$upc_source" "$work/copy.upc" || fail "the refused rewrite changed the file"
echo PASS
