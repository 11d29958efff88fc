#!/usr/bin/env bash
# `akgen data` on real runs: a generation run of the built-in Muls task against a real HTTP server
# (scripted replies), five samples and two rounds. Round 1 answers, one per sample: the answer, x +
# value (wrong_answer), a missing semicolon and a Muls call without its scalar (compile_error), and
# a right kernel that adds 0 four hundred times (pass, ~1.4x slower). Round 2 repairs the three
# failures with the answer. Then, from relative paths into folders that already exist:
#  - prefs: Green ≻ Orange ≻ Purple pairs and one faster ≻ slower pair, duplicates counted once,
#    caps and the margin obeyed;
#  - corrections: two api records (signatures, the Muls manual section, the repair as the fix) and
#    one kernel record (the failing case, the diff); every fix passes again when evaluated anew and
#    every diff applies to its failing code;
#  - an `akgen eval` run (run.json) of the final samples; bad input named with its fix;
#  - clean against the built-in suite flags or drops every record as contamination (all were made
#    from its Muls task);
#  - exports in the three formats carry the keys their consumers read, and the recipes name
#    datasets the LLaMA-Factory export defines.
source "$(dirname "$0")/scratch.sh"
source "$(dirname "$0")/generate/server.sh"
recipes=$4
manual=$5

python3 "$(dirname "$0")/generate/muls_replies.py" "$suite" "$scratch"
cat >"$scratch/script.json" <<'SCRIPT'
{"rules": [
  {"contains": "Wrong results", "content_file": "right.txt", "reasoning": "multiply, do not add"},
  {"contains": "error:", "content_file": "right.txt", "reasoning": "fix the call"},
  {"content_files": ["right.txt", "adds.txt", "broken.txt", "misused.txt", "slow.txt"], "reasoning": "first try"}
]}
SCRIPT
start_server "$scratch/script.json" "$scratch/requests.jsonl"

cd "$scratch"
cp "$manual" manual.md
"$akgen" generate builtin --base-url "$base_url" --model kernel-writer -n 5 --rounds 2 --task Muls --out gen --eval \
  --cache cache >generate.log 2>&1 || fail "akgen generate failed"
mkdir -p data
"$akgen" data prefs gen --out data >prefs.log 2>&1 || fail "akgen data prefs failed"
"$akgen" data corrections gen --docs manual.md --out data >corrections.log 2>&1 || fail "akgen data corrections failed"
grep -q "8 pairs from 1 prompts" prefs.log || fail "unexpected pair count"
grep -q "3 duplicates of an earlier candidate's code dropped" prefs.log || fail "the repairs' copies of the answer were not deduplicated"

python3 - <<'CHECK' || fail "unexpected preference pairs or corrections"
import json
rank = {"green": 2, "orange": 1, "purple": 0}
pairs = [json.loads(line) for line in open("data/prefs.jsonl")]
kinds = sorted(p["kind"] for p in pairs)
assert kinds.count("faster>slower") == 1 and kinds.count("green>orange") == 2, kinds
assert kinds.count("green>purple") + kinds.count("orange>purple") == 5, kinds
prompt = pairs[0]["prompt"]
assert len(prompt) == 1 and prompt[0]["role"] == "user" and "Muls" in prompt[0]["content"], prompt
for p in pairs:
    c, r = p["chosen_outcome"], p["rejected_outcome"]
    assert p["prompt"] == prompt and p["chosen"] != p["rejected"], p["kind"]
    assert "================== op_kernel/muls.cpp ==================" in p["chosen"]
    if p["kind"] == "faster>slower":
        assert c["tier"] == r["tier"] == "green" and r["simulated_us"] >= 1.2 * c["simulated_us"], (c, r)
        assert "repeat < 400" in p["rejected"] and p["provenance"]["speed_margin"] == 0.2
    else:
        assert rank[c["tier"]] > rank[r["tier"]], (p["kind"], c, r)
    assert p["provenance"]["chosen"]["model"] == "kernel-writer" and p["provenance"]["tool"].startswith("akgen ")

