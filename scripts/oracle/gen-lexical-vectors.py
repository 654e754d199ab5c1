#!/usr/bin/env python3
"""Generate lexical parity vectors with the Python+NLTK oracle (dev aid, not run by tests).

    /usr/bin/python3 scripts/oracle/gen-lexical-vectors.py ORACLE_DIR [--golden FILE] [--sample DIR]

ORACLE_DIR holds lexical_ref.py (the reference implementation built on real NLTK).
Writes tests/fixtures/lexical/parity-vectors.jsonl: one pair a line with the oracle's
metrics in four configurations (nltk / whitespace tokenizer x new / old stopwords) and the
BLEU token lists (stopwords kept) of the two default-stopword modes.
"""
import argparse
import glob
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "lexical" / "parity-vectors.jsonl"

def _load_edge_cases():
    import importlib.util

    spec = importlib.util.spec_from_file_location("edge", ROOT / "scripts" / "lexical-edge-cases.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.EDGE_STRINGS, mod.FRAGMENTS, mod.SEPARATORS


EDGE_STRINGS, FRAGMENTS, SEPARATORS = _load_edge_cases()


def real_answers(sample_dir):
    answers = []
    for f in sorted(glob.glob(f"{sample_dir}/**/questions.json", recursive=True)):
        data = json.load(open(f, encoding="utf-8"))
        for q in data.get("questions", []):
            a = q.get("original_answer")
            if isinstance(a, str):
                answers.append(a)
    return answers


def perturb(rng, s):
    ops = [
        lambda s: s.upper(),
        lambda s: s.title(),
        lambda s: s.replace(" ", "  "),
        lambda s: s.replace(",", ""),
        lambda s: s.replace(".", ". ").replace("  ", " "),
        lambda s: " ".join(rng.sample(s.split(), len(s.split()))),
        lambda s: s + " " + rng.choice(FRAGMENTS),
        lambda s: rng.choice(FRAGMENTS) + " " + s,
        lambda s: '"' + s + '"',
        lambda s: s.replace("'", "\u2019"),
        lambda s: s[: max(1, len(s) // 2)],
        lambda s: s.replace(" ", rng.choice(SEPARATORS)),
    ]
    return rng.choice(ops)(s)


def fuzz(rng, n_min, n_max):
    parts = [rng.choice(FRAGMENTS if rng.random() < 0.7 else EDGE_STRINGS) for _ in range(rng.randint(n_min, n_max))]
    out = ""
    for p in parts:
        out += p + rng.choice(SEPARATORS if rng.random() < 0.3 else [" ", " ", "", ". ", ", "])
    return out


TRICKY_CHARS = (
    ".....,,,!?;:'''\"\"``()[]{}<>-\u2013\u2014\u2026\u201c\u201d\u2018\u2019\u00ab\u00bb\u201e$%&@#*/\\|~^_+="
    "0123456789 \t\u00a0\u2003\u017f\u0131\u0130\u03a3\u03c3\u03c2\u00df\u212a\u0301\u0307"
)


def random_char(rng):
    x = rng.random()
    if x < 0.45:
        return chr(rng.randint(0x20, 0x7E))
    if x < 0.85:
        return rng.choice(TRICKY_CHARS)
    if x < 0.97:
        c = rng.randint(0xA0, 0xFFFD)
        return chr(c) if not 0xD800 <= c <= 0xDFFF else "x"
    return chr(rng.randint(0x10000, 0x1FFFF))


def char_fuzz(rng):
    return "".join(random_char(rng) for _ in range(rng.randint(0, 60)))


def build_pairs(args):
    rng = random.Random(args.seed)
    pairs = []
    if args.golden:
        for line in open(args.golden, encoding="utf-8"):
            r = json.loads(line)
            pairs.append(("golden", r["pred"], r["ref"]))
    answers = real_answers(args.sample) if args.sample else []
    for a in answers:
        pairs.append(("real_self", a, a))
        pairs.append(("real_other", a, rng.choice(answers)))
        pairs.append(("real_perturbed", perturb(rng, a), a))
    for e in EDGE_STRINGS:
        pairs.append(("edge_self", e, e))
        pairs.append(("edge_vs_fragment", e, rng.choice(FRAGMENTS)))
        pairs.append(("edge_perturbed", perturb(rng, e), e))
        if answers:
            pairs.append(("edge_in_answer", rng.choice(answers) + " " + e, rng.choice(answers)))
    for _ in range(args.fuzz):
        pairs.append(("fuzz", fuzz(rng, 1, 12), fuzz(rng, 1, 12)))
    for _ in range(args.fuzz // 4):
        s = fuzz(rng, 2, 8)
        pairs.append(("fuzz_self", s, s))
    for _ in range(args.char_fuzz):
        a = char_fuzz(rng)
        pairs.append(("char_fuzz", a, a if rng.random() < 0.3 else char_fuzz(rng)))
    return pairs


def run_oracle(oracle, records, extra):
    import subprocess

    inp = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    cmd = ["/usr/bin/python3", str(Path(oracle) / "lexical_ref.py")] + extra
    res = subprocess.run(cmd, input=inp, capture_output=True, text=True, encoding="utf-8", check=True)
    return [json.loads(l) for l in res.stdout.splitlines() if l.strip()]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("oracle")
    ap.add_argument("--golden")
    ap.add_argument("--sample")
    ap.add_argument("--fuzz", type=int, default=4000)
    ap.add_argument("--char-fuzz", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=20260224)
    ap.add_argument("--out", default=str(OUT))
    args = ap.parse_args()
    write_vectors(args.oracle, build_pairs(args), args.out)


def write_vectors(oracle, pairs, out, id_prefix="v"):
    """Run the oracle on (kind, pred, ref) pairs in the four configurations; write JSONL rows."""
    records = [{"id": f"{id_prefix}{i:05d}", "pred": p, "ref": r} for i, (_, p, r) in enumerate(pairs)]
    configs = {
        "nltk": ["--stopwords", "new", "--sent-mode", "punkt_tab"],
        "whitespace": ["--stopwords", "new", "--sent-mode", "split_fallback"],
        "nltk_old": ["--stopwords", "old", "--sent-mode", "punkt_tab", "--no-tokens"],
        "whitespace_old": ["--stopwords", "old", "--sent-mode", "split_fallback", "--no-tokens"],
    }
    results = {k: run_oracle(oracle, records, v) for k, v in configs.items()}
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        for i, ((kind, p, r), rec) in enumerate(zip(pairs, records)):
            row = {"id": rec["id"], "kind": kind, "pred": p, "ref": r}
            for k in configs:
                o = results[k][i]
                assert o["id"] == rec["id"]
                m = [o["precision"], o["recall"], o["f1"], o["bleu1"]]
                row[k] = m
                if "pred_tokens_bleu" in o:
                    row[k + "_tokens"] = [o["pred_tokens_bleu"], o["ref_tokens_bleu"]]
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"wrote {len(pairs)} vectors to {out}")


if __name__ == "__main__":
    main()
