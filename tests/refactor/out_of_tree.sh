#!/usr/bin/env bash
# The corpus check of one case with its work directory outside the source tree (a build directory made with
# `cmake -S . -B /tmp/build`): the output must still have the project's style, found from the input file's
# path, even with another .clang-format next to the output.
# Usage: out_of_tree.sh TOOL SOURCE_DIR CASE.cpp
set -uo pipefail
tool=$1 src=$2 case=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# The case can tell the styles apart: its expected output has lines longer than a fallback style's 80 columns.
awk 'length > 80 { found = 1 } END { exit !found }' "$case.expected" ||
  fail "$case.expected has no line longer than 80 columns; choose a case that shows the style"
printf 'BasedOnStyle: LLVM\nColumnLimit: 60\n' >"$work/.clang-format"
"$src/tests/refactor/run_case.sh" "$tool" "$src" "$case" "$work/corpus" || fail "the corpus check fails outside the source tree"
read -r -a args <<<"$(sed -n 's|^// ARGS: ||p' "$case")"
"$tool" "${args[@]}" "$case" -o "$work/out.cpp" -- -std=c++20 "-I$src/runtime/include" "-I$src/cache/include" \
  "-I$src/refactor/include" 2>/dev/null || fail "pgas-refactor failed"
diff -u "$case.expected" "$work/out.cpp" || fail "the output is not in the style of the input's directory"
echo "PASS: the project's style, from the input's path, with the output in $work"