records = [json.loads(line) for line in open("data/corrections.jsonl")]
api = {r["signature"]: r for r in records if r["kind"] == "api"}
assert sorted(api) == ["expected ';' before 'ID'", "no matching function for call to 'ID'"], sorted(api)
misuse = api["no matching function for call to 'ID'"]
assert misuse["names"] == ["Muls"] and misuse["error_class"] == "api-signature", misuse["names"]
assert misuse["doc"]["heading"] == "Muls" and "scalar" in misuse["doc"]["text"], misuse["doc"]
assert "Muls(r, a0, count)" in misuse["failing"] and "no matching function" in misuse["diagnostic"]
assert "The documentation of Muls" in misuse["messages"][-1]["content"], misuse["messages"][-1]
assert api["expected ';' before 'ID'"]["doc"] is None  # Compute is no API of the manual
kernel = [r for r in records if r["kind"] == "kernel"]
assert len(kernel) == 1 and kernel[0]["fix_source"] == "repair", kernel
k = kernel[0]
assert k["failing_case"]["case"] == 0 and "shape=[8, 1024]" in k["failing_case"]["row"], k["failing_case"]
assert "-        Adds(r, a0, value, count);\n+        Muls(r, a0, value, count);" in k["diff"], k["diff"]
assert k["fixed_reasoning"] == "multiply, do not add"
for r in records:
    assert [m["role"] for m in r["messages"]] == ["user", "assistant", "user"], r["messages"]
    assert r["provenance"]["fixed"]["round"] == 2 and r["provenance"]["failing"]["round"] == 1
# Every fix judged anew, and every diff applied to its failing code.
import os, shutil, subprocess
for i, r in enumerate(records):
    fixed = r["provenance"]["fixed"]["folder"]
    target = f"again/level1/Math/Muls/sample{i}"
    shutil.copytree(fixed, target, ignore=shutil.ignore_patterns("generation.json"))
    work = f"apply{i}"
    shutil.copytree(r["provenance"]["failing"]["folder"], work, ignore=shutil.ignore_patterns("generation.json"))
    open(f"{work}/fix.diff", "w").write(r["diff"])
    subprocess.run(["git", "apply", "fix.diff"], cwd=work, check=True)
    for part in ("op_kernel/muls.cpp", "op_host/muls.cpp"):
        assert open(f"{work}/{part}").read() == open(f"{fixed}/{part}").read(), (i, part)
CHECK
chmod -R a+rX again
"$akgen" eval builtin --task Muls --solutions again --out again-eval --cache cache >again.log 2>&1 || fail "re-evaluating the fixes failed"
[ "$(grep -c '"verdict":"pass"' again-eval/results.jsonl)" -eq 3 ] || fail "a fix does not pass when judged anew"

# Caps and margin.
"$akgen" data prefs gen --out capped --max-pairs-per-prompt 2 --speed-margin 1.0 >capped.log 2>&1 || fail "capped prefs failed"
[ "$(wc -l <capped/prefs.jsonl)" -eq 2 ] || fail "--max-pairs-per-prompt was not obeyed"
! grep -q "faster>slower" capped/prefs.jsonl || fail "a 1.4x difference made a pair at margin 1.0"

# An evaluation of the final samples: read through its run.json; all five pass, two distinct kernels.
"$akgen" eval builtin --task Muls --solutions gen/samples --out final --cache cache >final.log 2>&1 || fail "akgen eval failed"
"$akgen" data prefs final --out final-data >final-prefs.log 2>&1 || fail "prefs from an evaluation failed"
python3 - <<'CHECK' || fail "unexpected pairs from the evaluation"
import json
pairs = [json.loads(line) for line in open("final-data/prefs.jsonl")]
assert [p["kind"] for p in pairs] == ["faster>slower"], pairs
first = json.loads(open("data/prefs.jsonl").readline())
assert pairs[0]["prompt"] == first["prompt"], "a repaired sample's prompt is not the task's first prompt"
CHECK

