#!/usr/bin/env python3
"""The Python package's speed, measured beside the command in one run (a benchmark, not a
test; the README keeps its figures):

* random play of whole deals through ``doko.Game`` from Python, one action per call
  (``legal_actions``, ``apply``), on one core: deals per second, per profile;
* ``doko.summary`` of a generated archive against ``doko score --summary --format json`` of
  the same file (``--jobs`` alike), the runs taking turns: the median times and their
  ratio, and whether both give the same document.

Usage: benches/python.py [DEALS] [RUNS]   (default 1,000,000 deals, 5 runs each)
Needs the package installed (``pip install ./python``) and ``cargo build --release``.
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import doko

ROOT = Path(__file__).resolve().parents[1]
CLI = str(ROOT / "target" / "release" / "doko")


def play(variant: str, seconds: float = 5.0) -> float:
    rnd = random.Random(1)
    start = time.perf_counter()
    n = 0
    while time.perf_counter() - start < seconds:
        game = doko.Game(variant, seed=n, dealer=n % 4)
        while not game.is_over():
            game.apply(rnd.choice(game.legal_actions()))
        game.returns()
        n += 1
    return n / (time.perf_counter() - start)


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    print("random play through doko.Game, one action per call, one core:")
    for variant in ["ddv", "ja-online", "ja-wiki", "kloepper"]:
        print(f"  {variant:10} {play(variant):>8,.0f} deals/s")
    with tempfile.TemporaryDirectory() as tmp:
        archive = Path(tmp) / "deals.csv"
        with archive.open("w") as out:
            subprocess.run(
                [CLI, "generate", "--deals", str(deals), "--seed", "1", "--format", "csv", "--quiet"],
                stdout=out,
                check=True,
            )
        cli_times, py_times = [], []
        cli_doc = py_doc = None
        for _ in range(runs):
            t = time.perf_counter()
            done = subprocess.run(
                [CLI, "score", str(archive), "--summary", "--format", "json", "--quiet"],
                capture_output=True,
                text=True,
                check=True,
            )
            cli_times.append(time.perf_counter() - t)
            cli_doc = json.loads(done.stdout)
            t = time.perf_counter()
            py_doc = doko.summary(archive)
            py_times.append(time.perf_counter() - t)
        cli_m, py_m = statistics.median(cli_times), statistics.median(py_times)
        print(f"summary of {deals:,} generated deals (medians of {runs}, taking turns):")
        print(f"  doko score --summary  {cli_m:6.2f} s  ({deals / cli_m:,.0f} deals/s)")
        print(f"  doko.summary          {py_m:6.2f} s  ({deals / py_m:,.0f} deals/s)")
        print(f"  ratio                 {py_m / cli_m:6.2f}x   same document: {py_doc == cli_doc}")


if __name__ == "__main__":
    main()
