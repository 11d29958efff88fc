#!/usr/bin/env bash
# Runs one example end to end, as CANN samples' run.sh does in CPU mode:
#   gen_data.py -> akgen cc -o build/prog *.cpp -> build/prog -> verify.py
# Usage: run_example.sh EXAMPLE_DIR [AKGEN]
# AKGEN defaults to $AKGEN, then build/bin/akgen of this repository, then akgen on PATH.
# AKGEN_PYTHON picks the Python (it needs numpy); AKGEN_EXAMPLE_CFLAGS the compile flags.
set -euo pipefail

example=$(cd "$1" && pwd)
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
akgen=${2:-${AKGEN:-}}
if [ -z "$akgen" ]; then
  if [ -x "$repo/build/bin/akgen" ]; then akgen=$repo/build/bin/akgen; else akgen=akgen; fi
fi
# A relative path must survive the cd into the example below.
case "$akgen" in */*) akgen=$(cd "$(dirname "$akgen")" && pwd)/$(basename "$akgen") ;; esac

# A Python with numpy: $AKGEN_PYTHON, python3, then the system one (a venv python3 may lack numpy).
python=
for candidate in "${AKGEN_PYTHON:-}" python3 /usr/bin/python3; do
  if [ -n "$candidate" ] && "$candidate" -c "import numpy" 2>/dev/null; then python=$candidate; break; fi
done
if [ -z "$python" ]; then
  echo "run_example: no python3 with numpy found (set AKGEN_PYTHON or apt-get install python3-numpy)" >&2
  exit 2
fi

cd "$example"
rm -rf input output
mkdir -p input output build
"$python" gen_data.py
# shellcheck disable=SC2086  # the flags are a word list
"$akgen" cc ${AKGEN_EXAMPLE_CFLAGS:--O1} -I "$repo/examples/common" -o build/prog ./*.cpp
./build/prog
"$python" verify.py
