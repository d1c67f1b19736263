#!/usr/bin/env bash
# The toolkit as a user outside this repository gets it: installs BUILD_DIR to a temporary prefix, moves the
# installed tree elsewhere (it must not depend on where it was installed), checks that no installed file
# names the source or build tree, then builds tests/downstream against it twice, with find_package(pgas)
# and with make and pkg-config, and runs the programs with the installed pgasrun, a traced run and its
# report included.
# Usage: downstream.sh SOURCE_DIR BUILD_DIR LIBDIR VERSION
set -euo pipefail
source_dir=$(realpath "$1")
build_dir=$(realpath "$2")
libdir=$3
version=$4

work=$(mktemp -d "${TMPDIR:-/tmp}/pgas-downstream.XXXXXX")
trap 'rm -rf "$work"' EXIT
step() { echo "== $*"; }

step "install to $work/staged, then move it to $work/prefix"
cmake --install "$build_dir" --prefix "$work/staged" >"$work/install.log"
mv "$work/staged" "$work/prefix"
prefix=$work/prefix

step "no installed file names the source or build tree"
# The build tree may be inside the source tree, so the source tree's path covers both.
leaks=$(grep -rlF -e "$source_dir" -e "$build_dir" "$prefix" || true)
if [ -n "$leaks" ]; then
  echo "error: installed files that name $source_dir or $build_dir:" >&2
  for f in $leaks; do echo "  $f: $(grep -aoF -e "$source_dir" -e "$build_dir" "$f" | head -1)" >&2; done
  exit 1
fi

run() { echo "\$ $*"; "$@"; }
pgasrun=$prefix/bin/pgasrun

step "find_package(pgas): configure, build (dot_cached through pgas_refactor()), run"
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
run cmake -S "$source_dir/tests/downstream" -B "$work/cmake" "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_PREFIX_PATH="$prefix" -DPGAS_VERSION="$version" >"$work/configure.log" || { cat "$work/configure.log"; exit 1; }
run cmake --build "$work/cmake" -j 2
grep -q "y_cache" "$work/cmake/dot_cached.cpp" || { echo "error: dot_cached.cpp was not rewritten" >&2; exit 1; }
for n in 1 3; do
  run "$pgasrun" -n "$n" --timeout 60 "$work/cmake/dot"
  run "$pgasrun" -n "$n" --timeout 60 "$work/cmake/dot_cached"
  run "$pgasrun" -n "$n" --timeout 60 "$work/cmake/gather"
  ring=$(run "$pgasrun" -n "$n" --timeout 60 "$work/cmake/upc-programs/ring")
  grep -qx "ring: ok" <<<"$ring" || { echo "$ring"; exit 1; }
done

step "the package refuses a request for the next major version"
next_major=$(( ${version%%.*} + 1 )).0
if cmake -S "$source_dir/tests/downstream" -B "$work/too-new" -DCMAKE_PREFIX_PATH="$prefix" \
     -DPGAS_VERSION="$next_major" >"$work/too-new.log" 2>&1; then
  echo "error: find_package(pgas $next_major) accepted version $version" >&2
  exit 1
fi
grep -q "pgasConfig.cmake, version: $version" "$work/too-new.log" || { cat "$work/too-new.log"; exit 1; }

step "the installed pgas-refactor finds the installed dialect headers without -I"
(cd "$work" && run "$prefix/bin/pgas-refactor" --array y "$source_dir/tests/downstream/dot.cpp" --diff -- -std=c++20) \
  >"$work/refactor.diff"
grep -q "y_cache" "$work/refactor.diff" || { cat "$work/refactor.diff"; exit 1; }

step "the installed pgas-upcc finds its headers and libpgas without flags"
(cd "$work" && run "$prefix/bin/pgas-upcc" -T 2 "$source_dir/tests/downstream/ring.upc" -o ring_static)
ring=$(run "$pgasrun" -n 2 --timeout 60 "$work/ring_static")
grep -qx "ring: ok" <<<"$ring" || { echo "$ring"; exit 1; }

step "a traced run with the installed pgasrun, and its report"
run "$pgasrun" -n 2 --timeout 60 --trace "$work/dot.db" --lines "$work/cmake/dot"
run "$prefix/bin/pgas-report" --section variables "$work/dot.db" | tee "$work/report.txt"
grep -qw y "$work/report.txt" || { echo "error: the report names no variable y" >&2; exit 1; }

step "pkg-config and make: build, run"
mkdir "$work/make"
export PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig"
[ "$(pkg-config --modversion pgas-cache)" = "$version" ] || { echo "error: pgas-cache.pc is not version $version" >&2; exit 1; }
(cd "$work/make" && run make -f "$source_dir/tests/downstream/Makefile")
pgasrun=$(pkg-config --variable=pgasrun pgas)
run "$pgasrun" -n 2 --timeout 60 "$work/make/dot"
run "$pgasrun" -n 2 --timeout 60 "$work/make/gather"
echo "downstream: passed"
