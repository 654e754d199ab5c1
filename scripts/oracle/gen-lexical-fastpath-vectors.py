#!/usr/bin/env python3
"""Parity vectors at the boundaries of the scorer's fast paths (dev aid, not run by tests).

    /usr/bin/python3 scripts/oracle/gen-lexical-fastpath-vectors.py ORACLE_DIR

Writes tests/fixtures/lexical/fastpath-vectors.jsonl in the format of parity-vectors.jsonl
(kind "fastpath"): hand-written cases around the quick Punkt decision ("word. next" vs
abbreviations, initials, collocations, numbers, closers), the word scanner's curly/angle quotes
and double apostrophes, and seeded random mixtures of those pieces.
"""
import importlib.util
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "lexical" / "fastpath-vectors.jsonl"

PUNKT = [
    "word. next", "dr. smith came.", "mr. x said so.", "b. smith", "i. magnin", "j. walter", "o. ludcke", "no. 5 is here.",
    "a. b.", "ab. cd", "etc. and more", "st. louis", "jan. 5", "vs. them", "inc. owns it", "u.s. army", "what? yes", "wow! ok",
    "e.g. this", "3. next", "x. y", "end.", "first sentence. second sentence. third", 'he said. "quote" next',
    "it ended.) next", "stop.' then", 'done." said', "word.. next", "word... next", "a.b. c", "word.next", "(dr.) smith",
    "word? (next)", "k. wait", "jr. said", "ph.d. student", "1.5. next", "word.\u201d next", "Dr. Smith", "The End. New start.",
    "well.. ok. fine", "a? b! c. d", "mid-word. next-word", "caf\u00e9. next", "x.\u2019 y", "q. 1", "ave. b", "no. no.",
]
QUOTES = [
    "\u201cquote\u201d here", "he said \u201chi\u201d.", "it\u2019s fine", "\u2018single\u2019 quotes", "\u00abangle\u00bb quotes",
    "\u201elow\u201c quote", "\u201aodd\u201b quote", '\u201c"mixed"\u201d', "word.\u201d", "\u201cword.\u201d", "x,\u201cy\u201d",
    "a.\u2019\"", "\u2019tis", "don\u2019t", "\u201c\u201d", "a \u201c b", "end.\u00bb", "say \u00abyes\u00bb.", '\u201c"x', '\u201d"x',
    "\u2018'a", "a'\u2019 b", "\u00ab\u00bb\u201c", "the \u201cend\u201d.", "(\u201cx\u201d)", "\u201c1,000\u201d", "a\u2019s b\u2019s",
]
APOS = [
    "chang'an's house", "a'bc'de", "'abc's", "x'yzn't", "d'ye's", "ab'cd'", "x'a'bc", "a'll's", "a'Re'm", "a'lln't",
    "a'll'll", "y'all's", "o'neil's", "rock'n'roll", "chang'an's.", "chang'an's,", "CHANG'AN'S", "chang'an'd", "xy'ab've",
    "ab'cd'ef's", "it's chang'an's", "'tis chang'an's", "more'n'ab's", "a'b'c's",
]
WORDS = ["the", "a", "cat", "smith", "dr", "no", "5", "1.5", "and", "it", "\u00e9t\u00e9", "x", "b", "i", "j"]
PIECES = PUNKT + QUOTES + APOS + WORDS + [".", "?", "!", ",", "'", '"', "\u201c", "\u201d", "\u2019", " "]


def main():
    oracle = sys.argv[1]
    spec = importlib.util.spec_from_file_location("gen", ROOT / "scripts" / "gen-lexical-vectors.py")
    gen = importlib.util.module_from_spec(spec)
    sys.argv = [sys.argv[0], oracle]
    spec.loader.exec_module(gen)
    rng = random.Random(20261129)
    cases = PUNKT + QUOTES + APOS
    cases += [" ".join(rng.choice(PIECES) for _ in range(rng.randint(2, 8))) for _ in range(600)]
    pairs = []
    for c in cases:
        pairs.append(("fastpath", c, c))
        pairs.append(("fastpath", c, rng.choice(cases)))
    gen.write_vectors(oracle, pairs, OUT, id_prefix="f")


if __name__ == "__main__":
    main()
