#!/usr/bin/env python3
"""Checks that this build answers broken archives with the same bytes as an older one.

`benches/same-bytes.sh` compares outputs on good archives (and one bad row); the quick
paths of reading and playing a deal, with their fall-backs to the checked way, are where a
redesign could change which error a bad deal gets, its place or its wording. This script
breaks generated deals at random (a card changed, moved or dropped, a trick cut short, a
name, contract, call or bid that does not fit, quotes, white space, a missing or extra
field, text that is not ASCII ...), as CSV and as JSON Lines, under every built-in profile,
and runs both builds on each broken archive: `score` as JSON with --keep-going, as CSV (the
first error), --summary --jobs 2 --keep-going and --explain --keep-going (and for `ddv`
`compare` of three profiles), each in a random language. Exit code, standard output and
standard error must be the same bytes; a differing archive is kept and named.

Usage: python3 benches/same-errors.py OLD_DOKO_BINARY [ROUNDS] [SEED]
(ROUNDS archives per profile and format, default 60; the same SEED breaks the same way.)
Needs only Python 3's standard library; builds this tree with `cargo build --release`.
"""

import json
import os
import random
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NEW = os.path.join(ROOT, "target", "release", "doko")

CARD = re.compile(r"\b[CSHD](?:A|K|Q|J|10|9)\b")
# Spellings that are cards, cards in another case, and tokens that are none.
TOKENS = ["CA", "DQ", "H10", "S9", "CJ", "HK", "dq", "Ca", "h10", "X9", "C1O", "C11", "S10x", "♠A"]
NAMES = ["Anna", "Ben", "Cara", "Dirk", "Eva", "Finn", "nobody", "anna", " Anna ", "Anna\u00a0", ""]
CONTRACTS = ["normal", "wedding", "poverty", "queen-solo", "jack-solo", "trump-solo",
             "fleshless", "club-solo", "silent-solo", "redeal", "diamond-queens", "ace-solo",
             "Normal", "nonsense", ""]
CALLS = ["Anna re 12", "Ben kontra 11", "Anna re 12;Cara kontra 10", "Anna no90 9", "Dirk re 3",
         "Eva re 12", "Anna re", "x", "Anna re 12;Anna no90 11;Anna no60 10;Anna no30 9"]
BIDS = ["", "Anna healthy", "garbage;;", "Anna solo-queen;Ben healthy;Cara healthy;Dirk healthy",
        "Ben healthy;Anna healthy;Cara healthy;Dirk healthy"]
TABLES = ["Anna Ben Cara Dirk", "Anna Ben Cara", "Anna Ben Cara Dirk Eva", "Anna Anna Cara Dirk",
          "Ben Anna Cara Dirk", "Anna Ben Cara Dirk Eva Finn"]


def break_trick_token(rnd, tricks):
    """A card token of the tricks field changed, swapped, dropped or named."""
    tokens = tricks.split(" ")
    i = rnd.randrange(len(tokens))
    how = rnd.randrange(4)
    if how == 0:
        head, bar, tail = tokens[i].partition("|")
        if bar and rnd.random() < 0.5:
            tokens[i] = head + bar + rnd.choice(TOKENS)
        else:
            tokens[i] = rnd.choice(TOKENS) + bar + tail
    elif how == 1:
        j = rnd.randrange(len(tokens))
        tokens[i], tokens[j] = tokens[j], tokens[i]
    elif how == 2 and len(tokens) > 1:
        del tokens[i]
    else:
        tokens[i] = rnd.choice(NAMES).strip() + ":" + tokens[i]
    return " ".join(tokens)


def break_csv_row(rnd, row, columns):
    """One change to a CSV row (`columns`: the header's names)."""
    fields = row.split(",")
    col = {name: i for i, name in enumerate(columns) if i < len(fields)}
    kind = rnd.randrange(16)
    if kind <= 2 and "tricks" in col and fields[col["tricks"]]:
        fields[col["tricks"]] = break_trick_token(rnd, fields[col["tricks"]])
    elif kind == 3 and "tricks" in col:
        t = fields[col["tricks"]]
        fields[col["tricks"]] = t[: rnd.randrange(len(t) + 1)]
    elif kind == 4 and "tricks" in col:
        t = fields[col["tricks"]]
        fields[col["tricks"]] = t.lower() if rnd.random() < 0.5 else t.replace("|", " | ", 3)
    elif kind == 5 and "contract" in col:
        fields[col["contract"]] = rnd.choice(CONTRACTS)
    elif kind == 6:
        key = rnd.choice(["dealer", "declarer", "accepted_by", "schweinchen", "genscher"])
        if key in col:
            fields[col[key]] = rnd.choice(NAMES)
    elif kind == 7 and "calls" in col:
        fields[col["calls"]] = rnd.choice(CALLS)
    elif kind == 8 and "bids" in col:
        fields[col["bids"]] = rnd.choice(BIDS)
    elif kind == 9 and "players" in col:
        fields[col["players"]] = rnd.choice(TABLES)
    elif kind == 10:
        i = rnd.randrange(len(fields))
        fields[i] = '"' + fields[i].replace('"', '""') + '"'
    elif kind == 11:
        i = rnd.randrange(len(fields))
        fields[i] = " \t" + fields[i] + "  "
    elif kind == 12:
        if rnd.random() < 0.5:
            fields.append("")
        else:
            fields.pop()
    elif kind == 13:
        i = rnd.randrange(len(fields))
        fields[i] += rnd.choice(["\u00e9", "\u3042", "\u00a0", ";", ":", '"'])
    elif kind == 14:
        key = rnd.choice(["compulsory", "knock"])
        if key in col:
            fields[col[key]] = rnd.choice(["yes", "no", "true", "x", "re", "both"])
    else:
        return row + "\r"
    return ",".join(fields)


