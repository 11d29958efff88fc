"""Runs akgen_oracle modules as `python3 -m MODULE ARGS...` would, in children forked from one
interpreter that imported torch once (importing it costs seconds; a fork, milliseconds).

    python3 -m akgen_oracle.fork_server DIR  (the harness talks to it on fd 3, a stream socket)

Each request is one JSON line: {"module", "argv", "cwd", "stdout", "stderr", "timeout"}. The server
answers {"pid": P} when the child starts and {"exit_code": N | null, "signal": S | null,
"timed_out": bool} when it is over. The child gets a fresh process group, /dev/null as stdin and the
two files as stdout and stderr; it runs the module as __main__ and exits as the interpreter would
(SystemExit's code, 1 after an uncaught exception, atexit functions run). At the timeout, or when
the harness goes away, the child's whole group is killed; when the harness closes the socket (or
dies), the server removes DIR, the folder of its log and the runs' output files, and exits.
Nothing a run does reaches the next one: each run is its own process, forked from a server that
only imported torch, numpy and torch.utils.cpp_extension (which every step that loads a task's
binding imports for its compiler flags: about a second each time, mostly compiling regular
expressions, where the step itself takes a few hundredths).
"""
import atexit
import json
import os
import runpy
import select
import shutil
import signal
import socket
import sys
import time

try:  # a missing torch is reported by each run, as it would be without the server
    import warnings

    import numpy  # noqa: F401
    import torch  # noqa: F401
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import torch.utils.cpp_extension  # noqa: F401 (it warns about CUDA on import)
except ImportError:
    pass

PROTOCOL_FD = 3


def _exit_code(code):
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1


def _run_child(request, channel):
    os.setpgid(0, 0)
    os.close(channel.detach())
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    for fd, path in ((1, request["stdout"]), (2, request["stderr"])):
        os.dup2(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), fd)
    code = 1
    try:
        os.chdir(request["cwd"])
        sys.argv = [request["module"], *request["argv"]]
        runpy.run_module(request["module"], run_name="__main__", alter_sys=True)
        code = 0
    except SystemExit as stop:
        code = _exit_code(stop.code)
    except BaseException:  # noqa: B902 - the interpreter reports every uncaught exception this way
        sys.excepthook(*sys.exc_info())
    try:
        atexit._run_exitfuncs()
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code)


def _kill_group(pid):
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _wait(pid, timeout, channel):
    """The child's wait status and whether it timed out; the child's group is gone afterwards. A
    closed channel (the harness died) kills the child and raises HarnessGone."""
    child = os.pidfd_open(pid)
    deadline = time.monotonic() + timeout
    try:
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                _kill_group(pid)
                return os.waitpid(pid, 0)[1], True
            ready, _, _ = select.select([child, channel], [], [], remaining)
            if child in ready:
                status = os.waitpid(pid, 0)[1]
                _kill_group(pid)  # what it left behind
                return status, False
            if channel in ready and not channel.recv(1, socket.MSG_PEEK):
                _kill_group(pid)
                os.waitpid(pid, 0)
                raise HarnessGone()
    finally:
        os.close(child)


class HarnessGone(Exception):
    pass


def _send(channel, message):
    channel.sendall((json.dumps(message) + "\n").encode())


def main():
    channel = socket.socket(fileno=PROTOCOL_FD)
    try:
        _serve(channel)
    except (HarnessGone, ConnectionError):
        pass
    shutil.rmtree(sys.argv[1], ignore_errors=True)


def _serve(channel):
    requests = channel.makefile("r", encoding="utf-8")
    _send(channel, {"ready": True})
    for line in requests:
        request = json.loads(line)
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            _run_child(request, channel)
        _send(channel, {"pid": pid})
        status, timed_out = _wait(pid, float(request["timeout"]), channel)
        _send(channel, {
            "exit_code": os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,
            "signal": os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
            "timed_out": timed_out,
        })


if __name__ == "__main__":
    main()
