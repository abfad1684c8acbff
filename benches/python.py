#!/usr/bin/env python3
"""The Python package's speed, measured beside the command in one run (a benchmark, not a
test; the README keeps its figures):

* random play of whole deals through ``doko.Game`` from Python, one action per call
  (``legal_actions``, ``apply``), on one core: deals per second, per profile;
* the PettingZoo loop (``agent_iter``, ``last`` with the observation vector and the action
  mask, ``step``) of ``doko.raw_env()`` and of the wrapped ``doko.env()``, in steps a second
  beside the bare ``Game``'s random play in the same run (issue 53 asks at least 0.3x of
  the raw env), ``doko.VecGame`` (256 deals a call, observations and masks read each
  step), and OpenSpiel's skat through the same loop shape where ``pyspiel`` is installed;
* ``doko.iter_scores`` of the archive (its peak memory in a process of its own) and
  ``doko.score_arrow`` of the same archive as a pyarrow table read beforehand (and with the
  read), against ``doko score --format csv`` on one thread and on every core;
* ``doko.summary`` of a generated archive against ``doko score --summary --format json`` of
  the same file (``--jobs`` alike), the runs taking turns: the median times and their
  ratio, and whether both give the same document.

Usage: benches/python.py [DEALS] [RUNS]   (default 1,000,000 deals, 5 runs each)
       benches/python.py vec             (VecGame against a Python loop over 256 Games,
                                          with observations, alone)
Needs the package installed (``pip install ./python``) and ``cargo build --profile fast``
(or ``--release``).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Optional

import doko

ROOT = Path(__file__).resolve().parents[1]
# The fastest build where it is there (`cargo build --profile fast`), else the release one.
CLI = str(next((p for p in (ROOT / "target" / "fast" / "doko", ROOT / "target" / "release" / "doko") if p.exists()),
               ROOT / "target" / "release" / "doko"))


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


def bare_steps(variant: str, seconds: float = 5.0) -> float:
    """Steps a second of random play through ``doko.Game`` (``legal_actions``, ``apply``)."""
    rnd = random.Random(1)
    start = time.perf_counter()
    n = steps = 0
    while time.perf_counter() - start < seconds:
        game = doko.Game(variant, seed=n, dealer=n % 4)
        while not game.is_over():
            game.apply(rnd.choice(game.legal_actions()))
            steps += 1
        n += 1
    return steps / (time.perf_counter() - start)


def env_steps(variant: str, wrapped: bool, seconds: float = 5.0) -> float:
    """Steps a second of random play through the PettingZoo loop: each step reads the
    observation and the mask (``env.last()``) and picks among the legal ids."""
    import numpy as np

    rnd = np.random.default_rng(1)
    env = doko.env(variant) if wrapped else doko.raw_env(variant)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset()
        for _ in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[rnd.integers(len(legal))]))
            steps += 1
    return steps / (time.perf_counter() - start)


def vec_steps(variant: str, n: int = 256, seconds: float = 5.0) -> float:
    """Steps a second (deals times calls) of random play through ``doko.VecGame``: each
    call reads every observation and mask, and picks a legal action per deal at random."""
    import numpy as np

    rng = np.random.default_rng(1)
    vec = doko.VecGame(variant, n, 1)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        vec.observations()
        masks = vec.masks()
        scores = rng.random(masks.shape) * masks
        vec.step(scores.argmax(axis=1))
        steps += n
    return steps / (time.perf_counter() - start)


def loop_steps(variant: str, n: int = 256, seconds: float = 5.0) -> float:
    """Steps a second of random play through a Python loop over ``n`` ``doko.Game``s, each
    step reading the observation vector of the seat to act (what ``VecGame`` is measured
    against: issue 68 asks at least 2x)."""
    rnd = random.Random(1)
    games = [doko.Game(variant, seed=i) for i in range(n)]
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for i, g in enumerate(games):
            if g.is_over():
                games[i] = g = doko.Game(variant, seed=i + n + steps)
            g.observation_vector(g.current_player)
            g.apply(rnd.choice(g.legal_actions()))
        steps += n
    return steps / (time.perf_counter() - start)


def vec_against_loop(variant: str = "ddv", runs: int = 3) -> None:
    """``VecGame`` of 256 deals against the Python loop over 256 games, both with
    observations, taking turns: each one's median of ``runs`` and their ratio."""
    loops, vecs = [], []
    for _ in range(runs):
        loops.append(loop_steps(variant))
        vecs.append(vec_steps(variant))
    loop, vec = statistics.median(loops), statistics.median(vecs)
    print(f"256 deals with observations, {variant}, one core (medians of {runs}):")
    print(f"  Python loop over 256 Games    {loop:>10,.0f} steps/s")
    print(f"  VecGame, 256 deals a call     {vec:>10,.0f} steps/s  {vec / loop:.2f}x")


