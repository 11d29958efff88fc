"""akgen serve over real HTTP on 127.0.0.1, as a trainer uses it: single, batched and OpenRLHF
requests judged by the real harness; refused requests named with their fix; a server killed with
jobs queued finishes every one of them after a restart; a token guards a server that needs one.

usage: serve_end_to_end.py AKGEN SUITE
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

AKGEN, SUITE = sys.argv[1], sys.argv[2]
SCRATCH = tempfile.mkdtemp(prefix="akgen-serve-test-")
os.chmod(SCRATCH, 0o755)
ANSWER = os.path.join(SUITE, "level1/Math/Muls/answer/0")


def fail(message, server=None):
    print("serve_end_to_end: " + message)
    if server is not None:
        print(open(server.log).read())
    sys.exit(1)


class Server:
    def __init__(self, *extra, name="server"):
        self.log = os.path.join(SCRATCH, name + ".log")
        self.process = subprocess.Popen(
            [AKGEN, "serve", "--port", "0", "--state", os.path.join(SCRATCH, "state"), "--cache",
             os.path.join(SCRATCH, "cache"), "--jobs", "2", *extra],
            stdout=subprocess.PIPE, stderr=open(self.log, "w"), text=True)
        line = self.process.stdout.readline()
        match = re.search(r"listening on (http://127\.0\.0\.1:\d+)", line)
        if not match:
            fail("the server did not start: " + line, self)
        self.base = match.group(1)
        self.first_line = line

    def request(self, method, path, body=None, headers=None, raw=None):
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json", **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=900) as response:
                text = response.read().decode()
                status = response.status
        except urllib.error.HTTPError as error:
            text = error.read().decode()
            status = error.code
        return status, (json.loads(text) if text.startswith(("{", "[")) else text)

    def stop(self, sig=signal.SIGTERM):
        self.process.send_signal(sig)
        self.process.wait(timeout=300)


def read(path):
    return open(os.path.join(ANSWER, path)).read()


def full_response(kernel):
    parts = ["I split the elements over the cores."]
    for path, text in (("op_host/muls_tiling.h", read("op_host/muls_tiling.h")),
                       ("op_host/muls.cpp", read("op_host/muls.cpp")), ("op_kernel/muls.cpp", kernel)):
        parts.append("================== %s ==================\n```cpp\n%s\n```" % (path, text))
    return "\n".join(parts)


KERNEL = read("op_kernel/muls.cpp")
CORRECT = full_response(KERNEL)
WRONG = full_response(KERNEL.replace("Muls(r, a0, value, count);", "Muls(r, a0, value, count);\n        Muls(r, r, value, count);"))
BROKEN = full_response(KERNEL.replace("Muls(r, a0, value, count);", "Muls(r, a0, value, count) oops;"))
assert WRONG != CORRECT and BROKEN != CORRECT


def check(condition, message, server):
    if not condition:
        fail(message, server)


TASK = os.path.dirname(os.path.dirname(ANSWER))


def task_files(*paths):
    return {path: open(os.path.join(TASK, path)).read() for path in paths}


# The built-in Muls as a client would bring a task of its own, under another category.
INLINE_MULS = {"level": 1, "category": "Custom", "name": "Muls", "files": task_files(
    "api_desc.md", "validation/module.py", "validation/prepare_inputs.py", "validation/pybind.cpp",
    "validation/test_cases.csv")}

try:
    server = Server("--trust-inline-tasks")
    status, health = server.request("GET", "/v1/health")
    check(status == 200 and health["status"] == "ok" and health["suites"] == ["builtin"], "health: %s" % health, server)

    # One response, the smallest request, waited for.
    status, passed = server.request("POST", "/v1/evaluations?wait=600",
                                    {"suite": "builtin", "task": "level1/Math/Muls", "response": CORRECT})
    check(status == 200 and passed["verdict"] == "pass" and passed["correct"], "the answer: %s" % passed, server)
    check(passed["reward"] >= 0.4 and passed["reward"] == passed["reward_terms"]["total"], "reward: %s" % passed, server)
    check(len(passed["cases"]) == 7 and passed["cases"][-1].get("extra_of") == 0, "6 cases and 1 drawn: %s" % passed, server)
    check(all(case["simulated_us"] > 0 for case in passed["cases"]) and passed["feedback"] == "", "times: %s" % passed, server)
    status, again = server.request("GET", "/v1/evaluations/" + passed["id"])
    check(status == 200 and again == passed, "GET gives the stored result", server)

    # A batch: its results in order, rewards ranking correct > wrong > broken > unparsable.
    status, batch = server.request("POST", "/v1/evaluations:batch?wait=600", {"requests": [
        {"task": "Muls", "response": WRONG}, {"task": "Muls", "response": BROKEN},
        {"task": "Muls", "response": "I would use vector instructions."}, {"task": "Muls", "response": CORRECT}]})
    check(status == 200, "batch status %s: %s" % (status, batch), server)
    verdicts = [result["verdict"] for result in batch["results"]]
    check(verdicts == ["wrong_answer", "compile_error", "parse_error", "pass"], "batch verdicts %s" % verdicts, server)
    wrong, broken, unparsable, correct = batch["results"]
    check(correct["reward"] > wrong["reward"] > broken["reward"] == unparsable["reward"] == 0,
          "rewards %s" % [r["reward"] for r in batch["results"]], server)
    check("wrong" in wrong["feedback"].lower() and wrong["failure_class"] == "wrong_answer", "wrong: %s" % wrong, server)
    check("oops" in broken["feedback"] and broken["failure_class"].startswith("compile:"), "broken: %s" % broken, server)
    check("op_kernel/muls.cpp" in unparsable["feedback"], "parse feedback: %s" % unparsable, server)

    # A candidate's host code runs sandboxed: it sees neither the journal (other candidates'
    # responses) nor the golden outputs, so the answer with such a probe still passes.
    probe = ('#include <filesystem>\nstatic bool Hostile() { return std::filesystem::exists("%s") || '
             'std::filesystem::exists("%s"); }\n') % (os.path.join(SCRATCH, "state", "journal.sqlite"),
                                                       os.path.join(SCRATCH, "cache", "golden"))
    host = probe + read("op_host/muls.cpp")
    host, probes = re.subn(r"(TilingFunc\(gert::TilingContext\* context\)\s*\{)",
                           r"\1\n    if (Hostile()) return ge::GRAPH_FAILED;", host)
    check(probes == 1 and os.path.exists(os.path.join(SCRATCH, "cache", "golden")), "probe not placed", server)
    status, contained = server.request("POST", "/v1/evaluations?wait=600", {"task": "Muls", "files": {
        "op_host/muls_tiling.h": read("op_host/muls_tiling.h"), "op_host/muls.cpp": host, "op_kernel/muls.cpp": KERNEL}})
    check(status == 200 and contained["verdict"] == "pass" and contained["format"] == "files",
          "the probing candidate: %s" % contained, server)

    # A task of the client's own, brought inline (the operator trusts its Python: --trust-inline-tasks).
    status, inline = server.request("POST", "/v1/evaluations?wait=600",
                                    {"inline_task": INLINE_MULS, "response": CORRECT, "extra_cases": 0})
    check(status == 200 and inline["verdict"] == "pass" and inline["task"] == "level1/Custom/Muls"
          and inline["suite"].startswith("inline:") and len(inline["cases"]) == 6, "inline task: %s" % inline, server)

    status, rewards = server.request("POST", "/v1/openrlhf", {
        "query": [CORRECT], "prompts": [""], "labels": [inline["suite"] + ":level1/Custom/Muls"]})
    check(status == 200 and rewards["extra_logs"]["verdict"] == ["pass"], "an inline suite's label: %s" % rewards,
          server)

    # OpenRLHF's remote reward protocol: each query is the prompt followed by the response.
    prompt = "Write the Muls kernel.\n"
    status, rewards = server.request("POST", "/v1/openrlhf", {
        "query": [prompt + CORRECT, prompt + "no code"], "prompts": [prompt, prompt],
        "labels": ["builtin:level1/Math/Muls", "Muls"]})
    check(status == 200 and len(rewards["rewards"]) == 2, "openrlhf: %s" % rewards, server)
    check(rewards["rewards"][0] == passed["reward"] and rewards["rewards"][1] == 0, "openrlhf rewards %s" % rewards, server)
    check(rewards["scores"] == rewards["rewards"] and rewards["extra_logs"]["verdict"] == ["pass", "parse_error"],
          "openrlhf logs %s" % rewards, server)

    # Refusals name the field and the fix.
    refusals = [
        ("POST", "/v1/evaluations", None, b"{not json", 400, "the body is not JSON"),
        ("POST", "/v1/evaluations", {"task": "Mull", "response": "x"}, None, 400, 'task "Mull" is not in suite builtin'),
        ("POST", "/v1/evaluations?wait=soon", {"task": "Muls", "response": "x"}, None, 400, "wait must be a number"),
        ("POST", "/v1/evaluations:batch", {"requests": [{"task": "Muls", "response": "x"}, {"task": "Muls"}]}, None, 400,
         "requests[1]: give either response"),
        ("POST", "/v1/openrlhf", {"query": ["a"], "prompts": [], "labels": ["Muls"]}, None, 400, "one entry per sample"),
        ("GET", "/v1/evaluations/0123abcd", None, None, 404, "no job 0123abcd"),
        ("GET", "/v2/things", None, None, 404, "no route GET /v2/things"),
    ]
    for method, path, body, raw, expected, message in refusals:
        status, reply = server.request(method, path, body, raw=raw)
        check(status == expected and message in reply.get("error", ""), "%s %s: %s %s" % (method, path, status, reply),
              server)

    status, metrics = server.request("GET", "/metrics")
    check('akgen_jobs_total{verdict="pass"} 6' in metrics and "akgen_queue_depth 0" in metrics, metrics, server)

    # Killed with jobs accepted and not judged: the restarted server judges every one, once.
    ids = []
    for response in (CORRECT, WRONG, BROKEN):
        status, job = server.request("POST", "/v1/evaluations", {"task": "Muls", "response": response})
        check(status == 202 and job["status"] in ("queued", "running"), "accepted: %s %s" % (status, job), server)
        ids.append(job["id"])
    server.stop(signal.SIGKILL)
    server = Server("--trust-inline-tasks", name="restarted")
    verdicts = []
    for job_id in ids:
        status, job = server.request("GET", "/v1/evaluations/%s?wait=600" % job_id)
        check(status == 200 and job.get("status") == "done", "after the restart %s: %s" % (job_id, job), server)
        verdicts.append(job["verdict"])
    check(verdicts == ["pass", "wrong_answer", "compile_error"], "restarted verdicts %s" % verdicts, server)
    server.stop()
    check(not os.listdir(os.path.join(SCRATCH, "state", "batches")), "batches left behind", server)

    # Off the loopback address only with a token, and then every route but health needs it.
    refused = subprocess.run([AKGEN, "serve", "--host", "0.0.0.0", "--state", os.path.join(SCRATCH, "other")],
                             capture_output=True, text=True, timeout=60)
    check(refused.returncode == 1 and "give --token-file" in refused.stderr, "open host: %s" % refused.stderr, None)
    token_file = os.path.join(SCRATCH, "token")
    with open(token_file, "w") as out:
        out.write("s3cret-token-for-the-test\n")
    server = Server("--token-file", token_file, name="guarded")
    status, reply = server.request("GET", "/metrics")
    check(status == 401 and "Authorization: Bearer" in reply["error"], "no token: %s %s" % (status, reply), server)
    status, _ = server.request("GET", "/metrics", headers={"Authorization": "Bearer s3cret-token-for-the-test"})
    check(status == 200, "with the token: %s" % status, server)
    status, _ = server.request("GET", "/v1/health")
    check(status == 200, "health needs no token", server)
    status, reply = server.request("POST", "/v1/evaluations", {"inline_task": INLINE_MULS, "response": CORRECT},
                                   headers={"Authorization": "Bearer s3cret-token-for-the-test"})
    check(status == 400 and "--trust-inline-tasks" in reply["error"], "inline refused: %s %s" % (status, reply), server)
    server.stop()
    print("serve_end_to_end: ok")
finally:
    shutil.rmtree(SCRATCH, ignore_errors=True)
