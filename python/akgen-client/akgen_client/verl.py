"""veRL reward functions. In the trainer's config:

    custom_reward_function:
      path: <site-packages>/akgen_client/verl.py   # or any file that imports it
      name: compute_score

Each sample's `ground_truth` (the dataset's reward_model.ground_truth) is its task, `suite:task` or a
key of the built-in suite; the server is $AKGEN_SERVE_URL (default http://127.0.0.1:8377).
`compute_score_batch` serves veRL's batch reward manager, judging a whole batch in one request.
"""
from .client import AkgenClient, split_label

_CLIENT = None


def _client():
    global _CLIENT
    if _CLIENT is None:
        _CLIENT = AkgenClient()
    return _CLIENT


def _score(result):
    return {"score": result["reward"], "verdict": result["verdict"], "correct": float(result["correct"]),
            "speedup": result["reward_terms"]["speedup"] or 0.0}


def _request(solution_str, ground_truth, extra_info):
    suite, task = split_label(ground_truth)
    options = dict((extra_info or {}).get("akgen", {}))  # e.g. {"shape_mode": "static", "case": 0}
    return AkgenClient.request(task, solution_str, suite=suite, **options)


def compute_score(data_source, solution_str, ground_truth, extra_info=None):
    """The reward of one response, with its verdict, correctness and speedup for veRL's logs."""
    return _score(_client().evaluate_batch([_request(solution_str, ground_truth, extra_info)])[0])


def compute_score_batch(data_sources, solution_strs, ground_truths, extra_infos):
    """The rewards of a batch of responses, judged together."""
    extra_infos = extra_infos or [None] * len(solution_strs)
    requests = [_request(s, g, e) for s, g, e in zip(solution_strs, ground_truths, extra_infos)]
    return [_score(result) for result in _client().evaluate_batch(requests)]