# Bad input: named, with the fix, and nothing written.
"$akgen" data prefs no-such-run --out bad >bad.log 2>&1 && fail "a missing run was accepted"
grep -q "no-such-run: no results.jsonl here or under rounds/" bad.log || fail "the missing run was not named"
rm final/run.json
"$akgen" data corrections final --out bad >bad2.log 2>&1 && fail "a run without run.json was accepted"
grep -q "final/run.json: missing; it is written by \`akgen eval\`" bad2.log || fail "the missing run.json was not explained"
[ ! -e bad/corrections.jsonl ] || fail "a failed command wrote a dataset"

# Hygiene: data made on the built-in Muls task is contamination when the built-in suite is the
# benchmark; flagged in place, or dropped with the reason.
cp -r data cleaned
"$akgen" data clean cleaned --against builtin --flag-only >clean-flag.log 2>&1 || fail "akgen data clean --flag-only failed"
grep -q "flagged as contaminated: 11" clean-flag.log || fail "the pairs and corrections were not all flagged"
"$akgen" data clean cleaned --against builtin >clean.log 2>&1 || fail "akgen data clean failed"
grep -q "dropped: contamination 11" clean.log || fail "the contaminated records were not dropped"
[ "$(grep -c 'most from level1/Math/Muls' cleaned/dropped.jsonl)" -eq 11 ] || fail "dropped.jsonl does not name the task"

# Exports: the keys each consumer reads; the recipes' datasets exist in the LLaMA-Factory export.
for format in llamafactory trl openai; do
  "$akgen" data export data --format $format --out export-$format >export-$format.log 2>&1 || fail "export $format failed"
done
"$akgen" data export data --format alpaca --out x >export-bad.log 2>&1 && fail "an unknown format was accepted"
python3 - "$recipes" <<'CHECK' || fail "an export or a recipe does not fit its consumer"
import json, pathlib, sys, yaml
info = json.load(open("export-llamafactory/dataset_info.json"))
for name, entry in info.items():
    items = json.load(open(pathlib.Path("export-llamafactory") / entry["file_name"]))
    assert entry["formatting"] == "sharegpt" and items, name
    columns = entry["columns"]
    for item in items:
        turns = item[columns["messages"]]
        roles = [t["from"] for t in turns]
        assert all(r == ("human" if i % 2 == 0 else "gpt") for i, r in enumerate(roles)), roles
        if entry.get("ranking"):
            assert roles[-1] == "human" and item[columns["chosen"]]["from"] == item[columns["rejected"]]["from"] == "gpt"
        else:
            assert roles[-1] == "gpt" and turns[-1]["value"].startswith("<think>\n"), turns[-1]["value"][:40]
assert sorted(info) == ["akgen_dpo", "akgen_sft"], sorted(info)
assert len(json.load(open("export-llamafactory/akgen_sft.json"))) == 3
for line in open("export-trl/prefs.jsonl"):
    pair = json.loads(line)
    assert pair["prompt"][-1]["role"] == "user" and pair["chosen"][0]["role"] == pair["rejected"][0]["role"] == "assistant"
for line in open("export-trl/sft.jsonl"):
    assert json.loads(line)["messages"][-1]["role"] == "assistant"
for line in open("export-openai/sft.jsonl"):
    messages = json.loads(line)["messages"]
    assert {m["role"] for m in messages} <= {"system", "user", "assistant"} and "<think>" not in messages[-1]["content"]
for line in open("export-openai/dpo.jsonl"):
    pair = json.loads(line)
    assert pair["input"]["messages"] and pair["preferred_output"][0]["role"] == "assistant" and pair["non_preferred_output"]
recipes = sorted(pathlib.Path(sys.argv[1]).glob("llamafactory/*.yaml"))
assert len(recipes) == 3, recipes
for recipe in recipes:
    config = yaml.safe_load(open(recipe))
    for dataset in str(config["dataset"]).split(","):
        assert dataset.strip() in info, (recipe.name, dataset)
    assert config["template"] == "qwen3", recipe.name
CHECK
echo "data: 8 preference pairs, 3 corrections whose fixes pass again, exports in three formats"
