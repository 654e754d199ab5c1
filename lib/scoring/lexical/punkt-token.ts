// Punkt's word segmentation and token annotation, only what sentence splitting needs.
// Input is already lowercased, so Punkt's tok.lower() calls are omitted.
import { ABBREV_TYPES, COLLOCATIONS, ORTHO_CONTEXT, SENT_STARTERS } from "./data/punkt-english";
import { D, W, firstIsLower, firstIsUpper } from "./py-text";

// Orthographic context flags, as trained: BEG/MID/UNK x upper/lower case.
const ORTHO_MID_UC = 1 << 2;
const ORTHO_BEG_LC = 1 << 4;
const ORTHO_UC = (1 << 1) | (1 << 2) | (1 << 3);
const ORTHO_LC = (1 << 4) | (1 << 5) | (1 << 6);

const ELLIPSIS = /^\.\.+$/;
const PUNCT_ONE = new Set([";", ":", ",", ".", "!", "?"]);

// Punkt's word regex: multi-char punctuation, or a word ending before whitespace,
// punctuation that cannot be inside words, or a word-final comma; else one character.
const NON_WORD = `[)";}\\]*:@'({\\[!?]`;
const MULTI = `(?:-{2,}|\\.{2,}|(?:\\. ){2,}\\.)`;

const ABBREVS = new Set(ABBREV_TYPES);
const STARTERS = new Set(SENT_STARTERS);
const COLLOCS = new Set(COLLOCATIONS.map(([a, b]) => `${a}\u0000${b}`));
const COLLOC_FIRST = new Set(COLLOCATIONS.map(([a]) => a));
const ORTHO = new Map(ORTHO_CONTEXT);
const NUMERIC = new RegExp(`^-?[.,]?[${D}][${D},.\\-]*\\.?$`, "u");
const INITIAL = new RegExp(`^(?![${D}])[${W}]\\.$`, "u");
// Linear: a context holds one space at most, so "(?:\. ){2,}" never runs on.
const WORD_RE = new RegExp(
  // eslint-disable-next-line regexp/no-super-linear-move -- bounded: a context has one space at most (see above)
  `${MULTI}|(?=[^("\`{\\[:;&#*@)}\\]\\-,])[^ ]+?(?= |$|${NON_WORD}|${MULTI}|,(?=$| |${NON_WORD}|${MULTI}))|[^ ]`,
  "gu",
);

type PunktToken = {
  tok: string;
  type: string;
  periodFinal: boolean;
  sentbreak: boolean;
  abbr: boolean;
  ellipsis: boolean;
};

/** A lowercase ASCII letter never starts a number: skip the regex. */
function isNumeric(tok: string): boolean {
  const c = tok.charCodeAt(0);
  if (c >= 97 && c <= 122) return false;
  return NUMERIC.test(tok);
}

function isEllipsis(tok: string): boolean {
  if (tok.length < 2 || tok.charCodeAt(0) !== 46) return false;
  return ELLIPSIS.test(tok);
}

function isInitial(tok: string): boolean {
  // One code point plus ".".
  if (tok.length > 3 || tok.length < 2 || tok.charCodeAt(tok.length - 1) !== 46) return false;
  return INITIAL.test(tok);
}

function makeToken(tok: string): PunktToken {
  return {
    tok,
    type: isNumeric(tok) ? "##number##" : tok,
    periodFinal: tok.endsWith("."),
    sentbreak: false,
    abbr: false,
    ellipsis: false,
  };
}

function typeNoPeriod(t: PunktToken): string {
  // Python checks len(type) > 1; a one-code-point type never ends in "." except "." itself.
  return t.type.length > 1 && t.type.endsWith(".") ? t.type.slice(0, -1) : t.type;
}

function typeNoSentperiod(t: PunktToken): string {
  return t.sentbreak ? typeNoPeriod(t) : t.type;
}

function firstPass(t: PunktToken): void {
  const tok = t.tok;
  if (tok === "." || tok === "?" || tok === "!") t.sentbreak = true;
  else if (isEllipsis(tok)) t.ellipsis = true;
  else if (t.periodFinal && !tok.endsWith("..")) {
    const stem = tok.slice(0, -1);
    const dash = stem.lastIndexOf("-");
    if (ABBREVS.has(stem) || (dash >= 0 && ABBREVS.has(stem.slice(dash + 1)))) t.abbr = true;
    else t.sentbreak = true;
  }
}

type Ortho = true | false | "unknown";

function orthoHeuristic(t: PunktToken): Ortho {
  if (PUNCT_ONE.has(t.tok)) return false;
  const ctx = ORTHO.get(typeNoSentperiod(t)) ?? 0;
  if (firstIsUpper(t.tok) && ctx & ORTHO_LC && !(ctx & ORTHO_MID_UC)) return true;
  if (firstIsLower(t.tok) && (ctx & ORTHO_UC || !(ctx & ORTHO_BEG_LC))) return false;
  return "unknown";
}

function secondPass(t1: PunktToken, t2: PunktToken): void {
  if (!t1.periodFinal) return;
  const typ = typeNoPeriod(t1);
  const nextTyp = typeNoSentperiod(t2);
  const initial = isInitial(t1.tok);
  if (COLLOCS.has(`${typ}\u0000${nextTyp}`)) {
    t1.sentbreak = false;
    t1.abbr = true;
    return;
  }
  if ((t1.abbr || t1.ellipsis) && !initial) {
    if (orthoHeuristic(t2) === true) {
      t1.sentbreak = true;
      return;
    }
    if (firstIsUpper(t2.tok) && STARTERS.has(nextTyp)) {
      t1.sentbreak = true;
      return;
    }
  }
  if (initial || typ === "##number##") {
    const ortho = orthoHeuristic(t2);
    if (ortho === false) {
      t1.sentbreak = false;
      t1.abbr = true;
      return;
    }
    if (ortho === "unknown" && initial && firstIsUpper(t2.tok) && !((ORTHO.get(nextTyp) ?? 0) & ORTHO_LC)) {
      t1.sentbreak = false;
      t1.abbr = true;
    }
  }
}

/** The common "word. next" context decided without tokenizing; undefined = not sure. */
export function quickSentbreak(text: string, from: number, to: number): boolean | undefined {
  let i = from;
  for (let c = text.charCodeAt(i); i < to && c >= 97 && c <= 122; c = text.charCodeAt(i)) i++;
  if (i === from || i + 2 >= to || text.charCodeAt(i + 1) !== 32) return undefined;
  const space = text.indexOf(" ", i + 2);
  if (space >= 0 && space < to) return undefined;
  const end = text.charCodeAt(i);
  if (end === 63 || end === 33) return true;
  if (end !== 46 || i - from < 2) return undefined;
  const word = text.slice(from, i);
  return ABBREVS.has(word) || COLLOC_FIRST.has(word) ? undefined : true;
}

/** NLTK's text_contains_sentbreak. */
export function containsSentbreak(context: string): boolean {
  const toks = (context.match(WORD_RE) ?? []).map(makeToken);
  for (const t of toks) firstPass(t);
  for (let i = 0; i < toks.length - 1; i++) {
    secondPass(toks[i], toks[i + 1]);
    if (toks[i].sentbreak) return true;
  }
  return false;
}
