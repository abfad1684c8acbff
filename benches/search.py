#!/usr/bin/env python3
"""The search baseline against the rule-based one (a benchmark, not a test; the package's
README keeps its figures): ``doko.arena([Search(), RuleBased(), Search(), RuleBased()])``
(a table of five: ``Search`` in the fifth seat too) over duplicate deals under each
profile asked, with the paired difference of the two (its
mean and 95% interval, points a deal) and the search's time a move (median, 99th
percentile, the longest), on one core.

Usage: benches/search.py [DEALS] [PROFILE ...]   (default 2,000 deals; ddv, ja-wiki,
ja-online, kloepper). Needs the package installed (``pip install ./python``).
"""

from __future__ import annotations

import sys
import time
from typing import Any, List

import doko
from doko.agents import RuleBased, Search


class Timed(Search):
    """:class:`Search` that keeps the time of each move it searched."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.times: List[float] = []

    def weigh(self, game: doko.Game) -> List[Any]:
        start = time.perf_counter()
        weighed = super().weigh(game)
        self.times.append(time.perf_counter() - start)
        return weighed


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    profiles = sys.argv[2:] or ["ddv", "ja-wiki", "ja-online", "kloepper"]
    print(f"Search (24 worlds x 4 play-outs) against RuleBased, {deals:,} duplicate deals, seed 1")
    print("| profile | difference a deal | 95% interval | search ms a move (median / 99% / max) |")
    print("|---|---:|---|---|")
    for variant in profiles:
        search = Timed(seed=1)
        start = time.perf_counter()
        seats = len(doko.Game(variant).players)
        agents = [search if i % 2 == 0 else RuleBased() for i in range(seats)]
        result = doko.arena(agents, deals, seed=1, variant=variant)
        d = result["difference"]
        times = sorted(search.times) or [0.0]
        ms = [1000 * times[len(times) // 2], 1000 * times[int(len(times) * 0.99)], 1000 * times[-1]]
        low, high = d["ci95"]
        print(
            f"| {variant} | {d['mean']:+.2f} | {low:+.2f} to {high:+.2f} | "
            f"{ms[0]:.1f} / {ms[1]:.1f} / {ms[2]:.1f} |  ({time.perf_counter() - start:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
