#!/usr/bin/env bash
# pgas-refactor -i and -o write files as clang-format -i does: a file keeps its mode and owner, a symbolic link
# keeps pointing to its target (which is rewritten), and a file that cannot be replaced (its directory is
# read-only) is reported and left exactly as it was, with no temporary file left behind.
# Usage: in_place.sh TOOL SOURCE_DIR CASE.cpp WORK_DIR   (CASE is rewritten with its ARGS line)
set -uo pipefail
tool=$1 src=$2 case=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
chmod 0755 "$work"
read -r -a args <<<"$(sed -n 's|^// ARGS: ||p' "$case")"
flags=(-- -std=c++20 "-I$src/runtime/include" "-I$src/cache/include" "-I$src/refactor/include")
fail() { echo "FAIL: $*"; exit 1; }
mode() { stat -c %a "$1"; }
owner() { stat -c %u:%g "$1"; }

# (The style comes from the file's directory: every copy lives under WORK_DIR.)
cp "$case" "$work/original.cpp"
"$tool" "${args[@]}" "$work/original.cpp" -o "$work/expected.cpp" "${flags[@]}" 2>/dev/null || fail "-o failed"
cmp -s "$case" "$work/expected.cpp" && fail "the case is not rewritten; pick one that is"

# Modes 0600 and 0755 are kept; as root, so is another user's ownership.
for m in 600 755; do
  cp "$case" "$work/mode$m.cpp" && chmod "$m" "$work/mode$m.cpp"
  [ "$(id -u)" = 0 ] && chown 65534:65534 "$work/mode$m.cpp"
  before=$(owner "$work/mode$m.cpp")
  "$tool" -i "${args[@]}" "$work/mode$m.cpp" "${flags[@]}" 2>/dev/null || fail "-i on a $m file failed"
  cmp -s "$work/mode$m.cpp" "$work/expected.cpp" || fail "-i did not rewrite the $m file"
  [ "$(mode "$work/mode$m.cpp")" = "$m" ] || fail "-i changed mode $m to $(mode "$work/mode$m.cpp")"
  [ "$(owner "$work/mode$m.cpp")" = "$before" ] || fail "-i changed the owner $before to $(owner "$work/mode$m.cpp")"
done

# A symbolic link (relative, into another directory): the target is rewritten, the link stays a link.
mkdir -p "$work/real" "$work/links"
cp "$case" "$work/real/target.cpp" && chmod 640 "$work/real/target.cpp"
ln -s ../real/target.cpp "$work/links/link.cpp"
"$tool" -i "${args[@]}" "$work/links/link.cpp" "${flags[@]}" 2>/dev/null || fail "-i on a symbolic link failed"
[ -L "$work/links/link.cpp" ] || fail "-i replaced the symbolic link with a file"
[ "$(readlink "$work/links/link.cpp")" = ../real/target.cpp ] || fail "-i changed where the link points"
cmp -s "$work/real/target.cpp" "$work/expected.cpp" || fail "-i did not rewrite the link's target"
[ "$(mode "$work/real/target.cpp")" = 640 ] || fail "-i changed the target's mode to $(mode "$work/real/target.cpp")"

# -o onto an existing symbolic link writes its target too.
cp "$case" "$work/real/out.cpp" && chmod 600 "$work/real/out.cpp"
ln -s ../real/out.cpp "$work/links/out.cpp"
"$tool" "${args[@]}" "$work/original.cpp" -o "$work/links/out.cpp" "${flags[@]}" 2>/dev/null || fail "-o onto a link failed"
[ -L "$work/links/out.cpp" ] || fail "-o replaced the symbolic link with a file"
cmp -s "$work/real/out.cpp" "$work/expected.cpp" || fail "-o did not write the link's target"
[ "$(mode "$work/real/out.cpp")" = 600 ] || fail "-o changed the target's mode to $(mode "$work/real/out.cpp")"

# A read-only directory: a clear error naming the file, the file intact, nothing left behind. Root may write
# anywhere, so then the tool runs as nobody, who owns the directory.
mkdir -p "$work/readonly"
cp "$case" "$work/readonly/file.cpp" && chmod 644 "$work/readonly/file.cpp"
as_user=()
if [ "$(id -u)" = 0 ]; then
  chown -R 65534:65534 "$work/readonly"
  as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
fi
chmod 555 "$work/readonly"
"${as_user[@]}" "$tool" -i "${args[@]}" "$work/readonly/file.cpp" "${flags[@]}" 2>"$work/readonly.err"
status=$?
chmod 755 "$work/readonly"
cat "$work/readonly.err"
[ "$status" = 1 ] || fail "-i in a read-only directory exited $status, expected 1"
grep -q "error: cannot write $work/readonly/file.cpp: .*Permission denied.*left unchanged" "$work/readonly.err" ||
  fail "the error does not say which file could not be written and why"
cmp -s "$work/readonly/file.cpp" "$case" || fail "the file in the read-only directory changed"
[ "$(ls -A "$work/readonly")" = file.cpp ] || fail "something was left in the directory: $(ls -A "$work/readonly")"
echo "PASS"
