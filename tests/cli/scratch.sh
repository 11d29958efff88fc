# Sourced by the CLI test scripts: their two arguments, a scratch folder the sandbox user can enter
# (removed on exit), and `fail MESSAGE`, which prints the logs written there and exits.
set -euo pipefail
akgen=$1
suite=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
chmod 755 "$scratch"
fail() { echo "$(basename "$0" .sh): $*"; cat "$scratch"/*.log; exit 1; }
# Judges the candidates written under $scratch/samples on Muls of TREE (default: the suite) into
# $scratch/out, with a build cache of their own; more `akgen eval` options may follow the tree.
eval_muls_samples() {
  local tree=${1:-$suite}
  shift || true
  chmod -R a+rX "$scratch"
  "$akgen" eval "$tree" --task Muls --solutions "$scratch/samples" --out "$scratch/out" --cache "$scratch/cache" "$@" \
    >"$scratch/eval.log" 2>&1 || fail "the evaluation failed"
}
