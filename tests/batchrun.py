"""Run several ``python -c CODE`` scripts one after another in ONE child process, each with its
own stdout and stderr (files, not a terminal, as with ``capture_output``) and stdin from
/dev/null, and its exit code worked out as the interpreter does for ``-c`` (SystemExit's code,
or a traceback and 1). Starting a Python that imports typer, pydantic and a game costs ~0.14 s of
CPU; a script run in the warm process ~0.01 s.

Only for scripts whose answer does not depend on a fresh process: modules imported by one script
stay imported for the next. Tests use it for the reference side of a comparison (what typer
prints), and keep a real process for the side under test (which modules it imports, its
streams' encoding set at start-up, its exit code as the installed script)."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

CHILD = r"""
import json, os, sys, traceback
_jobs = json.loads(sys.stdin.read())
_saved = {fd: os.dup(fd) for fd in (0, 1, 2)}
_codes = []
for _job in _jobs:
    sys.stdout.flush()
    sys.stderr.flush()
    os.environ.clear()
    os.environ.update(_job["env"])
    sys.argv = ["-c"]
    for _fd, _path, _flags in ((0, os.devnull, os.O_RDONLY), (1, _job["out"], os.O_WRONLY | os.O_CREAT),
                               (2, _job["err"], os.O_WRONLY | os.O_CREAT)):
        _opened = os.open(_path, _flags)
        os.dup2(_opened, _fd)
        os.close(_opened)
    try:
        exec(compile(_job["code"], "<string>", "exec"), {"__name__": "__main__", "__builtins__": __builtins__})
        _code = 0
    except SystemExit as _exit:
        if _exit.code is None or isinstance(_exit.code, int):
            _code = _exit.code or 0
        else:
            print(_exit.code, file=sys.stderr)
            _code = 1
    except BaseException:
        traceback.print_exc()
        _code = 1
    sys.stdout.flush()
    sys.stderr.flush()
    for _fd, _copy in _saved.items():
        os.dup2(_copy, _fd)
    _codes.append(_code)
print(json.dumps(_codes))
"""


def run_each(codes: list[str], cwd: Path | str | None = None, env: dict[str, str] | None = None,
             envs: list[dict[str, str]] | None = None) -> list[tuple[int, bytes, bytes]]:
    """(exit code, stdout, stderr) of each ``python -c CODE``, run in turn in one process started
    in ``cwd`` with ``env``; ``envs`` gives each script its own os.environ (read at run time,
    e.g. COLUMNS), else each sees ``env``."""
    import os

    start_env = dict(os.environ if env is None else env)
    envs = envs or [start_env] * len(codes)
    with tempfile.TemporaryDirectory(prefix="batchrun-") as tmp:
        jobs = [{"code": code, "env": job_env, "out": f"{tmp}/{i}.out", "err": f"{tmp}/{i}.err"}
                for i, (code, job_env) in enumerate(zip(codes, envs, strict=True))]
        p = subprocess.run([sys.executable, "-c", CHILD], input=json.dumps(jobs), capture_output=True, text=True,
                           cwd=cwd, env=start_env, timeout=300)
        assert p.returncode == 0 and p.stdout, p.stderr
        exits = json.loads(p.stdout.splitlines()[-1])
        return [(code, Path(job["out"]).read_bytes(), Path(job["err"]).read_bytes())
                for code, job in zip(exits, jobs, strict=True)]
