#!/usr/bin/env python3
"""Vectors where glibc's exp/log are not correctly rounded (dev aid, not run by tests).

    /usr/bin/python3 scripts/oracle/gen-lexical-known-diffs.py ORACLE_DIR

The TypeScript scorer computes exp/log correctly rounded; glibc (used by the official Python
script) is off by one ulp for ~0.03% of arguments. These pairs hit such arguments in BLEU-1.
Writes tests/fixtures/lexical/known-differences.jsonl with the oracle's metrics and the
correctly rounded BLEU-1 (computed here with 50-digit decimals, independently of the scorer).
"""
import json
import subprocess
import sys
from decimal import Decimal, getcontext
from pathlib import Path

getcontext().prec = 50
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "lexical" / "known-differences.jsonl"
# (kind, a, h): "ratio" = m matches of h hypothesis tokens, r < h; "bp" = brevity penalty, r > h = m.
CASES = [("ratio", 27, 107), ("bp", 103, 6), ("bp", 101, 21), ("bp", 120, 61), ("bp", 215, 93)]


def words(prefix, n):
    return " ".join(f"{prefix}{i}" for i in range(1, n + 1))


def pair(kind, a, h):
    if kind == "ratio":  # hyp: a shared + (h - a) other tokens; ref: the a shared tokens
        return words("w", a) + " " + words("x", h - a), words("w", a)
    return words("w", h), words("w", h) + " " + words("y", a - h)  # ref length a


def cr_bleu(kind, a, h):
    if kind == "ratio":
        return float(Decimal(float(Decimal(a / h).ln())).exp())
    return float(Decimal(1 - a / h).exp())


def main():
    oracle = Path(sys.argv[1]) / "lexical_ref.py"
    rows = []
    for i, (kind, a, h) in enumerate(CASES):
        p, r = pair(kind, a, h)
        rows.append({"id": f"libm{i}", "kind": kind, "a": a, "h": h, "pred": p, "ref": r})
    inp = "".join(json.dumps(r) + "\n" for r in rows)
    with open(OUT, "w", encoding="utf-8") as f:
        for mode, sent in (("nltk", "punkt_tab"), ("whitespace", "split_fallback")):
            res = subprocess.run(["/usr/bin/python3", str(oracle), "--sent-mode", sent, "--no-tokens"],
                                 input=inp, capture_output=True, text=True, check=True)
            for row, line in zip(rows, res.stdout.splitlines()):
                o = json.loads(line)
                out = dict(row, mode=mode, oracle=[o["precision"], o["recall"], o["f1"], o["bleu1"]],
                           cr_bleu1=cr_bleu(row["kind"], row["a"], row["h"]))
                f.write(json.dumps(out) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