def break_json_line(rnd, line):
    """One change to a JSON Lines deal."""
    kind = rnd.randrange(9)
    cards = list(CARD.finditer(line))
    if kind <= 2 and cards:
        m = rnd.choice(cards)
        return line[: m.start()] + rnd.choice(TOKENS) + line[m.end():]
    if kind == 3 and cards:
        m = rnd.choice(cards)
        return line[: m.start()] + line[m.end():].lstrip(" ")
    if kind == 4:
        return line.replace('"Anna"', '"' + rnd.choice(NAMES) + '"', 1)
    if kind == 5:
        return line[: rnd.randrange(len(line) + 1)]
    if kind in (6, 7):
        try:
            deal = json.loads(line)
        except ValueError:
            return line
        if kind == 6:
            key = rnd.choice(sorted(deal))
            deal[key] = rnd.choice([None, "", "x", 3, [], "Anna", "normal", "queen-solo"])
        else:
            deal["calls"] = rnd.choice([["Anna re 12"], ["Ben kontra 11", "Anna re 10"], ["x"], []])
        return json.dumps(deal, ensure_ascii=rnd.random() < 0.5)
    return " " + line + " \r"


def run(binary, args):
    p = subprocess.run([binary] + args, capture_output=True)
    return p.returncode, p.stdout, p.stderr


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    old = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    subprocess.run(["cargo", "build", "--release", "-q"], cwd=ROOT, check=True)
    rnd = random.Random(seed)
    profiles = sorted(f[:-5] for f in os.listdir(os.path.join(ROOT, "variants")) if f.endswith(".toml"))
    work = tempfile.mkdtemp(prefix="same-errors.")
    commands = differ = 0
    for profile in profiles:
        for fmt in ["csv", "jsonl"]:
            source = os.path.join(work, f"{profile}.{fmt}")
            with open(source, "w", encoding="utf-8") as out:
                subprocess.run([old, "generate", "--deals", "2000", "--seed", str(seed),
                                "--variant", profile, "--format", fmt], stdout=out, check=True)
            with open(source, encoding="utf-8") as f:
                lines = [line for line in f.read().split("\n") if line]
            header, rows = (lines[0], lines[1:]) if fmt == "csv" else (None, lines)
            columns = header.split(",") if header else []
            for r in range(rounds):
                n = rnd.choice([5, 20, 60])
                start = rnd.randrange(len(rows) - n)
                picked = []
                for row in rows[start:start + n]:
                    if rnd.random() < 0.3:
                        for _ in range(rnd.randrange(1, 3)):
                            row = (break_csv_row(rnd, row, columns) if fmt == "csv"
                                   else break_json_line(rnd, row))
                    picked.append(row)
                if rnd.random() < 0.05:
                    picked.insert(rnd.randrange(len(picked)), "")
                text = "\n".join(([header] if header else []) + picked)
                text += "\n" if rnd.random() < 0.9 else ""
                path = os.path.join(work, f"broken.{fmt}")
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
                lang = rnd.choice(["en", "de", "ja"])
                base = ["--lang", lang, "score", path, "--variant", profile]
                runs = [base + ["--keep-going", "--format", "json"],
                        base + ["--format", "csv"],
                        base + ["--summary", "--jobs", "2", "--keep-going"],
                        base + ["--explain", "--keep-going"]]
                if profile == "ddv":
                    runs.append(["--lang", lang, "compare", path, "--variants",
                                 "ddv,ja-online,ja-classic", "--summary", "--format", "json"])
                for args in runs:
                    commands += 1
                    a, b = run(old, args), run(NEW, args)
                    if a != b:
                        differ += 1
                        kept = os.path.join(work, f"differs-{profile}-{r}.{fmt}")
                        with open(kept, "w", encoding="utf-8") as f:
                            f.write(text)
                        print(f"DIFFERS: doko {' '.join(args[:3])} {kept} {' '.join(args[4:])}"
                              f" (exit {a[0]} -> {b[0]})")
                        print("  old:", a[2][:300].decode("utf-8", "replace"))
                        print("  new:", b[2][:300].decode("utf-8", "replace"))
    print(f"{len(profiles)} profiles, {commands} commands on broken archives, {differ} differ")
    if differ:
        print(f"the differing archives are kept in {work}")
        sys.exit(1)
    for name in os.listdir(work):
        os.remove(os.path.join(work, name))
    os.rmdir(work)


if __name__ == "__main__":
    main()
