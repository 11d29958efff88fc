#!/usr/bin/env python3
"""Evaluations per core-hour through `akgen serve` beside `akgen eval`, on one corpus, in one run.

usage: scripts/bench-service.py [AKGEN] [--jobs N] [--workers W] [--dir DIR]

The corpus is the built-in suite's answers, each written out as a model's response in the full
answer format (the request a trainer sends) and as a samples tree (what `akgen eval` reads). Every
mode judges all of them in dynamic mode with one extra case per task, speedups over eager, from a
cache whose goldens are warm and whose builds are cold, as a new candidate for a known task costs:

  eval      akgen eval --solutions SAMPLES --jobs N
  serve     akgen serve --jobs N, one /v1/evaluations:batch request holding every response
  redis     akgen serve --queue redis://… with W akgen workers of N/W jobs each, the same request

Evaluations per core-hour = candidates / (wall seconds x N / 3600). Each task's verdict must be the
same in every mode; a difference fails the command. Needs redis-server.
"""
import argparse
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
import urllib.request

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUITE = os.path.join(REPO, "suite")


def corpus():
    """(task key, answer folder) of every built-in task with a full answer."""
    tasks = []
    for root, dirs, _ in os.walk(SUITE):
        if os.path.basename(root) == "0" and os.path.basename(os.path.dirname(root)) == "answer":
            if os.path.isdir(os.path.join(root, "op_host")) and os.path.isdir(os.path.join(root, "op_kernel")):
                key = os.path.relpath(os.path.dirname(os.path.dirname(root)), SUITE)
                tasks.append((key, root))
    return sorted(tasks)


def response(answer):
    parts = ["Here is the implementation."]
    for folder in ("op_host", "op_kernel"):
        for name in sorted(os.listdir(os.path.join(answer, folder))):
            text = open(os.path.join(answer, folder, name)).read()
            parts.append("================== %s/%s ==================\n```cpp\n%s\n```" % (folder, name, text))
    return "\n".join(parts)


def forget_candidates(cache):
    """Keeps what belongs to the tasks (goldens, bindings, reference times), drops the builds."""
    for entry in os.listdir(cache):
        if entry not in ("golden", "reference-timing", ".users"):
            shutil.rmtree(os.path.join(cache, entry), ignore_errors=True)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(command, log):
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=open(log, "w"), text=True)


def stop(*processes):
    for process in processes:
        process.send_signal(signal.SIGTERM)
    for process in processes:
        process.wait(timeout=600)


def post_batch(base, tasks):
    body = {"requests": [{"task": key, "response": response(answer)} for key, answer in tasks]}
    request = urllib.request.Request(base + "/v1/evaluations:batch?wait=3600", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=4000) as reply:
        results = json.loads(reply.read())["results"]
    return {result["task"]: result["verdict"] for result in results}


def serve(akgen, work, cache, jobs, extra, log):
    server = start([akgen, "serve", "--port", "0", "--cache", cache, "--jobs", str(jobs), "--state",
                    os.path.join(work, "state-" + os.path.basename(log))] + extra, log)
    line = server.stdout.readline()
    match = re.search(r"listening on (http://[\d.:]+)", line)
    if not match:
        sys.exit("bench-service: akgen serve did not start: " + line + open(log).read())
    return server, match.group(1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("akgen", nargs="?", default=os.path.join(REPO, "build", "bin", "akgen"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--dir", default=None, help="keep the runs here (default: a temporary folder)")
    args = parser.parse_args()
    akgen = os.path.abspath(args.akgen)
    work = args.dir or tempfile.mkdtemp(prefix="akgen-bench-service-", dir="/var/tmp")
    os.makedirs(work, exist_ok=True)
    os.chmod(work, 0o755)
    cache = os.path.join(work, "cache")
    tasks = corpus()
    samples = os.path.join(work, "samples")
    for key, answer in tasks:
        sample = os.path.join(samples, key, "sample0")
        shutil.rmtree(sample, ignore_errors=True)
        shutil.copytree(answer, sample)
    common = ["--shape-mode", "dynamic", "--extra-cases", "1", "--no-reference-times"]

    print("bench-service: %d candidates; computing the goldens once ..." % len(tasks), file=sys.stderr)
    subprocess.run([akgen, "eval", "builtin", "--solutions", samples, "--cache", cache, "--jobs", str(args.jobs),
                    "--out", os.path.join(work, "warm-up")] + common, check=True, stdout=subprocess.DEVNULL)
    walls, verdicts = {}, {}

    forget_candidates(cache)
    out = os.path.join(work, "eval")
    shutil.rmtree(out, ignore_errors=True)
    started = time.time()
    subprocess.run([akgen, "eval", "builtin", "--solutions", samples, "--cache", cache, "--jobs", str(args.jobs),
                    "--out", out] + common, check=True, stdout=subprocess.DEVNULL)
    walls["eval"] = time.time() - started
    by_task = {}
    for line in open(os.path.join(out, "results.jsonl")):
        record = json.loads(line)
        by_task.setdefault(record["task"], []).append(record["verdict"])
    order = ["parse_error", "compile_error", "tiling_error", "sim_error", "crash", "timeout", "wrong_answer", "pass"]
    verdicts["eval"] = {task: min(v, key=order.index) for task, v in by_task.items()}

    forget_candidates(cache)
    server, base = serve(akgen, work, cache, args.jobs, [], os.path.join(work, "serve.log"))
    started = time.time()
    verdicts["serve"] = post_batch(base, tasks)
    walls["serve"] = time.time() - started
    stop(server)

    forget_candidates(cache)
    port = free_port()
    redis = start(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                   "--dir", work], os.path.join(work, "redis.log"))
    time.sleep(0.5)
    queue = "redis://127.0.0.1:%d/0" % port
    server, base = serve(akgen, work, cache, args.jobs, ["--queue", queue], os.path.join(work, "redis-serve.log"))
    per_worker = max(1, args.jobs // args.workers)
    workers = [start([akgen, "worker", "--queue", queue, "--cache", cache, "--jobs", str(per_worker), "--state",
                      os.path.join(work, "worker-%d" % i)], os.path.join(work, "worker-%d.log" % i))
               for i in range(args.workers)]
    started = time.time()
    verdicts["redis"] = post_batch(base, tasks)
    walls["redis"] = time.time() - started
    stop(server, *workers, redis)

    cores = {"eval": args.jobs, "serve": args.jobs, "redis": per_worker * args.workers}
    print("%d built-in answers as new candidates (goldens warm, builds cold), dynamic mode, 1 extra case" % len(tasks))
    print("%-6s %9s %8s %22s %10s" % ("mode", "wall s", "cores", "evaluations/core-hour", "vs eval"))
    rate = {mode: len(tasks) / (walls[mode] * cores[mode] / 3600) for mode in walls}
    for mode in ("eval", "serve", "redis"):
        print("%-6s %9.1f %8d %22.0f %9.2fx" % (mode, walls[mode], cores[mode], rate[mode], rate[mode] / rate["eval"]))
    differ = [(task, {mode: verdicts[mode].get(task) for mode in verdicts}) for task, _ in tasks
              if len({verdicts[mode].get(task) for mode in verdicts}) != 1]
    if differ:
        print("bench-service: verdicts differ between the modes: %s" % differ[:5])
        return 1
    print("verdicts: the same in every mode (%s)" % ", ".join(
        "%s %d" % (v, list(verdicts["eval"].values()).count(v)) for v in sorted(set(verdicts["eval"].values()))))
    if not args.dir:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