def openspiel_steps(game_name: str, seconds: float = 5.0, observe: bool = True) -> Optional[float]:
    """Steps a second of random play of an OpenSpiel game (the observation tensor read each
    step where ``observe``), where ``pyspiel`` is installed. Chance nodes (the deal) are
    played but not counted: player steps only."""
    try:
        import pyspiel  # noqa: PLC0415
    except ImportError:
        return None
    rnd = random.Random(1)
    game = pyspiel.load_game(game_name)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rnd.choice(outcomes)[0])
                continue
            if observe:
                state.observation_tensor(state.current_player())
            state.apply_action(rnd.choice(state.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)


def iter_scores_beside_the_command(archive: Path, deals: int, runs: int) -> None:
    """``doko.iter_scores`` and ``doko.score_arrow`` of the archive (each in a process of
    its own: its peak memory is its own) against ``doko score --format csv`` on one thread
    and on every core, taking turns."""
    # The peak as the kernel keeps it for this program (VmHWM): `ru_maxrss` keeps the
    # peak of the process before `exec` (this benchmark's, with all it loaded).
    peak_fn = (
        "def peak():\n"
        "    for line in open('/proc/self/status'):\n"
        "        if line.startswith('VmHWM:'):\n"
        "            return int(line.split()[1])\n"
        "    import resource\n"
        "    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
    )
    probes = {
        "iter": (
            "import resource, sys, time, doko\n"
            "t = time.perf_counter(); n = sum(1 for _ in doko.iter_scores(sys.argv[1]))\n"
            "print(n, time.perf_counter() - t, peak())\n"
        ),
        "arrow": (
            "import resource, sys, time, doko, pyarrow.csv as pcsv\n"
            "table = pcsv.read_csv(sys.argv[1])\n"
            "t = time.perf_counter(); n = sum(b.num_rows for b in doko.score_arrow(table, jobs=int(sys.argv[2])))\n"
            "print(n, time.perf_counter() - t, peak())\n"
        ),
        "arrow+read": (
            "import resource, sys, time, doko, pyarrow.csv as pcsv\n"
            "t = time.perf_counter(); table = pcsv.read_csv(sys.argv[1])\n"
            "n = sum(b.num_rows for b in doko.score_arrow(table, jobs=int(sys.argv[2])))\n"
            "print(n, time.perf_counter() - t, peak())\n"
        ),
    }
    probes = {name: peak_fn + probe for name, probe in probes.items()}
    try:
        import pyarrow  # noqa: F401, PLC0415
    except ImportError:
        print("score_arrow: pyarrow is not installed")
        del probes["arrow"], probes["arrow+read"]
    cores = str(os.cpu_count() or 1)
    times: Dict[str, List[float]] = {}
    peaks: Dict[str, int] = {}
    for _ in range(runs):
        for name, probe in probes.items():
            for jobs in ("1", cores) if name != "iter" else ("1",):
                key = f"{name} jobs={jobs}"
                out = subprocess.run([sys.executable, "-c", probe, str(archive), jobs], capture_output=True, text=True, check=True)
                n, secs, kb = out.stdout.split()
                assert int(n) == deals
                times.setdefault(key, []).append(float(secs))
                peaks[key] = max(peaks.get(key, 0), int(kb))
        for jobs in ("1", cores):
            args = [CLI, "score", str(archive), "--format", "csv", "--jobs", jobs]
            t = time.perf_counter()
            subprocess.run(args, stdout=subprocess.DEVNULL, check=True)
            times.setdefault(f"cli jobs={jobs}", []).append(time.perf_counter() - t)
    med = {k: statistics.median(v) for k, v in times.items()}
    one, every = med["cli jobs=1"], med[f"cli jobs={cores}"]
    print(f"per-deal results of {deals:,} deals (medians of {runs}, taking turns):")
    print(f"  doko score --format csv       {one:6.2f} s on one thread, {every:6.2f} s on {cores} cores")
    for key, m in med.items():
        if key.startswith("cli"):
            continue
        print(f"  {key:28} {m:6.2f} s  peak {peaks[key] / 1024:,.0f} MB  {m / one:.2f}x one thread, {m / every:.2f}x every core")


def main() -> None:
    if sys.argv[1:2] == ["vec"]:
        vec_against_loop()
        return
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    print("random play through doko.Game, one action per call, one core:")
    for variant in ["ddv", "ja-online", "ja-wiki", "kloepper"]:
        print(f"  {variant:10} {play(variant):>8,.0f} deals/s")
    try:
        import pettingzoo  # noqa: F401, PLC0415
    except ImportError:
        print("the PettingZoo loop: pettingzoo is not installed")
    else:
        bare = bare_steps("ddv")
        raw = env_steps("ddv", wrapped=False)
        wrapped = env_steps("ddv", wrapped=True)
        print("steps a second under ddv, one core, in this run:")
        print(f"  Game (legal_actions, apply)   {bare:>10,.0f}")
        print(f"  doko.raw_env() loop           {raw:>10,.0f}  {raw / bare:.2f}x")
        print(f"  doko.env() loop (wrapped)     {wrapped:>10,.0f}  {wrapped / bare:.2f}x")
        vec = vec_steps("ddv")
        print(f"  VecGame, 256 deals a call     {vec:>10,.0f}  {vec / bare:.2f}x")
        skat = openspiel_steps("skat")
        if skat is None:
            print("  OpenSpiel skat: pyspiel is not installed")
        else:
            print(f"  OpenSpiel skat (same loop)    {skat:>10,.0f}")
            # Issue 64: the bare Game against OpenSpiel's C++ hearts played the same way
            # (legal actions, pick one, apply), taking turns.
            for variant in ["ddv", "ja-classic"]:
                ours, hearts = bare_steps(variant), openspiel_steps("hearts", observe=False)
                print(f"  Game {variant:10} {ours:>10,.0f}  OpenSpiel hearts {hearts:>10,.0f}  {ours / hearts:.2f}x")
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
        iter_scores_beside_the_command(archive, deals, runs)
        print(f"summary of {deals:,} generated deals (medians of {runs}, taking turns):")
        print(f"  doko score --summary  {cli_m:6.2f} s  ({deals / cli_m:,.0f} deals/s)")
        print(f"  doko.summary          {py_m:6.2f} s  ({deals / py_m:,.0f} deals/s)")
        print(f"  ratio                 {py_m / cli_m:6.2f}x   same document: {py_doc == cli_doc}")


if __name__ == "__main__":
    main()
