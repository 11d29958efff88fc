#!/usr/bin/env bash
# akgen tasks --goldens on a MultiKernelBench tree (tests/bench/data/mkb_tree), copied into a private
# folder and named by a relative path, as a newcomer would: the tasks are listed by category, every
# trial and group gets its golden through the real python oracle, a bound below the inputs' size
# scales the shapes (and the table says so), a rerun is served from the cache, and a task whose
# reference fails is reported with its file and line, exit status 1, the other goldens kept.
set -euo pipefail
akgen=$(realpath "$1")
fixture=$2
work=$(mktemp -d)  # mode 0700, as a user's home
trap 'rm -rf "$work"' EXIT
cp -r "$fixture" "$work/MultiKernelBench"
cd "$work"

listing=$("$akgen" tasks MultiKernelBench)
grep -q "^activation/clipped_relu  5 cases$" <<<"$listing" || { echo "tasks listed: $listing"; exit 1; }
grep -q "^npukernelbench_level1/3_scaled_add  3 cases$" <<<"$listing" || { echo "tasks listed: $listing"; exit 1; }
grep -q "^3 tasks in MultiKernelBench/reference$" <<<"$listing" || { echo "tasks listed: $listing"; exit 1; }

table=$("$akgen" tasks MultiKernelBench/reference --goldens --cache cache --jobs 2 --max-elements 100000)
grep -Eq "^\| activation/clipped_relu +\| +5 \| +[0-9.]+ \| +0 \| rows 640 -> 320, width 1000 -> 232" <<<"$table" \
  || { echo "goldens table: $table"; exit 1; }
grep -Eq "^\| loss/mean_abs_loss +\| +5 \| +[0-9.]+ \| +0 \| +\|" <<<"$table" || { echo "goldens table: $table"; exit 1; }
grep -Eq "^\| \(all\) +\| +3 \| +13 \| +0 \| +1 \|" <<<"$table" || { echo "goldens summary: $table"; exit 1; }

again=$("$akgen" tasks MultiKernelBench --goldens --cache cache --max-elements 100000 --json)
python3 - "$again" <<'PYTHON'
import json
import sys

tasks = json.loads(sys.argv[1])
cases = [case for task in tasks for case in task["cases"]]
if len(cases) != 13 or not all(case["cached"] for case in cases):
    sys.exit(f"a rerun should take all 13 goldens from the cache: {tasks}")
PYTHON

cat > MultiKernelBench/reference/loss/broken_loss.py <<'PY'
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        return x.sum(dim=5)


def get_inputs():
    return [torch.rand(4, 4)]


def get_init_inputs():
    return []
PY
status=0
broken=$("$akgen" tasks MultiKernelBench --goldens --cache cache --category loss) || status=$?
[ "$status" = 1 ] || { echo "tasks --goldens: exit status $status with a failing reference, expected 1"; exit 1; }
grep -q "loss/broken_loss case 0: .*reference/loss/broken_loss.py:6: Model.forward: IndexError" <<<"$broken" \
  || { echo "tasks --goldens on a broken reference printed: $broken"; exit 1; }
echo "tasks --goldens: 13 goldens of 3 MultiKernelBench tasks, scaled where asked, cached, failures located"
