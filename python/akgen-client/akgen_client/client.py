"""HTTP client of `akgen serve`: single, batched and asynchronous evaluations."""
import asyncio
import json
import os
import urllib.error
import urllib.request

DEFAULT_URL = "http://127.0.0.1:8377"


class AkgenError(RuntimeError):
    """The service refused a request (its message names the field and the fix) or could not judge it."""

    def __init__(self, status, message):
        super().__init__("akgen serve answered %s: %s" % (status, message))
        self.status = status


def _token_from_environment():
    token_file = os.environ.get("AKGEN_SERVE_TOKEN_FILE")
    if not token_file:
        return None
    with open(token_file, encoding="utf-8") as handle:
        return handle.readline().strip()


def split_label(label):
    """A `suite:task` label (OpenRLHF's, a dataset column) as (suite, task); builtin when no suite."""
    suite, _, task = label.rpartition(":")
    return (suite or "builtin"), task


class AkgenClient:
    """Talks to one server. `base_url` defaults to $AKGEN_SERVE_URL, else http://127.0.0.1:8377; the
    bearer token to the first line of $AKGEN_SERVE_TOKEN_FILE, when set."""

    def __init__(self, base_url=None, token=None, timeout=3600.0):
        self.base_url = (base_url or os.environ.get("AKGEN_SERVE_URL") or DEFAULT_URL).rstrip("/")
        self.token = token if token is not None else _token_from_environment()
        self.timeout = timeout

    def _call(self, method, path, body=None):
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = "Bearer " + self.token
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base_url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.status, json.loads(response.read().decode())
        except urllib.error.HTTPError as error:
            text = error.read().decode(errors="replace")
            try:
                message = json.loads(text).get("error", text)
            except ValueError:
                message = text
            raise AkgenError(error.code, message) from None

    @staticmethod
    def request(task, response=None, suite="builtin", files=None, **options):
        """The JSON of one request: a task key (or op name), the model's response or the files, and
        options (format, shape_mode, case, extra_cases, reasoning)."""
        body = {"suite": suite, "task": task}
        if files is not None:
            body["files"] = files
        else:
            body["response"] = response if response is not None else ""
        body.update(options)
        return body

    def health(self):
        return self._call("GET", "/v1/health")[1]

    def submit(self, task, response=None, **options):
        """Queues one evaluation; returns its job id."""
        return self._call("POST", "/v1/evaluations", self.request(task, response, **options))[1]["id"]

    def result(self, job_id, wait=None):
        """The job's result, or {"id", "status"} while it is queued or running after `wait` seconds."""
        wait = self.timeout if wait is None else wait
        return self._call("GET", "/v1/evaluations/%s?wait=%g" % (job_id, wait))[1]

    def evaluate(self, task, response=None, **options):
        """Judges one candidate and returns its result (verdict, reward, cases, feedback, ...)."""
        status, result = self._call("POST", "/v1/evaluations?wait=%g" % self.timeout,
                                    self.request(task, response, **options))
        while result.get("status") in ("queued", "running"):
            result = self.result(result["id"])
        return result

    def submit_batch(self, requests):
        """Queues many requests (each made by `request`) at once; returns their job ids in order."""
        results = self._call("POST", "/v1/evaluations:batch", {"requests": list(requests)})[1]["results"]
        return [result["id"] for result in results]

    def evaluate_batch(self, requests):
        """Judges many requests together and returns their results in order."""
        results = self._call("POST", "/v1/evaluations:batch?wait=%g" % self.timeout,
                             {"requests": list(requests)})[1]["results"]
        return [self.result(r["id"]) if r.get("status") in ("queued", "running") else r for r in results]

    async def evaluate_batch_async(self, requests):
        """`evaluate_batch` without blocking the event loop: rollouts may go on meanwhile."""
        return await asyncio.to_thread(self.evaluate_batch, list(requests))
