#!/usr/bin/env bash
# One corpus case of pgas-refactor, lit-style. The case file says how to run the tool and what to expect:
#   // ARGS: flags...        the tool's flags (the compile flags come from this script)
#   // CHECK: text           a line of the tool's diagnostics must contain text (repeatable)
#   // EXIT: n              the expected exit status of a plain run (default 0)
# CASE.cpp.expected is the expected output; without it the file must come out unchanged, with no warning
# unless CHECK lines expect some. Every case also checks: a second run on the output changes nothing,
# --dry-run exits 1 exactly when something would change, -i and --export-fixes (applied with
# clang-apply-replacements) give the same result as -o, and a refused file is never touched.
# The case is rewritten where it is, so that its style comes from its own path (the project's .clang-format)
# wherever WORK_DIR is; the runs on copies in WORK_DIR are given that style. Diagnostics name it input.cpp.
# Usage: run_case.sh TOOL SOURCE_DIR CASE.cpp WORK_DIR
set -uo pipefail
tool=$1 src=$2 case=$3 work=$4
name=$(basename "$case" .cpp)
dir="$work/$name"
rm -rf "$dir" && mkdir -p "$dir/apply" "$dir/fixes"
read -r -a args <<<"$(sed -n 's|^// ARGS: ||p' "$case")"
flags=(-- -std=c++20 "-I$src/runtime/include" "-I$src/cache/include" "-I$src/refactor/include")
style=(--style "file:$src/.clang-format")  # for the copies outside the source tree
expected_exit=$(sed -n 's|^// EXIT: ||p' "$case")
expected_exit=${expected_exit:-0}
fail() { echo "FAIL $name: $*"; exit 1; }

cp "$case" "$dir/input.cpp"
"$tool" "${args[@]}" "$case" -o "$dir/out.cpp" "${flags[@]}" 2>"$dir/stderr.raw"
status=$?
sed "s|$case|input.cpp|g" "$dir/stderr.raw" >"$dir/stderr"
cat "$dir/stderr"
[ "$status" = "$expected_exit" ] || fail "exit status $status, expected $expected_exit"
cmp -s "$case" "$dir/input.cpp" || fail "the input file was modified"
[ "$expected_exit" = 0 ] || { [ ! -e "$dir/out.cpp" ] || fail "an output was written for a refused file"; echo "PASS $name"; exit 0; }

if [ -e "$case.expected" ]; then
  diff -u "$case.expected" "$dir/out.cpp" || fail "output differs from $case.expected"
else
  cmp -s "$case" "$dir/out.cpp" || fail "the file changed but no .expected output exists"
fi
checks=0
while IFS= read -r text; do
  checks=$((checks + 1))
  grep -qF -- "$text" "$dir/stderr" || fail "no diagnostic contains: $text"
done < <(sed -n 's|^// CHECK: ||p' "$case")
[ "$checks" -gt 0 ] || ! grep -q "warning:" "$dir/stderr" || fail "unexpected warnings"

# Idempotence: the rewritten file is left as it is.
"$tool" "${style[@]}" "${args[@]}" "$dir/out.cpp" -o "$dir/again.cpp" "${flags[@]}" 2>/dev/null || fail "second run failed"
cmp -s "$dir/out.cpp" "$dir/again.cpp" || fail "a second run changed the output"

# --dry-run: 1 if anything would change, else 0; nothing written.
"$tool" --dry-run "${style[@]}" "${args[@]}" "$dir/input.cpp" "${flags[@]}" >/dev/null 2>&1
dry=$?
if cmp -s "$case" "$dir/out.cpp"; then want=0; else want=1; fi
[ "$dry" = "$want" ] || fail "--dry-run exited $dry, expected $want"

# -i rewrites in place to the same text.
cp "$case" "$dir/inplace.cpp"
"$tool" -i "${style[@]}" "${args[@]}" "$dir/inplace.cpp" "${flags[@]}" 2>/dev/null || fail "-i failed"
cmp -s "$dir/inplace.cpp" "$dir/out.cpp" || fail "-i and -o disagree"

# --export-fixes, applied by clang-apply-replacements, gives the same text.
if command -v clang-apply-replacements >/dev/null; then
  cp "$case" "$dir/apply/input.cpp"
  "$tool" "${style[@]}" "${args[@]}" "$dir/apply/input.cpp" --export-fixes "$dir/fixes/fixes.yaml" "${flags[@]}" \
    >/dev/null 2>&1 || fail "--export-fixes failed"
  clang-apply-replacements "$dir/fixes" || fail "clang-apply-replacements failed"
  cmp -s "$dir/apply/input.cpp" "$dir/out.cpp" || fail "--export-fixes and -o disagree"
fi
echo "PASS $name"
