"""What `import wizardrules` costs, against `import attrs` (its one dependency), in fresh processes.

Run: python benchmarks/bench_import.py [--json] [--runs N] [--top K] [--baseline SRC]

Each figure is the cumulative import time that `python -X importtime` reports for the
module, the best of N fresh interpreters (bytecode cached: each run imports what the runs
before it compiled). The ratio `wizardrules / attrs` is the figure to quote: both are measured in
the same run, on the same busy machine. `--top K` lists the K modules with the most time of
their own (the best run's). `--baseline SRC` measures a second source tree the same way,
interleaved run by run.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Sequence

from _report import report


def _times(module: str, src: str | None) -> dict[str, tuple[int, int]]:
    """Per module imported by `import module` in a fresh interpreter: (self, cumulative) microseconds."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # bytecode cached, as an installed package has it
    if src is not None:
        env["PYTHONPATH"] = src
    done = subprocess.run(  # noqa: S603 - this interpreter, with the benchmark's own code
        [sys.executable, "-X", "importtime", "-c", f"import {module}"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    times: dict[str, tuple[int, int]] = {}
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line or "self [us]" in line:
            continue
        own, total, name = line.removeprefix("import time:").split("|")
        times[name.strip()] = (int(own), int(total))
    return times


def measure(runs: int, src: str | None) -> dict[str, object]:
    """The best cumulative times of attrs and wizardrules over `runs` fresh processes each, taken in turns."""
    _times("wizardrules", src)  # compile the bytecode once
    best: dict[str, tuple[int, dict[str, tuple[int, int]]]] = {}
    for _ in range(runs):
        for module in ("attrs", "wizardrules"):
            times = _times(module, src)
            if module not in best or times[module][1] < best[module][0]:
                best[module] = (times[module][1], times)
    attrs_us = best["attrs"][0]
    ours_us, times = best["wizardrules"]
    return {
        "import attrs (ms)": round(attrs_us / 1000, 1),
        "import wizardrules (ms)": round(ours_us / 1000, 1),
        "wizardrules / attrs": round(ours_us / attrs_us, 2),
        "_times": times,
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--runs", type=int, default=21, help="fresh processes per figure (the best is kept)")
    parser.add_argument("--top", type=int, default=0, help="list the modules with the most time of their own")
    parser.add_argument("--baseline", help="a second source tree to measure the same way")
    args = parser.parse_args(argv)
    results = measure(args.runs, None)
    times = results.pop("_times")
    if args.baseline:
        base = measure(args.runs, args.baseline)
        base.pop("_times")
        results.update({f"baseline: {name}": value for name, value in base.items()})
    if args.top:
        assert isinstance(times, dict)  # noqa: S101 - measure's own figures
        own = sorted(times.items(), key=lambda item: -item[1][0])[: args.top]
        results.update({f"own time of {name} (ms)": round(us / 1000, 1) for name, (us, _total) in own})
    report(results, as_json=args.json)


if __name__ == "__main__":
    main()
