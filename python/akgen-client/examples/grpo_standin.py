"""A stand-in for a GRPO trainer: each step samples a group of responses per prompt, scores them
through one of the trainer adapters of akgen_client (veRL's compute_score and compute_score_batch,
TRL's reward function, OpenRLHF's remote reward route) and turns the rewards into group-relative
advantages. The "policy" draws from a fixed pool per task: the task's answer written as a model
would answer, the answer broken so it does not compile, text with no code and, for Muls, a kernel
that computes the wrong values.

usage: grpo_standin.py --url URL --suite SUITE_DIR [--steps N]
Exits 1 when an adapter's rewards disagree with the others' or do not rank the pool as expected.
"""
import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import urllib.request

from akgen_client import AkgenClient
from akgen_client import verl
from akgen_client.trl import AkgenReward

TASKS = ["level1/Math/Muls", "level1/Math/Sqrt"]
GROUP = 4


def full_response(answer_dir, kernel_edit=None):
    """The answer in the full format a model is asked for: each file under its header, fenced."""
    parts = ["Here is the implementation."]
    for folder in ("op_host", "op_kernel"):
        for name in sorted(os.listdir(os.path.join(answer_dir, folder))):
            text = open(os.path.join(answer_dir, folder, name)).read()
            if folder == "op_kernel" and kernel_edit:
                text = kernel_edit(text)
            parts.append("================== %s/%s ==================\n```cpp\n%s\n```" % (folder, name, text))
    return "\n".join(parts)


def pool(suite, task):
    answer = os.path.join(suite, task, "answer", "0")
    responses = {
        "correct": full_response(answer),
        "broken": full_response(answer, lambda text: text + "\nthis line does not compile\n"),
        "no_code": "I would split the tensor over the vector cores.",
    }
    if task.endswith("Muls"):
        responses["wrong"] = full_response(
            answer, lambda text: text.replace("Muls(r, a0, value, count);",
                                              "Muls(r, a0, value, count);\n        Muls(r, r, value, count);"))
    return responses


def advantages(rewards):
    mean = statistics.mean(rewards)
    spread = statistics.pstdev(rewards) or 1.0
    return [(r - mean) / spread for r in rewards]


def score_with(adapter, url, batch):
    """Rewards of [(task, response)] through one adapter."""
    if adapter == "verl":
        return [verl.compute_score("akgen", response, "builtin:" + task)["score"] for task, response in batch]
    if adapter == "verl_batch":
        scores = verl.compute_score_batch(["akgen"] * len(batch), [r for _, r in batch], [t for t, _ in batch], None)
        return [score["score"] for score in scores]
    if adapter == "trl":
        reward = AkgenReward(url)
        completions = [[{"role": "assistant", "content": response}] for _, response in batch]
        return reward(prompts=["Write the kernel."] * len(batch), completions=completions, task=[t for t, _ in batch])
    if adapter == "openrlhf":
        prompt = "Write the kernel.\n"
        body = {"query": [prompt + r for _, r in batch], "prompts": [prompt] * len(batch),
                "labels": ["builtin:" + t for t, _ in batch]}
        request = urllib.request.Request(url + "/v1/openrlhf", data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=3600) as response:
            return json.loads(response.read())["rewards"]
    if adapter == "async":
        client = AkgenClient(url)
        results = asyncio.run(client.evaluate_batch_async([AkgenClient.request(t, r) for t, r in batch]))
        return [result["reward"] for result in results]
    raise ValueError(adapter)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--suite", required=True)
    parser.add_argument("--steps", type=int, default=1)
    args = parser.parse_args()
    os.environ["AKGEN_SERVE_URL"] = args.url
    pools = {task: pool(args.suite, task) for task in TASKS}
    rng = random.Random(0)
    reward_of = {}  # (task, kind) -> reward, which every adapter must agree on
    failures = []
    for step in range(args.steps):
        for adapter in ("verl", "verl_batch", "trl", "openrlhf", "async"):
            groups = []
            for task in TASKS:
                kinds = list(pools[task])
                rng.shuffle(kinds)
                groups.append([(task, kinds[i % len(kinds)]) for i in range(GROUP)])
            batch = [(task, pools[task][kind]) for group in groups for task, kind in group]
            rewards = score_with(adapter, args.url, batch)
            for g, group in enumerate(groups):
                group_rewards = rewards[g * GROUP:(g + 1) * GROUP]
                for (task, kind), reward, advantage in zip(group, group_rewards, advantages(group_rewards)):
                    print("step %d %-10s %-18s %-8s reward %+.3f advantage %+.2f" %
                          (step, adapter, task, kind, reward, advantage))
                    known = reward_of.setdefault((task, kind), reward)
                    if abs(known - reward) > 1e-9:
                        failures.append("%s gave %s/%s %.4f, another adapter %.4f" % (adapter, task, kind, reward, known))
    for task in TASKS:
        correct = reward_of.get((task, "correct"))
        others = [reward_of[(task, kind)] for kind in pools[task] if kind != "correct" and (task, kind) in reward_of]
        if correct is None or not others or not all(correct > other for other in others):
            failures.append("%s: the correct response does not outrank the others (%s)" %
                            (task, {kind: reward_of.get((task, kind)) for kind in pools[task]}))
    for failure in failures:
        print("grpo_standin: " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
