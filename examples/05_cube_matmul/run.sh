#!/usr/bin/env bash
# Generates data, compiles with `akgen cc`, runs on the simulator and verifies. Usage: ./run.sh [AKGEN]
exec "$(dirname "${BASH_SOURCE[0]}")/../common/run_example.sh" "$(dirname "${BASH_SOURCE[0]}")" "$@"
