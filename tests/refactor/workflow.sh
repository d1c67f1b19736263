#!/usr/bin/env bash
# pgas-refactor in a user's workflow, through its command line (clang-tidy's conventions): --dry-run's exit
# status (0 nothing to do, 1 something would change, 2 an error), --export-fixes alone writes only its YAML,
# -j N with '[i/N] file' progress and each file's diagnostics together, a file missing from
# compile_commands.json named with a hint instead of parsed with a borrowed command, --require-rewrite,
# --warnings-as-errors, the NOREFACTOR opt-out, and --help naming each flag.
# Usage: workflow.sh TOOL SOURCE_DIR WORK_DIR
set -uo pipefail
tool=$1 src=$2 work=$3
inputs=$src/tests/refactor/workflow
rm -rf "$work" && mkdir -p "$work/fixes" "$work/db"
cp "$inputs"/*.cpp "$work/"
cd "$work" || exit 1
flags=(-- -std=c++20 "-I$src/runtime/include" "-I$src/cache/include" "-I$src/refactor/include")
style=(--style "file:$src/.clang-format")
fail() { echo "FAIL: $*"; exit 1; }
run() {  # run EXPECTED_STATUS ARGS...: the tool's stdout in out, stderr in err
  local want=$1
  shift
  "$tool" "${style[@]}" "$@" >out 2>err
  local status=$?
  [ "$status" = "$want" ] || fail "pgas-refactor $* exited $status, expected $want: $(cat err)"
}

# --dry-run: 0 when nothing would change, 1 when something would, 2 on an error (also beside a change).
run 0 --dry-run --array y refused.cpp "${flags[@]}"
run 1 --dry-run --array y dot.cpp "${flags[@]}"
grep -q "dot.cpp: 1 loop(s) would be rewritten, 0 left unchanged" out || fail "--dry-run summary: $(cat out)"
run 2 --dry-run --array y dot.cpp broken.cpp "${flags[@]}"
grep -q "error: broken.cpp does not parse" err || fail "--dry-run did not name the broken file: $(cat err)"
cmp -s dot.cpp "$inputs/dot.cpp" || fail "--dry-run changed a file"

# --export-fixes alone: the YAML, nothing on stdout; with --diff both.
run 0 --array y dot.cpp --export-fixes fixes/fixes.yaml "${flags[@]}"
[ ! -s out ] || fail "--export-fixes printed the file: $(head -3 out)"
grep -q "ReplacementText:.*y_cache" fixes/fixes.yaml || fail "--export-fixes wrote no replacement"
run 0 --array y dot.cpp --export-fixes fixes/fixes.yaml --diff "${flags[@]}"
grep -q "^+.*y_cache.get" out || fail "--export-fixes with --diff printed no diff"

# -j 2 over four files: one progress line per file, each file's diagnostics right after its own line, and
# the same text as one at a time.
for k in 1 2 3 4; do cp refused.cpp "many$k.cpp"; done
cp dot.cpp many2.cpp
run 0 -j 2 --array y --diff many1.cpp many2.cpp many3.cpp many4.cpp "${flags[@]}"
cp out parallel.diff
grep -c '^\[[1-4]/4\] many[1-4].cpp$' err | grep -qx 4 || fail "-j 2 progress lines: $(cat err)"
for k in 1 3 4; do
  # the warning of many$k.cpp follows its progress line, before any other file's
  awk -v f="many$k.cpp" '/^\[[0-9]\/4\] / { cur = $2 }
       /warning: not rewritten/ && index($0, "/" f ":") && cur != f { bad = 1 } END { exit bad }' err ||
    fail "-j 2 printed a warning of many$k.cpp under another file's line: $(cat err)"
  grep -q "/many$k.cpp:.*warning: not rewritten" err || fail "-j 2 lost the warning of many$k.cpp"
done
run 0 --array y --diff many1.cpp many2.cpp many3.cpp many4.cpp "${flags[@]}"
cmp -s out parallel.diff || fail "-j 2 and -j 1 disagree"
run 2 -j 0 --array y dot.cpp "${flags[@]}"

# A file that is not in compile_commands.json is an error naming it, with a hint; its neighbour in the
# database is rewritten.
printf '[{"directory": "%s", "file": "%s", "arguments": ["c++", "-std=c++20", "-I%s", "-I%s", "-I%s", "-c", "%s"]}]\n' \
  "$work" "$work/dot.cpp" "$src/runtime/include" "$src/cache/include" "$src/refactor/include" "$work/dot.cpp" \
  >db/compile_commands.json
cp dot.cpp unlisted.cpp
run 0 --array y -p db dot.cpp -o listed.out
run 1 --array y -p db unlisted.cpp -o unlisted.out
grep -q "error: unlisted.cpp is not in compile_commands.json; its flags would be inferred from .*dot.cpp" err ||
  fail "an unlisted file was not named: $(cat err)"
grep -q "give its flags after --" err || fail "no hint for the unlisted file: $(cat err)"
[ ! -e unlisted.out ] || fail "an output was written for the unlisted file"

# --require-rewrite: an error where no loop is rewritten.
run 0 --require-rewrite --array y dot.cpp -o required.out "${flags[@]}"
run 1 --require-rewrite --array y refused.cpp -o refused.out "${flags[@]}"
grep -q "error: refused.cpp: no loop was rewritten (--require-rewrite)" err || fail "--require-rewrite: $(cat err)"
[ ! -e refused.out ] || fail "--require-rewrite wrote an output"

# --warnings-as-errors: a loop left untouched is an error, and its file is left as it was.
run 0 -i --array y refused.cpp "${flags[@]}"
grep -q "warning: not rewritten" err || fail "no warning without --warnings-as-errors"
run 1 -i --warnings-as-errors --array y refused.cpp "${flags[@]}"
grep -q "refused.cpp:8:3: error: not rewritten: 'y' is read and written in the same tile" err ||
  fail "--warnings-as-errors did not make the warning an error: $(cat err)"
run 2 --dry-run --warnings-as-errors --array y refused.cpp "${flags[@]}"
cmp -s refused.cpp "$inputs/refused.cpp" || fail "--warnings-as-errors changed the file"

# NOREFACTOR: the first two loops and the fifth are opted out, silently; the others are rewritten.
run 1 --dry-run --array y opted_out.cpp "${flags[@]}"
grep -q "opted_out.cpp: 4 loop(s) would be rewritten, 0 left unchanged, 3 opted out (NOREFACTOR)" out ||
  fail "NOREFACTOR: $(cat out)"
[ ! -s err ] || fail "an opted-out loop was reported: $(cat err)"
run 0 --array y opted_out.cpp -o opted_out.out "${flags[@]}"
grep -qF 'x[i] = x[i] * y[(i + 1) % n]; }  // NOREFACTOR' opted_out.out || fail "the marked loop changed"
grep -qF 'x[i] = x[i] + y[(i + 2) % n]; }' opted_out.out || fail "the loop under a NOREFACTOR line changed"
grep -qE 'y_cache[0-9]*.get\(\(i \+ 3\) % n\)' opted_out.out || fail "NOREFACTOR in a string opted a loop out"
grep -qE 'y_cache[0-9]*.get\(\(i \+ 4\) % n\)' opted_out.out || fail "a NOREFACTOR comment after code opted a loop out"
grep -qF 'x[i] = y[(i + 5) % n]; }' opted_out.out || fail "the loop under a NOREFACTOR(reason) line changed"
grep -qE 'y_cache[0-9]*.get\(\(i \+ 6\) % n\)' opted_out.out || fail "a comment containing NOREFACTOR opted a loop out"
grep -qE 'y_cache[0-9]*.get\(\(i \+ 7\) % n\)' opted_out.out || fail "NOREFACTORING opted a loop out"

# --help names every flag.
"$tool" --help >help.txt 2>&1
for flag in --dry-run --export-fixes -j --warnings-as-errors --require-rewrite --line-directives --suggest --format; do
  grep -q -- "^  $flag[ =]" help.txt || fail "--help does not describe $flag"
done
grep -q "NOREFACTOR" help.txt || fail "--help does not mention NOREFACTOR"
echo PASS
