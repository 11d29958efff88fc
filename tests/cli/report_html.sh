#!/usr/bin/env bash
# `akgen report --html`: Muls judged for its answer and for a sample that does not compile; the page
# renders in headless Chromium (Debian's) with no network: the rendered DOM holds the per-level,
# problem and category tables, the charts as SVG, the failure taxonomy and the task's drill-down
# with the compiler's diagnostic naming the kernel line; the screenshot is a full, non-blank page.
source "$(dirname "$0")/scratch.sh"
command -v chromium >/dev/null || fail "chromium is missing: scripts/install-deps.sh installs it"
answer="$suite/level1/Math/Muls/answer/0"
for i in 0 1; do
  mkdir -p "$scratch/samples/level1/Math/Muls/sample$i"
  cp -r "$answer/op_host" "$answer/op_kernel" "$scratch/samples/level1/Math/Muls/sample$i/"
done
sed -i 's/Muls(r, a0, value, count);/Muls(r, a0, value, count) not C++;/' "$scratch/samples/level1/Math/Muls/sample1/op_kernel/muls.cpp"
line=$(grep -n "not C++" "$scratch/samples/level1/Math/Muls/sample1/op_kernel/muls.cpp" | cut -d: -f1)
"$akgen" eval "$suite" --task Muls --solutions "$scratch/samples" --out "$scratch/out" --cache "$scratch/cache" \
  >"$scratch/eval.log" 2>&1 || true
grep -q "Verdicts over 2 (sample, case) records: " "$scratch/eval.log" || fail "the evaluation did not judge both samples"
"$akgen" report "$scratch/out" --html "$scratch/page.html" >"$scratch/report.log" 2>&1 || fail "report --html failed"
grep -q "HTML report: $scratch/page.html" "$scratch/report.log" || fail "no line naming the page"
if grep -Eq "<script|<link|<img|src=|@import|url\(" "$scratch/page.html"; then fail "the page loads something"; fi

# Rendered with networking off: what the browser builds is what is checked.
browse() { timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
  --proxy-server=127.0.0.1:9 --window-size=1200,1600 "$@" "file://$scratch/page.html" 2>>"$scratch/chromium.log"; }
browse --dump-dom >"$scratch/dom.html" || fail "chromium could not render the page"
python3 - "$scratch/dom.html" "$line" <<'PY' || fail "the rendered page lacks a part"
import re, sys
dom = open(sys.argv[1]).read()
line = sys.argv[2]
need = {
    "per-level table": r"<td>level 1</td>",
    "problem grid": r'<table class="problems">.*?<td>Math/Muls</td>',
    "category table": r"<td>level1/Math</td>",
    "two SVG charts": r"(<svg.*){2}",
    "speed chart": r"speedup of their fastest correct sample",
    "taxonomy": r'<td class="fail">compile_error</td><td>1</td>',
    "drill-down": r'<details class="task" data-task="level1/Math/Muls"><summary>level1/Math/Muls — 1 of 2 records pass',
    "diagnostic with the kernel line": r'<pre class="diagnostic">[^<]*muls\.cpp:' + line,
}
missing = [name for name, pattern in need.items() if not re.search(pattern, dom, re.S)]
assert not missing, missing
PY
browse --screenshot="$scratch/page.png" >/dev/null || fail "no screenshot"
python3 - "$scratch/page.png" <<'PY' || fail "the screenshot is not a full, non-blank page"
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n"
width, height = struct.unpack(">II", data[16:24])
assert (width, height) == (1200, 1600), (width, height)
pos, idat = 8, b""
while pos < len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    if kind == b"IDAT":
        idat += data[pos + 8:pos + 8 + length]
    pos += 12 + length
pixels = zlib.decompress(idat)
assert len(set(pixels[i:i + 3] for i in range(0, len(pixels), 997))) > 20, "a nearly uniform image"
PY
echo "report --html: the page renders in Chromium with every part, and a non-blank screenshot"
