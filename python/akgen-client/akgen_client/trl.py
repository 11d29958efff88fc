"""A TRL GRPO reward function:

    from akgen_client.trl import AkgenReward
    trainer = GRPOTrainer(..., reward_funcs=[AkgenReward()], train_dataset=dataset)

The dataset needs a `task` column (`suite:task`, or a key of the built-in suite). Completions may be
plain text or conversations (the last message's content is the response). A batch of completions is
judged in one request.
"""
from .client import AkgenClient, split_label


def _text(completion):
    if isinstance(completion, str):
        return completion
    return completion[-1]["content"]  # conversational: [{"role": "assistant", "content": ...}]


class AkgenReward:
    __name__ = "akgen_reward"  # TRL logs a reward function under its name

    def __init__(self, base_url=None, token=None, task_column="task", **options):
        self.client = AkgenClient(base_url, token)
        self.task_column = task_column
        self.options = options  # request options for every completion, e.g. extra_cases=2
        self.last_results = []

    def __call__(self, prompts, completions, **columns):
        tasks = columns.get(self.task_column)
        if tasks is None:
            raise ValueError("AkgenReward needs the dataset column %r naming each prompt's task" % self.task_column)
        requests = []
        for completion, label in zip(completions, tasks):
            suite, task = split_label(label)
            requests.append(AkgenClient.request(task, _text(completion), suite=suite, **self.options))
        self.last_results = self.client.evaluate_batch(requests)
        return [float(result["reward"]) for result in self.last_results]
