#!/usr/bin/env python3
"""Scores an archive on a Dask cluster, in parts, and prints what ``doko score ARCHIVE
--summary --format json`` prints.

usage: python/examples/dask_score.py ARCHIVE [--workers N] [--parts K] [--variant V]

A ``dask.distributed.LocalCluster`` of N worker processes (one thread each) scores the
archive's K parts (each worker with ``jobs=1``: the cluster is the parallelism); each part
after the first says it continues the archive (``continues=True``). Under a profile whose
Bock rounds cross deals (``house-bock``) a part must begin where a session begins (the
archive's ``session`` column has a value on that row): the parts are cut there where the
archive has the column, and without it such a profile refuses the parts rather than
scoring them differently from the whole. The parts' summaries merge into the whole's
(``doko.merge_summaries``). A CSV archive here has a row a line, as ``doko generate``
writes it.

On a real cluster, give ``Client("scheduler-address:8786")`` instead of the LocalCluster
and put the archive where every worker reads it (the parts here are texts sent to them).
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from pathlib import Path
from typing import List, Optional


def parts(text: str, k: int) -> List[str]:
    """The archive's rows in about ``k`` parts of whole rows, a CSV part with the header;
    where the archive has a ``session`` column, each part begins where a session does."""
    lines = text.splitlines(keepends=True)
    header: List[str] = []
    if lines and not lines[0].lstrip().startswith("{"):
        header, lines = lines[:1], lines[1:]
    begins = session_starts(header, lines)
    size = max(1, -(-len(lines) // k))
    out, start = [], 0
    while start < len(lines):
        end = min(start + size, len(lines))
        if begins is not None:
            # On to the next row that begins a session (or the end).
            while end < len(lines) and not begins[end]:
                end += 1
        out.append("".join(header + lines[start:end]))
        start = end
    return out


def session_starts(header: List[str], lines: List[str]) -> Optional[List[bool]]:
    """Which rows begin a session (their ``session`` field has a value), or None where the
    archive has no such column."""
    if header:
        names = [n.strip().lower() for n in next(csv.reader(header))]
        if "session" not in names:
            return None
        at = names.index("session")
        return [bool(row[at].strip()) if len(row) > at else False for row in csv.reader(lines)]
    rows = [json.loads(line) if line.strip() else {} for line in lines]
    if not any("session" in r for r in rows):
        return None
    return [bool(r.get("session")) for r in rows]


def score_part(text: str, first: bool, variant: Optional[str]) -> "doko.Summary":
    import doko

    # The Summary itself (not a dict): it carries what the merge checks of the part.
    return doko.summary(text, variant, jobs=1, continues=not first)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("archive")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--parts", type=int, default=0, help="default: 4 a worker")
    ap.add_argument("--variant")
    args = ap.parse_args()

    import doko
    from dask.distributed import Client, LocalCluster

    text = Path(args.archive).read_text(encoding="utf-8")
    pieces = parts(text, args.parts or 4 * args.workers)
    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, Client(cluster) as client:
        futures = [client.submit(score_part, p, i == 0, args.variant, pure=False) for i, p in enumerate(pieces)]
        try:
            results = client.gather(futures)
        except doko.Error as e:
            print(f"doko: error: {e}", file=sys.stderr)
            return 1
    print(json.dumps(doko.merge_summaries(results), indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
