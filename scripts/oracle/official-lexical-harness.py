#!/usr/bin/env python3
"""Runs the OFFICIAL H2HMem lexical script's own per-pair code on our pairs, unmodified.

Used by `scripts/bench/lexical.ts --official` to time the official scripts side by side with our
scorer (the issue's "the official Python scripts score about 1,000 pairs per second here"), and to
check that both give identical numbers. The official script is not part of this project: pass the
path of a copy of evaluate_metrics/Lexical_metrics/Lexical_metrics.py from varib1/H2HMEM.

NLTK's data cannot be downloaded here, so this builds a private NLTK_DATA folder first, from the
lexical oracle's files (`--oracle`, /work/shared/tools/lexical-oracle):
  * corpora/stopwords/english      = the 198-word English list;
  * tokenizers/punkt/PY3/english.pickle = a PunktSentenceTokenizer with the English parameters,
    which is what NLTK 3.8's `word_tokenize` loads (Debian's python3-nltk is 3.8; NLTK inserts the
    PY3 folder itself, as the old punkt package had it).
Mode `whitespace` leaves the pickle out, so `word_tokenize` raises and the official script takes
its own fallback (`text.split()`, with its warning log line per call), exactly as it does on a
machine where the Punkt model is missing.

  /usr/bin/python3 scripts/oracle/official-lexical-harness.py --script Lexical_metrics.py \
      --oracle DIR --pairs pairs.json --mode nltk|whitespace (--seconds S | --scores)

--seconds: prints pairs per CPU-second (time.process_time) of calculate_single_pair over
           whole passes of the pairs for about S seconds, after one warm-up pass.
--scores:  prints one JSON line per pair: [precision, recall, f1, bleu1] (repr floats round-trip).
"""
import argparse
import importlib.util
import json
import logging
import os
import pickle
import shutil
import sys
import tempfile
import time
import warnings
from pathlib import Path


def build_nltk_data(oracle: Path, mode: str) -> Path:
    root = Path(tempfile.mkdtemp(prefix="h2hmem-nltk-data-"))
    (root / "corpora" / "stopwords").mkdir(parents=True)
    shutil.copy(oracle / "stopwords_english_new.txt", root / "corpora" / "stopwords" / "english")
    punkt = root / "tokenizers" / "punkt" / "PY3"
    punkt.mkdir(parents=True)  # present either way, so the script's nltk.download() is never tried
    if mode == "nltk":
        sys.path.insert(0, str(oracle))
        from nltk.tokenize.punkt import PunktSentenceTokenizer
        import lexical_ref  # the oracle's loader for the punkt_tab text files

        tok = PunktSentenceTokenizer()
        tok._params = lexical_ref.load_punkt_params()
        with open(punkt / "english.pickle", "wb") as f:
            pickle.dump(tok, f)
    return root


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--script", required=True, type=Path)
    ap.add_argument("--oracle", required=True, type=Path)
    ap.add_argument("--pairs", required=True, type=Path)
    ap.add_argument("--mode", choices=["nltk", "whitespace"], default="nltk")
    ap.add_argument("--seconds", type=float)
    ap.add_argument("--scores", action="store_true")
    args = ap.parse_args()

    data = build_nltk_data(args.oracle.resolve(), args.mode)
    import nltk.data

    nltk.data.path.insert(0, str(data))
    warnings.filterwarnings("ignore")  # BLEU's "0 counts of n-gram overlaps" warnings
    spec = importlib.util.spec_from_file_location("official_lexical_metrics", args.script)
    official = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(official)
    # The script logs a warning per tokenize call in fallback mode; keep that cost (the records are
    # still formatted) but send the lines nowhere.
    logging.getLogger().handlers = [logging.StreamHandler(open(os.devnull, "w"))]
    calc = official.EvaluationMetricsCalculator()
    pairs = json.loads(args.pairs.read_text(encoding="utf-8"))

    def score(pred: str, ref: str):
        # As the official _evaluate_item calls it: system_answer.strip(), original_answer.strip().
        return calc.calculate_single_pair(pred.strip(), ref.strip())

    try:
        if args.scores:
            for pred, ref in pairs:
                s = score(pred, ref)
                print(json.dumps([float(s["precision"]), float(s["recall"]), float(s["f1"]), float(s["bleu1"])]))
            return
        for pred, ref in pairs:
            score(pred, ref)
        n = 0
        cpu0, wall0 = time.process_time(), time.perf_counter()
        while time.perf_counter() - wall0 < (args.seconds or 2.0):
            for pred, ref in pairs:
                score(pred, ref)
            n += len(pairs)
        print(n / (time.process_time() - cpu0))
    finally:
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main()
