#!/usr/bin/env bash
# akgen eval on a MultiKernelBench tree (tests/bench/data/mkb_tree) with six-string answers of our
# own, from a private folder with relative paths: the answer passes its five trials; broken copies of
# it get the verdict MultiKernelBench would give (a wrong kernel, a model_src or python_bind_src that
# does not load, a string computed instead of written); hostile copies cannot see golden outputs or
# point the harness at files outside their record; torch work in ModelNew is charged, and work after
# the call is replayed on the kernel's output; the answer as a whole model reply in
# MultiKernelBench's own output layout (run0/<task>.txt) passes too.
set -euo pipefail
akgen=$(realpath "$1")
tree=$(realpath "$2")
answer=$(realpath "$3")/activation/clipped_relu/sample0.py
scratch=$(mktemp -d)  # 0700, as a user's home
cache=$(mktemp -d)
chmod 755 "$cache"
trap 'rm -rf "$scratch" "$cache"' EXIT
fail() { echo "eval_mkb_candidates: $*"; exit 1; }
cd "$scratch"
cp -r "$tree" MultiKernelBench
samples=samples/activation/clipped_relu
mkdir -p "$samples" runs/run0
cp "$answer" "$samples/sample0.py"
# 1: the ceiling is never applied.
grep -v "AscendC::Mins" "$answer" >"$samples/sample1.py"
# 2: model_src does not parse (MultiKernelBench's exec of it fails: not compiled).
sed 's/    def forward(self, x):/    def forward(self, x)/' "$answer" >"$samples/sample2.py"
# 3: a string computed instead of written: reading it would mean running the file.
sed 's/^kernel_src = """/kernel_src = "" + """/' "$answer" >"$samples/sample3.py"
# 4: python_bind_src does not compile.
sed 's/at::Tensor y = at::empty_like(x);/at::Tensor y = at::empty_like(x)/' "$answer" >"$samples/sample4.py"
# 5: hostile: looks for golden outputs anywhere it can, and at exit points the recorded call at a
# file outside the record.
python3 - "$answer" "$samples/sample5.py" <<'PYTHON'
import sys
text = open(sys.argv[1]).read()
probe = '''    def forward(self, x):
        import atexit, glob, json, os
        leaked = [p for root in ("/var/tmp", "/tmp", "/root", "/work", "/home") for p in glob.glob(root + "/**/output0.bin", recursive=True)]
        if leaked:
            raise RuntimeError("golden visible: " + leaked[0])
        def redirect():
            for path in glob.glob(os.getcwd() + "/call/manifest.json"):
                manifest = json.load(open(path))
                manifest["call"]["arguments"][0]["file"] = "/etc/passwd"
                json.dump(manifest, open(path, "w"))
        atexit.register(redirect)
'''
sys.stdout = open(sys.argv[2], "w")
print(text.replace("    def forward(self, x):\n", probe))
PYTHON
# 6: torch does the work in ModelNew and the kernel only passes it through: correct, as
# MultiKernelBench counts it, but the torch op is recorded and its time charged.
sed 's/custom_ops_lib.clipped_relu_custom(x, self.ceiling)/custom_ops_lib.clipped_relu_custom(torch.clamp(x, 0.0, self.ceiling), 1.0e30)/' \
  "$answer" >"$samples/sample6.py"
# 7: ModelNew computes on the op's result after the call: replayed on the kernel's output.
sed 's/custom_ops_lib.clipped_relu_custom(x, self.ceiling)$/custom_ops_lib.clipped_relu_custom(x, self.ceiling) + 0.5/' \
  "$answer" >"$samples/sample7.py"
{ echo "Here is the kernel."; echo '```python'; cat "$answer"; echo '```'; } >runs/run0/clipped_relu.txt

if "$akgen" eval MultiKernelBench --out no-answers --cache "$cache" >no-answers.log 2>&1; then
  fail "akgen eval without samples should stop: MultiKernelBench has no answers"
fi
grep -q "MultiKernelBench tasks have no answers to evaluate; give --solutions a folder of samples" no-answers.log ||
  { cat no-answers.log; fail "no clear message without --solutions"; }

"$akgen" eval MultiKernelBench --solutions samples --task clipped_relu --out out --cache "$cache" --jobs 2 >eval.log 2>&1 ||
  { cat eval.log; fail "akgen eval failed"; }
python3 - out/results.jsonl "$scratch" <<'PYTHON'
import collections
import json
import sys

verdicts = collections.defaultdict(set)
details = collections.defaultdict(str)
records = collections.defaultdict(list)
for line in open(sys.argv[1]):
    record = json.loads(line)
    verdicts[record["sample"]].add(record["verdict"])
    details[record["sample"]] += record["details"].get("detail", "") + record["details"].get("reason", "")
    records[record["sample"]].append(record["details"])
expected = {0: {"pass"}, 1: {"wrong_answer"}, 2: {"compile_error"}, 3: {"parse_error"}, 4: {"compile_error"},
            5: {"crash"}, 6: {"pass"}, 7: {"wrong_answer"}}
if dict(verdicts) != expected:
    sys.exit(f"verdicts {dict(verdicts)}, expected {expected}")
checks = {
    2: "model.py",
    3: "sample3.py:67: kernel_src is computed, not a string literal",
    4: "sample4.py:",
    5: "the recorded op call is refused: argument 'call_arg0' names /etc/passwd",
}
for sample, text in checks.items():
    if text not in details[sample]:
        sys.exit(f"sample{sample}: '{text}' not in {details[sample][:600]!r}")
for honest in records[0]:
    if "model_new_ops" in honest or honest.get("cheating") is not False:
        sys.exit(f"sample0 runs no torch op of its own and is not flagged, yet: {honest}")
for torch_work in records[6]:
    if torch_work.get("model_new_ops") != ["aten::clamp"] or not torch_work["simulated_us"] > torch_work["kernel_us"]:
        sys.exit(f"sample6's torch clamp should be recorded and charged: {torch_work}")
    if not torch_work.get("cheating") or "torch.clamp() computes in torch" not in torch_work["cheating_findings"][0]:
        sys.exit(f"sample6 should carry MultiKernelBench's anti-hack flag: {torch_work}")
if "expected 1, got 1.5" not in details[7] and "expected 0, got 0.5" not in details[7]:
    sys.exit("sample7's post-call + 0.5 should be replayed on the kernel's output: " + details[7][:300])
if "golden visible" in details[5]:
    sys.exit("a candidate saw a golden file: " + details[5][:300])
if "sample4.py:" in details[4] and sys.argv[2] + "/samples" not in details[4]:
    sys.exit("compile errors should name the sample file: " + details[4][:300])
PYTHON
grep -q "case_count" out/results.jsonl || fail "records lack case_count"

"$akgen" eval MultiKernelBench --solutions runs --task clipped_relu --out run-layout --cache "$cache" >runs.log 2>&1 ||
  { cat runs.log; fail "akgen eval on run<N>/ failed"; }
[ "$(grep -c '"verdict":"pass"' run-layout/results.jsonl)" = 5 ] || { cat runs.log; fail "the fenced reply in run0/ did not pass"; }
echo "eval on MultiKernelBench: the six-string answer passes, 6 broken or hostile copies get their verdicts, torch work is charged"
