#!/usr/bin/env bash
# Installs every Debian package the project builds against (docs/architecture.md section 12).
# Safe to re-run: when everything is present it prints nothing and returns at once.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  clang-16 libclang-16-dev libclang-cpp16-dev llvm-16-dev
  qt6-base-dev qt6-charts-dev libqt6opengl6-dev libgl-dev qt6-qpa-plugins fonts-dejavu-core
  libunwind-dev libsqlite3-dev sqlite3
  libopenmpi-dev openmpi-bin
  libgtest-dev libgmock-dev libbenchmark-dev
  clang-format
  python3
  spin
  stress-ng
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
