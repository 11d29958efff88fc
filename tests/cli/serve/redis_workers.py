"""akgen serve --queue redis://… with `akgen worker`s, against a real redis-server on 127.0.0.1
started here: a worker killed in the middle of a job loses it to no one (another worker judges it
once its lease expires, and it is recorded once), and 200 concurrent requests from bounded client
loops are all answered, none lost, with three workers sharing the queue.

usage: redis_workers.py AKGEN SUITE
"""
import concurrent.futures
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

AKGEN, SUITE = sys.argv[1], sys.argv[2]
SCRATCH = tempfile.mkdtemp(prefix="akgen-redis-test-")
os.chmod(SCRATCH, 0o755)
ANSWER = os.path.join(SUITE, "level1/Math/Muls/answer/0")
processes = []


def fail(message):
    print("redis_workers: " + message)
    for log in sorted(os.listdir(SCRATCH)):
        if log.endswith(".log"):
            print("--- " + log)
            print(open(os.path.join(SCRATCH, log)).read()[-4000:])
    sys.exit(1)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(name, command):
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=open(os.path.join(SCRATCH, name + ".log"), "w"),
                               text=True)
    processes.append(process)
    return process


def read(path):
    return open(os.path.join(ANSWER, path)).read()


def full_response(kernel):
    parts = []
    for path, text in (("op_host/muls_tiling.h", read("op_host/muls_tiling.h")),
                       ("op_host/muls.cpp", read("op_host/muls.cpp")), ("op_kernel/muls.cpp", kernel)):
        parts.append("================== %s ==================\n```cpp\n%s\n```" % (path, text))
    return "\n".join(parts)


KERNEL = read("op_kernel/muls.cpp")
RESPONSES = {
    "pass": full_response(KERNEL),
    "wrong_answer": full_response(KERNEL.replace("Muls(r, a0, value, count);",
                                                 "Muls(r, a0, value, count);\n        Muls(r, r, value, count);")),
    "compile_error": full_response(KERNEL + "\nnot C++\n"),
    "parse_error": "no code today",
}


def call(base, method, path, body=None):
    request = urllib.request.Request(base + path, data=None if body is None else json.dumps(body).encode(),
                                     method=method, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=900) as response:
            text = response.read().decode()
            return response.status, json.loads(text) if text.startswith("{") else text
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read().decode())


def worker(name):
    return start(name, [AKGEN, "worker", "--queue", QUEUE, "--state", os.path.join(SCRATCH, name), "--cache",
                        os.path.join(SCRATCH, "cache"), "--visibility-timeout", "3", "--max-batch", "16"])


try:
    port = free_port()
    redis = start("redis", ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                            "--appendonly", "no", "--dir", SCRATCH])
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.1)
    else:
        fail("redis-server did not start")
    QUEUE = "redis://127.0.0.1:%d/0" % port

    server = start("server", [AKGEN, "serve", "--port", "0", "--queue", QUEUE, "--state", os.path.join(SCRATCH, "server")])
    line = server.stdout.readline()
    match = re.search(r"listening on (http://127\.0\.0\.1:\d+)", line)
    if not match or "judged by akgen worker" not in line:
        fail("the server did not start on the queue: " + line)
    base = match.group(1)

    # A worker killed in the middle of a job: the job stays accepted, and another worker judges it.
    started = time.time()
    first = worker("worker-killed")
    status, job = call(base, "POST", "/v1/evaluations", {"task": "Muls", "response": RESPONSES["pass"]})
    if status != 202:
        fail("not accepted: %s %s" % (status, job))
    deadline = time.time() + 120
    while True:
        status, seen = call(base, "GET", "/v1/evaluations/" + job["id"])
        if seen.get("status") == "running":
            break
        if seen.get("status") == "done" or time.time() > deadline:
            fail("the first worker never held the job in hand: %s" % seen)
        time.sleep(0.02)
    print("redis_workers: the first worker holds the job after %.1f s" % (time.time() - started), flush=True)
    first.send_signal(signal.SIGKILL)
    first.wait()
    workers = [worker("worker-%d" % i) for i in range(3)]
    status, judged = call(base, "GET", "/v1/evaluations/%s?wait=600" % job["id"])
    if status != 200 or judged.get("verdict") != "pass":
        fail("the killed worker's job was not judged by another: %s %s" % (status, judged))
    status, metrics = call(base, "GET", "/metrics")
    if 'akgen_jobs_total{verdict="pass"} 1' not in metrics:
        fail("the job was not recorded exactly once:\n" + metrics)

    print("redis_workers: another worker judged it after %.1f s" % (time.time() - started), flush=True)
    started = time.time()
    # 200 requests from 20 clients, 10 each, every one waited for: all answered, none lost.
    # Most of them are cheap to judge (a cached failed build, no code), so the test stays short.
    kinds = (["pass"] + ["wrong_answer"] + ["compile_error"] * 8 + ["parse_error"] * 10) * 10

    def client(number):
        answers = []
        for kind in kinds[number * 10:(number + 1) * 10]:
            status, result = call(base, "POST", "/v1/evaluations?wait=900", {"task": "Muls", "response": RESPONSES[kind]})
            answers.append((kind, status, result))
        return answers

    with concurrent.futures.ThreadPoolExecutor(max_workers=20) as pool:
        answers = [answer for batch in pool.map(client, range(20)) for answer in batch]
    wrong = [(kind, status, result.get("verdict"), result.get("error")) for kind, status, result in answers
             if status != 200 or result.get("verdict") != kind]
    if len(answers) != 200 or wrong:
        fail("%d answers; %d not as expected, e.g. %s" % (len(answers), len(wrong), wrong[:3]))
    if len({result["id"] for _, _, result in answers}) != 200:
        fail("job ids repeat")
    status, metrics = call(base, "GET", "/metrics")
    totals = dict(re.findall(r'akgen_jobs_total\{verdict="(\w+)"\} (\d+)', metrics))
    expected = {"pass": "11", "wrong_answer": "10", "compile_error": "80", "parse_error": "100"}
    if totals != expected or "akgen_queue_depth 0" not in metrics or "akgen_jobs_running 0" not in metrics:
        fail("metrics %s, expected %s:\n%s" % (totals, expected, metrics))
    judged_by = set()
    for name in ("worker-0", "worker-1", "worker-2"):
        if "judged in" in open(os.path.join(SCRATCH, name + ".log")).read():
            judged_by.add(name)
    print("redis_workers: ok: 200 requests answered in %.1f s (batches judged by %s)" %
          (time.time() - started, ", ".join(sorted(judged_by))))
finally:
    for process in processes:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=120)
        except subprocess.TimeoutExpired:
            process.kill()
    shutil.rmtree(SCRATCH, ignore_errors=True)
