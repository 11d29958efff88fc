# Sourced by the CLI test scripts: their two arguments, a scratch folder the sandbox user can enter
# (removed on exit), and `fail MESSAGE`, which prints the logs written there and exits.
set -euo pipefail
akgen=$1
suite=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
chmod 755 "$scratch"
fail() { echo "$(basename "$0" .sh): $*"; cat "$scratch"/*.log; exit 1; }
