#!/usr/bin/env bash
# pgas-refactor --suggest on a traced program (workflow/advice.cpp): the loops by remote accesses, each with
# its arrays and shares, the verdict (a refusal with its reason), the policy it needs and a command that
# rewrites it, as text and as JSON; the suggested command, run, rewrites the loop.
# Usage: suggest.sh TOOL PGASRUN PROGRAM SOURCE SOURCE_DIR WORK_DIR
set -uo pipefail
tool=$1 pgasrun=$2 program=$3 source=$4 src=$5 work=$6
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*"; exit 1; }
"$pgasrun" -n 4 --timeout 60 --trace "$work/run.db" --lines "$program" >/dev/null || fail "traced run failed"
flags=(-- -std=c++20 "-I$src/runtime/include" "-I$src/cache/include" "-I$src/refactor/include")
"$tool" --suggest --trace "$work/run.db" "$source" "${flags[@]}" >"$work/advice.txt" 2>"$work/err" ||
  fail "--suggest failed: $(cat "$work/err")"
cat "$work/advice.txt"
# Three loops, most accesses first: lines 17 (y), 19 (h, with sum), 21-25 (refused).
grep "^[0-9]\. " "$work/advice.txt" | sed 's/: [0-9]* remote.*//' >"$work/order"
printf '1. %s:17-17\n2. %s:19-19\n3. %s:21-25\n' "$source" "$source" "$source" | diff - "$work/order" ||
  fail "the loops are not listed by remote accesses"
grep -q "arrays: y 100.0% (cached)" "$work/advice.txt" || fail "the first loop's arrays"
grep -q "command: pgas-refactor --array y $source -o advice_opt.cpp --" "$work/advice.txt" || fail "the first command"
grep -q "policy: h:sum (--policy any refuses it: not rewritten: 'h' is read and written in the same tile)" "$work/advice.txt" ||
  fail "the second loop's policy"
grep -q "cmake: pgas_refactor(TARGET advice_opt SOURCE $source ARRAYS h:sum)" "$work/advice.txt" ||
  fail "the second loop's pgas_refactor() call"
grep -q "verdict: refused: not rewritten: an index of 'y' cannot be computed ahead of the tile" "$work/advice.txt" ||
  fail "the third loop's refusal"
grep -q "note: .*advice.cpp:24: it depends on 'k', which the loop body assigns" "$work/advice.txt" ||
  fail "the third loop's note"
# The same as JSON.
"$tool" --suggest --format json --trace "$work/run.db" "$source" "${flags[@]}" >"$work/advice.json" ||
  fail "--suggest --format json failed"
python3 - "$work/advice.json" <<'PY' || fail "the JSON advice"
import json, sys
loops = json.load(open(sys.argv[1]))["loops"]
assert [l["line"] for l in loops] == [17, 19, 21], loops
assert [l["verdict"] for l in loops] == ["rewritable", "rewritable", "refused"], loops
assert loops[0]["arrays"][0]["name"] == "y" and loops[0]["arrays"][0]["share"] == 1.0, loops[0]
assert loops[1]["policies"] == {"h": "sum"} and "--array h:sum" in loops[1]["command"], loops[1]
assert loops[0]["remote_accesses"] > loops[1]["remote_accesses"] > loops[2]["remote_accesses"] > 0, loops
assert "command" not in loops[2] and "cannot be computed ahead" in loops[2]["reason"], loops[2]
PY
# The suggested command for the second loop rewrites it (run from the work directory, as printed).
cmd=$(sed -n 's/^   command: \(.*--array h:sum.*\)$/\1/p' "$work/advice.txt")
[ -n "$cmd" ] || fail "no command for the second loop"
(cd "$work" && eval "${cmd/pgas-refactor/\"$tool\"}") 2>"$work/err" || fail "the suggested command failed: $(cat "$work/err")"
grep -q "pgas::cache<int> h_cache(h, .*pgas::write_policy::sum)" "$work/advice_opt.cpp" ||
  fail "the suggested command did not rewrite the loop"
# Words a shell would split or unquote come out quoted: the printed command, run as printed, passes the same
# words (an include directory named with a space and a quote, a definition with spaces); JSON has them raw.
odd="$work/it's a dir"
mkdir -p "$odd" && echo "#define ODD_VALUE 7" >"$odd/odd.h"
odd_flags=("${flags[@]}" "-I$odd" "-DODD_NOTE=\"two words\"" -include odd.h)
"$tool" --suggest --trace "$work/run.db" "$source" "${odd_flags[@]}" >"$work/odd.txt" 2>"$work/err" ||
  fail "--suggest with odd flags failed: $(cat "$work/err")"
cmd=$(sed -n 's/^   command: \(.*--array h:sum.*\)$/\1/p' "$work/odd.txt")
grep -qF -- "'-I$work/it'\\''s a dir'" <<<"$cmd" || fail "the include directory is not quoted: $cmd"
rm -f "$work/advice_opt.cpp"
(cd "$work" && eval "${cmd/pgas-refactor/\"$tool\"}") 2>"$work/err" ||
  fail "the quoted command failed: $cmd: $(cat "$work/err")"
grep -q "pgas::cache<int> h_cache(h, .*pgas::write_policy::sum)" "$work/advice_opt.cpp" ||
  fail "the quoted command did not rewrite the loop"
# Run as printed, the words are the ones given (a shell prints them back one per line).
(cd "$work" && eval "printf '%s\\n' ${cmd#pgas-refactor }") | tail -n ${#odd_flags[@]} >"$work/words"
printf '%s\n' "${odd_flags[@]}" | diff - "$work/words" || fail "the command's flags do not read back as given"
"$tool" --suggest --format json --trace "$work/run.db" "$source" "${odd_flags[@]}" >"$work/odd.json" ||
  fail "--suggest --format json with odd flags failed"
python3 - "$work/odd.json" "$odd" <<'PY' || fail "the JSON argv"
import json, shlex, sys
loop = json.load(open(sys.argv[1]))["loops"][1]
assert "-I" + sys.argv[2] in loop["argv"] and '-DODD_NOTE="two words"' in loop["argv"], loop["argv"]
assert shlex.split(loop["command"]) == loop["argv"], (loop["command"], loop["argv"])
PY

# --suggest needs --trace, and changes nothing.
"$tool" --suggest --array y "$source" "${flags[@]}" >/dev/null 2>&1 && fail "--suggest without --trace accepted"
echo PASS
