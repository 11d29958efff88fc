#!/usr/bin/env bash
# Installs the Debian packages the build, tests and examples need; does nothing when all are present.
set -euo pipefail
packages=(
  g++ cmake ninja-build make pkg-config
  libgtest-dev libgmock-dev libbenchmark-dev
  nlohmann-json3-dev libcli11-dev
  python3 python3-numpy python3-scipy python3-torch python3-venv
  libtorch-dev pybind11-dev python3-dev python3-setuptools
  bubblewrap
  libcurl4-openssl-dev libsqlite3-dev libcpp-httplib-dev libdtl-dev python3-yaml git
  redis-server libhiredis-dev
  chromium clang
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "install-deps: installing ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
